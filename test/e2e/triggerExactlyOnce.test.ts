/**
 * The Mindbody Trigger's delivery guarantee in a real n8n, at integration sizes: what n8n itself
 * adds to it. Its webhook server under concurrent and repeated deliveries, its clock moved hours on
 * (a preloaded clock that SIGUSR2 moves 15 minutes forward), its database record of processed
 * items across a restart, its body parsers before the signature check, what it stores (static
 * data, executions, exports), and its activation hooks with failing DELETEs. The soak sizes (200
 * ids × 3, 20,000 events over 3 hours, 1,000 redeliveries after a restart, 100 activation cycles)
 * run in n8n-core's engine: test/trigger/exactlyOnce.test.ts and test/trigger/cleanup.test.ts.
 * Each case prints its counts. Later nodes report every messageId that reaches them to a local
 * counter; a count is read once a fresh sentinel event has run after what it counts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { signBody } from '../../sandbox/webhooks/signature';
import {
	active,
	activeSubscriptions,
	admin,
	sandboxCredential,
	startE2eSandbox,
	subscriptions,
	tarball,
	until,
	VERSION,
} from './support/mindbody';
import { clientCreatedEvent, Counter, countingWorkflow, n8nPid } from './support/counter';
import { N8n, type WorkflowJson } from './support/n8n';

jest.setTimeout(600_000);

const WEBHOOK_ID = '7a0c5d2e-9b1f-4c3a-8e6d-2f4b6a8c0e11';
const CLOCK = path.resolve(__dirname, 'fixtures/shiftedClock.cjs');

const workflow = (credentialId: string, counterUrl: string): WorkflowJson =>
	countingWorkflow('e2e: exactly once', '7a0c5d2e', WEBHOOK_ID, credentialId, counterUrl);
const event = clientCreatedEvent;
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

describe(`Mindbody Trigger delivers each event once, in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let counter: Counter;
	let workflowId: string;
	let key: string;
	let url: string;
	let clockAcks: string;
	let sentinels = 0;
	/** What n8n answered to each signed delivery that got no 200, for the failure message. */
	const notOk: string[] = [];

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		counter = await Counter.start();
		const credential = sandboxCredential(sandbox);
		clockAcks = fs.mkdtempSync(path.join(os.tmpdir(), 'mindbody-clock-'));
		n8n = await N8n.start({
			version: VERSION,
			tarball: tarball(),
			credentials: [credential],
			env: { NODE_OPTIONS: `--require ${CLOCK}`, SHIFTED_CLOCK_ACK: path.join(clockAcks, 'moves') },
		});
		workflowId = await n8n.importWorkflow(workflow(credential.id, counter.url));
		const [subscription] = await activeSubscriptions(sandbox);
		key = subscription.messageSignatureKey;
		url = subscription.webhookUrl;
	});

	afterAll(async () => {
		await n8n?.stop();
		await counter?.stop();
		await sandbox?.stop();
		if (clockAcks) fs.rmSync(clockAcks, { recursive: true, force: true });
	});

	/** Moves the n8n process's clock on by `minutes` (fixtures/shiftedClock.cjs), 15 at a time. */
	async function moveClock(minutes: number): Promise<void> {
		const pid = n8nPid(n8n.userFolder);
		const ack = path.join(clockAcks, `moves.${pid}`);
		const moves = () => Promise.resolve(fs.existsSync(ack) ? Number(fs.readFileSync(ack, 'utf8')) : 0);
		for (let step = 0; step < minutes / 15; step++) {
			const before = await moves();
			process.kill(pid, 'SIGUSR2');
			expect(await until(moves, (moved) => moved > before, 10_000)).toBe(before + 1);
		}
	}

	/**
	 * What the service does with a delivery that got no 2xx: it sends it again later (every 15
	 * minutes). The clock moves 15 minutes, past the time the trigger waits for a run to confirm an
	 * id, and each body is sent once more; each must now be answered 200.
	 */
	async function resendLater(bodies: string[]): Promise<void> {
		if (!bodies.length) return;
		await moveClock(15);
		for (const body of bodies) expect(await post(body)).toBe(200);
	}

	/** Answers that are not n8n failing to start an execution (5xx): the trigger's own refusals. */
	const refusedByTrigger = () => notOk.filter((answer) => !answer.startsWith('5'));

	async function post(body: string, headers: Record<string, string> = {}): Promise<number> {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-service-signature': signBody(key, body), ...headers },
			body,
			signal: AbortSignal.timeout(30_000),
		});
		const text = await res.text();
		if (res.status !== 200) notOk.push(`${res.status} ${text.slice(0, 300)}`);
		return res.status;
	}

	/**
	 * A new event, sent after everything a case delivered was answered: once it has run and n8n has
	 * no execution left running, every run those deliveries started has reported to the counter.
	 * After a restart n8n registers the webhook a moment after it is ready: a 404 is asked again.
	 */
	async function sentinel(): Promise<void> {
		const id = `sentinel-${++sentinels}`;
		const body = JSON.stringify(event(id));
		const deadline = Date.now() + 60_000;
		let status = await post(body);
		while (status === 404 && Date.now() < deadline) {
			notOk.pop();
			await new Promise((r) => setTimeout(r, 500));
			status = await post(body);
		}
		expect(status).toBe(200);
		await until(
			async () => counter.seen.get(id) ?? 0,
			(runs) => runs > 0,
			120_000,
		);
		const running = await until(
			() => n8n.executions(workflowId, { status: 'running' }),
			(list) => list.length === 0,
			120_000,
		);
		expect(running).toEqual([]);
		expect(counter.seen.get(id)).toBe(1);
	}

	/** The n8n log's lines that speak of an error, to explain an answer other than 200. */
	function errorLines(): string {
		const lines = fs.readFileSync(n8n.logFile, 'utf8').split('\n');
		return lines
			.filter((line) => /error|fail|refus|mindbody|sqlite|busy/i.test(line))
			.slice(-40)
			.join('\n');
	}

	async function inGroups(all: string[], size: number): Promise<number[]> {
		const statuses: number[] = [];
		for (let i = 0; i < all.length; i += size) {
			statuses.push(...(await Promise.all(all.slice(i, i + size).map((id) => post(JSON.stringify(event(id)))))));
		}
		return statuses;
	}

	async function executionCount(): Promise<number> {
		let count = 0;
		let cursor: string | undefined;
		for (let page = 0; page < 200; page++) {
			const q = new URLSearchParams({ workflowId, includeData: 'false', limit: '250' });
			if (cursor) q.set('cursor', cursor);
			const res = await n8n.api('GET', `/executions?${q}`);
			const json = res.json as { data: unknown[]; nextCursor?: string };
			count += json.data.length;
			cursor = json.nextCursor ?? undefined;
			if (!cursor) break;
		}
		return count;
	}

	// Soak size (200 ids): test/trigger/exactlyOnce.test.ts, "the same messageId delivered 3 times at the same moment, 200 ids".
	it('20 ids delivered 3 times at the same moment: 20 runs, no execution for a duplicate', async () => {
		const all = ids('triple', 20);
		const unanswered: string[] = [];
		for (const id of all) {
			const body = JSON.stringify(event(id));
			const statuses = await Promise.all([body, body, body].map((same) => post(same)));
			if (statuses.some((status) => status !== 200)) unanswered.push(body);
		}
		await resendLater(unanswered);
		await sentinel();
		const executions = (await executionCount()) - sentinels;
		console.log(
			`[${VERSION}] 20 ids × 3 at once: ${counter.reruns(all)} reruns, ${executions} executions; ${unanswered.length} sent again 15 minutes later`,
		);
		if (notOk.length) console.log(`n8n answered: ${notOk.join(' | ')}\n${errorLines()}`);
		expect(refusedByTrigger()).toEqual([]);
		expect(counter.reruns(all)).toBe(0);
		expect(all.every((id) => counter.seen.get(id) === 1)).toBe(true);
		expect(executions).toBe(20);
	});

	// Soak size (150 ids): test/trigger/exactlyOnce.test.ts, "150 new events sent 8 at a time, then each once more one at a time".
	it('24 new events 8 at a time, then each once more one at a time: each runs once', async () => {
		const all = ids('burst', 24);
		expect(await inGroups(all, 8)).toEqual(all.map(() => 200));
		await sentinel();
		expect(all.every((id) => counter.seen.get(id) === 1)).toBe(true);
		expect(await inGroups(all, 1)).toEqual(all.map(() => 200));
		await sentinel();
		console.log(`[${VERSION}] 24 ids 8 at a time, then again one by one: ${counter.reruns(all)} reruns`);
		expect(counter.reruns(all)).toBe(0);
	});

	// n8n parses these bodies before the node sees them; the node's answer to each is also in
	// test/trigger/exactlyOnce.test.ts, "fail closed on every request".
	it('unsigned multipart, urlencoded, XML, text and untyped bodies: 4xx and no execution', async () => {
		const before = await executionCount();
		const bodies: Array<[string, string | undefined, string]> = [
			[
				'multipart',
				'multipart/form-data; boundary=x',
				'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
			],
			['urlencoded', 'application/x-www-form-urlencoded', 'a=1&b=2'],
			['XML', 'application/xml', '<event><messageId>x</messageId></event>'],
			['text', 'text/plain', 'hello'],
			['none', undefined, JSON.stringify(event('untyped'))],
		];
		const answers: string[] = [];
		for (const [name, type, body] of bodies) {
			const res = await fetch(url, {
				method: 'POST',
				headers: type ? { 'content-type': type } : {},
				body,
				signal: AbortSignal.timeout(15_000),
			});
			answers.push(`${name} ${res.status}`);
			expect(res.status).toBeGreaterThanOrEqual(400);
			expect(res.status).toBeLessThan(500);
		}
		await sentinel();
		const added = (await executionCount()) - before;
		console.log(`[${VERSION}] unsigned: ${answers.join(', ')}; executions added besides the sentinel: ${added - 1}`);
		expect(added).toBe(1);
		expect(counter.seen.has('untyped')).toBe(false);
	});

	// The size after 1,500 deliveries: test/trigger/exactlyOnce.test.ts, "static data under 2 KB after 1,500 deliveries".
	it('the signing key is in no stored execution and no export; static data stays small', async () => {
		const stored = await n8n.api('GET', `/workflows/${workflowId}`);
		expect(stored.status).toBe(200);
		const staticData = JSON.stringify((stored.json as { staticData?: unknown }).staticData ?? {});
		expect(stored.text).not.toContain(key);
		const executions = (await n8n.executions(workflowId)).slice(0, 100);
		const leaking = executions.filter((execution) => JSON.stringify(execution).includes(key)).length;
		const exported = await n8n.cli(['export:workflow', `--id=${workflowId}`]);
		const exportText = JSON.stringify(exported);
		console.log(
			`[${VERSION}] static data: ${staticData.length} bytes; key text in ${leaking} of ${executions.length} executions read, export ${exportText.includes(key) ? 'holds' : 'does not hold'} it`,
		);
		expect(executions.length).toBeGreaterThan(40);
		expect(staticData.length).toBeLessThan(2048);
		expect(leaking).toBe(0);
		expect(exportText).not.toContain(key);
	});

	// 20,000 events between, past what n8n's record of processed items keeps: test/trigger/exactlyOnce.test.ts,
	// "an id redelivered 3 hours after its first receipt, 20,000 other events between".
	it("an id redelivered after n8n's clock moved 3 hours, 40 other events between: 0 reruns", async () => {
		expect(await post(JSON.stringify(event('late')))).toBe(200);
		await sentinel();
		expect(counter.seen.get('late')).toBe(1);
		await moveClock(3 * 60);
		const others = ids('between', 40);
		const unanswered: string[] = [];
		for (let i = 0; i < others.length; i += 8) {
			const body = JSON.stringify(others.slice(i, i + 8).map(event));
			if ((await post(body)) !== 200) unanswered.push(body);
		}
		await resendLater(unanswered);
		expect(await post(JSON.stringify(event('late')))).toBe(200);
		await sentinel();
		console.log(`[${VERSION}] 'late' redelivered 3 h on, 40 events between: ${counter.seen.get('late')} run(s)`);
		expect(refusedByTrigger()).toEqual([]);
		expect(others.every((id) => counter.seen.get(id) === 1)).toBe(true);
		expect(counter.seen.get('late')).toBe(1);
	});

	// 1,000 ids: test/trigger/exactlyOnce.test.ts, "the last 1,000 ids redelivered after a restart, 8 at a time".
	it('reactivated, then restarted: one Active subscription to the same URL; 40 ids redelivered, 8 a delivery, all 5 deliveries at once: 0 reruns', async () => {
		const last = ids('between', 40);
		const activeOnes = (count: number) =>
			until(
				() => subscriptions(sandbox),
				(list) => active(list).length === count,
			).then(active);
		await n8n.deactivate(workflowId);
		expect(await activeOnes(0)).toEqual([]);
		await n8n.activate(workflowId);
		const [reactivated] = await activeOnes(1);
		key = reactivated.messageSignatureKey;
		url = reactivated.webhookUrl;
		await n8n.restart();
		// The restarted process serves the webhook and runs a new event; the service still has one subscription.
		await sentinel();
		const live = await activeOnes(1);
		expect(live.map((s) => [s.subscriptionId, s.webhookUrl])).toEqual([[reactivated.subscriptionId, url]]);
		expect(url).toBe(n8n.webhookUrl(`${WEBHOOK_ID}/webhook`));
		const executionsBefore = await executionCount();
		const runsBefore = counter.runs;
		// Every id meets n8n's database step, the deliveries concurrently: the new process let each through.
		const deliveries = Array.from({ length: 5 }, (_, i) => JSON.stringify(last.slice(i * 8, i * 8 + 8).map(event)));
		const statuses = await Promise.all(deliveries.map((body) => post(body)));
		await resendLater(deliveries.filter((_, at) => statuses[at] !== 200));
		await sentinel();
		const executions = (await executionCount()) - executionsBefore - 1;
		console.log(
			`[${VERSION}] 40 ids after a restart: ${counter.reruns(last)} reruns, ${executions} executions stopped at the trigger`,
		);
		if (notOk.length) console.log(`n8n answered: ${notOk.join(' | ')}\n${errorLines()}`);
		expect(refusedByTrigger()).toEqual([]);
		// The sentinel's run, and no other.
		expect(counter.runs).toBe(runsBefore + 1);
		expect(counter.reruns(last)).toBe(0);
		expect(executions).toBeGreaterThanOrEqual(5);
	});

	// 100 cycles, 30 with failing DELETEs: test/trigger/cleanup.test.ts, "100 activate/deactivate cycles with 30% of DELETEs failing".
	it('4 activate/deactivate cycles, a DELETE failing for good in one and once in another: 0 live subscriptions', async () => {
		const faults: Array<undefined | { kind: string; times: number | 'always' }> = [
			undefined,
			{ kind: 'serverError', times: 'always' },
			{ kind: 'badGateway', times: 1 },
			undefined,
		];
		for (const [cycle, planned] of faults.entries()) {
			if (cycle > 0) await n8n.activate(workflowId);
			expect(
				active(
					await until(
						() => subscriptions(sandbox),
						(list) => active(list).length === 1,
					),
				),
			).toHaveLength(1);
			const fault = planned
				? await admin<{ id: number }>(sandbox, 'POST', 'faults', {
						...planned,
						service: 'webhooks',
						method: 'DELETE',
						path: '/subscriptions/*',
					})
				: undefined;
			await n8n.deactivate(workflowId);
			expect(
				active(
					await until(
						() => subscriptions(sandbox),
						(list) => active(list).length === 0,
					),
				),
			).toHaveLength(0);
			if (fault) await admin(sandbox, 'DELETE', `faults/${fault.id}`);
		}
		const all = await subscriptions(sandbox);
		const live = all.filter((s) => !/deactivated/i.test(s.status));
		const failedDeletes = sandbox.log.list({ service: 'webhooks', method: 'DELETE' }).filter((r) => r.fault).length;
		console.log(
			`[${VERSION}] 4 cycles: ${failedDeletes} DELETEs failed; ${live.length} live of ${all.length} subscriptions`,
		);
		expect(failedDeletes).toBe(5);
		expect(live).toEqual([]);
	});
});
