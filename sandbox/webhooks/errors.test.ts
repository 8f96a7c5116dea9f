import { startReceiver, type Receiver } from '../test/webhookReceiver';
import { createTestSetup, subscribe, type TestSetup } from '../test/webhookContext';

/** Every row of the Errors table of webhooks.md, through the service's own entry point. */

let setup: TestSetup;
let receiver: Receiver;

beforeEach(async () => {
	setup = createTestSetup();
	receiver = await startReceiver();
});

afterEach(async () => {
	await setup.close();
	await receiver.close();
});

const codes = (body: unknown) =>
	(body as { errors: Array<{ errorCode: string; errorType: string }> }).errors.map(
		(error) => `${error.errorCode} ${error.errorType}`,
	);
const validBody = () => ({
	eventIds: ['client.created'],
	eventSchemaVersion: 1,
	webhookUrl: receiver.url,
});
const unknownId = '0b5e4c52-9f1d-4a4e-8d53-3c1c0f7a9e11';

describe('authentication and authorization', () => {
	it('401 14010001 missingAPIKeyHeader without the header, or with a blank one', async () => {
		for (const apiKey of [null, '', '   ']) {
			const response = await setup.call('GET', '/subscriptions', { apiKey });
			expect(response.status).toBe(401);
			expect(codes(response.body)).toEqual(['14010001 missingAPIKeyHeader']);
		}
	});

	it('finds the header whatever its casing', async () => {
		const response = await setup.call('GET', '/subscriptions', {
			apiKey: null,
			headers: { 'API-KEY': 'key-harbor' },
		});
		expect(response.status).toBe(200);
	});

	it('401 14010002 invalidAPIKey for a key nobody issued (the spec shows no code)', async () => {
		const response = await setup.call('GET', '/metrics', { apiKey: 'nope' });
		expect(response.status).toBe(401);
		expect(codes(response.body)).toEqual(['14010002 invalidAPIKey']);
		expect(response.body).toMatchObject({ errors: [{ errorMessage: expect.any(String) }] });
	});

	it('403 14030002 developerAccountNotActive on every operation but PATCH, which gets 14030001', async () => {
		const calls: Array<[string, string]> = [
			['GET', '/subscriptions'],
			['GET', `/subscriptions/${unknownId}`],
			['POST', '/subscriptions'],
			['DELETE', `/subscriptions/${unknownId}`],
			['GET', '/metrics'],
		];
		for (const [method, path] of calls) {
			const response = await setup.call(method, path, { apiKey: 'key-pending', body: validBody() });
			expect([method, path, response.status, codes(response.body)]).toEqual([
				method,
				path,
				403,
				['14030002 developerAccountNotActive'],
			]);
		}
		const patch = await setup.call('PATCH', `/subscriptions/${unknownId}`, {
			apiKey: 'key-pending',
			body: { status: 'Active' },
		});
		expect([patch.status, codes(patch.body)]).toEqual([403, ['14030001 forbidden']]);
		expect(receiver.requests).toHaveLength(0);
	});

	it('403 14030001 forbidden on another account’s subscription', async () => {
		const theirs = await subscribe(setup, receiver.url, undefined, 'key-other');
		const path = `/subscriptions/${theirs.subscriptionId}`;
		for (const method of ['GET', 'PATCH', 'DELETE']) {
			const response = await setup.call(method, path, { body: { status: 'Active' } });
			expect([method, response.status, codes(response.body)]).toEqual([method, 403, ['14030001 forbidden']]);
		}
		expect((await setup.call('GET', path, { apiKey: 'key-other' })).body).toMatchObject({
			status: 'PendingActivation',
		});
	});
});

