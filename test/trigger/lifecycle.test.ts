import type { IDataObject } from 'n8n-workflow';

import { startTrigger, type TriggerFixture } from './fixture';

/** Activation, restart, repair and deactivation, through n8n-core's HookContext, against the sandbox. */

const PARAMS = { events: ['client.created', 'client.updated'] };
let t: TriggerFixture;

afterEach(async () => {
	await t?.stop();
});

const liveSlot = () => t.harness.stored.triggerStaticData.live as IDataObject | undefined;
const webhookPosts = () => t.sandbox.log.list({ service: 'webhooks', method: 'POST', path: '/subscriptions' });

describe('activation', () => {
	test('creates and activates exactly one subscription and stores its key', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();

		const all = await t.subscriptions();
		expect(all).toHaveLength(1);
		const [subscription] = all;
		expect(subscription).toMatchObject({
			status: 'Active',
			eventIds: ['client.created', 'client.updated'],
			webhookUrl: t.webhookUrl,
			referenceId: `n8n:wf-trigger:wf-trigger-trigger-node`,
		});
		expect(liveSlot()).toMatchObject({ subscriptionId: subscription.subscriptionId, webhookUrl: t.webhookUrl });
		// The key is kept sealed: its text is nowhere in what n8n stores with the workflow.
		expect(liveSlot()?.sealedKey).toEqual(expect.stringMatching(/^v1\./));
		expect(JSON.stringify(t.harness.stored.staticData)).not.toContain(subscription.messageSignatureKey);
		// The service checked the URL with HEAD: answered by the node, no run.
		expect(t.harness.requests).toEqual([expect.objectContaining({ method: 'HEAD', status: 200, ran: false })]);
		expect(t.harness.runs).toHaveLength(0);
	});

	test('a restart does not create a second subscription', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		await t.harness.restart();
		await t.harness.restart();
		expect(await t.subscriptions()).toHaveLength(1);
		expect(webhookPosts()).toHaveLength(1);
		await t.emit({ eventId: 'client.created' });
		expect(t.harness.runs).toHaveLength(1);
	});

	test('a restart after lost static data replaces the orphan instead of adding one', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		const [orphan] = await t.subscriptions();
		t.harness.stored.staticData = {};
		await t.harness.restart();
		const active = await t.active();
		expect(active).toHaveLength(1);
		expect(active[0].subscriptionId).not.toBe(orphan.subscriptionId);
		expect((await t.subscriptions()).find((s) => s.subscriptionId === orphan.subscriptionId)?.status).toBe(
			'DeactivatedByUser',
		);
	});

	test('an admin-deactivated subscription is reactivated with PATCH, not replaced', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		const [subscription] = await t.subscriptions();
		await t.admin('POST', `subscriptions/${subscription.subscriptionId}/deactivate-by-admin`);
		await t.harness.restart();
		const all = await t.subscriptions();
		expect(all).toHaveLength(1);
		expect(all[0]).toMatchObject({ subscriptionId: subscription.subscriptionId, status: 'Active' });
		await t.emit({ eventId: 'client.updated' });
		expect(t.harness.runs).toHaveLength(1);
	});

	test('a subscription deactivated after 3 hours of failed deliveries is reactivated', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		await t.harness.deactivateLocally(); // n8n is down: its webhook URL answers 404
		await t.emit({ eventId: 'client.created' });
		await t.sandbox.clock.advance(3 * 3_600_000 + 60_000);
		const [failed] = await t.subscriptions();
		expect(failed.status).toBe('DeactivatedByAdmin');

		await t.harness.restart();
		const [back] = await t.subscriptions();
		expect(back).toMatchObject({ subscriptionId: failed.subscriptionId, status: 'Active' });
	});

	test('a changed event list replaces the subscription', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		const [old] = await t.subscriptions();
		t.harness.stored.setParameters({ events: ['staff.created'] });
		await t.harness.restart();
		const active = await t.active();
		expect(active).toHaveLength(1);
		expect(active[0].eventIds).toEqual(['staff.created']);
		expect((await t.subscriptions()).find((s) => s.subscriptionId === old.subscriptionId)?.status).toBe(
			'DeactivatedByUser',
		);
	});

	test('a changed webhook URL replaces the subscription', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		t.harness.publicUrl = t.harness.baseUrl.replace('127.0.0.1', 'localhost');
		await t.harness.restart();
		const active = await t.active();
		expect(active).toHaveLength(1);
		expect(active[0].webhookUrl).toBe(t.webhookUrl.replace('127.0.0.1', 'localhost'));
		expect(liveSlot()?.webhookUrl).toBe(active[0].webhookUrl);
	});

	test('a subscription gone at the service (404) is made again', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		await t.admin('POST', 'reset');
		await t.harness.restart();
		expect(await t.active()).toHaveLength(1);
	});

	test('a failed activation PATCH leaves no subscription behind', async () => {
		t = await startTrigger(PARAMS);
		const waits = t.recordRetryWaits();
		t.sandbox.faults.add({
			kind: 'serverError',
			service: 'webhooks',
			method: 'PATCH',
			path: '/subscriptions/*',
			times: 'always',
		});
		await expect(t.harness.activate()).rejects.toThrow();
		const all = await t.subscriptions();
		expect(all).toHaveLength(1);
		expect(all[0].status).toBe('DeactivatedByUser');
		expect(liveSlot()).toBeUndefined();
		// The PATCH was tried four times with the transport's backoff; the cleanup went through at once.
		expect(waits).toEqual([500, 1000, 2000]);
	});

	test('no events picked: activation fails before calling the service', async () => {
		t = await startTrigger({ events: [] });
		await expect(t.harness.activate()).rejects.toThrow('Pick at least one event');
		expect(await t.subscriptions()).toHaveLength(0);
	});
});

describe('deactivation', () => {
	test('deletes the subscription and forgets the key', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		await t.harness.deactivate();
		const [subscription] = await t.subscriptions();
		expect(subscription.status).toBe('DeactivatedByUser');
		expect(liveSlot()).toBeUndefined();
		const response = await fetch(t.webhookUrl, { method: 'POST', body: '{}' });
		expect(response.status).toBe(404);
	});

	test('an already deactivated (14000018) or unknown (404) subscription is not an error', async () => {
		t = await startTrigger(PARAMS);
		await t.harness.activate();
		const [subscription] = await t.subscriptions();
		await t.admin('POST', `subscriptions/${subscription.subscriptionId}/deactivate-by-admin`);
		await expect(t.harness.deactivate()).resolves.toBeUndefined();
		expect(liveSlot()).toBeUndefined();

		await t.harness.activate();
		await t.admin('POST', 'reset');
		await expect(t.harness.deactivate()).resolves.toBeUndefined();
		expect(liveSlot()).toBeUndefined();
	});
});
