import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { recordKeyOf } from './events/recordKeys';

/**
 * n8n's database-backed record of processed items (execute contexts only), asked one call at a
 * time per record and process: a node's own (scope 'node'), or the workflow's, which every node of
 * the workflow shares (scope 'workflow'). n8n reads the record, changes it and writes it back with no lock, so
 * concurrent executions could lose each other's ids; here executions that arrive while a call is
 * under way wait together and are checked in one call, so a burst costs a few round trips. Within
 * one call an id counts as new for the first execution that asked, and as processed for any later
 * one.
 */

export type RecordScope = 'node' | 'workflow';

interface Waiting {
	ids: string[];
	/** Take the ids out of the record instead of checking them in. */
	forget?: boolean;
	resolve: (processed: Set<string>) => void;
	reject: (error: unknown) => void;
}

const waiting = new Map<string, Waiting[]>();

/**
 * Records `ids` for the node (or the workflow) and returns those it held already. `key` names the
 * record in this process (one queue per key); `maxEntries` is how many of the newest ids n8n keeps.
 */
export async function recordProcessed(
	ctx: IExecuteFunctions,
	key: string,
	ids: string[],
	maxEntries: number,
	scope: RecordScope = 'node',
): Promise<Set<string>> {
	return await enqueue(ctx, key, { ids }, maxEntries, scope);
}

/** Takes `ids` out of the record, in the same queue as the checks. */
export async function forgetProcessed(
	ctx: IExecuteFunctions,
	key: string,
	ids: string[],
	maxEntries: number,
	scope: RecordScope = 'node',
): Promise<void> {
	await enqueue(ctx, key, { ids, forget: true }, maxEntries, scope);
}

/** The key of the workflow's shared record in this process. */
export const workflowRecordKey = (ctx: IExecuteFunctions) => `${ctx.getWorkflow().id ?? ''}:workflow`;

async function enqueue(
	ctx: IExecuteFunctions,
	key: string,
	request: Pick<Waiting, 'ids' | 'forget'>,
	maxEntries: number,
	scope: RecordScope,
): Promise<Set<string>> {
	return await new Promise((resolve, reject) => {
		const queue = waiting.get(key);
		if (queue) {
			queue.push({ ...request, resolve, reject });
			return;
		}
		waiting.set(key, [{ ...request, resolve, reject }]);
		void drain(ctx, key, maxEntries, scope);
	});
}

async function drain(ctx: IExecuteFunctions, key: string, maxEntries: number, scope: RecordScope): Promise<void> {
	for (let group = waiting.get(key) ?? []; group.length; group = waiting.get(key) ?? []) {
		// Later arrivals queue for the next call while this one is under way.
		waiting.set(key, []);
		const forgets = group.filter((entry) => entry.forget);
		group = group.filter((entry) => !entry.forget);
		if (forgets.length) {
			try {
				const ids = [...new Set(forgets.flatMap((entry) => entry.ids))];
				await ctx.helpers.removeProcessed(ids, scope, { mode: 'entries', maxEntries });
				for (const entry of forgets) entry.resolve(new Set());
			} catch (error) {
				for (const entry of forgets) entry.reject(error);
			}
		}
		if (!group.length) continue;
		const all = [...new Set(group.flatMap((entry) => entry.ids))];
		try {
			const result = await ctx.helpers.checkProcessedAndRecord(all, scope, { mode: 'entries', maxEntries });
			const before = new Set(result.processed.map(String));
			const claimed = new Set<string>();
			for (const entry of group) {
				const processed = new Set<string>();
				for (const id of entry.ids) {
					if (before.has(id) || claimed.has(id)) processed.add(id);
					else claimed.add(id);
				}
				entry.resolve(processed);
			}
		} catch (error) {
			for (const entry of group) entry.reject(error);
		}
	}
	waiting.delete(key);
}

/**
 * How many of the newest ids the workflow's shared record keeps: the records made (recordKeys.ts)
 * that both triggers pass on, over the longest outage a Webhook Safety Net reads back.
 */
export const WORKFLOW_RECORD_MAX = 5000;

/** The key of an item's record made (recordKeys.ts), if it is one. */
export const recordKeyOfItem = (item: INodeExecutionData) => recordKeyOf(item.json.eventId, item.json.eventData);

/**
 * Each record made once per workflow, whichever trigger passes it on: drops the items of records
 * the workflow's shared record holds (or that came earlier in `items`), recording the rest. When
 * the record cannot be asked, all items pass: a second run is better than a lost event.
 */
export async function firstOfEachRecord(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	who: string,
): Promise<INodeExecutionData[]> {
	const keys = [...new Set(items.map(recordKeyOfItem).filter((key): key is string => key !== undefined))];
	if (!keys.length) return items;
	let made: Set<string>;
	try {
		made = await recordProcessed(ctx, workflowRecordKey(ctx), keys, WORKFLOW_RECORD_MAX, 'workflow');
	} catch (error) {
		ctx.logger.warn(`${who} could not check the workflow's record of events: ${(error as Error).message}`);
		return items;
	}
	const passed = new Set<string>();
	return items.filter((item) => {
		const key = recordKeyOfItem(item);
		if (key === undefined) return true;
		if (made.has(key) || passed.has(key)) return false;
		passed.add(key);
		return true;
	});
}
