/**
 * The events that stand for a record being made, each made once: a client added, a sale, a
 * contract sold, a class booking, an appointment booked. Both triggers can pass such an event on
 * (the webhook delivery, and the poll trigger's Webhook Safety Net reading the REST lists), so both
 * record it under one key per record and let it through once per workflow, whichever came first.
 * Changes (updated, cancelled) have no such key: the same record changes many times.
 */
export const RECORD_ID_FIELDS = {
	'client.created': 'clientUniqueId',
	'clientSale.created': 'saleId',
	'clientContract.created': 'clientContractId',
	'classRosterBooking.created': 'classRosterBookingId',
	'appointmentBooking.created': 'appointmentId',
} as const;

export type CreatedEventId = keyof typeof RECORD_ID_FIELDS;

export const CREATED_EVENT_IDS = Object.keys(RECORD_ID_FIELDS) as CreatedEventId[];

export const isCreatedEventId = (eventId: unknown): eventId is CreatedEventId =>
	typeof eventId === 'string' && Object.hasOwn(RECORD_ID_FIELDS, eventId);

const idText = (value: unknown) =>
	(typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '')
		? String(value).trim()
		: undefined;

/** `record:<eventId>:<siteId>:<id>`, or undefined for an event that is not a record made or lacks its id. */
export function recordKeyOf(eventId: unknown, eventData: unknown): string | undefined {
	if (!isCreatedEventId(eventId) || typeof eventData !== 'object' || eventData === null) return undefined;
	const data = eventData as Record<string, unknown>;
	const id = idText(data[RECORD_ID_FIELDS[eventId]]);
	if (id === undefined) return undefined;
	return `record:${eventId}:${idText(data.siteId) ?? ''}:${id}`;
}
