import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SITE_ID } from '../shared/auth';
import { CREDENTIAL_NAME } from '../shared/transport';
import { DEFAULT_OVERLAP_MINUTES } from './description';
import { findPollEvent } from './events';
import { pollSession } from './listPages';
import { SAMPLE_DAYS, type PollEvent, type PollRun } from './pollEvent';
import { toItem, type PolledEvent } from './pollItems';
import { MINUTE_MS, stampMs } from './stamps';

/** Where the node keeps its state in the workflow's static data (node level). */
export const STATE_KEY = 'poll';

/** What a poll keeps for the next: for which event and start it was made, and the event's state. */
export interface StoredPoll {
	event: string;
	/** The Start From option it began with ('' for now): changing it starts over. */
	since: string;
	state: unknown;
}

function runOf(ctx: IPollFunctions, siteId: number): PollRun {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const overlap = Number(options.overlapMinutes ?? DEFAULT_OVERLAP_MINUTES);
	const lookAhead = Number(ctx.getNodeParameter('lookAheadDays', 0));
	return {
		ctx: pollSession(ctx),
		siteId,
		startedAt: Date.now(),
		overlapMs: Math.max(0, Number.isFinite(overlap) ? overlap : DEFAULT_OVERLAP_MINUTES) * MINUTE_MS,
		lookAheadDays: Number.isFinite(lookAhead) ? Math.max(0, Math.floor(lookAhead)) : 0,
	};
}

const sinceOf = (options: IDataObject) => (options.startFrom ? String(options.startFrom) : '');

const oldestFirst = (events: PolledEvent[]) =>
	events
		.map((event, index) => ({ event, index, ms: stampMs(event.at) ?? 0 }))
		.sort((a, b) => a.ms - b.ms || a.index - b.index)
		.map(({ event }) => event);

/** Fetch Test Event: the newest event of the last days, whether passed on before or not. */
async function sampleOf(ctx: IPollFunctions, event: PollEvent, run: PollRun) {
	const [newest] = await event.sample(run);
	if (newest) return newest;
	throw new NodeOperationError(ctx.getNode(), `Mindbody has nothing recent for "${event.name}" to show`, {
		description: event.usesWindow
			? 'Nothing in the look-ahead window matched. Make a booking in Mindbody, then fetch again.'
			: `Nothing changed in the last ${SAMPLE_DAYS} days. Make a change in Mindbody, then fetch again.`,
	});
}

/**
 * One poll. The state moves only when the poll got to its end: a poll that fails (a refused
 * token, a 5xx after the transport's retries) throws with the state as it was, so the next poll
 * reads the same changes again. n8n saves the state with the items it starts a run with.
 */
export async function runPoll(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const value = ctx.getNodeParameter('event') as string;
	const event = findPollEvent(value);
	if (!event) throw new NodeOperationError(ctx.getNode(), `Unknown event "${value}"`);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const dataOnly = options.eventDataOnly === true;
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	const run = runOf(ctx, Number(credentials.siteId ?? DEFAULT_SITE_ID));

	if (ctx.getMode() === 'manual') return [[toItem(await sampleOf(ctx, event, run), dataOnly)]];

	const since = sinceOf(options);
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = staticData[STATE_KEY] as StoredPoll | undefined;
	const fresh = stored?.event !== event.value || stored.since !== since || !event.isState(stored.state);
	const state = fresh ? event.start(run.startedAt, since || undefined) : stored.state;
	if (state === undefined) {
		throw new NodeOperationError(ctx.getNode(), `Start From "${since}" is not a date and time`, {
			description: 'Give a date such as 2026-03-01T00:00:00, or leave Start From out to start from now.',
		});
	}
	// Starting from now, the first poll learns what exists and passes nothing on.
	const outcome = await event.poll(run, state, fresh && !since);
	staticData[STATE_KEY] = { event: event.value, since, state: outcome.state } satisfies StoredPoll;
	return outcome.events.length ? [oldestFirst(outcome.events).map((polled) => toItem(polled, dataOnly))] : null;
}
