import type { Operation } from '../catalogue';

/**
 * When a call is sent again: the one place that decides it, for the action node, the trigger
 * and the dropdowns alike. Each hands the transport the operation it calls.
 */

/** Tries after the first. */
export const MAX_RETRIES = 3;

/** The longest wait between two tries, whatever Retry-After asks. */
const MAX_WAIT_MS = 30_000;

/** The least time worth a try: with less left after a wait, the answer at hand is reported. */
const MIN_TRY_MS = 1000;

/**
 * Whether the operation may be sent twice: sending it again must do no more than once did.
 * A POST may book, charge or create, so it never is; GET, PUT, PATCH and DELETE may.
 */
export const mayResend = (operation: Pick<Operation, 'method'>): boolean => operation.method !== 'POST';

/**
 * Answers worth another try: too many requests, and the server's own failures. A time-out is
 * not among them: the call's time limit covers every try, so a try that timed out used it up.
 */
export const retriableStatus = (status: number): boolean => status === 429 || status >= 500;

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
