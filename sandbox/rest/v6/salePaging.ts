import type { SandboxResponse } from '../../context';
import { v6Page } from '../../v6/answers';
import type { RestCall } from '../call';

/** A v6 page whose entries are built for the page only (the sales ledger holds thousands). */
export function viewPage<T>(
	call: RestCall,
	listKey: string,
	rows: readonly T[],
	view: (row: T) => unknown,
	extra: Record<string, unknown> = {},
): SandboxResponse {
	const answer = v6Page(call, listKey, rows, extra);
	if (answer.status === 200) {
		const body = answer.body as Record<string, unknown>;
		body[listKey] = (body[listKey] as T[]).map(view);
	}
	return answer;
}
