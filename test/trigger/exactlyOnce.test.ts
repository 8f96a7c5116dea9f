import type { INodeType } from 'n8n-workflow';

import { signBody } from '../../sandbox/webhooks/signature';
import { freshTriggerModule } from '../harness/freshTrigger';
import { ENVELOPE, startTrigger, validEventData, type TriggerFixture } from './fixture';

/**
 * Exactly-once under the traffic the webhook service really sends: concurrent deliveries,
 * redeliveries, busy sites, restarts. Each case counts the items that reached the node after
 * the trigger, per messageId, in n8n-core's engine.
 */

// Thousands of deliveries through the engine: limits far above what they take on an idle machine.
jest.setTimeout(300_000);

let t: TriggerFixture;
let key: string;

beforeEach(async () => {
	t = await startTrigger({ events: ['client.created'] });
	await t.harness.activate();
	key = (await t.subscriptions())[0].messageSignatureKey;
});

afterEach(async () => {
	jest.restoreAllMocks();
	await t.stop();
});

// A payload that passes its schema, as the service's do: one that breaks it costs a warning per event.
const CLIENT_CREATED = validEventData('client.created');
const event = (messageId: string) => JSON.parse(ENVELOPE('client.created', messageId, CLIENT_CREATED)) as object;

/** POSTs a signed body as the service does, without waiting for the runs it starts. */
async function post(body: string, contentType = 'application/json'): Promise<number> {
	const response = await fetch(t.webhookUrl, {
		method: 'POST',
		headers: { 'content-type': contentType, 'x-service-signature': signBody(key, body) },
		body,
	});
	await response.arrayBuffer();
	return response.status;
}

const deliverOne = async (messageId: string) => await post(JSON.stringify(event(messageId)));

/** `ids` in groups of `size` sent at the same moment. */
async function inGroups(ids: string[], size: number, send = deliverOne): Promise<number[]> {
	const statuses: number[] = [];
	for (let start = 0; start < ids.length; start += size) {
		statuses.push(...(await Promise.all(ids.slice(start, start + size).map(send))));
	}
	await t.harness.idle();
	return statuses;
}

/** How often each messageId reached the node after the trigger. */
function runsPerId(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const run of t.harness.runs) {
		for (const item of run.items) {
			const id = String(item.json.messageId);
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
	}
	return counts;
}

/**
 * `ids` as deliveries of 50 events each, one after another. Each event is admitted and recorded
 * on its own, so a case about how many ids are kept needs no delivery per id.
 */
async function deliverInFifties(all: string[]): Promise<void> {
	for (let start = 0; start < all.length; start += 50) {
		expect(await post(JSON.stringify(all.slice(start, start + 50).map(event)))).toBe(200);
	}
	await t.harness.idle();
}

const reruns = () => [...runsPerId().values()].reduce((sum, count) => sum + count - 1, 0);
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

describe('exactly once in one n8n process', () => {
	test('the same messageId delivered 3 times at the same moment, 200 ids: 200 runs', async () => {
		const all = ids('triple', 200);
		const statuses = await inGroups(
			all.flatMap((id) => [id, id, id]),
			3,
		);
		expect(statuses.every((status) => status === 200)).toBe(true);
		console.log(`200 ids × 3 at once: ${[...runsPerId().values()].reduce((a, b) => a + b, 0)} runs`);
		expect(runsPerId().size).toBe(200);
		expect(reruns()).toBe(0);
		// A duplicate is acknowledged without an execution at all.
		expect(t.harness.runs).toHaveLength(200);
	});

	test('150 new events sent 8 at a time, then each once more one at a time: 0 reruns', async () => {
		const all = ids('burst', 150);
		await inGroups(all, 8);
		await inGroups(all, 1);
		expect(runsPerId().size).toBe(150);
		expect(reruns()).toBe(0);
	});

	test('8 identical deliveries at once, 5 times: 5 runs', async () => {
		for (let round = 0; round < 5; round++) await inGroups(Array(8).fill(`same-${round}`), 8);
		expect(t.harness.runs).toHaveLength(5);
		expect(reruns()).toBe(0);
	});

	test('redelivering the first and the last 500 of 2,500 events: 0 reruns (no 1,000-id cap)', async () => {
		const all = ids('busy', 2500);
		await deliverInFifties(all);
		const before = t.harness.runs.length;
		await deliverInFifties([...all.slice(0, 500), ...all.slice(-500)]);
		expect(t.harness.runs.length).toBe(before);
		expect(runsPerId().size).toBe(2500);
		expect(reruns()).toBe(0);
	});

	test('an id redelivered 3 hours after its first receipt, 20,000 other events between: 0 reruns', async () => {
		const start = Date.now();
		let offset = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => start + offset);
		await deliverOne('first');
		await t.harness.idle();
		offset = 3 * 60 * 60 * 1000;
		const others = ids('between', 20_000);
		for (let i = 0; i < others.length; i += 1000) {
			expect(await post(JSON.stringify(others.slice(i, i + 1000).map(event)))).toBe(200);
		}
		await t.harness.idle();
		expect(await deliverOne('first')).toBe(200);
		await t.harness.idle();
		console.log(`redelivered after 3 h with 20,000 events between: ${runsPerId().get('first')} run(s) of it`);
		expect(runsPerId().get('first')).toBe(1);
		expect(runsPerId().size).toBe(20_001);
	});
});

