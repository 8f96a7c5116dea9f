import { randomUUID } from 'node:crypto';

import type { EventCause, SandboxContext } from '../context';
import type { DeliveryQueue } from './deliveryQueue';
import type { SubscriptionStore } from './subscriptionStore';

/**
 * Turns one event into one message per subscription that should get it: Active at this moment,
 * listing the event id, owned by an account linked to the event's site. Each message has its own
 * messageId, so a receiver with two subscriptions can still deduplicate per message.
 */

export const TRANSACTION_KEY_MAX = 50;

export interface QueuedMessage {
	subscriptionId: string;
	messageId: string;
}

export interface FanOutDeps {
	ctx: SandboxContext;
	store: SubscriptionStore;
	queue: DeliveryQueue;
}

function linkedToSite(ctx: SandboxContext, sourceName: string, siteId: number): boolean {
	return ctx.accounts.some((account) => account.sourceName === sourceName && account.siteIds.includes(siteId));
}

export function fanOut(
	{ ctx, store, queue }: FanOutDeps,
	eventId: string,
	eventData: Record<string, unknown>,
	cause: EventCause,
): QueuedMessage[] {
	const eventInstanceOriginationDateTime = ctx.clock.iso();
	const queued: QueuedMessage[] = [];
	for (const subscription of store.all()) {
		if (subscription.status !== 'Active' || !subscription.eventIds.includes(eventId)) continue;
		if (!linkedToSite(ctx, subscription.ownerSourceName, cause.siteId)) continue;
		// The key travels only back to the source that made the call.
		const sameSource = cause.sourceName === subscription.ownerSourceName;
		const transactionKey = sameSource ? cause.transactionKey?.slice(0, TRANSACTION_KEY_MAX) : undefined;
		const envelope = {
			messageId: randomUUID(),
			eventId,
			eventSchemaVersion: 1,
			eventInstanceOriginationDateTime,
			...(transactionKey ? { transactionKey } : {}),
			eventData,
		};
		queue.enqueue(subscription, envelope);
		queued.push({ subscriptionId: subscription.subscriptionId, messageId: envelope.messageId });
	}
	return queued;
}
