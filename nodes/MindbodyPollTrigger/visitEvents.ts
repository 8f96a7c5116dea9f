import { EVENT_CHOICES } from './eventChoices';

import {
	addDays,
	daysBetween,
	instantIn,
	isAttended,
	nextBookingOf,
	studioDay,
} from '../shared/transport/studioCalendar';
import {
	SETTLE_MS,
	attendedBetween,
	attendedSince,
	clientPart,
	clientsById,
	isActiveClient,
	lastDays,
	settingOf,
	switchOf,
	visitsOf,
	type Attended,
} from './clientJobs';
import { DAY_MS } from './stamps';
import { studioZoneOf, type PollEvent, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';

/**
 * Client Lapsed and First Visit. The document lists attended visits per class (GET
 * /class/classvisits) or per client (GET /client/clientvisits), so the trigger keeps each
 * visitor's last attended day: the first poll reads the classes and appointments of the look-back
 * once, each later poll only those that ended since. A client is read again (GET /client/clientvisits)
 * before she is passed on: a visit signed in late is then seen, and she is not passed on.
 */

interface VisitState {
	zone: string;
	/** Visits of classes and appointments that ended up to this instant (our clock) are read. */
	through: number;
	/** Client id → the studio's day of her last attended visit. */
	last: Record<string, string>;
	/**
	 * Client Lapsed: a client due who holds a booking ahead, left out until that booking's day
	 * (client id → the studio's day of it), then read again.
	 */
	booked?: Record<string, string>;
}

const isVisitState = (value: unknown): value is VisitState =>
	typeof (value as VisitState | undefined)?.through === 'number' &&
	typeof (value as VisitState).zone === 'string' &&
	typeof (value as VisitState).last === 'object';

/** How far back First Visit learns who visited before (a visit before it is found when she returns). */
const FIRST_VISIT_LOOK_BACK_DAYS = 30;

/**
 * A poll's new visits. The first reads `lookBackDays` back and starts the state; `through` ends
 * SETTLE_MS before the poll started, so a class just ended is read once staff signed clients in.
 */
async function newVisits(run: PollRun, state: VisitState, lookBackDays: number) {
	const zone = state.zone || (await studioZoneOf(run));
	const to = run.startedAt - SETTLE_MS;
	const from = state.through > 0 ? state.through : to - (lookBackDays + 1) * DAY_MS;
	const visits = await attendedBetween(run, zone, from, to);
	return { zone, visits, through: Math.max(from, to) };
}

const startState = (): VisitState => ({ zone: '', through: 0, last: {} });

export const clientLapsed: PollEvent<VisitState> = {
	...EVENT_CHOICES.clientLapsed,
	start: startState,
	isState: isVisitState,
	async poll(run, state) {
		const days = settingOf(run, 'daysWithoutVisit');
		// The first poll reads Lapsed Backlog days more: clients lapsed that long already are due on the first morning.
		const read = await newVisits(run, state, days + (state.through > 0 ? 0 : settingOf(run, 'lapsedBacklogDays')));
		const last = lastDays(read.visits, { ...state.last });
		const today = studioDay(run.startedAt, read.zone);
		// A booking whose day has not come keeps its client out; one past is read again.
		const booked = Object.fromEntries(
			Object.entries(state.booked ?? {}).filter(([id, day]) => last[id] !== undefined && day >= today),
		);
		const events: PolledEvent[] = [];
		const due = Object.keys(last).filter((id) => daysBetween(last[id], today) > days && booked[id] === undefined);
		const settings = { today, days, zone: read.zone, includeBooked: switchOf(run, 'includeBookedClients') };
		if (due.length) events.push(...(await confirmLapses(run, due, last, booked, settings)));
		const next: VisitState = { zone: read.zone, through: read.through, last };
		if (Object.keys(booked).length) next.booked = booked;
		return { events, state: next };
	},
	async sample(run) {
		const days = settingOf(run, 'daysWithoutVisit');
		const zone = await studioZoneOf(run);
		const to = run.startedAt - SETTLE_MS;
		// The clients whose last visit in the week before the lapse day was on the lapse day itself.
		const visits = await attendedBetween(run, zone, to - (days + 8) * DAY_MS, to - days * DAY_MS);
		const last = lastDays(visits);
		const today = studioDay(run.startedAt, zone);
		const due = Object.keys(last)
			.filter((id) => daysBetween(last[id], today) > days)
			.slice(0, SAMPLE_CANDIDATES);
		const includeBooked = switchOf(run, 'includeBookedClients');
		// Five at a time, until one is lapsed: many a client due holds a booking ahead, and is left out.
		for (let from = 0; from < due.length; from += 5) {
			const found = await confirmLapses(run, due.slice(from, from + 5), last, {}, { today, days, zone, includeBooked });
			if (found.length) return found;
		}
		return [];
	},
};

/** How many clients due Fetch Test Event reads at most (a request each) to find one lapsed. */
const SAMPLE_CANDIDATES = 20;

/** How far ahead a client's bookings are read with her visits: the same request, a year on. */
const BOOKINGS_AHEAD_DAYS = 365;

/**
 * The clients whose last visit is due: each read again with her bookings ahead (one request per
 * client), passed on when she is active, made no visit since and, unless `includeBooked`, holds no
 * booking ahead; the item carries her next booking. A later visit moves her last day on; a client
 * booked ahead waits in `booked` until that booking's day. Dropped from `last` once passed on or
 * inactive: a new visit brings her back.
 */
async function confirmLapses(
	run: PollRun,
	due: string[],
	last: Record<string, string>,
	booked: Record<string, string>,
	{ today, days, zone, includeBooked }: { today: string; days: number; zone: string; includeBooked: boolean },
): Promise<PolledEvent[]> {
	const clients = await clientsById(run, due);
	const events: PolledEvent[] = [];
	for (const id of due) {
		const client = clients.get(id);
		if (!isActiveClient(client)) {
			delete last[id];
			continue;
		}
		const visits = await visitsOf(run, id, addDays(last[id], 1), addDays(today, BOOKINGS_AHEAD_DAYS));
		const later = visits
			.filter(isAttended)
			.map((visit) => instantIn(visit.StartDateTime, zone))
			.filter((ms): ms is number => ms !== undefined && ms < run.startedAt)
			.map((ms) => studioDay(ms, zone))
			.sort();
		if (later.length) {
			last[id] = later[later.length - 1];
			if (daysBetween(last[id], today) <= days) continue;
		}
		const nextBooking = nextBookingOf(visits, zone, run.startedAt);
		if (nextBooking && !includeBooked) {
			const at = instantIn(nextBooking.startDateTime, zone);
			booked[id] = at === undefined ? today : studioDay(at, zone);
			continue;
		}
		events.push({
			eventId: 'client.lapsed',
			key: id,
			version: `lapsed:${id}:${last[id]}`,
			at: `${addDays(last[id], days + 1)}T00:00:00`,
			eventData: {
				siteId: run.siteId,
				...clientPart(client, id),
				lastVisitDate: last[id],
				daysWithoutVisit: daysBetween(last[id], today),
				nextBooking,
			},
		});
		delete last[id];
	}
	return events;
}

/**
 * A client attends for the first time: a visitor the trigger has not seen is read again (GET
 * /client/clientvisits up to the day before): passed on when she attended nothing before.
 */
export const firstVisit: PollEvent<VisitState> = {
	...EVENT_CHOICES.firstVisit,
	start: startState,
	isState: isVisitState,
	async poll(run, state, quiet) {
		const read = await newVisits(run, state, FIRST_VISIT_LOOK_BACK_DAYS);
		const known = new Set(Object.keys(state.last));
		const last = lastDays(read.visits, { ...state.last });
		const events = quiet ? [] : await firsts(run, read.visits, known);
		return { events, state: { zone: read.zone, through: read.through, last } };
	},
	async sample(run) {
		const zone = await studioZoneOf(run);
		const to = run.startedAt - SETTLE_MS;
		const visits = await attendedBetween(run, zone, to - 7 * DAY_MS, to);
		return (await firsts(run, visits, new Set(), 5)).reverse();
	},
};

/** The first day asked for when every earlier visit is wanted. */
const EVER = '2000-01-01';

async function firsts(run: PollRun, visits: Attended[], known: Set<string>, most = Infinity): Promise<PolledEvent[]> {
	const earliest = new Map<string, Attended>();
	for (const visit of visits) {
		if (known.has(visit.clientId)) continue;
		const seen = earliest.get(visit.clientId);
		if (!seen || visit.at < seen.at) earliest.set(visit.clientId, visit);
	}
	const candidates = [...earliest.values()].slice(0, most);
	const clients = await clientsById(
		run,
		candidates.map((visit) => visit.clientId),
	);
	const events: PolledEvent[] = [];
	for (const visit of candidates) {
		const before = await attendedSince(run, visit.clientId, EVER, addDays(visit.day, -1));
		if (before.length) continue;
		events.push({
			eventId: 'client.firstVisit',
			key: visit.clientId,
			version: `first:${visit.clientId}`,
			at: visit.at,
			eventData: {
				siteId: run.siteId,
				...clientPart(clients.get(visit.clientId), visit.clientId),
				visitDate: visit.day,
				visitStartDateTime: visit.at,
			},
		});
	}
	return events;
}