describe('across a restart of n8n', () => {
	test('the last 1,000 ids redelivered after a restart, 8 at a time: 0 reruns', async () => {
		const all = ids('before-restart', 1200);
		await deliverInFifties(all);
		expect(runsPerId().size).toBe(1200);

		const fresh: INodeType = freshTriggerModule();
		await t.harness.restartProcess(fresh);
		const executionsBefore = t.harness.runs.length;
		await inGroups(all.slice(-1000), 8);
		console.log(
			`last 1,000 ids redelivered after a restart: ${reruns()} reruns, ${t.harness.runs.length - executionsBefore} executions that stopped at the trigger`,
		);
		expect(reruns()).toBe(0);
		// New events still run after the restart, once.
		await inGroups(['after-restart', 'after-restart'], 2);
		expect(runsPerId().get('after-restart')).toBe(1);
	});
});

describe('what n8n stores stays small and holds no key', () => {
	test('static data under 2 KB after 1,500 deliveries; the key text is in no stored execution', async () => {
		await inGroups(ids('size', 1500), 8);
		const staticData = JSON.stringify(t.harness.stored.staticData);
		console.log(`static data after 1,500 deliveries: ${staticData.length} bytes`);
		expect(staticData.length).toBeLessThan(2048);
		expect(staticData).not.toContain(key);
		for (const run of t.harness.runs) expect(JSON.stringify(run.run)).not.toContain(key);
	});
});

describe('subscriptions stored by 0.1.0', () => {
	test('a plain-text key and seen list are sealed and dropped on the first delivery', async () => {
		const slot = t.harness.stored.triggerStaticData.live as Record<string, unknown>;
		const { subscriptionId, webhookUrl, referenceId } = slot;
		const old = {
			subscriptionId,
			messageSignatureKey: key,
			webhookUrl,
			eventIds: ['client.created'],
			referenceId,
			seen: ids('old', 1000).map((id) => ({ id, at: Date.now() })),
		};
		t.harness.stored.staticData = { 'node:Mindbody Trigger': { live: old } };
		const fresh = freshTriggerModule();
		t.harness.stored.nodeTypes.replace('n8n-nodes-mindbody.mindbodyTrigger', fresh);

		expect(await deliverOne('upgraded')).toBe(200);
		await t.harness.idle();
		expect(runsPerId().get('upgraded')).toBe(1);
		const now = t.harness.stored.triggerStaticData.live as Record<string, unknown>;
		expect(now).toEqual({ subscriptionId, webhookUrl, referenceId, sealedKey: expect.stringMatching(/^v1\./) });
		expect(JSON.stringify(t.harness.stored.staticData)).not.toContain(key);
		expect(await deliverOne('after-upgrade')).toBe(200);
		await t.harness.idle();
		expect(runsPerId().get('after-upgrade')).toBe(1);
	});

	test('a restart (checkExists) seals it too', async () => {
		const slot = t.harness.stored.triggerStaticData.live as Record<string, unknown>;
		const { sealedKey: _sealed, ...rest } = slot;
		t.harness.stored.staticData = { 'node:Mindbody Trigger': { live: { ...rest, messageSignatureKey: key } } };
		await t.harness.restartProcess(freshTriggerModule());
		expect(await t.active()).toHaveLength(1);
		const now = t.harness.stored.triggerStaticData.live as Record<string, unknown>;
		expect(now.messageSignatureKey).toBeUndefined();
		expect(now.sealedKey).toEqual(expect.stringMatching(/^v1\./));
		expect(await deliverOne('after-restart-upgrade')).toBe(200);
		await t.harness.idle();
		expect(runsPerId().get('after-restart-upgrade')).toBe(1);
	});
});

describe('fail closed on every request', () => {
	const unsigned: Array<[string, string, string]> = [
		[
			'multipart',
			'multipart/form-data; boundary=x',
			'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
		],
		['urlencoded', 'application/x-www-form-urlencoded', 'a=1&b=2'],
		['XML', 'application/xml', '<event><messageId>x</messageId></event>'],
		['text', 'text/plain', 'hello'],
		['no content type', '', JSON.stringify(event('no-type'))],
	];

	test.each(unsigned)('unsigned %s: 400 and no execution', async (_name, contentType, body) => {
		const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
		const response = await fetch(t.webhookUrl, { method: 'POST', headers, body });
		expect(response.status).toBe(400);
		await t.harness.idle();
		expect(t.harness.runs).toHaveLength(0);
		expect(t.harness.errors).toEqual([]);
	});

	test('multipart with a signature header: 400, no execution, no error', async () => {
		const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
		expect(await post(body, 'multipart/form-data; boundary=x')).toBe(400);
		await t.harness.idle();
		expect(t.harness.runs).toHaveLength(0);
		expect(t.harness.errors).toEqual([]);
	});

	test.each([['text/plain'], ['application/octet-stream'], ['application/x-www-form-urlencoded']])(
		'a validly signed JSON delivery sent as %s is accepted',
		async (contentType) => {
			expect(await post(JSON.stringify(event(`typed-${contentType}`)), contentType)).toBe(200);
			await t.harness.idle();
			expect(runsPerId().get(`typed-${contentType}`)).toBe(1);
		},
	);

	test('500 refused deliveries write one warning line', async () => {
		// Refusals are counted per process: start from a new one.
		t.harness.stored.nodeTypes.replace('n8n-nodes-mindbody.mindbodyTrigger', freshTriggerModule());
		const before = t.warnings.length;
		await inGroups(ids('forged', 500), 8, async (id) => {
			const response = await fetch(t.webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-service-signature': 'sha256=forged' },
				body: JSON.stringify(event(id)),
			});
			return response.status;
		});
		const lines = t.warnings.slice(before);
		console.log(`500 refused deliveries: ${lines.length} warning line(s)`);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain('wrong signature');
		expect(t.harness.runs).toHaveLength(0);
	});
});
