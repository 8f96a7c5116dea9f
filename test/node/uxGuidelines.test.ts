import type { INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { bodyInput } from '../../nodes/Mindbody/bodies';
import { bodyPlanOf, type PlannedField } from '../../nodes/Mindbody/bodies/bodyPlan';
import { paramProperties } from '../../nodes/Mindbody/description/paramFields';
import { LISTS, operations, taskAsOperation, tasks, type Operation } from '../../nodes/shared/catalogue';
import type { V6Field } from '../../document/factTypes';
import { V6_TYPES } from '../../document/facts';
import { allFields } from '../support/nodeFields';

/** n8n's UX guidelines for nodes, checked on the description n8n loads. */
const properties = new Mindbody().description.properties;

const fields = allFields(properties);
const catalogueFields = allFields(operations.flatMap((operation) => paramProperties(operation)));
const bodyFields = allFields(
	operations.flatMap((operation) => (operation.body ? bodyInput(operation.body).properties(operation) : [])),
);
/** A placeholder shown for a value: the field's own, and those of a resource locator's modes. */
const placeholders = (field: INodeProperties) => [
	...(field.placeholder && !['collection', 'fixedCollection'].includes(field.type) ? [field.placeholder] : []),
	...(field.modes ?? []).flatMap((mode) => (mode.placeholder ? [mode.placeholder] : [])),
];
const isIdField = (field: INodeProperties) => /^id$|Ids?$/.test(field.name) || /\bIDs?$/.test(field.displayName);
const optionsOf = (resource: string, operation: string) => {
	const collections = properties.filter(
		(p) =>
			p.name === 'options' &&
			(p.displayOptions?.show?.resource ?? []).includes(resource) &&
			(p.displayOptions?.show?.operation ?? []).includes(operation),
	);
	// One collection shows for each operation.
	expect([resource, operation, collections.length]).toEqual([resource, operation, 1]);
	const [collection] = collections;
	return ((collection?.options ?? []) as INodeProperties[]).map((option) => option.name);
};

/** Whether a field of the v6 document takes one of listed values, or a list of them. */
const isEnum = (field: V6Field | undefined): boolean =>
	typeof field === 'object' && ('enum' in field || ('list' in field && isEnum(field.list)));

/** The body fields the node shows as fields of their own, each with the document's type it belongs to. */
function shownBodyFields(op: Operation): Array<{ type: string; planned: PlannedField }> {
	const plan = bodyPlanOf(op);
	const shown: Array<{ type: string; planned: PlannedField }> = [];
	const walk = (type: string, fields: PlannedField[]) => {
		for (const planned of fields) {
			shown.push({ type, planned });
			if (planned.kind === 'group') walk(planned.type, planned.children);
		}
	};
	walk(op.body!.shape!.type, [...plan.required, ...plan.optional]);
	if (plan.flattened) {
		const record = V6_TYPES[op.body!.shape!.type].fields[plan.flattened.field] as { ref: string };
		walk(record.ref, [...plan.flattened.required, ...plan.flattened.optional]);
	}
	return shown;
}

describe("n8n's UX guidelines", () => {
	test('no collection or option list of the node offers one name twice', () => {
		const repeated: string[] = [];
		for (const field of fields) {
			const names = ((field.options ?? []) as Array<{ name?: string }>).map((option) => option.name);
			const twice = names.filter((name, index) => name !== undefined && names.indexOf(name) !== index);
			if (twice.length)
				repeated.push(`${field.name} (${JSON.stringify(field.displayOptions?.show ?? {})}): ${twice.join(', ')}`);
		}
		expect(repeated).toEqual([]);
	});

	test('action labels, the default node names on the canvas, fit two canvas lines and hold no caution', () => {
		const actions = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as Array<{ action: string }>).map((option) => option.action));
		// Each operation's, and each Front Desk task's.
		expect(actions).toHaveLength(operations.length + tasks.length);
		expect(actions.filter((action) => action.length > 40 || /caution/i.test(action))).toEqual([]);
	});

	test("every value list of the v6 document's parameters and body fields is a dropdown or a multi-select", () => {
		const free: string[] = [];
		let checked = 0;
		for (const op of operations.filter((o) => o.v6)) {
			const shown = allFields(paramProperties(op));
			for (const fact of op.v6!.params.filter((param) => param.enum)) {
				const param = op.params.find((p) => p.name === fact.name)!;
				const field = shown.find((f) => f.displayName === param.displayName);
				// Paging parameters are driven by Return All / Limit; none takes a value list.
				if (!field) throw new Error(`${op.operation}: ${fact.name} is not shown`);
				checked++;
				const type = fact.array ? 'multiOptions' : 'options';
				const values = (field.options as Array<{ value: string }> | undefined)?.map((o) => o.value);
				if (field.type !== type || JSON.stringify(values) !== JSON.stringify(fact.enum))
					free.push(`${op.resource}.${op.operation} ${fact.name}: ${field.type}`);
			}
			if (!op.body?.shape) continue;
			const fields = allFields(bodyInput(op.body).properties(op));
			for (const { type, planned } of shownBodyFields(op)) {
				if (!isEnum(V6_TYPES[type].fields[planned.field])) continue;
				checked++;
				const same = fields.filter((f) => f.name === planned.param && f.displayName === planned.label);
				if (!same.length || same.some((f) => f.type !== 'options' && f.type !== 'multiOptions'))
					free.push(`${op.resource}.${op.operation} ${type}.${planned.field}: ${same.map((f) => f.type).join()}`);
			}
		}
		expect(checked).toBeGreaterThanOrEqual(10);
		expect(free).toEqual([]);
	});

	test('values the document lists only in words are offered too: Action of Appointment: Update or Cancel', () => {
		const update = operations.find((op) => op.resource === 'appointment' && op.operation === 'update')!;
		const action = allFields(bodyInput(update.body!).properties(update)).find((f) => f.name === 'execute')!;
		expect([action.displayName, action.type]).toEqual(['Action', 'options']);
		expect((action.options as Array<{ name: string; value: string }>).map((o) => `${o.name}=${o.value}`)).toEqual([
			'Confirm=confirm',
			'Undo Confirmation=unconfirm',
			'Check In (Arrive)=arrive',
			'Undo Check-In=unarrive',
			'Cancel=cancel',
			'Late Cancel=latecancel',
			'Complete=complete',
		]);
	});
	test('actions are sentence case without articles; Get Many actions start with "Get many"', () => {
		for (const op of operations) {
			expect([op.action, /\b(a|an|the)\b/i.test(op.action)]).toEqual([op.action, false]);
			expect(op.action).toMatch(/^[A-Z][^A-Z]*(IDs?[^A-Z]*)*$/);
			if (op.name === 'Get Many') expect(op.action).toMatch(/^Get many /);
		}
	});

	test('"Get Many" never names an operation that selects records by ID; no "(Query)" names', () => {
		for (const op of operations) {
			const selectsByIds = op.params.some((param) => param.selects && param.required);
			if (selectsByIds)
				expect([op.resource, op.operation, op.name]).not.toEqual([op.resource, op.operation, 'Get Many']);
			expect(op.name).not.toMatch(/\(/);
		}
		const byIds = operations.filter((op) => op.name === 'Get by IDs').map((op) => `${op.resource}.${op.operation}`);
		expect(byIds).toEqual(['appointment.getMany', 'appointmentAddOn.getMany', 'availability.get']);
	});

	test('descriptions start upper case and name no error codes, raw headers or spec markers', () => {
		const descriptions = [
			...fields.map((field) => field.description),
			...operations.map((op) => op.description),
		].filter((text): text is string => typeof text === 'string' && text.length > 0);
		expect(descriptions.length).toBeGreaterThan(100);
		for (const text of descriptions) {
			expect([text, /^[A-Z'"(]/.test(text)]).toEqual([text, true]);
			expect([text, /\b1400\d{4}\b|X-Request|Transaction-Key|marked A/.test(text)]).toEqual([text, false]);
		}
	});

	test('every boolean description starts with "Whether"', () => {
		const booleans = fields.filter((field) => field.type === 'boolean');
		expect(booleans.length).toBeGreaterThan(10);
		for (const field of booleans)
			expect([field.name, field.description]).toEqual([field.name, expect.stringMatching(/^Whether /)]);
	});

	test('placeholders of the catalogue fields and options are examples starting "e.g."', () => {
		const withPlaceholder = [
			...catalogueFields,
			...fields.filter((f) => ['siteId', 'transactionKey'].includes(f.name)),
		].filter((field) => field.placeholder && !['collection', 'fixedCollection'].includes(field.type));
		expect(withPlaceholder.length).toBeGreaterThan(5);
		for (const field of withPlaceholder) expect(field.placeholder).toMatch(/^e\.g\. /);
	});

	test('no catalogue id field is a number starting at 0: ids are picked from a list or typed with an example', () => {
		const ids = catalogueFields.filter((field) => /Ids?$/.test(field.name) || field.type === 'resourceLocator');
		expect(ids.length).toBeGreaterThan(15);
		for (const field of ids) {
			expect([field.name, field.type]).not.toEqual([field.name, 'number']);
			if (field.type === 'resourceLocator') {
				expect(field.default).toEqual({ mode: 'list', value: '' });
				expect(field.modes?.[0].name).toBe('list');
			}
		}
	});

	test('a picker is labelled by what it picks, as n8n labels its own; the ID is its By ID mode; typed IDs say ID', () => {
		const pickers = fields.filter((field) => field.type === 'resourceLocator');
		expect(pickers.length).toBeGreaterThan(150);
		for (const field of pickers) {
			expect([field.name, field.displayName]).toEqual([field.name, expect.not.stringMatching(/\bIDs?$/)]);
			expect([field.name, field.modes?.[0].displayName]).toEqual([field.name, 'From List']);
		}
		const byId = pickers.flatMap((field) => (field.modes ?? []).filter((mode) => mode.name === 'id'));
		expect(byId.length).toBeGreaterThan(150);
		for (const mode of byId) {
			expect([mode.displayName, mode.placeholder]).toEqual(['By ID', expect.stringMatching(/^e\.g\. /)]);
		}
		// The parameter names saved workflows hold stay as they were.
		const shown = properties.filter(
			(p) =>
				p.displayOptions?.show?.resource?.includes('frontDesk') &&
				p.displayOptions.show.operation?.includes('bookAppointment'),
		);
		expect(shown.filter((p) => p.type === 'resourceLocator').map((p) => [p.name, p.displayName])).toEqual([
			['clientId', 'Client'],
			['staffId', 'Staff Member'],
			['sessionTypeId', 'Session Type'],
			['locationId', 'Location'],
			['startDateTime', 'Start Date Time'],
		]);
		const typed = fields.filter((f) => f.type === 'string' && /Id$/.test(f.name) && !f.typeOptions?.multipleValues);
		expect(typed.length).toBeGreaterThan(50);
		for (const field of typed) {
			expect([field.name, field.displayName]).toEqual([field.name, expect.stringMatching(/\bID$/)]);
		}
		// A text id shows a generated id as its example, but a feature is named by a word.
		const typedExample = (name: string) =>
			fields.find((f) => f.name === name)?.modes?.find((mode) => mode.name === 'id')?.placeholder;
		expect(typedExample('featureDescriptor')).toBe('e.g. OnlineStore');
		expect(typedExample('subscriptionId')).toMatch(/^e\.g\. [0-9a-f]{8}-/);
	});

	test('placeholders of the body fields, resource locator modes included, are examples starting "e.g."', () => {
		const shown = bodyFields.flatMap((field) => placeholders(field).map((placeholder) => [field.name, placeholder]));
		expect(shown.map(([name]) => name)).toEqual(
			expect.arrayContaining(['startTime', 'webhookUrl', 'locationId', 'staffId']),
		);
		for (const [name, placeholder] of shown)
			expect([name, placeholder]).toEqual([name, expect.stringMatching(/^e\.g\. /)]);
	});

	test('no body id field is a number starting at 0: ids with a list are picked from it, other ids are typed', () => {
		// Reference ID is free text of the user's own, not a record's id.
		const ids = bodyFields.filter((field) => isIdField(field) && field.name !== 'referenceId');
		expect(ids.length).toBeGreaterThan(10);
		const listed = new Set(Object.values(LISTS).map((list) => list.method));
		for (const field of ids) {
			expect([field.name, field.type]).not.toEqual([field.name, 'number']);
			expect([field.name, field.default]).not.toEqual([field.name, 0]);
			if (field.type === 'resourceLocator') {
				expect([field.name, listed.has(String(field.modes?.[0].typeOptions?.searchListMethod))]).toEqual([
					field.name,
					true,
				]);
				expect(field.default).toEqual({ mode: 'list', value: '' });
			} else if (field.type === 'multiOptions') {
				const offered = (field.options?.length ?? 0) > 0 || listed.has(String(field.typeOptions?.loadOptionsMethod));
				expect([field.name, offered]).toEqual([field.name, true]);
			} else {
				expect([field.name, field.type, field.placeholder]).toEqual([
					field.name,
					'string',
					expect.stringMatching(/^e\.g\. 12345/),
				]);
				expect([field.name, field.default]).toEqual([field.name, field.typeOptions?.multipleValues ? [] : '']);
			}
		}
	});

	test('JSON body defaults are templates: every id, date and time in them is null, the example is in the description', () => {
		const json = bodyFields.filter((field) => field.name === 'jsonBody');
		expect(json.length).toBeGreaterThanOrEqual(3);
		const filled: string[] = [];
		const walk = (value: unknown, path: string): void => {
			if (Array.isArray(value)) return value.forEach((entry, n) => walk(entry, `${path}[${n}]`));
			if (value && typeof value === 'object') {
				for (const [key, entry] of Object.entries(value)) walk(entry, `${path}.${key}`);
				return;
			}
			if (/(Id|Start|End|DateTime)$/.test(path) && value !== null) filled.push(`${path}=${String(value)}`);
			if (typeof value === 'string' && /\d{4}-\d{2}-\d{2}/.test(value)) filled.push(`${path}=${value}`);
		};
		for (const field of json) {
			walk(JSON.parse(field.default as string), field.name);
			expect(field.description).toMatch(/, e\.g\. [[{]/);
		}
		expect(filled).toEqual([]);
	});

	test("Simplify is on by default with n8n's wording, shown for exactly the operations with large answers", () => {
		const simplify = fields.filter((field) => field.name === 'simplify');
		const resourceOperations = new Set(
			[...operations, ...tasks.map(taskAsOperation)].map((op) => `${op.resource}.${op.operation}`),
		);
		const shown = simplify.flatMap((field) =>
			(field.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(field.displayOptions?.show?.operation ?? [])
					.map((op) => `${String(resource)}.${String(op)}`)
					.filter((pair) => resourceOperations.has(pair)),
			),
		);
		expect(shown.sort()).toEqual(
			[...operations, ...tasks.map(taskAsOperation)]
				.filter((op) => op.large)
				.map((op) => `${op.resource}.${op.operation}`)
				.sort(),
		);
		for (const field of simplify) {
			expect([field.default, field.description]).toEqual([
				true,
				'Whether to return a simplified version of the response instead of the raw data',
			]);
		}
	});

	test('plumbing options appear only where they act; Site ID does not default to the sandbox site', () => {
		const optionFields = allFields(properties.filter((p) => p.name === 'options'));
		expect(optionFields.filter((f) => f.name === 'siteId').every((f) => f.default === 0)).toBe(true);
		for (const op of operations.filter((o) => o.service === 'rest')) {
			const names = optionsOf(op.resource, op.operation);
			expect(names).toContain('siteId');
			expect([op.operation, names.includes('transactionKey')]).toEqual([op.operation, op.method !== 'GET']);
			expect([op.operation, names.includes('skipDeduplication')]).toEqual([op.operation, op.deduplicated === true]);
		}
		// Skip Request Deduplication: where rule 5 says the service deduplicates, and nowhere else.
		const skipping = operations.filter((o) => optionsOf(o.resource, o.operation).includes('skipDeduplication'));
		expect(skipping.map((o) => `${o.resource}.${o.operation}`).sort()).toEqual(['appointment.book', 'class.addClient']);
		// A read has only the site, the requests in flight and the time limit.
		expect(optionsOf('staffCalendar', 'get')).toEqual(['requestsInFlight', 'siteId', 'timeout']);
	});
});
