import { execFileSync } from 'node:child_process';

import { startReceiver, type Receiver } from '../test/webhookReceiver';
import { activeSubscription, subscribe, useWebhookTest } from '../test/webhookContext';

const env = useWebhookTest();

const STUDIO = { siteId: -99, sourceName: 'Studio' };
const envelopes = (from = env.receiver) => from.posts().map((request) => JSON.parse(request.body));
const metrics = async (apiKey = 'key-harbor') =>
	(
		(await env.setup.call('GET', '/metrics', { apiKey })).body as {
			items: Array<Record<string, unknown>>;
		}
	).items;

/** What a receiver computes, with the command line the spec's check is usually shown with. */
function opensslSignature(key: string, body: Buffer): string {
	const digest = execFileSync('sh', ['-c', 'openssl dgst -sha256 -hmac "$KEY" -binary | base64'], {
		input: body,
		env: { ...process.env, KEY: key },
	});
	return `sha256=${digest.toString().trim()}`;
}

describe('a delivery', () => {
	it('POSTs the envelope as JSON, after emitEvent has returned', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		await env.setup.clock.advance(5_000);
		const eventData = { siteId: -99, clientId: '100000123', firstName: 'Ava' };
		env.setup.service.emitEvent('client.created', eventData, STUDIO);
		expect(env.receiver.posts()).toHaveLength(0);
		await env.setup.service.settle();
		const [request] = env.receiver.posts();
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.path).toBe('/hook');
		const envelope = JSON.parse(request.body);
		expect(Object.keys(envelope)).toEqual([
			'messageId',
			'eventId',
			'eventSchemaVersion',
			'eventInstanceOriginationDateTime',
			'eventData',
		]);
		expect(envelope).toEqual({
			messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			eventId: 'client.created',
			eventSchemaVersion: 1,
			eventInstanceOriginationDateTime: '2025-03-01T10:00:05Z',
			eventData,
		});
	});

	it('is signed: X-Service-Signature equals openssl’s HMAC-SHA256 of the raw body, base64, sha256=', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		env.setup.service.emitEvent('client.created', { siteId: -99, note: 'naïve café ✓' }, STUDIO);
		await env.setup.service.settle();
		const [request] = env.receiver.posts();
		const header = request.headers['x-service-signature'];
		expect(header).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
		expect(header).toBe(opensslSignature(created.messageSignatureKey!, request.rawBody));
		expect(header).not.toBe(opensslSignature('another key', request.rawBody));
	});

	it('carries the same signature under X-Mindbody-Signature, the header the live service sends', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		env.setup.service.emitEvent('client.created', { siteId: -99 }, STUDIO);
		await env.setup.service.settle();
		const [request] = env.receiver.posts();
		expect(request.headers['x-mindbody-signature']).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
		expect(request.headers['x-mindbody-signature']).toBe(request.headers['x-service-signature']);
	});

	it('gives each subscription its own messageId', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		await activeSubscription(env.setup, env.receiver.url, undefined, 'key-other');
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		const ids = envelopes().map((envelope) => envelope.messageId);
		expect(ids).toHaveLength(2);
		expect(new Set(ids).size).toBe(2);
	});

	it('keeps the order of events per subscription', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		for (let n = 1; n <= 6; n++) env.setup.service.emitEvent('client.created', { n }, STUDIO);
		await env.setup.service.settle();
		env.setup.service.emitEvent('client.created', { n: 7 }, STUDIO);
		await env.setup.service.settle();
		expect(envelopes().map((envelope) => envelope.eventData.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});
});

describe('transactionKey', () => {
	it('is present only when the causing call set one and came from the subscription’s source', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		env.setup.service.emitEvent(
			'client.created',
			{ n: 1 },
			{ siteId: -99, sourceName: 'HarborDev', transactionKey: 'tx-1' },
		);
		env.setup.service.emitEvent(
			'client.created',
			{ n: 2 },
			{ siteId: -99, sourceName: 'OtherDev', transactionKey: 'tx-2' },
		);
		env.setup.service.emitEvent('client.created', { n: 3 }, { siteId: -99, sourceName: 'HarborDev' });
		env.setup.service.emitEvent(
			'client.created',
			{ n: 4 },
			{ siteId: -99, sourceName: 'HarborDev', transactionKey: 'k'.repeat(60) },
		);
		await env.setup.service.settle();
		const keys = envelopes().map((envelope) => [envelope.eventData.n, envelope.transactionKey]);
		expect(keys).toEqual([
			[1, 'tx-1'],
			[2, undefined],
			[3, undefined],
			[4, 'k'.repeat(50)],
		]);
		expect(Object.keys(envelopes()[0])).toEqual([
			'messageId',
			'eventId',
			'eventSchemaVersion',
			'eventInstanceOriginationDateTime',
			'transactionKey',
			'eventData',
		]);
	});
});

