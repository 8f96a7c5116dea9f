import type { SandboxResponse } from '../context';
import { text, type RestCall } from './call';

export type PageResult<T> = { rows: T[] } | { error: SandboxResponse };

/** limit/offset paging with the spec's defaults (100 and 0), named by the catalogue. */
export function page<T>(call: RestCall, rows: T[]): PageResult<T> {
	const paging = call.op.paging!;
	const limit = call.params.int(paging.limit) ?? paging.pageSize;
	const offset = call.params.int(paging.offset) ?? 0;
	if (limit < 1) return { error: text(400, `${paging.limit} must be at least 1.`) };
	if (offset < 0) return { error: text(400, `${paging.offset} must not be negative.`) };
	const max = call.store.maxPageSize ?? Infinity;
	if (limit > max && call.store.oversizedPages === 'refuse') {
		return { error: text(400, `${paging.limit} must be at most ${max}.`) };
	}
	return { rows: rows.slice(offset, offset + Math.min(limit, max)) };
}
