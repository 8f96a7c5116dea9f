import type { IExecuteFunctions } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import type { BuiltRequest } from './request';
import { sendOperation } from './send';

/** limit/offset paging: pages until a short page, or until the node's Limit is reached. */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
): Promise<unknown[]> {
	const paging = operation.paging!;
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? Infinity : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
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
		const page = Array.isArray(response.body) ? response.body : [];
		results.push(...page);
		if (page.length < want) break;
		offset += page.length;
	}
	return results;
}
