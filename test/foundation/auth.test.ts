import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { startRecordingServer, type Recorded, type Reply } from '../support/recordingServer';

/** A tiny stand-in for UserToken/Issue plus two operations: tokens can be expired at will. */
function tokenService() {
	let issued = 0;
	const valid = new Set<string>();
	return {
		expireAll: () => valid.clear(),
		get issued() {
			return issued;
		},
		answer(request: Recorded): Reply {
			if (request.url.endsWith('/usertoken/issue')) {
				const login = JSON.parse(request.body) as { Username: string; Password: string };
				if (login.Password !== 'staff-pass') return { status: 401, body: 'Invalid credentials' };
				const token = `token-${++issued}`;
				valid.add(token);
				return { status: 200, body: { TokenType: 'Bearer', AccessToken: token, Expires: '2030-01-01T00:00:00Z' } };
			}
			if (request.url.startsWith('/public/v6/Clients/Directory')) {
				const token = String(request.headers.authorization ?? '').replace('Bearer ', '');
				if (!valid.has(token)) return { status: 401, body: 'Authorization token is expired or invalid' };
				return { status: 200, body: [{ Id: 7, FirstName: 'Ada' }] };
			}
			return { status: 200, body: [{ Id: 1, Name: 'Yoga' }] };
		},
	};
}

const credentialsFor = (url: string, extra: Record<string, unknown>) =>
	newCredentials({
		mindbody: {
			apiKey: 'api-key-1',
			siteId: -99,
			baseUrl: `${url}/public/v6`,
			webhooksBaseUrl: `${url}/push/api/v1`,
			accessToken: '',
			...extra,
		} as never,
	});

const directory = { name: 'Directory', parameters: { resource: 'client', operation: 'getDirectory' } };
const categories = { name: 'Categories', parameters: { resource: 'category', operation: 'getMany' } };

describe('user tokens and header placement', () => {
	test('SiteId and API-Key always; Authorization only on operations marked A', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { userMode: 'token', userToken: 'token-pasted' });
		service.answer({ method: 'POST', url: '/usertoken/issue', headers: {}, body: '{"Password":"staff-pass"}' });
		await runWorkflow({ credentials, nodes: [categories], connections: undefined });
		const [plain] = server.requests;
		expect(plain.headers['siteid']).toBe('-99');
		expect(plain.headers['api-key']).toBe('api-key-1');
		expect(plain.headers.authorization).toBeUndefined();

		await runWorkflow({ credentials, nodes: [directory] });
		const withToken = server.requests[1];
		expect(withToken.url).toBe('/public/v6/Clients/Directory');
		expect(withToken.headers.authorization).toBe('Bearer token-pasted');
		expect(withToken.headers['siteid']).toBe('-99');
		await server.stop();
	});

	test('staff login: one Issue for 20 requests, one re-issue after expiry', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { userMode: 'staffLogin', username: 'owner', password: 'staff-pass' });
		const items = Array.from({ length: 20 }, (_, i) => ({ n: i }));

		const first = await runWorkflow({ credentials, nodes: [directory], items });
		expect(first.status).toBe('success');
		expect(first.json('Directory')).toHaveLength(20);
		const issues = () => server.requests.filter((r) => r.url.endsWith('/usertoken/issue'));
		expect(issues()).toHaveLength(1);
		expect(JSON.parse(issues()[0].body)).toEqual({ Username: 'owner', Password: 'staff-pass' });
		expect(credentials.get('mindbody')?.accessToken).toBe('token-1');

		service.expireAll();
		const second = await runWorkflow({ credentials, nodes: [directory], items: items.slice(0, 5) });
		expect(second.status).toBe('success');
		expect(issues()).toHaveLength(2);
		const directoryCalls = server.requests.filter((r) => r.url.includes('/Clients/Directory'));
		// 20, then the expired token refused, sent once more so n8n renews the credential, the one
		// retry with the new token, and the 4 other items.
		expect(directoryCalls).toHaveLength(27);
		const refused = directoryCalls.slice(20, 23).map((r) => r.headers.authorization);
		expect(refused).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
		expect(directoryCalls.slice(-5).map((r) => r.headers.authorization)).toEqual(Array(5).fill('Bearer token-2'));
		await server.stop();
	});

	test('a second 401 after the re-issue is a clear error, and the password never shows', async () => {
		const server = await startRecordingServer((request) =>
			request.url.endsWith('/usertoken/issue')
				? { status: 200, body: { AccessToken: `t${Math.random()}` } }
				: { status: 401, body: 'Staff member does not have permission to view the directory' },
		);
		const credentials = credentialsFor(server.url, { userMode: 'staffLogin', username: 'owner', password: 'staff-pass' });
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('error');
		const error = result.nodeError('Directory')!;
		expect(error.message).toBe('Staff member does not have permission to view the directory');
		expect((error as unknown as { httpCode: string }).httpCode).toBe('401');
		// Issue; refused; sent once more so n8n renews; one re-issue; the one retry: no loop.
		expect(server.requests.map((r) => r.url.replace(/\?.*/, ''))).toEqual([
			'/public/v6/usertoken/issue',
			'/public/v6/Clients/Directory',
			'/public/v6/Clients/Directory',
			'/public/v6/usertoken/issue',
			'/public/v6/Clients/Directory',
		]);
		expect(JSON.stringify(result.run.data)).not.toContain('staff-pass');
		expect(JSON.stringify(result.run.data)).not.toContain('api-key-1');
		await server.stop();
	});

	test('a wrong staff password fails with the server message and no secret', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { userMode: 'staffLogin', username: 'owner', password: 'wrong-pass' });
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Directory')?.message).toContain('Invalid credentials');
		expect(JSON.stringify(result.run.data)).not.toContain('wrong-pass');
		expect(server.requests.filter((r) => r.url.includes('/Clients/Directory'))).toHaveLength(0);
		await server.stop();
	});
});
