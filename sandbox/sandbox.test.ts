import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Agent, request } from 'undici';

import { startSandbox } from '.';
import { TEST_START, useSandbox } from './test/harness';

const h = useSandbox();

describe('server and routing', () => {
	it('serves the three base paths and answers 404 plain text elsewhere', async () => {
		expect(h.sandbox.restBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v6$/);
		expect(h.sandbox.webhooksBaseUrl).toMatch(/\/push\/api\/v1$/);
		const unknown = await fetch(`${h.sandbox.restBaseUrl.replace('/public/v6', '')}/elsewhere`);
		expect([unknown.status, unknown.headers.get('content-type'), await unknown.text()]).toEqual([
			404,
			'text/plain; charset=utf-8',
			'Not Found',
		]);
		expect((await h.admin('GET', '/nothing')).status).toBe(404);
	});

	it('routes /push/api/v1 to the webhook service and /_sandbox/webhooks to its admin', async () => {
		const list = await fetch(`${h.sandbox.webhooksBaseUrl}/subscriptions`, {
			headers: { 'API-Key': h.sandbox.apiKey },
		});
		expect(list.status).toBe(200);
		expect(await list.json()).toEqual({ items: [] });
		const missingKey = await fetch(`${h.sandbox.webhooksBaseUrl}/subscriptions`);
		expect(missingKey.status).toBe(401);
		expect(h.sandbox.log.last({ service: 'webhooks' })).toMatchObject({
			path: '/subscriptions',
			status: 401,
			operation: 'GET /subscriptions',
		});
		const admin = await h.admin('GET', '/webhooks/deliveries');
		expect(admin.status).toBe(200);
		expect(admin.json.items).toEqual([]);
	});

	it('closes keep-alive connections on stop', async () => {
		const sandbox = await startSandbox({
			startAt: TEST_START,
			size: { sales: 10, clients: 10, appointments: 10 },
		});
		const agent = new Agent({ keepAliveTimeout: 60_000 });
		const answer = await request(`${sandbox.restBaseUrl}/Business/Categories`, {
			dispatcher: agent,
			headers: { 'API-Key': sandbox.apiKey, SiteId: '-99' },
		});
		await answer.body.text();
		const began = Date.now();
		await sandbox.stop();
		// Waiting for the client's 60 s keep-alive would take a minute; closing takes milliseconds.
		expect(Date.now() - began).toBeLessThan(20_000);
		await expect(request(`${sandbox.restBaseUrl}/Business/Categories`, { dispatcher: agent })).rejects.toThrow();
		await agent.close();
	});
});

