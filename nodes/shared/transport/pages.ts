import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../catalogue';

/**
 * The one reader of paged lists (limit/offset), for the action node's Return All, the dropdowns and
 * the poll trigger. Each caller hands it a function that asks for one page (the transport call with
 * its own context), so paging knows nothing of how a request is sent.
 */

/** One page of an answer: its entries, and the total the service reports (v6 answers do). */
export interface Page {
	entries: unknown[];
	total?: number;
}

/** Asks the service for `size` entries from `offset` and returns the answer's body. */
export type PageRequest = (offset: number, size: number) => Promise<unknown>;

/**
 * Where an operation's answer holds its entries: `items`, the named list of a v6 answer (`paging.list`
 * on a paged one), or the answer itself for a plain list.
 */
function listKeyOf(operation: Operation): string | undefined {
	if (operation.output === 'itemsList') return 'items';
	return operation.paging?.list ?? (operation.output === 'namedList' ? operation.outputKey : undefined);
}

/**
 * The one way entries are taken out of an answer: its list where the operation says the answer
 * holds one, or entries already taken out (a list); nothing else is a list of entries.
 */
export function entriesOf(operation: Operation, body: unknown): unknown[] {
	if (Array.isArray(body)) return body;
	const key = listKeyOf(operation);
	const list = key === undefined ? undefined : (body as IDataObject | null | undefined)?.[key];
	return Array.isArray(list) ? list : [];
}

/** The entries and total of one answer of a paged operation. */
export function pageOf(operation: Operation, body: unknown): Page {
	const total = ((body as IDataObject | null | undefined)?.PaginationResponse as IDataObject | undefined)?.TotalResults;
	return {
		entries: entriesOf(operation, body),
		...(operation.paging?.list && typeof total === 'number' ? { total } : {}),
	};
}

/** The query parameters asking a paged operation for `size` entries from `offset`. */
export function pageQuery(operation: Operation, offset: number, size: number): Array<[string, string]> {
	const { limit, offset: from } = pagingOf(operation);
	return [
		[limit, String(size)],
		[from, String(offset)],
	];
}

function pagingOf(operation: Operation) {
	const paging = operation.paging;
	if (!paging) throw new Error(`${operation.resource}.${operation.operation} is not a paged list`);
	return paging;
}

/** Whether a page ends the list: the total is reached, or the page is shorter than asked. */
const endsList = (page: Page, start: number, asked: number) =>
	!page.entries.length ||
	(page.total !== undefined ? start + page.entries.length >= page.total : page.entries.length < asked);

/** One page from `offset`, and the offset of the next when more remain (a dropdown reads on as the user scrolls). */
export async function readPage(
	operation: Operation,
	request: PageRequest,
	offset: number,
	size: number,
): Promise<Page & { next?: number }> {
	pagingOf(operation);
	const page = pageOf(operation, await request(offset, size));
	return endsList(page, offset, size) ? page : { ...page, next: offset + page.entries.length };
}

/** What a reading on from one page found, and the offset of the next page when more remain. */
export interface ReadOn<T> {
	found: T[];
	next?: number;
}

/**
 * Pages one after another from `offset`, each read by `readAt` (a page from an offset and the
 * offset of the next), until `enough` says what was found suffices, `maxPages` have been read or
 * the list ends. A dropdown reads on this way as the user scrolls: a multi-select up to its most
 * entries, a search through pages none of whose entries it shows.
 */
export async function readOn<T>(
	offset: number,
	readAt: (offset: number) => Promise<{ entries: T[]; next?: number }>,
	enough: (found: T[]) => boolean,
	maxPages = Infinity,
): Promise<ReadOn<T>> {
	const found: T[] = [];
	let next: number | undefined = offset;
	for (let pages = 0; next !== undefined && !enough(found) && pages < maxPages; pages++) {
		const page: { entries: T[]; next?: number } = await readAt(next);
		found.push(...page.entries);
		next = page.next;
	}
	return { found, ...(next !== undefined ? { next } : {}) };
}

/**
 * Entries asked for per page after a full first page of a list without a total. The spec states a
 * default page size (100) and no maximum; each request is billed, so a long list is read in
 * fewer, larger pages. A service that caps the page answers fewer; one that refuses the size
 * (400) is asked again at the default size.
 */
export const LARGE_PAGE = 1000;

type PageReader = (offset: number, size: number) => Promise<Page>;

/**
 * Every entry up to `limit` (Infinity for all). When the first page reports the total, the other
 * pages are asked for at once (the caller bounds requests in flight); otherwise one after another
 * in larger pages (`largePages`). No maximum page size is stated, so none is assumed: a service
 * that answers fewer than asked sets the stride.
 */
