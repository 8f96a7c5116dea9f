import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Operation, OperationParam } from '../../shared/catalogue';
import { ID_MAX } from '../../shared/schemas';
import { fieldName, optionalCollection, paramLabel } from '../fields/fieldNames';
import {
	fieldError,
	flattenList,
	idValue,
	isoDateTime,
	leftBlank,
	locatorValue,
	refuseDateLeftEmpty,
	toInteger,
} from '../fields/fieldValues';

export interface BuiltRequest {
	path: string;
	query: Array<[string, string]>;
}

/**
 * Longest query string (after `?`) one request carries. 2,048 characters is IIS's default
 * maxQueryString, the smallest default among the servers an ASP.NET API like Mindbody's sits
 * behind (nginx and Apache allow a request line of about 8 KB, Node 16 KB of headers). With
 * the base URL and the longest path of the catalogue the whole URL stays far below 8 KB.
 */
export const MAX_QUERY_LENGTH = 2048;

const isIdType = (param: OperationParam): param is OperationParam & { type: 'int32' | 'int64' } =>
	param.type === 'int32' || param.type === 'int64';

/** One integer of a parameter: ids by the id rule, other integers within their type. */
function integerValue(ctx: IExecuteFunctions, itemIndex: number, param: OperationParam, value: unknown): number {
	const label = paramLabel(param);
	if (param.id === 'record' && isIdType(param)) return idValue(ctx, itemIndex, label, value, param.type);
	const number = toInteger(value);
	if (number === undefined) throw fieldError(ctx, itemIndex, label, `"${String(value)}" is not a whole number`);
	const max = param.type === 'int32' ? ID_MAX.int32 : ID_MAX.int64;
	if (Math.abs(number) > max) {
		throw fieldError(ctx, itemIndex, label, `${number} is outside the ${param.type} range`);
	}
	return number;
}

/** A parameter's value in wire form (a list for arrays), checked against its type. */
function wireValues(ctx: IExecuteFunctions, itemIndex: number, param: OperationParam, raw: unknown): string[] {
	const label = paramLabel(param);
	if (param.array) {
		const values =
			param.type === 'string'
				? flattenList(raw).map(String)
				: flattenList(raw).map((entry) => String(integerValue(ctx, itemIndex, param, entry)));
		return param.array === 'comma' && values.length ? [values.join(',')] : values;
	}
	const value = locatorValue(raw);
	switch (param.type) {
		case 'int32':
		case 'int64':
			return [String(integerValue(ctx, itemIndex, param, value))];
		case 'double': {
			const number = Number(value);
			if (!Number.isFinite(number)) throw fieldError(ctx, itemIndex, label, `"${String(value)}" is not a number`);
			return [String(number)];
		}
		case 'boolean':
			return [value === true || value === 'true' ? 'true' : 'false'];
		case 'dateTime':
			return [isoDateTime(ctx, itemIndex, label, value)];
		default:
			return [String(value)];
	}
}

/** Fills the path and builds the query of one item from the node's fields. */
export function buildRequest(ctx: IExecuteFunctions, itemIndex: number, operation: Operation): BuiltRequest {
	const optional = ctx.getNodeParameter(optionalCollection(operation).name, itemIndex, {}) as IDataObject;
	let path = operation.path;
	const query: Array<[string, string]> = [];

	for (const param of operation.params) {
		if (operation.paging && (param.name === operation.paging.limit || param.name === operation.paging.offset)) continue;
		const name = fieldName(param, operation);
		const raw = param.required ? ctx.getNodeParameter(name, itemIndex) : optional[name];
		if (leftBlank(raw)) {
			if (param.type === 'dateTime' && !param.required) refuseDateLeftEmpty(ctx, itemIndex, paramLabel(param), raw);
			if (param.required) throw fieldError(ctx, itemIndex, paramLabel(param), 'is required');
			continue;
		}
		const values = wireValues(ctx, itemIndex, param, raw);
		if (param.location === 'path' || param.fillsPath) {
			path = path.replace(`{${param.fillsPath ?? param.name}}`, encodeURIComponent(values[0]));
		}
		if (param.location === 'query') for (const value of values) query.push([param.name, value]);
	}
	return { path, query };
}

/** Length of `key=value` as sent (form-encoded, as the transport serializes the query). */
const pairLength = ([key, value]: [string, string]) => new URLSearchParams([[key, value]]).toString().length;

const queryLength = (query: Array<[string, string]>) =>
	query.reduce((total, pair, index) => total + pairLength(pair) + (index ? 1 : 0), 0);

/**
 * The request as one or more requests whose query fits MAX_QUERY_LENGTH and holds at most a
 * parameter's `maxPerRequest` values (the spec's 20 client IDs per GET Clients). Only a list
 * that names the records returned (`selects`) is split: in order, each request taking as many
 * ids as fit, which is the fewest requests an in-order split can make. Any other list too long
 * for one URL is an error naming the field, before anything is sent.
 */
export function splitRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	maxQueryLength = MAX_QUERY_LENGTH,
): BuiltRequest[] {
	const capped = operation.params.find(
		(p) => p.maxPerRequest && built.query.filter(([key]) => key === p.name).length > p.maxPerRequest,
	);
	if (!capped && queryLength(built.query) <= maxQueryLength) return [built];
	const param = capped ?? operation.params.find((p) => p.selects && built.query.some(([key]) => key === p.name));
	if (!param) {
		const longest = operation.params.find((p) => p.array && built.query.some(([key]) => key === p.name));
		throw fieldError(
			ctx,
			itemIndex,
			longest?.displayName ?? 'Query',
			`too many values for one request (the query would be ${queryLength(built.query)} characters; at most ${maxQueryLength} are sent in one URL)`,
		);
	}
	const first = built.query.findIndex(([key]) => key === param.name);
	const before = built.query.slice(0, first).filter(([key]) => key !== param.name);
	const after = built.query.slice(first).filter(([key]) => key !== param.name);
	const ids = built.query.filter(([key]) => key === param.name);
	const fixed = queryLength([...before, ...after]);
	const chunks: Array<Array<[string, string]>> = [];
	let chunk: Array<[string, string]> = [];
	let length = fixed;
	const perRequest = param.maxPerRequest ?? Infinity;
	for (const pair of ids) {
		let size = pairLength(pair) + (length ? 1 : 0);
		if (chunk.length && (length + size > maxQueryLength || chunk.length >= perRequest)) {
			chunks.push(chunk);
			chunk = [];
			length = fixed;
			size = pairLength(pair) + (length ? 1 : 0);
		}
		if (length + size > maxQueryLength) {
			throw fieldError(ctx, itemIndex, paramLabel(param), 'the other fields leave no room for an ID in one URL');
		}
		chunk.push(pair);
		length += size;
	}
	chunks.push(chunk);
	return chunks.map((part) => ({ path: built.path, query: [...before, ...part, ...after] }));
}