describe('REST events reach webhook subscribers', () => {
	it('delivers the event of a REST call, with the Transaction-Key for the same source only', async () => {
		const received: Array<Record<string, unknown>> = [];
		const receiver = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => {
				if (req.method === 'POST') received.push(JSON.parse(body));
				res.writeHead(200).end();
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
		const sandbox = await startSandbox({
			startAt: TEST_START,
			allowLoopbackHttp: true,
		});
		try {
			const subscribe = async (apiKey: string) => {
				const headers = { 'API-Key': apiKey, 'Content-Type': 'application/json' };
				const created = await fetch(`${sandbox.webhooksBaseUrl}/subscriptions`, {
					method: 'POST',
					headers,
					body: JSON.stringify({
						eventIds: ['appointmentBooking.updated'],
						eventSchemaVersion: 1,
						webhookUrl: url,
						referenceId: apiKey,
					}),
				});
				const { subscriptionId } = (await created.json()) as { subscriptionId: string };
				await fetch(`${sandbox.webhooksBaseUrl}/subscriptions/${subscriptionId}`, {
					method: 'PATCH',
					headers,
					body: JSON.stringify({ status: 'Active' }),
				});
			};
			await subscribe(sandbox.apiKeys.main);
			await subscribe(sandbox.apiKeys.otherSource);
			const appointment = sandbox.state.main.appointments.find((a) => a.Status === 'Booked')!;
			const issued = await request(`${sandbox.restBaseUrl}/usertoken/issue`, {
				method: 'POST',
				headers: { 'API-Key': sandbox.apiKey, SiteId: '-99', 'Content-Type': 'application/json' },
				body: JSON.stringify({
					Username: sandbox.staffLogin.username,
					Password: sandbox.staffLogin.password,
				}),
			});
			const { AccessToken } = (await issued.body.json()) as { AccessToken: string };
			const completed = await request(`${sandbox.restBaseUrl}/Business/Schedules/Appointments/Complete`, {
				method: 'POST',
				headers: {
					'API-Key': sandbox.apiKey,
					SiteId: '-99',
					Authorization: `Bearer ${AccessToken}`,
					'Content-Type': 'application/json',
					'Transaction-Key': 'tx-42',
				},
				body: JSON.stringify([appointment.Id]),
			});
			expect(completed.statusCode).toBe(200);
			await completed.body.text();
			await fetch(`${sandbox.adminUrl}/webhooks/settle`, { method: 'POST' });
			expect(received).toHaveLength(2);
			expect(received.every((event) => event.eventId === 'appointmentBooking.updated')).toBe(true);
			expect(received.map((event) => event.transactionKey ?? null).sort()).toEqual(['tx-42', null].sort());
		} finally {
			await sandbox.stop();
			await new Promise((resolve) => receiver.close(resolve));
		}
	});
});

describe('request log', () => {
	it('records method, service, path, raw and parsed query, lower-cased headers, body and status', async () => {
		h.sandbox.log.clear();
		await h.call('GET', '/Business/Categories', {
			query: { verticalIds: [1, 2] },
			headers: { 'X-Trace': 'abc' },
		});
		await h.call('POST', '/Business/PromoCodes', {
			body: { Name: 'Logged', Code: 'LOGGED1', Discount: { Type: 'Amount', Amount: 2 } },
		});
		const [get, post] = h.sandbox.log.list();
		expect(get).toMatchObject({
			method: 'GET',
			service: 'rest',
			path: '/Business/Categories',
			rawQuery: 'verticalIds=1&verticalIds=2',
			query: { verticalIds: ['1', '2'] },
			status: 200,
			operation: 'GET /Business/Categories',
			at: TEST_START,
		});
		expect(get.headers).toMatchObject({
			'api-key': h.sandbox.apiKey,
			siteid: '-99',
			'x-trace': 'abc',
		});
		expect(post).toMatchObject({
			method: 'POST',
			status: 201,
			rawBody: expect.stringContaining('"LOGGED1"'),
		});
	});

	it('is read and cleared through the admin API, filtered by service and path', async () => {
		await h.call('GET', '/Business/Features');
		const filtered = await h.admin('GET', '/requests?service=rest&path=/Business/Features');
		expect(filtered.json.length).toBeGreaterThan(0);
		expect(filtered.json.every((e: { path: string }) => e.path === '/Business/Features')).toBe(true);
		const glob = await h.admin('GET', '/requests?path=/Business/*');
		expect(glob.json.length).toBeGreaterThan(filtered.json.length - 1);
		expect((await h.admin('DELETE', '/requests')).status).toBe(200);
		expect(h.sandbox.log.list()).toEqual([]);
	});
});

describe('admin API', () => {
	it('reads JSON bodies whatever the Content-Type (curl -d) and refuses malformed ones', async () => {
		const post = (body: string) =>
			fetch(`${h.sandbox.adminUrl}/clock/advance`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body,
			});
		expect((await post('{"ms":0}')).status).toBe(200);
		expect((await post('{"ms":')).status).toBe(400);
	});

	it('shows and advances the clock', async () => {
		expect((await h.admin('GET', '/clock')).json).toMatchObject({
			now: TEST_START,
			pendingTimers: [],
		});
		const advanced = await h.admin('POST', '/clock/advance', { ms: 90 * 60_000 });
		expect(advanced.json.now).toBe('2026-03-02T09:30:00Z');
		expect(h.sandbox.clock.iso()).toBe('2026-03-02T09:30:00Z');
		expect((await h.admin('POST', '/clock/advance', { ms: -5 })).status).toBe(400);
	});

	it('shows state collections, e-mails and events, and toggles online booking', async () => {
		const collections = await h.admin('GET', '/state');
		expect(collections.json).toEqual(
			expect.arrayContaining(['appointments', 'appointmentRequests', 'promoCodes', 'autopaySuspensions']),
		);
		const requests = await h.admin('GET', '/state/appointmentRequests');
		expect(requests.json).toHaveLength(h.site().appointmentRequests.length);
		expect((await h.admin('GET', '/state/promocodes')).json).toHaveLength(h.site().promoCodes.length);
		expect((await h.admin('GET', '/state/appointments?siteId=-98')).json).toHaveLength(
			h.sandbox.state.site(-98)!.appointments.length,
		);
		expect((await h.admin('GET', '/state/nothing')).status).toBe(404);
		const request = h.site().appointmentRequests.find((r) => r.Status === 'Pending')!;
		await h.call('POST', '/Business/Schedules/AppointmentRequests/Deny', {
			token: await h.staffToken(),
			body: [request.Id],
		});
		expect((await h.admin('GET', '/emails')).json.at(-1)).toMatchObject({
			kind: 'appointmentRequest.denied',
			at: h.sandbox.clock.iso(),
		});
		const booking = await h.admin('POST', '/business/online-booking', { enabled: false });
		expect(booking.json.AllowOnlineBooking).toBe(false);
		expect(h.site().settings.AllowOnlineBooking).toBe(false);
		expect((await h.admin('POST', '/business/online-booking', { enabled: 'no' })).status).toBe(400);
		expect((await h.admin('GET', '/accounts')).json.accounts).toHaveLength(3);
	});

	it('resets to the seeded state and reseeds with another seed and size', async () => {
		const token = await h.staffToken();
		await h.call('POST', '/Business/PromoCodes', {
			body: { Name: 'Gone soon', Code: 'GONE1', Discount: { Type: 'Amount', Amount: 1 } },
		});
		h.sandbox.faults.add({ kind: 'serverError', times: 'always', operation: 'GetSites' });
		expect((await h.admin('POST', '/reset')).status).toBe(200);
		expect(h.site().promoCodes.some((p) => p.Code === 'GONE1')).toBe(false);
		expect(h.site().settings.AllowOnlineBooking).toBe(true);
		expect([h.sandbox.log.list(), h.sandbox.faults.list(), h.sandbox.emails, h.sandbox.events]).toEqual([
			[],
			[],
			[],
			[],
		]);
		expect((await h.call('GET', '/Dashboard/Summary', { token })).status).toBe(401);
		expect(
			(
				await h.call('GET', '/Consumer/Schedules/Appointments/Locations', {
					token: h.sandbox.consumerToken,
				})
			).status,
		).toBe(200);
		const reseeded = await h.admin('POST', '/reseed', {
			seed: 99,
			size: { clients: 30, sales: 40 },
		});
		expect(reseeded.status).toBe(200);
		expect(h.site().clients).toHaveLength(30);
		expect(h.site().sales).toHaveLength(40);
		expect((await h.admin('POST', '/reseed', { seed: 'x' })).status).toBe(400);
	});
});
