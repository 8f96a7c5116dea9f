import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { startRecordingServer, type Recorded, type Reply } from '../support/recordingServer';

/** A tiny stand-in for UserToken/Issue plus a few operations: tokens can be expired at will. */
function tokenService(expires = '2030-01-01T00:00:00Z') {
	let issued = 0;
	const valid = new Set<string>(['token-stored']);
	return {
		expireAll: () => valid.clear(),
		answer(request: Recorded): Reply {
			if (request.url.endsWith('/usertoken/issue')) {
				const login = JSON.parse(request.body) as { Username: string; Password: string };
				if (login.Password !== 'staff-pass') return { status: 401, body: 'Invalid username or password.' };
				const token = `token-${++issued}`;
				valid.add(token);
				return { status: 200, body: { TokenType: 'Bearer', AccessToken: token, Expires: expires } };
			}
			const token = String(request.headers.authorization ?? '').replace('Bearer ', '');
			if (request.url.endsWith('/usertoken/renew')) {
				if (!valid.has(token)) return { status: 401, body: 'Authorization token is expired or invalid' };
				return { status: 200, body: { TokenType: 'Bearer', AccessToken: token, Expires: expires } };
			}
			if (request.url.startsWith('/public/v6/Business/Schedules/Classes/')) {
				if (!valid.has(token)) return { status: 401, body: 'Authorization token is expired or invalid' };
				return { status: 404, body: 'Class instance 5 was not found.' };
			}
			if (request.url.startsWith('/public/v6/Clients/Directory')) {
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

const staff = { userMode: 'staffLogin', username: 'owner', password: 'staff-pass' };
const directory = { name: 'Directory', parameters: { resource: 'client', operation: 'getDirectory' } };
const categories = { name: 'Categories', parameters: { resource: 'category', operation: 'getMany' } };
const classById = { name: 'Class', parameters: { resource: 'class', operation: 'get', classInstanceId: 5 } };

const paths = (requests: Recorded[]) => requests.map((r) => r.url.replace(/\?.*/, ''));
const issues = (requests: Recorded[]) => requests.filter((r) => r.url.endsWith('/usertoken/issue'));

describe('user tokens and header placement', () => {
	test('SiteId and API-Key always; Authorization only on operations marked A', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { userMode: 'token', userToken: 'token-pasted' });
		await runWorkflow({ credentials, nodes: [categories] });
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

	test('staff login: one Issue for 20 requests; an expired token costs one 401, one login, one retry', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, staff);
		const items = Array.from({ length: 20 }, (_, i) => ({ n: i }));

		const first = await runWorkflow({ credentials, nodes: [directory], items });
		expect(first.status).toBe('success');
		expect(first.json('Directory')).toHaveLength(20);
		expect(issues(server.requests)).toHaveLength(1);
		expect(JSON.parse(issues(server.requests)[0].body)).toEqual({ Username: 'owner', Password: 'staff-pass' });
		expect(credentials.get('mindbody')).toMatchObject({ accessToken: 'token-1', loginExpires: '2030-01-01T00:00:00Z' });

		service.expireAll();
		const before = server.requests.length;
		const second = await runWorkflow({ credentials, nodes: [directory], items: items.slice(0, 5) });
		expect(second.status).toBe('success');
		const run = server.requests.slice(before);
		// The items' requests go out together (up to 10 in flight), so each one sent before the
		// refusal came back is refused once; they share one login and each is sent once more.
		const sentWith = (token: string) =>
			run.filter((r) => r.url.includes('Directory') && r.headers.authorization === `Bearer ${token}`);
		expect(issues(run)).toHaveLength(1);
		expect(sentWith('token-1').length).toBeGreaterThanOrEqual(1);
		expect(sentWith('token-1').length).toBeLessThanOrEqual(5);
		expect(sentWith('token-2')).toHaveLength(5);
		expect(run.indexOf(issues(run)[0])).toBeLessThan(run.indexOf(sentWith('token-2')[0]));
		expect(run).toHaveLength(1 + sentWith('token-1').length + 5);
		expect(credentials.get('mindbody')?.accessToken).toBe('token-2');
		await server.stop();
	});

	test('executions that meet the same refused token at once share one login', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { ...staff, accessToken: 'token-stored' });
		service.expireAll();
		// Four executions at once, each with its own copy of the stored credential, as on one worker.
		const runs = await Promise.all(
			Array.from({ length: 4 }, async () => await runWorkflow({ credentials, nodes: [directory] })),
		);
		expect(runs.map((run) => run.status)).toEqual(Array(4).fill('success'));
		expect(issues(server.requests)).toHaveLength(1);
		const sent = server.requests.filter((r) => r.url.includes('Directory')).map((r) => r.headers.authorization);
		expect(sent.filter((h) => h === 'Bearer token-stored')).toHaveLength(4);
		expect(sent.filter((h) => h === 'Bearer token-1')).toHaveLength(4);
		await server.stop();
	});

	test('a token past the expiry the service gave is replaced before sending: no refused request', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, {
			...staff,
			accessToken: 'token-stored',
			loginExpires: new Date(Date.now() - 60_000).toISOString(),
		});
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('success');
		expect(paths(server.requests)).toEqual(['/public/v6/usertoken/issue', '/public/v6/Clients/Directory']);
		expect(server.requests[1].headers.authorization).toBe('Bearer token-1');
		await server.stop();
	});

	test('a token in its last hour is renewed before sending: the same token goes on, no login', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, {
			...staff,
			accessToken: 'token-stored',
			loginExpires: new Date(Date.now() + 30 * 60_000).toISOString(),
		});
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('success');
		expect(paths(server.requests)).toEqual(['/public/v6/usertoken/renew', '/public/v6/Clients/Directory']);
		expect(server.requests[0].headers.authorization).toBe('Bearer token-stored');
		expect(server.requests[0].body).toBe('');
		expect(server.requests[1].headers.authorization).toBe('Bearer token-stored');
		// The new expiry is stored with the token: the next run renews nothing.
		expect(credentials.get('mindbody')).toMatchObject({
			accessToken: 'token-stored',
			loginExpires: '2030-01-01T00:00:00Z',
		});
		await runWorkflow({ credentials, nodes: [directory] });
		expect(paths(server.requests).slice(2)).toEqual(['/public/v6/Clients/Directory']);
		await server.stop();
	});

	test('a renewal the service refuses falls back to one login', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		service.expireAll();
		const credentials = credentialsFor(server.url, {
			...staff,
			accessToken: 'token-stored',
			loginExpires: new Date(Date.now() + 30 * 60_000).toISOString(),
		});
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('success');
		expect(paths(server.requests)).toEqual([
			'/public/v6/usertoken/renew',
			'/public/v6/usertoken/issue',
			'/public/v6/Clients/Directory',
		]);
		expect(server.requests[2].headers.authorization).toBe('Bearer token-1');
		await server.stop();
	});

	test('a 404 is not resent and does not log in again', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { ...staff, accessToken: 'token-stored' });
		const result = await runWorkflow({ credentials, nodes: [classById] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Class')?.message).toBe('Class instance 5 was not found.');
		expect(paths(server.requests)).toEqual(['/public/v6/Business/Schedules/Classes/5']);
		await server.stop();
	});

	test('a second 401 after the new login is a clear error, and the password never shows', async () => {
		const server = await startRecordingServer((request) =>
			request.url.endsWith('/usertoken/issue')
				? { status: 200, body: { AccessToken: `t${Math.random()}` } }
				: { status: 401, body: 'Staff member does not have permission to view the directory' },
		);
		const credentials = credentialsFor(server.url, staff);
		const result = await runWorkflow({ credentials, nodes: [directory] });
		expect(result.status).toBe('error');
		const error = result.nodeError('Directory')! as unknown as {
			message: string;
			httpCode: string;
			description: string;
		};
		expect(error.message).toBe('Staff member does not have permission to view the directory');
		expect(error.httpCode).toBe('401');
		expect(error.description).toContain('set User Token in the credential');
		// Login; refused; one new login; the one retry: no loop.
		expect(paths(server.requests)).toEqual([
			'/public/v6/usertoken/issue',
			'/public/v6/Clients/Directory',
			'/public/v6/usertoken/issue',
			'/public/v6/Clients/Directory',
		]);
		expect(JSON.stringify(result.run.data)).not.toContain('staff-pass');
		expect(JSON.stringify(result.run.data)).not.toContain('api-key-1');
		await server.stop();
	});

	test('a wrong staff password: one clean message, one login attempt for the whole run, no secret', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { ...staff, password: 'wrong-pass' });
		const result = await runWorkflow({
			credentials,
			nodes: [{ ...directory, continueOnFail: true }],
			items: [{ n: 0 }, { n: 1 }, { n: 2 }],
		});
		const message =
			'Staff login failed: Invalid username or password (HTTP 401). Check the Staff Username and Staff Password of the Mindbody credential, and its API Key.';
		expect(result.json('Directory').map((item) => item.error)).toEqual([message, message, message]);
		expect(result.output('Directory').map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(issues(server.requests)).toHaveLength(1);
		expect(server.requests.filter((r) => r.url.includes('/Clients/Directory'))).toHaveLength(0);
		expect(JSON.stringify(result.run.data)).not.toContain('wrong-pass');
		await server.stop();
	});
});

