import { startReceiver, type Receiver } from '../../sandbox/test/webhookReceiver';
import { expectWebhookHeaders, pairedItems, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });
let receiver: Receiver;

beforeEach(async () => {
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
});

const METRIC_FIELDS = [
	'subscriptionId',
	'status',
	'statusChangeDate',
	'creationDateTime',
	'messagesAttempted',
	'messagesDelivered',
	'messagesUndelivered',
	'messagesFailed',
];

describe('Webhook Metric', () => {
	test('Get Many with no subscriptions: GET /metrics, no items', async () => {
		const result = await h.run({ resource: 'webhookMetrics', operation: 'getMany' });
		expect(result.status).toBe('success');
		const request = h.only('webhookMetrics.getMany');
		expect([request.method, request.service, request.path, request.rawQuery, request.rawBody]).toEqual([
			'GET',
			'webhooks',
			'/metrics',
			'',
			'',
		]);
		expectWebhookHeaders(request, h.sandbox);
		expect(result.jsonItems).toEqual([]);
	});

	test('Get Many: the items list split, one item per subscription, paired to each input item', async () => {
		const ids: string[] = [];
		for (const eventIds of [['client.created'], ['staff.created']]) {
			const created = await h.run({
				resource: 'webhookSubscription',
				operation: 'create',
				eventIds,
				webhookUrl: receiver.url,
			});
			ids.push(created.jsonItems[0].subscriptionId as string);
		}
		await h.run({
			resource: 'webhookSubscription',
			operation: 'update',
			subscriptionId: ids[0],
			updateFields: { status: 'Active' },
		});
		const result = await h.run({ resource: 'webhookMetrics', operation: 'getMany' }, { items: [{ a: 1 }, { a: 2 }] });
		expect(result.status).toBe('success');
		expect(h.calls('webhookMetrics.getMany')).toHaveLength(2);
		expect(result.jsonItems).toHaveLength(4);
		for (const item of result.jsonItems) expect(Object.keys(item).sort()).toEqual([...METRIC_FIELDS].sort());
		expect(
			result.jsonItems
				.slice(0, 2)
				.map((m) => m.subscriptionId)
				.sort(),
		).toEqual([...ids].sort());
		const first = result.jsonItems.find((m) => m.subscriptionId === ids[0])!;
		expect(first).toMatchObject({
			status: 'Active',
			messagesAttempted: 0,
			messagesDelivered: 0,
			messagesUndelivered: 0,
			messagesFailed: 0,
		});
		expect(pairedItems(result)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});

	test('a wrong API key: the service error and its code, the key never in the error', async () => {
		// userMode none: no UserToken/Issue runs first (it would fail on the REST API with this key).
		h.credentials.set('mindbody', { ...h.credentials.get('mindbody')!, apiKey: 'not-a-key', userMode: 'none' });
		const result = await h.run({ resource: 'webhookMetrics', operation: 'getMany' });
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { message: string; httpCode: string };
		expect(error.httpCode).toBe('401');
		expect(error.message).toContain('14010002');
		expect(JSON.stringify(result.run.data)).not.toContain('not-a-key');
	});

	// n8n runs a credential's pre-authentication before any of its requests while the stored
	// token is empty, so a Staff Login credential logs in on its first call, whatever the call
	// (README: Credentials). A wrong password therefore fails with the login's own message.
	test('Staff Login with a wrong password fails the first call with the login message', async () => {
		h.credentials.set('mindbody', { ...h.credentials.get('mindbody')!, password: 'wrong-password', accessToken: '' });
		const result = await h.run({ resource: 'webhookMetrics', operation: 'getMany' });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toContain('Staff login failed');
		expect(h.sandbox.log.list({ path: '/usertoken/issue' })).toHaveLength(1);
		expect(h.sandbox.log.list({ path: '/metrics' })).toHaveLength(0);
		expect(JSON.stringify(result.run.data)).not.toContain('wrong-password');
	});
});
