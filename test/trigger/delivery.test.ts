import type { IDataObject } from 'n8n-workflow';

import { ENVELOPE, startTrigger, type TriggerFixture } from './fixture';

/** Signed deliveries from the sandbox into n8n-core's WebhookContext and WorkflowExecute. */

let t: TriggerFixture;

beforeEach(async () => {
	t = await startTrigger({ events: ['client.created', 'classRosterBooking.created'] });
	await t.harness.activate();
});

afterEach(async () => {
	await t.stop();
});

const runsOf = () => t.harness.runs.length;
const lastItems = () => t.harness.runs[t.harness.runs.length - 1].items.map((item) => item.json);

describe('verified deliveries', () => {
	test('a valid signature runs the workflow once with one item per event', async () => {
		await t.emit({ eventId: 'client.created', eventData: { firstName: 'Ada' } });
		expect(runsOf()).toBe(1);
		const [run] = t.harness.runs;
		expect(run.mode).toBe('webhook');
		expect(run.run.status).toBe('success');
		const [item] = lastItems();
		expect(Object.keys(item).slice(0, 5)).toEqual([
			'messageId',
			'eventId',
			'eventSchemaVersion',
			'eventInstanceOriginationDateTime',
			'eventData',
		]);
		expect(item).toMatchObject({ eventId: 'client.created', eventSchemaVersion: 1 });
		expect((item.eventData as IDataObject).firstName).toBe('Ada');
		expect(item.schemaWarnings).toBeUndefined();
		// Answered 2xx at once, before the workflow finished.
		const attempts = ((await t.admin('GET', 'deliveries')) as { items: Array<{ status: number }> }).items;
		expect(attempts.map((attempt) => attempt.status)).toEqual([200]);
	});

	test('transactionKey is passed on when the event carries it', async () => {
		const body = JSON.stringify({
			...JSON.parse(ENVELOPE('client.created', 'm-tk', { siteId: -99 })),
			transactionKey: 'tk-1',
		});
		expect((await t.deliver(body)).status).toBe(200);
		expect(lastItems()[0]).toMatchObject({ transactionKey: 'tk-1', messageId: 'm-tk' });
	});

	test('the real service header X-Mindbody-Signature is accepted too', async () => {
		const body = ENVELOPE('client.created', 'm-header', { siteId: -99 });
		const response = await t.deliver(body, { 'x-mindbody-signature': await t.sign(body) });
		expect(response.status).toBe(200);
		expect(runsOf()).toBe(1);
	});

	test('HEAD answers 200 without running the workflow', async () => {
		const response = await fetch(t.webhookUrl, { method: 'HEAD' });
		expect(response.status).toBe(200);
		await t.harness.idle();
		expect(runsOf()).toBe(0);
	});
});

describe('refused deliveries: 400 and no run', () => {
	const body = ENVELOPE('client.created', 'm-refused', { siteId: -99 });

	test('tampered body', async () => {
		const signature = await t.sign(body);
		const tampered = body.replace('-99', '-98');
		expect((await t.deliver(tampered, { 'x-service-signature': signature })).status).toBe(400);
	});

	test('signed with the wrong key', async () => {
		const signature = await t.sign(body, 'not-the-subscription-key');
		expect((await t.deliver(body, { 'x-service-signature': signature })).status).toBe(400);
	});

	test('missing signature header', async () => {
		expect((await t.deliver(body, {})).status).toBe(400);
	});

	test('empty body', async () => {
		const signature = await t.sign('');
		expect((await t.deliver('', { 'x-service-signature': signature })).status).toBe(400);
	});

	test('no key stored for the node (fail closed)', async () => {
		const signature = await t.sign(body);
		t.harness.stored.staticData = {};
		expect((await t.deliver(body, { 'x-service-signature': signature })).status).toBe(400);
	});

	afterEach(() => {
		expect(runsOf()).toBe(0);
		expect(t.harness.errors).toEqual([]);
	});
});

describe('de-duplication and selection', () => {
	test('a duplicated messageId runs the workflow once and is acknowledged twice', async () => {
		await t.admin('POST', 'switches', { duplicate: true });
		await t.emit({ eventId: 'client.created' });
		const attempts = ((await t.admin('GET', 'deliveries')) as { items: Array<{ status: number; messageId: string }> })
			.items;
		expect(attempts).toHaveLength(2);
		expect(attempts[0].messageId).toBe(attempts[1].messageId);
		expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200]);
		expect(runsOf()).toBe(1);
	});

	test('an event id the node did not select is acknowledged and dropped', async () => {
		const body = ENVELOPE('staff.created', 'm-staff', { siteId: -99, staffId: 1 });
		const response = await t.deliver(body);
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ received: true, dropped: ['unselected'] });
		expect(runsOf()).toBe(0);
	});
});
