import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	actionable,
	activateSubscription,
	deleteSubscription,
	getSubscription,
	isNotFound,
	listSubscriptions,
	postSubscription,
	readStored,
	sameEvents,
	serviceError,
	writeStored,
	wantedSubscription,
	type Subscription,
} from './subscription';

/**
 * The subscription lifecycle behind n8n's webhook methods (checkExists, create, delete). n8n
 * calls checkExists on every activation and start-up and create only when it answers false,
 * so checkExists repairs what it can and create always starts clean.
 */

/** Stored, present at the service, aimed at this URL with these events, and Active. */
export async function subscriptionExists(ctx: IHookFunctions): Promise<boolean> {
	const stored = readStored(ctx);
	if (!stored) return false;
	const wanted = wantedSubscription(ctx);

	let current: Subscription;
	try {
		current = await getSubscription(ctx, stored.subscriptionId);
	} catch (error) {
		if (!isNotFound(error)) throw actionable(error);
		ctx.logger.info(`Mindbody subscription ${stored.subscriptionId} is gone; creating a new one`);
		writeStored(ctx, undefined);
		return false;
	}

	const sameTarget =
		current.webhookUrl === wanted.webhookUrl && sameEvents(current.eventIds, wanted.eventIds);
	if (!sameTarget || !stored.messageSignatureKey) {
		await deleteSubscription(ctx, stored.subscriptionId);
		writeStored(ctx, undefined);
		return false;
	}
	if (current.status === 'Active') return true;

	// PendingActivation, DeactivatedByAdmin or deactivated after failed deliveries.
	try {
		const updated = await activateSubscription(ctx, stored.subscriptionId);
		const key = updated.messageSignatureKey;
		if (key && key !== stored.messageSignatureKey) {
			writeStored(ctx, { ...stored, messageSignatureKey: key });
		}
		return true;
	} catch (error) {
		const { code } = serviceError(error);
		if (!isNotFound(error) && code !== '14000020') throw actionable(error);
		ctx.logger.info(`Mindbody subscription ${stored.subscriptionId} cannot be reactivated (${code})`);
		await deleteSubscription(ctx, stored.subscriptionId);
		writeStored(ctx, undefined);
		return false;
	}
}

/**
 * Subscriptions this node made but no longer knows (static data lost, e.g. n8n stopped before
 * saving it): without their key they are useless, so they go before a new one is made.
 */
async function removeOrphans(ctx: IHookFunctions, referenceId: string): Promise<void> {
	const orphans = (await listSubscriptions(ctx)).filter(
		(item) =>
			item.referenceId === referenceId &&
			item.subscriptionId &&
			!/deactivated/i.test(String(item.status ?? '')),
	);
	for (const orphan of orphans) await deleteSubscription(ctx, String(orphan.subscriptionId));
}

/** POST a pending subscription, keep its key, PATCH it Active; undo everything on failure. */
export async function createSubscription(ctx: IHookFunctions): Promise<boolean> {
	const wanted = wantedSubscription(ctx);
	const previous = readStored(ctx);
	if (previous) {
		await deleteSubscription(ctx, previous.subscriptionId);
		writeStored(ctx, undefined);
	}
	await removeOrphans(ctx, wanted.referenceId);

	const created = await postSubscription(ctx, wanted);
	const subscriptionId = created.subscriptionId;
	if (!subscriptionId) {
		throw new NodeOperationError(ctx.getNode(), 'The webhook service answered without a subscriptionId');
	}
	if (!created.messageSignatureKey) {
		await deleteSubscription(ctx, subscriptionId);
		throw new NodeOperationError(
			ctx.getNode(),
			'The webhook service answered without a messageSignatureKey, so deliveries could not be verified',
		);
	}
	writeStored(ctx, { subscriptionId, messageSignatureKey: created.messageSignatureKey, ...wanted });

	try {
		await activateSubscription(ctx, subscriptionId);
	} catch (error) {
		// n8n's own clean-up after a failed activation reads the saved static data, which does
		// not know this subscription yet: remove it here or it would be left behind.
		await deleteSubscription(ctx, subscriptionId).catch((cleanup: Error) =>
			ctx.logger.warn(`Could not remove pending Mindbody subscription ${subscriptionId}: ${cleanup.message}`),
		);
		writeStored(ctx, undefined);
		throw actionable(error);
	}
	return true;
}

/** DELETE and forget the key. On a real failure the record stays, so a later run can retry. */
export async function removeSubscription(ctx: IHookFunctions): Promise<boolean> {
	const stored = readStored(ctx);
	if (!stored) return true;
	await deleteSubscription(ctx, stored.subscriptionId);
	writeStored(ctx, undefined);
	return true;
}
