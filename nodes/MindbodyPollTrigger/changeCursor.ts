import { DAY_MS, laterStamp, stampLike, stampMs, utcStamp } from './stamps';

/**
 * How far a change event's polls have got, kept in the node's static data between polls.
 *
 * - `after`: changes stamped at or before it are done and never passed on (again).
 * - `seen`: every record read with a stamp after `after`, by key, with the stamp it had. The
 *   same change read again is recognised; a newer one of the same record is not.
 * - `marks`: the newest stamp a poll read and when that poll ended, by our clock. A poll that
 *   starts `overlap` after a mark finds in the list every change stamped up to that mark, however
 *   late it showed there (within the overlap); if it reads the list whole, `after` moves to the
 *   mark and `seen` forgets what lies up to it. Only our clock's durations count here, never its
 *   time of day, so a site clock that differs from n8n's does not matter.
 * - `from`: the first polls' lower bound for the request. The first activation starts a day back
 *   by our clock and asks from two days back, so whatever zone the site writes its times in, every
 *   change of the last day is read (and kept in `seen`, not passed on). It goes once `after` is a
 *   time the service wrote.
 */
export interface ChangeCursor {
	after: string;
	from?: string;
	seen: Record<string, string>;
	marks: Array<[string, number]>;
}

/** A record as the cursor tracks it: its key and the time of its last change. */
export interface Read {
	key: string;
	stamp: string;
}

/** When a poll started and when its reads ended, by our clock. */
export interface PollTimes {
	startedAt: number;
	endedAt: number;
}

/** A busy poll adds one mark; more than this only while the overlap is long. Dropping the oldest only delays moving on. */
const MAX_MARKS = 100;

export function cursorFromNow(now: number): ChangeCursor {
	return { after: utcStamp(now - DAY_MS), from: utcStamp(now - 2 * DAY_MS), seen: {}, marks: [] };
}

/** Changes at or after `date` (written as the site's time, or with a zone) count. */
export function cursorFromDate(date: string): ChangeCursor | undefined {
	const ms = stampMs(date);
	return ms === undefined ? undefined : { after: stampLike(ms - 1, date), seen: {}, marks: [] };
}

/**
 * What the request asks from: the first polls' wider bound, else just after `after` for a filter
 * that keeps times equal to it ("on or after"), or `after` itself for one that does not.
 */
export function requestFloor(cursor: ChangeCursor, keepsEqual: boolean): string {
	if (cursor.from) return cursor.from;
	return keepsEqual ? stampLike(afterMs(cursor) + 1, cursor.after) : cursor.after;
}

const afterMs = (cursor: ChangeCursor) => stampMs(cursor.after) ?? -Infinity;

/** Whether the read is a change not passed on yet: after `after`, and not read before with this stamp. */
export function isNews(cursor: ChangeCursor, read: Read): boolean {
	const ms = stampMs(read.stamp);
	return ms !== undefined && ms > afterMs(cursor) && stampMs(cursor.seen[read.key]) !== ms;
}

/** Whether the cursor still holds the record: read since `after` with some stamp. */
export const remembers = (cursor: ChangeCursor, key: string) => cursor.seen[key] !== undefined;

/**
 * The cursor after a poll that read `reads`. `whole` says the pages agreed with each other (no
 * record twice, the same total throughout): only such a poll may move `after`, since a list that
 * changed while it was read may have pushed a record past the pages.
 */
export function advance(
	cursor: ChangeCursor,
	reads: readonly Read[],
	times: PollTimes,
	overlapMs: number,
	whole: boolean,
): ChangeCursor {
	const floor = afterMs(cursor);
	const seen = { ...cursor.seen };
	let newest: string | undefined;
	for (const read of reads) {
		const ms = stampMs(read.stamp);
		if (ms === undefined || ms <= floor) continue;
		newest = laterStamp(newest, read.stamp);
		// Pages may disagree about a record that changed while they were read: the later stamp holds.
		if (ms > (stampMs(seen[read.key]) ?? -Infinity)) seen[read.key] = read.stamp;
	}
	let marks = cursor.marks;
	const lastMark = marks.at(-1)?.[0];
	if (newest !== undefined && stampMs(newest)! > (stampMs(lastMark) ?? floor)) {
		marks = [...marks, [newest, times.endedAt] as [string, number]].slice(-MAX_MARKS);
	}
	const settled = whole ? marks.filter(([, at]) => at + overlapMs <= times.startedAt).at(-1) : undefined;
	if (!settled) return { ...cursor, seen, marks };
	const settledMs = stampMs(settled[0])!;
	return {
		after: settled[0],
		seen: Object.fromEntries(Object.entries(seen).filter(([, stamp]) => stampMs(stamp)! > settledMs)),
		marks: marks.filter(([, at]) => at > settled[1]),
	};
}

/** Whether a value from static data is a cursor this code wrote. */
export function isChangeCursor(value: unknown): value is ChangeCursor {
	const cursor = value as ChangeCursor | undefined;
	return (
		typeof cursor?.after === 'string' &&
		typeof cursor.seen === 'object' &&
		cursor.seen !== null &&
		Array.isArray(cursor.marks)
	);
}
