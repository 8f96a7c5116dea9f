import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subscriptionOperations as calls } from '../shared/catalogue/webhooks';
import { checkBody } from '../shared/schemas';
import { WEBHOOK_ERRORS, type RunSession } from '../shared/transport';
import {
	asNodeError,
	serviceError,
	subscriptionPath,
	webhookCall,
	type Subscription,
} from '../shared/transport/webhookService';

/** The webhook service's subscription calls only the trigger's lifecycle makes. */

export {
	activateSubscription,
	getSubscription,
	listSubscriptions,
	type Subscription,
} from '../shared/transport/webhookService';

/** One call of a webhook method (checkExists, create, delete) and what its requests share. */
export type HookSession = RunSession<IHookFunctions>;

export interface WantedSubscription {
	eventIds: string[];
	webhookUrl: string;
	referenceId: string;
}

export async function postSubscription(session: HookSession, wanted: WantedSubscription): Promise<Subscription> {
	const body = { ...wanted, eventSchemaVersion: 1 };
	const check = checkBody(calls.create.body.schema, body);
	if (!check.ok) throw new NodeOperationError(session.ctx.getNode(), `Invalid subscription: ${check.message}`);
	return await webhookCall(session, calls.create, calls.create.path, body);
}

/** The other way to stop deliveries when DELETE keeps failing. */
export async function deactivateSubscription(session: HookSession, id: string) {
	return await webhookCall(session, calls.update, subscriptionPath(id), { status: 'DeactivatedByUser' });
}

/** DELETE; a subscription that is gone (404) or already deactivated (14000018) counts as done. */
export async function deleteSubscription(session: HookSession, id: string): Promise<void> {
	try {
		await webhookCall(session, calls.delete, subscriptionPath(id));
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
