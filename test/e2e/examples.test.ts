/**
 * The action node and the credential in a real n8n: examples/03 and examples/04 run (their
 * Schedule Trigger swapped for a webhook so the test can start them) and change the sandbox, and
 * the HTTP Request node with the `mindbodyApi` predefined credential gets its headers injected.
 * examples/03 e-mails the mail catcher (scripts/mailCatcher.ts) and waits: the test answers two
 * e-mails by following their links, as a person's browser would, and leaves a third unanswered.
 */
import { catcherSmtpCredential, startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/mailCatcher';
import type { Sandbox } from '../../sandbox';
import {
	admin,
	example,
	nodeOutput,
	staffPost,
	startE2eSandbox,
	until,
	useSharedN8n,
	VERSION,
	viaWebhook,
} from './support/mindbody';
import type { Execution, N8n } from './support/n8n';

jest.setTimeout(180000);

interface AppointmentRequest {
	Id: number;
	Type: string;
	Status: string;
	ClientId: number;
	StartDateTime: string;
	AppointmentId: number | null;
}
interface Client {
	Id: number;
	FirstName: string;
	LastName: string;
}
interface Appointment {
	Id: number;
	Status: string;
	ClientId: string;
	StaffId: number;
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

/** Who examples/03 asks. */
const MANAGER = 'manager@studio.example';
/** A browser's: n8n answers a link followed by a bot (a mail scanner) with nothing and records no answer. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The link of a button in an e-mail n8n sent, by the button's label. */
function linkIn(mail: CaughtMail, label: string): string {
	const links = [...mail.text.matchAll(/<a\s+href="([^"]+)"[^>]*>\s*([^<]*?)\s*<\/a>/g)];
	const found = links.find(([, , text]) => text === label);
	if (!found) throw new Error(`no "${label}" link in the e-mail: ${links.map(([, , text]) => text).join(', ')}`);
	return found[1].replace(/&amp;/g, '&');
}

/** A subject as written, its encoded words (RFC 2047, as nodemailer writes them) decoded. */
function subjectOf(mail: CaughtMail): string {
	return mail.subject
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
			Buffer.from(
				text
					.replace(/_/g, ' ')
					.replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
				'latin1',
			).toString('utf8'),
		)
		.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, text: string) => Buffer.from(text, 'base64').toString('utf8'));
}

/** Follows a link as a person's browser does; the status of the page it ends on. */
async function click(url: string): Promise<number> {
	const res = await fetch(url, { headers: { 'User-Agent': BROWSER }, signal: AbortSignal.timeout(30000) });
	await res.text();
	return res.status;
}

/** Output items of every run of a node (a node in a loop runs once per round). */
function nodeOutputs(execution: Execution, node: string): Array<Record<string, unknown>> {
	const runs = execution.data?.resultData.runData[node] ?? [];
	return runs.flatMap((run) => (run.data?.main[0] ?? []).map((item) => item.json));
}

