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
 * limit/offset paging: pages until the reported total is read (or, without one, a short page),
 * or until `limit` entries are read (the node's Limit; Infinity with Return All). No maximum page size is stated, so none is assumed: a
 * service that answers fewer than asked is read on while its total says more remain.
 */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	limit: number,
): Promise<unknown[]> {
	const paging = operation.paging!;
	const results: unknown[] = [];
	for (let offset = 0; results.length < limit; ) {
		const want = Math.min(paging.pageSize, limit - results.length);
		const response = await sendOperation(
			ctx,
			itemIndex,
			operation,
			{
				path: built.path,
				query: [...built.query, [paging.limit, String(want)], [paging.offset, String(offset)]],
			},
			undefined,
		);
		const { entries, total } = pageOf(operation, response.body);
		results.push(...entries.slice(0, limit - results.length));
		offset += entries.length;
		if (!entries.length) break;
		if (total !== undefined ? offset >= total : entries.length < want) break;
	}
	return results;
}
