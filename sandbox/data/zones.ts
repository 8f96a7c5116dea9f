import { DAY, dateOf, isoAt, parseWhen } from './dates';

/**
 * A site's wall clock, through the runtime's time zone data. A "wall" time is a number of
 * milliseconds whose UTC fields read as the site's local date and time (so the UTC date helpers
 * work on it); an instant is the real moment.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
	let format = formats.get(zone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formats.set(zone, format);
	}
	return format;
}

/** The local wall clock of an instant. */
export function wallClock(zone: string, instant: number): number {
	if (zone === 'UTC' || !Number.isFinite(instant)) return instant;
	const part = Object.fromEntries(
		formatOf(zone)
			.formatToParts(instant)
			.map((p) => [p.type, Number(p.value)]),
	);
	const seconds = Math.floor(instant / 1000) * 1000;
	const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
	return wall + (instant - seconds);
}

/**
 * The instant a wall clock time names. A time the clocks skip (spring forward) moves on by the
 * change; a time they pass twice (fall back) is the first.
 */
export function instantOf(zone: string, wall: number): number {
	if (zone === 'UTC' || !Number.isFinite(wall)) return wall;
	const offsetAt = (instant: number) => wallClock(zone, instant) - instant;
	// Clocks change at most twice a year: the offsets a day either side are the two in play.
	const before = wall - offsetAt(wall - DAY);
	const after = wall - offsetAt(wall + DAY);
	const named = [before, after].filter((instant) => wallClock(zone, instant) === wall);
	return named.length ? Math.min(...named) : before;
}

/** The local date (YYYY-MM-DD) of an instant. */
export const localDateOf = (zone: string, instant: number) => dateOf(wallClock(zone, instant));

/** The local date and time of an instant, without an offset (YYYY-MM-DDTHH:mm:ss). */
export const localText = (zone: string, instant: number) => isoAt(wallClock(zone, instant)).slice(0, -1);

/**
 * A field the v6 document gives in the business's time, as the sandbox writes it: the local date
 * and time without an offset. A UTC business's local time is UTC, written with its Z as before.
 */
export const localStamp = (zone: string, instant: number) =>
	zone === 'UTC' ? isoAt(instant) : localText(zone, instant);

/** A date-time sent in the business's time: text with an offset (or Z) is an instant already. */
export function readLocal(zone: string, text: string): number {
	const zoned = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text);
	return zoned ? Date.parse(text) : instantOf(zone, parseWhen(text));
}

/**
 * A request's date-time in the business's time, as the instant's ISO text for the booking code;
 * text that is no date-time is passed on for that code to refuse, and a missing value stays missing.
 */
export function localInput(zone: string, value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const instant = readLocal(zone, value);
	return Number.isNaN(instant) ? value : isoAt(instant);
}
