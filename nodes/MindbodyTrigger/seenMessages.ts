/**
 * The messageIds one n8n process has let through, per trigger node. The service sends an event
 * again until it gets a 2xx, for 3 hours after the first attempt, and may deliver it twice at
 * the same moment. Checking and recording happen in one synchronous step, so two concurrent
 * deliveries of an id can never both pass. Nothing here is saved with the workflow: its cost
 * does not grow with history, and no execution carries it.
 */

/** The service's retry window: first attempt + 3 hours. */
export const RETRY_WINDOW_MS = 3 * 60 * 60 * 1000;
/** Kept an hour longer, for slow resends and clocks that differ. */
export const SEEN_WINDOW_MS = RETRY_WINDOW_MS + 60 * 60 * 1000;
/** Per trigger node; a busy site sends far fewer events in 4 hours (about 7 MB at the cap). */
export const SEEN_MAX = 50_000;
/**
 * An id let through whose run never confirmed it (n8n failed to start the execution, so the
 * service was not answered 2xx and will resend) is let through again after this long. Resends
 * come every 15 minutes; a run that was only queued is caught by the step in execute().
 */
export const UNCONFIRMED_RETRY_MS = 10 * 60 * 1000;

interface Seen {
	at: number;
	confirmed: boolean;
}

export class SeenMessages {
	private readonly seen = new Map<string, Seen>();

	constructor(
		private readonly windowMs = SEEN_WINDOW_MS,
		private readonly max = SEEN_MAX,
	) {}

	get size(): number {
		return this.seen.size;
	}

	/** Whether `messageId` is new here; a new id is recorded before this returns. */
	admit(messageId: string, now: number): boolean {
		this.evict(now);
		const entry = this.seen.get(messageId);
		if (entry && (entry.confirmed || now - entry.at < UNCONFIRMED_RETRY_MS)) return false;
		// Re-inserted so the Map's order stays the order of admission.
		this.seen.delete(messageId);
		this.evict(now, this.max - 1);
		this.seen.set(messageId, { at: now, confirmed: false });
		return true;
	}

	/** The run for these ids started: they stay duplicates for the whole window. */
	confirm(messageIds: Iterable<string>): void {
		for (const id of messageIds) {
			const entry = this.seen.get(id);
			if (entry) entry.confirmed = true;
		}
	}

	/** Oldest first (the Map keeps insertion order): stop at the first entry still wanted. */
	private evict(now: number, keep = this.max): void {
		for (const [id, entry] of this.seen) {
			if (this.seen.size <= keep && now - entry.at < this.windowMs) break;
			this.seen.delete(id);
		}
	}
}

const records = new Map<string, SeenMessages>();

/** The record of one trigger node in this process, made on first use. */
export function seenMessagesOf(key: string): SeenMessages {
	let record = records.get(key);
	if (!record) {
		record = new SeenMessages();
		records.set(key, record);
	}
	return record;
}
