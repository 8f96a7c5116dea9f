import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { selectedEventIds, splitList } from './eventSelection';
import { refusalLogOf } from './refusals';
import { seenMessagesOf } from './seenMessages';
import { SIGNATURE_HEADERS, verifyRequestSignature } from './signature';
import { processKeyOf, readStored, signingKeyOf, slotOf } from './storedState';

/**
 * One event delivery, in n8n's webhook call: verify, then let each selected event through once.
 * Everything that is not emitted is still acknowledged with a 2xx, or the service would resend
 * it for 3 hours; everything that fails verification gets a 400 and starts no execution.
 */

interface Selection {
	eventIds: Set<string>;
	siteIds: Set<string>;
	locationIds: Set<string>;
}

function selectionOf(ctx: IWebhookFunctions): Selection {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const eventIds = selectedEventIds(ctx.getNodeParameter('events', []), ctx.getNodeParameter('customEventIds', ''));
	return {
		eventIds: new Set(eventIds),
		siteIds: new Set(splitList(options.siteIds)),
		locationIds: new Set(splitList(options.locationIds)),
	};
}

type RawRequest = {
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
	contentType?: string;
	headers?: Record<string, unknown>;
};

/**
 * The bytes that were signed. n8n parses multipart bodies itself and leaves nothing raw to
 * verify; reading a consumed stream fails: both are refused, never thrown (a throw would become
 * an error execution).
 */
async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer | undefined> {
	const request = ctx.getRequestObject() as unknown as RawRequest;
	const contentType = String(request.contentType ?? request.headers?.['content-type'] ?? '');
	if (!request.rawBody && /^multipart\//i.test(contentType)) return undefined;
	try {
		if (!request.rawBody && typeof request.readRawBody === 'function') await request.readRawBody();
	} catch {
		return undefined;
	}
	return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
}

/** Why an event is dropped, or undefined to emit it. */
function dropReason(event: IDataObject, selection: Selection) {
	if (typeof event.eventId === 'string' && !selection.eventIds.has(event.eventId)) return 'unselected';
	const data = (typeof event.eventData === 'object' && event.eventData ? event.eventData : {}) as IDataObject;
	const outside = (set: Set<string>, value: unknown) =>
		set.size > 0 && value !== undefined && value !== null && !set.has(String(value));
	if (outside(selection.siteIds, data.siteId)) return 'siteId';
	if (outside(selection.locationIds, data.locationId)) return 'locationId';
	return undefined;
}

export async function receiveDelivery(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const now = Date.now();
	const slot = slotOf(ctx);
	const processKey = processKeyOf(ctx, slot);
	const refusals = refusalLogOf(processKey, () => `Mindbody Trigger "${ctx.getNode().name}"`);
	const refuse = (reason: string): IWebhookResponseData => {
		refusals.refused(ctx.logger, reason, now);
		ctx.getResponseObject().status(400).json({ message: 'Invalid or unsigned delivery' });
		return { noWebhookResponse: true };
	};

	const stored = readStored(ctx, slot);
	// Fail closed: without the key no delivery can be told from a forgery.
	if (!stored) return refuse('no subscription is stored for this node');
	const headers = ctx.getHeaderData() as Record<string, string | string[] | undefined>;
	if (!SIGNATURE_HEADERS.some((name) => headers[name] !== undefined)) return refuse('no signature header');
	const rawBody = await rawBodyOf(ctx);
	if (!rawBody?.length) return refuse('no raw body to verify (empty, or multipart)');
	const signingKey = await signingKeyOf(ctx, stored);
	if (!signingKey) {
		return refuse(
			'the stored signing key does not open with this credential (was its API key changed? deactivate and activate the workflow)',
		);
	}
	if (!verifyRequestSignature(rawBody, headers, signingKey)) return refuse('wrong signature');
	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return refuse('signed, but the body is not JSON');
	}
	refusals.flush(ctx.logger, now);

	const selection = selectionOf(ctx);
	const seen = seenMessagesOf(processKey);
	const items: INodeExecutionData[] = [];
	const dropped: string[] = [];
	for (const event of Array.isArray(body) ? body : [body]) {
		if (typeof event !== 'object' || event === null) continue;
		const reason = dropReason(event as IDataObject, selection);
		if (reason) {
			dropped.push(reason);
			continue;
		}
		const { messageId } = event as IDataObject;
		if (typeof messageId === 'string' && messageId && !seen.admit(messageId, now)) {
			dropped.push('duplicate');
			continue;
		}
		items.push({ json: event as IDataObject });
	}
	if (!items.length) return { webhookResponse: { received: true, dropped } };
	return { workflowData: [items] };
}
