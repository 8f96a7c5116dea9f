import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { recordProcessed } from '../shared/processedRecord';
import { PASSED_AGAIN, sampleOf } from './poll';
import { toItem } from './pollItems';

/**
 * The trigger's step inside the run a poll started (n8n runs a polling node's execute() with the
 * poll's items as its input), with n8n's database record of processed items:
 *
 * - a run a poll started records each messageId and drops those already recorded: after a restart
 *   a poll passes on again what the last poll before it passed on (poll.ts, `unconfirmed`), and a
 *   stored run may have had them already;
 * - such an item passed on again (marked by the poll) that this step lets through is recorded a
 *   second time, as passed on again;
 * - n8n's Retry of a crashed run passes its events on unless they were passed on again after the
 *   restart: the crashed run may have recorded them itself before it stopped, so the plain record
 *   cannot tell; the second one can.
 *
 * Then each event is shaped the way the user asked. The editor's Fetch Test Event runs this step
 * alone: it shows the newest event.
 */

/**
 * How many entries the record keeps for the node (newest kept): more than one poll passes on in
 * all but a backfill, so a poll passed on again after a restart finds all of its own.
 */
export const POLL_RECORD_MAX = 5000;

const messageIdOf = (item: INodeExecutionData) =>
	typeof item.json.messageId === 'string' ? item.json.messageId : undefined;

/** The record's entry for a change passed on again after a restart. */
const againOf = (id: string) => `again:${id}`;

async function notRunBefore(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const ids = [...new Set(items.map(messageIdOf).filter((id): id is string => id !== undefined))];
	if (!ids.length || typeof ctx.helpers.checkProcessedAndRecord !== 'function') return items;
	const node = ctx.getNode();
	const key = `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}:poll`;
	const record = async (entries: string[]) =>
		entries.length ? await recordProcessed(ctx, key, entries, POLL_RECORD_MAX) : new Set<string>();
	try {
		if (ctx.getMode() === 'retry') {
			const again = await record(ids.map(againOf));
			await record(ids);
			return items.filter((item) => !again.has(againOf(messageIdOf(item) ?? '')));
		}
		const processed = await record(ids);
		const passed = items.filter((item) => !processed.has(messageIdOf(item) ?? ''));
		await record(passed.filter((item) => item.json[PASSED_AGAIN] === true).map((item) => againOf(messageIdOf(item)!)));
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
	const items = await notRunBefore(ctx, input);
	return [
		items.map((item) => {
			const json = { ...item.json };
			delete json[PASSED_AGAIN];
			return {
				json: dataOnly ? ((json.eventData ?? {}) as IDataObject) : json,
				pairedItem: { item: input.indexOf(item) },
			};
		}),
	];
}
