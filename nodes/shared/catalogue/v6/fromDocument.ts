import { v6BodySchema, type V6BodyRule } from '../../../../document/v6Bodies';
import type { ListSource } from '../listSources';
import type { EntryHooks, FieldWords, Flatten, Operation, OperationParam, OutputShape, ParamType } from '../types';
import type { V6Field, V6OperationFacts, V6ParamFacts, V6Scalar } from '../../../../document/factTypes';
import { V6_TYPES } from '../../../../document/facts';

/** What the catalogue adds to a parameter of the document: the words and the dropdown. */
export interface V6ParamWords {
	displayName?: string;
	description?: string;
	listSource?: ListSource;
	/** The list names the records returned: split over several requests when too long. */
	selects?: boolean;
	maxPerRequest?: number;
	/** The values the document lists in words for a text parameter (it states no enum): a choice. */
	values?: readonly string[];
}

/**
 * What the catalogue says of one operation of the v6 document, in its own words: the node's
 * resource, operation and labels, and what only a person can decide (cautions, dropdowns, which
 * answers are large). Method, path, parameters, body and answer come from the facts.
 */
export interface V6Words {
	resource: string;
	operation: string;
	name: string;
	action: string;
	description: string;
	toolWarning?: string;
	large?: boolean;
	serves?: ListSource;
	/** The spec or the document says a staff user token is needed: without one nothing is sent. */
	staffToken?: boolean;
	deduplicated?: boolean;
	hooks?: EntryHooks;
	params?: Record<string, V6ParamWords>;
	/** Words for body fields by the document's name; a field's list picks its ID (or its object's Id). */
	fields?: Record<string, FieldWords>;
	flatten?: Flatten;
	/** Spec rules on the body beyond the document's facts. */
	rules?: readonly V6BodyRule[];
}

const PARAM_TYPES: Record<V6Scalar, ParamType> = {
	int32: 'int32',
	int64: 'int64',
	double: 'double',
	float: 'double',
	string: 'string',
	uuid: 'string',
	byte: 'string',
	boolean: 'boolean',
	dateTime: 'dateTime',
	object: 'string',
};

