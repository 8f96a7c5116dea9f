import { request, type Dispatcher } from 'undici';

import type { ClockTimer, SandboxClock } from '../context';
import { signBody } from './signature';
import type { SubscriptionRecord } from './subscriptionStore';
import { startTimeLimit } from './timeLimit';

/**
 * Sends events to webhook URLs: in order per subscription (a serial lane each), after the
 * call that caused them has answered (a batch starts on the next turn of the event loop).
 * A failed attempt is resent every 15 minutes of the sandbox clock until 3 hours after the
 * first one; then the event is abandoned and `onAbandoned` decides what happens to the
 * subscription. The switches bend this for tests: duplicates, reordering, an outage.
 */

export const RETRY_INTERVAL_MS = 15 * 60_000;
export const RETRY_WINDOW_MS = 3 * 3_600_000;

export interface DeliverySwitches {
	/** Every event is sent twice with the same messageId. */
	duplicate: boolean;
	/** Each batch (the events queued in one turn) goes out in reverse order. */
	outOfOrder: boolean;
	/**
	 * No webhook URL can be reached, as when a studio's tunnel or proxy is down: nothing is sent,
	 * every attempt (and the URL validity check) fails as a connection that cannot be made.
	 */
	unreachable: boolean;
}

export const NO_SWITCHES: Readonly<DeliverySwitches> = { duplicate: false, outOfOrder: false, unreachable: false };

/** What an attempt records while the unreachable switch is on. */
export const UNREACHABLE_ERROR = 'unreachable (sandbox switch)';

export type DeliveryOutcome = 'delivered' | 'retrying' | 'abandoned' | 'dropped';

export interface DeliveryAttempt {
	subscriptionId: string;
	messageId: string;
	eventId: string;
	url: string;
	attempt: number;
	at: string;
	status?: number;
	error?: string;
	signature: string;
	duplicate: boolean;
	outcome: DeliveryOutcome;
	body: string;
}

interface Message {
	subscription: SubscriptionRecord;
	messageId: string;
	eventId: string;
	body: string;
	signature: string;
	duplicate: boolean;
	attempts: number;
	firstAttemptAt: number;
	failedBefore: boolean;
}

export interface DeliveryQueueOptions {
	clock: SandboxClock;
	dispatcher: Dispatcher;
	/** No answer within this many milliseconds of the sandbox clock counts as a failure (10 s on the service). */
	timeoutMs: number;
	onAbandoned(subscription: SubscriptionRecord, attempt: DeliveryAttempt): void;
}

export class DeliveryQueue {
	readonly attempts: DeliveryAttempt[] = [];
	readonly switches: DeliverySwitches = { ...NO_SWITCHES };
	private batch = new Map<string, Message[]>();
	private lanes = new Map<string, Promise<void>>();
	private work = new Set<Promise<unknown>>();
	private retries = new Map<Message, ClockTimer>();
	/** Bumped by reset: work of an earlier generation records nothing. */
	private generation = 0;

	constructor(private readonly options: DeliveryQueueOptions) {}

	enqueue(subscription: SubscriptionRecord, envelope: { messageId: string; eventId: string }) {
		const body = JSON.stringify(envelope);
		const message: Message = {
			subscription,
			messageId: envelope.messageId,
			eventId: envelope.eventId,
			body,
			signature: signBody(subscription.messageSignatureKey, body),
			duplicate: this.switches.duplicate,
			attempts: 0,
			firstAttemptAt: 0,
			failedBefore: false,
		};
		const id = subscription.subscriptionId;
		if (this.batch.size === 0) this.track(this.nextTurn(() => this.startBatch()));
		this.batch.set(id, [...(this.batch.get(id) ?? []), message]);
	}

	/** Resolves once nothing is queued or being sent (retries waiting on the clock excepted). */
	async settle(): Promise<void> {
		while (this.work.size) await Promise.allSettled([...this.work]);
	}

	/** Retries waiting on the clock, for tests and the admin view. */
	get pendingRetries(): number {
		return this.retries.size;
	}

	/** A deactivated subscription gets nothing more: its waiting retries are dropped. */
	dropRetries(subscriptionId: string) {
		for (const [message, timer] of this.retries) {
			if (message.subscription.subscriptionId !== subscriptionId) continue;
			timer.cancel();
			this.retries.delete(message);
		}
	}

	reset() {
		this.generation++;
		for (const timer of this.retries.values()) timer.cancel();
		this.retries.clear();
		this.batch.clear();
		this.lanes.clear();
		this.attempts.length = 0;
		Object.assign(this.switches, NO_SWITCHES);
	}

	/** Runs fn once the current call has answered (the next turn of the event loop). */
	private nextTurn(fn: () => void): Promise<void> {
		return new Promise((resolve) =>
			setImmediate(() => {
				try {
					fn();
				} finally {
					resolve();
				}
			}),
		);
	}

