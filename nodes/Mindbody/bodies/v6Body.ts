import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import type { LocalTime } from '../../shared/catalogue/dateWords';
import { bodyPlanOf, type BodyPlan, type PlannedField, type PlannedScalar } from './bodyPlan';
import type { V6Scalar } from '../../../document/factTypes';
import {
	fieldError,
	flattenList,
	isoDateTime,
	leftBlank,
	locatorValue,
	refuseDateLeftEmpty,
} from '../fields/fieldValues';
import { listedIdField, typedIdField } from './idFields';
import type { BodyInput } from './types';

type Ctx = Parameters<BodyInput['read']>[0];

const isIdName = (name: string) => /(^|[a-z])I[dD]s?$/.test(name);
const isNumber = (type: V6Scalar) => ['int32', 'int64', 'double', 'float'].includes(type);

const PLACEHOLDERS: Partial<Record<V6Scalar, string>> = {
	uuid: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
};

/** Text the document gives a form (a pattern): shown with an example of that form. */
const FORMS = ['09:00:00', '2026-11-21'];
const placeholderOf = (planned: PlannedScalar) => {
	const pattern = planned.limits?.pattern;
	const form = pattern ? FORMS.find((example) => new RegExp(pattern).test(example)) : undefined;
	return form ? `e.g. ${form}` : PLACEHOLDERS[planned.type];
};

/** A dropdown's entries: the document's values, under the catalogue's names where it gives them. */
const choicesOf = (values: readonly string[], names: Readonly<Record<string, string>> = {}) =>
	values.map((value) => ({ name: names[value] ?? value, value }));

/** The node field of one planned field, by its kind and type. */
export function propertyOf(planned: PlannedField, required: boolean): INodeProperties {
	const given = {
		...(planned.description ? { description: planned.description } : {}),
		...(required ? { required: true } : {}),
	};
	const base = { displayName: planned.label, name: planned.param, ...given };
	switch (planned.kind) {
		case 'scalar': {
			if (planned.listSource) return listedIdField(planned.label, planned.param, planned.listSource, given);
			// IDs are typed with an example, never a number field that starts at 0.
			if (isIdName(planned.field) && isNumber(planned.type)) return typedIdField(planned.label, planned.param, base);
			switch (planned.type) {
				case 'boolean':
					return {
						...base,
						type: 'boolean',
						default: false,
						description: planned.description ?? `Whether to set ${planned.label}`,
					};
				case 'dateTime':
					return { ...base, type: 'dateTime', default: '' };
				case 'int32':
				case 'int64':
				case 'double':
				case 'float':
					return {
						...base,
						type: 'number',
						default: 0,
						...(planned.type === 'double' || planned.type === 'float' ? { typeOptions: { numberPrecision: 2 } } : {}),
					};
				case 'object':
					return { ...base, type: 'json', default: '{}' };
				default: {
					const placeholder = isIdName(planned.field) ? 'e.g. 12345' : placeholderOf(planned);
					return { ...base, type: 'string', default: '', ...(placeholder ? { placeholder } : {}) };
				}
			}
		}
		case 'enum':
			return {
				...base,
				type: 'options',
				options: choicesOf(planned.values, planned.names),
				default: planned.values[0],
			};
		case 'scalarList':
			if (planned.values) {
				return { ...base, type: 'multiOptions', options: choicesOf(planned.values, planned.names), default: [] };
			}
			if (planned.listSource) {
				return {
					...base,
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: planned.listSource.method },
					default: [],
				};
			}
			return {
				...base,
				type: 'string',
				default: '',
				placeholder: isNumber(planned.type) || isIdName(planned.field) ? 'e.g. 12345, 12346' : 'e.g. first, second',
				description: `${planned.description ? `${planned.description}. ` : ''}Several values separated by commas`,
			};
		case 'reference':
			return listedIdField(planned.label, planned.param, planned.listSource, given);
		case 'group':
			return {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: planned.multiple },
				placeholder: `Add ${planned.label}`,
				default: {},
				options: [
					{
						displayName: planned.label,
						name: 'entry',
						values: planned.children
							.map((child) => propertyOf(child, false))
							.sort((a, b) => a.displayName.localeCompare(b.displayName)),
					},
				],
			};
		case 'json':
			return {
				...base,
				type: 'json',
				default: JSON.stringify(planned.template, null, 2),
				description: `${planned.description ? `${planned.description}. ` : ''}As JSON; the template lists the fields, each to fill or remove`,
			};
	}
}

const sorted = (properties: INodeProperties[]) => properties.sort((a, b) => a.displayName.localeCompare(b.displayName));

/** A collection (Additional Fields, Body Fields) of planned fields, none when there are none. */
export function collectionOf(name: string, displayName: string, fields: PlannedField[]): INodeProperties[] {
	if (!fields.length) return [];
	return [
		{
			displayName,
			name,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: sorted(fields.map((planned) => propertyOf(planned, false))),
		},
	];
}

function propertiesOf(plan: BodyPlan): INodeProperties[] {
	const flat = plan.flattened;
	return [
		...plan.required.map((planned) => propertyOf(planned, true)),
		...(flat ? flat.required.map((planned) => propertyOf(planned, true)) : []),
		...(flat ? collectionOf(flat.collection.name, flat.collection.displayName, flat.optional) : []),
		...collectionOf(plan.collection.name, plan.collection.displayName, plan.optional),
	];
}

