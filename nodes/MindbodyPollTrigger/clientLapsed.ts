import {
	addDays,
	daysBetween,
	instantIn,
	isAttended,
	nextBookingOf,
	studioDay,
} from '../shared/transport/studioCalendar';
import { EVENT_CHOICES } from './eventChoices';
import { followUpEvent, type FollowUpState } from './followUpEngine';
import {
	BOOKINGS_AHEAD_DAYS,
	attendedSteps,
	clientPart,
	clientsById,
	isActiveClient,
	lastDayOf,
	settingOf,
	switchOf,
	visitsOf,
} from './followUpReads';
import type { PolledEvent } from './pollItems';
import { DAY_MS } from './stamps';

/**
 * Client Lapsed. The document lists attended visits per class (GET /class/classvisits) or per
 * client (GET /client/clientvisits), so the trigger keeps each visitor's last attended day: the
 * first poll reads the classes and appointments of the look-back once, each later poll only those
 * that ended since. A client due is read again (GET /client/clientvisits, her bookings ahead in
 * the same request) before she is passed on: a visit signed in late is then seen, and she is not.
 */

export interface Visitors {
	/** Client id → the studio's day of her last attended visit. */
	last: Record<string, string>;
	/**
	 * A client due who holds a booking ahead, left out until that booking's day (client id → the
	 * studio's day of it), then read again.
	 */
	booked: Record<string, string>;
}

/** The shape a visit event kept before named fields. */
export function upgradeVisitState(value: unknown): FollowUpState<Visitors> | undefined {
	const old = value as { zone?: unknown; through?: unknown; last?: unknown; booked?: unknown } | undefined;
	if (typeof old?.through !== 'number' || typeof old.zone !== 'string') return undefined;
	if (typeof old.last !== 'object' || old.last === null) return undefined;
	return {
		zone: old.zone,
		// Its first reading is done once it read up to an instant.
		day: old.through > 0 && old.zone ? studioDay(old.through, old.zone) : '',
		through: old.through,
		cases: {
			last: { ...(old.last as Record<string, string>) },
			booked: { ...((old.booked ?? {}) as Record<string, string>) },
		},
		owed: [],
	};
}

export const isVisitors = (value: unknown): value is Visitors =>
	typeof (value as Visitors | undefined)?.last === 'object' && typeof (value as Visitors).booked === 'object';

/** How many clients due Fetch Test Event reads at most (a request each) to find one lapsed, five at a time. */
const SAMPLE_CANDIDATES = 20;

export const clientLapsed = followUpEvent<Visitors>({
	choice: EVENT_CHOICES.clientLapsed,
	cases: () => ({ last: {}, booked: {} }),
	isCases: isVisitors,
	upgrade: upgradeVisitState,
	settings(run, first) {
		settingOf(run, 'daysWithoutVisit');
		if (first) settingOf(run, 'lapsedBacklogDays');
	},
	found: () => ({ classes: [] }),
	reads(ctx) {
		const days = settingOf(ctx.run, 'daysWithoutVisit');
		// The first poll reads Lapsed Backlog days more: clients lapsed that long already are due on the first morning.
		const back = days + (ctx.reading.first ? settingOf(ctx.run, 'lapsedBacklogDays') : 0);
		const toMs = ctx.reading.to;
		const fromMs = ctx.state.through > 0 ? ctx.state.through : toMs - (back + 1) * DAY_MS;
		const classes = ctx.reading.found.classes as string[];
		return attendedSteps(ctx.run, ctx.state.zone, { fromMs, toMs, classes }, (visit) =>
			lastDayOf(visit, ctx.state.cases.last),
		);
	},
	due(ctx) {
		const days = settingOf(ctx.run, 'daysWithoutVisit');
		const { last, booked } = ctx.state.cases;
		// A booking whose day has not come keeps its client out; one past is read again.
		for (const [id, day] of Object.entries(booked)) if (last[id] === undefined || day < ctx.today) delete booked[id];
		const due = Object.keys(last).filter((id) => daysBetween(last[id], ctx.today) > days && booked[id] === undefined);
		return (ctx.sample ? due.slice(0, SAMPLE_CANDIDATES) : due).map((id) => ({ key: id, client: id }));
	},
	/**
	 * Each client due read again with her bookings ahead (one request per client), passed on when
	 * she is active, made no visit since and, unless Include Clients With a Booking is on, holds no
	 * booking ahead; the item carries her next booking. A later visit moves her last day on; a client
	 * booked ahead waits in `booked` until that booking's day. Dropped from `last` once passed on or
	 * inactive: a new visit brings her back.
	 */
	async readAgain(ctx, due) {
		const { run, today } = ctx;
		const { zone } = ctx.state;
		const { last, booked } = ctx.state.cases;
		const days = settingOf(run, 'daysWithoutVisit');
		const includeBooked = switchOf(run, 'includeBookedClients');
		const clients = await clientsById(
			run,
			due.map((entry) => entry.client),
		);
		const events: PolledEvent[] = [];
		for (const { client: id } of due) {
			if (last[id] === undefined) continue;
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
	},
	// The clients whose last visit in the week before the lapse day was on the lapse day itself.
	sample: {
		reads(ctx) {
			const days = settingOf(ctx.run, 'daysWithoutVisit');
			const toMs = ctx.reading.to;
			const classes = ctx.reading.found.classes as string[];
			return attendedSteps(
				ctx.run,
				ctx.state.zone,
				{ fromMs: toMs - (days + 8) * DAY_MS, toMs: toMs - days * DAY_MS, classes },
				(visit) => lastDayOf(visit, ctx.state.cases.last),
			);
		},
		// Five at a time, until one is lapsed: many a client due holds a booking ahead, and is left out.
		batch: 5,
		untilFound: true,
	},
});
