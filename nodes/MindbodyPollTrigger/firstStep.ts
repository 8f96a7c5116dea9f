import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { forgetProcessed, recordProcessed } from '../shared/processedRecord';
import { PASSED_AGAIN, POLL_RECORD_MAX, eventOf, sampleOf } from './poll';
import { toItem } from './pollItems';
import { netRunOnce } from './safetyNetRun';

/**
 * The trigger's step inside the run a poll started (n8n runs a polling node's execute() with the
 * poll's items as its input), with n8n's database record of processed items. A change counts as
 * passed on once a run's first step has recorded it: n8n stores a run, with the poll's items as
 * its input, and marks it running before this step starts, so from here on a run n8n loses to a
 * crash is marked crashed with its input kept, and n8n's Retry runs it again from that input.
 *
 * - a run a poll started records each messageId and drops those already recorded: after a restart
 *   a poll passes on again what the polls of the last minutes before it passed on (poll.ts,
 *   `handedOn`), and a run may have recorded them before n8n died;
 * - such an item passed on again (marked with the id of the poll that did) that this step lets
 *   through is recorded twice more: as passed on again, and as taken by that poll's run;
 * - n8n's Retry of a crashed run passes on what that run's first step took: for a run whose items
 *   were passed on again, those it recorded as taken; for any other, those no run took after a
 *   restart (the crashed run recorded them itself, or its first step never ran and no later run
 *   had them). Each retry records what it passed on, so a second retry of the same run drops it.
 *
 * Then each event is shaped the way the user asked. The editor's Fetch Test Event runs this step
 * alone: it shows the newest event.
 */

const messageIdOf = (item: INodeExecutionData) =>
	typeof item.json.messageId === 'string' ? item.json.messageId : undefined;

/** The record's entry for a change passed on again after a restart. */
const againOf = (id: string) => `again:${id}`;
/** The record's entry for a change the run of poll `poll` (one that passed changes on again) took. */
const takenOf = (id: string, poll: string) => `taken:${poll}:${id}`;
/** The record's entry for a change a retry of the run of poll `poll` passed on. */
const retriedOf = (id: string, poll: string) => `retried:${poll}:${id}`;

/** The id of the poll that passed the item on again after a restart, if one did. */
const againBy = (item: INodeExecutionData): string | undefined => {
	const mark = item.json[PASSED_AGAIN];
	// Items of an older version of this node carry `true`: no poll id, so retried as any other run.
	return typeof mark === 'string' && mark ? mark : undefined;
};

async function notRunBefore(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const ids = [...new Set(items.map(messageIdOf).filter((id): id is string => id !== undefined))];
	if (!ids.length || typeof ctx.helpers.checkProcessedAndRecord !== 'function') return items;
	const node = ctx.getNode();
	const key = `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}:poll`;
	const record = async (entries: string[]) =>
		entries.length ? await recordProcessed(ctx, key, entries, POLL_RECORD_MAX) : new Set<string>();
	const idOf = (item: INodeExecutionData) => messageIdOf(item) ?? '';
	try {
		if (ctx.getMode() === 'retry') {
			// One call: what the crashed run's step took, and what an earlier retry of it passed on.
			const seen = await record(
				items.flatMap((item) => {
					const poll = againBy(item);
					if (!messageIdOf(item)) return [];
					return poll ? [takenOf(idOf(item), poll), retriedOf(idOf(item), poll)] : [againOf(idOf(item))];
				}),
			);
			const passed = items.filter((item) => {
				if (!messageIdOf(item)) return true;
				const poll = againBy(item);
				return poll
					? seen.has(takenOf(idOf(item), poll)) && !seen.has(retriedOf(idOf(item), poll))
					: !seen.has(againOf(idOf(item)));
			});
			await record(ids);
			return passed;
		}
		// An item passed on again is claimed (passed on again, taken by this poll's run) in the same call
		// that checks it: were n8n to die between two calls, a change recorded with no claim would be
		// left to no run's retry. Claims for items another run took already are taken back after.
		const claimsOf = (item: INodeExecutionData) => {
			const poll = againBy(item);
			return poll && messageIdOf(item) ? [againOf(idOf(item)), takenOf(idOf(item), poll)] : [];
		};
		const processed = await record([...new Set([...ids, ...items.flatMap(claimsOf)])]);
		const passed = items.filter((item) => !processed.has(idOf(item)));
		const wrongClaims = items
			.filter((item) => processed.has(idOf(item)))
			.flatMap(claimsOf)
			.filter((claim) => !processed.has(claim));
		if (wrongClaims.length) await forgetProcessed(ctx, key, wrongClaims, POLL_RECORD_MAX);
		return passed;
	} catch (error) {
		// A second run is better than a lost change.
		ctx.logger.warn(
			`Mindbody Poll Trigger could not check its record of processed events: ${(error as Error).message}`,
		);
		return items;
	}
}

export async function firstStep(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const dataOnly = options.eventDataOnly === true;
	if (ctx.getMode() === 'manual') return [[toItem(await sampleOf(ctx), dataOnly)]];
	const input = ctx.getInputData();
	let items = await notRunBefore(ctx, input);
	let replaced = new Map<INodeExecutionData, IDataObject>();
	if (eventOf(ctx).value === 'webhookSafetyNet') ({ items, replaced } = await netRunOnce(ctx, items));
	return [
		items.map((item) => {
			const json = { ...(replaced.get(item) ?? item.json) };
			delete json[PASSED_AGAIN];
			return {
				json: dataOnly ? ((json.eventData ?? {}) as IDataObject) : json,
				pairedItem: { item: input.indexOf(item) },
			};
		}),
	];
}