/** `request.clientIDs` → "Client IDs", `request.startDateTime` → "Start Date Time". */
export function wordsOf(name: string): string {
	const last = name.replace(/^\w*[rR]equest\./, '');
	const spaced = last
		.replace(/([a-z\d])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.replace(/[._]/g, ' ');
	return spaced
		.split(' ')
		.filter(Boolean)
		.map((word) => {
			if (/^ids?$/i.test(word)) return word.length === 2 ? 'ID' : 'IDs';
			if (/^urls?$/i.test(word)) return word.toUpperCase().replace(/S$/, 's');
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

function paramOf(facts: V6ParamFacts, words: V6ParamWords = {}): OperationParam {
	const options = facts.enum ?? words.values;
	return {
		name: facts.name,
		location: facts.in,
		type: PARAM_TYPES[facts.scalar],
		...(facts.array ? { array: 'repeated' as const } : {}),
		...(facts.required ? { required: true } : {}),
		displayName: words.displayName ?? wordsOf(facts.name),
		...(words.description ? { description: words.description } : {}),
		...(options ? { options: [...options] } : {}),
		// An ID is typed with an example (or picked), never a number field that starts at 0.
		...(/I[dD]s?$/.test(facts.name) && (facts.scalar === 'int32' || facts.scalar === 'int64')
			? { id: 'typed' as const }
			: {}),
		...(words.listSource ? { listSource: words.listSource } : {}),
		...(words.selects ? { selects: true } : {}),
		...(words.maxPerRequest ? { maxPerRequest: words.maxPerRequest } : {}),
	};
}

const refOf = (field: V6Field | undefined): string | undefined =>
	field && typeof field === 'object' && 'ref' in field ? field.ref : undefined;

const isList = (field: V6Field): boolean => typeof field === 'object' && 'list' in field;

/** The answer's fields beside the paging envelope. */
function answerFields(facts: V6OperationFacts): Array<[string, V6Field]> {
	const type = refOf(facts.answer);
	if (!type) return [];
	return Object.entries(V6_TYPES[type].fields).filter(([name]) => name !== 'PaginationResponse');
}

/** The paging pair, `request.limit` / `request.offset` (GetCourses spells them `getCoursesRequest.…`). */
function pageParams(facts: V6OperationFacts): { limit: string; offset: string } | undefined {
	const limit = facts.params.find((param) => /^\w*[rR]equest\.limit$/.test(param.name));
	const offset = limit && facts.params.find((param) => param.name === limit.name.replace(/limit$/, 'offset'));
	return limit && offset ? { limit: limit.name, offset: offset.name } : undefined;
}

/** How the node turns the answer into items, from the answer's type. */
function outputOf(facts: V6OperationFacts): { output: OutputShape; outputKey?: string; list?: string } {
	if (!facts.answer || facts.status === 204) return { output: facts.method === 'DELETE' ? 'deleted' : 'none' };
	if (isList(facts.answer)) return { output: 'list' };
	const fields = answerFields(facts);
	const lists = fields.filter(([, field]) => isList(field));
	const paged = pageParams(facts) !== undefined;
	// A page, or a read whose answer is one named list: one item per entry.
	if (lists.length === 1 && (paged || (facts.method === 'GET' && fields.length === 1))) {
		return { output: 'namedList', outputKey: lists[0][0], list: lists[0][0] };
	}
	// One record wrapped in a field of its name ({ Client: {…} }): the record itself.
	if (fields.length === 1 && refOf(fields[0][1])) return { output: 'unwrap', outputKey: fields[0][0] };
	return { output: 'object' };
}

/** One catalogue operation from the document's facts and the catalogue's words for it. */
export function fromDocument(facts: V6OperationFacts, words: V6Words): Operation {
	for (const name of Object.keys(words.params ?? {})) {
		if (!facts.params.some((param) => param.name === name)) {
			throw new Error(`${words.resource}.${words.operation}: the document has no parameter ${name}`);
		}
	}
	const bodyType =
		refOf(facts.body) ?? (facts.body && isList(facts.body) ? refOf((facts.body as { list: V6Field }).list) : undefined);
	for (const name of Object.keys(words.fields ?? {})) {
		if (!bodyType || !(name in V6_TYPES[bodyType].fields)) {
			throw new Error(`${words.resource}.${words.operation}: the document's body has no field ${name}`);
		}
	}
	const { output, outputKey, list } = outputOf(facts);
	// Paged where the answer's list is known: a free-form answer (GET /site/resources) is one item,
	// its limit and offset plain parameters.
	const page = facts.method === 'GET' && (list || output === 'list') ? pageParams(facts) : undefined;
	const shape = bodyType ? { type: bodyType, list: isList(facts.body!) } : undefined;
	return {
		service: 'rest',
		resource: words.resource,
		operation: words.operation,
		name: words.name,
		action: words.action,
		description: words.description,
		method: facts.method,
		path: facts.path,
		userToken: words.staffToken === true,
		tokenWhenHeld: true,
		params: facts.params.map((param) => paramOf(param, words.params?.[param.name])),
		...(shape
			? {
					body: {
						schema: v6BodySchema(shape, words.rules),
						shape,
						...(shape.list ? { batchable: true } : {}),
						...(words.fields ? { fieldWords: words.fields } : {}),
						...(words.flatten ? { flatten: words.flatten } : {}),
					},
				}
			: {}),
		output,
		...(outputKey ? { outputKey } : {}),
		...(page ? { paging: { ...page, pageSize: 100, ...(list ? { list } : {}) } } : {}),
		...(words.toolWarning ? { toolWarning: words.toolWarning } : {}),
		...(words.large ? { large: true } : {}),
		...(words.serves ? { serves: words.serves } : {}),
		...(words.deduplicated ? { deduplicated: true } : {}),
		...(words.hooks ? { hooks: words.hooks } : {}),
		v6: facts,
	};
}
