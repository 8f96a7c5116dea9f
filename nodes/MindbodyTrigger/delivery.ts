import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkEnvelope, checkEventData, findEvent } from '../shared/events/catalog';
import { remember, type SeenMessage } from './dedup';
import { selectedEventIds, splitList } from './description';
import { verifyRequestSignature } from './signature';
import { readStored, writeStored } from './subscription';

/**
 * One event delivery: verify, then turn each event into an item or drop it. Everything that is
 * not emitted is still acknowledged with a 2xx, or the service would resend it for 3 hours.
 */

interface DeliveryRules {
	eventIds: Set<string>;
	siteIds: Set<string>;
	locationIds: Set<string>;
	eventDataOnly: boolean;
}

function rulesOf(ctx: IWebhookFunctions): DeliveryRules {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const eventIds = selectedEventIds(
		ctx.getNodeParameter('events', []),
		ctx.getNodeParameter('customEventIds', ''),
	);
	return {
		eventIds: new Set(eventIds),
		siteIds: new Set(splitList(options.siteIds)),
		locationIds: new Set(splitList(options.locationIds)),
		eventDataOnly: options.eventDataOnly === true,
	};
}

type RawRequest = { rawBody?: Buffer; readRawBody?: () => Promise<void> };

async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer | undefined> {
	const request = ctx.getRequestObject() as unknown as RawRequest;
	if (!request.rawBody && typeof request.readRawBody === 'function') await request.readRawBody();
	return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
}

function reject(ctx: IWebhookFunctions, reason: string): IWebhookResponseData {
	ctx.logger.warn(`Mindbody Trigger refused a delivery: ${reason}`);
	ctx.getResponseObject().status(400).json({ message: 'Invalid or unsigned delivery' });
	return { noWebhookResponse: true };
}

/** Why an event is dropped, or undefined to emit it. */
function dropReason(event: IDataObject, data: IDataObject, rules: DeliveryRules) {
	if (typeof event.eventId === 'string' && !rules.eventIds.has(event.eventId)) return 'unselected';
	const outside = (set: Set<string>, value: unknown) =>
		set.size > 0 && value !== undefined && value !== null && !set.has(String(value));
	if (outside(rules.siteIds, data.siteId)) return 'siteId';
	if (outside(rules.locationIds, data.locationId)) return 'locationId';
	return undefined;
}

/** Tolerant: a payload that breaks its schema is emitted all the same, with the problems. */
function problemsOf(event: IDataObject): string[] {
	const problems = checkEnvelope(event).problems;
	const eventId = String(event.eventId ?? '');
	if (findEvent(eventId)) {
		const found = checkEventData(eventId, event.eventData).problems;
		problems.push(...found.map((p) => (p.startsWith('eventData') ? p : `eventData.${p}`)));
	}
	return problems;
}

function itemOf(event: IDataObject, data: IDataObject, rules: DeliveryRules, problems: string[]) {
	const { messageId, eventId, eventSchemaVersion, eventInstanceOriginationDateTime, ...more } = event;
	const { transactionKey, eventData: _eventData, ...rest } = more;
	const json: IDataObject = rules.eventDataOnly
		? { ...data }
		: {
				messageId,
				eventId,
				eventSchemaVersion,
				eventInstanceOriginationDateTime,
				...(transactionKey !== undefined ? { transactionKey } : {}),
				eventData: data,
				// Fields the spec does not list are kept, after the known ones.
				...rest,
			};
	if (problems.length) json.schemaWarnings = problems;
	return { json };
}

export async function receiveDelivery(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const stored = readStored(ctx);
	// Fail closed: without the key no delivery can be told from a forgery.
	if (!stored?.messageSignatureKey) return reject(ctx, 'no signature key is stored for this node');
	const rawBody = await rawBodyOf(ctx);
	if (!rawBody?.length) return reject(ctx, 'empty body');
	if (!verifyRequestSignature(rawBody, ctx.getHeaderData(), stored.messageSignatureKey)) {
		return reject(ctx, 'signature header missing or wrong');
	}
	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return reject(ctx, 'body is not JSON');
	}

	const rules = rulesOf(ctx);
	const events = (Array.isArray(body) ? body : [body]).filter(
		(event): event is IDataObject => typeof event === 'object' && event !== null,
	);
	const items: INodeExecutionData[] = [];
	const dropped: string[] = [];
	let seen = stored.seen as unknown;
	let remembered = false;
	for (const event of events) {
		const data = (typeof event.eventData === 'object' && event.eventData ? event.eventData : {}) as IDataObject;
		const reason = dropReason(event, data, rules);
		if (reason) {
			dropped.push(reason);
			continue;
		}
		if (typeof event.messageId === 'string' && event.messageId) {
			const result = remember(seen, event.messageId, Date.now());
			seen = result.seen;
			if (result.duplicate) {
				dropped.push('duplicate');
				continue;
			}
			remembered = true;
		}
		const problems = problemsOf(event);
		if (problems.length) {
			ctx.logger.warn(`Mindbody event ${String(event.eventId)} breaks its schema: ${problems.join('; ')}`);
		}
		items.push(itemOf(event, data, rules, problems));
	}
	if (remembered) writeStored(ctx, { ...stored, seen: seen as SeenMessage[] });

	if (!items.length) return { webhookResponse: { received: true, dropped } };
	return { workflowData: [items] };
}
