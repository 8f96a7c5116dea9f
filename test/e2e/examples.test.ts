/**
 * The action node and the credential in a real n8n: examples/03 and examples/04 run (their
 * Schedule Trigger swapped for a webhook so the test can start them) and change the sandbox, and
 * the HTTP Request node with the `mindbodyApi` predefined credential gets its headers injected.
 */
import type { Sandbox } from '../../sandbox';
import { admin, example, nodeOutput, startE2eSandbox, startN8n, VERSION, viaWebhook } from './support/mindbody';
import type { N8n } from './support/n8n';

jest.setTimeout(180000);

interface AppointmentRequest {
	Id: number;
	Type: string;
	Status: string;
	AppointmentId: number | null;
}
interface Appointment {
	Id: number;
	ClientId: string;
	RecurrenceId?: number | null;
	Notes?: string;
	StartDateTime: string;
}
interface LoggedRequest {
	method: string;
	path: string;
	status: number;
	operation?: string;
	headers: Record<string, string | string[] | undefined>;
}

describe(`Mindbody node and credential in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let credentialId: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		({ n8n, credentialId } = await startN8n(sandbox));
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
	});

	it('examples/03 approves the booking requests in one batch and denies the rest in one call', async () => {
		const id = await n8n.importWorkflow(
			viaWebhook(example('03-review-appointment-requests.json', credentialId), 'e2e-review-requests'),
		);
		const res = await n8n.webhook('e2e-review-requests', { body: {} });
		expect(res.status).toBe(200);
		const [execution] = await n8n.waitForExecutions(id, 1);
		expect(execution.data?.resultData.error).toBeUndefined();
		expect(execution.status).toBe('success');

		const requests = await admin<AppointmentRequest[]>(sandbox, 'GET', 'state/appointmentRequests');
		const byId = new Map(requests.map((r) => [r.Id, r]));
		for (const booking of [60001, 60003, 60004]) {
			expect(byId.get(booking)).toMatchObject({ Type: 'Booking', Status: 'Approved' });
			expect(byId.get(booking)!.AppointmentId).toEqual(expect.any(Number));
		}
		for (const cancellation of [60002, 60007]) {
			expect(byId.get(cancellation)).toMatchObject({ Type: 'Cancellation', Status: 'Denied' });
		}
		// Untouched: not in the workflow's list.
		expect(byId.get(60006)!.Status).toBe('Pending');

		const log = await admin<LoggedRequest[]>(sandbox, 'GET', 'requests?service=rest');
		expect(log.filter((r) => r.operation === 'GET /Business/Schedules/AppointmentRequests/{id}')).toHaveLength(5);
		// Batching on: one Approve request for the three bookings.
		expect(log.filter((r) => r.operation === 'POST /Business/Schedules/AppointmentRequests/Approve')).toHaveLength(1);
		expect(
			log.filter((r) => r.operation === 'POST /Business/Schedules/AppointmentRequests/deny-multiple'),
		).toHaveLength(1);

		expect(nodeOutput(execution, 'Is Booking Request?', 0)).toHaveLength(3);
		expect(nodeOutput(execution, 'Is Booking Request?', 1)).toHaveLength(2);
		expect(nodeOutput(execution, 'Deny Multiple')[0]).toMatchObject({ NotificationPreference: 'Email' });
	});

	it('examples/04 validates and books a weekly series from next week', async () => {
		const before = await admin<Appointment[]>(sandbox, 'GET', 'state/appointments');
		const id = await n8n.importWorkflow(
			viaWebhook(example('04-book-recurring-next-week.json', credentialId), 'e2e-book-recurring'),
		);
		const res = await n8n.webhook('e2e-book-recurring', { body: {} });
		expect(res.status).toBe(200);
		const [execution] = await n8n.waitForExecutions(id, 1);
		expect(execution.data?.resultData.error).toBeUndefined();
		expect(execution.status).toBe('success');

		expect(nodeOutput(execution, 'Validate Recurring')[0]).toMatchObject({ HasConflicts: false });
		const booked = nodeOutput(execution, 'Book Recurring')[0] as { AppointmentIds: number[]; RecurrenceId: number };
		expect(booked.AppointmentIds).toHaveLength(4);

		const after = await admin<Appointment[]>(sandbox, 'GET', 'state/appointments');
		expect(after.length - before.length).toBe(4);
		const created = after.filter((a) => booked.AppointmentIds.includes(a.Id));
		expect(created).toHaveLength(4);
		for (const a of created) expect(a.RecurrenceId).toBe(booked.RecurrenceId);
		// First occurrence: next Monday (UTC), 13:00.
		const first = new Date(created.map((a) => a.StartDateTime).sort()[0]);
		expect(first.getUTCDay()).toBe(1);
		expect(first.getUTCHours()).toBe(13);
		expect(first.getTime()).toBeGreaterThan(Date.now());
		expect(first.getTime()).toBeLessThan(Date.now() + 8 * 24 * 3600 * 1000);
	});

	it('the HTTP Request node with the mindbodyApi credential injects API-Key, SiteId and the staff token', async () => {
		const url = `${sandbox.restBaseUrl}/e2e/not-in-the-catalogue?probe=1`;
		const id = await n8n.importWorkflow({
			name: 'e2e: HTTP Request with mindbodyApi',
			nodes: [
				{
					id: '5a0c1d2e-0000-4000-8000-000000000001',
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: '5a0c1d2e-0000-4000-8000-0000000000aa',
					parameters: { httpMethod: 'POST', path: 'e2e-http-request', responseMode: 'onReceived', options: {} },
				},
				{
					id: '5a0c1d2e-0000-4000-8000-000000000002',
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [240, 0],
					// The path is unknown to the sandbox (404): keep going so the run is a success.
					onError: 'continueRegularOutput',
					parameters: {
						method: 'GET',
						url,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'mindbodyApi',
						options: {},
					},
					credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
				},
			],
			connections: { Webhook: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		expect((await n8n.webhook('e2e-http-request', { body: {} })).status).toBe(200);
		await n8n.waitForExecutions(id, 1);

		const log = await admin<LoggedRequest[]>(sandbox, 'GET', 'requests?service=rest');
		const probe = log.filter((r) => r.path.includes('/e2e/not-in-the-catalogue'));
		// n8n-core's legacy requestWithAuthentication (HTTP Request v4) retries once with a freshly
		// pre-authenticated credential on *any* error, so the 404 is sent twice (new token the 2nd time).
		expect(probe.length).toBeGreaterThanOrEqual(1);
		expect(probe.length).toBeLessThanOrEqual(2);
		for (const request of probe) {
			expect(request.headers['api-key']).toBe(sandbox.apiKey);
			expect(String(request.headers['siteid'])).toBe(String(sandbox.siteId));
			expect(String(request.headers['authorization'])).toMatch(/^Bearer \S+/);
		}
	});
});