describe(`Mindbody node and credential in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let credentialId: string;
	let mail: MailCatcher;
	let smtpId: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		mail = await startMailCatcher();
		const smtp = { name: 'Studio mail (SMTP)', type: 'smtp', data: catcherSmtpCredential(mail.port) };
		({
			n8n,
			credentialId,
			ids: { smtp: smtpId },
		} = await useSharedN8n(sandbox, { smtp }));
	});

	afterAll(async () => {
		await sandbox?.stop();
		await mail?.stop();
	});

	/** The workflow's executions once `count` of them have ended (a waiting one has not), bounded. */
	async function finished(workflowId: string, count: number, timeoutMs = 60000): Promise<Execution[]> {
		const ended = (list: Execution[]) =>
			list.filter((e) => e.status !== 'waiting' && e.status !== 'running' && e.stoppedAt);
		const list = await until(
			() => n8n.executions(workflowId),
			(l) => ended(l).length >= count,
			timeoutMs,
		);
		if (ended(list).length < count) {
			throw new Error(
				`${ended(list).length}/${count} runs of ${workflowId} ended: ${list.map((e) => e.status).join(', ')}`,
			);
		}
		return ended(list);
	}

	/** The request examples/03's first run leaves unanswered, for the next test. */
	let unanswered: AppointmentRequest | undefined;
	const about = (request: AppointmentRequest) => (m: CaughtMail) =>
		m.to.includes(MANAGER) && subjectOf(m).startsWith(`Appointment request ${request.Id}:`);

	it('examples/03 asks a person about each request by e-mail and approves or denies it by the answer', async () => {
		// Three requests waiting: the front desk turns down the others first (no one is told).
		const pending = (await admin<AppointmentRequest[]>(sandbox, 'GET', 'state/appointmentRequests'))
			.filter((r) => r.Type === 'Booking' && r.Status === 'Pending')
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));
		expect(pending.length).toBeGreaterThan(2);
		const kept = pending.slice(0, 2);
		unanswered = pending[2];
		const cleared = await staffPost(sandbox, '/Business/Schedules/AppointmentRequests/deny-multiple', {
			AppointmentRequestIds: pending.slice(3).map((r) => r.Id),
			NotificationPreference: 'None',
		});
		expect(cleared.status).toBe(201);

		const id = await n8n.importWorkflow(
			viaWebhook(example('03-review-appointment-requests.json', credentialId, smtpId), 'e2e-review-requests'),
		);
		expect((await n8n.webhook('e2e-review-requests', { body: {} })).status).toBe(200);

		// One e-mail per request, each its own waiting run with its own links.
		const [first, second] = await Promise.all(
			[...kept, unanswered].map((request) => mail.waitFor(about(request), 60000)),
		);
		expect(mail.mails.filter((m) => m.to.includes(MANAGER))).toHaveLength(3);
		const clients = await admin<Client[]>(sandbox, 'GET', 'state/clients');
		const client = clients.find((c) => c.Id === kept[0].ClientId)!;
		expect(subjectOf(first)).toBe(`Appointment request ${kept[0].Id}: ${client.FirstName} ${client.LastName}`);
		expect(first.text).toContain(`${client.FirstName} ${client.LastName} asks for an appointment with`);
		expect(linkIn(first, 'Approve')).not.toBe(linkIn(second, 'Approve'));

		expect(await click(linkIn(first, 'Approve'))).toBe(200);
		expect(await click(linkIn(second, 'Decline'))).toBe(200);

		// The daily run and the two answered runs it started; the third still waits.
		const runs = await finished(id, 3);
		for (const run of runs) expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
		const execution = runs.find((run) => run.data?.resultData.runData['Approve Request'])!;
		const denial = runs.find((run) => run.data?.resultData.runData['Deny Request'])!;

		const requests = await admin<AppointmentRequest[]>(sandbox, 'GET', 'state/appointmentRequests');
		const approved = requests.find((r) => r.Id === kept[0].Id)!;
		expect(approved).toMatchObject({ Status: 'Approved', AppointmentId: expect.any(Number) });
		const appointments = await admin<Appointment[]>(sandbox, 'GET', 'state/appointments');
		expect(appointments.find((a) => a.Id === approved.AppointmentId)).toMatchObject({
			Status: 'Booked',
			StartDateTime: kept[0].StartDateTime,
		});
		expect(requests.find((r) => r.Id === kept[1].Id)).toMatchObject({ Status: 'Denied', AppointmentId: null });

		const log = await admin<LoggedRequest[]>(sandbox, 'GET', 'requests?service=rest');
		expect(log.filter((r) => r.operation === 'POST /Business/Schedules/AppointmentRequests/Approve')).toHaveLength(1);
		expect(log.filter((r) => r.operation === 'POST /Business/Schedules/AppointmentRequests/Deny')).toHaveLength(1);
		// Both ids the person answered, nothing else decided.
		expect(nodeOutputs(execution, 'Approve Request').map((o) => o.Results)).toEqual([
			[expect.objectContaining({ AppointmentRequestId: kept[0].Id, Status: 'Approved' })],
		]);
		expect(nodeOutputs(denial, 'Deny Request').map((o) => o.Results)).toEqual([
			[expect.objectContaining({ AppointmentRequestId: kept[1].Id, Status: 'Denied' })],
		]);
	});

	it('examples/03 leaves a request nobody answers pending when the wait runs out', async () => {
		// The same workflow with a wait of 3 seconds instead of 2 days; n8n looks for waits that ran
		// out once a minute.
		const workflow = viaWebhook(
			example('03-review-appointment-requests.json', credentialId, smtpId),
			'e2e-review-unanswered',
		);
		const ask = workflow.nodes.find((node) => node.name === 'Ask for Approval')!;
		const options = (ask.parameters as { options: { limitWaitTime: { values: Record<string, unknown> } } }).options;
		options.limitWaitTime.values = { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' };
		const id = await n8n.importWorkflow({ ...workflow, name: `${workflow.name}, short wait` });
		const asked = mail.mails.filter(about(unanswered!)).length;
		expect((await n8n.webhook('e2e-review-unanswered', { body: {} })).status).toBe(200);
		await until(
			() => Promise.resolve(mail.mails.filter(about(unanswered!)).length),
			(count) => count > asked,
		);

		const runs = await finished(id, 2, 150000);
		for (const run of runs) expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
		const run = runs.find((r) => r.data?.resultData.runData['Ask for Approval'])!;
		// The e-mail node passed its input (the client) on with no answer: neither approved nor denied.
		const passed = nodeOutputs(run, 'Ask for Approval');
		expect(passed).toHaveLength(1);
		expect(passed[0]).not.toHaveProperty('data');
		expect(passed[0]).toHaveProperty('FirstName');
		expect(run.data?.resultData.runData['Approve Request']).toBeUndefined();
		expect(run.data?.resultData.runData['Deny Request']).toBeUndefined();
		const requests = await admin<AppointmentRequest[]>(sandbox, 'GET', 'state/appointmentRequests');
		expect(requests.find((r) => r.Id === unanswered!.Id)).toMatchObject({ Status: 'Pending' });
	});

	it('examples/03 has no Code node, runs each request on its own and waits two days for an answer', () => {
		const workflow = example('03-review-appointment-requests.json', credentialId, smtpId);
		const byName = new Map(workflow.nodes.map((node) => [node.name, node]));
		expect(workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.code')).toEqual([]);
		const note = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
		expect(String((note?.parameters as { content?: string }).content)).toContain('No answer within 2 days');
		const ask = byName.get('Ask for Approval')!.parameters as Record<string, unknown>;
		expect(ask).toMatchObject({
			operation: 'sendAndWait',
			approvalOptions: { values: { approvalType: 'double' } },
			options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'days' } } },
		});
		// After the limit the e-mail node passes its input on (no answer in it): neither Approved? nor
		// Declined? holds, and the run ends with the request untouched.
		const next = (name: string, output: number) =>
			(workflow.connections[name] as { main: Array<Array<{ node: string }>> }).main[output].map((c) => c.node);
		expect(next('Approved?', 1)).toEqual(['Declined?']);
		expect(next('Declined?', 1)).toEqual([]);
		// Each request is a run of its own: its e-mail's links resume that run only.
		expect(byName.get('Ask About Each')!.parameters).toMatchObject({
			mode: 'each',
			options: { waitForSubWorkflow: false },
		});
	});

	it('examples/04 validates and books a weekly series from next week', async () => {
		const before = await admin<Appointment[]>(sandbox, 'GET', 'state/appointments');
		const workflow = example('04-book-recurring-next-week.json', credentialId);
		// No ID typed in: the series takes every ID from the nodes before it, by expression.
		const series = workflow.nodes.find((n) => n.name === 'Series Next Week')!.parameters as {
			assignments: { assignments: Array<{ name: string; value: unknown }> };
		};
		const ids = series.assignments.assignments.filter((a) => /Id$/.test(a.name));
		expect(ids.map((a) => a.name).sort()).toEqual(['AppointmentTypeId', 'ClientId', 'LocationId', 'StaffId']);
		for (const assignment of ids) expect(String(assignment.value)).toMatch(/^=\{\{ \$/);
		const id = await n8n.importWorkflow(viaWebhook(workflow, 'e2e-book-recurring'));
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
		// For the client Find Client found by the name typed, with the staff member picked.
		const [found] = nodeOutput(execution, 'Find Client') as Array<{ Id: string; FirstName: string; LastName: string }>;
		expect(`${found.FirstName} ${found.LastName}`).toBe('Nora Johnson');
		const [open] = nodeOutput(execution, 'Open Times Next Monday') as Array<{ Staff: { Id: number } }>;
		for (const a of created) expect([String(a.ClientId), a.StaffId]).toEqual([String(found.Id), open.Staff.Id]);
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
