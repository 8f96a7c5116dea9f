/**
 * The package's three nodes once each in a real n8n installed from the packed tarball: an action
 * (Client: Create behind a webhook), a signed delivery to the Mindbody Trigger and a poll of the
 * Poll Trigger, all about the one client the action made. The second host runs this beside the
 * suites whose behaviour differs by n8n version (CONTRIBUTING, "End-to-end suites per host").
 */
import { addClientWorkflow } from '../../scripts/addClientWorkflow';
import type { Sandbox } from '../../sandbox';
import {
	activeSubscriptions,
	admin,
	nodeOutput,
	startE2eSandbox,
	until,
	useSharedN8n,
	VERSION,
} from './support/mindbody';
import type { N8n, WorkflowJson } from './support/n8n';
import { pollStateStored, pollWaitMs, pollWorkflow, POLL_NODE } from './support/pollTrigger';

jest.setTimeout(300_000);

const TRIGGER_WEBHOOK_ID = '5e0c0001-0000-4000-8000-0000000000bb';

function triggerWorkflow(credentialId: string): WorkflowJson {
	return {
		name: 'smoke: client.created',
		nodes: [
			{
				id: '5e0c0001-0000-4000-8000-000000000001',
				name: 'Mindbody Trigger',
				type: 'n8n-nodes-mindbody.mindbodyTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: TRIGGER_WEBHOOK_ID,
				parameters: { events: ['client.created'], options: {} },
				credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

describe(`smoke: the package in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let credentialId: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		// The run's shared n8n, installed from the packed tarball like every suite's.
		({ n8n, credentialId } = await useSharedN8n(sandbox));
	});

	afterAll(async () => {
		await sandbox?.stop();
	});

	it('installed from the tarball: an action, a webhook delivery and a poll each pass the new client on once', async () => {
		expect(n8n.packageName).toBe('n8n-nodes-mindbody');

		// The triggers first; the poll trigger's first poll learns what exists and passes nothing on.
		const triggerId = await n8n.importWorkflow(triggerWorkflow(credentialId));
		const pollId = await n8n.importWorkflow({
			...pollWorkflow(credentialId, VERSION, { event: 'clientCreated' }),
			name: 'smoke: poll clientCreated',
		});
		const [subscription] = await activeSubscriptions(sandbox);
		expect(subscription.webhookUrl).toBe(n8n.webhookUrl(`${TRIGGER_WEBHOOK_ID}/webhook`));
		expect(await until(() => pollStateStored(n8n, pollId), Boolean, pollWaitMs(VERSION) + 60_000)).toBe(true);

		// The action: Client: Create through the node, answered with the new client.
		const action = addClientWorkflow(credentialId, 'smoke-add-client');
		// Its own webhook id beside the same workflow of another suite in the shared n8n.
		const actionId = await n8n.importWorkflow({
			...action,
			name: 'smoke: add a client',
			nodes: action.nodes.map((node) =>
				node.webhookId ? { ...node, webhookId: '5e0c0001-0000-4000-8000-0000000000cc' } : node,
			),
		});
		const answer = await n8n.webhook('smoke-add-client', {
			body: { firstName: 'Smoke', lastName: 'Test', email: 'smoke@example.com' },
		});
		expect(answer.status).toBe(200);
		const created = (answer.json as { Id?: unknown; Client?: { Id?: unknown } }) ?? {};
		const clientId = String(created.Id ?? created.Client?.Id);
		expect(clientId).toMatch(/^\d+$/);
		const [run] = await n8n.waitForExecutions(actionId, 1);
		expect(run.status).toBe('success');
		expect(sandbox.log.list({ service: 'rest', method: 'POST', path: '/client/addclient' })).toHaveLength(1);

		// The service's signed delivery of that client.created runs the trigger's workflow.
		await admin(sandbox, 'POST', 'webhooks/settle');
		const [delivered] = await n8n.waitForExecutions(triggerId, 1, 60_000);
		expect(delivered.status).toBe('success');
		const [event] = nodeOutput(delivered, 'Mindbody Trigger');
		expect(String((event.eventData as { clientId: unknown }).clientId)).toBe(clientId);

		// A scheduled poll passes the same client on.
		const polled = await until(
			async () => (await n8n.executions(pollId)).filter((e) => e.stoppedAt),
			(runs) => runs.length > 0,
			pollWaitMs(VERSION) + 30_000,
		);
		expect(polled.map((run) => run.status)).toEqual(polled.map(() => 'success'));
		const items = polled.flatMap((run) => nodeOutput(run, POLL_NODE));
		expect(items.map((item) => String((item.eventData as { clientId: unknown }).clientId))).toEqual([clientId]);
	});
});
