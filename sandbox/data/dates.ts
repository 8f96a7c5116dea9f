/** Date helpers in UTC; a site's own wall clock is in zones.ts. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** YYYY-MM-DDTHH:mm:ssZ, the services' date-time format. */
export const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** YYYY-MM-DD. */
export const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

export const dayName = (ms: number) => DAY_NAMES[new Date(ms).getUTCDay()];

/** An ISO date or date-time; one without a zone is read as UTC (zones.ts reads a site's local time). */
export function parseWhen(text: string): number {
	const zoned = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
	return Date.parse(zoned);
}

/** HH:mm or HH:mm:ss → minutes after midnight. */
export function minutesOf(time: string): number {
	const [hours, minutes] = time.split(':').map(Number);
	return hours * 60 + minutes;
}

/** Minutes after midnight → HH:mm:ss. */
export function timeOf(minutes: number): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** A date-only end (midnight) means "on that day": it covers the whole day. */
export const inclusiveEnd = (end: number) => (end === startOfDay(end) ? end + DAY - 1 : end);

/** Whether [aStart, aEnd) and [bStart, bEnd) share time. */
export const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** First day of the month of `ms`, shifted by `months`. */
export function monthStart(ms: number, months = 0): number {
	const date = new Date(ms);
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
}
