import type { IDataObject } from 'n8n-workflow';

import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';

import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { startTrigger, type TriggerFixture } from '../trigger/fixture';
import { POLL_TRIGGER, PollingWorkflow } from './pollHarness';

/**
 * The Webhook Safety Net beside a Mindbody Trigger in one workflow (one workflow id, so one
 * record of processed items), in n8n-core's engine against the sandbox: the webhook delivers what
 * it can, the net reads the rest from the REST lists, and each client reaches the workflow once.
 * The sandbox's clock plays the service's resends and its 3 hours; its unreachable switch plays a
 * tunnel that is down while n8n runs.
 */

jest.setTimeout(120_000);

const QUARTER_HOUR = 15 * 60_000;

let t: TriggerFixture;
let net: PollingWorkflow;
let workflows = 0;

beforeEach(async () => {
	// A workflow of its own each test: the sandbox starts its ids over, n8n's record of processed items stays.
	t = await startTrigger({ events: ['client.created'] }, { allowLoopbackHttp: true }, `wf-net-${++workflows}`);
	t.harness.stored.nodeTypes.replace(POLL_TRIGGER, new MindbodyPollTrigger());
	t.harness.stored.addBeside({
		id: 'net-node',
		name: 'Webhook Safety Net',
		type: POLL_TRIGGER,
		typeVersion: 1,
		position: [0, 200],
		parameters: { event: 'webhookSafetyNet' },
	});
	await t.harness.activate();
	const credentials = newCredentials({ mindbody: sandboxCredentialData(t.sandbox) });
	net = new PollingWorkflow(
		{ event: 'webhookSafetyNet', safetyNetEvents: ['client.created'] },
		credentials,
		'mindbody',
		t.harness.stored.id,
	);
	await net.activate();
});

afterEach(async () => {
	jest.restoreAllMocks();
	await t.stop();
});

const switches = async (body: IDataObject) => await t.admin('POST', 'switches', body);

/** Lets the service's deliveries and the runs they start end. */
async function settle() {
	await t.admin('POST', 'settle');
	await t.harness.idle();
}

/** Moves the sandbox's clock in quarter hours (a resend each), letting each round of deliveries end. */
async function advanceQuarters(count: number) {
	for (let i = 0; i < count; i++) {
		await t.sandbox.clock.advance(QUARTER_HOUR);
		await settle();
	}
}

let clients = 0;

async function addClient(firstName: string): Promise<string> {
	const n = ++clients;
	const response = await fetch(`${t.sandbox.restBaseUrl}/client/addclient`, {
		method: 'POST',
		headers: { 'API-Key': t.sandbox.apiKey, SiteId: String(t.sandbox.siteId), 'Content-Type': 'application/json' },
		body: JSON.stringify({ FirstName: firstName, LastName: 'Outage', Email: `net.${n}@example.com` }),
	});
	const body = (await response.json()) as { Client: { Id: string } };
	if (response.status !== 200) throw new Error(`addclient ${response.status}: ${JSON.stringify(body)}`);
	await settle();
	return body.Client.Id;
}

/** Every client.created item either trigger passed to the next node, by client id. */
function clientsPassed(): Map<string, string[]> {
	const passed = new Map<string, string[]>();
	const note = (items: IDataObject[], by: string) => {
		for (const item of items) {
			if (item.eventId !== 'client.created') continue;
			const id = String((item.eventData as IDataObject).clientId);
			passed.set(id, [...(passed.get(id) ?? []), by]);
		}
	};
	for (const run of t.harness.runs)
		note(
			run.items.map((item) => item.json),
			'webhook',
		);
	for (const run of net.runs) note(run, 'net');
	return passed;
}

const reports = () => net.items.filter((item) => item.eventId === 'webhookOutage.ended');