describe('a failed staff login, whatever the operation', () => {
	// n8n runs the login before the first request whenever no token is stored, also for
	// operations that need no user token: the error must speak of the login.
	test('Category: Get Many (no user token needed) with a wrong password says the staff login failed', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { ...staff, password: 'wrong-pass' });
		const result = await runWorkflow({ credentials, nodes: [categories] });
		const error = result.nodeError('Categories') as unknown as { message: string; description: string };
		expect(error.message).toBe(
			'Staff login failed: Invalid username or password (HTTP 401). Check the Staff Username and Staff Password of the Mindbody credential, and its API Key.',
		);
		expect(error.description).toMatch(/^Check the Staff Username and Staff Password of the Mindbody credential\./);
		expect(error.description).toContain('whatever the operation');
		expect(error.description).not.toMatch(/this operation needs/);
		expect(paths(server.requests)).toEqual(['/public/v6/usertoken/issue']);
		await server.stop();
	});

	test('the items after the first say the login was not tried again, and what to check', async () => {
		const service = tokenService();
		const server = await startRecordingServer((r) => service.answer(r));
		const credentials = credentialsFor(server.url, { ...staff, password: 'wrong-pass' });
		const result = await runWorkflow({
			credentials,
			nodes: [{ ...categories, continueOnFail: true }],
			items: [{ n: 0 }, { n: 1 }],
		});
		expect(result.json('Categories').map((item) => String(item.error).slice(0, 19))).toEqual([
			'Staff login failed:',
			'Staff login failed:',
		]);
		expect(issues(server.requests)).toHaveLength(1);
		await server.stop();
	});
});

