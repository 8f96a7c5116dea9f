import { SERVICE_TIMEOUT_MS } from '.';
import { activeSubscription, START, useWebhookTest, waitUntil } from '../test/webhookContext';

/** Resends every 15 minutes of the sandbox clock until 3 hours after the first attempt. */

const MINUTE = 60_000;
const STUDIO = { siteId: -99, sourceName: 'Studio' };

const env = useWebhookTest();

interface Attempt {
	at: string;
	attempt: number;
	outcome: string;
	status?: number;
	error?: string;
}
async function attempts(): Promise<Attempt[]> {
	const response = await env.setup.service.admin('GET', 'deliveries', undefined);
	return (response.body as { items: Attempt[] }).items;
}
const minutesAfterStart = (list: Attempt[]) => list.map((item) => (Date.parse(item.at) - START) / MINUTE);
const subscriptionOf = async (id: string) =>
	(await env.setup.call('GET', `/subscriptions/${id}`)).body as Record<string, unknown>;
const metricsOf = async () =>
	((await env.setup.call('GET', '/metrics')).body as { items: Array<Record<string, unknown>> }).items[0];

describe('retries', () => {
	it('resend a failed event every 15 minutes; after 3 hours it is failed and the subscription deactivated', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		env.receiver.status = 500;
		env.setup.service.emitEvent('client.created', { n: 1 }, STUDIO);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(1);

		await env.setup.clock.advance(15 * MINUTE - 1);
		expect(env.receiver.posts()).toHaveLength(1);
		await env.setup.clock.advance(1);
		expect(env.receiver.posts()).toHaveLength(2);

		await env.setup.clock.advance(165 * MINUTE - 1);
		expect(env.receiver.posts()).toHaveLength(12);
		expect(await subscriptionOf(created.subscriptionId)).toMatchObject({ status: 'Active' });
		await env.setup.clock.advance(1);
		expect(env.receiver.posts()).toHaveLength(13);

		const log = await attempts();
		expect(minutesAfterStart(log)).toEqual([0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180]);
		expect(log.map((item) => item.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
		expect(log.map((item) => item.outcome)).toEqual([...Array(12).fill('retrying'), 'abandoned']);
		expect(log.at(-1)).toMatchObject({ status: 500 });
		expect(new Set(env.receiver.posts().map((request) => request.body)).size).toBe(1);

		expect(await metricsOf()).toMatchObject({
			status: 'DeactivatedByAdmin',
			statusChangeDate: '2025-03-01T13:00:00Z',
			messagesAttempted: 13,
			messagesDelivered: 0,
			messagesUndelivered: 1,
			messagesFailed: 1,
		});
		expect(await subscriptionOf(created.subscriptionId)).toMatchObject({
			statusChangeUser: 'System',
			statusChangeMessage: expect.stringContaining('repeated delivery failures'),
		});
		expect(env.setup.emails).toEqual([
			expect.objectContaining({
				at: '2025-03-01T13:00:00Z',
				to: 'HarborDev',
				kind: 'webhookSubscriptionDeactivated',
				detail: expect.objectContaining({
					subscriptionId: created.subscriptionId,
					eventId: 'client.created',
				}),
			}),
		]);

		await env.setup.clock.advance(60 * MINUTE);
		env.setup.service.emitEvent('client.created', { n: 2 }, STUDIO);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(13);
		expect(env.setup.clock.pending()).toBe(0);
	});

	it('stop once the webhook answers 2xx; the event counts as undelivered once and delivered once', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		env.receiver.status = 503;
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(15 * MINUTE);
		env.receiver.status = 202;
		await env.setup.clock.advance(15 * MINUTE);
		await env.setup.clock.advance(3 * 60 * MINUTE);
		expect(env.receiver.posts()).toHaveLength(3);
		expect(await metricsOf()).toMatchObject({
			status: 'Active',
			messagesAttempted: 3,
			messagesDelivered: 1,
			messagesUndelivered: 1,
			messagesFailed: 0,
		});
		expect((await subscriptionOf(created.subscriptionId)).status).toBe('Active');
		expect(env.setup.emails).toEqual([]);
	});

	it('treat a webhook that never answers like a failure, within the time limit', async () => {
		env.receiver.silent = true;
		await activeSubscription(env.setup, env.receiver.url);
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await waitUntil(() => env.receiver.posts().length === 1, 'the delivery reaching the receiver');
		await env.setup.clock.advance(SERVICE_TIMEOUT_MS);
		await env.setup.service.settle();
		const [attempt] = await attempts();
		expect(attempt).toMatchObject({
			attempt: 1,
			outcome: 'retrying',
			error: 'no answer within 10000 ms',
		});
		expect(attempt.status).toBeUndefined();
		env.receiver.silent = false;
		await env.setup.clock.advance(15 * MINUTE);
		expect(await metricsOf()).toMatchObject({
			messagesAttempted: 2,
			messagesDelivered: 1,
			messagesUndelivered: 1,
		});
	});

	it('run independently per event, each with its own 3-hour window', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		env.receiver.status = 500;
		env.setup.service.emitEvent('client.created', { n: 1 }, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(10 * MINUTE);
		env.setup.service.emitEvent('client.created', { n: 2 }, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(170 * MINUTE);
		// The first event is abandoned at 180 min: the subscription goes, with the second's retries.
		expect(await metricsOf()).toMatchObject({
			status: 'DeactivatedByAdmin',
			messagesAttempted: 13 + 12,
			messagesUndelivered: 2,
			messagesFailed: 1,
		});
		expect(env.setup.clock.pending()).toBe(0);
	});

	it('end when the user deactivates the subscription in the meantime', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		env.receiver.status = 500;
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(30 * MINUTE);
		await env.setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: { status: 'DeactivatedByUser' },
		});
		expect(env.setup.clock.pending()).toBe(0);
		await env.setup.clock.advance(4 * 60 * MINUTE);
		expect(env.receiver.posts()).toHaveLength(3);
		expect(await metricsOf()).toMatchObject({ status: 'DeactivatedByUser', messagesFailed: 0 });
		expect(env.setup.emails).toEqual([]);
	});

	it('a subscription deactivated after failures is reactivated by PATCH once its URL answers again', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		env.receiver.status = 500;
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(3 * 60 * MINUTE);
		expect((await subscriptionOf(created.subscriptionId)).status).toBe('DeactivatedByAdmin');

		env.receiver.headStatus = 500;
		const refused = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(refused.body).toMatchObject({ errors: [{ errorCode: '14000014' }] });
		env.receiver.headStatus = 200;
		env.receiver.status = 200;
		const response = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(response.body).toMatchObject({
			status: 'Active',
			statusChangeUser: 'HarborDev',
			statusChangeMessage: 'Reactivated by HarborDev.',
		});
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		expect(await metricsOf()).toMatchObject({
			messagesAttempted: 14,
			messagesDelivered: 1,
			messagesFailed: 1,
		});
	});
});

