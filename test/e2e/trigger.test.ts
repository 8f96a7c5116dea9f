/**
 * The Mindbody Trigger in a real n8n against the sandbox's webhook service: one subscription per
 * activation, signed deliveries run the workflow, forged ones are refused, deactivation leaves none;
 * on the run's shared n8n. Reactivation and a restart: triggerExactlyOnce.test.ts, which restarts
 * its own n8n.
 */
import type { Sandbox } from '../../sandbox';
import { active, admin, startE2eSandbox, subscriptions, until, useSharedN8n, VERSION } from './support/mindbody';
import type { Execution, N8n, WorkflowJson } from './support/n8n';

jest.setTimeout(180000);

const WEBHOOK_ID = '3f1e2d4c-5b6a-4788-9a0b-1c2d3e4f5a60';
const TRIGGER_NODE = 'Mindbody Trigger';

function triggerWorkflow(credentialId: string): WorkflowJson {
	return {
		name: 'e2e: client.created',
		nodes: [
			{
				id: '3f1e2d4c-0000-4000-8000-000000000001',
				name: TRIGGER_NODE,
				type: 'n8n-nodes-mindbody.mindbodyTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: WEBHOOK_ID,
				parameters: { events: ['client.created'], options: {} },
				credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
			},
			{
				id: '3f1e2d4c-0000-4000-8000-000000000002',
				name: 'Welcome',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [240, 0],
				parameters: {
					assignments: {
						assignments: [
							{ id: 'a1', name: 'greeting', value: '=Welcome, {{ $json.eventData.firstName }}!', type: 'string' },
							{ id: 'a2', name: 'clientId', value: '={{ $json.eventData.clientId }}', type: 'string' },
						],
					},
					options: {},
				},
			},
		],
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'Welcome', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

type Emitted = { eventData: { clientId: string; firstName: string } };

const emit = (sandbox: Sandbox) => admin<Emitted>(sandbox, 'POST', 'webhooks/emit', { eventId: 'client.created' });

/**
 * The subscription the trigger holds in the workflow's static data as n8n stored it (public API:
 * an object, or its JSON), once the activation is done; undefined before.
 */
async function storedSubscriptionId(n8n: N8n, workflowId: string): Promise<string | undefined> {
	const res = await n8n.api('GET', `/workflows/${workflowId}`);
	let data = (res.json as { staticData?: unknown } | undefined)?.staticData;
	if (typeof data === 'string') data = JSON.parse(data) as unknown;
	const node = (data as Record<string, { live?: { subscriptionId?: string } }> | null | undefined)?.[
		`node:${TRIGGER_NODE}`
	];
	return node?.live?.subscriptionId;
}

/** What the workflow's last node made of the event. */
const welcomed = (execution: Execution) => execution.data!.resultData.runData.Welcome[0].data!.main[0][0].json;

describe(`Mindbody Trigger in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let workflowId: string;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		const shared = await useSharedN8n(sandbox);
		n8n = shared.n8n;
		workflowId = await n8n.importWorkflow(triggerWorkflow(shared.credentialId));
	});

	afterAll(async () => {
		await sandbox?.stop();
	});

	it('activation leaves exactly one Active subscription, for the workflow webhook', async () => {
		// 2.41 answers the activate call before the trigger has subscribed. n8n stores the trigger's
		// record once every webhook of the activation is made: a duplicate made by it comes before.
		const stored = await until(
			() => storedSubscriptionId(n8n, workflowId),
			(id) => id !== undefined,
		);
		const list = active(await subscriptions(sandbox));
		expect(list).toHaveLength(1);
		expect(list[0].subscriptionId).toBe(stored);
		expect(list[0].eventIds).toEqual(['client.created']);
		expect(list[0].webhookUrl).toBe(n8n.webhookUrl(`${WEBHOOK_ID}/webhook`));
	});

	it('a signed event runs the workflow', async () => {
		const emitted = await emit(sandbox);
		await admin(sandbox, 'POST', 'webhooks/settle');
		const [execution] = await n8n.waitForExecutions(workflowId, 1);
		expect(execution.status).toBe('success');
		expect(welcomed(execution)).toEqual({
			greeting: `Welcome, ${emitted.eventData.firstName}!`,
			clientId: emitted.eventData.clientId,
		});
	});

	it('a forged delivery (bad signature) gets 400 and runs nothing', async () => {
		const [sub] = active(await subscriptions(sandbox));
		const body = JSON.stringify({
			messageId: 'forged-1',
			eventId: 'client.created',
			eventSchemaVersion: 1,
			eventInstanceOriginationDateTime: new Date().toISOString(),
			eventData: { siteId: -99, clientId: '1', firstName: 'Mallory' },
		});
		const res = await fetch(sub.webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'X-Mindbody-Signature': 'sha256=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
			},
			body,
			signal: AbortSignal.timeout(15000),
		});
		expect(res.status).toBe(400);
		const unsigned = await fetch(sub.webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			signal: AbortSignal.timeout(15000),
		});
		expect(unsigned.status).toBe(400);
		// A signed event after them: once its run is stored, a run of either would be there too.
		const sentinel = await emit(sandbox);
		await admin(sandbox, 'POST', 'webhooks/settle');
		const runs = await n8n.waitForExecutions(workflowId, 2);
		expect(runs).toHaveLength(2);
		expect(runs.map((run) => welcomed(run).clientId)).toContain(sentinel.eventData.clientId);
		expect(runs.map((run) => welcomed(run).greeting)).not.toContain('Welcome, Mallory!');
	});

	it('deactivation leaves no Active subscription', async () => {
		await n8n.deactivate(workflowId);
		const list = await until(
			() => subscriptions(sandbox),
			(l) => active(l).length === 0,
		);
		expect(active(list)).toHaveLength(0);
	});
});
