import { DAY_MS, laterStamp, stampLike, stampMs, utcStamp } from './stamps';

/**
 * How far a change event's polls have got, kept in the node's static data between polls.
 *
 * - `after`: settled. A change stamped before it is done; one stamped at it is done when `seen`
 *   holds it.
 * - `high`: the newest stamp any poll read. A poll asks for what changed from it on, so an idle
 *   poll reads only the records stamped at that second; `highAt` is when a poll first read it.
 * - `shut`: a poll that started `SECOND_ENDS_MS` after `highAt` read the whole second of `high`.
 *   Nothing new gets that stamp after that but a change listed late, which the sweep finds, so
 *   polls ask from just after `high`: an idle poll is one request however many records a burst
 *   left in that second.
 * - `afterShut`: `after` was settled at a mark an overlap (and `SECOND_ENDS_MS`) old, so its second is
 *   done too (a record listed with that time now is later than the overlap): sweeps ask from just
 *   after it.
 * - `seen`: every record read with a stamp at or after `after`, by key, with the version of it
 *   read last (its stamp, and for events that pass on content, a digest of that content). The
 *   same version read again is recognised; another one, even in the same second, is news.
 * - `marks`: the newest stamp a poll read and when that poll ended, by our clock.
 * - `sweptAt`: when the last sweep started. Once per overlap a poll sweeps: it reads every change
 *   from `after` on, so a change the service lists late (stamped before `high`) is still found,
 *   and, if it read the whole list, `after` moves to the newest mark at least `overlap` old. Only
 *   our clock's durations count here, never its time of day, so a site clock that differs from
 *   n8n's does not matter.
 * - `from`: before the service has written any time the cursor holds (a first activation from
 *   now), polls ask from two days back by our clock, so whatever zone the site writes its times
 *   in, every change of the last day is read.
 */
export interface ChangeCursor {
	after: string;
	high?: string;
	from?: string;
	seen: Record<string, string>;
	marks: Array<[string, number]>;
	sweptAt?: number;
	highAt?: number;
	shut?: true;
	afterShut?: true;
}

/** ChangeCursor's fields, each once: the compiler refuses one missing or one too many. */
const CURSOR_FIELDS = {
	after: true,
	high: true,
	from: true,
	seen: true,
	marks: true,
	sweptAt: true,
	highAt: true,
	shut: true,
	afterShut: true,
} satisfies Record<keyof ChangeCursor, true>;
export const CHANGE_CURSOR_FIELDS = Object.keys(CURSOR_FIELDS) as Array<keyof ChangeCursor>;

/** A record as the cursor tracks it: its key, the time of its last change and the version read. */
export interface Read {
	key: string;
	stamp: string;
	version: string;
}

/** A record's version as `seen` keeps it: its stamp, then what tells two changes in one second apart. */
export const versionOf = (stamp: string, content?: string) => (content ? `${stamp}|${content}` : stamp);

const stampOfVersion = (version: string) => stampMs(version.split('|')[0]);

/** When a poll started and when its reads ended, by our clock. */
export interface PollTimes {
	startedAt: number;
	endedAt: number;
}

/** What a poll read and how: a sweep from `after`, the list read to its end, nothing slipped past. */
export interface ReadKind {
	sweep: boolean;
	complete: boolean;
	whole: boolean;
	/** The first poll after an activation from now: everything it reads exists already. */
	quiet: boolean;
}

/** A busy poll adds one mark; more than this only while the overlap is long. Dropping the oldest only delays settling. */
const MAX_MARKS = 100;

/**
 * How long after a read showed a stamp the service may still list another record with it (a
 * write committing after it was stamped). By our clock's durations only, as with the marks.
 */
export const SECOND_ENDS_MS = 10_000;

export function cursorFromNow(now: number): ChangeCursor {
	return { after: utcStamp(now - DAY_MS), from: utcStamp(now - 2 * DAY_MS), seen: {}, marks: [] };
}

/** Changes at or after `date` (written as the site's time, or with a zone) count. */
export function cursorFromDate(date: string): ChangeCursor | undefined {
	const ms = stampMs(date);
	return ms === undefined ? undefined : { after: stampLike(ms, date), seen: {}, marks: [] };
}

/** Where this poll reads from, and whether it is a sweep (from `after`, able to settle). */
export function planRead(cursor: ChangeCursor, now: number, overlapMs: number): { floor: string; sweep: boolean } {
	const sweep = cursor.high === undefined || now - (cursor.sweptAt ?? -Infinity) >= overlapMs;
	if (sweep) return { floor: cursor.afterShut ? justAfter(cursor.after) : (cursor.from ?? cursor.after), sweep };
	const high = cursor.high!;
	return { floor: cursor.shut ? justAfter(high) : high, sweep };
}

