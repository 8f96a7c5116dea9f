import type { INodeParameters } from 'n8n-workflow';

import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { startSandbox, type Sandbox } from '../../sandbox';
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

	test('a 404 in the service’s error format names a missing record: its words, and no base-URL hint', async () => {
		const { error } = await runAgainst({
			status: 404,
			body: { Error: { Code: 'VisitNotFound', Message: 'Client 100012 is not booked into class 5069.' } },
		});
		expect(error.message).toBe('Client 100012 is not booked into class 5069 (VisitNotFound)');
		expect(error.description).toBe(
			'Category: Get Many: HTTP 404, the service has no record of an ID sent, as its message says. Check the ID the message names: a record picked from a list may have been picked for another value of a field above it, or removed since. Pick it again.',
		);
	});

	test('a 400 naming a record keeps the service’s words, and no base-URL hint', async () => {
		const { error } = await runAgainst({
			status: 400,
			body: { Error: { Code: 'InvalidClientService', Message: 'Pricing option 40037 cannot pay for class 5070.' } },
		});
		expect(error.message).toBe('Pricing option 40037 cannot pay for class 5070 (InvalidClientService)');
		expect(error.description).toContain('HTTP 400');
		expect(error.description).not.toContain('base URL');
	});

	test('a 404 in words without the service’s error format (an unknown path) keeps the base-URL hint', async () => {
		const { error } = await runAgainst({ status: 404, body: 'No operation at GET /category/nothing.' });
		expect(error.message).toBe('No operation at GET /category/nothing.');
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

	test('a 502 whose body is an HTML page: the status’s meaning and what to do, the page’s start in the description', async () => {
		const page = `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n${'<p>upstream</p>'.repeat(40)}</body></html>`;
		const { error, requests } = await runAgainst(
			{ status: 502, body: page, headers: { 'Content-Type': 'text/html' } },
			{ resource: 'appointment', operation: 'complete', ids: '={{ [12] }}' },
		);
		expect(requests).toHaveLength(1);
		expect(error.httpCode).toBe('502');
		expect(error.message).toBe(
			'The Mindbody API answered HTTP 502 with a web page instead of an error message: a gateway or proxy in front of the service got no valid answer from it (the service is down or restarting). Try again in a few minutes.',
		);
		expect(error.message).not.toContain('<');
		const start = page.replace(/\s+/g, ' ').slice(0, 200);
		expect(error.description).toContain(
			'Appointment: Complete: HTTP 502, a gateway or proxy in front of the service got no valid answer from it',
		);
		expect(error.description).toContain(`The page begins: "${start}…"`);
		expect(error.description).not.toContain(page.replace(/\s+/g, ' ').slice(0, 201));
	});

	test('an HTML error page without an HTML content type is still told from the service’s words', async () => {
		const { error } = await runAgainst(
			{ status: 503, body: '<html><body>Maintenance</body></html>' },
			{ resource: 'appointment', operation: 'complete', ids: '={{ [12] }}' },
		);
		expect(error.message).toBe(
			'The Mindbody API answered HTTP 503 with a web page instead of an error message: the service is unavailable for now (overloaded, or down for maintenance). Try again in a few minutes.',
		);
		expect(error.description).toContain('The page begins: "<html><body>Maintenance</body></html>"');
	});

	test('no answer at all (connection refused): n8n’s words for it, and neither the key nor the token', async () => {
		const server = await startRecordingServer(() => ({ status: 200 }));
		await server.stop();
		const credentials = newCredentials({ mindbody: recordingCredentialData(server) });
		const result = await runWorkflow({ credentials, nodes: [{ name: 'Mindbody', parameters: directory }] });
		const error = result.nodeError('Mindbody') as unknown as NodeErrorShape;
		expect(error.message).toBe('The service refused the connection - perhaps it is offline');
		const stored = JSON.stringify(result.run.data);
		expect(stored).not.toContain('api-key-1');
		expect(stored).not.toContain('token-pasted');
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
		sandbox.faults.add({ kind: 'malformedJson', operation: 'GET /Business/Categories' });
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
