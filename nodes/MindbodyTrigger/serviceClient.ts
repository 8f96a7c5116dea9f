import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkBody, subscriptionCreate } from '../shared/schemas';
import { mindbodyRequest } from '../shared/transport';
import { WEBHOOK_ERROR_CODES, asNodeError, serviceError, withAdviceFirst } from './serviceErrors';

/** The webhook service's subscription calls, as the trigger uses them. */

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

async function call(ctx: Ctx, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
	try {
		const response = await mindbodyRequest(ctx, { service: 'webhooks', method, path, body, retry: method !== 'POST' });
		return (response.body ?? {}) as Subscription & { items?: Subscription[] };
	} catch (error) {
		throw withAdviceFirst(error);
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
	const check = checkBody(subscriptionCreate, body);
	if (!check.ok) throw new NodeOperationError(ctx.getNode(), `Invalid subscription: ${check.message}`);
	return await call(ctx, 'POST', '/subscriptions', body);
}

export async function activateSubscription(ctx: Ctx, id: string) {
	return await call(ctx, 'PATCH', subscriptionPath(id), { status: 'Active' });
}

/** The other way to stop deliveries when DELETE keeps failing. */
export async function deactivateSubscription(ctx: Ctx, id: string) {
	return await call(ctx, 'PATCH', subscriptionPath(id), { status: 'DeactivatedByUser' });
}

/** DELETE; a subscription that is gone (404) or already deactivated (14000018) counts as done. */
export async function deleteSubscription(ctx: Ctx, id: string): Promise<void> {
	try {
		await call(ctx, 'DELETE', subscriptionPath(id));
	} catch (error) {
		const { status, code } = serviceError(error);
		if (
			status === 404 ||
			code === WEBHOOK_ERROR_CODES.subscriptionNotFound ||
			code === WEBHOOK_ERROR_CODES.alreadyDeactivated
		) {
			return;
		}
		throw asNodeError(ctx.getNode(), error);
	}
}

export const sameEvents = (a: string[] = [], b: string[] = []) => {
	const sortedB = [...b].sort();
	return a.length === b.length && [...a].sort().every((id, i) => id === sortedB[i]);
};
