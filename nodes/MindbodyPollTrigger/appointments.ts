import { EVENT_CHOICES } from './eventChoices';
import type { IDataObject } from 'n8n-workflow';

import { V6_OPERATIONS as V6 } from '../shared/v6Document/facts';
import { appointmentEventData } from './eventData';
import { readList } from './listPages';
import { SAMPLE_PAGES, operationOf, windowOf, type PollEvent, type PollRun } from './pollEvent';
import { digestOf, type PolledEvent } from './pollItems';
import { DAY_MS, stampMs, utcStamp } from './stamps';

/**
 * New and changed appointments. The document finds appointments by the day they take place
 * (GET /appointment/staffappointments, request.startDate and request.endDate), and an appointment
 * carries no time of change. So every poll reads the whole look-ahead window and compares each
 * appointment with a digest of how it looked at the last poll.
 */

interface AppointmentState {
	/** The last day of the window the digests cover. */
	covered?: string;
	/** Appointment id → digest of the record. */
	digests: Record<string, string>;
}

const search = operationOf(V6.GetStaffAppointments);

const appointmentKey = (record: IDataObject) => String(record.Id);

const dayEnd = (day: string) => Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1;

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

const readWindow = async (run: PollRun, maxPages = Infinity) => {
	const { first, last } = windowOf(run);
	const listing = await readList(
		run.ctx,
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

export const appointmentChanged: PollEvent<AppointmentState> = {
	...EVENT_CHOICES.appointmentChanged,
	usesWindow: true,
	// A start date cannot apply: appointments carry no time they were booked.
	start: () => ({ digests: {} }),
	isState: (value): value is AppointmentState =>
		typeof (value as AppointmentState | undefined)?.digests === 'object' &&
		(value as AppointmentState).digests !== null,
	async poll(run, state, quiet) {
		const listing = await readWindow(run);
		const covered = state.covered ? dayEnd(state.covered) : -Infinity;
		const events: PolledEvent[] = [];
		const digests: Record<string, string> = listing.whole ? {} : { ...state.digests };
		for (const record of listing.records) {
			const key = appointmentKey(record);
			const digest = digestOf(record);
			const before = state.digests[key];
			digests[key] = digest;
			// Days that just came into the window are learned: their appointments were booked before.
			if (quiet || (stampMs(record.StartDateTime) ?? Infinity) > covered) continue;
			if (before === undefined) events.push(event(run, record, 'appointmentBooking.created', digest));
			else if (before !== digest) events.push(event(run, record, 'appointmentBooking.updated', digest));
		}
		const last = state.covered && state.covered > listing.last ? state.covered : listing.last;
		return { events, state: { covered: last, digests } };
	},
	// The appointment booked last (the highest id) in the window.
	async sample(run) {
		const { records } = await readWindow(run, SAMPLE_PAGES);
		const newest = [...records].sort((a, b) => Number(b.Id) - Number(a.Id))[0];
		return newest ? [event(run, newest, 'appointmentBooking.created', digestOf(newest))] : [];
	},
};
