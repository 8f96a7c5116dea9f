import { EVENT_CHOICES } from './eventChoices';
import type { IDataObject } from 'n8n-workflow';

import { addDays } from '../shared/transport/studioCalendar';
import { V6_OPERATIONS as V6 } from '../../document/facts';
import {
	advance,
	cursorFromDate,
	cursorFromNow,
	isChangeCursor,
	isNews,
	planRead,
	requestFloor,
	versionOf,
	type ChangeCursor,
	type Read,
} from './changeCursor';
import { bookingEventData } from './eventData';
import { readList, readOne, type Query } from './listPages';
import {
	SAMPLE_DAYS,
	SAMPLE_PAGES,
	newestFirst,
	operationOf,
	windowOf,
	type PollEvent,
	type PollRun,
} from './pollEvent';
import type { PolledEvent } from './pollItems';
import { DAY_MS, stampMs, utcStamp } from './stamps';

/**
 * New class bookings. The document lists a class's visits only by class (GET /class/classvisits
 * needs request.classID), and a visit has no time it was booked. So the trigger keeps the roster
 * of every class in its window: read whole when the class comes into the window, then only the
 * visits of classes the service reports changed (GET /class/classes by request.lastModifiedDate).
 * A visit not on the roster it keeps is a new booking.
 */

interface BookingState {
	/** Over the classes' LastModifiedDateTime. */
	classes: ChangeCursor;
	/** The last day whose classes' rosters are kept. */
	covered?: string;
	/** Class id → [its start (ms), the ids of the visits on its roster …]. */
	rosters: Record<string, number[]>;
}

const classesOp = operationOf(V6.GetClasses);
const visitsOp = operationOf(V6.GetClassVisits);

const classKey = (record: IDataObject) => String(record.Id);

const isBooking = (visit: IDataObject) =>
	visit.LateCancelled !== true && !['Cancelled', 'LateCancelled'].includes(String(visit.AppointmentStatus));

async function classWithVisits(run: PollRun, classId: string, floor?: string): Promise<IDataObject> {
	const query: Query = [['request.classID', classId]];
	if (floor) query.push(['request.lastModifiedDate', floor]);
	const body = await readOne(run.session, visitsOp, query);
	return (body.Class ?? {}) as IDataObject;
}

const visitsOf = (record: IDataObject) => (Array.isArray(record.Visits) ? (record.Visits as IDataObject[]) : []);

function booked(run: PollRun, visit: IDataObject, classRecord: IDataObject): PolledEvent {
	const at = typeof visit.LastModifiedDateTime === 'string' ? visit.LastModifiedDateTime : utcStamp(run.startedAt);
	return {
		eventId: 'classRosterBooking.created',
		key: String(visit.Id),
		version: String(visit.Id),
		at,
		eventData: bookingEventData(visit, classRecord, run.siteId),
	};
}

/**
 * Classes are written in UTC, and their window's dates read as UTC days: the days asked for and
 * those the rosters are kept by are the same, whatever the site's zone.
 */
const CLASS_DAYS = 'UTC';

/** What the phases of one poll gather: the classes read, the bookings found, the rosters now kept. */
interface BookingPoll {
	run: PollRun;
	state: BookingState;
	rosters: Record<string, number[]>;
	reads: Read[];
	events: PolledEvent[];
	/** Whether every listing was read whole and to its end. */
	whole: boolean;
	complete: boolean;
}

const readOf = (record: IDataObject): Read | undefined =>
	typeof record.LastModifiedDateTime === 'string'
		? {
				key: classKey(record),
				stamp: record.LastModifiedDateTime,
				version: versionOf(record.LastModifiedDateTime),
			}
		: undefined;

/** The rosters kept of classes still in the window: classes that left it are not read again. */
function rostersInWindow(state: BookingState, first: string): Record<string, number[]> {
	const rosters: Record<string, number[]> = {};
	for (const [id, roster] of Object.entries(state.rosters)) {
		if (roster[0] >= Date.parse(`${first}T00:00:00Z`)) rosters[id] = [...roster];
	}
	return rosters;
}

/** One listing of classes, its wholeness counted for the poll. */
async function listClasses(poll: BookingPoll, query: Query, options?: { goOn: () => boolean }) {
	const listing = await readList(poll.run.session, classesOp, query, classKey, options);
	poll.whole &&= listing.whole;
	poll.complete &&= listing.complete;
	return listing.records;
}

/**
 * Classes that came into the window since the last poll (from `entering` to `last`): their rosters
 * as they stand, learned without passing anything on (bookings made before the class was in the
 * window); on the first poll from a start date (`fromDate`), the bookings changed since that date
 * pass on.
 */
