import { createHash } from 'node:crypto';

import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/**
 * n8n's `processed_data` table and its DeduplicationHelper (n8n/dist/deduplication), which n8n's
 * CLI hands n8n-core's DataDeduplicationService: one row per workflow and context (`n:<node id>`
 * for scope node), entries kept as md5 hashes, trimmed to maxEntries, and every call a read, a
 * change and a write with no lock. Each database call yields to the event loop, as a real one
 * does, so concurrent calls interleave the way they do in n8n. Kept per jest worker, like a
 * database: it outlives the process restarts that tests simulate.
 */

interface Row {
	mode: string;
	data: string[];
}

const contextOf = (scope: DeduplicationScope, data: ICheckProcessedContextData) =>
	scope === 'node' ? `n:${data.node?.id ?? ''}` : '';
const hash = (value: DeduplicationItemTypes) => createHash('md5').update(String(value)).digest('base64');
/** A database round trip: other requests go on meanwhile, as they do in n8n. */
export const databaseCall = async () => await new Promise((resolve) => setImmediate(resolve));

export class ProcessedDataTable implements IDataDeduplicator {
	readonly rows = new Map<string, Row>();

	private key(scope: DeduplicationScope, data: ICheckProcessedContextData) {
		return `${data.workflow.id}|${contextOf(scope, data)}`;
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries') throw new Error('Only mode "entries" is part of these tests');
		const key = this.key(scope, contextData);
		await databaseCall();
		const stored = this.rows.get(key);
		const row: Row = stored ? { mode: stored.mode, data: [...stored.data] } : { mode: options.mode, data: [] };
		const known = new Set(row.data);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hashed = hash(item);
			if (known.has(hashed)) output.processed.push(item);
			else {
				output.new.push(item);
				row.data.push(hashed);
			}
		}
		if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
		await databaseCall();
		this.rows.set(key, row);
		return output;
	}

	/** As n8n's: each item's hash, its first occurrence taken out, the row written back. */
	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		if (options.mode !== 'entries') throw new Error('Only mode "entries" is part of these tests');
		const key = this.key(scope, contextData);
		await databaseCall();
		const stored = this.rows.get(key);
		if (!stored) return;
		const row: Row = { mode: stored.mode, data: [...stored.data] };
		for (const item of items) {
			const index = row.data.indexOf(hash(item));
			if (index !== -1) row.data.splice(index, 1);
		}
		await databaseCall();
		this.rows.set(key, row);
	}

	async clearAllProcessedItems(): Promise<void> {
		this.rows.clear();
	}

	async getProcessedDataCount(scope: DeduplicationScope, contextData: ICheckProcessedContextData) {
		return this.rows.get(this.key(scope, contextData))?.data.length ?? 0;
	}
}

let table: ProcessedDataTable | undefined;

/** The worker's table, handed to n8n-core once as n8n's CLI does at start-up. */
export async function processedDataTable(): Promise<ProcessedDataTable> {
	if (!table) {
		table = new ProcessedDataTable();
		await DataDeduplicationService.init(table);
	}
	return table;
}
