/**
 * The credential through n8n's HTTP Request node (Predefined Credential Type → Mindbody API, staff
 * login) in a real n8n: which headers arrive where, how often it logs in, and how an expired
 * token is replaced.
 */
import type { IncomingHttpHeaders } from 'node:http';

import type { Sandbox } from '../../sandbox';
import { startRecordingServer } from '../support/recordingServer';
import { sandboxCredential, startE2eSandbox, useSharedN8n, VERSION } from './support/mindbody';
import type { N8n, WorkflowJson } from './support/n8n';

jest.setTimeout(240000);

const DAY = 24 * 60 * 60 * 1000;

interface Call {
	name: string;
	url: string;
}

/** A webhook-started workflow whose HTTP Request nodes call each URL in turn and carry on past errors. */
function httpRequests(seq: number, webhookPath: string, credentialId: string, calls: Call[]): WorkflowJson {
	const id = (n: number) => `7c1d2e3f-000${seq}-4000-8000-${String(n).padStart(12, '0')}`;
	const nodes: Array<Record<string, unknown>> = [
		{
			id: id(1),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `7c1d2e3f-111${seq}-4000-8000-000000000001`,
			parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
		},
		...calls.map((call, index) => ({
			id: id(100 + index),
			name: call.name,
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [240 * (index + 1), 0],
			onError: 'continueRegularOutput',
			// Once per run, not once per item the previous call returned.
			executeOnce: true,
			parameters: {
				method: 'GET',
				url: call.url,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'mindbodyApi',
				options: {},
			},
			credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody' } },
		})),
	];
	const names = ['Webhook', ...calls.map((call) => call.name)];
	const connections = Object.fromEntries(
		names.slice(0, -1).map((from, i) => [from, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);
	return { name: `e2e: ${webhookPath}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

const header = (headers: IncomingHttpHeaders, name: string) => headers[name.toLowerCase()];

describe(`Mindbody credential through the HTTP Request node in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let other: Awaited<ReturnType<typeof startRecordingServer>>;
	let n8n: N8n;
	let fresh: string;
	let expired: string;
	let expiredToken: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		other = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
		// A token issued yesterday, past its expiry at the service and in the stored credential.
		const issued = await fetch(`${sandbox.restBaseUrl}/usertoken/issue`, {
			method: 'POST',
			headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
			body: JSON.stringify({ Username: sandbox.staffLogin.username, Password: sandbox.staffLogin.password }),
		});
		expiredToken = ((await issued.json()) as { AccessToken: string }).AccessToken;
		await sandbox.clock.advance(DAY + 60_000);
		// The staff login is the suite's sandbox credential; the other holds yesterday's token.
		const staff = sandboxCredential(sandbox);
		({
			n8n,
			credentialId: fresh,
			ids: { expired },
		} = await useSharedN8n(sandbox, {
			expired: {
				...staff,
				name: 'Mindbody expired token',
				data: { ...staff.data, accessToken: expiredToken, loginExpires: new Date(Date.now() - 60_000).toISOString() },
			},
		}));
		sandbox.log.clear();
	});

	afterAll(async () => {
		await other?.stop();
		await sandbox?.stop();
	});

	it('sends the API key, SiteId and token only to the REST API, the API key alone to the webhook service, nothing elsewhere; a 404 costs no login', async () => {
		const origin = new URL(sandbox.restBaseUrl).origin;
		const calls: Call[] = [
			{ name: 'Operation With Token', url: `${sandbox.restBaseUrl}/Consumer/Schedules/Appointments/Locations` },
			{ name: 'Operation Without Token', url: `${sandbox.restBaseUrl}/Business/Categories` },
			{ name: 'Path Not In Catalogue', url: `${sandbox.restBaseUrl}/e2e/not-in-the-catalogue?probe=1` },
			{ name: 'Webhook Service', url: `${sandbox.webhooksBaseUrl}/subscriptions` },
			{ name: 'Outside Both Bases', url: `${origin}/elsewhere/clients` },
			{ name: 'Base Lookalike', url: `${sandbox.restBaseUrl}x/Business/Categories` },
			{ name: 'Other Server', url: `${other.url}/public/v6/Business/Categories` },
		];
		const id = await n8n.importWorkflow(httpRequests(1, 'e2e-credential-scope', fresh, calls));
		expect((await n8n.webhook('e2e-credential-scope', { body: {} })).status).toBe(200);
		const [execution] = await n8n.waitForExecutions(id, 1, 60000);
		expect(execution.status).toBe('success');

		const log = sandbox.log.list();
		const at = (path: string) => log.filter((entry) => entry.path.toLowerCase() === path.toLowerCase());
		// One login for the whole run, before the first call, though two calls failed (404, 404).
		expect(at('/usertoken/issue')).toHaveLength(1);
		expect(log[0].path).toBe('/usertoken/issue');

		const [withToken] = at('/Consumer/Schedules/Appointments/Locations');
		expect(withToken.status).toBe(200);
		expect(header(withToken.headers, 'API-Key')).toBe(sandbox.apiKey);
		expect(header(withToken.headers, 'SiteId')).toBe(String(sandbox.siteId));
		expect(String(header(withToken.headers, 'Authorization'))).toMatch(/^Bearer \S+$/);

		const [withoutToken] = at('/Business/Categories');
		expect(header(withoutToken.headers, 'API-Key')).toBe(sandbox.apiKey);
		expect(header(withoutToken.headers, 'SiteId')).toBe(String(sandbox.siteId));
		expect(header(withoutToken.headers, 'Authorization')).toBeUndefined();

		// Operations the spec names without a path (checkout, …) take the token.
		const notInCatalogue = at('/e2e/not-in-the-catalogue');
		expect(notInCatalogue).toHaveLength(1);
		expect(notInCatalogue[0].status).toBe(404);
		expect(String(header(notInCatalogue[0].headers, 'Authorization'))).toMatch(/^Bearer \S+$/);

		const [webhooks] = log.filter((entry) => entry.service === 'webhooks');
		expect(webhooks.path).toBe('/subscriptions');
		expect(header(webhooks.headers, 'API-Key')).toBe(sandbox.apiKey);
		expect(header(webhooks.headers, 'SiteId')).toBeUndefined();
		expect(header(webhooks.headers, 'Authorization')).toBeUndefined();

		const elsewhere = log.filter((entry) => entry.service === 'unknown');
		expect(elsewhere.map((entry) => entry.path.toLowerCase()).sort()).toEqual(
			['/elsewhere/clients', `${new URL(sandbox.restBaseUrl).pathname}x/business/categories`.toLowerCase()].sort(),
		);
		const others: Array<{ headers: IncomingHttpHeaders }> = [...elsewhere, ...other.requests];
		expect(other.requests).toHaveLength(1);
		for (const request of others) {
			expect(header(request.headers, 'API-Key')).toBeUndefined();
			expect(header(request.headers, 'SiteId')).toBeUndefined();
			expect(header(request.headers, 'Authorization')).toBeUndefined();
		}
		const stored = JSON.stringify(await n8n.executions(id));
		expect(stored).not.toContain(sandbox.staffLogin.password);
		expect(stored).not.toContain(sandbox.apiKey);
	});

	it('an expired token: 401, one login, the one retry with the new token', async () => {
		sandbox.log.clear();
		const calls: Call[] = [
			{ name: 'Locations', url: `${sandbox.restBaseUrl}/Consumer/Schedules/Appointments/Locations` },
			{ name: 'Locations Again', url: `${sandbox.restBaseUrl}/Consumer/Schedules/Appointments/Locations` },
		];
		const id = await n8n.importWorkflow(httpRequests(2, 'e2e-expired-token', expired, calls));
		expect((await n8n.webhook('e2e-expired-token', { body: {} })).status).toBe(200);
		const [execution] = await n8n.waitForExecutions(id, 1, 60000);
		expect(execution.status).toBe('success');

		const log = sandbox.log.list();
		expect(log.map((entry) => [entry.path, entry.status])).toEqual([
			['/Consumer/Schedules/Appointments/Locations', 401],
			['/usertoken/issue', 200],
			['/Consumer/Schedules/Appointments/Locations', 200],
			['/Consumer/Schedules/Appointments/Locations', 200],
		]);
		expect(header(log[0].headers, 'Authorization')).toBe(`Bearer ${expiredToken}`);
		const renewed = header(log[2].headers, 'Authorization');
		expect(renewed).not.toBe(`Bearer ${expiredToken}`);
		expect(header(log[3].headers, 'Authorization')).toBe(renewed);
	});
});
