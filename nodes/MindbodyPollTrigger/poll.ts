import { randomUUID } from 'node:crypto';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SITE_ID } from '../shared/auth';
import { RunSession } from '../shared/transport';
import { DEFAULT_OVERLAP_MINUTES } from './description';
import { findPollEvent } from './events';
import { SAMPLE_DAYS, type PollEvent, type PollRun } from './pollEvent';
import { toItem, type PolledEvent } from './pollItems';
import { MINUTE_MS, stampMs } from './stamps';

/** Where the node keeps its state in the workflow's static data (node level). */
export const STATE_KEY = 'poll';

/**
 * Marks an item a poll passes on again after a restart (read again from the oldest `handedOn` poll),
 * with an id of that poll: the run's first step records which of them this run took (a retry of
 * the run passes on those), then takes the mark away.
 */
export const PASSED_AGAIN = 'mindbodyPassedAgain';

/** This n8n process, as the states it saves name it. */
const PROCESS = randomUUID();

/**
 * How many of the newest entries n8n's record of processed items keeps for the trigger: the run's
 * first step records each messageId it passes on (firstStep.ts).
 */
export const POLL_RECORD_MAX = 5000;

/**
 * How long a poll that passed changes on stays in `handedOn`: a run n8n has not started this long
 * after its poll (stored as *new*, waiting for the workflow to be read again or for a place under
 * n8n's concurrency limit) counts as started. And at most this many of them (10 minutes of polls
 * every 5 s): past that the oldest is dropped.
 */
export const HANDED_ON_WINDOW_MS = 10 * MINUTE_MS;
export const HANDED_ON_MAX = 120;

/**
 * At most this many changes passed on by the polls kept (the newest poll is always kept): a restart
 * reads them all again, and the first step can drop only what the record still holds. A change a
 * run recorded takes up to three entries (its id, and two more when it was passed on again after a
 * restart), so a third of the record covers every change the kept polls passed on.
 */
export const HANDED_ON_CHANGES = Math.floor(POLL_RECORD_MAX / 3);

/** A poll that passed changes on: when it started (n8n's clock), the state it read from, and how many. */
interface HandedOnPoll {
	at: number;
	before: unknown;
	/** Changes it passed on (missing in states of an older version of the node: counted as one). */
	changes?: number;
}

/** What a poll keeps for the next: for which event and start it was made, and the event's state. */
export interface StoredPoll {
	event: string;
	/** The Start From option it began with ('' for now): changing it starts over. */
	since: string;
	state: unknown;
	/**
	 * The polls of the process `by` that passed changes on in the last HANDED_ON_WINDOW_MS, oldest
	 * first. A change counts as passed on once a run's first step recorded it, and a poll cannot see
	 * that: n8n saves the state a moment before it stores the run, and a stored run may wait as *new*
	 * (never run, never retried once n8n dies) while later polls go on. So a poll in another process
	 * (after a restart) reads again from the oldest `before` kept, and the runs' first step drops what
	 * a run already recorded: re-reading more costs requests once, not changes twice.
	 */
	handedOn?: { by: string; polls: HandedOnPoll[] };
	/** What an older version of the node kept instead: the state before its last poll that passed changes on. */
	unconfirmed?: { before: unknown; by: string };
}

type PollOrExecute = IPollFunctions | IExecuteFunctions;

const isExecute = (ctx: PollOrExecute): ctx is IExecuteFunctions => 'getInputData' in ctx;

/** A parameter of the node, from a poll or from the run's first step (whose parameters are per item). */
const parameter = (ctx: PollOrExecute, name: string, fallback: unknown): unknown =>
	isExecute(ctx) ? ctx.getNodeParameter(name, 0, fallback) : ctx.getNodeParameter(name, fallback);

/** The poll's setting and clock; `budgetMs` is how long n8n lets a poll run, where it says. */
async function runOf(ctx: PollOrExecute, budgetMs = Infinity): Promise<PollRun> {
	const session = new RunSession(ctx);
	const { credentials } = await session.credentials();
	const options = parameter(ctx, 'options', {}) as IDataObject;
	const overlap = Number(options.overlapMinutes ?? DEFAULT_OVERLAP_MINUTES);
	const lookAhead = Number(parameter(ctx, 'lookAheadDays', 0));
	const startedAt = Date.now();
	return {
		session,
		siteId: Number(credentials.siteId ?? DEFAULT_SITE_ID),
		startedAt,
		overlapMs: Math.max(0, Number.isFinite(overlap) ? overlap : DEFAULT_OVERLAP_MINUTES) * MINUTE_MS,
		lookAheadDays: Number.isFinite(lookAhead) ? Math.max(0, Math.floor(lookAhead)) : 0,
		// Half the time n8n gives a poll for reading pages, the rest for what follows.
		goOn: () => Date.now() - startedAt < budgetMs / 2,
	};
}

export function eventOf(ctx: PollOrExecute): PollEvent {
	const value = parameter(ctx, 'event', '') as string;
	const event = findPollEvent(value);
	if (!event) throw new NodeOperationError(ctx.getNode(), `Unknown event "${value}"`);
	return event;
}

const sinceOf = (options: IDataObject) => (options.startFrom ? String(options.startFrom) : '');

const oldestFirst = (events: PolledEvent[]) =>
	events
		.map((event, index) => ({ event, index, ms: stampMs(event.at) ?? 0 }))
		.sort((a, b) => a.ms - b.ms || a.index - b.index)
		.map(({ event }) => event);

