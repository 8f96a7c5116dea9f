/**
 * The Mindbody Trigger's delivery guarantee in a real n8n: concurrent and repeated deliveries,
 * hours passing (a preloaded clock that SIGUSR2 moves 15 minutes forward), a restart, unsigned
 * requests of every content type, what n8n stores, and activation cycles with failing DELETEs.
 * Each case prints its counts. Later nodes report every messageId that reaches them to a local
 * counter.
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
import { clientCreatedEvent, Counter, countingWorkflow } from './support/counter';
import { N8n, type WorkflowJson } from './support/n8n';

jest.setTimeout(600_000);

const WEBHOOK_ID = '7a0c5d2e-9b1f-4c3a-8e6d-2f4b6a8c0e11';
const CLOCK = path.resolve(__dirname, 'fixtures/shiftedClock.cjs');

const workflow = (credentialId: string, counterUrl: string): WorkflowJson =>
	countingWorkflow('e2e: exactly once', '7a0c5d2e', WEBHOOK_ID, credentialId, counterUrl);
const event = clientCreatedEvent;
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** The n8n server process (not its task runner): the one that owns this user folder and runs `start`. */
function n8nPid(userFolder: string): number {
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
			const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8');
			if (cmdline.includes('start') && environ.includes(`N8N_USER_FOLDER=${userFolder}\0`)) return Number(entry);
		} catch {
			/* gone, or not ours */
		}
	}
	throw new Error(`no n8n process for ${userFolder}`);
}

describe(`Mindbody Trigger delivers each event once, in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let counter: Counter;
	let workflowId: string;
	let key: string;
	let url: string;
	let clockAcks: string;
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

	it('200 ids delivered 3 times at the same moment: 200 runs, no execution for a duplicate', async () => {
		const all = ids('triple', 200);
		const unanswered: string[] = [];
		for (const id of all) {
			const body = JSON.stringify(event(id));
			const statuses = await Promise.all([body, body, body].map((same) => post(same)));
			if (statuses.some((status) => status !== 200)) unanswered.push(body);
		}
		await resendLater(unanswered);
		await counter.settle(200);
		const executions = await executionCount();
		console.log(
			`[${VERSION}] 200 ids × 3 at once: ${counter.runs} runs, ${executions} executions; ${unanswered.length} sent again 15 minutes later`,
		);
		if (notOk.length) console.log(`n8n answered: ${notOk.join(' | ')}\n${errorLines()}`);
		expect(refusedByTrigger()).toEqual([]);
		expect(counter.reruns(all)).toBe(0);
		expect(all.every((id) => counter.seen.get(id) === 1)).toBe(true);
		expect(executions).toBe(200);
	});

	it('150 new events 8 at a time, then each once more one at a time: 0 reruns', async () => {
		const all = ids('burst', 150);
		await inGroups(all, 8);
		await counter.settle(350);
		await inGroups(all, 1);
		await new Promise((r) => setTimeout(r, 3000));
		console.log(`[${VERSION}] 150 ids 8 at a time, then again one by one: ${counter.reruns(all)} reruns`);
		expect(counter.reruns(all)).toBe(0);
	});

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
		await new Promise((r) => setTimeout(r, 2000));
		console.log(`[${VERSION}] unsigned: ${answers.join(', ')}; executions added: ${(await executionCount()) - before}`);
		expect(await executionCount()).toBe(before);
	});

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
		expect(staticData.length).toBeLessThan(2048);
		expect(leaking).toBe(0);
		expect(exportText).not.toContain(key);
	});

	it('an id redelivered 3 hours later, 20,000 other events between: 0 reruns', async () => {
		expect(await post(JSON.stringify(event('late')))).toBe(200);
		const before = counter.runs;
		await counter.settle(before);
		await moveClock(3 * 60);
		const others = ids('between', 20_000);
		const unanswered: string[] = [];
		for (let i = 0; i < others.length; i += 1000) {
			const body = JSON.stringify(others.slice(i, i + 1000).map(event));
			if ((await post(body)) !== 200) unanswered.push(body);
		}
		await resendLater(unanswered);
		await counter.settle(before + 20_000);
		expect(await post(JSON.stringify(event('late')))).toBe(200);
		await new Promise((r) => setTimeout(r, 3000));
		console.log(`[${VERSION}] 'late' redelivered 3 h on, 20,000 events between: ${counter.seen.get('late')} run(s)`);
		expect(refusedByTrigger()).toEqual([]);
		expect(counter.seen.get('late')).toBe(1);
	});

	it('the last 1,000 ids redelivered after a restart: 0 reruns', async () => {
		const last = ids('between', 20_000).slice(-1000);
		await n8n.restart();
		await new Promise((r) => setTimeout(r, 3000));
		const executionsBefore = await executionCount();
		const runsBefore = counter.runs;
		// 8 events a delivery, 4 deliveries at a time: every id meets the database step, concurrently.
		const deliveries = Array.from({ length: 125 }, (_, i) => last.slice(i * 8, i * 8 + 8));
		const unanswered: string[] = [];
		for (let i = 0; i < deliveries.length; i += 4) {
			const group = deliveries.slice(i, i + 4).map((batch) => JSON.stringify(batch.map(event)));
			const statuses = await Promise.all(group.map((body) => post(body)));
			unanswered.push(...group.filter((_, at) => statuses[at] !== 200));
		}
		await resendLater(unanswered);
		await new Promise((r) => setTimeout(r, 5000));
		const executions = (await executionCount()) - executionsBefore;
		console.log(
			`[${VERSION}] last 1,000 ids after a restart: ${counter.reruns(last)} reruns, ${executions} executions stopped at the trigger`,
		);
		if (notOk.length) console.log(`n8n answered: ${notOk.join(' | ')}\n${errorLines()}`);
		expect(refusedByTrigger()).toEqual([]);
		expect(counter.runs).toBe(runsBefore);
		expect(counter.reruns(last)).toBe(0);
	});

	it('100 activate/deactivate cycles with 30% of DELETEs failing: 0 live subscriptions', async () => {
		let failing = 0;
		for (let cycle = 0; cycle < 100; cycle++) {
			if (cycle > 0) await n8n.activate(workflowId);
			await until(
				() => subscriptions(sandbox),
				(list) => active(list).length === 1,
			);
			let fault: { id: number } | undefined;
			if (cycle % 10 < 3) {
				failing++;
				fault = await admin<{ id: number }>(sandbox, 'POST', 'faults', {
					kind: cycle % 30 === 0 ? 'serverError' : 'badGateway',
					service: 'webhooks',
					method: 'DELETE',
					path: '/subscriptions/*',
					times: cycle % 30 === 0 ? 'always' : 1,
				});
			}
			await n8n.deactivate(workflowId);
			await until(
				() => subscriptions(sandbox),
				(list) => active(list).length === 0,
			);
			if (fault) await admin(sandbox, 'DELETE', `faults/${fault.id}`);
		}
		const all = await subscriptions(sandbox);
		const live = all.filter((s) => !/deactivated/i.test(s.status));
		console.log(
			`[${VERSION}] 100 cycles, ${failing} with failing DELETEs: ${live.length} live of ${all.length} subscriptions`,
		);
		expect(live).toEqual([]);
	});
});
