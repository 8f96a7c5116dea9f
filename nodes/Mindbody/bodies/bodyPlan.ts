import { pickedLabel, type FieldWords, type ListSource, type Operation } from '../../shared/catalogue';
import { FORM_OF, LOCAL_TIME, withDateForm, type LocalTime } from '../../shared/catalogue/dateWords';
import { FIELD_WORDS, TYPE_TIMES, TYPE_WORDS } from '../../shared/catalogue/v6/fieldWords';
import { wordsOf } from '../../shared/catalogue/v6/fromDocument';
import type { V6Field, V6Limits, V6Scalar } from '../../../document/factTypes';
import { V6_TYPES } from '../../../document/facts';

/**
 * How the node asks for a v6 body, planned once per operation from the document's facts and the
 * catalogue's words: the node's fields and its reader (v6Body.ts) both follow the plan, so the two
 * cannot disagree. The wire tests fill the node's fields from it too.
 */

interface PlannedBase {
	/** The document's field name. */
	field: string;
	/** The node's parameter name. */
	param: string;
	label: string;
	description?: string;
}

export interface PlannedScalar extends PlannedBase {
	kind: 'scalar';
	type: V6Scalar;
	listSource?: ListSource;
	/** Ranges, lengths and patterns the document states. */
	limits?: V6Limits;
	/** A date-time in the business's local time or on its wall clock; UTC otherwise. */
	time?: LocalTime;
}

/** One of the values the document lists (its enum, or its words for a text field): a dropdown. */
export interface PlannedEnum extends PlannedBase {
	kind: 'enum';
	values: readonly string[];
	/** Names shown for some values; the others show as written. */
	names?: Readonly<Record<string, string>>;
}

/**
 * A list of scalars: comma-separated text, or a multi-select when a list serves it or the
 * document lists the values.
 */
export interface PlannedScalarList extends PlannedBase {
	kind: 'scalarList';
	type: V6Scalar;
	listSource?: ListSource;
	values?: readonly string[];
	names?: Readonly<Record<string, string>>;
}

/** An object field picked by its ID: sent as `{ Id }`. */
export interface PlannedReference extends PlannedBase {
	kind: 'reference';
	listSource: ListSource;
	idType: V6Scalar;
}

/** An object (or a list of objects) asked for as a fixed collection of its fields. */
export interface PlannedGroup extends PlannedBase {
	kind: 'group';
	type: string;
	multiple: boolean;
	children: PlannedField[];
}

/** An object or list too deep for fields: JSON, its template listing the fields. */
export interface PlannedJson extends PlannedBase {
	kind: 'json';
	template: unknown;
	multiple: boolean;
	/** The document's type of the value. */
	type: V6Field;
	/**
	 * Where the value holds date-times in the business's local time (TYPE_TIMES): each a path of
	 * field names from the value, lists walked through (`['AppointmentBookingRequests', 'StartDateTime']`).
	 */
	localTimes?: ReadonlyArray<readonly string[]>;
}

/** A field of the plan; `param` is the node's parameter name, `field` the document's. */
export type PlannedField =
	| PlannedScalar
	| PlannedEnum
	| PlannedScalarList
	| PlannedReference
	| PlannedGroup
	| PlannedJson;

export interface BodyPlan {
	/** Fields the document marks required: asked for at the top. */
	required: PlannedField[];
	/** Every other field: one collection. */
	optional: PlannedField[];
	/** Name and label of the collection. */
	collection: { name: string; displayName: string };
	/** A list body: each input item gives one entry (batched into one request). */
	list: boolean;
	/**
	 * A body field holding the record itself (UpdateClient's Client): its fields are the node's
	 * own, `required` ones at the top, the rest in a collection of their own.
	 */
	flattened?: {
		field: string;
		required: PlannedField[];
		optional: PlannedField[];
		collection: { name: string; displayName: string };
	};
}

/** The most fields a group (a fixed collection) shows before the JSON field is the better tool. */
const GROUP_LIMIT = 16;

const scalarOf = (field: V6Field): V6Scalar | undefined =>
	typeof field === 'string' ? field : 'type' in field ? field.type : undefined;

/** `FirstName` → `firstName`, `ID` → `id`, `IDs` → `ids`, `URLLink` → `urlLink`. */
export const camelCase = (name: string) => {
	const capitals = /^[A-Z]+/.exec(name)?.[0] ?? '';
	if (capitals.length <= 1) return name.charAt(0).toLowerCase() + name.slice(1);
	// A run of capitals is an abbreviation: all of it lower, but the capital that starts the next word.
	const rest = name.slice(capitals.length);
	const head = /^[a-z]/.test(rest) && rest.length > 1 && capitals.length > 1 ? capitals.slice(0, -1) : capitals;
	return head.toLowerCase() + name.slice(head.length);
};

