import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue';
import { mindbodyRequest, RunSession } from '../shared/transport';

/** What a poll read from one list: its records, and whether its pages agreed with each other. */
export interface Listing {
	records: IDataObject[];
	/** No record twice and the same total on every page: nothing moved while the pages were read. */
	whole: boolean;
}

/** The session of one poll: n8n hands the same context to every poll of an activation, each poll starts its own. */
export const pollSession = (ctx: IPollFunctions): RunSession => new RunSession(ctx);

export type Query = Array<[string, string]>;

/** One answer of an operation without paging (its body as an object). */
export async function readOne(session: RunSession, operation: Operation, query: Query): Promise<IDataObject> {
	const response = await mindbodyRequest(session, { operation, path: operation.path, query });
	return (response.body ?? {}) as IDataObject;
}

/**
 * Every page of a list from the first: each request asks for the catalogue's page size and the
 * next starts where the last answer ended, so a service that answers fewer rows sets the stride.
 * Pages are read one after another, so an idle poll costs one request and a busy one the pages
 * that hold its rows. `maxPages` bounds a read that only looks for a sample.
 */
export async function readPages(
	session: RunSession,
	operation: Operation,
	query: Query,
	keyOf: (record: IDataObject) => string,
	maxPages = Infinity,
): Promise<Listing> {
	const paging = operation.paging;
	if (!paging?.list) throw new Error(`${operation.resource}.${operation.operation} is not a paged list`);
	const records: IDataObject[] = [];
	const keys = new Set<string>();
	let whole = true;
	let firstTotal: number | undefined;
	for (let offset = 0, pages = 0; pages < maxPages; pages++) {
		const response = await mindbodyRequest(session, {
			operation,
			path: operation.path,
			query: [...query, [paging.limit, String(paging.pageSize)], [paging.offset, String(offset)]],
		});
		const body = (response.body ?? {}) as IDataObject;
		const rows = Array.isArray(body[paging.list]) ? (body[paging.list] as IDataObject[]) : [];
		const total = (body.PaginationResponse as IDataObject | undefined)?.TotalResults;
		if (typeof total === 'number') {
			firstTotal ??= total;
			if (total !== firstTotal) whole = false;
		}
		for (const row of rows) {
			const key = keyOf(row);
			if (keys.has(key)) whole = false;
			keys.add(key);
			records.push(row);
		}
		offset += rows.length;
		const done = typeof total === 'number' ? offset >= total : rows.length < paging.pageSize;
		if (!rows.length || done) return { records, whole };
	}
	return { records, whole: false };
}
