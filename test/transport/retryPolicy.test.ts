import { operations } from '../../nodes/shared/catalogue';
import { MAX_RETRIES, MAX_THROTTLED_RETRIES, mayResend, retryDelay } from '../../nodes/shared/transport/retryPolicy';

/** The one place that decides resending; the node, trigger and dropdown tests see it act on the wire. */
describe('retry policy', () => {
	const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
	const byMethod = (status: number) =>
		Object.fromEntries(METHODS.map((method) => [method, mayResend({ method }, status, 1)]));

	test('a 429 is resent whatever the method: the service did not process the request', () => {
		expect(byMethod(429)).toEqual({ GET: true, POST: true, PUT: true, PATCH: true, DELETE: true });
	});

	test('after a 5xx a POST is not resent (the service may have acted); GET, PUT, PATCH and DELETE are', () => {
		for (const status of [500, 502, 503, 504]) {
			expect(byMethod(status)).toEqual({ GET: true, POST: false, PUT: true, PATCH: true, DELETE: true });
		}
	});

	test('no other answer is resent', () => {
		for (const status of [200, 400, 401, 403, 404, 409, 422]) {
			expect(byMethod(status)).toEqual({ GET: false, POST: false, PUT: false, PATCH: false, DELETE: false });
		}
	});

	test('the operations that book, charge or create are POSTs, so none of them is resent after a 5xx', () => {
		const warned = operations.filter((operation) => operation.toolWarning);
		expect(warned.length).toBeGreaterThan(0);
		for (const operation of warned.filter((op) => op.method === 'POST')) {
			expect([mayResend(operation, 500, 1), mayResend(operation, 429, 1)]).toEqual([false, true]);
		}
		const resentWithWarning = warned
			.filter((operation) => mayResend(operation, 500, 1))
			.map((op) => `${op.method} ${op.path}`);
		// Idempotent by method: sending them twice leaves the same state as once.
		expect(resentWithWarning.every((call) => /^(PUT|PATCH|DELETE) /.test(call))).toBe(true);
	});

	test('a 5xx is resent up to 3 times; a 429, which the service did not process, up to 10', () => {
		const get = { method: 'GET' as const };
		const post = { method: 'POST' as const };
		expect([MAX_RETRIES, MAX_THROTTLED_RETRIES]).toEqual([3, 10]);
		expect([3, 4].map((attempt) => mayResend(get, 503, attempt))).toEqual([true, false]);
		expect([10, 11].map((attempt) => mayResend(post, 429, attempt))).toEqual([true, false]);
	});

	test('the wait follows Retry-After, capped at 30 s, else doubles from 0.5 s', () => {
		expect(retryDelay(1, '7')).toBe(7000);
		expect(retryDelay(1, '0')).toBe(0);
		expect(retryDelay(1, '3600')).toBe(30_000);
		expect([1, 2, 3].map((attempt) => retryDelay(attempt, undefined))).toEqual([500, 1000, 2000]);
		expect(retryDelay(1, 'soon')).toBe(500);
		expect(retryDelay(20, undefined)).toBe(30_000);
	});
});
