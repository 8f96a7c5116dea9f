/**
 * Examples 1 and 2 as a user imports them: activated in a real n8n, driven by signed events from
 * the sandbox, their results read from n8n's execution records.
 */
import type { Sandbox } from '../../sandbox';
import {
	active,
	activeSubscriptions,
	admin,
	example,
	nodeOutput,
	startE2eSandbox,
	subscriptions,
	useSharedN8n,
	VERSION,
} from './support/mindbody';
import type { N8n } from './support/n8n';

jest.setTimeout(180000);

interface Emitted {
	eventData: Record<string, unknown>;
}

const sale = (saleId: number, items: Array<{ name: string; quantity: number; amountPaid: number }>) => ({
	eventId: 'clientSale.created',
	eventData: {
		saleId,
		totalAmountPaid: items.reduce((sum, item) => sum + item.amountPaid, 0),
		items: items.map((item, n) => ({
			itemId: 500 + n,
			type: 'Product',
			amountDiscounted: 0,
			recipientClientId: '100001',
			paymentReferenceId: saleId,
			...item,
		})),
	},
});

describe(`example workflows 1 and 2 in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let welcomeId: string;
	let summaryId: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		const started = await useSharedN8n(sandbox);
		n8n = started.n8n;
		welcomeId = await n8n.importWorkflow(example('01-welcome-new-client.json', started.credentialId));
		summaryId = await n8n.importWorkflow(example('02-sales-running-summary.json', started.credentialId));
		await activeSubscriptions(sandbox, 2);
	});

	afterAll(async () => {
		await sandbox?.stop();
	});

	it('each example holds exactly one Active subscription for its event', async () => {
		const list = active(await subscriptions(sandbox));
		expect(list.map((s) => s.eventIds).sort()).toEqual([['client.created'], ['clientSale.created']]);
	});

	it('1: client.created builds a welcome message for the new client', async () => {
		const emitted = await admin<Emitted>(sandbox, 'POST', 'webhooks/emit', { eventId: 'client.created' });
		await admin(sandbox, 'POST', 'webhooks/settle');
		const [execution] = await n8n.waitForExecutions(welcomeId, 1);
		expect(execution.status).toBe('success');
		const [message] = nodeOutput(execution, 'Welcome Message');
		const { firstName, lastName, clientId, email } = emitted.eventData as Record<string, string>;
		expect(message).toMatchObject({ clientId, email, subject: `Welcome to the studio, ${firstName}!` });
		expect(message.message).toContain(`Hi ${firstName} ${lastName},`);
		expect(message.message).toContain(`Your client ID is ${clientId}`);
	});

	it("2: clientSale.created adds each sale's items to a running summary", async () => {
		await admin(
			sandbox,
			'POST',
			'webhooks/emit',
			sale(9001, [
				{ name: 'Grip socks', quantity: 2, amountPaid: 24 },
				{ name: 'Water bottle', quantity: 1, amountPaid: 15.5 },
			]),
		);
		await admin(sandbox, 'POST', 'webhooks/settle');
		await n8n.waitForExecutions(summaryId, 1);

		await admin(sandbox, 'POST', 'webhooks/emit', sale(9002, [{ name: 'Grip socks', quantity: 1, amountPaid: 12 }]));
		await admin(sandbox, 'POST', 'webhooks/settle');
		const runs = await n8n.waitForExecutions(summaryId, 2);
		expect(runs.every((run) => run.status === 'success')).toBe(true);

		const latest = runs.map((run) => nodeOutput(run, 'Add Sale to Summary')[0]).find((s) => s.sales === 2);
		expect(latest).toEqual({
			sales: 2,
			totalPaid: 51.5,
			lastSaleId: 9002,
			items: {
				'Grip socks': { type: 'Product', quantity: 3, amountPaid: 36 },
				'Water bottle': { type: 'Product', quantity: 1, amountPaid: 15.5 },
			},
		});
	});
});
