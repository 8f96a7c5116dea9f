import type { INodeProperties } from 'n8n-workflow';

import { pickedLabel, type ListSource } from '../../shared/catalogue';
import type { IdType } from '../../shared/schemas';
import { fieldError, idValue, locatorValue } from '../fields/fieldValues';
import type { BodyInput } from './types';

const ID_PLACEHOLDER = 'e.g. 12345';

/**
 * An id picked from a list (From List first) or typed; the reader takes it through bodyId. Every
 * picker of the node is made here, so each is labelled by the thing it picks (`pickedLabel`), the
 * ID wording left to its By ID mode; its name, what saved workflows hold, is the one given.
 * `extra` adds the rest (description, required, display options), not the label.
 */
export function listedIdField(
	displayName: string,
	name: string,
	list: ListSource,
	extra: Partial<INodeProperties> = {},
	placeholder = ID_PLACEHOLDER,
): INodeProperties {
	return {
		displayName: pickedLabel(displayName),
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: list.method, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder },
		],
		...extra,
	};
}

/** An id no operation lists: typed, with an example instead of a number that starts at 0. */
export function typedIdField(displayName: string, name: string, extra: Partial<INodeProperties> = {}): INodeProperties {
	return { displayName, name, type: 'string', default: '', placeholder: ID_PLACEHOLDER, ...extra };
}

/**
 * The id a field holds: a locator's value, or the plain number or text of workflows saved
 * before the field was a locator or text field.
 */
export const bodyId = (value: unknown): unknown => locatorValue(value);

/** Whether an optional id field was filled (an added locator left empty is not). */
export const hasId = (value: unknown): boolean => {
	const id = bodyId(value);
	return id !== undefined && id !== null && id !== '' && id !== 0;
};

/** A required id: empty is "is required", anything else by the node's id rule. */
export function requiredId(
	ctx: Parameters<BodyInput['read']>[0],
	itemIndex: number,
	field: string,
	value: unknown,
	type: IdType,
): number {
	const id = bodyId(value);
	if (id === undefined || id === null || (typeof id === 'string' && id.trim() === '')) {
		throw fieldError(ctx, itemIndex, field, 'is required');
	}
	return idValue(ctx, itemIndex, field, id, type);
}
