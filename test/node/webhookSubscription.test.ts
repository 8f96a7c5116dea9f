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

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sub = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'webhookSubscription',
	operation,
	...extra,
});

describe('Webhook Subscription', () => {
	test('lifecycle: create → activate → get → get many → delete → delete again (14000018)', async () => {
		// Create
		const created = await h.run(
			sub('create', {
				eventIds: ['client.created', 'client.updated'],
				webhookUrl: receiver.url,
				additionalFields: { referenceId: 'crm-7' },
			}),
		);
		expect(created.status).toBe('success');
		const create = h.only('webhookSubscription.create');
		expect([create.method, create.service, create.path, create.rawQuery]).toEqual([
			'POST',
			'webhooks',
			'/subscriptions',
			'',
		]);
		expect(create.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(create.rawBody)).toEqual({
			eventIds: ['client.created', 'client.updated'],
			eventSchemaVersion: 1,
			webhookUrl: receiver.url,
			referenceId: 'crm-7',
		});
		expectWebhookHeaders(create, h.sandbox);
		expect(created.jsonItems).toHaveLength(1);
		const subscription = created.jsonItems[0];
		expect(subscription).toMatchObject({
			status: 'PendingActivation',
			eventIds: ['client.created', 'client.updated'],
			referenceId: 'crm-7',
			webhookUrl: receiver.url,
			eventSchemaVersion: 1,
		});
		expect(subscription.subscriptionId).toMatch(GUID);
		expect(subscription.messageSignatureKey).toEqual(expect.any(String));
		expect(pairedItems(created)).toEqual([{ item: 0 }]);
		const id = subscription.subscriptionId as string;

		// Update: status Active only
		const activated = await h.run(sub('update', { subscriptionId: id, updateFields: { status: 'Active' } }));
		expect(activated.status).toBe('success');
		const patch = h.only('webhookSubscription.update');
		expect([patch.method, patch.path, patch.rawQuery]).toEqual(['PATCH', `/subscriptions/${id}`, '']);
		expect(JSON.parse(patch.rawBody)).toEqual({ status: 'Active' });
		expectWebhookHeaders(patch, h.sandbox);
		expect(activated.jsonItems).toEqual([expect.objectContaining({ subscriptionId: id, status: 'Active' })]);

		// Update: event IDs also send eventSchemaVersion 1
		await h.run(
			sub('update', { subscriptionId: id, updateFields: { eventIds: ['client.created'], referenceId: 'crm-8' } }),
		);
		expect(JSON.parse(h.calls('webhookSubscription.update')[1].rawBody)).toEqual({
			eventIds: ['client.created'],
			referenceId: 'crm-8',
			eventSchemaVersion: 1,
		});

		// Get
		const got = await h.run(sub('get', { subscriptionId: id }));
		const get = h.only('webhookSubscription.get');
		expect([get.method, get.path, get.rawQuery, get.rawBody]).toEqual(['GET', `/subscriptions/${id}`, '', '']);
		expectWebhookHeaders(get, h.sandbox);
		expect(got.jsonItems).toEqual([
			expect.objectContaining({
				subscriptionId: id,
				status: 'Active',
				eventIds: ['client.created'],
				referenceId: 'crm-8',
			}),
		]);

		// Get Many: the items list split into items
		const second = await h.run(sub('create', { eventIds: ['staff.created'], webhookUrl: receiver.url }));
		expect(JSON.parse(h.calls('webhookSubscription.create')[1].rawBody)).toEqual({
			eventIds: ['staff.created'],
			eventSchemaVersion: 1,
			webhookUrl: receiver.url,
		});
		const many = await h.run(sub('getMany'));
		const list = h.only('webhookSubscription.getMany');
		expect([list.method, list.path, list.rawQuery]).toEqual(['GET', '/subscriptions', '']);
		expectWebhookHeaders(list, h.sandbox);
		expect(many.jsonItems.map((item) => item.subscriptionId).sort()).toEqual(
			[id, second.jsonItems[0].subscriptionId].sort(),
		);
		expect(pairedItems(many)).toEqual([{ item: 0 }, { item: 0 }]);

		// Delete
		const deleted = await h.run(sub('delete', { subscriptionId: id }));
		expect(deleted.status).toBe('success');
		const del = h.only('webhookSubscription.delete');
		expect([del.method, del.path, del.rawQuery, del.rawBody]).toEqual(['DELETE', `/subscriptions/${id}`, '', '']);
		expectWebhookHeaders(del, h.sandbox);
		// n8n's convention: one confirmation item, not the service's answer.
		expect(deleted.jsonItems).toEqual([{ deleted: true }]);
		expect(pairedItems(deleted)).toEqual([{ item: 0 }]);
		const after = await h.run(sub('get', { subscriptionId: id }));
		expect(after.jsonItems).toEqual([expect.objectContaining({ subscriptionId: id })]);
		expect(after.jsonItems[0].status).not.toBe('Active');

		// Delete again: 14000018 as a NodeApiError with the code in its message
		const again = await h.run(sub('delete', { subscriptionId: id }));
		expect(again.status).toBe('error');
		const error = again.nodeError('Mindbody') as unknown as {
			name: string;
			message: string;
			description: string;
			httpCode: string;
			context: { data: { errorCode: string } };
		};
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toContain('14000018');
		expect(error.httpCode).toBe('400');
		expect(error.description).toBe('The subscription is already deactivated.');
		expect(error.context.data.errorCode).toBe('14000018');
	});

	test('dropdown searchSubscriptions (listSearch and loadOptions): the subscriptions by URL and status; Get takes the picked one', async () => {
		const first = await h.run(sub('create', { eventIds: ['client.created'], webhookUrl: `${receiver.url}/crm` }));
		const second = await h.run(sub('create', { eventIds: ['staff.created'], webhookUrl: `${receiver.url}/staff` }));
		const ids = [first.jsonItems[0].subscriptionId, second.jsonItems[0].subscriptionId] as string[];
		h.sandbox.log.clear();

		const options = await h.loadOptions('searchSubscriptions');
		const list = h.only('webhookSubscription.getMany');
		expect([list.method, list.service, list.path]).toEqual(['GET', 'webhooks', '/subscriptions']);
		expectWebhookHeaders(list, h.sandbox);
		expect(options.map((o) => o.value).sort()).toEqual([...ids].sort());
		expect(options).toContainEqual({
			name: `${receiver.url}/crm (${String(first.jsonItems[0].status)})`,
			value: ids[0],
		});

		const search = await h.listSearch('searchSubscriptions', '/STAFF');
		expect(search.results).toEqual([
			{ name: `${receiver.url}/staff (${String(second.jsonItems[0].status)})`, value: ids[1] },
		]);

		const got = await h.run(sub('get', { subscriptionId: { __rl: true, mode: 'list', value: ids[1] } }));
		expect(h.only('webhookSubscription.get').path).toBe(`/subscriptions/${ids[1]}`);
		expect(got.jsonItems).toEqual([expect.objectContaining({ subscriptionId: ids[1] })]);
	});

	test('an unknown event id: the webhook service error 14000008 surfaces as NodeApiError with its code', async () => {
		const result = await h.run(sub('create', { eventIds: ['no.such.event'], webhookUrl: receiver.url }));
		expect(result.status).toBe('error');
		expect(h.calls('webhookSubscription.create')).toHaveLength(1);
		const error = result.nodeError('Mindbody') as unknown as { name: string; message: string; httpCode: string };
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toBe('Unknown event ids: no.such.event (14000008 invalidValueEventIds)');
		expect(error.httpCode).toBe('400');
	});

	test('event ids from an expression go as a JSON list; the unknown one is named', async () => {
		const result = await h.run(sub('create', { eventIds: '={{ $json.events }}', webhookUrl: receiver.url }), {
			items: [{ events: ['client.created', 'bogus.event'] }],
		});
		expect(JSON.parse(h.only('webhookSubscription.create').rawBody).eventIds).toEqual([
			'client.created',
			'bogus.event',
		]);
		expect(result.nodeError('Mindbody')?.message).toBe(
			'Unknown event ids: bogus.event (14000008 invalidValueEventIds)',
		);
	});

	test('Get of an unknown subscription: continueOnFail gives an error item with status, code and body', async () => {
		const id = '00000000-0000-4000-8000-000000000000';
		const result = await h.run(sub('get', { subscriptionId: id }), { continueOnFail: true });
		expect(result.status).toBe('success');
		expect(result.jsonItems).toEqual([
			expect.objectContaining({
				status: 404,
				errorCode: '14040001',
				errorType: 'resourceNotFound',
				body: {
					errors: [
						{ errorCode: '14040001', errorType: 'resourceNotFound', errorMessage: `Subscription ${id} was not found.` },
					],
				},
			}),
		]);
		expect(pairedItems(result)).toEqual([{ item: 0 }]);
	});

	// NodeApiError would read "resourceNotFound" as a DNS failure; the server's words must stay.
	test('Get of an unknown subscription: the message is the service text with 14040001', async () => {
		const id = '00000000-0000-4000-8000-000000000000';
		const result = await h.run(sub('get', { subscriptionId: id }));
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody')!;
		expect(error.message).toContain('14040001');
		expect(error.message).toContain(`Subscription ${id} was not found.`);
	});
});