async function readEntering(poll: BookingPoll, entering: string, last: string, fromDate: boolean) {
	const { run, state } = poll;
	const records = await listClasses(poll, [
		['request.startDateTime', entering],
		['request.endDateTime', last],
	]);
	for (const record of records) {
		const read = readOf(record);
		if (read) poll.reads.push(read);
		const full = await classWithVisits(run, classKey(record));
		const visits = visitsOf(full);
		poll.rosters[classKey(record)] = [stampMs(record.StartDateTime) ?? 0, ...visits.map((visit) => Number(visit.Id))];
		if (!fromDate) continue;
		for (const visit of visits) {
			const changed = stampMs(visit.LastModifiedDateTime) ?? -Infinity;
			if (isBooking(visit) && changed > stampMs(state.classes.after)!) {
				poll.events.push(booked(run, visit, { ...record, ...full }));
			}
		}
	}
}

/**
 * Classes of the covered days the service reports changed since `floor`: their changed visits,
 * each booking not on the roster passed on (learned only, when `quiet`).
 */
async function readChanged(poll: BookingPoll, first: string, last: string, floor: string, quiet: boolean) {
	const { run, state } = poll;
	const covered = state.covered!;
	const records = await listClasses(
		poll,
		[
			['request.startDateTime', first],
			['request.endDateTime', covered < last ? covered : last],
			['request.lastModifiedDate', floor],
		],
		{ goOn: run.goOn },
	);
	for (const record of records) {
		const read = readOf(record);
		if (!read) continue;
		poll.reads.push(read);
		if (!isNews(state.classes, read)) continue;
		const roster = (poll.rosters[read.key] ??= [stampMs(record.StartDateTime) ?? 0]);
		const full = await classWithVisits(run, read.key, floor);
		for (const visit of visitsOf(full)) {
			const id = Number(visit.Id);
			if (roster.includes(id, 1)) continue;
			roster.push(id);
			if (!quiet && isBooking(visit)) poll.events.push(booked(run, visit, { ...record, ...full }));
		}
	}
}

/**
 * One poll, in phases: the rosters still in the window kept, the classes that entered the window
 * read whole, the changed classes' visits read, and the cursor advanced over every class read.
 */
async function pollBookings(run: PollRun, state: BookingState, quiet: boolean) {
	const { first, last } = windowOf(run, CLASS_DAYS);
	const poll: BookingPoll = {
		run,
		state,
		rosters: rostersInWindow(state, first),
		reads: [],
		events: [],
		whole: true,
		complete: true,
	};
	const entering = state.covered ? addDays(state.covered, 1) : first;
	if (entering <= last) await readEntering(poll, entering, last, !quiet && !state.covered);
	const plan = planRead(state.classes, run.startedAt, run.overlapMs);
	if (state.covered) await readChanged(poll, first, last, requestFloor(plan.floor, true), quiet);

	const times = { startedAt: run.startedAt, endedAt: Date.now() };
	return {
		events: poll.events,
		state: {
			classes: advance(state.classes, poll.reads, times, run.overlapMs, {
				sweep: plan.sweep,
				complete: poll.complete,
				whole: poll.whole,
				quiet: false,
			}),
			covered: state.covered && state.covered > last ? state.covered : last,
			rosters: poll.rosters,
		},
	};
}

export const classBookingCreated: PollEvent<BookingState> = {
	...EVENT_CHOICES.classBookingCreated,
	usesWindow: true,
	start(now, since) {
		const classes = since ? cursorFromDate(since) : cursorFromNow(now);
		return classes ? { classes, rosters: {} } : undefined;
	},
	isState: (value): value is BookingState =>
		isChangeCursor((value as BookingState | undefined)?.classes) && typeof (value as BookingState).rosters === 'object',
	poll: pollBookings,
	// The newest booking among the classes that changed last.
	async sample(run) {
		const { first, last } = windowOf(run, CLASS_DAYS);
		const listing = await readList(
			run.session,
			classesOp,
			[
				['request.startDateTime', first],
				['request.endDateTime', last],
				['request.lastModifiedDate', utcStamp(run.startedAt - SAMPLE_DAYS * DAY_MS)],
			],
			classKey,
			{ maxPages: SAMPLE_PAGES },
		);
		const byChange = [...listing.records].sort(
			(a, b) => (stampMs(b.LastModifiedDateTime) ?? 0) - (stampMs(a.LastModifiedDateTime) ?? 0),
		);
		for (const record of byChange.slice(0, SAMPLE_PAGES)) {
			const full = await classWithVisits(run, classKey(record));
			const events = visitsOf(full)
				.filter(isBooking)
				.map((visit) => booked(run, visit, { ...record, ...full }));
			if (events.length) return newestFirst(events, (event) => stampMs(event.at) ?? 0);
		}
		return [];
	},
};
