import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import type { BuiltRequest } from './request';
import { sendOperation, type NodeRun } from './send';

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
 * Entries asked for per page after a full first page of a list without a total. The spec states a
 * default page size (100) and no maximum; each request is billed, so a long list is read in
 * fewer, larger pages. A service that caps the page answers fewer; one that refuses the size
 * (400) is asked again at the default size.
 */
export const LARGE_PAGE = 1000;

type Page = (offset: number, size: number) => Promise<{ entries: unknown[]; total?: number }>;

/**
 * limit/offset paging, up to `limit` entries (the node's Limit; Infinity with Return All). When
 * the first page reports the total, the other pages are asked for at once (the run's bound on
 * requests in flight applies); otherwise one after another in larger pages (`largePages`). No
 * maximum page size is stated, so none is assumed: a service that answers fewer than asked sets
 * the stride.
 */
export async function fetchAllPages(
	run: NodeRun,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	limit: number,
): Promise<unknown[]> {
	const paging = operation.paging!;
	const page = async (offset: number, size: number) => {
		const response = await sendOperation(
			run,
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
		// No total: a short first page is the whole list; else read on in larger pages.
		if (stride < Math.min(paging.pageSize, limit)) return results;
		return await largePages(results, stride, limit, page);
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

/**
 * The rest of a list without a total, after a full first page of `proven` entries. Pages of
 * LARGE_PAGE are asked for one after another. A page shorter than asked ends the list when it is
 * also shorter than the largest page the service has answered (its cap, if any, is at least
 * that); otherwise it may be the service's cap, so the next page is asked for and an empty one
 * ends it. Unless the service refuses the size, this never takes more requests than pages of the
 * first page's size would.
 */
export async function largePages(results: unknown[], proven: number, limit: number, page: Page): Promise<unknown[]> {
	let size = LARGE_PAGE;
	for (let offset = results.length; results.length < limit; ) {
		const want = Math.min(size, limit - results.length);
		// A size the service refuses (400): the rest at the size it has answered.
		const answer = await page(offset, want).catch((error: { httpCode?: unknown }) => {
			if (want > proven && error.httpCode === '400') return undefined;
			throw error;
		});
		if (!answer) {
			size = proven;
			continue;
		}
		const { entries } = answer;
		results.push(...entries.slice(0, limit - results.length));
		offset += entries.length;
		if (!entries.length || (entries.length < want && entries.length < proven)) break;
		proven = Math.max(proven, entries.length);
	}
	return results;
}

async function sequentially(
	results: unknown[],
	stride: number,
	limit: number,
	page: Page,
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
