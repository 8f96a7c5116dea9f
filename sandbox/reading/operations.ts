import type { ZodTypeAny } from 'zod';

import { v6BodySchema, type V6BodyShape } from '../../document/v6Bodies';
import type { V6Field, V6OperationFacts, V6ParamFacts, V6Scalar } from '../../document/factTypes';
import { V6_OPERATIONS, V6_TYPES } from '../../document/facts';

import { bodySchemas } from './bodies';
import type { SchemaName } from './listedBodies';
import { SPEC_OPERATIONS, type SpecOperation } from './listed';
import { SERVED_APART, V6_READINGS, type V6Reading } from './v6Readings';
import { salesNotesLimit } from './v6Rules';

/**
 * The operations the sandbox serves, from its own reading of the documents: the listed ones from
 * its transcription of the spec (listed.ts, listedBodies.ts), the v6 document's from the generated
 * facts (document/facts.ts) and what it reads beyond them (v6Readings.ts, v6Rules.ts). The node's
 * catalogue is read apart; test/catalogue/twoReadings.test.ts puts the two side by side.
 */

/** Wire types of parameters; `date` is a calendar date (YYYY-MM-DD). */
export type ParamType = 'int32' | 'int64' | 'double' | 'string' | 'boolean' | 'dateTime' | 'date';

export interface SandboxParam {
	/** Name on the wire, e.g. `request.startDateTime`. */
	name: string;
	location: 'path' | 'query';
	type: ParamType;
	/** Array parameters: repeated keys (`a=1&a=2`) or one comma-delimited value. */
	array?: 'repeated' | 'comma';
	required?: boolean;
	/** The values it takes (checked for the v6 document's, which states them). */
	options?: readonly string[];
}

export interface SandboxBody {
	schema: ZodTypeAny;
	/** A listed body: the model (rest/bodyModels.ts) it is bound to. */
	model?: SchemaName;
	/** A v6 body: the document's type, and whether the body is a list of it. */
	shape?: V6BodyShape;
}

export interface SandboxOperation {
	/**
	 * What its handler is keyed by, and its requests logged and faulted under: the v6 document's
	 * operation id (`GetClients`), or method and path for the listed ones (`GET /Business/Categories`).
	 */
	id: string;
	service: 'rest' | 'webhooks';
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Path relative to the service's base URL, placeholders as `{name}`. */
	path: string;
	/** Without a user token the call is refused. */
	userToken: boolean;
	/** A consumer's token may call it; other calls need a staff token when they carry one. */
	consumer: boolean;
	params: SandboxParam[];
	body?: SandboxBody;
	successStatus: number;
	/** limit/offset paging; `list` names the answer's field holding a page beside its PaginationResponse. */
	paging?: { limit: string; offset: string; pageSize: number; list?: string };
	/** Identical requests in quick succession count as one (spec Behavior rule 5). */
	deduplicated?: boolean;
	/** From the v6 document: its facts. */
	v6?: V6OperationFacts;
}

const PAGE_SIZE = 100;

