import '../harness/env';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { INodeParameters } from 'n8n-workflow';

import { triggerWithRecordedWaits } from '../harness/freshTrigger';
import { MINDBODY_TRIGGER } from '../harness/nodeTypes';
import { newCredentials } from '../harness/runWorkflow';
import { TriggerHarness } from '../harness/webhook';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { createPayloadGenerator } from '../../sandbox/webhooks/payloads';
import { signBody } from '../../sandbox/webhooks/signature';
import { sandboxCredentialData } from '../support/sandboxCredentials';

/** A sandbox and an n8n (the webhook harness) wired together, plus the tests' shortcuts. */

export interface AdminSubscription {
	subscriptionId: string;
	status: string;
	eventIds: string[];
	referenceId: string | null;
	webhookUrl: string;
	messageSignatureKey: string;
	statusChangeMessage: string | null;
}

export interface TriggerFixture {
	sandbox: Sandbox;
	harness: TriggerHarness;
	/** The production URL the node subscribes with. */
	webhookUrl: string;
	subscriptions(): Promise<AdminSubscription[]>;
	active(): Promise<AdminSubscription[]>;
	/** Emits through the sandbox admin API and waits until deliveries and runs are done. */
	emit(event: { eventId: string; siteId?: number; eventData?: Record<string, unknown> }): Promise<void>;
	admin(method: string, path: string, body?: unknown): Promise<unknown>;
	/** POSTs to the webhook URL as the service would; `sign` defaults to the live key. */
	deliver(body: string, headers?: Record<string, string>): Promise<Response>;
	sign(body: string, key?: string): Promise<string>;
	/** What the node logged as warnings through n8n's logger (kept off the console). */
	warnings: string[];
	/**
	 * Loads the trigger anew with the waits between its retries recorded (ms) instead of slept
	 * (see triggerWithRecordedWaits); returns the list they go to.
	 */
	recordRetryWaits(): number[];
	stop(): Promise<void>;
}

export const ENVELOPE = (eventId: string, messageId: string, eventData: Record<string, unknown>) =>
	JSON.stringify({
		messageId,
		eventId,
		eventSchemaVersion: 1,
		eventInstanceOriginationDateTime: '2025-03-01T10:00:00Z',
		eventData,
	});

/** An eventData the event's schema accepts, from the sandbox's payload generator. */
export const validEventData = (eventId: string) =>
	createPayloadGenerator(7).generate(eventId, { siteId: -99, now: Date.parse('2025-03-01T10:00:00Z') });

export async function startTrigger(
	parameters: INodeParameters,
	options: SandboxOptions = { allowLoopbackHttp: true },
	workflowId?: string,
): Promise<TriggerFixture> {
	const sandbox = await startSandbox(options);
	const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox, 'none') });
	const harness = await TriggerHarness.start({ credentials, parameters, workflowId });
	const warnings: string[] = [];
	const logger = Container.get(Logger);
	const spies = [
		jest.spyOn(logger, 'warn').mockImplementation((message: string) => void warnings.push(message)),
		jest.spyOn(logger, 'info').mockImplementation(() => undefined),
	];

	const admin = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(`${sandbox.adminUrl}/webhooks/${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = (await response.json()) as unknown;
		if (!response.ok) throw new Error(`admin ${method} ${path}: ${JSON.stringify(json)}`);
		return json;
	};
	const subscriptions = async () => ((await admin('GET', 'subscriptions')) as { items: AdminSubscription[] }).items;
	const liveKey = async () => {
		const mine = (await subscriptions()).find((item) => item.webhookUrl === fixture.webhookUrl);
		if (!mine) throw new Error('No subscription for the webhook URL');
		return mine.messageSignatureKey;
	};

	const fixture: TriggerFixture = {
		sandbox,
		harness,
		webhookUrl: `${harness.baseUrl}/webhook/${harness.stored.trigger.webhookId}/webhook`,
		subscriptions,
		active: async () => (await subscriptions()).filter((item) => item.status === 'Active'),
		admin,
		async emit(event) {
			await admin('POST', 'emit', event);
			await admin('POST', 'settle');
			await harness.idle();
		},
		sign: async (body, key) => signBody(key ?? (await liveKey()), body),
		async deliver(body, headers) {
			const signature: Record<string, string> = headers ? {} : { 'x-service-signature': await fixture.sign(body) };
			const response = await fetch(fixture.webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...signature, ...headers },
				body,
			});
			await harness.idle();
			return response;
		},
		warnings,
		recordRetryWaits() {
			const waits: number[] = [];
			harness.stored.nodeTypes.replace(MINDBODY_TRIGGER, triggerWithRecordedWaits(waits));
			return waits;
		},
		async stop() {
			spies.forEach((spy) => spy.mockRestore());
			await harness.stop();
			await sandbox.stop();
		},
	};
	return fixture;
}
