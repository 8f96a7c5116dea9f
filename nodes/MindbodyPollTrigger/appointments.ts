import { EVENT_CHOICES } from './eventChoices';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { V6_OPERATIONS as V6 } from '../../document/facts';
import { appointmentEventData } from './eventData';
import { readList } from './listPages';
import { SAMPLE_PAGES, dayEndIn, operationOf, studioZoneOf, windowOf, type PollEvent, type PollRun } from './pollEvent';
import { digestOf, type PolledEvent } from './pollItems';
import { utcStamp } from './stamps';

/**
 * New and changed appointments. The document finds appointments by the day they take place
 * (GET /appointment/staffappointments, request.startDate and request.endDate), and an appointment
 * carries no time of change. So every poll reads the whole look-ahead window and compares each
 * appointment with a digest of how it looked at the last poll.
 *
 * The list also holds the requests waiting for staff approval, in status Requested
 * (docs/spec-choices.md, "Appointment requests in the appointment event"): they are not bookings
 * yet, so they are remembered and passed on only once approved.
 */

interface AppointmentState {
	/** The last day of the window the digests cover, a day of the site's calendar. */
	covered?: string;
	/** The site's time zone, read once: appointments are written in it, and the window's days are its. */
	zone?: string;
	/** Appointment id → digest of the record. */
	digests: Record<string, string>;
	/** Ids the last read showed as requests waiting for approval; left out when there are none. */
	requests?: string[];
}

/** How the last poll saw an appointment: its digest (none if unseen) and whether it was a request. */
export interface SeenBefore {
	digest?: string;
	request: boolean;
}

const REQUESTED = 'Requested';

const REQUEST_EVENT = 'appointmentRequest.created';

/** Statuses that end a request without a booking: declined or withdrawn, never booked. */
const REQUEST_ENDINGS = ['Cancelled', 'LateCancelled'];

/**
 * The booking event one appointment read gives, if any. A request (status Requested) is no booking:
 * nothing, however it changes. A request read again with another status was decided: booked
 * (Booked, Confirmed, or further on) it is passed on as created, the moment it became a booking;
 * ended (Cancelled, LateCancelled) it was declined, which cancels no booking: nothing. The
 * document lists the statuses but not what approving or declining does to the record, so both
 * readings are covered: the same id changing status, or (as the sandbox does) the request leaving
 * the list and the approved booking appearing under an id of its own, which is new.
 */
export function bookingEventOf(
	status: unknown,
	before: SeenBefore,
	digest: string,
): 'appointmentBooking.created' | 'appointmentBooking.updated' | undefined {
	if (status === REQUESTED) return undefined;
	if (before.digest === undefined) return 'appointmentBooking.created';
	if (before.request) return REQUEST_ENDINGS.includes(String(status)) ? undefined : 'appointmentBooking.created';
	return before.digest === digest ? undefined : 'appointmentBooking.updated';
}

const search = operationOf(V6.GetStaffAppointments);
/** The instant an appointment starts: its time is the business's local time (or has an offset). */
const startOf = (record: IDataObject, zone: string) => {
	const start = typeof record.StartDateTime === 'string' ? DateTime.fromISO(record.StartDateTime, { zone }) : undefined;
	return start?.isValid ? start.toMillis() : Infinity;
};

const appointmentKey = (record: IDataObject) => String(record.Id);

function event(run: PollRun, record: IDataObject, eventId: string, digest: string): PolledEvent {
	return {
		eventId,
		key: appointmentKey(record),
		version: digest,
		// An appointment does not say when it changed: the time the poll found it.
		at: utcStamp(run.startedAt),
		eventData: appointmentEventData(record, run.siteId),
	};
}

/** The window's appointments: the service reads its dates as the site's days, in `zone`. */
const readWindow = async (run: PollRun, zone: string, maxPages = Infinity) => {
	const { first, last } = windowOf(run, zone);
	const listing = await readList(
		run.session,
		search,
		[
			['request.startDate', first],
			['request.endDate', last],
		],
		appointmentKey,
		{ maxPages, goOn: run.goOn },
	);
	return { ...listing, last };
};

/** What one appointment read passes on, given how the last poll saw it. */
type EventOf = (record: IDataObject, before: SeenBefore, digest: string) => string | undefined;

/**
 * A window event: every poll reads the window and compares each appointment with the last read;
 * `eventOf` says what a change passes on, `shown` which appointments a test event may show.
 */
function windowEvent(
	choice: Pick<PollEvent, 'value' | 'name' | 'description' | 'eventIds' | 'searchWords'>,
	eventOf: EventOf,
	shown: (record: IDataObject) => boolean,
): PollEvent<AppointmentState> {
	return {
		...choice,
		usesWindow: true,
		// A start date cannot apply: appointments carry no time they were booked.
		start: () => ({ digests: {} }),
		isState: (value): value is AppointmentState =>
			typeof (value as AppointmentState | undefined)?.digests === 'object' &&
			(value as AppointmentState).digests !== null &&
			// Saved before requests were told apart: none.
			((value as AppointmentState).requests === undefined || Array.isArray((value as AppointmentState).requests)),
		async poll(run, state, quiet) {
			const zone = state.zone ?? (await studioZoneOf(run));
			const listing = await readWindow(run, zone);
			// The last day covered ends at the site's midnight: an appointment is compared with it as the instant it starts.
			const covered = state.covered ? dayEndIn(state.covered, zone) : -Infinity;
			const events: PolledEvent[] = [];
			const digests: Record<string, string> = listing.whole ? {} : { ...state.digests };
			const wereRequests = new Set(state.requests);
			const requests = new Set(listing.whole ? [] : state.requests);
			for (const record of listing.records) {
				const key = appointmentKey(record);
				const digest = digestOf(record);
				const before = { digest: state.digests[key], request: wereRequests.has(key) };
				digests[key] = digest;
				if (record.Status === REQUESTED) requests.add(key);
				else requests.delete(key);
				// Days that just came into the window are learned: their appointments were booked before.
				if (quiet || startOf(record, zone) > covered) continue;
				const eventId = eventOf(record, before, digest);
				if (eventId) events.push(event(run, record, eventId, digest));
			}
			const last = state.covered && state.covered > listing.last ? state.covered : listing.last;
			const next: AppointmentState = { covered: last, zone, digests };
			if (requests.size) next.requests = [...requests];
			return { events, state: next };
		},
		// The one made last (the highest id) in the window.
		async sample(run) {
			const { records } = await readWindow(run, await studioZoneOf(run), SAMPLE_PAGES);
			const newest = records.filter(shown).sort((a, b) => Number(b.Id) - Number(a.Id))[0];
			return newest ? [event(run, newest, choice.eventIds[0], digestOf(newest))] : [];
		},
	};
}

export const appointmentChanged = windowEvent(
	EVENT_CHOICES.appointmentChanged,
	(record, before, digest) => bookingEventOf(record.Status, before, digest),
	// A request waiting for approval is no booking.
	(record) => record.Status !== REQUESTED,
);

/**
 * A request is passed on when the list first shows it waiting (status Requested), under the id
 * Approve and Deny take (docs/spec-choices.md, "Pending appointment requests"); its changes and its
 * decision are not: the booking it becomes is New or Changed Appointment's.
 */
export const appointmentRequested = windowEvent(
	EVENT_CHOICES.appointmentRequested,
	(record, before) => (record.Status === REQUESTED && !before.request ? REQUEST_EVENT : undefined),
	(record) => record.Status === REQUESTED,
);