const isFlat = (type: string) =>
	Object.values(V6_TYPES[type].fields).every(
		(field) => scalarOf(field) !== undefined || 'enum' in (field as object) || isScalarList(field),
	);

const isScalarList = (field: V6Field) =>
	typeof field === 'object' &&
	'list' in field &&
	(scalarOf(field.list) !== undefined || 'enum' in (field.list as object));

/** A JSON template of a type: each field null (lists empty), one level of nested objects spelled out. */
export function templateOf(type: string, depth = 0): Record<string, unknown> {
	const facts = V6_TYPES[type];
	const readOnly = new Set(facts.readOnly ?? []);
	const template: Record<string, unknown> = {};
	for (const [name, field] of Object.entries(facts.fields)) {
		if (readOnly.has(name)) continue;
		if (typeof field === 'object' && 'ref' in field)
			template[name] = depth < 1 ? templateOf(field.ref, depth + 1) : null;
		else if (typeof field === 'object' && 'list' in field) {
			const item = field.list;
			template[name] = typeof item === 'object' && 'ref' in item && depth < 1 ? [templateOf(item.ref, depth + 1)] : [];
		} else template[name] = null;
	}
	return template;
}

/**
 * A field's words: the operation's, over its type's (TYPE_WORDS), with the time its type states
 * for it (TYPE_TIMES) unless the words say one.
 */
const withTypeTime = (type: string, name: string, said: FieldWords = {}): FieldWords => {
	const words = { ...TYPE_WORDS[type]?.[name], ...said };
	const time = words.time ?? TYPE_TIMES[type]?.[name];
	return time ? { ...words, time } : words;
};

/** Where a value of this type holds business-time fields, as paths of field names (lists walked through). */
function localTimesIn(field: V6Field, seen: ReadonlySet<string> = new Set()): string[][] {
	if (typeof field === 'object' && 'list' in field) return localTimesIn(field.list, seen);
	const type = typeof field === 'object' && 'ref' in field ? field.ref : undefined;
	if (!type || seen.has(type)) return [];
	const times = TYPE_TIMES[type] ?? {};
	const { fields } = V6_TYPES[type];
	const own = Object.keys(times).filter((name) => times[name] === 'business' && name in fields);
	const inside = Object.entries(fields)
		.filter(([name]) => !(name in times))
		.flatMap(([name, inner]) => localTimesIn(inner, new Set([...seen, type])).map((path) => [name, ...path]));
	return [...own.map((name) => [name]), ...inside];
}

const joinedWithAnd = (names: readonly string[]) =>
	names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');

/** What a JSON field says of the local times inside: "StartDateTime and EndDateTime of …: ISO 8601, …". */
function localTimesForm(paths: ReadonlyArray<readonly string[]>): string {
	const byPlace = new Map<string, string[]>();
	for (const path of paths) {
		const place = path.slice(0, -1).join('.');
		byPlace.set(place, [...(byPlace.get(place) ?? []), path[path.length - 1]]);
	}
	const names = [...byPlace].map(([place, fields]) => `${joinedWithAnd(fields)}${place ? ` of ${place}` : ''}`);
	return `${names.join('; ')}: ${LOCAL_TIME}`;
}

/** A JSON field: its template, and what its description says of the local times inside. */
function jsonField(
	base: { field: string; param: string; label: string; description?: string },
	field: V6Field,
	template: unknown,
	multiple: boolean,
): PlannedJson {
	const localTimes = localTimesIn(field);
	if (!localTimes.length) return { kind: 'json', ...base, template, multiple, type: field };
	const description = withDateForm(base.description, localTimesForm(localTimes));
	return { kind: 'json', ...base, description, template, multiple, type: field, localTimes };
}

