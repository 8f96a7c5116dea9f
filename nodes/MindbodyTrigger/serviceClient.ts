import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue/types';
import { subscriptionOperations as calls } from '../shared/catalogue/webhooks';
import { checkBody } from '../shared/schemas';
import { WEBHOOK_ERRORS, mindbodyRequest, type RunSession } from '../shared/transport';
import { asNodeError, serviceError, withAdviceFirst } from './serviceErrors';

/** The webhook service's subscription calls, as the trigger uses them. */

/** One call of a webhook method (checkExists, create, delete) and what its requests share. */
export type HookSession = RunSession<IHookFunctions>;

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

async function call(session: HookSession, operation: Operation, path: string, body?: unknown) {
	try {
		const response = await mindbodyRequest(session, { operation, path, body });
		return (response.body ?? {}) as Subscription & { items?: Subscription[] };
	} catch (error) {
		throw withAdviceFirst(error);
	}
}

/** The path of the calls on one subscription, from the catalogue's template. */
const subscriptionPath = (id: string) => calls.get.path.replace('{subscriptionId}', encodeURIComponent(id));

export async function getSubscription(session: HookSession, id: string) {
	return await call(session, calls.get, subscriptionPath(id));
}

export async function listSubscriptions(session: HookSession): Promise<Subscription[]> {
	const body = await call(session, calls.getMany, calls.getMany.path);
	return Array.isArray(body.items) ? body.items : [];
}

export async function postSubscription(session: HookSession, wanted: WantedSubscription) {
	const body = { ...wanted, eventSchemaVersion: 1 };
	const check = checkBody(calls.create.body.schema, body);
	if (!check.ok) throw new NodeOperationError(session.ctx.getNode(), `Invalid subscription: ${check.message}`);
	return await call(session, calls.create, calls.create.path, body);
}

export async function activateSubscription(session: HookSession, id: string) {
	return await call(session, calls.update, subscriptionPath(id), { status: 'Active' });
}

/** The other way to stop deliveries when DELETE keeps failing. */
export async function deactivateSubscription(session: HookSession, id: string) {
	return await call(session, calls.update, subscriptionPath(id), { status: 'DeactivatedByUser' });
}

/** DELETE; a subscription that is gone (404) or already deactivated (14000018) counts as done. */
export async function deleteSubscription(session: HookSession, id: string): Promise<void> {
	try {
		await call(session, calls.delete, subscriptionPath(id));
	} catch (error) {
		const { status, code } = serviceError(error);
		if (
			status === 404 ||
			code === WEBHOOK_ERRORS.subscriptionNotFound.code ||
			code === WEBHOOK_ERRORS.alreadyDeactivated.code
		) {
			return;
		}
		throw asNodeError(session.ctx.getNode(), error);
	}
}

export const sameEvents = (a: string[] = [], b: string[] = []) => {
	const sortedB = [...b].sort();
	return a.length === b.length && [...a].sort().every((id, i) => id === sortedB[i]);
};
