import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue';
import { mindbodyRequest, RunSession } from '../shared/transport';
import { pageQuery, readInOrder, type Reading, type ReadingPlace } from '../shared/transport/pages';

export type Query = Array<[string, string]>;

/** One answer of an operation without paging (its body as an object). */
export async function readOne(session: RunSession, operation: Operation, query: Query): Promise<IDataObject> {
	const response = await mindbodyRequest(session, { operation, path: operation.path, query });
	return (response.body ?? {}) as IDataObject;
}

export interface ListOptions {
	/** Pages at most: a read that only looks for a sample. */
	maxPages?: number;
	/** Asked before each later page: false ends the read there (the poll's time is running out). */
	goOn?: () => boolean;
	/** Where an earlier read of the same list stopped: this one goes on from there. */
	from?: ReadingPlace;
}

/**
 * Every page of a list, in order, each page checked to begin where the last one ended
 * (`readInOrder`): an idle poll costs one request, a busy one the pages that hold its rows.
 */
export async function readList(
	session: RunSession,
	operation: Operation,
	query: Query,
	keyOf: (record: IDataObject) => string,
	options: ListOptions = {},
): Promise<Reading> {
	return await readInOrder(
		operation,
		async (from, size) =>
			(
				await mindbodyRequest(session, {
					operation,
					path: operation.path,
					query: [...query, ...pageQuery(operation, from, size)],
				})
			).body,
		{ keyOf, ...options },
	);
}
