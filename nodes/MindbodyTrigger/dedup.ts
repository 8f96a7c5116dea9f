/**
 * Recently seen messageIds, so a redelivered event (the service resends until it gets a 2xx,
 * and may deliver twice anyway) runs the workflow once. Kept in the node's static data, which
 * n8n stores with the workflow after each webhook call: the list must stay small, so it is
 * bounded both in count and in age, whichever limit is reached first.
 */

export const DEDUP_MAX_MESSAGES = 1000;
export const DEDUP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface SeenMessage {
	id: string;
	/** When it was first seen, ms since the epoch. */
	at: number;
}

export interface DedupResult {
	duplicate: boolean;
	/** The list to store back (a new array, so n8n notices the change). */
	seen: SeenMessage[];
}

function isSeenMessage(value: unknown): value is SeenMessage {
	const entry = value as SeenMessage;
	return typeof entry?.id === 'string' && typeof entry.at === 'number';
}

/** Drops entries older than the window and keeps at most the newest `max`. */
export function prune(
	seen: unknown,
	now: number,
	max = DEDUP_MAX_MESSAGES,
	windowMs = DEDUP_WINDOW_MS,
): SeenMessage[] {
	const list = Array.isArray(seen) ? seen.filter(isSeenMessage) : [];
	const fresh = list.filter((entry) => now - entry.at < windowMs && entry.at <= now + windowMs);
	return fresh.slice(Math.max(0, fresh.length - max));
}

/** Checks `messageId` against the list and records it when new. */
export function remember(
	seen: unknown,
	messageId: string,
	now: number,
	max = DEDUP_MAX_MESSAGES,
	windowMs = DEDUP_WINDOW_MS,
): DedupResult {
	const fresh = prune(seen, now, max, windowMs);
	if (fresh.some((entry) => entry.id === messageId)) return { duplicate: true, seen: fresh };
	const next = [...fresh, { id: messageId, at: now }];
	return { duplicate: false, seen: next.slice(Math.max(0, next.length - max)) };
}
