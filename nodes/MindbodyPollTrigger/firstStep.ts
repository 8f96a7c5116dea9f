import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { recordProcessed } from '../shared/processedRecord';
import { sampleOf } from './poll';
import { toItem } from './pollItems';

/**
 * The trigger's step inside the run a poll started (n8n runs a polling node's execute() with the
 * poll's items as its input). A poll after a restart may pass on again what the last poll of the
 * process before passed on (poll.ts, `unconfirmed`): n8n's database record of processed items
 * tells which of them a stored run already has, and those are dropped here. Then each event is
 * shaped the way the user asked. The editor's Fetch Test Event runs this step alone: it shows the
 * newest event.
 */

/**
 * How many messageIds the record keeps for the node (newest kept): more than one poll passes on
 * in all but a backfill, so a poll passed on again after a restart finds all of its own.
 */
export const POLL_RECORD_MAX = 5000;

const messageIdOf = (item: INodeExecutionData) =>
	typeof item.json.messageId === 'string' ? item.json.messageId : undefined;

async function notRunBefore(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const ids = [...new Set(items.map(messageIdOf).filter((id): id is string => id !== undefined))];
	if (!ids.length || typeof ctx.helpers.checkProcessedAndRecord !== 'function') return items;
	const node = ctx.getNode();
	let processed: Set<string>;
	try {
		processed = await recordProcessed(
			ctx,
			`${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}:poll`,
			ids,
			POLL_RECORD_MAX,
		);
	} catch (error) {
		// A second run is better than a lost change.
		ctx.logger.warn(
			`Mindbody Poll Trigger could not check its record of processed events: ${(error as Error).message}`,
		);
		return items;
	}
	// n8n's Retry of a run that crashed after this step: its events are recorded, and run again.
	if (ctx.getMode() === 'retry') return items;
	return items.filter((item) => !processed.has(messageIdOf(item) ?? ''));
}

export async function firstStep(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const dataOnly = options.eventDataOnly === true;
	if (ctx.getMode() === 'manual') return [[toItem(await sampleOf(ctx), dataOnly)]];
	const items = await notRunBefore(ctx, ctx.getInputData());
	return [
		items.map((item) => ({
			json: dataOnly ? ((item.json.eventData ?? {}) as IDataObject) : item.json,
			pairedItem: { item: ctx.getInputData().indexOf(item) },
		})),
	];
}