describe('the unreachable switch', () => {
	const switches = (body: Record<string, boolean>) => env.setup.service.admin('POST', 'switches', body);

	it('fails every attempt without sending; after 3 hours the event is failed and the subscription deactivated', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const before = env.receiver.requests.length;
		await switches({ unreachable: true });
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(195 * MINUTE);

		expect(env.receiver.requests).toHaveLength(before);
		const log = await attempts();
		expect(minutesAfterStart(log)).toEqual([0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180]);
		expect(log.map((item) => item.outcome)).toEqual([...Array(12).fill('retrying'), 'abandoned']);
		expect(log.map((item) => [item.status, item.error])).toEqual(
			Array(13).fill([undefined, 'unreachable (sandbox switch)']),
		);
		expect(await metricsOf()).toMatchObject({
			status: 'DeactivatedByAdmin',
			statusChangeDate: '2025-03-01T13:00:00Z',
			messagesAttempted: 13,
			messagesDelivered: 0,
			messagesUndelivered: 1,
			messagesFailed: 1,
		});
		expect(await subscriptionOf(created.subscriptionId)).toMatchObject({
			statusChangeUser: 'System',
			statusChangeMessage: expect.stringContaining('unreachable (sandbox switch)'),
		});
		expect(env.setup.emails).toEqual([
			expect.objectContaining({
				at: '2025-03-01T13:00:00Z',
				kind: 'webhookSubscriptionDeactivated',
				detail: expect.objectContaining({ lastResult: 'unreachable (sandbox switch)' }),
			}),
		]);
		expect(env.setup.clock.pending()).toBe(0);
	});

	it('refuses reactivation, a new URL and a new subscription while on, as for a URL that does not answer', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		await env.setup.service.admin('POST', `subscriptions/${created.subscriptionId}/deactivate-by-admin`, undefined);
		await switches({ unreachable: true });
		const before = env.receiver.requests.length;

		const refusals = [
			await env.setup.call('PATCH', path, { body: { status: 'Active' } }),
			await env.setup.call('PATCH', path, { body: { webhookUrl: `${env.receiver.url}/other` } }),
			await env.setup.call('POST', '/subscriptions', {
				body: { eventIds: ['client.created'], eventSchemaVersion: 1, webhookUrl: env.receiver.url },
			}),
		];
		for (const refused of refusals) {
			expect(refused.body).toMatchObject({
				errors: [{ errorCode: '14000014', errorMessage: expect.stringContaining('unreachable (sandbox switch)') }],
			});
		}
		expect(env.receiver.requests).toHaveLength(before);
		expect(await subscriptionOf(created.subscriptionId)).toMatchObject({
			status: 'DeactivatedByAdmin',
			webhookUrl: env.receiver.url,
		});

		await switches({ unreachable: false });
		const response = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(response.body).toMatchObject({ status: 'Active', statusChangeMessage: 'Reactivated by HarborDev.' });
		expect(env.receiver.requests.slice(before).map((request) => request.method)).toEqual(['HEAD']);
	});

	it('lets a resend still due go out once switched off within the 3 hours', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		await switches({ unreachable: true });
		env.setup.service.emitEvent('client.created', { n: 1 }, STUDIO);
		await env.setup.service.settle();
		await env.setup.clock.advance(170 * MINUTE);
		expect(env.receiver.posts()).toHaveLength(0);

		await switches({ unreachable: false });
		await env.setup.clock.advance(10 * MINUTE);
		expect(env.receiver.posts()).toHaveLength(1);
		expect(JSON.parse(env.receiver.posts()[0].body)).toMatchObject({ eventData: { n: 1 } });
		const log = await attempts();
		expect(log.map((item) => item.outcome)).toEqual([...Array(12).fill('retrying'), 'delivered']);
		expect(log.at(-1)).toMatchObject({ attempt: 13, status: 200 });
		expect(await metricsOf()).toMatchObject({
			status: 'Active',
			messagesAttempted: 13,
			messagesDelivered: 1,
			messagesUndelivered: 1,
			messagesFailed: 0,
		});
		expect((await subscriptionOf(created.subscriptionId)).status).toBe('Active');
		expect(env.setup.emails).toEqual([]);
		expect(env.setup.clock.pending()).toBe(0);
	});
});