function planField(name: string, field: V6Field, words: FieldWords, nested: boolean, path: string): PlannedField {
	const said = words.description ?? FIELD_WORDS[name];
	// A local time's description says so, from the same words that make the node send it so.
	const description = words.time ? withDateForm(said, FORM_OF[words.time]) : said;
	const base = {
		field: name,
		param: camelCase(name),
		label: words.displayName ?? wordsOf(name),
		...(description ? { description } : {}),
	};
	const scalar = scalarOf(field);
	const names = words.valueNames ? { names: words.valueNames } : {};
	if (scalar === 'string' && words.values) return { kind: 'enum', ...base, values: words.values, ...names };
	// A field picked from a list is labelled by what it picks, in its field and in its errors.
	const picked = words.listSource ? { label: pickedLabel(base.label) } : {};
	if (scalar !== undefined) {
		return {
			kind: 'scalar',
			...base,
			...picked,
			type: scalar,
			...(words.listSource ? { listSource: words.listSource } : {}),
			...(typeof field === 'object' ? { limits: field as V6Limits } : {}),
			...(words.time ? { time: words.time } : {}),
		};
	}
	if (typeof field === 'object' && 'enum' in field) return { kind: 'enum', ...base, values: field.enum, ...names };
	if (typeof field === 'object' && 'list' in field) {
		const item = field.list;
		const itemScalar = scalarOf(item);
		if (itemScalar !== undefined) {
			return {
				kind: 'scalarList',
				...base,
				type: itemScalar,
				...(words.listSource ? { listSource: words.listSource } : {}),
				...(itemScalar === 'string' && words.values ? { values: words.values, ...names } : {}),
			};
		}
		if (typeof item === 'object' && 'enum' in item) {
			return { kind: 'scalarList', ...base, type: 'string', values: item.enum, ...names };
		}
		const ref = typeof item === 'object' && 'ref' in item ? item.ref : undefined;
		if (ref && !nested && Object.keys(V6_TYPES[ref].fields).length <= GROUP_LIMIT) {
			return group(base, ref, true, path);
		}
		return jsonField(base, field, ref ? [templateOf(ref)] : [], true);
	}
	const ref = (field as { ref: string }).ref;
	if (words.listSource && 'Id' in V6_TYPES[ref].fields) {
		return {
			kind: 'reference',
			...base,
			...picked,
			listSource: words.listSource,
			idType: scalarOf(V6_TYPES[ref].fields.Id) ?? 'int32',
		};
	}
	if (!nested && isFlat(ref) && Object.keys(V6_TYPES[ref].fields).length <= GROUP_LIMIT)
		return group(base, ref, false, path);
	return jsonField(base, field, templateOf(ref), false);
}

/** A fixed collection of a type's fields; a nested object inside it is a JSON field. */
function group(
	base: { field: string; param: string; label: string; description?: string },
	type: string,
	multiple: boolean,
	path: string,
): PlannedField {
	const facts = V6_TYPES[type];
	const readOnly = new Set(facts.readOnly ?? []);
	const children = Object.entries(facts.fields)
		.filter(([name]) => !readOnly.has(name))
		.map(([name, field]) => planField(name, field, withTypeTime(type, name), true, `${path}.${name}`));
	return { kind: 'group', ...base, type, multiple, children };
}

/** The fields of a type, split into those asked for at the top and the rest. */
function planFields(type: string, required: ReadonlySet<string>, words: Record<string, FieldWords>, skip = '') {
	const facts = V6_TYPES[type];
	const readOnly = new Set(facts.readOnly ?? []);
	const planned = Object.entries(facts.fields)
		.filter(([name]) => !readOnly.has(name) && name !== skip)
		.map(([name, field]) => ({
			required: required.has(name),
			planned: planField(name, field, withTypeTime(type, name, words[name]), false, name),
		}));
	return {
		required: planned.filter((entry) => entry.required).map((entry) => entry.planned),
		optional: planned.filter((entry) => !entry.required).map((entry) => entry.planned),
	};
}

const plans = new WeakMap<Operation, BodyPlan>();

/** The plan of an operation's v6 body (cached per operation). */
export function bodyPlanOf(operation: Operation): BodyPlan {
	const cached = plans.get(operation);
	if (cached) return cached;
	const body = operation.body;
	if (!body?.shape) throw new Error(`${operation.resource}.${operation.operation} has no v6 body`);
	const { shape, flatten } = body;
	const own = planFields(
		shape.type,
		new Set(V6_TYPES[shape.type].required ?? []),
		body.fieldWords ?? {},
		flatten?.field,
	);
	const optionalParams = operation.params.some((param) => !param.required);
	const plan: BodyPlan = {
		...own,
		collection: optionalParams
			? { name: 'bodyFields', displayName: 'Body Fields' }
			: { name: 'additionalFields', displayName: 'Additional Fields' },
		list: shape.list,
	};
	if (flatten) {
		const field = V6_TYPES[shape.type].fields[flatten.field];
		const type = typeof field === 'object' && 'ref' in field ? field.ref : undefined;
		if (!type) throw new Error(`${operation.operation}: ${flatten.field} is not an object field`);
		const words = flatten.words ?? {};
		const inner = planFields(type, new Set(flatten.required), words);
		// Named apart from the body's own fields (Client's Test is not the request's Test).
		const rename = (entry: PlannedField): PlannedField => ({
			...entry,
			param: camelCase(`${flatten.field}${entry.field}`),
		});
		plan.flattened = {
			field: flatten.field,
			required: inner.required.map(rename),
			optional: inner.optional.map(rename),
			collection: { name: `${camelCase(flatten.field)}Fields`, displayName: `${wordsOf(flatten.field)} Fields` },
		};
	}
	plans.set(operation, plan);
	return plan;
}
