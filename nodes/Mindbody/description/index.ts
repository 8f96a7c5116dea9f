import type { INodeProperties } from 'n8n-workflow';

import {
	FRONT_DESK,
	operations,
	resources,
	taskAsOperation,
	tasks,
	type Operation,
	type Resource,
} from '../../shared/catalogue';
import { withDateForms } from './dateFields';
import { commonOptions } from './options';
import { operationFields } from './operationFields';
import { taskFields } from './taskFields';
import { storedToolDescriptions } from './toolDescriptions';

/** Front Desk's tasks as the node lists them, beside the operations of the other resources. */
const taskOperations = tasks.map(taskAsOperation);
const shownOperations = [...operations, ...taskOperations];
const shownOf = (resource: string) => shownOperations.filter((op) => op.resource === resource);

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * Front Desk first, the everyday jobs, then the API's resources by name: n8n's nodes panel groups
 * the actions in this order. The default stays Appointment, so saved workflows keep their resource.
 */
const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		...resources.filter(({ value }) => value === FRONT_DESK),
		...resources.filter(({ value }) => value !== FRONT_DESK).sort(byName),
	].map(({ name, value, description }) => ({ name, value, description })),
	default: 'appointment',
};

/** What the operation does; one that books, charges or changes money says so at the end. */
const descriptionOf = (op: Operation) =>
	op.toolWarning ? `${op.description.replace(/\.$/, '')}. Caution: ${op.toolWarning}.` : op.description;

/**
 * A resource's operations by name; Front Desk's tasks in the order a desk meets them (find the client,
 * add or update them, check in, book, cancel, sell, then the reads), as its catalogue lists them.
 */
function operationProperty({ value, defaultOperation }: Resource): INodeProperties {
	const options = shownOf(value).map((op) => ({
		name: op.name,
		value: op.operation,
		description: descriptionOf(op),
		action: op.action,
	}));
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: value === FRONT_DESK ? options : options.sort(byName),
		default: defaultOperation,
	};
}

/** The operations of `list` per resource, as displayOptions that show a field for all of them. */
function perResource(list: readonly Operation[]) {
	const byResource = new Map<string, string[]>();
	for (const op of list) byResource.set(op.resource, [...(byResource.get(op.resource) ?? []), op.operation]);
	return [...byResource].map(([resource, ops]) => ({ show: { resource: [resource], operation: ops } }));
}

/** Return All and Limit, once per resource for its paged operations. */
function pagingProperties(list: readonly Operation[]): INodeProperties[] {
	return perResource(list.filter((op) => op.paging)).flatMap((displayOptions): INodeProperties[] => [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
		},
	]);
}

/** Simplify, once per resource for its operations with large answers. */
function simplifyProperties(list: readonly Operation[]): INodeProperties[] {
	return perResource(list.filter((op) => op.large)).map((displayOptions) => ({
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		displayOptions,
	}));
}

/**
 * Every field of the node, derived from the operation catalogue, each date-time saying its form, but
 * the tool variant's Description fields: the node builds those when it loads, from `toolDescriptions`
 * (`description/toolFields.ts`).
 */
export const nodeProperties: INodeProperties[] = withDateForms([
	resourceProperty,
	...resources.filter(({ value }) => shownOf(value).length > 0).map(operationProperty),
	...operations.flatMap(operationFields),
	...tasks.flatMap(taskFields),
	...pagingProperties(shownOperations),
	...simplifyProperties(shownOperations),
	...commonOptions(shownOperations),
]);

/** What an AI agent reads of each operation (and Front Desk task) used as a tool, as the node stores it. */
export const toolDescriptions = storedToolDescriptions(shownOperations, nodeProperties, descriptionOf);