describe('subscription ids', () => {
	it('404 14040001 resourceNotFound for an unknown id on GET, PATCH and DELETE', async () => {
		for (const method of ['GET', 'PATCH', 'DELETE']) {
			const response = await setup.call(method, `/subscriptions/${unknownId}`, {
				body: { status: 'Active' },
			});
			expect([method, response.status, codes(response.body)]).toEqual([method, 404, ['14040001 resourceNotFound']]);
		}
	});

	it('400 14000021 invalidSubscriptionId for a malformed id on PATCH; 404 on GET and DELETE', async () => {
		const patch = await setup.call('PATCH', '/subscriptions/not-a-guid', {
			body: { status: 'Active' },
		});
		expect([patch.status, codes(patch.body)]).toEqual([400, ['14000021 invalidSubscriptionId']]);
		for (const method of ['GET', 'DELETE']) {
			const response = await setup.call(method, '/subscriptions/not-a-guid');
			expect([method, response.status]).toEqual([method, 404]);
		}
	});

	it('404 for paths and methods the service does not have', async () => {
		expect((await setup.call('GET', '/events')).status).toBe(404);
		expect((await setup.call('PUT', '/subscriptions')).status).toBe(404);
		expect((await setup.call('POST', '/metrics')).status).toBe(404);
	});
});

/** [name, body fields replacing the valid ones, expected "code type"]; checked on POST and PATCH. */
const FIELD_CASES: Array<[string, Record<string, unknown>, string]> = [
	['version 0', { eventSchemaVersion: 0 }, '14000003 invalidEventSchemaVersionRequired'],
	['version null', { eventSchemaVersion: null }, '14000003 invalidEventSchemaVersionRequired'],
	['version 2', { eventSchemaVersion: 2 }, '14000005 invalidEventSchemaVersion'],
	['version "1"', { eventSchemaVersion: '1' }, '14000005 invalidEventSchemaVersion'],
	['eventIds null', { eventIds: null }, '14000006 invalidValueEventIdsRequired'],
	['eventIds []', { eventIds: [] }, '14000007 invalidValueEventIdsCannotBeBlank'],
	['unknown event id', { eventIds: ['client.created', 'client.checkedIn'] }, '14000008 invalidValueEventIds'],
	['event id not a string', { eventIds: [7] }, '14000008 invalidValueEventIds'],
	['eventIds not a list', { eventIds: 'client.created' }, '14000008 invalidValueEventIds'],
	['referenceId of 257', { referenceId: 'r'.repeat(257) }, '14000009 invalidValueReferenceIdTooLong'],
	['webhookUrl null', { webhookUrl: null }, '14000010 invalidValueWebhookURLRequired'],
	['webhookUrl empty', { webhookUrl: '' }, '14000011 invalidValueWebhookURLCannotBeBlank'],
	['webhookUrl blank', { webhookUrl: '   ' }, '14000011 invalidValueWebhookURLCannotBeBlank'],
	[
		'webhookUrl of 2084',
		{ webhookUrl: `https://example.com/${'a'.repeat(2064)}` },
		'14000012 invalidValueWebhookURLTooLong',
	],
];

