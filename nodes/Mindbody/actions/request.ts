import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Operation, OperationParam } from '../../shared/catalogue';
import { fieldName, optionalCollection } from '../description/fieldNames';
import { fieldError, flattenList, integerList, isoDateTime, locatorValue, toInteger } from './values';

export interface BuiltRequest {
	path: string;
	query: Array<[string, string]>;
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A parameter's value in wire form (a list for arrays), checked against its type. */
function wireValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	param: OperationParam,
	raw: unknown,
): string[] {
	const label = param.displayName;
	if (param.array) {
		const values =
			param.type === 'string' ? flattenList(raw).map(String) : integerList(ctx, itemIndex, label, raw).map(String);
		return param.array === 'comma' && values.length ? [values.join(',')] : values;
	}
	const value = locatorValue(raw);
	switch (param.type) {
		case 'int32':
		case 'int64': {
			const number = toInteger(value);
			if (number === undefined) throw fieldError(ctx, itemIndex, label, `"${String(value)}" is not a whole number`);
			return [String(number)];
		}
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
		if (isEmpty(locatorValue(raw))) {
			if (param.required) throw fieldError(ctx, itemIndex, param.displayName, 'is required');
			continue;
		}
		const values = wireValues(ctx, itemIndex, param, raw);
		if (param.positiveId && Number(values[0]) < 1) {
			throw fieldError(ctx, itemIndex, param.displayName, 'must be a positive ID');
		}
		if (param.location === 'path' || param.fillsPath) {
			path = path.replace(`{${param.fillsPath ?? param.name}}`, encodeURIComponent(values[0]));
		}
		if (param.location === 'query') for (const value of values) query.push([param.name, value]);
	}
	return { path, query };
}
