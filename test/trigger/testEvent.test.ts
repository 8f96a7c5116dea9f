import { startTrigger, type TriggerFixture } from './fixture';

/** "Listen for test event" in the editor: n8n's TestWebhooks flow, mode manual, test URL. */

const PARAMS = { events: ['client.created'] };
let t: TriggerFixture;

afterEach(async () => {
	await t?.stop();
});

const testUrl = () => t.webhookUrl.replace('/webhook/', '/webhook-test/');

test('a test event runs the workflow once in manual mode, then the test subscription goes', async () => {
	t = await startTrigger(PARAMS);
	await t.harness.listenForTestEvent();
	const [pending] = await t.active();
	expect(pending).toMatchObject({ webhookUrl: testUrl(), referenceId: 'n8n:wf-trigger:wf-trigger-trigger-node:test' });

	await t.emit({ eventId: 'client.created' });
	expect(t.harness.runs.map((run) => run.mode)).toEqual(['manual']);
	expect(t.harness.runs[0].items).toHaveLength(1);
	expect(t.harness.isListening).toBe(false);
	expect((await t.subscriptions()).map((s) => s.status)).toEqual(['DeactivatedByUser']);
});

test('testing beside an active workflow leaves the live subscription and its key alone', async () => {
	t = await startTrigger(PARAMS);
	await t.harness.activate();
	const [live] = await t.subscriptions();
	const liveKey = () => {
		const { subscriptionId, sealedKey, webhookUrl } = t.harness.stored.triggerStaticData.live as Record<
			string,
			unknown
		>;
		return { subscriptionId, sealedKey, webhookUrl };
	};
	const before = liveKey();

	await t.harness.listenForTestEvent();
	expect(await t.active()).toHaveLength(2);
	await t.emit({ eventId: 'client.created' });

	expect(t.harness.runs.map((run) => run.mode).sort()).toEqual(['manual', 'webhook']);
	const after = await t.subscriptions();
	expect(after.find((s) => s.subscriptionId === live.subscriptionId)?.status).toBe('Active');
	expect(after.filter((s) => s.status === 'Active')).toHaveLength(1);
	expect(liveKey()).toEqual(before);
	expect(t.harness.stored.triggerStaticData.test).toBeUndefined();
});

test('a dropped test delivery keeps listening; stopping deletes the test subscription', async () => {
	t = await startTrigger(PARAMS);
	await t.harness.listenForTestEvent();
	const response = await fetch(testUrl(), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
	});
	expect(response.status).toBe(400);
	expect(t.harness.isListening).toBe(true);
	await t.harness.stopListening();
	expect((await t.subscriptions()).map((s) => s.status)).toEqual(['DeactivatedByUser']);
});
