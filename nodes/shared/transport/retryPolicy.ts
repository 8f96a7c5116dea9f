import type { Operation } from '../catalogue';

/**
 * When a call is sent again: the one place that decides it, for the action node, the trigger
 * and the dropdowns alike. Each hands the transport the operation it calls.
 */

/** Tries after the first, after server errors (5xx). */
export const MAX_RETRIES = 3;

/**
 * Tries after the first, after 429 answers. The service did not process a throttled request, so
 * sending it again risks nothing; under steady throttling (a bulk booking) a call may meet
 * several in a row, and each would otherwise fail its item.
 */
export const MAX_THROTTLED_RETRIES = 10;

/** The longest wait between two tries, whatever Retry-After asks. */
const MAX_WAIT_MS = 30_000;

/** The least time worth a try: with less left after a wait, the answer at hand is reported. */
const MIN_TRY_MS = 1000;

/**
 * Whether a call answered `status` on its `attempt`th try is sent again. A 429 (Too Many
 * Requests) means the service did not process the request, so any call is, a POST that books or
 * charges too: sent again as it was, it acts once. After a 5xx the service may have acted, so only
 * calls that do no more when sent twice are: GET, PUT, PATCH and DELETE, never a POST. A time-out
 * is not among them: the call's time limit covers every try, so a try that timed out used it up.
 */
export function mayResend(operation: Pick<Operation, 'method'>, status: number, attempt: number): boolean {
	if (status === 429) return attempt <= MAX_THROTTLED_RETRIES;
	return status >= 500 && operation.method !== 'POST' && attempt <= MAX_RETRIES;
}

/** Wait before the next try: Retry-After when given, else 0.5 s doubling per failed attempt (from 1). */
export function retryDelay(attempt: number, retryAfter: unknown): number {
	const seconds = retryAfter === undefined || retryAfter === '' ? NaN : Number(retryAfter);
	if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_WAIT_MS);
	return Math.min(500 * 2 ** (attempt - 1), MAX_WAIT_MS);
}

/**
 * Whether a try after waiting `waitMs` still fits in the call's time limit (the Timeout option
 * covers the whole call, retries included): the wait must end before the deadline, with at
 * least a second left for the answer.
 */
export const retryFits = (waitMs: number, deadline: number, now = Date.now()): boolean =>
	now + waitMs + MIN_TRY_MS <= deadline;
