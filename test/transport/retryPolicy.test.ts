import { operations } from '../../nodes/shared/catalogue';
import { MAX_RETRIES, mayResend, retriableStatus, retryDelay } from '../../nodes/shared/transport/retryPolicy';

/** The one place that decides resending; the node, trigger and dropdown tests see it act on the wire. */
describe('retry policy', () => {
	test('a POST is never resent; GET, PUT, PATCH and DELETE may be', () => {
		const byMethod = Object.fromEntries(
			['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [method, mayResend({ method: method as 'GET' })]),
		);
		expect(byMethod).toEqual({ GET: true, POST: false, PUT: true, PATCH: true, DELETE: true });
	});

	test('the operations that book, charge or create are POSTs, so none of them is resent', () => {
		const warned = operations.filter((operation) => operation.toolWarning);
		expect(warned.length).toBeGreaterThan(0);
		for (const operation of warned.filter((op) => op.method === 'POST')) expect(mayResend(operation)).toBe(false);
		const resentWithWarning = warned.filter((operation) => mayResend(operation)).map((op) => `${op.method} ${op.path}`);
		// Idempotent by method: sending them twice leaves the same state as once.
		expect(resentWithWarning.every((call) => /^(PUT|PATCH|DELETE) /.test(call))).toBe(true);
	});

	test('429 and 5xx are worth another try; other answers are not', () => {
		expect([429, 500, 502, 503, 504].map(retriableStatus)).toEqual([true, true, true, true, true]);
		expect([200, 400, 401, 403, 404, 409, 422].map(retriableStatus)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false,
			false,
		]);
	});

	test('the wait follows Retry-After, capped at 30 s, else doubles from 0.5 s', () => {
		expect(retryDelay(1, '7')).toBe(7000);
		expect(retryDelay(1, '0')).toBe(0);
		expect(retryDelay(1, '3600')).toBe(30_000);
		expect([1, 2, 3].map((attempt) => retryDelay(attempt, undefined))).toEqual([500, 1000, 2000]);
		expect(retryDelay(1, 'soon')).toBe(500);
		expect(retryDelay(20, undefined)).toBe(30_000);
		expect(MAX_RETRIES).toBe(3);
	});
});