describe('who receives an event', () => {
	it('nothing for pending, user-deactivated, deleted and admin-deactivated subscriptions', async () => {
		await subscribe(env.setup, env.receiver.url);
		const off = await activeSubscription(env.setup, env.receiver.url);
		await env.setup.call('PATCH', `/subscriptions/${off.subscriptionId}`, {
			body: { status: 'DeactivatedByUser' },
		});
		const deleted = await activeSubscription(env.setup, env.receiver.url);
		await env.setup.call('DELETE', `/subscriptions/${deleted.subscriptionId}`);
		const byAdmin = await activeSubscription(env.setup, env.receiver.url);
		await env.setup.service.admin('POST', `subscriptions/${byAdmin.subscriptionId}/deactivate-by-admin`, undefined);
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(0);
	});

	it('nothing for an event the subscription does not list', async () => {
		await activeSubscription(env.setup, env.receiver.url, ['client.updated']);
		env.setup.service.emitEvent('client.created', {}, STUDIO);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(0);
	});

	it('subscriptions active when the event occurs get it, even if deactivated before it is sent', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		env.setup.service.emitEvent('client.created', { n: 1 }, STUDIO);
		await env.setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: { status: 'DeactivatedByUser' },
		});
		env.setup.service.emitEvent('client.created', { n: 2 }, STUDIO);
		await env.setup.service.settle();
		expect(envelopes().map((envelope) => envelope.eventData.n)).toEqual([1]);
	});

	it('only accounts linked to the event’s site, through any key of the account', async () => {
		const harbor = await startReceiver('/harbor');
		const other = await startReceiver('/other');
		const lonely = await startReceiver('/lonely');
		try {
			await activeSubscription(env.setup, harbor.url);
			await activeSubscription(env.setup, other.url, undefined, 'key-other');
			await activeSubscription(env.setup, lonely.url, undefined, 'key-unlinked');
			for (const siteId of [-99, 5001, 7001, 1234]) {
				env.setup.service.emitEvent('client.created', { siteId }, { siteId, sourceName: 'Studio' });
			}
			await env.setup.service.settle();
			const sites = (from: Receiver) => envelopes(from).map((envelope) => envelope.eventData.siteId);
			expect(sites(harbor)).toEqual([-99, 5001, 7001]);
			expect(sites(other)).toEqual([-99]);
			expect(sites(lonely)).toEqual([]);
		} finally {
			await Promise.all([harbor.close(), other.close(), lonely.close()]);
		}
	});
});

describe('switches', () => {
	it('duplicate: every event twice with the same messageId, each copy counted', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		await env.setup.service.admin('POST', 'switches', { duplicate: true });
		env.setup.service.emitEvent('client.created', { n: 1 }, STUDIO);
		env.setup.service.emitEvent('client.created', { n: 2 }, STUDIO);
		await env.setup.service.settle();
		const received = envelopes();
		expect(received.map((envelope) => envelope.eventData.n)).toEqual([1, 1, 2, 2]);
		expect(received[0].messageId).toBe(received[1].messageId);
		expect(env.receiver.posts()[0].body).toBe(env.receiver.posts()[1].body);
		expect(received[1].messageId).not.toBe(received[2].messageId);
		expect(await metrics()).toMatchObject([{ messagesAttempted: 4, messagesDelivered: 4, messagesUndelivered: 0 }]);
	});

	it('outOfOrder: a batch arrives in reverse order; later batches after it', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		await env.setup.service.admin('POST', 'switches', { outOfOrder: true });
		for (let n = 1; n <= 4; n++) env.setup.service.emitEvent('client.created', { n }, STUDIO);
		await env.setup.service.settle();
		env.setup.service.emitEvent('client.created', { n: 5 }, STUDIO);
		await env.setup.service.settle();
		await env.setup.service.admin('POST', 'switches', { outOfOrder: false });
		env.setup.service.emitEvent('client.created', { n: 6 }, STUDIO);
		env.setup.service.emitEvent('client.created', { n: 7 }, STUDIO);
		await env.setup.service.settle();
		expect(envelopes().map((envelope) => envelope.eventData.n)).toEqual([4, 3, 2, 1, 5, 6, 7]);
	});
});

describe('metrics', () => {
	it('count attempts, deliveries and undelivered events exactly, per subscription', async () => {
		const first = await activeSubscription(env.setup, env.receiver.url);
		const failing = await startReceiver('/failing');
		try {
			const second = await activeSubscription(env.setup, failing.url, ['client.created', 'client.updated']);
			failing.status = 500;
			env.setup.service.emitEvent('client.created', {}, STUDIO);
			env.setup.service.emitEvent('client.updated', {}, STUDIO);
			env.setup.service.emitEvent('client.created', {}, STUDIO);
			await env.setup.service.settle();
			const items = await metrics();
			expect(items.map((item) => item.subscriptionId)).toEqual([first.subscriptionId, second.subscriptionId]);
			expect(items[0]).toMatchObject({
				messagesAttempted: 2,
				messagesDelivered: 2,
				messagesUndelivered: 0,
				messagesFailed: 0,
			});
			expect(items[1]).toMatchObject({
				messagesAttempted: 3,
				messagesDelivered: 0,
				messagesUndelivered: 3,
				messagesFailed: 0,
			});
		} finally {
			await failing.close();
		}
	});
});
