import { startReceiver } from '../test/webhookReceiver';
import { activeSubscription, subscribe, useWebhookTest } from '../test/webhookContext';

const SUBSCRIPTION_FIELDS = [
	'subscriptionId',
	'status',
	'subscriptionCreationDateTime',
	'statusChangeDate',
	'statusChangeMessage',
	'statusChangeUser',
	'eventIds',
	'eventSchemaVersion',
	'referenceId',
	'webhookUrl',
];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CAUSE = { siteId: -99, sourceName: 'Studio' };

const env = useWebhookTest();

const statusOf = async (id: string) =>
	((await env.setup.call('GET', `/subscriptions/${id}`)).body as { status: string }).status;

describe('the six operations', () => {
	it('POST /subscriptions creates a pending subscription after a HEAD check, with its key', async () => {
		const response = await env.setup.call('POST', '/subscriptions', {
			body: {
				eventIds: ['client.created', 'client.updated'],
				eventSchemaVersion: 1,
				webhookUrl: env.receiver.url,
				referenceId: 'crm-7',
			},
		});
		expect(response.status).toBe(200);
		const body = response.body as Record<string, unknown>;
		expect(Object.keys(body)).toEqual([...SUBSCRIPTION_FIELDS, 'messageSignatureKey']);
		expect(body).toMatchObject({
			status: 'PendingActivation',
			subscriptionCreationDateTime: '2025-03-01T10:00:00Z',
			statusChangeDate: '2025-03-01T10:00:00Z',
			statusChangeMessage: null,
			statusChangeUser: 'HarborDev',
			eventIds: ['client.created', 'client.updated'],
			eventSchemaVersion: 1,
			referenceId: 'crm-7',
			webhookUrl: env.receiver.url,
		});
		expect(body.subscriptionId).toMatch(GUID);
		expect(body.messageSignatureKey).toMatch(/^[0-9a-f]{64}$/);
		expect(env.receiver.requests.map((request) => request.method)).toEqual(['HEAD']);
	});

	it('POST without referenceId stores null and drops repeated event ids', async () => {
		const response = await env.setup.call('POST', '/subscriptions', {
			body: {
				eventIds: ['staff.created', 'staff.created'],
				eventSchemaVersion: 1,
				webhookUrl: env.receiver.url,
			},
		});
		expect(response.body).toMatchObject({ referenceId: null, eventIds: ['staff.created'] });
	});

	it('GET /subscriptions lists the account’s subscriptions, for every key of the account, without keys', async () => {
		const mine = await subscribe(env.setup, env.receiver.url);
		const theirs = await subscribe(env.setup, env.receiver.url, ['staff.created'], 'key-other');
		for (const apiKey of ['key-harbor', 'key-harbor-2']) {
			const response = await env.setup.call('GET', '/subscriptions', { apiKey });
			const items = (response.body as { items: Array<Record<string, unknown>> }).items;
			expect(items.map((item) => item.subscriptionId)).toEqual([mine.subscriptionId]);
			expect(Object.keys(items[0])).toEqual(SUBSCRIPTION_FIELDS);
		}
		const other = await env.setup.call('GET', '/subscriptions', { apiKey: 'key-other' });
		expect(other.body).toEqual({
			items: [expect.objectContaining({ subscriptionId: theirs.subscriptionId })],
		});
		expect(await env.setup.call('GET', '/subscriptions', { apiKey: 'key-unlinked' })).toEqual({
			status: 200,
			body: { items: [] },
		});
	});

	it('GET /subscriptions/{id} answers one subscription, whatever the GUID’s case', async () => {
		const created = await subscribe(env.setup, env.receiver.url);
		const { messageSignatureKey: _key, ...withoutKey } = created;
		const response = await env.setup.call('GET', `/subscriptions/${created.subscriptionId.toUpperCase()}`);
		expect(response).toEqual({ status: 200, body: withoutKey });
	});

	it('PATCH changes only the fields sent and checks a new URL with HEAD', async () => {
		const created = await subscribe(env.setup, env.receiver.url);
		const second = await startReceiver('/other');
		try {
			const response = await env.setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
				body: {
					eventIds: ['site.updated'],
					referenceId: 'crm-8',
					webhookUrl: second.url,
					eventSchemaVersion: 1,
				},
			});
			expect(response.status).toBe(200);
			expect(response.body).toMatchObject({
				status: 'PendingActivation',
				eventIds: ['site.updated'],
				referenceId: 'crm-8',
				webhookUrl: second.url,
			});
			expect(response.body).not.toHaveProperty('messageSignatureKey');
			expect(second.requests.map((request) => request.method)).toEqual(['HEAD']);
			await env.setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
				body: { webhookUrl: second.url },
			});
			expect(second.requests).toHaveLength(1); // unchanged URL: no new check
		} finally {
			await second.close();
		}
	});

	it('DELETE deactivates and answers the deletion result', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		await env.setup.clock.advance(90_000);
		const response = await env.setup.call('DELETE', `/subscriptions/${created.subscriptionId}`);
		expect(response).toEqual({
			status: 200,
			body: {
				message: 'Subscription deactivated successfully.',
				deactivationDateTime: '2025-03-01T10:01:30Z',
				subscriptionId: created.subscriptionId,
				referenceId: 'ref-1',
			},
		});
		const after = (await env.setup.call('GET', `/subscriptions/${created.subscriptionId}`)).body;
		expect(after).toMatchObject({
			status: 'DeactivatedByUser',
			statusChangeDate: '2025-03-01T10:01:30Z',
			statusChangeUser: 'HarborDev',
		});
	});

	it('GET /metrics answers one item per subscription of the account', async () => {
		const created = await subscribe(env.setup, env.receiver.url);
		await subscribe(env.setup, env.receiver.url, undefined, 'key-other');
		const response = await env.setup.call('GET', '/metrics');
		expect(response).toEqual({
			status: 200,
			body: {
				items: [
					{
						subscriptionId: created.subscriptionId,
						status: 'PendingActivation',
						statusChangeDate: '2025-03-01T10:00:00Z',
						creationDateTime: '2025-03-01T10:00:00Z',
						messagesAttempted: 0,
						messagesDelivered: 0,
						messagesUndelivered: 0,
						messagesFailed: 0,
					},
				],
			},
		});
	});

	it('accepts a trailing slash on paths', async () => {
		expect((await env.setup.call('GET', '/subscriptions/')).status).toBe(200);
	});
});

