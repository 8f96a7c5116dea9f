/**
 * The loop the spec's seeds describe, in a real n8n: one workflow's Mindbody node creates a
 * client (POST /client/addclient), the sandbox dispatches client.created, and examples/05's
 * Mindbody Trigger runs once with that client: the week's first bookable intro class found by the
 * Mindbody node (Limit 1), the client booked into it, a welcome email sent over SMTP to a local
 * catcher (scripts/mailCatcher.ts). examples/06 books standing clients into next week's classes.
 */
import { addClientWorkflow } from '../../scripts/addClientWorkflow';
import { catcherSmtpCredential, startMailCatcher, type MailCatcher } from '../../scripts/mailCatcher';
import type { Sandbox } from '../../sandbox';
import {
	activeSubscriptions,
	admin,
	example,
	nodeOutput,
	startE2eSandbox,
	useSharedN8n,
	VERSION,
	viaWebhook,
} from './support/mindbody';
import type { N8n } from './support/n8n';

jest.setTimeout(240000);

interface Visit {
	ClassId: number;
	ClientId: number;
	Status: string;
}

interface Class {
	Id: number;
	StartDateTime: string;
	ClassDescription: { Id: number; Name: string };
}

interface Client {
	/** The public client ID (text); UniqueId is the number the sandbox keys records by. */
	Id: string;
	UniqueId: number;
	FirstName: string;
	LastName: string;
	Email: string;
}

describe(`examples 5 and 6 and the client loop in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let credentialId: string;
	let introId: string;
	let mail: MailCatcher;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		mail = await startMailCatcher();
		const smtp = { name: 'Studio mail (SMTP)', type: 'smtp', data: catcherSmtpCredential(mail.port) };
		let ids: { smtp: string };
		({ n8n, credentialId, ids } = await useSharedN8n(sandbox, { smtp }));
		introId = await n8n.importWorkflow(example('05-new-client-intro-class.json', credentialId, ids.smtp));
		await activeSubscriptions(sandbox);
	});

	afterAll(async () => {
		await sandbox?.stop();
		await mail?.stop();
	});

	it('a client created by one workflow starts examples/05 once, which books the intro class and emails the client', async () => {
		const createId = await n8n.importWorkflow(addClientWorkflow(credentialId, 'e2e-create-client'));
		const email = `new.client.${Date.now()}@example.com`;
		const res = await n8n.webhook('e2e-create-client', { body: { firstName: 'Nova', lastName: 'Loop', email } });
		expect(res.status).toBe(200);
		const [created] = await n8n.waitForExecutions(createId, 1);
		expect(created.status).toBe('success');
		const [client] = nodeOutput(created, 'Create Client') as unknown as Client[];
		expect(client).toMatchObject({ FirstName: 'Nova', LastName: 'Loop', Email: email });

		await admin(sandbox, 'POST', 'webhooks/settle');
		const [run] = await n8n.waitForExecutions(introId, 1);
		expect(run.status).toBe('success');
		const [event] = nodeOutput(run, 'Mindbody Trigger');
		expect(event).toMatchObject({ eventId: 'client.created' });
		expect((event.eventData as { clientId: string }).clientId).toBe(client.Id);

		// The Mindbody node's own filters and Limit 1 pick the class: the earliest bookable intro class.
		const found = nodeOutput(run, 'Next Open Intro Class') as unknown as Class[];
		expect(found).toHaveLength(1);
		const [klass] = found;
		expect(klass.ClassDescription.Id).toBe(301);
		const log = await admin<Array<{ operation?: string }>>(sandbox, 'GET', 'requests?service=rest');
		expect(log.filter((r) => r.operation === 'GetClasses')).toHaveLength(1);
		const records = await admin<{ visits: Visit[] }>(sandbox, 'GET', 'state/classRecords');
		const roster = records.visits.filter((v) => v.ClientId === client.UniqueId);
		expect(roster.map((v) => v.ClassId)).toEqual([klass.Id]);

		const welcome = await mail.waitFor((m) => m.to.includes(email));
		expect(welcome.subject).toBe('Welcome, Nova: your first class is booked');
		expect(welcome.from).toBe('frontdesk@studio.example');
		expect(welcome.text).toContain(`We booked you into ${klass.ClassDescription.Name} on `);
		expect(nodeOutput(run, 'Send Welcome Email')[0]).toMatchObject({ accepted: [email] });

		// Once: after the deliveries settle again there is no other run of the trigger.
		await admin(sandbox, 'POST', 'webhooks/settle');
		expect(await n8n.executions(introId)).toHaveLength(1);
		expect(mail.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
	});

	it("examples/06 books each standing client into next week's class on their day", async () => {
		const workflow = viaWebhook(example('06-book-standing-clients-next-week.json', credentialId), 'e2e-standing');
		// The standing clients as the example lists them, by e-mail, and who they are in the sandbox.
		// A field per weekday, its value that day's clients separated by commas.
		const list = workflow.nodes.find((n) => n.name === 'Standing Clients')!.parameters as {
			assignments: { assignments: Array<{ value: string }> };
		};
		const emails = list.assignments.assignments.flatMap((day) => day.value.split(',').map((email) => email.trim()));
		const clients = await admin<Array<{ ClientId: string; Email: string }>>(sandbox, 'GET', 'state/clients');
		const standing = emails.map((email) => clients.find((c) => c.Email === email)!.ClientId).sort();
		expect(standing).toHaveLength(emails.length);
		const id = await n8n.importWorkflow(workflow);
		const res = await n8n.webhook('e2e-standing', { body: {} });
		expect(res.status).toBe(200);
		const [run] = await n8n.waitForExecutions(id, 1);
		expect(run.data?.resultData.error).toBeUndefined();
		expect(run.status).toBe('success');
		const planned = nodeOutput(run, 'On the Standing Day') as Array<{ clientId: string; classId: number }>;
		expect(planned.map((p) => p.clientId).sort()).toEqual(standing);
		const records = await admin<{ visits: Visit[] }>(sandbox, 'GET', 'state/classRecords');
		for (const { clientId, classId } of planned) {
			expect(records.visits.some((v) => v.ClientId === Number(clientId) && v.ClassId === classId)).toBe(true);
		}
		expect(nodeOutput(run, 'Book Standing Class')).toHaveLength(standing.length);

		// Run again the same week: each client is booked already. The run still succeeds, each booking
		// comes out as an item with its error, and nobody is booked twice. (Past the service's window in
		// which an identical request gets the first one's answer again.)
		await admin(sandbox, 'POST', 'clock/advance', { ms: 11_000 });
		expect((await n8n.webhook('e2e-standing', { body: {} })).status).toBe(200);
		const again = (await n8n.waitForExecutions(id, 2)).find((execution) => execution.id !== run.id)!;
		expect(again.status).toBe('success');
		const errors = nodeOutput(again, 'Book Standing Class') as Array<{ error?: string }>;
		expect(errors).toHaveLength(standing.length);
		for (const item of errors) expect(item.error).toContain('(ClientAlreadyBooked)');
		const after = await admin<{ visits: Visit[] }>(sandbox, 'GET', 'state/classRecords');
		for (const { clientId, classId } of planned) {
			expect(after.visits.filter((v) => v.ClientId === Number(clientId) && v.ClassId === classId)).toHaveLength(1);
		}
	});
});
