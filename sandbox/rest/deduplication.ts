import type { SandboxResponse } from '../context';
import { header } from './auth';
import type { Handler, RestCall } from './call';

/**
 * Request deduplication (spec rule 5) of the operations the catalogue marks `deduplicated`: an
 * identical request (same operation, body, API key and token holder) within DEDUP_WINDOW_MS on the
 * sandbox clock of a successful one counts as the same request: the first answer comes again and
 * nothing more is booked. `X-RequestDeduplication-Skip: true` skips the check for that request.
 * Failed requests and Test calls are not remembered, so they can be retried at once.
 */
export const DEDUP_WINDOW_MS = 10_000;

export const DEDUP_SKIP_HEADER = 'X-RequestDeduplication-Skip';

function keyOf(call: RestCall): string {
	const caller = call.user ? `${call.user.Type}:${call.user.UserId}` : 'anonymous';
	return JSON.stringify([call.op.id, call.account.apiKey, caller, call.body ?? null]);
}

export function deduplicated(handler: Handler): Handler {
	return async (call) => {
		const records = call.site.classRecords;
		records.recentRequests = records.recentRequests.filter((r) => call.now - r.at < DEDUP_WINDOW_MS);
		const skip = header(call.req, DEDUP_SKIP_HEADER)?.trim().toLowerCase() === 'true';
		const key = keyOf(call);
		const earlier = skip ? undefined : records.recentRequests.find((r) => r.key === key);
		if (earlier) return { status: earlier.status, body: structuredClone(earlier.body) };
		const answer: SandboxResponse = await handler(call);
		const test = (call.body as { Test?: unknown } | undefined)?.Test === true;
		if (answer.status < 300 && !test) {
			records.recentRequests.push({ key, at: call.now, status: answer.status, body: structuredClone(answer.body) });
		}
		return answer;
	};
}
