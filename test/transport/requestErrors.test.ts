import type { INodeParameters } from 'n8n-workflow';

import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { recordingCredentialData, startRecordingServer, type Reply } from '../support/recordingServer';

interface NodeErrorShape {
	message: string;
	description?: string;
	httpCode?: string;
}

const categories = { resource: 'category', operation: 'getMany' };
const directory = { resource: 'client', operation: 'getDirectory' };

async function runAgainst(reply: Reply, parameters: INodeParameters = categories, extra: Record<string, unknown> = {}) {
	const server = await startRecordingServer(() => reply);
	const credentials = newCredentials({ mindbody: recordingCredentialData(server, extra) });
	const result = await runWorkflow({ credentials, nodes: [{ name: 'Mindbody', parameters }] });
	await server.stop();
	return { result, requests: server.requests, error: result.nodeError('Mindbody') as unknown as NodeErrorShape };
}

describe('errors are never empty and say what to do', () => {
	test('a 404 without a body: status, meaning and advice', async () => {
		const { error } = await runAgainst({ status: 404 });
		expect(error.message).toBe(
			'The Mindbody API answered HTTP 404 without a message: nothing exists at this address: an ID sent, or the path, is unknown to the service',
		);
		expect(error.httpCode).toBe('404');
		expect(error.description).toBe(
			'Category: Get Many: HTTP 404, nothing exists at this address: an ID sent, or the path, is unknown to the service. Check the IDs sent, and the base URLs of the Mindbody credential.',
		);
	});

	test('431 (a header too large for the server) says to send fewer ids', async () => {
		const { error } = await runAgainst({ status: 431 });
		expect(error.message).toContain('HTTP 431');
		expect(error.description).toContain('Send fewer IDs or entries per request.');
	});

	test('401: the server’s words, and the API key and the User Token setting in the advice', async () => {
		const { error } = await runAgainst({ status: 401, body: 'Invalid API key.' });
		expect(error.message).toBe('Invalid API key.');
		expect(error.description).toContain('Check the API Key of the Mindbody credential');
		expect(error.description).toContain('set User Token in the credential');
	});

	test('the V6 error code is in the message', async () => {
		const { error } = await runAgainst({
			status: 400,
			body: { Error: { Code: 'ClassOnlineSignUpsFull', Message: 'The class is full.' } },
		});
		expect(error.message).toBe('The class is full (ClassOnlineSignUpsFull)');
		expect(error.description).toContain('HTTP 400');
	});

	test('a 2xx HTML page is an error quoting its start, not an item', async () => {
		const page = `<html><head><title>Down for maintenance</title></head><body>${'x'.repeat(500)}</body></html>`;
		const { error, result } = await runAgainst({ status: 200, body: page, headers: { 'Content-Type': 'text/html' } });
		expect(result.status).toBe('error');
		expect(error.message).toMatch(
			/^Category: Get Many: the service answered HTTP 200 with a body that is not JSON: "<html><head><title>Down for maintenance<\/title>/,
		);
		expect(error.message.length).toBeLessThan(320);
	});

	test('a JSON string body is data, not an error', async () => {
		const { result } = await runAgainst({
			status: 200,
			body: '"plain"',
			headers: { 'Content-Type': 'application/json' },
		});
		expect(result.status).toBe('success');
		expect(result.json('Mindbody')).toEqual([{ value: 'plain' }]);
	});
});

describe('against the sandbox', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox.stop());
	beforeEach(() => sandbox.reset());

	test('truncated JSON in a 200 is an error quoting its start', async () => {
		sandbox.faults.add({ kind: 'malformedJson', operation: 'category.getMany' });
		const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox, 'none') });
		const result = await runWorkflow({ credentials, nodes: [{ name: 'Mindbody', parameters: categories }] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toMatch(
			/^Category: Get Many: the service answered HTTP 200 with a body that is not JSON: "\[/,
		);
	});

	test.each([
		['None', { userMode: 'none' }],
		['Paste a Token with no token', { userMode: 'token', userToken: '' }],
	])('an operation acting as a user with User Token "%s" fails before sending', async (_label, mode) => {
		const credentials = newCredentials({ mindbody: { ...sandboxCredentialData(sandbox, 'none'), ...mode } });
		const result = await runWorkflow({
			credentials,
			nodes: [{ name: 'Mindbody', parameters: directory, continueOnFail: true }],
			items: [{ n: 0 }, { n: 1 }],
		});
		const error = 'Client: Get Directory acts as a user and needs a user token, but the Mindbody credential holds none';
		expect(result.output('Mindbody').map((item) => [item.json.error, item.pairedItem])).toEqual([
			[error, { item: 0 }],
			[error, { item: 1 }],
		]);
		expect(sandbox.log.list()).toHaveLength(0);
	});

	test('the description names the User Token setting', async () => {
		const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox, 'none') });
		const result = await runWorkflow({ credentials, nodes: [{ name: 'Mindbody', parameters: directory }] });
		expect((result.nodeError('Mindbody') as unknown as NodeErrorShape).description).toContain(
			'set User Token to "Staff Login"',
		);
	});
});
