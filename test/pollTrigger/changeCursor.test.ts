import {
	advance,
	cursorFromDate,
	cursorFromNow,
	isNews,
	planRead,
	requestFloor,
	SECOND_ENDS_MS,
	versionOf,
	type ChangeCursor,
	type ReadKind,
} from '../../nodes/MindbodyPollTrigger/changeCursor';
import { DAY_MS, MINUTE_MS, stampLike, stampMs } from '../../nodes/MindbodyPollTrigger/stamps';

const NOW = Date.parse('2026-03-02T08:00:00Z');
const OVERLAP = 5 * MINUTE_MS;
const at = (startedAt: number) => ({ startedAt, endedAt: startedAt + 500 });

/** A cursor past its first polls, in the site's time (no zone), as the real service writes it. */
const settledAt = (after: string): ChangeCursor => ({ after, high: after, seen: {}, marks: [], sweptAt: NOW });
const read = (key: string, stamp: string, content?: string) => ({ key, stamp, version: versionOf(stamp, content) });
const fresh: ReadKind = { sweep: false, complete: true, whole: true, quiet: false };
const sweep: ReadKind = { ...fresh, sweep: true };

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
	it('starts from now: asks from two days back until the service has written a time it holds', () => {
		const cursor = cursorFromNow(NOW);
		expect(planRead(cursor, NOW, OVERLAP)).toEqual({ floor: new Date(NOW - 2 * DAY_MS).toISOString(), sweep: true });
	});

	it('starts from now: the first poll takes everything it reads as done and settles at the newest', () => {
		const first = advance(
			cursorFromNow(NOW),
			[read('a', '2026-03-02T07:59:00'), read('b', '2026-03-02T07:59:30')],
			at(NOW),
			OVERLAP,
			{ ...sweep, quiet: true },
		);
		expect(first).toEqual({
			after: '2026-03-02T07:59:30',
			high: '2026-03-02T07:59:30',
			seen: { b: '2026-03-02T07:59:30' },
			marks: [],
			sweptAt: NOW,
			highAt: NOW + 500,
		});
		// A record changed in that very second afterwards is news; the one read is not.
		expect(isNews(first, read('c', '2026-03-02T07:59:30'))).toBe(true);
		expect(isNews(first, read('b', '2026-03-02T07:59:30'))).toBe(false);
		// Nothing read: still from two days back.
		expect(advance(cursorFromNow(NOW), [], at(NOW), OVERLAP, { ...sweep, quiet: true }).from).toBeDefined();
	});

	it('starts from a date: a change at that very time counts', () => {
		const cursor = cursorFromDate('2026-03-01T00:00:00')!;
		expect(isNews(cursor, read('a', '2026-03-01T00:00:00'))).toBe(true);
		expect(isNews(cursor, read('a', '2026-02-28T23:59:59.999'))).toBe(false);
		const plan = planRead(cursor, NOW, OVERLAP);
		expect(plan).toEqual({ floor: '2026-03-01T00:00:00.000', sweep: true });
		expect(requestFloor(plan.floor, true)).toBe('2026-03-01T00:00:00.000');
		expect(requestFloor(plan.floor, false)).toBe('2026-02-28T23:59:59.999');
		expect(cursorFromDate('not a date')).toBeUndefined();
	});

	it('asks from the newest time read, and from `after` once an overlap has passed since the last sweep', () => {
		const cursor = { ...settledAt('2026-03-02T07:00:00'), high: '2026-03-02T08:00:00' };
		expect(planRead(cursor, NOW + MINUTE_MS, OVERLAP)).toEqual({ floor: '2026-03-02T08:00:00', sweep: false });
		expect(planRead(cursor, NOW + OVERLAP, OVERLAP)).toEqual({ floor: '2026-03-02T07:00:00', sweep: true });
		// In the site's own way of writing times, for either kind of filter.
		expect(requestFloor('2026-03-02T08:00:00Z', false)).toBe('2026-03-02T07:59:59.999Z');
	});

	it('asks from just after the newest time once a poll read its whole second after it ended', () => {
		let cursor = advance(settledAt('2026-03-02T07:00:00'), [read('a', '2026-03-02T08:00:00')], at(NOW), OVERLAP, fresh);
		expect(cursor.highAt).toBe(NOW + 500);
		// A poll soon after, or one cut short: the second may still gain records, so it is read again.
		for (const [startedAt, kind] of [
			[NOW + SECOND_ENDS_MS - 1, fresh],
			[NOW + MINUTE_MS, { ...fresh, complete: false, whole: false }],
		] as const) {
			const next = advance(cursor, [], at(startedAt), OVERLAP, kind);
			expect(next.shut).toBeUndefined();
			expect(planRead(next, startedAt + 1, OVERLAP).floor).toBe('2026-03-02T08:00:00');
		}
		// A whole read that started the margin after: that second is done; a change stamped in it later is late.
		cursor = advance(cursor, [read('b', '2026-03-02T08:00:00')], at(NOW + 500 + SECOND_ENDS_MS), OVERLAP, fresh);
		expect(cursor.shut).toBe(true);
		expect(planRead(cursor, NOW + MINUTE_MS, OVERLAP)).toEqual({ floor: '2026-03-02T08:00:00.001', sweep: false });
		expect(requestFloor('2026-03-02T08:00:00.001', false)).toBe('2026-03-02T08:00:00.000');
		// A sweep still reads from `after`; a newer stamp opens its own second again.
		expect(planRead(cursor, NOW + OVERLAP + MINUTE_MS, OVERLAP).floor).toBe('2026-03-02T07:00:00');
		cursor = advance(cursor, [read('c', '2026-03-02T08:01:00')], at(NOW + 2 * MINUTE_MS), OVERLAP, fresh);
		expect(cursor).toMatchObject({ high: '2026-03-02T08:01:00', highAt: NOW + 2 * MINUTE_MS + 500 });
		expect(cursor.shut).toBeUndefined();
	});

	it('tells a change read again from a new one, including one in the very same second', () => {
		let cursor = settledAt('2026-03-02T07:00:00');
		const a = read('a', '2026-03-02T08:00:00', 'Lyon');
		expect(isNews(cursor, a)).toBe(true);
		cursor = advance(cursor, [a], at(NOW), OVERLAP, fresh);
		expect(isNews(cursor, a)).toBe(false);
		// Another record at exactly the newest time read: new.
		expect(isNews(cursor, read('b', '2026-03-02T08:00:00'))).toBe(true);
		// The same record changed again in the same second: its content tells.
		expect(isNews(cursor, read('a', '2026-03-02T08:00:00', 'Nice'))).toBe(true);
		expect(isNews(cursor, read('a', '2026-03-02T08:00:01', 'Lyon'))).toBe(true);
	});

	it('passes on a change that shows after a newer one once, however often it is read again', () => {
		let cursor = settledAt('2026-03-02T07:00:00');
		cursor = advance(cursor, [read('a', '2026-03-02T08:00:05')], at(NOW), OVERLAP, fresh);
		// A change of the same record stamped before the one read, showing only now (a slow write).
		const late = read('a', '2026-03-02T08:00:03', 'late');
		expect(isNews(cursor, late)).toBe(true);
		for (let minute = 1; minute <= 4; minute++) {
			cursor = advance(cursor, [late], at(NOW + minute * MINUTE_MS), OVERLAP, sweep);
			expect(isNews(cursor, late)).toBe(false);
		}
	});

	it('moves on to a mark only at a sweep an overlap later that read the whole list', () => {
		const start = settledAt('2026-03-02T07:00:00');
		const first = advance(
			start,
			[read('a', '2026-03-02T08:00:00'), read('b', '2026-03-02T08:00:05')],
			at(NOW),
			OVERLAP,
			fresh,
		);
		expect(first.marks).toEqual([['2026-03-02T08:00:05', NOW + 500]]);
		expect(first.high).toBe('2026-03-02T08:00:05');
		// Inside the overlap: nothing moves.
		expect(advance(first, [], at(NOW + MINUTE_MS), OVERLAP, sweep).after).toBe(start.after);
		// After it, but not a sweep, or a sweep that lost its place in the list: nothing moves either.
		expect(advance(first, [], at(NOW + 10 * MINUTE_MS), OVERLAP, fresh).after).toBe(start.after);
		expect(advance(first, [], at(NOW + 10 * MINUTE_MS), OVERLAP, { ...sweep, whole: false }).after).toBe(start.after);
		const settled = advance(first, [], at(NOW + 10 * MINUTE_MS), OVERLAP, sweep);
		expect(settled).toEqual({
			after: '2026-03-02T08:00:05',
			high: '2026-03-02T08:00:05',
			seen: { b: '2026-03-02T08:00:05' },
			marks: [],
			sweptAt: NOW + 10 * MINUTE_MS,
			highAt: NOW + 500,
			shut: true,
			afterShut: true,
		});
		// Its second is done as well: the next sweep asks from just after it, an idle one in one page.
		expect(planRead(settled, NOW + 20 * MINUTE_MS, OVERLAP)).toEqual({ floor: '2026-03-02T08:00:05.001', sweep: true });
		// An overlap shorter than a second takes to end leaves it open.
		expect(advance(first, [], at(NOW + 5_000), 0, sweep).afterShut).toBeUndefined();
		// A change stamped before the mark, showing this late, is what the cursor misses.
		expect(isNews(settled, read('c', '2026-03-02T08:00:04'))).toBe(false);
		// One at the mark's very second that it has not read is still news.
		expect(isNews(settled, read('c', '2026-03-02T08:00:05'))).toBe(true);
	});

	it('does not move its newest time on a reading cut short (a list of unknown order may hold older rows)', () => {
		const cursor = settledAt('2026-03-02T07:00:00');
		const cut = advance(cursor, [read('a', '2026-03-02T08:00:00')], at(NOW), OVERLAP, {
			...fresh,
			complete: false,
			whole: false,
		});
		expect(cut.high).toBe(cursor.high);
		expect(cut.seen).toEqual({ a: '2026-03-02T08:00:00' });
	});

	it('keeps at most 100 marks, dropping the oldest (which only delays moving on)', () => {
		let cursor = settledAt('2026-03-02T07:00:00Z');
		for (let i = 1; i <= 120; i++) {
			cursor = advance(cursor, [read(`k${i}`, new Date(NOW + i * 1000).toISOString())], at(NOW + i), DAY_MS, fresh);
		}
		expect(cursor.marks).toHaveLength(100);
		expect(cursor.marks[0][0]).toBe(new Date(NOW + 21_000).toISOString());
		expect(Object.keys(cursor.seen)).toHaveLength(120);
	});
});
