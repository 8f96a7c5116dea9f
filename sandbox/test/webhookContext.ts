import type {
	ApiKeyAccount,
	ClockTimer,
	EventCause,
	SandboxClock,
	SandboxContext,
	SandboxRequest,
	SandboxResponse,
	SentEmail,
} from '../context';
import { createWebhookService, type WebhookService, type WebhookServiceOptions } from '../webhooks';
import { startReceiver, type Receiver } from './webhookReceiver';

/** Test helpers of the webhook service: a hand-driven clock, fixed accounts, a request builder. */

export const START = Date.parse('2025-03-01T10:00:00Z');

interface PendingTimer {
	at: number;
	order: number;
	fn: () => void | Promise<void>;
}

/** Time moves only through advance(); due timers fire in time order and are awaited. */
export function createTestClock(start = START): SandboxClock & { pending(): number } {
	let now = start;
	let order = 0;
	const timers = new Set<PendingTimer>();
	return {
		now: () => now,
		iso: (at = now) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		schedule(at, fn): ClockTimer {
			const timer = { at, order: order++, fn };
			timers.add(timer);
			return { at, cancel: () => void timers.delete(timer) };
		},
		async advance(ms) {
			const target = now + ms;
			for (;;) {
				const due = [...timers]
					.filter((timer) => timer.at <= target)
					.sort((a, b) => a.at - b.at || a.order - b.order)[0];
				if (!due) break;
				timers.delete(due);
				now = Math.max(now, due.at);
				await due.fn();
			}
			now = target;
		},
		pending: () => timers.size,
	};
}

export const ACCOUNTS: ApiKeyAccount[] = [
	{ apiKey: 'key-harbor', sourceName: 'HarborDev', liveAccess: true, siteIds: [-99, 5001] },
	// A second key of the same developer account: same source, sees the same subscriptions.
	{ apiKey: 'key-harbor-2', sourceName: 'HarborDev', liveAccess: true, siteIds: [7001] },
	{ apiKey: 'key-other', sourceName: 'OtherDev', liveAccess: true, siteIds: [-99] },
	{ apiKey: 'key-unlinked', sourceName: 'LonelyDev', liveAccess: true, siteIds: [] },
	{ apiKey: 'key-pending', sourceName: 'PendingDev', liveAccess: false, siteIds: [-99] },
];

export interface TestSetup {
	ctx: SandboxContext;
	clock: ReturnType<typeof createTestClock>;
	service: WebhookService;
	emails: SentEmail[];
	call(method: string, path: string, options?: CallOptions): Promise<SandboxResponse>;
	close(): Promise<void>;
}

export interface CallOptions {
	/** Default key-harbor; null sends no API-Key header. */
	apiKey?: string | null;
	body?: unknown;
	headers?: Record<string, string>;
}

/**
 * Waits (in real time, up to a limit far above normal) until `done()` holds: for a request to
 * reach a receiver before a test moves the clock past a time limit.
 */
export async function waitUntil(done: () => boolean, what: string, limitMs = 20_000): Promise<void> {
	const until = Date.now() + limitMs;
	while (!done()) {
		if (Date.now() > until) throw new Error(`Still waiting after ${limitMs} ms: ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/** The service's own time limits (10 s), run on the hand-driven clock (see timeLimit.ts). */
export function createTestSetup(
	options: WebhookServiceOptions = {},
	context: Partial<Pick<SandboxContext, 'allowLoopbackHttp' | 'accounts'>> = {},
): TestSetup {
	const clock = createTestClock();
	const emails: SentEmail[] = [];
	const accounts = context.accounts ?? ACCOUNTS;
	let service: WebhookService | undefined;
	const ctx: SandboxContext = {
		clock,
		accounts,
		findAccount: (apiKey) => accounts.find((account) => account.apiKey === apiKey),
		emails,
		recordEmail: (email) => void emails.push({ ...email, at: clock.iso() }),
		emitEvent: (eventId: string, data: Record<string, unknown>, cause: EventCause) =>
			service?.emitEvent(eventId, data, cause),
		allowLoopbackHttp: context.allowLoopbackHttp ?? true,
	};
	service = createWebhookService(ctx, options);
	const started = service;
	return {
		ctx,
		clock,
		service: started,
		emails,
		call: (method, path, { apiKey = 'key-harbor', body, headers = {} } = {}) =>
			started.handle(
				sandboxRequest(method, path, body, {
					...(apiKey === null ? {} : { 'api-key': apiKey }),
					...headers,
				}),
			),
		close: () => started.stop(),
	};
}

export function sandboxRequest(
	method: string,
	path: string,
	body: unknown,
	headers: Record<string, string>,
): SandboxRequest {
	const rawBody = body === undefined ? '' : JSON.stringify(body);
	return {
		service: 'webhooks',
		method,
		path,
		query: {},
		rawQuery: '',
		headers,
		rawBody,
		body,
		bodyMalformed: false,
	};
}

export type SubscriptionBody = Record<string, unknown> & {
	subscriptionId: string;
	messageSignatureKey?: string;
};

/** POSTs a subscription and fails the test when it is refused. */
export async function subscribe(
	setup: TestSetup,
	webhookUrl: string,
	eventIds: string[] = ['client.created'],
	apiKey = 'key-harbor',
): Promise<SubscriptionBody> {
	const body = { eventIds, eventSchemaVersion: 1, webhookUrl, referenceId: 'ref-1' };
	const response = await setup.call('POST', '/subscriptions', { apiKey, body });
	if (response.status !== 200) throw new Error(`subscribe: ${JSON.stringify(response.body)}`);
	return response.body as SubscriptionBody;
}

/** A subscription that is Active and ready to receive. */
export async function activeSubscription(
	setup: TestSetup,
	webhookUrl: string,
	eventIds?: string[],
	apiKey = 'key-harbor',
): Promise<SubscriptionBody> {
	const created = await subscribe(setup, webhookUrl, eventIds, apiKey);
	const response = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
		apiKey,
		body: { status: 'Active' },
	});
	if (response.status !== 200) throw new Error(`activate: ${JSON.stringify(response.body)}`);
	return created;
}

export interface WebhookTest {
	setup: TestSetup;
	receiver: Receiver;
}

/** A fresh webhook service and a receiver for each test of the file, both closed after it. */
export function useWebhookTest(): WebhookTest {
	const test = {} as WebhookTest;
	beforeEach(async () => {
		test.setup = createTestSetup();
		test.receiver = await startReceiver();
	});
	afterEach(async () => {
		await test.setup.close();
		await test.receiver.close();
	});
	return test;
}