/** A body field left out: blank (`leftBlank`), or an object with no field filled. */
const leftOut = (raw: unknown) => {
	const value = locatorValue(raw);
	return (
		leftBlank(raw) ||
		(typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
	);
};

/** Whether a field of a group entry still holds its default (0, false, '', an untouched template). */
function isDefault(planned: PlannedField, raw: unknown): boolean {
	if (raw === undefined) return true;
	// A dropdown always shows a choice: the one it opens on is sent as the one chosen.
	if (planned.kind === 'enum') return false;
	return JSON.stringify(raw) === JSON.stringify(propertyOf(planned, false).default);
}

/** One scalar in the type the document states; the error names the node's field. */
function scalarValue(ctx: Ctx, i: number, label: string, type: V6Scalar, raw: unknown, time?: LocalTime): unknown {
	const value = locatorValue(raw);
	switch (type) {
		case 'int32':
		case 'int64': {
			const number = typeof value === 'string' ? Number(value.trim()) : value;
			if (typeof number !== 'number' || !Number.isInteger(number)) {
				throw fieldError(ctx, i, label, `"${String(value)}" is not a whole number`);
			}
			return number;
		}
		case 'double':
		case 'float': {
			const number = typeof value === 'string' ? Number(value.trim()) : value;
			if (typeof number !== 'number' || !Number.isFinite(number)) {
				throw fieldError(ctx, i, label, `"${String(value)}" is not a number`);
			}
			return number;
		}
		case 'boolean':
			return value === true || value === 'true';
		case 'dateTime':
			return isoDateTime(ctx, i, label, value, time);
		case 'object':
			return jsonValue(ctx, i, label, value);
		default:
			return typeof value === 'string' ? value : String(value);
	}
}

function jsonValue(ctx: Ctx, i: number, label: string, value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		throw fieldError(ctx, i, label, 'is not valid JSON');
	}
}

/** The wire value of one planned field from the node's value, or undefined when left empty. */
export function valueOf(ctx: Ctx, i: number, planned: PlannedField, raw: unknown, where = ''): unknown {
	const label = `${where}${planned.label}`;
	const given = locatorValue(raw);
	if (leftOut(raw) && planned.kind !== 'json') return undefined;
	switch (planned.kind) {
		case 'scalar':
			return scalarValue(ctx, i, label, planned.type, given, planned.time);
		case 'enum':
			return given;
		case 'scalarList':
			return flattenList(given).map((entry) => scalarValue(ctx, i, label, planned.type, entry));
		case 'reference':
			return { Id: scalarValue(ctx, i, label, planned.idType, given) };
		case 'group': {
			const entries = (raw as IDataObject).entry;
			const list = (Array.isArray(entries) ? entries : entries ? [entries] : []) as IDataObject[];
			const objects = list
				.map((entry, n) => {
					const prefix = planned.multiple ? `${label}[${n}].` : `${label}.`;
					const object: IDataObject = {};
					for (const child of planned.children) {
						// n8n fills an entry's untouched fields with their defaults: those are not given.
						if (isDefault(child, entry[child.param])) continue;
						const value = valueOf(ctx, i, child, entry[child.param], prefix);
						if (value !== undefined) object[child.field] = value as IDataObject[string];
					}
					return object;
				})
				.filter((object) => Object.keys(object).length > 0);
			if (!objects.length) return undefined;
			return planned.multiple ? objects : objects[0];
		}
		case 'json': {
			if (given === undefined || given === '') return undefined;
			const value = jsonValue(ctx, i, label, given);
			if (JSON.stringify(value) === JSON.stringify(planned.template)) {
				throw fieldError(ctx, i, label, 'still holds the template: fill in the fields to send and remove the rest');
			}
			return value;
		}
	}
}

/** Required fields from the top, optional ones from their collection, into the body (or its record). */
export function readFields(
	ctx: Ctx,
	i: number,
	required: PlannedField[],
	optional: PlannedField[],
	collection: string,
	into: IDataObject,
) {
	for (const planned of required) {
		const value = valueOf(ctx, i, planned, ctx.getNodeParameter(planned.param, i, undefined));
		if (value === undefined && !(planned.kind === 'scalar' && planned.type === 'boolean')) {
			const what = planned.kind === 'group' && planned.multiple ? 'is required (at least one entry)' : 'is required';
			throw fieldError(ctx, i, planned.label, what);
		}
		into[planned.field] = (value ?? false) as IDataObject[string];
	}
	const given = ctx.getNodeParameter(collection, i, {}) as IDataObject;
	for (const planned of optional) {
		if (!(planned.param in given)) continue;
		if (planned.kind === 'scalar' && planned.type === 'dateTime') {
			refuseDateLeftEmpty(ctx, i, planned.label, given[planned.param]);
		}
		const value = valueOf(ctx, i, planned, given[planned.param]);
		if (value !== undefined) into[planned.field] = value as IDataObject[string];
	}
}

/**
 * A v6 body asked for from the document's facts: required fields at the top, the rest in a
 * collection, objects as groups of fields or JSON. Values are typed as the document states.
 */
export const v6BodyInput: BodyInput = {
	properties: (operation: Operation) => propertiesOf(bodyPlanOf(operation)),
	read: (ctx, i, operation) => {
		const plan = bodyPlanOf(operation);
		const body: IDataObject = {};
		readFields(ctx, i, plan.required, plan.optional, plan.collection.name, body);
		if (plan.flattened) {
			const record: IDataObject = {};
			const flat = plan.flattened;
			readFields(ctx, i, flat.required, flat.optional, flat.collection.name, record);
			body[flat.field] = record;
		}
		// A list body: each item is one entry, joined with other items' by batching.
		return plan.list ? [body] : body;
	},
};