export async function readAll(operation: Operation, request: PageRequest, limit: number): Promise<unknown[]> {
	const paging = pagingOf(operation);
	const page: PageReader = async (offset, size) => pageOf(operation, await request(offset, size));
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
			return await oneByOne(results, stride, wanted, page, paging.pageSize);
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
export async function largePages(
	results: unknown[],
	proven: number,
	limit: number,
	page: PageReader,
): Promise<unknown[]> {
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

async function oneByOne(
	results: unknown[],
	stride: number,
	limit: number,
	page: PageReader,
	pageSize: number,
): Promise<unknown[]> {
	for (let offset = results.length; results.length < limit; ) {
		const want = Math.min(Math.max(stride, 1), pageSize, limit - results.length);
		const answer = await page(offset, want);
		results.push(...answer.entries.slice(0, limit - results.length));
		offset += answer.entries.length;
		if (endsList(answer, offset - answer.entries.length, want)) break;
	}
	return results;
}

/** What a reading in order found: each record once (its last reading), and whether nothing can have slipped past. */
export interface Reading {
	records: IDataObject[];
	/** The list was read to its end (not cut short by `maxPages` or `goOn`). */
	complete: boolean;
	/**
	 * Every page began where the last one ended (its last record found again at the start of the
	 * next), and the list was read to its end: a record that stayed in the list unchanged was read.
	 */
	whole: boolean;
	/** Where a reading cut short by `goOn` got to: given as `from`, a later reading goes on there. */
	next?: ReadingPlace;
}

/** A place in a list read in order: the offset reached and the key of the last record read. */
export interface ReadingPlace {
	offset: number;
	last?: string;
}

export interface InOrderOptions {
	/** The record's identity, to find a page's last record again and to keep each record once. */
	keyOf(record: IDataObject): string;
	/** Pages at most (a sample); a reading cut short is not whole. */
	maxPages?: number;
	/** Asked before each page after the first: false stops the reading there (a time budget). */
	goOn?(): boolean;
	/** Go on from where an earlier reading stopped (its `next`), paying for none of its pages again. */
	from?: ReadingPlace;
}

/** Rows each page reads again from the page before, to find where the list has moved. */
export const PAGE_OVERLAP = 5;
/** Pages stepped back at most to find a page's last record again. */
const MAX_STEPS_BACK = 2;

/**
 * Every page of a list, one after another, for lists that change while they are read (a list of
 * changes: a record that changes moves within it, new ones come in). Each page after the first
 * starts PAGE_OVERLAP rows before the last one ended and must find its last record again there:
 * found further on, records came in before it (what it rereads is dropped); not found, records
 * before it left, so rows it had not read moved back past the page start, and the reading steps a
 * page back to find it. A record whose last record cannot be found again (it changed and moved
 * too) makes the reading not whole. An idle reading costs one request; each later page asks for
 * PAGE_OVERLAP rows it has already read.
 */
export async function readInOrder(
	operation: Operation,
	request: PageRequest,
	options: InOrderOptions,
): Promise<Reading> {
	const { pageSize } = pagingOf(operation);
	const { keyOf } = options;
	const byKey = new Map<string, IDataObject>();
	let whole = true;
	let offset = options.from?.offset ?? 0;
	let last = options.from?.last;
	for (let pages = 0; ; pages++) {
		if (pages >= (options.maxPages ?? Infinity) || (pages > 0 && options.goOn?.() === false)) {
			return { records: [...byKey.values()], complete: false, whole: false, next: { offset, last } };
		}
		let asked = last === undefined ? 0 : Math.max(0, offset - PAGE_OVERLAP);
		let page = pageOf(operation, await request(asked, pageSize));
		let from = 0;
		if (last !== undefined) {
			let found = (page.entries as IDataObject[]).findIndex((row) => keyOf(row) === last);
			for (let step = 1; found < 0 && asked > 0 && step <= MAX_STEPS_BACK; step++) {
				asked = Math.max(0, asked - pageSize + PAGE_OVERLAP);
				page = pageOf(operation, await request(asked, pageSize));
				found = (page.entries as IDataObject[]).findIndex((row) => keyOf(row) === last);
			}
			if (found < 0) whole = false;
			from = found + 1;
		}
		const rows = page.entries.slice(from) as IDataObject[];
		for (const row of rows) byKey.set(keyOf(row), row);
		if (rows.length) last = keyOf(rows[rows.length - 1]);
		offset = asked + page.entries.length;
		if (endsList(page, asked, pageSize)) return { records: [...byKey.values()], complete: true, whole };
	}
}
