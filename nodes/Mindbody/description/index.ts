import type { INodeProperties } from 'n8n-workflow';

import { operations, operationsOf, resources, type Operation, type Resource } from '../../shared/catalogue';
import { commonOptions } from './options';
import { operationFields } from './operationFields';

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

/**
 * What an AI agent is told the tool does. n8n describes a tool as "{action} in Mindbody" unless the
 * node has its own Description field; this one carries the caution the short action leaves out.
 */
const toolDescriptionOf = (op: Operation) =>
	op.toolWarning ? `${op.action} (caution: ${op.toolWarning}) in Mindbody` : `${op.action} in Mindbody`;

/**
 * The tool's Description, one per operation, shown only where the node is an AI agent's tool
 * (`@tool`). Because the node has this field, n8n adds no Description of its own (which would
 * say the action alone); the field stays editable, and a new default follows a new operation.
 */
function toolDescriptionProperty(op: Operation): INodeProperties {
	return {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: toolDescriptionOf(op),
		typeOptions: { rows: 2 },
		description: 'What the AI agent is told this tool does; cautions on what it books, charges or changes stay in it',
		displayOptions: { show: { '@tool': [true], resource: [op.resource], operation: [op.operation] } },
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

/** Every field of the node, derived from the operation catalogue. */
export const nodeProperties: INodeProperties[] = [
	resourceProperty,
	...resources.filter(({ value }) => operationsOf(value).length > 0).map(operationProperty),
	...operations.map(toolDescriptionProperty),
	...operations.flatMap(operationFields),
	...pagingProperties(operations),
	...simplifyProperties(operations),
	...commonOptions(operations),
];
