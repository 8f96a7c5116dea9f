/**
 * The spec states no limit on these body lists. 1,000 entries is about 20 KB of IDs (a few
 * hundred KB of entries), far below the 30 MB request bodies ASP.NET and IIS accept by default.
 */
export const DEFAULT_BATCH_SIZE = 1000;

/** The node's Options collection, as actions read it (description/options.ts builds the fields). */
export interface NodeOptions {
	siteId?: number;
	transactionKey?: string;
	skipDeduplication?: boolean;
	batch?: boolean;
	batchSize?: number;
	/** Milliseconds the whole call may take, retries included. */
	timeout?: number;
}