/** Fetch Test Event: the newest event of the last days, whether passed on before or not. */
export async function sampleOf(ctx: PollOrExecute): Promise<PolledEvent> {
	const event = eventOf(ctx);
	const [newest] = await event.sample(await runOf(ctx));
	if (newest) return newest;
	throw new NodeOperationError(ctx.getNode(), `Mindbody has nothing recent for "${event.name}" to show`, {
		description:
			event.noSample ??
			(event.usesWindow
				? 'Nothing in the look-ahead window matched. Make a booking in Mindbody, then fetch again.'
				: `Nothing changed in the last ${SAMPLE_DAYS} days. Make a change in Mindbody, then fetch again.`),
	});
}

/**
 * Polls of this process now under way, by workflow and node. n8n starts a poll on schedule even
 * while the last one still reads (a slow answer, a long backlog); two polls from one saved state
 * would pass the same changes on twice, so a poll that finds one under way passes nothing on and
 * leaves the state to it: the next poll catches up.
 */
const underWay = new Set<string>();

/**
 * One scheduled poll. The state moves only when the poll got to its end: a poll that fails (a
 * refused token, a 5xx after the transport's retries) throws with the state as it was, so the
 * next poll reads the same changes again. n8n saves the state with the items it starts a run with.
 */
export async function runPoll(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	// Polls run the trigger's first step in their run; the editor's Fetch Test Event runs execute().
	if (ctx.getMode() === 'manual') return [[toItem(await sampleOf(ctx), false)]];
	const node = ctx.getNode();
	const key = `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
	if (underWay.has(key)) return null;
	underWay.add(key);
	try {
		return await pollOnce(ctx);
	} finally {
		underWay.delete(key);
	}
}

/**
 * The budget n8n 2.41 gives a poll outside its durable scheduler (PollContext's default); on the
 * scheduler it comes from the poll's timeout and lease (36 s with n8n's defaults).
 */
export const LEGACY_POLL_BUDGET_MS = 5 * MINUTE_MS;

/**
 * Whether n8n runs this poll on its durable scheduler: only there does it give a budget of its own.
 * The trigger takes that scheduler with its durable cursors on (docs/poll-cursor.md says why).
 */
export const onDurableScheduler = (budgetMs: number) => Number.isFinite(budgetMs) && budgetMs !== LEGACY_POLL_BUDGET_MS;

/** The polls kept in `handedOn` that are states of this event (an older node's `unconfirmed` as one). */
function handedOnOf(stored: StoredPoll, event: PollEvent): StoredPoll['handedOn'] {
	const kept =
		stored.handedOn ??
		(stored.unconfirmed && { by: stored.unconfirmed.by, polls: [{ at: 0, before: stored.unconfirmed.before }] });
	if (!kept || typeof kept.by !== 'string' || !Array.isArray(kept.polls)) return undefined;
	const polls = kept.polls.filter((poll) => typeof poll?.at === 'number' && event.isState(poll.before));
	return { by: kept.by, polls };
}

/** The newest polls whose changes the record of processed items still holds, oldest first. */
function withinRecord(polls: HandedOnPoll[]): HandedOnPoll[] {
	let changes = 0;
	let from = polls.length;
	while (from > 0) {
		changes += Math.max(1, Number(polls[from - 1].changes) || 1);
		if (changes > HANDED_ON_CHANGES && from < polls.length) break;
		from--;
	}
	return polls.slice(from);
}

async function pollOnce(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const event = eventOf(ctx);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const budget = (ctx as { getPollBudgetMs?: () => number }).getPollBudgetMs;
	const budgetMs = typeof budget === 'function' ? budget.call(ctx) : Infinity;
	const run = await runOf(ctx, budgetMs);
	const since = sinceOf(options);
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = staticData[STATE_KEY] as StoredPoll | undefined;
	const fresh = stored?.event !== event.value || stored.since !== since || !event.isState(stored.state);
	const handedOn = fresh ? undefined : handedOnOf(stored, event);
	// n8n's durable scheduler stores the state with the run it starts, in one transaction: after a
	// restart there is no state without its run, and nothing to read again.
	const restarted =
		!onDurableScheduler(budgetMs) && handedOn !== undefined && handedOn.by !== PROCESS && handedOn.polls.length > 0;
	const floor = restarted ? handedOn.polls[0].before : undefined;
	const state = fresh ? event.start(run.startedAt, since || undefined) : (floor ?? stored.state);
	if (state === undefined) {
		throw new NodeOperationError(ctx.getNode(), `Start From "${since}" is not a date and time`, {
			description: 'Give a date such as 2026-03-01T00:00:00, or leave Start From out to start from now.',
		});
	}
	// Starting from now, the first poll learns what exists and passes nothing on.
	const outcome = await event.poll(run, state, fresh && !since, restarted ? stored?.state : undefined);
	const next: StoredPoll = { event: event.value, since, state: outcome.state };
	// After a restart the poll read from the oldest kept: its own entry covers those before it.
	const kept =
		handedOn && !restarted ? handedOn.polls.filter((poll) => run.startedAt - poll.at <= HANDED_ON_WINDOW_MS) : [];
	if (outcome.events.length) kept.push({ at: run.startedAt, before: state, changes: outcome.events.length });
	if (kept.length) next.handedOn = { by: PROCESS, polls: withinRecord(kept.slice(-HANDED_ON_MAX)) };
	staticData[STATE_KEY] = next;
	// Always the whole event: the run's first step checks its messageId, then shapes it as asked.
	if (!outcome.events.length) return null;
	const items = oldestFirst(outcome.events).map((polled) => toItem(polled, false));
	if (restarted) {
		const poll = randomUUID();
		for (const item of items) item.json[PASSED_AGAIN] = poll;
	}
	return [items];
}
