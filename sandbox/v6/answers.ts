import type { V6Field } from '../../document/factTypes';
import { V6_TYPES } from '../../document/facts';
import type { SandboxResponse } from '../context';
import type { RestCall } from '../rest/call';

/** Answers of the v6 operations: the service's error shape, pages, and bodies bound to the facts. */

/** A V6 error: a code and a message (spec Errors 2), e.g. `{ Error: { Code: 'ClientNotFound', … } }`. */
export const v6Error = (status: number, code: string, message: string): SandboxResponse => ({
	status,
	body: { Error: { Message: message, Code: code } },
});

export const v6Json = (body: unknown, status = 200): SandboxResponse => ({ status, body });

/**
 * A page of `rows` as the v6 answers give it: the named list beside PaginationResponse, honouring
 * request.limit (default 100) and request.offset (default 0). The admin API can cap the page
 * size, to show a client that reads on while TotalResults says more remain.
 */
export function v6Page<T>(
	call: RestCall,
	listKey: string,
	rows: readonly T[],
	extra: Record<string, unknown> = {},
	/** Builds an entry's answer record: only the page's entries are built. */
	view: (row: T) => unknown = (row) => row,
) {
	const names = call.op.paging ?? { limit: 'request.limit', offset: 'request.offset' };
	const limit = call.params.int(names.limit) ?? 100;
	const offset = call.params.int(names.offset) ?? 0;
	if (limit < 1) return v6Error(400, 'InvalidParameter', `${names.limit} must be at least 1.`);
	if (offset < 0) return v6Error(400, 'InvalidParameter', `${names.offset} must not be negative.`);
	const max = call.store.maxPageSize ?? Infinity;
	if (limit > max && call.store.oversizedPages === 'refuse') {
		return v6Error(400, 'InvalidParameter', `${names.limit} must be at most ${max}.`);
	}
	const size = Math.min(limit, max);
	const page = rows.slice(offset, offset + size).map(view);
	return v6Json({
		PaginationResponse: {
			RequestedLimit: limit,
			RequestedOffset: offset,
			PageSize: page.length,
			TotalResults: rows.length,
		},
		[listKey]: page,
		...extra,
	});
}

/** A body renamed to the document's spelling of each field (the binder ignores case), at any depth. */
export function bindToFacts(field: V6Field, value: unknown): unknown {
	if (value === null || value === undefined || typeof field === 'string') return value;
	if ('list' in field) return Array.isArray(value) ? value.map((entry) => bindToFacts(field.list, entry)) : value;
	if (!('ref' in field) || typeof value !== 'object' || Array.isArray(value)) return value;
	const fields = V6_TYPES[field.ref].fields;
	const names = new Map(Object.keys(fields).map((name) => [name.toLowerCase(), name]));
	return Object.fromEntries(
		Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
			const name = names.get(key.toLowerCase());
			return name ? [name, bindToFacts(fields[name], entry)] : [key, entry];
		}),
	);
}

/** Text for a number field, "true"/"false" for a flag: the values the binder would have made. */
export function coerceToFacts(field: V6Field, value: unknown): unknown {
	if (value === null || value === undefined) return value;
	if (typeof field === 'string' || 'type' in field) {
		const type = typeof field === 'string' ? field : field.type;
		if (['int32', 'int64', 'double', 'float'].includes(type) && typeof value === 'string') return Number(value);
		if (type === 'boolean' && typeof value === 'string') return value === 'true';
		if (['string', 'uuid'].includes(type) && typeof value === 'number') return String(value);
		return value;
	}
	if ('enum' in field)
		return typeof value === 'number'
			? field.enum[value]
			: field.enum.find((e) => e.toLowerCase() === String(value).toLowerCase());
	if ('list' in field) return Array.isArray(value) ? value.map((entry) => coerceToFacts(field.list, entry)) : value;
	if (typeof value !== 'object' || Array.isArray(value)) return value;
	const fields = V6_TYPES[field.ref].fields;
	return Object.fromEntries(
		Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
			key,
			key in fields ? coerceToFacts(fields[key], entry) : entry,
		]),
	);
}
