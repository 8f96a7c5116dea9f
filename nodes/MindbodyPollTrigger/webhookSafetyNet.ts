import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { CREATED_EVENT_IDS, recordKeyOf, type CreatedEventId } from '../shared/events/recordKeys';
import {
	activateSubscription,
	isUrlRefused,
	listSubscriptions,
	readMetrics,
	type Subscription,
	type SubscriptionMetrics,
} from '../shared/transport/webhookService';
import { appointmentChanged } from './appointments';
import { clientContractCreated, clientCreated, saleCreated } from './changeEvents';
import { classBookingCreated } from './classBookings';
import { EVENT_CHOICES } from './eventChoices';
import { newestFirst, type PollEvent, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';
import { stampMs, utcStamp } from './stamps';

/**
 * Webhook Safety Net: beside a Mindbody Trigger in the same workflow, it reads the REST lists for
 * the records the webhook events stand for (clients added, sales, contracts, class bookings,
 * appointments booked) and passes on what the workflow has not had, whichever way it came: both
 * triggers record each record made in the workflow's shared record (recordKeys.ts), so one
 * passes on what the other did not. The service resends a delivery for 3 hours and then drops it,
 * and deactivates a subscription whose deliveries keep failing: the net also watches this
 * workflow's subscriptions, reactivates one the service deactivated, and reports the outage once
 * deliveries work again (OUTAGE_EVENT).
 */

/** The item that tells the studio of an outage once it is over. */
export const OUTAGE_EVENT = 'webhookOutage.ended';

/** Which poll event reads the records of each webhook event. */
const PARTS: Record<CreatedEventId, PollEvent> = {
	'client.created': clientCreated as PollEvent,
	'clientSale.created': saleCreated as PollEvent,
	'clientContract.created': clientContractCreated as PollEvent,
	'classRosterBooking.created': classBookingCreated as PollEvent,
	'appointmentBooking.created': appointmentChanged as PollEvent,
};

/** At most this many missed records are kept for an outage's report (its counts go on past it). */
export const OUTAGE_KEYS_MAX = 2000;

/** A subscription's counts when last read. */
interface Counts {
	undelivered: number;
	failed: number;
}

/** An outage under way: since when deliveries failed, and what it cost so far. */
export interface Outage {
	/** The last poll (our clock) that found deliveries working, before the first that did not. */
	from: number;
	/**
	 * Deliveries the service could not make, and events it stopped resending after 3 hours (its
	 * counts: events it dropped when it turned the subscription off are in neither).
	 */
	undelivered: number;
	failed: number;
	/** When the service deactivated a subscription (its own time), if it did. */
	deactivatedAt?: string;
	reactivated: number;
	/** What the net passed on meanwhile: record key and the time it was made, as the service wrote it. */
	passed: Array<[string, string]>;
}

interface WatchState {
	/** This workflow's live subscriptions and their counts. */
	counts: Record<string, Counts>;
	/** The last poll (our clock) that found deliveries working. */
	clearAt: number;
	outage?: Outage;
}

export interface SafetyNetState {
	/** Each selected webhook event's reading state. */
	parts: Partial<Record<CreatedEventId, unknown>>;
	watch: WatchState;
}

type PollOrExecute = IPollFunctions | IExecuteFunctions;

/** The webhook events the user picked, in the order of CREATED_EVENT_IDS. */
function pickedEvents(run: PollRun): CreatedEventId[] {
	const ctx = run.session.ctx as PollOrExecute;
	const raw =
		'getInputData' in ctx
			? ctx.getNodeParameter('safetyNetEvents', 0, [])
			: ctx.getNodeParameter('safetyNetEvents', []);
	const picked = new Set(Array.isArray(raw) ? raw.map(String) : []);
	const events = CREATED_EVENT_IDS.filter((eventId) => picked.has(eventId));
	return events.length ? events : [...CREATED_EVENT_IDS];
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The live subscriptions of this workflow's Mindbody Triggers (the test slot's are left alone). */
function oursOf(run: PollRun, subscriptions: Subscription[]): Subscription[] {
	const prefix = `n8n:${run.session.ctx.getWorkflow().id ?? ''}:`;
	const newest = new Map<string, Subscription & { created: number }>();
	for (const subscription of subscriptions) {
		const { referenceId, subscriptionId } = subscription;
		if (!subscriptionId || !referenceId?.startsWith(prefix) || referenceId.endsWith(':test')) continue;
		// The trigger retires a subscription before it makes the next: the newest per node is the live one.
		const created = stampMs((subscription as IDataObject).subscriptionCreationDateTime) ?? 0;
		const kept = newest.get(referenceId);
		if (!kept || created >= kept.created) newest.set(referenceId, { ...subscription, created });
	}
	return [...newest.values()];
}

/** Deactivated by the service (failed deliveries) or its staff; never one the trigger or a person stopped. */
const deactivatedByService = (status: unknown) =>
	/^deactivated/i.test(String(status)) && status !== 'DeactivatedByUser';

interface Watched {
	counts: Record<string, Counts>;
	trouble: boolean;
	undelivered: number;
	failed: number;
	deactivatedAt?: string;
	reactivated: number;
}

/**
 * This poll's look at the subscriptions: their counts since the last poll, and a deactivated one
 * made Active again. A webhook service that does not answer leaves the watch as it was.
 */
async function watch(run: PollRun, before: WatchState): Promise<Watched | undefined> {
	const { session } = run;
	const logger = session.ctx.logger;
	let ours: Subscription[];
	let metrics: SubscriptionMetrics[];
	try {
		ours = oursOf(run, await listSubscriptions(session));
		metrics = ours.length ? await readMetrics(session) : [];
	} catch (error) {
		logger.warn(`Mindbody Webhook Safety Net could not read the webhook subscriptions: ${(error as Error).message}`);
		return undefined;
	}
	const watched: Watched = { counts: {}, trouble: false, undelivered: 0, failed: 0, reactivated: 0 };
	for (const subscription of ours) {
		const id = subscription.subscriptionId!;
		const item = metrics.find((entry) => entry.subscriptionId === id);
		const now: Counts = { undelivered: count(item?.messagesUndelivered), failed: count(item?.messagesFailed) };
		const last = before.counts[id];
		watched.counts[id] = now;
		if (last) {
			watched.undelivered += Math.max(0, now.undelivered - last.undelivered);
			watched.failed += Math.max(0, now.failed - last.failed);
		}
		const status = item?.status ?? subscription.status;
		if (status === 'Active') continue;
		watched.trouble = true;
		if (!deactivatedByService(status)) continue;
		watched.deactivatedAt = String(item?.statusChangeDate ?? subscription.statusChangeDate ?? '') || undefined;
		try {
			await activateSubscription(session, id);
			watched.reactivated++;
			logger.warn(
				`Mindbody Webhook Safety Net reactivated webhook subscription ${id}, which the service had deactivated (${String(status)})`,
			);
		} catch (error) {
			const why = isUrlRefused(error) ? 'the service still cannot reach the webhook URL' : (error as Error).message;
			logger.warn(`Mindbody Webhook Safety Net could not reactivate webhook subscription ${id} yet: ${why}`);
		}
	}
	watched.trouble ||= watched.undelivered > 0 || watched.failed > 0;
	return watched;
}

const isState = (value: unknown): value is SafetyNetState =>
	isObject(value) &&
	isObject(value.parts) &&
	isObject(value.watch) &&
	isObject((value.watch as IDataObject).counts) &&
	typeof (value.watch as IDataObject).clearAt === 'number';

/** The report passed on once deliveries work again; the run's first step adds what was recovered. */
function outageReport(run: PollRun, outage: Outage): PolledEvent {
	const to = run.startedAt;
	const eventData: IDataObject = {
		siteId: run.siteId,
		noticedFrom: utcStamp(outage.from),
		resolvedAt: utcStamp(to),
		minutes: Math.round((to - outage.from) / 60_000),
		deliveriesNotAnswered: outage.undelivered,
		deliveriesAbandoned: outage.failed,
		subscriptionReactivated: outage.reactivated > 0,
		...(outage.deactivatedAt ? { deactivatedAt: outage.deactivatedAt } : {}),
		// The first step turns these into eventsRecovered and drops them.
		passedDuringOutage: outage.passed.map(([key, at]) => `${key} ${at}`),
	};
	return { eventId: OUTAGE_EVENT, key: `outage:${outage.from}`, version: String(to), at: utcStamp(to), eventData };
}

export const webhookSafetyNet: PollEvent<SafetyNetState> = {
	...EVENT_CHOICES.webhookSafetyNet,
	usesWindow: true,
	start: (now, since) => {
		const parts: SafetyNetState['parts'] = {};
		for (const eventId of CREATED_EVENT_IDS) {
			const state = PARTS[eventId].start(now, since);
			if (state === undefined) return undefined;
			parts[eventId] = state;
		}
		return { parts, watch: { counts: {}, clearAt: now } };
	},
	isState,
	async poll(run, state, quiet) {
		const watched = await watch(run, state.watch);
		const events: PolledEvent[] = [];
		const parts: SafetyNetState['parts'] = {};
		for (const eventId of pickedEvents(run)) {
			const part = PARTS[eventId];
			const before = state.parts[eventId];
			// An event picked later starts from now: its first reading learns what exists.
			const fresh = !part.isState(before);
			const outcome = await part.poll(run, fresh ? part.start(run.startedAt) : before, quiet || fresh);
			parts[eventId] = outcome.state;
			events.push(...outcome.events.filter((event) => event.eventId === eventId));
		}
		const watchState: WatchState = watched
			? { counts: watched.counts, clearAt: state.watch.clearAt, outage: state.watch.outage }
			: { ...state.watch };
		if (watched?.trouble) {
			const outage = (watchState.outage ??= {
				from: state.watch.clearAt,
				undelivered: 0,
				failed: 0,
				reactivated: 0,
				passed: [],
			});
			outage.undelivered += watched.undelivered;
			outage.failed += watched.failed;
			outage.reactivated += watched.reactivated;
			outage.deactivatedAt ??= watched.deactivatedAt;
		}
		if (watchState.outage) {
			const passed = events
				.map((event) => [recordKeyOf(event.eventId, event.eventData), event.at] as const)
				.filter((pair): pair is [string, string] => pair[0] !== undefined);
			watchState.outage.passed = [...watchState.outage.passed, ...passed].slice(-OUTAGE_KEYS_MAX);
		}
		if (watched && !watched.trouble) {
			if (watchState.outage) {
				run.session.ctx.logger.warn(
					`Mindbody webhook deliveries to this workflow work again after failing since ${utcStamp(watchState.outage.from)}`,
				);
				events.push(outageReport(run, watchState.outage));
				delete watchState.outage;
			}
			watchState.clearAt = run.startedAt;
		} else if (watched?.trouble && !state.watch.outage) {
			run.session.ctx.logger.warn(
				`Mindbody webhook deliveries to this workflow are failing (${watched.undelivered} not answered, ${watched.failed} given up); the Webhook Safety Net reads what they carry from the REST API`,
			);
		}
		return { events, state: { parts, watch: watchState } };
	},
	async sample(run) {
		const samples: PolledEvent[] = [];
		for (const eventId of pickedEvents(run)) {
			samples.push(...(await PARTS[eventId].sample(run)).filter((event) => event.eventId === eventId));
		}
		return newestFirst(samples, (event) => stampMs(event.at) ?? 0);
	},
};
