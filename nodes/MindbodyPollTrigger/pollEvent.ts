import type { Operation } from '../shared/catalogue';
import { operations } from '../shared/catalogue';
import type { V6OperationFacts } from '../../document/factTypes';
import type { RunSession } from '../shared/transport';
import { addDays, studioDay, studioZone } from '../shared/transport/studioCalendar';
import type { PolledEvent } from './pollItems';

/** One poll: what it may use, and when it started by our clock. */
export interface PollRun {
	/** The poll's session: every request of the poll goes through it. */
	session: RunSession;
	siteId: number;
	startedAt: number;
	overlapMs: number;
	lookAheadDays: number;
	/** Whether the poll may read another page: false once most of the time n8n gives a poll is spent. */
	goOn: () => boolean;
}

/** What a poll found and the state to keep for the next one. */
export interface PollOutcome<State> {
	events: PolledEvent[];
	state: State;
}

/**
 * An event the trigger polls for. `start` makes the state of a first activation; the first poll
 * after one from now (`quiet`) learns what exists and passes nothing on. `sample` is the
 * editor's Fetch Test Event: recent events, newest first, no state kept.
 */
export interface PollEvent<State = unknown> {
	value: string;
	name: string;
	description: string;
	/** The webhook events its items stand for. */
	eventIds: readonly string[];
	/** What a studio types in n8n's nodes panel to find the trigger for it (the node's codex aliases). */
	searchWords: readonly string[];
	/** Reads the look-ahead window of upcoming classes or appointments. */
	usesWindow?: boolean;
	/** Why Fetch Test Event found nothing to show, in the event's own terms, and what to do. */
	noSample?: string;
	start(now: number, since?: string): State | undefined;
	isState(value: unknown): value is State;
	/**
	 * `latest` is the newest state saved when a poll after a restart reads again from an older one
	 * (`state`): what an event keeps that is no reading to repeat (a count it compares with) comes
	 * from it.
	 */
	poll(run: PollRun, state: State, quiet: boolean, latest?: State): Promise<PollOutcome<State>>;
	sample(run: PollRun): Promise<PolledEvent[]>;
}

/** A catalogue operation by the v6 document's facts of it. */
export function operationOf(facts: V6OperationFacts): Operation {
	const operation = operations.find((op) => op.v6 === facts);
	if (!operation) throw new Error(`The catalogue has no operation for ${facts.method} ${facts.path}`);
	return operation;
}

/** How far back Fetch Test Event looks, and how many pages it reads at most. */
export const SAMPLE_DAYS = 7;
export const SAMPLE_PAGES = 5;

/**
 * The studio's time zone, for an event that reads the studio's days: the studio calendar's one
 * reader (one GET /site/sites per poll, kept in the event's state), which refuses a site without a
 * valid zone before anything else is sent. Events that need no zone never call it.
 */
export const studioZoneOf = async (run: PollRun) => await studioZone(run.session, run.siteId);

/**
 * The days a window event reads, by our clock on the calendar of `zone` (the one the service reads
 * the dates in): from yesterday to `lookAheadDays` after today.
 */
export function windowOf(
	run: Pick<PollRun, 'startedAt' | 'lookAheadDays'>,
	zone: string,
): { first: string; last: string } {
	const today = studioDay(run.startedAt, zone);
	return { first: addDays(today, -1), last: addDays(today, run.lookAheadDays) };
}

export { dayEndIn } from '../shared/transport/studioCalendar';

/** The newest events first, by the time they happened, then by the order they were found. */
export function newestFirst(events: PolledEvent[], msOf: (event: PolledEvent) => number): PolledEvent[] {
	return events
		.map((event, index) => ({ event, index, ms: msOf(event) }))
		.sort((a, b) => b.ms - a.ms || b.index - a.index)
		.map(({ event }) => event);
}
