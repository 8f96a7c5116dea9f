import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * n8n's database-backed record of processed items (execute contexts only), asked one call at a
 * time per node and process. n8n reads the record, changes it and writes it back with no lock, so
 * concurrent executions could lose each other's ids; here executions that arrive while a call is
 * under way wait together and are checked in one call, so a burst costs a few round trips. Within
 * one call an id counts as new for the first execution that asked, and as processed for any later
 * one.
 */

interface Waiting {
	ids: string[];
	/** Take the ids out of the record instead of checking them in. */
	forget?: boolean;
	resolve: (processed: Set<string>) => void;
	reject: (error: unknown) => void;
}

const waiting = new Map<string, Waiting[]>();

/**
 * Records `ids` for the node and returns those it held already. `key` names the node in this
 * process (one queue per key); `maxEntries` is how many of the newest ids n8n keeps.
 */
export async function recordProcessed(
	ctx: IExecuteFunctions,
	key: string,
	ids: string[],
	maxEntries: number,
): Promise<Set<string>> {
	return await enqueue(ctx, key, { ids }, maxEntries);
}

/** Takes `ids` out of the node's record, in the same queue as the checks. */
export async function forgetProcessed(
	ctx: IExecuteFunctions,
	key: string,
	ids: string[],
	maxEntries: number,
): Promise<void> {
	await enqueue(ctx, key, { ids, forget: true }, maxEntries);
}

async function enqueue(
	ctx: IExecuteFunctions,
	key: string,
	request: Pick<Waiting, 'ids' | 'forget'>,
	maxEntries: number,
): Promise<Set<string>> {
	return await new Promise((resolve, reject) => {
		const queue = waiting.get(key);
		if (queue) {
			queue.push({ ...request, resolve, reject });
			return;
		}
		waiting.set(key, [{ ...request, resolve, reject }]);
		void drain(ctx, key, maxEntries);
	});
}

async function drain(ctx: IExecuteFunctions, key: string, maxEntries: number): Promise<void> {
	for (let group = waiting.get(key) ?? []; group.length; group = waiting.get(key) ?? []) {
		// Later arrivals queue for the next call while this one is under way.
		waiting.set(key, []);
		const forgets = group.filter((entry) => entry.forget);
		group = group.filter((entry) => !entry.forget);
		if (forgets.length) {
			try {
				const ids = [...new Set(forgets.flatMap((entry) => entry.ids))];
				await ctx.helpers.removeProcessed(ids, 'node', { mode: 'entries', maxEntries });
				for (const entry of forgets) entry.resolve(new Set());
			} catch (error) {
				for (const entry of forgets) entry.reject(error);
			}
		}
		if (!group.length) continue;
		const all = [...new Set(group.flatMap((entry) => entry.ids))];
		try {
			const result = await ctx.helpers.checkProcessedAndRecord(all, 'node', { mode: 'entries', maxEntries });
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
