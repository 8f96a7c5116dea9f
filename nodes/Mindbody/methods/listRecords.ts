import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { LISTS, type ListSource } from '../../shared/catalogue/listSources';

/** Statuses of an appointment that is still to come and can be cancelled. */
const CANCELLABLE = new Set(['Booked', 'Confirmed', 'Requested', 'Arrived']);

/** The wall-clock form Mindbody writes times in, without an offset. */
const SITE_TIME = "yyyy-LL-dd'T'HH:mm:ss";

/**
 * Each free window cut into sessions of the session type's length, from the window's start up to
 * the last start that still ends in the window (its BookableEndDateTime). A window whose session
 * length is not given is one slot, at its start. Each slot keeps the window's staff member,
 * session type and location; its start is written as the window's was (an offset only if it had
 * one), so the slot's value is what Book sends.
 */
function slotsOf(windows: IDataObject[]): IDataObject[] {
	return windows.flatMap((window) => {
		const text = String(window.StartDateTime ?? '');
		const withOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
		const start = DateTime.fromISO(text, { zone: 'utc', setZone: true });
		const last = DateTime.fromISO(String(window.BookableEndDateTime ?? window.StartDateTime ?? ''), {
			zone: 'utc',
			setZone: true,
		});
		if (!start.isValid) return [];
		const type = (window.SessionType ?? {}) as IDataObject;
		const minutes = Number(type.StaffTimeLength ?? type.DefaultTimeLength);
		const slots: IDataObject[] = [];
		for (let at = start; ; at = at.plus({ minutes })) {
			const written = withOffset ? at.toISO({ suppressMilliseconds: true }) : at.toFormat(SITE_TIME);
			slots.push({ ...window, StartDateTime: written });
			if (!(minutes > 0) || !(at.plus({ minutes }) <= last)) return slots;
		}
	});
}

const isCancellable = (record: IDataObject) => CANCELLABLE.has(String(record.Status));

/** The locations of the staff members' availability windows, each once. */
function locationsOf(staffMembers: IDataObject[]): IDataObject[] {
	const found = new Map<string, IDataObject>();
	for (const member of staffMembers) {
		const windows = Array.isArray(member.Availabilities) ? (member.Availabilities as IDataObject[]) : [];
		for (const window of windows) {
			const location = window?.Location as IDataObject | undefined;
			if (location && location.Id !== undefined && !found.has(String(location.Id)))
				found.set(String(location.Id), location);
		}
	}
	return [...found.values()];
}

/** What a list offers of the records read: all of them, but for the lists that cut or pick some. */
const SHOWN = new Map<ListSource, (records: IDataObject[]) => IDataObject[]>([
	[LISTS.openSlots, slotsOf],
	[LISTS.appointments, (records) => records.filter(isCancellable)],
	[LISTS.staffLocations, locationsOf],
	// A client's visits: the class bookings still standing (not appointments, not late-cancelled).
	[
		LISTS.bookedClasses,
		(records) => records.filter((visit) => Number(visit.ClassId) > 0 && visit.LateCancelled !== true),
	],
]);

export function recordsShown(list: ListSource, entries: unknown[]): unknown[] {
	const shown = SHOWN.get(list);
	return shown ? shown(entries as IDataObject[]) : entries;
}
