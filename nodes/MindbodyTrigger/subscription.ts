import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { checkBody } from '../shared/schemas';
import { mindbodyRequest } from '../shared/transport';
import { selectedEventIds } from './description';
import type { SeenMessage } from './dedup';

/**
 * What the node keeps about its subscription, in its static data. A "listen for test event"
 * session gets its own slot (and referenceId), so testing never touches the subscription of
 * the active workflow.
 */
export interface StoredSubscription extends IDataObject {
	subscriptionId: string;
	messageSignatureKey: string;
	webhookUrl: string;
	eventIds: string[];
	referenceId: string;
	seen?: SeenMessage[];
}

type Slot = 'live' | 'test';
type Ctx = IHookFunctions | IWebhookFunctions;

export interface Subscription {
	subscriptionId?: string;
	status?: string;
	eventIds?: string[];
	webhookUrl?: string;
	referenceId?: string;
	messageSignatureKey?: string;
}

export interface WantedSubscription {
	eventIds: string[];
	webhookUrl: string;
	referenceId: string;
}

// n8n deletes test webhooks in mode 'internal'; the test slot is then known by its URL.
function slotOf(ctx: Ctx): Slot {
	if (ctx.getMode?.() === 'manual') return 'test';
	const test = ctx.getWorkflowStaticData('node').test as StoredSubscription | undefined;
	return test && test.webhookUrl === ctx.getNodeWebhookUrl('default') ? 'test' : 'live';
}

export function readStored(ctx: Ctx): StoredSubscription | undefined {
	const stored = ctx.getWorkflowStaticData('node')[slotOf(ctx)] as StoredSubscription | undefined;
	return stored?.subscriptionId ? stored : undefined;
}

export function writeStored(ctx: Ctx, stored: StoredSubscription | undefined): void {
	const data = ctx.getWorkflowStaticData('node');
	const slot = slotOf(ctx);
	if (stored) data[slot] = stored;
	else delete data[slot];
}

/** The subscription this node should have now, from its parameters and webhook URL. */
export function wantedSubscription(ctx: IHookFunctions): WantedSubscription {
	const eventIds = selectedEventIds(
		ctx.getNodeParameter('events', []),
		ctx.getNodeParameter('customEventIds', ''),
	);
	if (eventIds.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Pick at least one event to subscribe to', {
			description: 'Choose events in the Events list or enter them under Custom Event IDs.',
		});
	}
	const webhookUrl = ctx.getNodeWebhookUrl('default') ?? '';
	const node = ctx.getNode();
	const suffix = slotOf(ctx) === 'test' ? ':test' : '';
	const referenceId = `n8n:${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}${suffix}`;
	return { eventIds, webhookUrl, referenceId: referenceId.slice(0, 256) };
}

/** The webhook service's error code and HTTP status behind a NodeApiError, when there is one. */
export function serviceError(error: unknown): { status?: number; code?: string } {
	if (!(error instanceof NodeApiError)) return {};
	const data = (error.context?.data ?? {}) as { status?: number; errorCode?: string };
	return { status: data.status ?? Number(error.httpCode), code: data.errorCode };
}

const ACTIONABLE = new Set(['14000013', '14000014']);

/**
 * Activation errors show only their message, so for a refused URL the hint on what to do
 * (already in the description) leads the message.
 */
export function actionable(error: unknown): Error {
	if (error instanceof NodeApiError && ACTIONABLE.has(serviceError(error).code ?? '')) {
		if (error.description && !error.message.startsWith(error.description)) {
			error.message = `${error.description} The webhook service said: ${error.message}`;
		}
	}
	return error as Error;
}

async function call(ctx: Ctx, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
	try {
		const response = await mindbodyRequest(ctx, { service: 'webhooks', method, path, body, retry: method !== 'POST' });
		return (response.body ?? {}) as Subscription & { items?: Subscription[] };
	} catch (error) {
		throw actionable(error);
	}
}

const subscriptionPath = (id: string) => `/subscriptions/${encodeURIComponent(id)}`;

export async function getSubscription(ctx: Ctx, id: string) {
	return await call(ctx, 'GET', subscriptionPath(id));
}

export async function listSubscriptions(ctx: Ctx): Promise<Subscription[]> {
	const body = await call(ctx, 'GET', '/subscriptions');
	return Array.isArray(body.items) ? body.items : [];
}

export async function postSubscription(ctx: Ctx, wanted: WantedSubscription) {
	const body = { ...wanted, eventSchemaVersion: 1 };
	const check = checkBody('subscriptionCreate', body);
	if (!check.ok) throw new NodeOperationError(ctx.getNode(), `Invalid subscription: ${check.message}`);
	return await call(ctx, 'POST', '/subscriptions', body);
}

export async function activateSubscription(ctx: Ctx, id: string) {
	return await call(ctx, 'PATCH', subscriptionPath(id), { status: 'Active' });
}

/** DELETE; a subscription that is gone (404) or already deactivated (14000018) counts as done. */
export async function deleteSubscription(ctx: Ctx, id: string): Promise<void> {
	try {
		await call(ctx, 'DELETE', subscriptionPath(id));
	} catch (error) {
		const { status, code } = serviceError(error);
		if (status === 404 || code === '14040001' || code === '14000018') return;
		throw actionable(error);
	}
}

export const isNotFound = (error: unknown) => {
	const { status, code } = serviceError(error);
	return status === 404 || code === '14040001';
};

export const sameEvents = (a: string[] = [], b: string[] = []) =>
	a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);
