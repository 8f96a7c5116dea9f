import { Agent } from 'undici';

import type { EventCause, SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import { createAdminRoutes } from './adminRoutes';
import { DeliveryQueue, UNREACHABLE_ERROR, type DeliveryAttempt } from './deliveryQueue';
import { fanOut } from './eventFanOut';
import { createPayloadGenerator } from './payloads';
import { createSubscriptionRoutes } from './subscriptionRoutes';
import { isDeactivated, SubscriptionStore, type SubscriptionRecord } from './subscriptionStore';
import { checkUrlAnswers } from './webhookUrl';

/** The sandbox's push service: subscriptions, metrics, signed deliveries with retries. */

export interface WebhookServiceOptions {
	/** Limit of the HEAD validity check on the sandbox clock; 10 s as the service. */
	urlCheckTimeoutMs?: number;
	/** Limit for a webhook's answer to a delivery on the sandbox clock; 10 s as the service. */
	deliveryTimeoutMs?: number;
	/** Seed of the payload generator behind admin `emit`. */
	payloadSeed?: number;
}

export interface WebhookService {
	handle(request: SandboxRequest): Promise<SandboxResponse>;
	admin(method: string, subPath: string, body: unknown): Promise<SandboxResponse>;
	emitEvent(eventId: string, eventData: Record<string, unknown>, cause: EventCause): void;
	/** Resolves once no delivery is queued or in flight (retries waiting on the clock excepted). */
	settle(): Promise<void>;
	reset(): void;
	stop(): Promise<void>;
}

export const SERVICE_TIMEOUT_MS = 10_000;

export function createWebhookService(ctx: SandboxContext, options: WebhookServiceOptions = {}): WebhookService {
	const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
	const store = new SubscriptionStore((record) => {
		if (isDeactivated(record.status)) queue.dropRetries(record.subscriptionId);
	});

	/** An event abandoned after 3 hours deactivates its subscription and mails its owner. */
	function deactivateAfterFailures(record: SubscriptionRecord, attempt: DeliveryAttempt) {
		if (record.status !== 'Active') return;
		const reason = attempt.error ?? `answered ${attempt.status}`;
		const message =
			`Deactivated after repeated delivery failures: ${attempt.url} gave no 2xx ` +
			`for message ${attempt.messageId} within 3 hours (last: ${reason}).`;
		store.setStatus(record, 'DeactivatedByAdmin', 'System', message, ctx.clock.iso());
		ctx.recordEmail({
			to: record.ownerSourceName,
			kind: 'webhookSubscriptionDeactivated',
			subject: 'Your webhook subscription was deactivated after delivery failures',
			detail: {
				subscriptionId: record.subscriptionId,
				webhookUrl: record.webhookUrl,
				eventId: attempt.eventId,
				messageId: attempt.messageId,
				lastResult: reason,
			},
		});
	}

	const queue = new DeliveryQueue({
		clock: ctx.clock,
		dispatcher,
		timeoutMs: options.deliveryTimeoutMs ?? SERVICE_TIMEOUT_MS,
		onAbandoned: deactivateAfterFailures,
	});
	let generator = createPayloadGenerator(options.payloadSeed);
	const emit = (eventId: string, data: Record<string, unknown>, cause: EventCause) =>
		fanOut({ ctx, store, queue }, eventId, data, cause);

	function reset() {
		queue.reset();
		store.clear();
		generator = createPayloadGenerator(options.payloadSeed);
	}

	const handle = createSubscriptionRoutes({
		ctx,
		store,
		// While the unreachable switch is on, the HEAD check fails as the deliveries do, sending nothing.
		checkUrl: async (url) =>
			queue.switches.unreachable
				? { ok: false, reason: UNREACHABLE_ERROR }
				: checkUrlAnswers(url, options.urlCheckTimeoutMs ?? SERVICE_TIMEOUT_MS, dispatcher, ctx.clock),
	});
	const admin = createAdminRoutes({
		ctx,
		store,
		queue,
		generator: { generate: (eventId, at) => generator.generate(eventId, at) },
		emit: (eventId, data, siteId, sourceName, transactionKey) =>
			emit(eventId, data, { siteId, sourceName, transactionKey }),
		reset,
	});

	return {
		handle,
		admin,
		emitEvent(eventId, eventData, cause) {
			emit(eventId, eventData, cause);
		},
		settle: () => queue.settle(),
		reset,
		async stop() {
			// Destroying the agent aborts requests still waiting on a silent webhook.
			queue.reset();
			await dispatcher.destroy();
			await queue.settle();
		},
	};
}