/** A millisecond after a time the service wrote, written the same way. */
const justAfter = (stamp: string) => stampLike(stampMs(stamp)! + 1, stamp);

/**
 * The request's bound for changes at or after `floor`: the floor itself for a filter that keeps
 * times equal to it ("on or after"), a millisecond before it for one that does not ("after").
 */
export function requestFloor(floor: string, keepsEqual: boolean): string {
	return keepsEqual ? floor : stampLike(stampMs(floor)! - 1, floor);
}

const afterMs = (cursor: ChangeCursor) => stampMs(cursor.after) ?? -Infinity;

/** Whether the read is a change not passed on yet: at or after `after`, and not this version of the record. */
export function isNews(cursor: ChangeCursor, read: Read): boolean {
	const ms = stampMs(read.stamp);
	return ms !== undefined && ms >= afterMs(cursor) && cursor.seen[read.key] !== read.version;
}

/** Whether the cursor holds the record: read with a stamp at or after `after`. */
export const remembers = (cursor: ChangeCursor, key: string) => cursor.seen[key] !== undefined;

/** Whether a record created at `created` (ms) is older than anything the cursor has yet to pass on. */
export const createdBefore = (cursor: ChangeCursor, created: number) => created < afterMs(cursor);

/** The cursor after a poll that read `reads`, the way `kind` says. */
export function advance(
	cursor: ChangeCursor,
	reads: readonly Read[],
	times: PollTimes,
	overlapMs: number,
	kind: ReadKind,
): ChangeCursor {
	return withHighTimes(cursor, moved(cursor, reads, times, overlapMs, kind), times, kind.complete);
}

/** When the newest stamp was first read, and whether its second has been read whole since it ended. */
function withHighTimes(before: ChangeCursor, after: ChangeCursor, times: PollTimes, complete: boolean): ChangeCursor {
	const cursor = { ...after };
	delete cursor.highAt;
	delete cursor.shut;
	if (cursor.high === undefined) return cursor;
	if (cursor.high !== before.high) return { ...cursor, highAt: times.endedAt };
	const highAt = before.highAt ?? times.endedAt;
	const shut = before.shut || (complete && times.startedAt - highAt >= SECOND_ENDS_MS);
	return { ...cursor, highAt, ...(shut ? { shut: true as const } : {}) };
}

function moved(
	cursor: ChangeCursor,
	reads: readonly Read[],
	times: PollTimes,
	overlapMs: number,
	kind: ReadKind,
): ChangeCursor {
	const floor = afterMs(cursor);
	const seen = { ...cursor.seen };
	let newest: string | undefined;
	for (const read of reads) {
		const ms = stampMs(read.stamp);
		if (ms === undefined || ms < floor) continue;
		newest = laterStamp(newest, read.stamp);
		seen[read.key] = read.version;
	}
	const sweptAt = kind.sweep ? times.startedAt : cursor.sweptAt;
	if (kind.quiet) {
		// Everything read exists already: done, and the service's own time is known from now on.
		if (newest === undefined) return { ...cursor, sweptAt };
		return settledAt(newest, seen, [], newest, sweptAt);
	}
	// A reading cut short may have left older changes unread in a list of unknown order.
	const high = kind.complete ? laterStamp(cursor.high, newest) : cursor.high;
	let marks = cursor.marks;
	const lastMark = marks.at(-1)?.[0];
	if (newest !== undefined && stampMs(newest)! > (stampMs(lastMark) ?? floor)) {
		marks = [...marks, [newest, times.endedAt] as [string, number]].slice(-MAX_MARKS);
	}
	const settled =
		kind.sweep && kind.whole ? marks.filter(([, at]) => at + overlapMs <= times.startedAt).at(-1) : undefined;
	if (!settled) return { ...cursor, seen, marks, ...(high ? { high } : {}), sweptAt };
	return {
		...settledAt(
			settled[0],
			seen,
			marks.filter(([, at]) => at > settled[1]),
			laterStamp(high, settled[0])!,
			sweptAt,
		),
		// Its second ended long enough ago too, unless the overlap is shorter than that.
		...(settled[1] + SECOND_ENDS_MS <= times.startedAt ? { afterShut: true as const } : {}),
	};
}

/** A cursor settled at `after`: it keeps only records read at or after it, and no `from`. */
function settledAt(
	after: string,
	seen: Record<string, string>,
	marks: Array<[string, number]>,
	high: string,
	sweptAt: number | undefined,
): ChangeCursor {
	const ms = stampMs(after)!;
	return {
		after,
		high,
		seen: Object.fromEntries(
			Object.entries(seen).filter(([, version]) => (stampOfVersion(version) ?? -Infinity) >= ms),
		),
		marks,
		...(sweptAt !== undefined ? { sweptAt } : {}),
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
