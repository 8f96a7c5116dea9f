import { deepCopy, type IDataObject } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue';
import type { ReadingPlace } from '../shared/transport/pages';
import { studioDay } from '../shared/transport/studioCalendar';
import { readList, type Query } from './listPages';
import { studioZoneOf, type PollEvent, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';

/**
 * The follow-up events' one engine. Each event is a definition: what it reads first (everything,
 * at the first poll), what it reads since the last reading, its cases (kept by key in the node's
 * static data), which cases are due, and what it reads again before it passes a case on, as an item.
 * The engine reads, keeps the state and gives Fetch Test Event its sample, the same way for all five.
 *
 * Every read honours the poll's budget (`run.goOn`): a poll reads at least one page, subject or
 * case, then only while the budget lasts; where it stopped (the step, the page, the subjects left,
 * what it learned) is kept in `reading`, and the next poll goes on from there. A case found due
 * that a poll had no time to read again waits in `owed` for the next.
 */

/** The document: GET /client/clients takes at most 20 client ids at once. */
export const CLIENTS_PER_READ = 20;

/** A visit counts once its class or appointment ended this long ago: time for staff to sign clients in. */
export const SETTLE_MS = 2 * 60 * 60 * 1000;

/** A case found due: its key, its client, and the day or visit it is due for (where the event keeps one). */
export interface Due {
	key: string;
	client: string;
	day?: string;
	at?: string;
}

/** A reading under way: where it started and where it got to. */
export interface ReadingState {
	/** The studio's day it started on: what changed from then on is read by the next. */
	day: string;
	/** Visits of classes and appointments that ended up to this instant (our clock) are read. */
	to: number;
	/** It reads everything (the first reading), and passes nothing on when quiet. */
	first: boolean;
	quiet: boolean;
	/** The step under way, and the place in its list. */
	step: number;
	page?: ReadingPlace;
	/** What the event learned so far, and the subjects (clients, classes) it still has to read. */
	found: IDataObject;
}

export interface FollowUpState<Cases> {
	zone: string;
	/** The studio's day the last finished reading started ('' before the first). */
	day: string;
	/** Visits of classes and appointments that ended up to this instant are read. */
	through: number;
	cases: Cases;
	owed: Due[];
	reading?: ReadingState;
}

/** A list read page by page; each page's records handed to `take`. */
export interface ListStep {
	list: Operation;
	query: Query;
	keyOf?: (record: IDataObject) => string;
	take: (records: IDataObject[]) => void;
}

/** Subjects (clients, classes) read `batch` at a time, each batch one unit of the budget. */
export interface EachStep {
	subjects: () => string[];
	batch: number;
	read: (batch: string[]) => Promise<void>;
}

export type Step = ListStep | EachStep;

/** What a definition is given while it reads or decides. */
export interface FollowUpContext<Cases> {
	run: PollRun;
	state: FollowUpState<Cases>;
	/** The studio's day of this poll. */
	today: string;
	/** The reading's day and end, what it learned so far. */
	reading: ReadingState;
	/** Fetch Test Event: a reading of the recent past, nothing kept. */
	sample: boolean;
}

export interface FollowUpDefinition<Cases> {
	/** The event as the Event list shows it. */
	choice: Omit<PollEvent, 'start' | 'isState' | 'poll' | 'sample'>;
	/** The cases of a first activation. */
	cases(): Cases;
	/** Whether a stored value is this event's cases. */
	isCases(value: unknown): value is Cases;
	/** A state an older version of the node stored, in this shape (undefined: not one). */
	upgrade?(value: unknown): FollowUpState<Cases> | undefined;
	/** Reads the node's settings before any request (each refuses a bad value). */
	settings?(run: PollRun, first: boolean): void;
	/**
	 * The first poll of a trigger started from now learns and passes nothing on (First Visit: every
	 * visitor would be new); the others pass on what is due that first morning.
	 */
	quietFirst?: boolean;
	/** What a first reading starts with ('found' of ReadingState: its subject lists). */
	found?(): IDataObject;
	/** What it reads first (the first poll) or since the last reading, as steps. */
	reads(ctx: FollowUpContext<Cases>): Step[];
	/** What it learned, into its cases once the reading ended. */
	settle?(ctx: FollowUpContext<Cases>): void;
	/** The cases due now, once a reading ended. */
	due(ctx: FollowUpContext<Cases>): Due[];
	/** Reads the cases of up to CLIENTS_PER_READ clients again; those still due as items. */
	readAgain(ctx: FollowUpContext<Cases>, due: Due[]): Promise<PolledEvent[]>;
	/** Fetch Test Event: its reading of the recent past, how many cases it reads again at a time, and what it shows. */
	sample: {
		reads(ctx: FollowUpContext<Cases>): Step[];
		/** Cases read again at a time; with `untilFound`, it stops at the first batch that finds one. */
		batch?: number;
		untilFound?: boolean;
		/** At most this many cases are read again. */
		most?: number;
		order?: (events: PolledEvent[]) => PolledEvent[];
	};
}

/** What a poll may still read: its first unit always (so every poll gets on), then while the budget lasts. */
class Budget {
	private spent = false;
	constructor(private readonly run: PollRun) {}
	take(): boolean {
		if (!this.spent) {
			this.spent = true;
			return true;
		}
		return this.run.goOn();
	}
	/** For a list's later pages: only while the budget lasts. */
	goOn = () => this.run.goOn();
}

const unlimited = (run: PollRun) => new Budget({ ...run, goOn: () => true });

/** Reads a reading's steps from where it got to; true when it ended, false when the budget ran out. */
async function readSteps(run: PollRun, steps: Step[], reading: ReadingState, budget: Budget): Promise<boolean> {
	for (; reading.step < steps.length; reading.step++, reading.page = undefined) {
		const step = steps[reading.step];
		if ('list' in step) {
			if (!budget.take()) return false;
			const keyOf = step.keyOf ?? ((record: IDataObject) => String(record.Id));
			const read = await readList(run.session, step.list, step.query, keyOf, {
				goOn: budget.goOn,
				from: reading.page,
			});
			step.take(read.records);
			if (!read.complete) {
				reading.page = read.next;
				return false;
			}
		} else {
			const subjects = step.subjects();
			while (subjects.length) {
				if (!budget.take()) return false;
				const batch = subjects.slice(0, step.batch);
				await step.read(batch);
				subjects.splice(0, batch.length);
			}
		}
	}
	return true;
}

/** Due cases in batches of at most `clients` clients each (every case of a client in one batch). */
function batchesOf(due: Due[], clients: number): Due[][] {
	const byClient = new Map<string, Due[]>();
	for (const entry of due) byClient.set(entry.client, [...(byClient.get(entry.client) ?? []), entry]);
	const groups = [...byClient.values()];
	const batches: Due[][] = [];
	for (let from = 0; from < groups.length; from += clients) batches.push(groups.slice(from, from + clients).flat());
	return batches;
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null;

/** The poll event of a definition. */
export function followUpEvent<Cases>(definition: FollowUpDefinition<Cases>): PollEvent<FollowUpState<Cases>> {
	const isState = (value: unknown): value is FollowUpState<Cases> =>
		isObject(value) &&
		typeof value.zone === 'string' &&
		typeof value.day === 'string' &&
		typeof value.through === 'number' &&
		Array.isArray(value.owed) &&
		definition.isCases(value.cases);
	const current = (value: unknown) => (isState(value) ? value : definition.upgrade?.(value));
	return {
		...definition.choice,
		start: () => ({ zone: '', day: '', through: 0, cases: definition.cases(), owed: [] }),
		isState: (value): value is FollowUpState<Cases> => current(value) !== undefined,
		async poll(run, stored, quiet) {
			const state = deepCopy(current(stored)!);
			definition.settings?.(run, !state.day);
			state.zone ||= await studioZoneOf(run);
			const today = studioDay(run.startedAt, state.zone);
			const budget = new Budget(run);
			const events: PolledEvent[] = [];
			// Cases owed by an earlier poll first; a new reading once none is owed.
			if (state.reading || !state.owed.length) {
				const reading: ReadingState = state.reading ?? {
					day: today,
					to: run.startedAt - SETTLE_MS,
					first: !state.day,
					quiet: quiet && !state.day && definition.quietFirst === true,
					step: 0,
					found: definition.found?.() ?? {},
				};
				const ctx: FollowUpContext<Cases> = { run, state, today, reading, sample: false };
				if (!(await readSteps(run, definition.reads(ctx), reading, budget))) {
					state.reading = reading;
					return { events, state };
				}
				definition.settle?.(ctx);
				const due = reading.quiet ? [] : definition.due(ctx);
				const owed = new Set(state.owed.map((entry) => entry.key));
				state.owed.push(...due.filter((entry) => !owed.has(entry.key)));
				state.day = reading.day;
				state.through = Math.max(state.through, reading.to);
				delete state.reading;
			}
			const ctx: FollowUpContext<Cases> = {
				run,
				state,
				today,
				reading: { day: state.day, to: state.through, first: false, quiet: false, step: 0, found: {} },
				sample: false,
			};
			for (const batch of batchesOf(state.owed, CLIENTS_PER_READ)) {
				if (!budget.take()) break;
				events.push(...(await definition.readAgain(ctx, batch)));
				const done = new Set(batch.map((entry) => entry.key));
				state.owed = state.owed.filter((entry) => !done.has(entry.key));
			}
			return { events, state };
		},
		async sample(run) {
			definition.settings?.(run, false);
			const zone = await studioZoneOf(run);
			const today = studioDay(run.startedAt, zone);
			const state: FollowUpState<Cases> = { zone, day: '', through: 0, cases: definition.cases(), owed: [] };
			const reading: ReadingState = {
				day: today,
				to: run.startedAt - SETTLE_MS,
				first: false,
				quiet: false,
				step: 0,
				found: definition.found?.() ?? {},
			};
			const ctx: FollowUpContext<Cases> = { run, state, today, reading, sample: true };
			const { sample } = definition;
			await readSteps(run, sample.reads(ctx), reading, unlimited(run));
			definition.settle?.(ctx);
			const due = definition.due(ctx).slice(0, sample.most ?? Infinity);
			const events: PolledEvent[] = [];
			for (let from = 0; from < due.length; from += sample.batch ?? due.length) {
				events.push(...(await definition.readAgain(ctx, due.slice(from, from + (sample.batch ?? due.length)))));
				if (sample.untilFound && events.length) break;
			}
			return sample.order ? sample.order(events) : events;
		},
	};
}
