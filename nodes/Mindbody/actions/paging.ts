import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import type { BuiltRequest } from './request';
import { sendOperation } from './send';

/** One page of an answer: its entries, and the total the service reports (v6 answers do). */
export function pageOf(operation: Operation, body: unknown): { entries: unknown[]; total?: number } {
	const list = operation.paging?.list;
	if (!list) return { entries: Array.isArray(body) ? body : [] };
	const answer = (body ?? {}) as IDataObject;
	const entries = answer[list];
	const total = (answer.PaginationResponse as IDataObject | undefined)?.TotalResults;
	return {
		entries: Array.isArray(entries) ? entries : [],
		...(typeof total === 'number' ? { total } : {}),
	};
}

/**
 * limit/offset paging, up to `limit` entries (the node's Limit; Infinity with Return All). When
 * the first page reports the total, the other pages are asked for at once (the run's bound on
 * requests in flight applies); otherwise one after another until a short page. No maximum page
 * size is stated, so none is assumed: a service that answers fewer than asked sets the stride.
 */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	limit: number,
): Promise<unknown[]> {
	const paging = operation.paging!;
	const page = async (offset: number, size: number) => {
		const response = await sendOperation(
			ctx,
			itemIndex,
			operation,
			{ path: built.path, query: [...built.query, [paging.limit, String(size)], [paging.offset, String(offset)]] },
			undefined,
		);
		return pageOf(operation, response.body);
	};

	const first = await page(0, Math.min(paging.pageSize, limit));
	const results = first.entries.slice(0, limit);
	const stride = first.entries.length;
	if (!stride || results.length >= limit) return results;
	if (first.total === undefined) {
		// No total: read on until a short page.
		if (stride < Math.min(paging.pageSize, limit)) return results;
		return sequentially(results, stride, limit, page, paging.pageSize);
	}
	const wanted = Math.min(limit, first.total);
	const offsets: number[] = [];
	for (let offset = stride; offset < wanted; offset += stride) offsets.push(offset);
	const pages = await Promise.all(offsets.map((offset) => page(offset, Math.min(stride, wanted - offset))));
	for (const [index, rest] of pages.entries()) {
		results.push(...rest.entries);
		// Fewer than asked in the middle: the data moved under us; read on from here one by one.
		if (rest.entries.length < Math.min(stride, wanted - offsets[index]) && index < pages.length - 1) {
			results.splice(offsets[index] + rest.entries.length);
			return sequentially(results, stride, wanted, page, paging.pageSize);
		}
	}
	return results.slice(0, wanted);
}

async function sequentially(
	results: unknown[],
	stride: number,
	limit: number,
	page: (offset: number, size: number) => Promise<{ entries: unknown[]; total?: number }>,
	pageSize: number,
): Promise<unknown[]> {
	for (let offset = results.length; results.length < limit; ) {
		const want = Math.min(Math.max(stride, 1), pageSize, limit - results.length);
		const { entries, total } = await page(offset, want);
		results.push(...entries.slice(0, limit - results.length));
		offset += entries.length;
		if (!entries.length) break;
		if (total !== undefined ? offset >= total : entries.length < want) break;
	}
	return results;
}