describe('body validation (POST and PATCH)', () => {
	it.each(FIELD_CASES)('POST: %s', async (_name, change, expected) => {
		const response = await setup.call('POST', '/subscriptions', {
			body: { ...validBody(), ...change },
		});
		expect([response.status, codes(response.body)]).toEqual([400, [expected]]);
		expect(receiver.requests).toHaveLength(0); // no HEAD check for an invalid body
	});

	it.each(FIELD_CASES)('PATCH: %s', async (_name, change, expected) => {
		const created = await subscribe(setup, receiver.url);
		const response = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: change,
		});
		expect([response.status, codes(response.body)]).toEqual([400, [expected]]);
	});

	it('POST: required fields missing → 14000003, 14000006, 14000010', async () => {
		const response = await setup.call('POST', '/subscriptions', { body: {} });
		expect(codes(response.body)).toEqual([
			'14000003 invalidEventSchemaVersionRequired',
			'14000006 invalidValueEventIdsRequired',
			'14000010 invalidValueWebhookURLRequired',
		]);
		const notJson = await setup.call('POST', '/subscriptions', { body: 'text' });
		expect(codes(notJson.body)).toEqual(codes(response.body));
	});

	it('a body with several problems lists one error per field, in the table’s order', async () => {
		const response = await setup.call('POST', '/subscriptions', {
			body: {
				eventIds: [],
				eventSchemaVersion: 3,
				referenceId: 'x'.repeat(300),
				webhookUrl: 'http://example.com/hook',
			},
		});
		expect(codes(response.body)).toEqual([
			'14000005 invalidEventSchemaVersion',
			'14000007 invalidValueEventIdsCannotBeBlank',
			'14000009 invalidValueReferenceIdTooLong',
			'14000013 invalidWebhookURLMissingHTTPS',
		]);
	});

	it('limits are inclusive: referenceId of 256 and a URL of 2083 characters pass', async () => {
		const url = `${receiver.url}?pad=`;
		const body = {
			...validBody(),
			referenceId: 'r'.repeat(256),
			webhookUrl: url + 'p'.repeat(2083 - url.length),
		};
		const response = await setup.call('POST', '/subscriptions', { body });
		expect(response.status).toBe(200);
	});

	it('14000013 is spelled invalidWebhookURLMissingHTTPS on POST, invalidValueWebhooksURLMissingHTTPS on PATCH', async () => {
		const post = await setup.call('POST', '/subscriptions', {
			body: { ...validBody(), webhookUrl: 'http://example.com/hook' },
		});
		expect(codes(post.body)).toEqual(['14000013 invalidWebhookURLMissingHTTPS']);
		const created = await subscribe(setup, receiver.url);
		const patch = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: { webhookUrl: 'http://example.com/hook' },
		});
		expect(codes(patch.body)).toEqual(['14000013 invalidValueWebhooksURLMissingHTTPS']);
	});

	it('POST has no bad-format codes: a URL that does not parse is 14000013 there', async () => {
		for (const webhookUrl of ['not a url', 'ftp://example.com/hook', 42]) {
			const response = await setup.call('POST', '/subscriptions', {
				body: { ...validBody(), webhookUrl },
			});
			expect(codes(response.body)).toEqual(['14000013 invalidWebhookURLMissingHTTPS']);
		}
	});

	it('PATCH: 14000015 invalidWebhookUrlError and 14000016 invalidWebhookUrlBadFormat', async () => {
		const created = await subscribe(setup, receiver.url);
		const patch = (webhookUrl: unknown) =>
			setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, { body: { webhookUrl } });
		expect(codes((await patch('ftp://example.com/hook')).body)).toEqual(['14000015 invalidWebhookUrlError']);
		expect(codes((await patch('not a url')).body)).toEqual(['14000016 invalidWebhookUrlBadFormat']);
		expect(codes((await patch(42)).body)).toEqual(['14000016 invalidWebhookUrlBadFormat']);
	});

	it('PATCH: 14000020 subscriptionStatusNotValid for any other status', async () => {
		const created = await subscribe(setup, receiver.url);
		for (const status of ['PendingActivation', 'DeactivatedByAdmin', 'active', 'Paused', null]) {
			const response = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
				body: { status },
			});
			expect([status, codes(response.body)]).toEqual([status, ['14000020 subscriptionStatusNotValid']]);
		}
	});

	it('PATCH with nothing to change → 14000018 genericDomainError', async () => {
		const created = await subscribe(setup, receiver.url);
		const response = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
			body: {},
		});
		expect([response.status, codes(response.body)]).toEqual([400, ['14000018 genericDomainError']]);
	});

	it('PATCH fields are all optional: a referenceId alone, or null for none, is fine', async () => {
		const created = await subscribe(setup, receiver.url);
		const path = `/subscriptions/${created.subscriptionId}`;
		expect((await setup.call('PATCH', path, { body: { referenceId: 'new' } })).body).toMatchObject({
			referenceId: 'new',
		});
		expect((await setup.call('PATCH', path, { body: { referenceId: null } })).body).toMatchObject({
			referenceId: null,
		});
	});
});
