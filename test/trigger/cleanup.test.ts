import type { IDataObject } from 'n8n-workflow';

import { startTrigger, type TriggerFixture } from './fixture';

/**
 * No subscription left live behind the user's back: failing DELETEs, lost create answers. The
 * waits between retries are recorded instead of slept (the backoff itself is retryPolicy's).
 */

// A hundred activation cycles: a limit far above what they take on an idle machine.
jest.setTimeout(120_000);

const PARAMS = { events: ['client.created'] };
/** The transport's backoff for a call the service keeps failing: three more tries. */
const BACKOFF = [500, 1000, 2000];
let t: TriggerFixture;
let waits: number[];

beforeEach(async () => {
	t = await startTrigger(PARAMS);
	waits = t.recordRetryWaits();
});

afterEach(async () => {
	await t.stop();
});

const statuses = async () => (await t.subscriptions()).map((s) => s.status).sort();
const liveSlot = () => t.harness.stored.triggerStaticData.live as IDataObject | undefined;
const failAlways = (method: string) =>
	t.sandbox.faults.add({ kind: 'serverError', service: 'webhooks', method, path: '/subscriptions/*', times: 'always' });

describe('deactivation when DELETE fails', () => {
	test('a DELETE that keeps failing is followed by PATCH DeactivatedByUser', async () => {
		await t.harness.activate();
		const fault = failAlways('DELETE');
		await t.harness.deactivate();
		t.sandbox.faults.remove(fault.id);
		expect(await statuses()).toEqual(['DeactivatedByUser']);
		expect(liveSlot()).toBeUndefined();
		// DELETE was tried four times, then the PATCH went through at once.
		expect(waits).toEqual(BACKOFF);
	});

	test('when both fail, deactivation names the subscription; the next activation reuses it', async () => {
		await t.harness.activate();
		const [subscription] = await t.subscriptions();
		const faults = [failAlways('DELETE'), failAlways('PATCH')];
		await expect(t.harness.deactivate()).rejects.toThrow(subscription.subscriptionId);
		expect(waits).toEqual([...BACKOFF, ...BACKOFF]);
		faults.forEach((fault) => t.sandbox.faults.remove(fault.id));
		// n8n saves no static data after a failed delete: the record is still there.
		expect(liveSlot()?.subscriptionId).toBe(subscription.subscriptionId);

		await t.harness.activate();
		expect(await t.active()).toHaveLength(1);
		await t.harness.deactivate();
		expect(await t.active()).toHaveLength(0);
	});

	test('100 activate/deactivate cycles with 30% of DELETEs failing: 0 live subscriptions', async () => {
		let failedDeletes = 0;
		const expectedWaits: number[] = [];
		for (let cycle = 0; cycle < 100; cycle++) {
			await t.harness.activate();
			expect(await t.active()).toHaveLength(1);
			if (cycle % 10 < 3) {
				failedDeletes++;
				// Most failures pass on a retry; one in ten stays and takes the PATCH way.
				const stays = cycle % 10 === 0 && cycle % 30 === 0;
				expectedWaits.push(...(stays ? BACKOFF : BACKOFF.slice(0, 1)));
				const fault = stays
					? failAlways('DELETE')
					: t.sandbox.faults.add({
							kind: 'badGateway',
							service: 'webhooks',
							method: 'DELETE',
							path: '/subscriptions/*',
						});
				await t.harness.deactivate();
				t.sandbox.faults.remove(fault.id);
			} else {
				await t.harness.deactivate();
			}
			expect(await t.active()).toHaveLength(0);
		}
		const all = await t.subscriptions();
		console.log(
			`100 cycles, ${failedDeletes} with a failing DELETE: ${all.filter((s) => s.status === 'Active').length} live, ${all.filter((s) => s.status === 'PendingActivation').length} pending of ${all.length}`,
		);
		expect(all.filter((s) => !/deactivated/i.test(s.status))).toEqual([]);
		expect(waits).toEqual(expectedWaits);
	});
});

describe('a create whose answer is lost', () => {
	const loseCreateAnswer = (times: number) =>
		t.sandbox.faults.add({ kind: 'answerLost', service: 'webhooks', method: 'POST', path: '/subscriptions', times });

	test('the pending subscription it made is found by referenceId and removed; one live subscription', async () => {
		loseCreateAnswer(1);
		await t.harness.activate();
		const all = await t.subscriptions();
		expect(all.map((s) => s.status).sort()).toEqual(['Active', 'DeactivatedByUser']);
		expect(all.filter((s) => s.status === 'PendingActivation')).toEqual([]);
		await t.emit({ eventId: 'client.created' });
		expect(t.harness.runs).toHaveLength(1);
	});

	test('lost twice: activation fails and leaves nothing pending', async () => {
		loseCreateAnswer(2);
		await expect(t.harness.activate()).rejects.toThrow();
		const all = await t.subscriptions();
		expect(all).toHaveLength(2);
		expect(all.every((s) => s.status === 'DeactivatedByUser')).toBe(true);
	});
});
