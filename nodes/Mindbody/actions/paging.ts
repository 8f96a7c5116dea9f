import type { Operation } from '../../shared/catalogue';
import { pageQuery, readAll } from '../../shared/transport/pages';
import type { BuiltRequest } from './request';
import { sendOperation, type NodeRun } from './send';

/** Return All (or up to Limit) of a paged operation: the shared page reader, each page sent for this item. */
export async function fetchAllPages(
	run: NodeRun,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	limit: number,
): Promise<unknown[]> {
	const request = async (offset: number, size: number) =>
		(
			await sendOperation(
				run,
				itemIndex,
				operation,
				{ path: built.path, query: [...built.query, ...pageQuery(operation, offset, size)] },
				undefined,
			)
		).body;
	return await readAll(operation, request, limit);
}
