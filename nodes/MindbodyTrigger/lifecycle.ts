import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { WEBHOOK_ERRORS } from '../shared/transport';
import { selectedEventIds } from './eventSelection';
import {
	activateSubscription,
	deactivateSubscription,
	deleteSubscription,
	getSubscription,
	listSubscriptions,
	postSubscription,
	sameEvents,
	type HookSession,
	type Subscription,
	type WantedSubscription,
} from './serviceClient';
import { asNodeError, isNotFound, isRefusal, serviceError } from '../shared/transport/webhookService';
import { readStored, sealedRecord, signingKeyOf, slotOf, writeStored } from './storedState';

/**
 * The subscription lifecycle behind n8n's webhook methods (checkExists, create, delete). n8n
 * calls checkExists on every activation and start-up and create only when it answers false,
 * so checkExists repairs what it can and create always starts clean.
 */

/** The subscription this node should have now, from its parameters and webhook URL. */
export function wantedSubscription(ctx: IHookFunctions): WantedSubscription {
	const eventIds = selectedEventIds(ctx.getNodeParameter('events', []), ctx.getNodeParameter('customEventIds', ''));
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

/**
 * Stops a subscription: DELETE (retried by the transport), else PATCH it DeactivatedByUser.
 * When both fail the error names the subscription; the stored record is then kept, so the next
 * activation finds it and reuses or removes it.
 */
async function retire(session: HookSession, subscriptionId: string): Promise<void> {
	const { ctx } = session;
	try {
		await deleteSubscription(session, subscriptionId);
		return;
	} catch (deleteError) {
		try {
			await deactivateSubscription(session, subscriptionId);
			ctx.logger.info(`Mindbody subscription ${subscriptionId} could not be deleted; it was deactivated instead`);
			return;
		} catch {
			throw new NodeOperationError(
				ctx.getNode(),
				`Could not stop Mindbody webhook subscription ${subscriptionId}: ${(deleteError as Error).message}`,
				{
					description:
						'The subscription may still be active at the webhook service. Activating the workflow again reuses or removes it; or delete it with the Mindbody node (Webhook Subscription → Delete).',
				},
			);
		}
	}
}

/** Stored, present at the service, aimed at this URL with these events, and Active. */
export async function subscriptionExists(session: HookSession): Promise<boolean> {
	const { ctx } = session;
	const stored = readStored(ctx);
	if (!stored) return false;
	const wanted = wantedSubscription(ctx);

	let current: Subscription;
	try {
		current = await getSubscription(session, stored.subscriptionId);
	} catch (error) {
		if (!isNotFound(error)) throw asNodeError(ctx.getNode(), error);
		ctx.logger.info(`Mindbody subscription ${stored.subscriptionId} is gone; creating a new one`);
		writeStored(ctx, undefined);
		return false;
	}

	const signingKey = await signingKeyOf(ctx, stored);
	const sameTarget = current.webhookUrl === wanted.webhookUrl && sameEvents(current.eventIds, wanted.eventIds);
	if (!sameTarget || !signingKey) {
		await retire(session, stored.subscriptionId);
		writeStored(ctx, undefined);
		return false;
	}
	if (current.status === 'Active') return true;

	// PendingActivation, DeactivatedByAdmin or deactivated after failed deliveries.
	try {
		const updated = await activateSubscription(session, stored.subscriptionId);
		const key = updated.messageSignatureKey;
		if (key && key !== signingKey) writeStored(ctx, await sealedRecord(ctx, stored, key));
		return true;
	} catch (error) {
		const { code } = serviceError(error);
		if (!isNotFound(error) && code !== WEBHOOK_ERRORS.statusNotValid.code) {
			throw asNodeError(ctx.getNode(), error);
		}
		ctx.logger.info(`Mindbody subscription ${stored.subscriptionId} cannot be reactivated (${code})`);
		await retire(session, stored.subscriptionId);
		writeStored(ctx, undefined);
		return false;
	}
}

/**
 * Subscriptions this node made but does not hold (static data lost, or a create whose answer
 * never arrived, left PendingActivation): without their key they are useless, so they go.
 */
async function removeOrphans(session: HookSession, referenceId: string): Promise<void> {
	const orphans = (await listSubscriptions(session)).filter(
		(item) =>
			item.referenceId === referenceId && item.subscriptionId && !/deactivated/i.test(String(item.status ?? '')),
	);
	for (const orphan of orphans) await retire(session, String(orphan.subscriptionId));
}

/**
 * POST; when the outcome is unknown (no answer, a 5xx, a timeout) the service may have made the
 * subscription anyway: remove what carries this node's referenceId and try once more.
 */
async function post(session: HookSession, wanted: WantedSubscription): Promise<Subscription> {
	const { ctx } = session;
	try {
		return await postSubscription(session, wanted);
	} catch (error) {
		if (isRefusal(error) || error instanceof NodeOperationError) throw asNodeError(ctx.getNode(), error);
		ctx.logger.info(`Creating the Mindbody subscription got no usable answer; cleaning up and trying once more`);
		await removeOrphans(session, wanted.referenceId);
		try {
			return await postSubscription(session, wanted);
		} catch (second) {
			if (!isRefusal(second)) await removeOrphans(session, wanted.referenceId).catch(() => undefined);
			throw asNodeError(ctx.getNode(), second);
		}
	}
}

/** POST a pending subscription, keep its key sealed, PATCH it Active; undo everything on failure. */
export async function createSubscription(session: HookSession): Promise<boolean> {
	const { ctx } = session;
	const wanted = wantedSubscription(ctx);
	const previous = readStored(ctx);
	if (previous) {
		await retire(session, previous.subscriptionId);
		writeStored(ctx, undefined);
	}
	await removeOrphans(session, wanted.referenceId);

	const created = await post(session, wanted);
	const subscriptionId = created.subscriptionId;
	if (!subscriptionId) {
		// Whatever the service made is unusable without its id: remove it.
		await removeOrphans(session, wanted.referenceId).catch(() => undefined);
		throw new NodeOperationError(ctx.getNode(), 'The webhook service answered without a subscriptionId');
	}
	if (!created.messageSignatureKey) {
		await retire(session, subscriptionId);
		throw new NodeOperationError(
			ctx.getNode(),
			'The webhook service answered without a messageSignatureKey, so deliveries could not be verified',
		);
	}
	writeStored(ctx, await sealedRecord(ctx, { subscriptionId, ...wanted }, created.messageSignatureKey));

	try {
		await activateSubscription(session, subscriptionId);
	} catch (error) {
		// n8n's own clean-up after a failed activation reads the saved static data, which does
		// not know this subscription yet: remove it here or it would be left behind.
		await retire(session, subscriptionId).catch((cleanup: Error) => ctx.logger.warn(cleanup.message));
		writeStored(ctx, undefined);
		throw asNodeError(ctx.getNode(), error);
	}
	return true;
}

/** Stops the subscription and forgets its key. On failure the record stays for the next activation. */
export async function removeSubscription(session: HookSession): Promise<boolean> {
	const { ctx } = session;
	const stored = readStored(ctx);
	if (!stored) return true;
	await retire(session, stored.subscriptionId);
	writeStored(ctx, undefined);
	return true;
}
