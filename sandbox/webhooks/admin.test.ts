import { checkEventData, eventIds, findEvent } from '../reading/events';
import { activeSubscription, subscribe, useWebhookTest } from '../test/webhookContext';

const env = useWebhookTest();

const admin = (method: string, path: string, body?: unknown) => env.setup.service.admin(method, path, body);
const envelopes = () => env.receiver.posts().map((request) => JSON.parse(request.body));

describe('POST emit', () => {
	it('sends every event of the catalog with a complete payload of its types', async () => {
		await activeSubscription(env.setup, env.receiver.url, [...eventIds]);
		for (const eventId of eventIds) expect((await admin('POST', 'emit', { eventId })).status).toBe(200);
		await admin('POST', 'settle');
		const received = envelopes();
		expect(received.map((envelope) => envelope.eventId)).toEqual(eventIds);
		for (const envelope of received) {
			expect([envelope.eventId, checkEventData(envelope.eventId, envelope.eventData)]).toEqual([
				envelope.eventId,
				{ ok: true, problems: [] },
			]);
			const listed = Object.keys(findEvent(envelope.eventId)!.eventData.shape);
			expect(Object.keys(envelope.eventData)).toEqual(expect.arrayContaining(listed));
			expect(envelope.eventData.siteId).toBe(-99);
		}
	});

	it('answers what it emitted, to whom, with overrides and site applied', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const response = await admin('POST', 'emit', {
			eventId: 'client.created',
			siteId: 5001,
			eventData: { firstName: 'Override', extra: true },
			sourceName: 'HarborDev',
			transactionKey: 'tx-9',
		});
		expect(response.status).toBe(200);
		const body = response.body as {
			eventData: Record<string, unknown>;
			messages: Array<{ subscriptionId: string; messageId: string }>;
		};
		expect(body).toMatchObject({
			eventId: 'client.created',
			siteId: 5001,
			eventData: { siteId: 5001, firstName: 'Override', extra: true },
		});
		expect(body.messages).toEqual([{ subscriptionId: created.subscriptionId, messageId: expect.any(String) }]);
		await admin('POST', 'settle');
		const [envelope] = envelopes();
		expect(envelope).toMatchObject({
			messageId: body.messages[0].messageId,
			transactionKey: 'tx-9',
			eventData: body.eventData,
		});
	});

	it('is deterministic: a fresh service emits the same payloads', async () => {
		const first = await admin('POST', 'emit', { eventId: 'clientSale.created' });
		env.setup.service.reset();
		const again = await admin('POST', 'emit', { eventId: 'clientSale.created' });
		expect((again.body as { eventData: unknown }).eventData).toEqual((first.body as { eventData: unknown }).eventData);
	});

	it('emits a list as one batch, or nothing when an entry is wrong', async () => {
		await activeSubscription(env.setup, env.receiver.url, ['staff.created', 'staff.updated']);
		const bad = await admin('POST', 'emit', [{ eventId: 'staff.created' }, { eventId: 'staff.fired' }]);
		expect(bad).toEqual({
			status: 400,
			body: { error: expect.stringContaining('[1]: eventId must be one of') },
		});
		await admin('POST', 'switches', { outOfOrder: true });
		const response = await admin('POST', 'emit', [{ eventId: 'staff.created' }, { eventId: 'staff.updated' }]);
		expect((response.body as { items: unknown[] }).items).toHaveLength(2);
		await admin('POST', 'settle');
		expect(envelopes().map((envelope) => envelope.eventId)).toEqual(['staff.updated', 'staff.created']);
	});

	it.each([
		[{ eventId: 'nope' }, 'eventId must be one of'],
		[{ eventId: 'site.created', siteId: '5' }, 'siteId must be a number'],
		[{ eventId: 'site.created', eventData: [] }, 'eventData must be an object'],
		[{ eventId: 'site.created', transactionKey: 5 }, 'transactionKey must be a string'],
		['text', 'each event must be an object'],
	])('refuses %j', async (body, message) => {
		const response = await admin('POST', 'emit', body);
		expect(response).toEqual({ status: 400, body: { error: expect.stringContaining(message) } });
	});
});

