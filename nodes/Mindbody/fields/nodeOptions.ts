import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The spec states no limit on these body lists. 1,000 entries is about 20 KB of IDs (a few
 * hundred KB of entries), far below the 30 MB request bodies ASP.NET and IIS accept by default.
 */
export const DEFAULT_BATCH_SIZE = 1000;

/**
 * How many requests of one node run are in flight at once. The spec states no rate limit; the
 * bound keeps a large input from opening hundreds of connections to the service at one moment
 * (n8n's HTTP Request node sends them all). docs/performance.md says how 10 was chosen.
 */
export const DEFAULT_IN_FLIGHT = 10;

/** The node's Options collection, as actions read it (description/options.ts builds the fields). */
export interface NodeOptions {
	siteId?: number;
	transactionKey?: string;
	skipDeduplication?: boolean;
	batch?: boolean;
	batchSize?: number;
	/** Milliseconds the whole call may take, retries included. */
	timeout?: number;
	/** Requests in flight at once. */
	requestsInFlight?: number;
}

/** Options → Site ID of an item; 0 (the option's default) means the credential's site. */
export function siteOption(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const { siteId } = ctx.getNodeParameter('options', itemIndex, {}) as NodeOptions;
	return typeof siteId === 'number' && siteId !== 0 ? siteId : undefined;
}
