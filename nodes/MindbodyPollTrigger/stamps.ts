/**
 * Times as the service writes them. The real service writes the site's local time without a
 * zone; the sandbox writes UTC with a Z. A cursor compares the service's times with each other
 * only, so a time without a zone is read as if it were UTC and written back without one: the
 * service then reads it in the same zone it wrote it in.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

const ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds of a time the service wrote (a date alone is its midnight); undefined when it is none. */
export function stampMs(text: unknown): number | undefined {
	if (typeof text !== 'string' || !text) return undefined;
	const zoned = ZONE.test(text) || !text.includes('T') ? text : `${text}Z`;
	const ms = Date.parse(zoned);
	return Number.isNaN(ms) ? undefined : ms;
}

/** `ms` written the way `like` is: in UTC with a Z when `like` has a zone, without one when not. */
export function stampLike(ms: number, like: string): string {
	const iso = new Date(ms).toISOString();
	return ZONE.test(like) ? iso : iso.slice(0, -1);
}

/** A time of our own clock, in UTC: only used before the service has written one to compare with. */
export const utcStamp = (ms: number) => new Date(ms).toISOString();

/** The later of two times the service wrote (the first when they are equal). */
export function laterStamp(a: string | undefined, b: string | undefined): string | undefined {
	if (a === undefined) return b;
	if (b === undefined) return a;
	return (stampMs(b) ?? -Infinity) > (stampMs(a) ?? -Infinity) ? b : a;
}
