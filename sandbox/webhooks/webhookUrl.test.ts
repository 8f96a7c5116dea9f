import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SERVICE_TIMEOUT_MS } from '.';
import { startReceiver, type Receiver } from '../test/webhookReceiver';
import { createTestSetup, subscribe, waitUntil, type TestSetup } from '../test/webhookContext';
import { urlFormProblem } from './webhookUrl';

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

const post = (webhookUrl: string) =>
	setup.call('POST', '/subscriptions', {
		body: { eventIds: ['site.created'], eventSchemaVersion: 1, webhookUrl },
	});
const firstCode = (body: unknown) => (body as { errors: Array<{ errorCode: string }> }).errors[0].errorCode;

/** A port nothing listens on: bound, then closed. */
async function closedPortUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/hook`;
}

describe('the validity check (HEAD within the time limit)', () => {
	it('passes on any 2xx', async () => {
		receiver.headStatus = 204;
		expect((await post(receiver.url)).status).toBe(200);
		expect(receiver.requests[0]).toMatchObject({ method: 'HEAD', path: '/hook' });
	});

	it.each([301, 404, 405, 500])('fails with 14000014 when HEAD answers %i', async (status) => {
		receiver.headStatus = status;
		const response = await post(receiver.url);
		expect(response.status).toBe(400);
		expect(response.body).toMatchObject({
			errors: [
				{
					errorCode: '14000014',
					errorType: 'invalidWebhookURLNoResponse',
					errorMessage: expect.stringContaining(`answered ${status}`),
				},
			],
		});
	});

	it('fails with 14000014 when nothing listens', async () => {
		expect(firstCode((await post(await closedPortUrl())).body)).toBe('14000014');
	});

	it('fails with 14000014 once the time limit passes on the sandbox clock when HEAD never answers', async () => {
		receiver.headSilent = true;
		let answered = false;
		const pending = post(receiver.url).finally(() => (answered = true));
		await waitUntil(() => receiver.requests.length === 1, 'the HEAD check reaching the receiver');
		await setup.clock.advance(SERVICE_TIMEOUT_MS - 1);
		for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
		expect(answered).toBe(false);
		await setup.clock.advance(1);
		const response = await pending;
		expect(firstCode(response.body)).toBe('14000014');
		expect(response.body).toMatchObject({
			errors: [{ errorMessage: expect.stringContaining('no answer within 10000 ms') }],
		});
	});

	it('uses the service’s 10 s unless told otherwise', () => {
		expect(SERVICE_TIMEOUT_MS).toBe(10_000);
	});

	it('runs again on PATCH when the URL changes, and keeps the old URL when it fails', async () => {
		const created = await subscribe(setup, receiver.url);
		const broken = await startReceiver('/broken');
		broken.headStatus = 503;
		try {
			const response = await setup.call('PATCH', `/subscriptions/${created.subscriptionId}`, {
				body: { webhookUrl: broken.url, referenceId: 'changed' },
			});
			expect(firstCode(response.body)).toBe('14000014');
			const after = await setup.call('GET', `/subscriptions/${created.subscriptionId}`);
			expect(after.body).toMatchObject({ webhookUrl: receiver.url, referenceId: 'ref-1' });
		} finally {
			await broken.close();
		}
	});
});

describe('plain http on loopback', () => {
	it('is refused with 14000013 when the context does not allow it', async () => {
		const strict = createTestSetup(undefined, { allowLoopbackHttp: false });
		try {
			const response = await strict.call('POST', '/subscriptions', {
				body: { eventIds: ['site.created'], eventSchemaVersion: 1, webhookUrl: receiver.url },
			});
			expect(firstCode(response.body)).toBe('14000013');
			expect(receiver.requests).toHaveLength(0);
		} finally {
			await strict.close();
		}
	});

	it('is accepted for 127.0.0.1, localhost and [::1] only, when allowed', () => {
		for (const url of [
			'http://127.0.0.1:3000/h',
			'http://localhost/h',
			'http://[::1]:8080/h',
			'https://example.com/h',
		]) {
			expect([url, urlFormProblem(url, 'create', true)]).toEqual([url, undefined]);
		}
		for (const url of ['http://example.com/h', 'http://10.0.0.1/h', 'http://127.0.0.2/h']) {
			expect(urlFormProblem(url, 'create', true)?.error.errorCode).toBe('14000013');
			expect(urlFormProblem(url, 'update', true)?.error.errorType).toBe('invalidValueWebhooksURLMissingHTTPS');
		}
		expect(urlFormProblem('http://localhost/h', 'create', false)?.error.errorCode).toBe('14000013');
	});
});