describe('the other admin routes', () => {
	it('deactivate-by-admin sets DeactivatedByAdmin; unknown ids are 404', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const response = await admin('POST', `/subscriptions/${created.subscriptionId}/deactivate-by-admin/`);
		expect(response.body).toMatchObject({
			status: 'DeactivatedByAdmin',
			statusChangeUser: 'Admin',
		});
		expect((await admin('POST', 'subscriptions/0b5e4c52-9f1d-4a4e-8d53-3c1c0f7a9e11/deactivate-by-admin')).status).toBe(
			404,
		);
	});

	it('GET subscriptions lists every account’s subscriptions with keys, owners and counters', async () => {
		const mine = await subscribe(env.setup, env.receiver.url);
		const theirs = await subscribe(env.setup, env.receiver.url, undefined, 'key-other');
		const response = await admin('GET', 'subscriptions');
		expect((response.body as { items: unknown[] }).items).toEqual([
			expect.objectContaining({
				subscriptionId: mine.subscriptionId,
				messageSignatureKey: mine.messageSignatureKey,
				ownerSourceName: 'HarborDev',
				metrics: expect.objectContaining({ messagesAttempted: 0 }),
			}),
			expect.objectContaining({
				subscriptionId: theirs.subscriptionId,
				ownerSourceName: 'OtherDev',
			}),
		]);
	});

	it('GET deliveries lists every attempt with its signature and result', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		await admin('POST', 'emit', { eventId: 'site.updated' });
		await activeSubscription(env.setup, env.receiver.url, ['site.updated']);
		await admin('POST', 'deliveries/settle');
		const response = await admin('GET', 'deliveries');
		// site.updated came before a subscription listed it: nothing was sent.
		expect(response.body).toEqual({ items: [], pendingRetries: 0 });
		await admin('POST', 'emit', { eventId: 'client.created' });
		const settled = await admin('POST', 'settle');
		expect(settled.body).toEqual({ settled: true, attempts: 1, pendingRetries: 0 });
		const [attempt] = ((await admin('GET', 'deliveries')).body as { items: Array<Record<string, unknown>> }).items;
		expect(attempt).toEqual({
			subscriptionId: created.subscriptionId,
			messageId: envelopes()[0].messageId,
			eventId: 'client.created',
			url: env.receiver.url,
			attempt: 1,
			at: '2025-03-01T10:00:00Z',
			status: 200,
			signature: env.receiver.posts()[0].headers['x-service-signature'],
			duplicate: false,
			outcome: 'delivered',
			body: env.receiver.posts()[0].body,
		});
	});

	it('switches can be read and set, and are checked', async () => {
		const off = { duplicate: false, outOfOrder: false, unreachable: false };
		expect((await admin('GET', 'switches')).body).toEqual(off);
		expect((await admin('POST', 'switches', { duplicate: true })).body).toEqual({ ...off, duplicate: true });
		expect((await admin('POST', 'switches', { unreachable: true })).body).toEqual({
			...off,
			duplicate: true,
			unreachable: true,
		});
		// A refused request changes nothing, not even the switches it names correctly.
		expect((await admin('POST', 'switches', { duplicate: false, outOfOrder: 'yes' })).status).toBe(400);
		expect(await admin('POST', 'switches', { unreachble: false })).toEqual({
			status: 400,
			body: { error: expect.stringContaining('no switch unreachble') },
		});
		expect((await admin('GET', 'switches')).body).toEqual({ ...off, duplicate: true, unreachable: true });
	});

	it('reset forgets subscriptions, deliveries and switches', async () => {
		await activeSubscription(env.setup, env.receiver.url);
		await admin('POST', 'switches', { duplicate: true, outOfOrder: true, unreachable: true });
		await admin('POST', 'emit', { eventId: 'client.created' });
		await admin('POST', 'settle');
		expect((await admin('POST', 'reset')).body).toEqual({ reset: true });
		expect((await admin('GET', 'subscriptions')).body).toEqual({ items: [] });
		expect((await admin('GET', 'deliveries')).body).toEqual({ items: [], pendingRetries: 0 });
		expect((await admin('GET', 'switches')).body).toEqual({ duplicate: false, outOfOrder: false, unreachable: false });
	});

	it('answers 404 for routes it does not have', async () => {
		expect((await admin('GET', 'emit')).status).toBe(404);
		expect((await admin('DELETE', 'subscriptions')).status).toBe(404);
	});
});
