import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue';
import { mindbodyRequest, type MindbodyFunctions } from '../shared/transport';
import { readInOrder, type Reading } from '../shared/transport/pages';

/**
 * A new object per poll, because the transport keeps a credential read for as long as the
 * context object lives, and n8n hands the same poll context to every poll of an activation.
 */
export const pollContext = (ctx: IPollFunctions): MindbodyFunctions => Object.create(ctx) as IPollFunctions;

export type Query = Array<[string, string]>;

/** One answer of an operation without paging (its body as an object). */
export async function readOne(ctx: MindbodyFunctions, operation: Operation, query: Query): Promise<IDataObject> {
	const response = await mindbodyRequest(ctx, { operation, path: operation.path, query });
	return (response.body ?? {}) as IDataObject;
}

export interface ListOptions {
	/** Pages at most: a read that only looks for a sample. */
	maxPages?: number;
	/** Asked before each later page: false ends the read there (the poll's time is running out). */
	goOn?: () => boolean;
}

/**
 * Every page of a list, in order, each page checked to begin where the last one ended
 * (`readInOrder`): an idle poll costs one request, a busy one the pages that hold its rows.
 */
export async function readList(
	ctx: MindbodyFunctions,
	operation: Operation,
	query: Query,
	keyOf: (record: IDataObject) => string,
	options: ListOptions = {},
): Promise<Reading> {
	const { limit, offset } = operation.paging!;
	return await readInOrder(
		operation,
		async (from, size) =>
			(
				await mindbodyRequest(ctx, {
					operation,
					path: operation.path,
					query: [...query, [limit, String(size)], [offset, String(from)]],
				})
			).body,
		{ keyOf, ...options },
	);
}
