/**
 * The credential as n8n's HTTP Request node uses it: n8n-core's legacy requestWithAuthentication
 * (which runs pre-authentication again after any failed request, and resends when it returns a
 * token), called from a real ExecuteContext with the harness's credential store.
 */
import { ExecuteContext } from 'n8n-core';
import type { IDataObject, INode } from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import type { InMemoryCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes, MINDBODY } from '../harness/nodeTypes';
import { buildAdditionalData, newCredentials } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer, type Recorded, type Reply } from '../support/recordingServer';

function legacyRequest(credentials: InMemoryCredentialsHelper) {
	const node: INode = {
		id: 'http',
		name: 'HTTP Request',
		type: MINDBODY,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { mindbodyApi: { id: 'mindbody', name: 'Mindbody' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new HarnessNodeTypes() });
	const input = { main: [[{ json: {} }]] };
	const ctx = new ExecuteContext(
		workflow,
		node,
		buildAdditionalData(credentials, { executionId: 'legacy' }),
		'manual',
		createRunExecutionData(),
		0,
		[{ json: {} }],
		input,
		{ node, data: input, source: null },
		[],
	);
	// What HttpRequestV3 sends: `uri`, full response, errors thrown for non-2xx.
	return async (method: string, uri: string) =>
		(await ctx.helpers.requestWithAuthentication.call(
			ctx,
			'mindbodyApi',
			{ method: method as 'GET', uri, resolveWithFullResponse: true, json: true, headers: {} },
			undefined,
			0,
		)) as { statusCode: number; body: unknown };
}

function service() {
	const valid = new Set<string>();
	let issued = 0;
	return (request: Recorded): Reply => {
		if (request.url.endsWith('/usertoken/issue')) {
			const login = JSON.parse(request.body) as { Password: string };
			if (login.Password !== 'staff-pass') return { status: 401, body: 'Invalid username or password.' };
			const token = `token-${++issued}`;
			valid.add(token);
			return { status: 200, body: { AccessToken: token, Expires: '2030-01-01T00:00:00Z' } };
		}
		if (!valid.has(String(request.headers.authorization ?? '').replace('Bearer ', ''))) {
			return { status: 401, body: 'Authorization token is expired or invalid' };
		}
		if (request.url.includes('/Classes/')) return { status: 404, body: 'Class instance 5 was not found.' };
		if (request.url.includes('checkoutshoppingcart')) return { status: 500, body: 'Internal error' };
		return { status: 200, body: [{ Id: 7 }] };
	};
}

let server: Awaited<ReturnType<typeof startRecordingServer>>;
beforeEach(async () => {
	server = await startRecordingServer(service());
});
afterEach(async () => await server.stop());

const credentialsWith = (extra: IDataObject) =>
	newCredentials({
		mindbody: recordingCredentialData(server, {
			userMode: 'staffLogin',
			username: 'owner',
			password: 'staff-pass',
			userToken: undefined,
			accessToken: '',
			...extra,
		}),
	});

const paths = () => server.requests.map((r) => `${r.method} ${r.url}`);

describe('the credential through the HTTP Request node’s request helper', () => {
	test('a 404 and a 500 are neither resent nor followed by a login', async () => {
		const credentials = credentialsWith({});
		const request = legacyRequest(credentials);
		await expect(request('GET', `${server.url}/public/v6/Business/Schedules/Classes/5`)).rejects.toThrow();
		await expect(request('POST', `${server.url}/public/v6/sale/checkoutshoppingcart`)).rejects.toThrow();
		expect(paths()).toEqual([
			'POST /public/v6/usertoken/issue',
			'GET /public/v6/Business/Schedules/Classes/5',
			'POST /public/v6/sale/checkoutshoppingcart',
		]);
		expect(credentials.preAuthenticationCalls).toHaveLength(3);
	});

	test('a token past its stated expiry: 401, one login, the one retry', async () => {
		const credentials = credentialsWith({ accessToken: 'token-old', loginExpires: '2020-01-01T00:00:00Z' });
		const response = await legacyRequest(credentials)('GET', `${server.url}/public/v6/Clients/Directory`);
		expect(response.statusCode).toBe(200);
		expect(paths()).toEqual([
			'GET /public/v6/Clients/Directory',
			'POST /public/v6/usertoken/issue',
			'GET /public/v6/Clients/Directory',
		]);
		expect(server.requests.map((r) => r.headers.authorization)).toEqual([
			'Bearer token-old',
			undefined,
			'Bearer token-1',
		]);
		expect(credentials.get('mindbody')).toMatchObject({ accessToken: 'token-1', loginExpires: '2030-01-01T00:00:00Z' });
	});

	test('a token refused before its stated expiry is not replaced on this route (README: Credentials)', async () => {
		const credentials = credentialsWith({ accessToken: 'token-revoked', loginExpires: '2030-01-01T00:00:00Z' });
		await expect(legacyRequest(credentials)('GET', `${server.url}/public/v6/Clients/Directory`)).rejects.toThrow();
		expect(paths()).toEqual(['GET /public/v6/Clients/Directory']);
	});

	test('a wrong password: one login attempt, a clean message', async () => {
		const credentials = credentialsWith({ password: 'wrong' });
		const failure = legacyRequest(credentials)('GET', `${server.url}/public/v6/Clients/Directory`);
		await expect(failure).rejects.toThrow(
			'Staff login failed: Invalid username or password (HTTP 401). Check the Staff Username and Staff Password of the Mindbody credential, and its API Key.',
		);
		expect(paths()).toEqual(['POST /public/v6/usertoken/issue']);
	});

	test('a request elsewhere gets no header of the credential', async () => {
		const credentials = credentialsWith({ accessToken: 'token-stored' });
		await expect(legacyRequest(credentials)('GET', `${server.url}/elsewhere/Clients/Directory`)).rejects.toThrow();
		const [request] = server.requests;
		expect(request.url).toBe('/elsewhere/Clients/Directory');
		expect([request.headers['api-key'], request.headers.siteid, request.headers.authorization]).toEqual([
			undefined,
			undefined,
			undefined,
		]);
	});
});
