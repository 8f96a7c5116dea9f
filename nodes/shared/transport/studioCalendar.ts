import { DateTime, IANAZone } from 'luxon';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SITE_ID } from '../auth/scope';
import { findOperation } from '../catalogue';
import { mindbodyRequest } from './index';
import type { RunSession } from './runSession';

/**
 * The studio's calendar, one for the action node and both triggers: the site's time zone (one
 * reader, one policy for a site without a valid one), the day helpers, each with one meaning, and
 * what counts as an attended visit.
 */

const sites = findOperation('site', 'getMany')!;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the studio is told when its site has no time zone a day or local time can be read in. */
export function noZoneError(run: RunSession, site: number, given: unknown, itemIndex?: number, advice?: string) {
	const gave =
		typeof given === 'string' && given.trim()
			? `Mindbody gives the site's time zone as "${given}", which names no time zone.`
			: 'Mindbody gives the site no time zone.';
	return new NodeOperationError(run.ctx.getNode(), `Site ${site} has no valid time zone in Mindbody`, {
		itemIndex,
		description: [
			gave,
			"The studio's days and its local times are read in that zone, so nothing that needs it was sent.",
			"Set the business's time zone in Mindbody, then run again.",
			advice,
		]
			.filter(Boolean)
			.join(' '),
	});
}

async function readZone(run: RunSession, site: number, itemIndex?: number, advice?: string): Promise<string> {
	const response = await mindbodyRequest(run, {
		operation: sites,
		path: sites.path,
		siteId: site,
		itemIndex,
		label: "Site: Get Many (the site's time zone)",
	});
	const listed = (response.body as { Sites?: IDataObject[] } | null)?.Sites ?? [];
	const zone = listed.find((entry) => entry.Id === site)?.TimeZone;
	if (typeof zone === 'string' && IANAZone.isValidZone(zone)) return zone;
	throw noZoneError(run, site, zone, itemIndex, advice);
}

/**
 * The time zone of `site` (the credential's when not given): one GET /site/sites per site and run
 * (`RunSession.siteZones`), and none in a run that needs no zone. A site whose zone is missing or
 * is no IANA zone is refused (`noZoneError`) before anything that needs the zone is sent; `advice`
 * adds what the caller's user can do instead.
 */
export async function studioZone(
	run: RunSession,
	site?: number,
	options: { itemIndex?: number; advice?: string } = {},
): Promise<string> {
	const { credentials } = await run.credentials();
	const id = site ?? Number(credentials.siteId ?? DEFAULT_SITE_ID);
	let zone = run.siteZones.get(id);
	if (!zone) {
		zone = readZone(run, id, options.itemIndex, options.advice);
		run.siteZones.set(id, zone);
	}
	return await zone;
}

/** The UTC day (YYYY-MM-DD) of an instant: the days the service reads UTC windows by. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The studio's day (YYYY-MM-DD) of an instant, on the calendar of `zone`. */
export const studioDay = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!;

/** The last millisecond of a day (YYYY-MM-DD) on the calendar of `zone`. */
export const dayEndIn = (day: string, zone: string) => DateTime.fromISO(day, { zone }).plus({ days: 1 }).toMillis() - 1;

/** The date a service date or date-time is written with (its first 10 characters), or undefined. */
export const dateOnly = (value: unknown) =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/** A day `days` after `day` (both YYYY-MM-DD; calendar days, whatever the zone). */
export const addDays = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Calendar days from `a` to `b` (both YYYY-MM-DD). */
export const daysBetween = (a: string, b: string) =>
	Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

const OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant a date-time the service wrote names: with an offset as written, without one on the
 * studio's wall clock (as the service writes local times); undefined when it is none.
 */
export function instantIn(value: unknown, zone: string): number | undefined {
	if (typeof value !== 'string' || !value) return undefined;
	const time = DateTime.fromISO(value, { zone, setZone: OFFSET.test(value) });
	return time.isValid ? time.toMillis() : undefined;
}

/** An appointment counts as attended in these states (a visit's AppointmentStatus, an appointment's Status). */
const ATTENDED_APPOINTMENTS = new Set(['Arrived', 'Completed']);

/**
 * Whether a client attended a visit: not late-cancelled, and signed in (a class) or Arrived or
 * Completed (an appointment). The one rule of the node's Client Summary and of the poll trigger's
 * follow-up events.
 */
export const isAttended = (visit: IDataObject) =>
	visit.LateCancelled !== true &&
	(visit.SignedIn === true || ATTENDED_APPOINTMENTS.has(String(visit.AppointmentStatus)));

/** A booking still ahead is none once cancelled, late-cancelled or marked a no-show. */
const NOT_BOOKED = new Set(['Cancelled', 'NoShow', 'LateCancelled']);

/** Whether a visit still ahead is a booking the client holds. */
export const isBookedAhead = (visit: IDataObject) =>
	visit.LateCancelled !== true && !NOT_BOOKED.has(String(visit.AppointmentStatus));

/**
 * The client's next booking among her visits (classes and appointments), the first that starts
 * after `nowMs` and is still held, as the items show it; null when she has none.
 */
export function nextBookingOf(visits: IDataObject[], zone: string, nowMs: number): IDataObject | null {
	const next = visits
		.map((visit) => ({ visit, at: instantIn(visit.StartDateTime, zone) }))
		.filter((entry): entry is { visit: IDataObject; at: number } => entry.at !== undefined && entry.at >= nowMs)
		.filter(({ visit }) => isBookedAhead(visit))
		.sort((a, b) => a.at - b.at)[0]?.visit;
	if (!next) return null;
	const isAppointment = next.AppointmentId !== undefined && next.AppointmentId !== null;
	const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
	return {
		type: isAppointment ? 'appointment' : 'class',
		...(isAppointment ? { appointmentId: next.AppointmentId } : { classId: next.ClassId ?? null }),
		name: text(next.Name),
		startDateTime: text(next.StartDateTime),
		endDateTime: text(next.EndDateTime),
		locationId: next.LocationId ?? null,
		staffId: next.StaffId ?? null,
	} as IDataObject;
}