describe('states and transitions', () => {
	it('(none) → PendingActivation: no events are sent yet', async () => {
		await subscribe(env.setup, env.receiver.url);
		env.setup.service.emitEvent('client.created', { siteId: -99 }, CAUSE);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(0);
	});

	it('PendingActivation → Active by PATCH: events start flowing', async () => {
		const created = await subscribe(env.setup, env.receiver.url);
		await env.setup.clock.advance(60_000);
		const response = await env.setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: { status: 'Active' },
		});
		expect(response.body).toMatchObject({
			status: 'Active',
			statusChangeDate: '2025-03-01T10:01:00Z',
			statusChangeUser: 'HarborDev',
			statusChangeMessage: 'Activated by HarborDev.',
		});
		env.setup.service.emitEvent('client.created', { siteId: -99 }, CAUSE);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(1);
	});

	it('Active → DeactivatedByUser by PATCH, and back to Active (after a HEAD check)', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		const off = await env.setup.call('PATCH', path, {
			apiKey: 'key-harbor-2',
			body: { status: 'DeactivatedByUser' },
		});
		expect(off.body).toMatchObject({
			status: 'DeactivatedByUser',
			statusChangeMessage: 'Deactivated by HarborDev.',
		});
		env.setup.service.emitEvent('client.created', {}, CAUSE);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(0);
		const heads = env.receiver.requests.length;
		const on = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(on.body).toMatchObject({
			status: 'Active',
			statusChangeMessage: 'Reactivated by HarborDev.',
		});
		expect(env.receiver.requests.length).toBe(heads + 1);
	});

	it('DeactivatedByAdmin → Active by PATCH; DeactivatedByUser is refused there (14000020)', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		await env.setup.service.admin('POST', `subscriptions/${created.subscriptionId}/deactivate-by-admin`, undefined);
		expect(await statusOf(created.subscriptionId)).toBe('DeactivatedByAdmin');
		const refused = await env.setup.call('PATCH', path, { body: { status: 'DeactivatedByUser' } });
		expect(refused.body).toMatchObject({ errors: [{ errorCode: '14000020' }] });
		const on = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(on.body).toMatchObject({ status: 'Active', statusChangeUser: 'HarborDev' });
	});

	it('setting the status a subscription already has changes nothing', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		await env.setup.clock.advance(60_000);
		const again = await env.setup.call('PATCH', path, { body: { status: 'Active' } });
		expect(again.body).toMatchObject({
			status: 'Active',
			statusChangeDate: '2025-03-01T10:00:00Z',
		});
		await env.setup.call('PATCH', path, { body: { status: 'DeactivatedByUser' } });
		const twice = await env.setup.call('PATCH', path, { body: { status: 'DeactivatedByUser' } });
		expect(twice.body).toMatchObject({
			status: 'DeactivatedByUser',
			statusChangeDate: '2025-03-01T10:01:00Z',
		});
	});

	it('PendingActivation can be deactivated by the user or deleted', async () => {
		const first = await subscribe(env.setup, env.receiver.url);
		const off = await env.setup.call('PATCH', `/subscriptions/${first.subscriptionId}`, {
			body: { status: 'DeactivatedByUser' },
		});
		expect(off.body).toMatchObject({ status: 'DeactivatedByUser' });
		const second = await subscribe(env.setup, env.receiver.url);
		expect((await env.setup.call('DELETE', `/subscriptions/${second.subscriptionId}`)).status).toBe(200);
	});

	it('Active → deactivated by DELETE; deleting again fails with 14000018', async () => {
		const created = await activeSubscription(env.setup, env.receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		await env.setup.call('DELETE', path);
		env.setup.service.emitEvent('client.created', {}, CAUSE);
		await env.setup.service.settle();
		expect(env.receiver.posts()).toHaveLength(0);
		const again = await env.setup.call('DELETE', path);
		expect(again).toEqual({
			status: 400,
			body: {
				errors: [
					{
						errorCode: '14000018',
						errorType: 'genericDomainError',
						errorMessage: 'The subscription is already deactivated.',
					},
				],
			},
		});
	});
});
