import type { INodeParameters } from 'n8n-workflow';

import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer } from '../support/recordingServer';

/**
 * Webhook Subscription: Create and Update check the spec's rule for webhookUrl (HTTPS, at most
 * 2,083 characters) before sending and name the field; the service would answer 14000013 or
 * 14000012. Plain http to this machine passes: Mindbody cannot reach it, so it only serves a
 * local stand-in of the service such as the sandbox (which accepts it when told to).
 */

let server: Awaited<ReturnType<typeof startRecordingServer>>;
beforeEach(async () => {
	server = await startRecordingServer(() => ({ status: 200, body: { subscriptionId: 'abc', status: 'Active' } }));
});
afterEach(async () => await server.stop());

async function run(parameters: INodeParameters) {
	const credentials = newCredentials({ mindbody: recordingCredentialData(server) });
	const result = await runWorkflow({
		credentials,
		nodes: [{ name: 'Mindbody', parameters: { resource: 'webhookSubscription', ...parameters } }],
	});
	const error = result.nodeError('Mindbody') as unknown as { message: string; description: string } | undefined;
	return { result, error };
}

const create = (webhookUrl: string) => ({ operation: 'create', eventIds: ['client.created'], webhookUrl });
const update = (webhookUrl: string) => ({ operation: 'update', subscriptionId: 'abc', updateFields: { webhookUrl } });
const HTTPS_ONLY = 'Webhook URL: must start with https:// (the webhook service accepts only HTTPS URLs)';
const longUrl = (length: number) => {
	const start = 'https://example.com/hook/';
	return start + 'a'.repeat(length - start.length);
};

describe('Webhook URL: HTTPS, at most 2,083 characters, checked before sending', () => {
	test.each([
		['Create', create],
		['Update', update],
	])('%s with an http:// URL is refused, naming the field; nothing is sent', async (_name, parameters) => {
		const { result, error } = await run(parameters('http://example.com/hook'));
		expect(result.status).toBe('error');
		expect(error?.message).toBe(HTTPS_ONLY);
		expect(error?.description).toContain('Nothing was sent');
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		['Create', create],
		['Update', update],
	])('%s with a URL of 2,084 characters is refused, naming the field and the limit', async (_name, parameters) => {
		const { error } = await run(parameters(longUrl(2084)));
		expect(error?.message).toBe('Webhook URL: is 2,084 characters long; the webhook service accepts at most 2,083');
		expect(server.requests).toHaveLength(0);
	});

	test('a URL of exactly 2,083 characters is sent as typed', async () => {
		const url = longUrl(2083);
		const { result } = await run(create(url));
		expect(result.status).toBe('success');
		expect(JSON.parse(server.requests[0].body)).toMatchObject({ webhookUrl: url });
	});

	test.each(['ftp://example.com/hook', 'example.com/hook'])('%s is refused', async (url) => {
		const { error } = await run(create(url));
		expect(error?.message).toMatch(/^Webhook URL: /);
		expect(server.requests).toHaveLength(0);
	});

	test.each(['http://127.0.0.1:5678/webhook/x', 'http://localhost/hook', 'http://[::1]:8080/hook'])(
		'http to this machine (%s) is sent: only a local stand-in of the service can reach it',
		async (url) => {
			const { result } = await run(create(url));
			expect(result.status).toBe('success');
			expect(JSON.parse(server.requests[0].body)).toMatchObject({ webhookUrl: url });
		},
	);

	test('Update without a webhook URL is not checked for one', async () => {
		const { result } = await run({ operation: 'update', subscriptionId: 'abc', updateFields: { status: 'Active' } });
		expect(result.status).toBe('success');
		expect(JSON.parse(server.requests[0].body)).toEqual({ status: 'Active' });
	});
});
