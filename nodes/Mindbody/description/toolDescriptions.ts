import type { INodeProperties } from 'n8n-workflow';

import { LISTS, type Operation } from '../../shared/catalogue';
import { doesOf, toolDescriptionOf, type IdField } from '../../shared/catalogue/toolDescriptions';
import { sentence, type StoredToolDescriptions } from './toolFields';

const lists = Object.values(LISTS);

/** The list a field picks its value from: a resource locator's search, or a multi-select's options. */
function listOf(field: INodeProperties) {
	const method =
		field.typeOptions?.loadOptionsMethod ??
		field.modes?.map((mode) => mode.typeOptions?.searchListMethod).find((name) => name !== undefined);
	return method === undefined ? undefined : lists.find((list) => list.method === method);
}

/** The fields inside a field: a collection's, and each group's of a fixed collection. */
function fieldsInside(field: INodeProperties): INodeProperties[] {
	return ((field.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap((option) => {
		if ('values' in option && option.values) return option.values.flatMap((value) => [value, ...fieldsInside(value)]);
		return 'type' in option ? [option as INodeProperties, ...fieldsInside(option as INodeProperties)] : [];
	});
}

/**
 * How the agent is told of a field: by its label, and a picker that takes an ID (its By ID mode) as
 * that thing's ID, since the label names the thing picked ("the Client's ID").
 */
const toolLabel = (field: INodeProperties) =>
	field.modes?.some((mode) => mode.name === 'id') ? `${field.displayName}'s ID` : field.displayName;

const shownFor = (field: INodeProperties, operation: Operation) =>
	field.displayOptions?.show?.resource?.includes(operation.resource) === true &&
	field.displayOptions.show.operation?.includes(operation.operation) === true;

/**
 * The ID fields the node shows for an operation that are picked from a list: its own required
 * fields first (a field at the top that n8n asks for), then every other, nested ones too.
 */
export function idFieldsOf(operation: Operation, properties: readonly INodeProperties[]): IdField[] {
	const shown = properties.filter((field) => shownFor(field, operation));
	const required = shown.filter((field) => field.required);
	const others = [...shown.filter((field) => !field.required), ...shown.flatMap(fieldsInside)];
	const seen = new Set<string>();
	return [
		...required.map((field) => ({ field, required: true })),
		...others.map((field) => ({ field, required: false })),
	].flatMap(({ field, required }) => {
		const list = listOf(field);
		if (!list || seen.has(field.displayName)) return [];
		seen.add(field.displayName);
		return [{ label: toolLabel(field), required, list }];
	});
}

/**
 * What the node stores of each operation's tool description: the words after what it does, and
 * what it does where its Operation option's description does not say it (`toolFields.ts` joins
 * them when the node loads).
 */
export function storedToolDescriptions(
	operations: readonly Operation[],
	properties: readonly INodeProperties[],
	optionDescriptionOf: (operation: Operation) => string,
): StoredToolDescriptions {
	const stored: Record<string, Record<string, { does?: string; rest: string }>> = {};
	for (const operation of operations) {
		const does = doesOf(operation);
		const rest = toolDescriptionOf(operation, idFieldsOf(operation, properties)).slice(does.length).trim();
		stored[operation.resource] ??= {};
		stored[operation.resource][operation.operation] =
			does === sentence(optionDescriptionOf(operation)) ? { rest } : { does, rest };
	}
	return stored;
}
