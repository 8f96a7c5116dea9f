import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** One change a poll passes on: the webhook event it stands for and what identifies it. */
export interface PolledEvent {
	eventId: string;
	/** The record's key and the version of it that changed (its time, or its content's digest). */
	key: string;
	version: string;
	/** When it changed, as the service wrote it (the webhook's eventInstanceOriginationDateTime). */
	at: string;
	eventData: IDataObject;
}

/** A short digest of a record, the same whatever order its fields come in. */
export function digestOf(record: IDataObject): string {
	const canonical = (value: unknown): unknown =>
		Array.isArray(value)
			? value.map(canonical)
			: value && typeof value === 'object'
				? Object.fromEntries(
						Object.keys(value)
							.sort()
							.map((key) => [key, canonical((value as IDataObject)[key])]),
					)
				: value;
	return createHash('sha256')
		.update(JSON.stringify(canonical(record)))
		.digest('base64url')
		.slice(0, 12);
}

/**
 * The same change always gets the same id, shaped like the webhook service's (a UUID), so a
 * workflow that drops repeated messageIds works with either trigger.
 */
export function pollMessageId(eventId: string, key: string, version: string): string {
	const hex = createHash('sha256').update(`${eventId}\n${key}\n${version}`).digest('hex');
	return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}

/** An item as the webhook trigger emits a delivery: the envelope with eventData, or eventData alone. */
export function toItem(event: PolledEvent, eventDataOnly: boolean): INodeExecutionData {
	if (eventDataOnly) return { json: event.eventData };
	return {
		json: {
			messageId: pollMessageId(event.eventId, event.key, event.version),
			eventId: event.eventId,
			eventSchemaVersion: 1,
			eventInstanceOriginationDateTime: event.at,
			eventData: event.eventData,
		},
	};
}
