import type { INodeProperties } from 'n8n-workflow';

import { FRONT_DESK, findTask, type Operation } from '../../shared/catalogue';
import type { ListSource, LookAhead } from '../../shared/catalogue/listSources';
import { DEFAULT_TIMEOUT_MS } from '../../shared/transport';
import { bodyPlanOf, type PlannedField } from '../bodies/bodyPlan';
import { DEFAULT_BATCH_SIZE, DEFAULT_IN_FLIGHT } from '../fields/nodeOptions';

/** The lists an operation's fields pick from: its parameters', its v6 body's, a Front Desk task's own. */
function listsOf(operation: Operation): ListSource[] {
	const lists = operation.params.flatMap((param) => (param.listSource ? [param.listSource] : []));
	const task = operation.resource === FRONT_DESK ? findTask(operation.operation) : undefined;
	for (const entry of [...(task?.narrow ?? []), ...(task?.ask ?? [])])
		if (entry.listSource) lists.push(entry.listSource);
	const walk = (fields: readonly PlannedField[]): void => {
		for (const field of fields) {
			if ('listSource' in field && field.listSource) lists.push(field.listSource);
			if (field.kind === 'group') walk(field.children);
		}
	};
	if (operation.body?.shape) {
		const plan = bodyPlanOf(operation);
		walk([
			...plan.required,
			...plan.optional,
			...(plan.flattened?.required ?? []),
			...(plan.flattened?.optional ?? []),
		]);
	}
	return lists;
}

type SetByOption = LookAhead & { option: string; optionLabel: string; offers: string };

/**
 * The look-aheads of the pickers the operation shows that an option sets (classes, appointments),
 * one per option: two pickers of classes share Class Picker Days.
 */
const lookAheadsOf = (operation: Operation): SetByOption[] => [
	...new Map(
		listsOf(operation).flatMap((list) =>
			list.lookAhead?.option ? [[list.lookAhead.option, list.lookAhead as SetByOption] as const] : [],
		),
	).values(),
];

/** The fields of an operation's Options collection. */
function optionFields(operation: Operation): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (operation.body?.batchable) {
		options.push(
			{
				displayName: 'Batch Items',
				name: 'batch',
				type: 'boolean',
				default: true,
				description:
					'Whether to send the IDs or entries of many input items together (on unless turned off), in as few requests as the batch size allows, instead of one request per item',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				default: DEFAULT_BATCH_SIZE,
				typeOptions: { minValue: 1 },
				description: 'Max number of input items per request when batching',
			},
		);
	}
	if (operation.service === 'rest') {
		options.push({
			displayName: 'Site ID',
			name: 'siteId',
			type: 'number',
			default: 0,
			placeholder: 'e.g. 123456',
			description:
				"The business site to act on instead of the credential's, for developer accounts linked to several sites; 0 uses the credential's site",
		});
	}
	// Only the operations the spec says deduplicate (rule 5, the catalogue's `deduplicated`) take the skip.
	if (operation.deduplicated) {
		options.push({
			displayName: 'Skip Request Deduplication',
			name: 'skipDeduplication',
			type: 'boolean',
			default: false,
			description:
				'Whether every identical request sent in quick succession should count, instead of the service treating repeats as one',
		});
	}
	// Only calls that change data cause webhook events, so only they can tag them.
	if (operation.service === 'rest' && operation.method !== 'GET') {
		options.push({
			displayName: 'Transaction Key',
			name: 'transactionKey',
			type: 'string',
			default: '',
			placeholder: 'e.g. order-1234',
			description:
				'A key the webhook events this call causes carry, when the subscription belongs to the same developer account. At most 50 characters: longer keys are cut.',
		});
	}
	// A batched body goes out in as few requests as it can; the bound is for one request per item or page.
	if (!operation.body?.batchable) {
		options.push({
			displayName: 'Requests in Flight',
			name: 'requestsInFlight',
			type: 'number',
			default: DEFAULT_IN_FLIGHT,
			typeOptions: { minValue: 1 },
			description:
				'Max number of requests sent at once, across input items and pages. 1 sends them one after another, in item order.',
		});
	}
	for (const lookAhead of lookAheadsOf(operation)) {
		// The list's own days: the option's default is what the picker reads without it.
		const { days } = lookAhead;
		options.push({
			displayName: lookAhead.optionLabel,
			name: lookAhead.option,
			type: 'number',
			default: days,
			typeOptions: { minValue: 1 },
			description: `How many days ahead, from now, the list offers ${lookAhead.offers} to pick from. Only the list changes: an ID typed in or from an expression is sent as is.`,
		});
	}
	options.push({
		displayName: 'Timeout',
		name: 'timeout',
		type: 'number',
		default: DEFAULT_TIMEOUT_MS,
		typeOptions: { minValue: 1 },
		description:
			'Time in ms the whole call may take, resends after a rate limit or a server error included. A call that times out is not sent again.',
	});
	return options.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The Options collections of many operations: one per resource and set of options, shown for
 * each operation of the resource that has that set. The same fields per operation would repeat
 * a collection two hundred times in the description n8n loads and sends to the editor.
 */
export function commonOptions(operations: readonly Operation[]): INodeProperties[] {
	const groups = new Map<string, { resource: string; operations: string[]; options: INodeProperties[] }>();
	for (const operation of operations) {
		const options = optionFields(operation);
		if (!options.length) continue;
		const key = `${operation.resource} ${options.map((option) => option.name).join(',')}`;
		const group = groups.get(key) ?? { resource: operation.resource, operations: [], options };
		group.operations.push(operation.operation);
		groups.set(key, group);
	}
	return [...groups.values()].map((group) => ({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: [group.resource], operation: group.operations } },
		options: group.options,
	}));
}