function fromListed(op: SpecOperation): SandboxOperation {
	return {
		id: `${op.method} ${op.path}`,
		service: op.service,
		method: op.method as SandboxOperation['method'],
		path: op.path,
		userToken: op.userToken,
		consumer: op.consumer === true,
		params: op.params.map(({ name, location, type, array, required, options }) => ({
			name,
			location,
			type,
			...(array ? { array } : {}),
			required,
			...(options ? { options } : {}),
		})),
		...(op.body ? { body: { schema: bodySchemas[op.body], model: op.body } } : {}),
		successStatus: op.successStatus,
		...(op.paging ? { paging: op.paging } : {}),
	};
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

const refOf = (field: V6Field | undefined): string | undefined =>
	field && typeof field === 'object' && 'ref' in field ? field.ref : undefined;

const isList = (field: V6Field): field is { list: V6Field } => typeof field === 'object' && 'list' in field;

/** The paging pair, `request.limit` / `request.offset` (GetCourses spells them `getCoursesRequest.…`). */
function pagePair(facts: V6OperationFacts): { limit: string; offset: string } | undefined {
	const limit = facts.params.find((param) => /^\w*[rR]equest\.limit$/.test(param.name));
	const offset = limit && facts.params.find((param) => param.name === limit.name.replace(/limit$/, 'offset'));
	return limit && offset ? { limit: limit.name, offset: offset.name } : undefined;
}

/**
 * A GET pages when it takes the limit/offset pair and its answer is a list, or a page: one list
 * beside the PaginationResponse (or, unpaged, a read whose answer is one list).
 */
function pagingOf(facts: V6OperationFacts): SandboxOperation['paging'] {
	const pair = pagePair(facts);
	if (facts.method !== 'GET' || !pair || !facts.answer || facts.status === 204) return undefined;
	if (isList(facts.answer)) return { ...pair, pageSize: PAGE_SIZE };
	const type = refOf(facts.answer);
	const fields = type ? Object.entries(V6_TYPES[type].fields).filter(([name]) => name !== 'PaginationResponse') : [];
	const lists = fields.filter(([, field]) => isList(field));
	return lists.length === 1 ? { ...pair, pageSize: PAGE_SIZE, list: lists[0][0] } : undefined;
}

function v6Param(facts: V6ParamFacts, reading: V6Reading): SandboxParam {
	const options = facts.enum ?? reading.values?.[facts.name];
	return {
		name: facts.name,
		location: facts.in,
		type: PARAM_TYPES[facts.scalar],
		...(facts.array ? { array: 'repeated' as const } : {}),
		...(facts.required ? { required: true } : {}),
		...(options ? { options: [...options] } : {}),
	};
}

function fromDocument(id: string, facts: V6OperationFacts, reading: V6Reading): SandboxOperation {
	const bodyType = refOf(facts.body) ?? (facts.body && isList(facts.body) ? refOf(facts.body.list) : undefined);
	const shape = bodyType ? { type: bodyType, list: isList(facts.body!) } : undefined;
	const paging = pagingOf(facts);
	return {
		id,
		service: 'rest',
		method: facts.method,
		path: facts.path,
		userToken: reading.staffToken === true,
		consumer: reading.consumer === true,
		params: facts.params.map((param) => v6Param(param, reading)),
		...(shape
			? { body: { schema: v6BodySchema(shape, reading.salesNotesLimit ? [salesNotesLimit] : []), shape } }
			: {}),
		successStatus: facts.status,
		...(paging ? { paging } : {}),
		...(reading.deduplicated ? { deduplicated: true } : {}),
		v6: facts,
	};
}

/** Every operation the sandbox serves: the listed ones, then the v6 document's. */
export const operations: readonly SandboxOperation[] = [
	...SPEC_OPERATIONS.map(fromListed),
	...(Object.keys(V6_OPERATIONS) as Array<keyof typeof V6_OPERATIONS>)
		.filter((id) => !SERVED_APART.includes(id))
		.map((id) => fromDocument(id, V6_OPERATIONS[id], V6_READINGS[id] ?? {})),
];

const templateToRegExp = (path: string) =>
	new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');

const matchers = operations.map((op) => ({ op, re: templateToRegExp(op.path) }));

const placeholders = (path: string) => (path.match(/\{/g) ?? []).length;

/**
 * The operation a request targets, by service, method and path relative to the base URL.
 * Literal paths win over templated ones (`/Classes/Upcoming` over `/Classes/{id}`).
 */
export function matchOperation(service: string, method: string, path: string): SandboxOperation | undefined {
	const candidates = matchers.filter(
		({ op, re }) => op.service === service && op.method === method.toUpperCase() && re.test(path),
	);
	candidates.sort((a, b) => placeholders(a.op.path) - placeholders(b.op.path));
	return candidates[0]?.op;
}