describe('Mindbody Poll Trigger: Webhook Safety Net', () => {
	it('passes on nothing the webhook delivered: a client reaches the workflow once, by the webhook', async () => {
		const id = await addClient('Ada');
		await net.poll();
		await net.poll();
		expect(clientsPassed()).toEqual(new Map([[id, ['webhook']]]));
		expect(reports()).toEqual([]);
	});

	it('recovers what a 3 h 15 min outage lost, switches the subscription back on and reports the gap once', async () => {
		const before = await addClient('Bea');
		await switches({ unreachable: true });
		const lost = [await addClient('Cai'), await addClient('Dot')];
		// Two hours in: resends still fail, and the net reads the two new clients from the REST list.
		await advanceQuarters(8);
		await net.poll();
		// Past 3 hours the service gives up on both and turns the subscription off.
		await advanceQuarters(5);
		expect((await t.subscriptions())[0].status).toBe('DeactivatedByAdmin');
		await net.poll();
		expect((await t.subscriptions())[0].status).toBe('DeactivatedByAdmin');
		expect(t.warnings.some((line) => /could not reactivate .*cannot reach the webhook URL/.test(line))).toBe(true);

		await switches({ unreachable: false });
		await net.poll();
		expect((await t.subscriptions())[0].status).toBe('Active');
		expect(reports()).toEqual([]);
		await net.poll();
		const after = await addClient('Eli');

		const passed = clientsPassed();
		expect(passed.get(before)).toEqual(['webhook']);
		expect(passed.get(lost[0])).toEqual(['net']);
		expect(passed.get(lost[1])).toEqual(['net']);
		expect(passed.get(after)).toEqual(['webhook']);
		expect(passed.size).toBe(4);

		expect(reports()).toHaveLength(1);
		expect(reports()[0].eventData).toMatchObject({
			eventsRecovered: 2,
			recoveredByEvent: { 'client.created': 2 },
			// The first given up turned the subscription off, which dropped the other's resends uncounted:
			// what was recovered is the figure that covers both.
			deliveriesAbandoned: 1,
			subscriptionReactivated: true,
		});
		const report = reports()[0].eventData as IDataObject;
		expect(report.deactivatedAt).toEqual(expect.any(String));
		expect(Date.parse(String(report.noticedFrom))).toBeLessThan(Date.parse(String(report.resolvedAt)));
		expect(report).not.toHaveProperty('passedDuringOutage');
	});

	it('a client the net recovered and whose resend arrives later reaches the workflow once', async () => {
		await switches({ unreachable: true });
		const id = await addClient('Fay');
		await advanceQuarters(1);
		await net.poll();
		expect(clientsPassed().get(id)).toEqual(['net']);
		await switches({ unreachable: false });
		await advanceQuarters(1);
		// The resend was delivered and answered 2xx; its run dropped the client the net had passed on.
		const attempts = ((await t.admin('GET', 'deliveries')) as { items: IDataObject[] }).items;
		expect(attempts.some((attempt) => attempt.outcome === 'delivered')).toBe(true);
		expect(clientsPassed().get(id)).toEqual(['net']);
		await net.poll();
		expect(clientsPassed().get(id)).toEqual(['net']);
		// Deliveries work again: the report counts the client as the net's, and nothing dropped.
		expect(reports()).toHaveLength(1);
		expect(reports()[0].eventData).toMatchObject({
			eventsRecovered: 1,
			deliveriesAbandoned: 0,
			deliveriesNotAnswered: 1,
			subscriptionReactivated: false,
		});
	});

	it('leaves a subscription the user stopped alone', async () => {
		await t.harness.deactivate();
		expect((await t.subscriptions()).every((item) => item.status !== 'Active')).toBe(true);
		t.sandbox.log.clear();
		await net.poll();
		expect((await t.subscriptions()).every((item) => item.status !== 'Active')).toBe(true);
		expect(t.sandbox.log.list({ service: 'webhooks' }).map((r) => r.method)).not.toContain('PATCH');
	});
});
