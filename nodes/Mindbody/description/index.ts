import type { INodeProperties } from 'n8n-workflow';

import { operations, operationsOf, resources, type Operation, type Resource } from '../../shared/catalogue';
import { bodyInput } from '../bodies';
import { showFor } from '../fields/fieldNames';
import { withDateForms } from './dateFields';
import { commonOptions } from './options';
import { paramProperties } from './paramFields';
import { storedToolDescriptions } from './toolDescriptions';

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources
		.map(({ name, value, description }) => ({ name, value, description }))
		.sort((a, b) => a.name.localeCompare(b.name)),
	default: 'appointment',
};

/** What the operation does; one that books, charges or changes money says so at the end. */
const descriptionOf = (op: Operation) =>
	op.toolWarning ? `${op.description.replace(/\.$/, '')}. Caution: ${op.toolWarning}.` : op.description;

function operationProperty({ value, defaultOperation }: Resource): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operationsOf(value)
			.map((op) => ({ name: op.name, value: op.operation, description: descriptionOf(op), action: op.action }))
			.sort((a, b) => a.name.localeCompare(b.name)),
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

function bodyProperties(operation: Operation): INodeProperties[] {
	if (!operation.body) return [];
	const displayOptions = showFor(operation);
	return bodyInput(operation.body)
		.properties(operation)
		.map((property) => ({ ...property, displayOptions }));
}

/**
 * Every field of the node, derived from the operation catalogue, each date-time saying its form, but
 * the tool variant's Description fields: the node builds those when it loads, from `toolDescriptions`
 * (`description/toolFields.ts`).
 */
export const nodeProperties: INodeProperties[] = withDateForms([
	resourceProperty,
	...resources.filter(({ value }) => operationsOf(value).length > 0).map(operationProperty),
	...operations.flatMap((operation) => [...paramProperties(operation), ...bodyProperties(operation)]),
	...pagingProperties(operations),
	...simplifyProperties(operations),
	...commonOptions(operations),
]);

/** What an AI agent reads of each operation used as a tool, as the node stores it. */
export const toolDescriptions = storedToolDescriptions(operations, nodeProperties, descriptionOf);