describe('credential reads', () => {
	test('one read per run, whatever the number of items, pages and batches', async () => {
		const server = await startRecordingServer((request) => {
			const limit = Number(new URL(request.url, 'http://x').searchParams.get('request.limit'));
			const offset = Number(new URL(request.url, 'http://x').searchParams.get('request.offset'));
			if (request.url.startsWith('/public/v6/Business/PromoCodes')) {
				const page = Array.from({ length: Math.max(0, Math.min(limit, 250 - offset)) }, (_, i) => ({
					Id: offset + i + 1,
				}));
				return { status: 200, body: page };
			}
			return { status: 200, body: true };
		});
		const credentials = credentialsFor(server.url, { userMode: 'token', userToken: 'token-pasted' });
		const reads = jest.spyOn(credentials, 'getDecrypted');

		const paged = await runWorkflow({
			credentials,
			nodes: [{ name: 'Promo', parameters: { resource: 'promoCode', operation: 'getMany', returnAll: true } }],
			items: [{ n: 0 }, { n: 1 }],
		});
		expect(paged.status).toBe('success');
		const pages = server.requests.filter((r) => r.url.startsWith('/public/v6/Business/PromoCodes')).length;
		expect(pages).toBeGreaterThanOrEqual(4);
		expect(reads).toHaveBeenCalledTimes(1);

		reads.mockClear();
		const batched = await runWorkflow({
			credentials,
			nodes: [
				{
					name: 'Complete',
					parameters: {
						resource: 'appointment',
						operation: 'complete',
						ids: '={{ [$json.n + 1] }}',
						options: { batch: true, batchSize: 2 },
					},
				},
			],
			items: [{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }],
		});
		expect(batched.status).toBe('success');
		expect(server.requests.filter((r) => r.url.includes('/Appointments/Complete'))).toHaveLength(2);
		expect(reads).toHaveBeenCalledTimes(1);
		await server.stop();
	});
});
