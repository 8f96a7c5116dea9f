import {
	advance,
	cursorFromDate,
	cursorFromNow,
	isNews,
	requestFloor,
	type ChangeCursor,
} from '../../nodes/MindbodyPollTrigger/changeCursor';
import { DAY_MS, MINUTE_MS, stampLike, stampMs } from '../../nodes/MindbodyPollTrigger/stamps';

const NOW = Date.parse('2026-03-02T08:00:00Z');
const OVERLAP = 5 * MINUTE_MS;
const at = (startedAt: number) => ({ startedAt, endedAt: startedAt + 500 });

/** A cursor past its first polls, in the site's time (no zone), as the real service writes it. */
const settledAt = (after: string): ChangeCursor => ({ after, seen: {}, marks: [] });

describe('times the service writes', () => {
	it('reads a time without a zone as UTC, one with a zone as that instant, a date as its midnight', () => {
		expect(stampMs('2026-03-02T08:00:00')).toBe(NOW);
		expect(stampMs('2026-03-02T08:00:00Z')).toBe(NOW);
		expect(stampMs('2026-03-02T09:00:00+01:00')).toBe(NOW);
		expect(stampMs('2026-03-02T08:00:00.37')).toBe(NOW + 370);
		expect(stampMs('2026-03-02')).toBe(NOW - 8 * 3_600_000);
		expect([stampMs(''), stampMs(null), stampMs('soon')]).toEqual([undefined, undefined, undefined]);
	});

	it('writes a time back the way the service wrote the one it came from', () => {
		expect(stampLike(NOW + 1, '2026-03-02T08:00:00')).toBe('2026-03-02T08:00:00.001');
		expect(stampLike(NOW + 1, '2026-03-02T08:00:00Z')).toBe('2026-03-02T08:00:00.001Z');
	});
});

describe('the change cursor', () => {
	it('starts from now: passes on what changed after a day back, and asks from two days back', () => {
		const cursor = cursorFromNow(NOW);
		expect(stampMs(cursor.after)).toBe(NOW - DAY_MS);
		expect(requestFloor(cursor, true)).toBe(new Date(NOW - 2 * DAY_MS).toISOString());
	});

	it('starts from a date: a change at that very time counts', () => {
		const cursor = cursorFromDate('2026-03-01T00:00:00')!;
		expect(isNews(cursor, { key: 'a', stamp: '2026-03-01T00:00:00' })).toBe(true);
		expect(isNews(cursor, { key: 'a', stamp: '2026-02-28T23:59:59.999' })).toBe(false);
		expect(requestFloor(cursor, true)).toBe('2026-03-01T00:00:00.000');
		expect(requestFloor(cursor, false)).toBe('2026-02-28T23:59:59.999');
		expect(cursorFromDate('not a date')).toBeUndefined();
	});

	it('asks from just after `after` in the site’s own way of writing it', () => {
		expect(requestFloor(settledAt('2026-03-02T08:00:00'), true)).toBe('2026-03-02T08:00:00.001');
		expect(requestFloor(settledAt('2026-03-02T08:00:00Z'), true)).toBe('2026-03-02T08:00:00.001Z');
		// "after this time" filters: `after` itself.
		expect(requestFloor(settledAt('2026-03-02T08:00:00'), false)).toBe('2026-03-02T08:00:00');
	});

	it('tells a change read again from a new one, including one at the very same time', () => {
		let cursor = settledAt('2026-03-02T07:00:00');
		const a = { key: 'a', stamp: '2026-03-02T08:00:00' };
		expect(isNews(cursor, a)).toBe(true);
		cursor = advance(cursor, [a], at(NOW), OVERLAP, true);
		expect(isNews(cursor, a)).toBe(false);
		// Another record at exactly the newest time read: new.
		expect(isNews(cursor, { key: 'b', stamp: '2026-03-02T08:00:00' })).toBe(true);
		// The same record changed again: new.
		expect(isNews(cursor, { key: 'a', stamp: '2026-03-02T08:00:01' })).toBe(true);
		// Written with more digits, the same time: not new.
		expect(isNews(cursor, { key: 'a', stamp: '2026-03-02T08:00:00.000' })).toBe(false);
	});

	it('passes on a change that shows after a newer one, within the overlap', () => {
		let cursor = settledAt('2026-03-02T07:00:00');
		cursor = advance(cursor, [{ key: 'a', stamp: '2026-03-02T08:00:05' }], at(NOW), OVERLAP, true);
		// A change stamped before the newest one read, showing only now (a slow write).
		const late = { key: 'b', stamp: '2026-03-02T08:00:03' };
		expect(isNews(cursor, late)).toBe(true);
		cursor = advance(cursor, [late], at(NOW + MINUTE_MS), OVERLAP, true);
		expect(isNews(cursor, late)).toBe(false);
	});

	it('moves on to a mark only after the overlap, and only from a poll whose pages agreed', () => {
		const start = settledAt('2026-03-02T07:00:00');
		const reads = [
			{ key: 'a', stamp: '2026-03-02T08:00:00' },
			{ key: 'b', stamp: '2026-03-02T08:00:05' },
		];
		const first = advance(start, reads, at(NOW), OVERLAP, true);
		expect(first.marks).toEqual([['2026-03-02T08:00:05', NOW + 500]]);
		// Inside the overlap: nothing moves.
		expect(advance(first, [], at(NOW + MINUTE_MS), OVERLAP, true).after).toBe(start.after);
		// After it, but the pages disagreed: nothing moves either.
		expect(advance(first, [], at(NOW + 10 * MINUTE_MS), OVERLAP, false).after).toBe(start.after);
		const settled = advance(first, [], at(NOW + 10 * MINUTE_MS), OVERLAP, true);
		expect(settled).toEqual({ after: '2026-03-02T08:00:05', seen: {}, marks: [] });
		// A change at the mark's very time, showing this late, is what the cursor misses.
		expect(isNews(settled, { key: 'c', stamp: '2026-03-02T08:00:05' })).toBe(false);
	});

	it('keeps what it read after the mark it moves to, and forgets the first polls’ wider floor', () => {
		let cursor = cursorFromNow(NOW);
		cursor = advance(cursor, [{ key: 'a', stamp: '2026-03-02T07:59:00Z' }], at(NOW), OVERLAP, true);
		cursor = advance(cursor, [{ key: 'b', stamp: '2026-03-02T08:03:00Z' }], at(NOW + 3 * MINUTE_MS), OVERLAP, true);
		cursor = advance(cursor, [], at(NOW + 6 * MINUTE_MS), OVERLAP, true);
		expect(cursor).toEqual({
			after: '2026-03-02T07:59:00Z',
			seen: { b: '2026-03-02T08:03:00Z' },
			marks: [['2026-03-02T08:03:00Z', NOW + 3 * MINUTE_MS + 500]],
		});
		expect(requestFloor(cursor, true)).toBe('2026-03-02T07:59:00.001Z');
	});

	it('keeps at most 100 marks, dropping the oldest (which only delays moving on)', () => {
		let cursor = settledAt('2026-03-02T07:00:00Z');
		for (let i = 1; i <= 120; i++) {
			cursor = advance(
				cursor,
				[{ key: `k${i}`, stamp: new Date(NOW + i * 1000).toISOString() }],
				at(NOW + i),
				DAY_MS,
				true,
			);
		}
		expect(cursor.marks).toHaveLength(100);
		expect(cursor.marks[0][0]).toBe(new Date(NOW + 21_000).toISOString());
		expect(Object.keys(cursor.seen)).toHaveLength(120);
	});
});
