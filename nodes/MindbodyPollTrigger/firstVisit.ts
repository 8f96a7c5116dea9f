import { addDays, isAttended, nextBookingOf, instantIn, studioDay } from '../shared/transport/studioCalendar';
import { isVisitors, upgradeVisitState, type Visitors } from './clientLapsed';
import { EVENT_CHOICES } from './eventChoices';
import { followUpEvent, type Due } from './followUpEngine';
import {
	BOOKINGS_AHEAD_DAYS,
	attendedSteps,
	clientPart,
	clientsById,
	lastDayOf,
	visitsOf,
	type Attended,
} from './followUpReads';
import type { PolledEvent } from './pollItems';
import { DAY_MS } from './stamps';

/**
 * First Visit: a client attends for the first time. The trigger keeps who attended (each visitor's
 * last day, as Client Lapsed does); a visitor it has not seen is read again (GET /client/clientvisits,
 * her earlier visits and her bookings ahead in one request): passed on when she attended nothing before.
 */

/** How far back First Visit learns who visited before (a visit before it is found when she returns). */
const FIRST_VISIT_LOOK_BACK_DAYS = 30;

/** The first day asked for when every earlier visit is wanted. */
const EVER = '2000-01-01';

/** Fetch Test Event reads at most this many visitors again. */
const SAMPLE_MOST = 5;

/** A reading's visitors not seen before: each one's earliest visit (`found.earliest`) and last day (`found.last`). */
const foundOf = (found: { [key: string]: unknown }) => ({
	earliest: found.earliest as Record<string, Attended>,
	last: found.last as Record<string, string>,
});

export const firstVisit = followUpEvent<Visitors>({
	choice: EVENT_CHOICES.firstVisit,
	cases: () => ({ last: {}, booked: {} }),
	isCases: isVisitors,
	upgrade: upgradeVisitState,
	quietFirst: true,
	found: () => ({ classes: [], earliest: {}, last: {} }),
	reads(ctx) {
		const toMs = ctx.reading.to;
		const fromMs = ctx.state.through > 0 ? ctx.state.through : toMs - (FIRST_VISIT_LOOK_BACK_DAYS + 1) * DAY_MS;
		const { earliest, last } = foundOf(ctx.reading.found);
		const known = ctx.state.cases.last;
		return attendedSteps(
			ctx.run,
			ctx.state.zone,
			{ fromMs, toMs, classes: ctx.reading.found.classes as string[] },
			(visit) => {
				lastDayOf(visit, last);
				const seen = earliest[visit.clientId];
				if (known[visit.clientId] === undefined && (!seen || visit.at < seen.at)) earliest[visit.clientId] = visit;
			},
		);
	},
	settle(ctx) {
		for (const [id, day] of Object.entries(foundOf(ctx.reading.found).last))
			lastDayOf({ clientId: id, day, at: '' }, ctx.state.cases.last);
	},
	due: (ctx) =>
		Object.values(foundOf(ctx.reading.found).earliest).map(
			(visit): Due => ({ key: visit.clientId, client: visit.clientId, day: visit.day, at: visit.at }),
		),
	async readAgain(ctx, due) {
		const { run } = ctx;
		const { zone } = ctx.state;
		const clients = await clientsById(
			run,
			due.map((entry) => entry.client),
		);
		const today = studioDay(run.startedAt, zone);
		const events: PolledEvent[] = [];
		for (const { client: id, day, at } of due) {
			// Her visits before this one, and her bookings ahead, in one request.
			const visits = await visitsOf(run, id, EVER, addDays(today, BOOKINGS_AHEAD_DAYS));
			const before = visits.filter(isAttended).filter((visit) => {
				const ms = instantIn(visit.StartDateTime, zone);
				return ms !== undefined && studioDay(ms, zone) < day!;
			});
			if (before.length) continue;
			events.push({
				eventId: 'client.firstVisit',
				key: id,
				version: `first:${id}`,
				at: at!,
				eventData: {
					siteId: run.siteId,
					...clientPart(clients.get(id), id),
					visitDate: day,
					visitStartDateTime: at,
					nextBooking: nextBookingOf(visits, zone, run.startedAt),
				},
			});
		}
		return events;
	},
	sample: {
		reads(ctx) {
			const toMs = ctx.reading.to;
			const { earliest } = foundOf(ctx.reading.found);
			return attendedSteps(
				ctx.run,
				ctx.state.zone,
				{ fromMs: toMs - 7 * DAY_MS, toMs, classes: ctx.reading.found.classes as string[] },
				(visit) => {
					const seen = earliest[visit.clientId];
					if (!seen || visit.at < seen.at) earliest[visit.clientId] = visit;
				},
			);
		},
		most: SAMPLE_MOST,
		order: (events) => events.reverse(),
	},
});