	private startBatch() {
		const batch = this.batch;
		this.batch = new Map();
		for (const [subscriptionId, messages] of batch) {
			const ordered = this.switches.outOfOrder ? [...messages].reverse() : messages;
			for (const message of ordered) this.inLane(subscriptionId, () => this.attempt(message));
		}
	}

	private inLane(subscriptionId: string, task: () => Promise<void>): Promise<void> {
		const generation = this.generation;
		const previous = this.lanes.get(subscriptionId) ?? Promise.resolve();
		// A bug in one task must not stall the lane: report it and go on.
		const next = previous
			.then(() => (generation === this.generation ? task() : undefined))
			.catch((error) => console.error('webhook delivery failed unexpectedly', error));
		this.lanes.set(subscriptionId, next);
		return this.track(next);
	}

	private track<T>(promise: Promise<T>): Promise<T> {
		this.work.add(promise);
		void promise.finally(() => this.work.delete(promise)).catch(() => undefined);
		return promise;
	}

	private async attempt(message: Message): Promise<void> {
		const { clock } = this.options;
		const { subscription } = message;
		const generation = this.generation;
		const startedAt = clock.now();
		message.attempts++;
		if (message.attempts === 1) message.firstAttemptAt = startedAt;
		const result = await this.post(subscription.webhookUrl, message);
		if (generation !== this.generation) return;
		const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
		const counters = subscription.counters;
		counters.messagesAttempted++;
		const record = this.record(message, startedAt, result, false);
		if (delivered) {
			counters.messagesDelivered++;
			record.outcome = 'delivered';
		} else {
			// Undelivered counts events, once, however many attempts fail.
			if (!message.failedBefore) counters.messagesUndelivered++;
			message.failedBefore = true;
			record.outcome = this.retryOrAbandon(message, startedAt, record);
		}
		if (message.duplicate && message.attempts === 1) await this.sendCopy(message, generation);
	}

	private retryOrAbandon(message: Message, startedAt: number, record: DeliveryAttempt): DeliveryOutcome {
		const { subscription } = message;
		const next = startedAt + RETRY_INTERVAL_MS;
		if (next > message.firstAttemptAt + RETRY_WINDOW_MS) {
			subscription.counters.messagesFailed++;
			record.outcome = 'abandoned';
			this.options.onAbandoned(subscription, record);
			return 'abandoned';
		}
		const timer = this.options.clock.schedule(next, () => {
			this.retries.delete(message);
			if (subscription.status !== 'Active') return undefined;
			return this.inLane(subscription.subscriptionId, () => this.attempt(message));
		});
		this.retries.set(message, timer);
		return 'retrying';
	}

	/** The duplicate switch's second copy: counted as an attempt, never retried. */
	private async sendCopy(message: Message, generation: number) {
		const startedAt = this.options.clock.now();
		const result = await this.post(message.subscription.webhookUrl, message);
		if (generation !== this.generation) return;
		const counters = message.subscription.counters;
		counters.messagesAttempted++;
		const record = this.record(message, startedAt, result, true);
		if (result.status !== undefined && result.status >= 200 && result.status < 300) {
			counters.messagesDelivered++;
			record.outcome = 'delivered';
		} else record.outcome = 'dropped';
	}

	private record(message: Message, at: number, result: PostResult, duplicate: boolean) {
		const attempt: DeliveryAttempt = {
			subscriptionId: message.subscription.subscriptionId,
			messageId: message.messageId,
			eventId: message.eventId,
			url: message.subscription.webhookUrl,
			attempt: message.attempts,
			at: this.options.clock.iso(at),
			...result,
			signature: message.signature,
			duplicate,
			outcome: 'retrying',
			body: message.body,
		};
		this.attempts.push(attempt);
		return attempt;
	}

	private async post(url: string, message: Message): Promise<PostResult> {
		// Read at each attempt: once the switch is off, the next resend goes out.
		if (this.switches.unreachable) return { error: UNREACHABLE_ERROR };
		const controller = new AbortController();
		const stopLimit = startTimeLimit(this.options.clock, this.options.timeoutMs, () => controller.abort());
		try {
			const response = await request(url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					// The spec's header, and the one the live service sends (receivers read either).
					'x-service-signature': message.signature,
					'x-mindbody-signature': message.signature,
				},
				body: message.body,
				signal: controller.signal,
				dispatcher: this.options.dispatcher,
			});
			await response.body.dump();
			return { status: response.statusCode };
		} catch (error) {
			if (controller.signal.aborted) return { error: `no answer within ${this.options.timeoutMs} ms` };
			return { error: (error as Error).message || String(error) };
		} finally {
			stopLimit();
		}
	}
}

type PostResult = { status: number; error?: undefined } | { status?: undefined; error: string };
