/**
 * Example 13 in a real n8n (N8N_E2E_VERSION): a Mindbody Trigger and a Webhook Safety Net in one
 * workflow, on the sandbox's clock with n8n's moved along (fixtures/shiftedClock.cjs). Two outages
 * of 6 hours, 40 clients created and 20 sales made across each: n8n stopped, then n8n running while
 * the sandbox's deliveries cannot reach it (its unreachable switch). Then a day passes. Each client
 * and sale the sandbox holds reached the workflow's last node exactly once, the subscription is
 * Active, and one report names the gap. A client and a sale the service delivers late, after the net
 * had passed them on, run once too. Counts are read from n8n's executions once a fresh client sent
 * afterwards came through, against the sandbox's own records.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Sandbox } from '../../sandbox';
import { n8nPid } from './support/counter';
import {
	activeSubscriptions,
	admin,
	sandboxCredential,
	startE2eSandbox,
	subscriptions,
	tarball,
	until,
	VERSION,
} from './support/mindbody';
import { N8n, type Execution } from './support/n8n';
import { addClients, pollTimesFor, pollWaitMs, step } from './support/pollTrigger';
import {
	deliveries,
	expectOneReportAndEachOnce,
	madeSince,
	metricsReads,
	moveProcessClocks,
	netStateStored,
	notOnce,
	pollsEnded,
	QUARTER_MS,
	reached,
	records,
	safetyNetWorkflow,
	sellContract,
	webhookIdOf,
	writeQuarter,
	type Records,
} from './support/safetyNet';
import { ShiftedClock } from './support/shiftedClock';

jest.setTimeout(10 * 60_000);

const OUTAGE_QUARTERS = 24;
const WRITES = { quarters: OUTAGE_QUARTERS, clients: 40, sales: 20 };
const DAY_QUARTERS = 96;
const POLL_WAIT_MS = pollWaitMs(VERSION);

describe(`Example 13 in n8n ${VERSION}: instant, and nothing lost across an outage`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let workflowId: string;
	let webhookId: string;
	const clock = new ShiftedClock();
	let sentinels = 0;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		const credential = sandboxCredential(sandbox);
		n8n = await N8n.start({
			version: VERSION,
			tarball: tarball(),
			credentials: [credential],
			env: clock.env({ keep: true }),
		});
		const workflow = safetyNetWorkflow(credential.id, pollTimesFor(VERSION));
		webhookId = webhookIdOf(workflow);
		workflowId = await n8n.importWorkflow(workflow);
		await activeSubscriptions(sandbox);
		expect(await until(() => netStateStored(n8n, workflowId), Boolean, 60_000)).toBe(true);
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
		clock.remove();
	});

	const ours = async () => (await subscriptions(sandbox)).filter((s) => s.webhookUrl.includes(webhookId));

	/** Moves the sandbox's clock and n8n's on together, a quarter hour at a time. */
	async function moveBoth(quarters: number): Promise<void> {
		for (let i = 0; i < quarters; i++) {
			await sandbox.clock.advance(QUARTER_MS);
			await moveProcessClocks(clock.folder, [n8nPid(n8n.userFolder)], 1);
		}
	}

	/** A day on both clocks: the sandbox's at once, n8n's in its quarter-hour moves. */
	async function dayPasses(): Promise<void> {
		await sandbox.clock.advance(DAY_QUARTERS * QUARTER_MS);
		await moveProcessClocks(clock.folder, [n8nPid(n8n.userFolder)], DAY_QUARTERS);
	}

	/** The workflow's finished executions after execution `after`. */
	async function executionsAfter(after: number): Promise<Execution[]> {
		return (await n8n.executions(workflowId)).filter((e) => e.stoppedAt && Number(e.id) > after);
	}

	const lastExecution = async () => Math.max(0, ...(await n8n.executions(workflowId)).map((e) => Number(e.id)));

	/**
	 * A new client while deliveries work, after what a case counts: once it reached Welcome Message
	 * and a poll of the net begun after it has ended, with no execution under way, every run before
	 * it has ended and the net has read past it.
	 */
	async function sentinel(after: number): Promise<void> {
		const polls = metricsReads(sandbox);
		const [client] = await addClients(sandbox, [`Sentinel${++sentinels}`]);
		const id = String(client.Id);
		const seen = await until(
			async () => reached(await executionsAfter(after)).clients.get(id) ?? 0,
			(runs) => runs > 0,
			60_000,
		);
		expect(seen).toBe(1);
		await pollsEnded(sandbox, polls, 1, POLL_WAIT_MS + 30_000);
		const running = await until(
			() => n8n.executions(workflowId, { status: 'running' }),
			(list) => list.length === 0,
			60_000,
		);
		expect(running).toEqual([]);
	}

	/** Where a case starts: deliveries work, and the net has read the subscription's counts since. */
	async function start(): Promise<{ before: Records; after: number; attempts: number }> {
		await sentinel(await lastExecution());
		await pollsEnded(sandbox, metricsReads(sandbox), 1, POLL_WAIT_MS + 30_000);
		return { before: records(sandbox), after: await lastExecution(), attempts: (await deliveries(sandbox)).length };
	}

	/**
	 * One outage of 6 hours on the sandbox clock with the writes spread over it, begun and ended by
	 * the case; then the report, a day, a sentinel, and the counts against the sandbox's records.
	 */
	async function outage(
		label: string,
		{ begin, quarter, end }: { begin(): Promise<void>; quarter(): Promise<void>; end(): Promise<void> },
	) {
		const { before, after, attempts } = await step('deliveries work before the outage', start);
		const outageFrom = sandbox.clock.now();
		await step('6 hours of outage on the sandbox clock, 40 clients created and 20 sales made across it', async () => {
			await begin();
			for (let q = 0; q < OUTAGE_QUARTERS; q++) {
				await writeQuarter(sandbox, label, q, WRITES);
				await quarter();
			}
		});
		const outageTo = sandbox.clock.now();
		const made = madeSince(sandbox, before);
		expect(made.clients).toHaveLength(WRITES.clients);
		expect(made.saleIds).toHaveLength(WRITES.sales);
		await step('the outage ends; the net reports it once deliveries work again', async () => {
			await end();
			const reports = await until(
				async () => reached(await executionsAfter(after)).reports,
				(list) => list.length > 0,
				4 * POLL_WAIT_MS + 60_000,
			);
			expect(reports).toHaveLength(1);
		});
		await step('a day passes; a new client comes through after it', async () => {
			await dayPasses();
			await sentinel(after);
		});
		return expectOneReportAndEachOnce(`[${VERSION}] ${label}`, sandbox, {
			before,
			attempts,
			executions: await executionsAfter(after),
			subscriptions: await ours(),
			outage: { from: outageFrom, to: outageTo, made },
		});
	}

	it('(b) n8n runs while deliveries cannot reach it for 6 hours: a day later each client and sale ran once, the subscription is Active again, one report names the gap', async () => {
		const data = await outage('Unreachable', {
			begin: () => admin(sandbox, 'POST', 'webhooks/switches', { unreachable: true }),
			quarter: () => moveBoth(1),
			end: () => admin(sandbox, 'POST', 'webhooks/switches', { unreachable: false }),
		});
		// The service deactivated the subscription after 3 hours; the net switched it back on.
		expect(data.subscriptionReactivated).toBe(true);
		expect(typeof data.deactivatedAt).toBe('string');
	});

	it('a client and a sale the service delivers late, after the net passed them on, run once', async () => {
		const { before, after, attempts } = await step('deliveries work', start);
		await step('deliveries cannot reach n8n; a client and a sale to it; the net passes both on', async () => {
			await admin(sandbox, 'POST', 'webhooks/switches', { unreachable: true });
			const [client] = await addClients(sandbox, ['Late']);
			await sellContract(sandbox, client.Id);
			const made = madeSince(sandbox, before);
			const through = await until(
				async () => {
					const seen = reached(await executionsAfter(after));
					return made.clients.every((id) => seen.clients.has(id)) && made.saleIds.every((id) => seen.sales.has(id));
				},
				Boolean,
				4 * POLL_WAIT_MS,
			);
			expect(through).toBe(true);
		});
		await step('deliveries work again; the service resends both a quarter hour later', async () => {
			await admin(sandbox, 'POST', 'webhooks/switches', { unreachable: false });
			await moveBoth(1);
			const late = await until(
				async () => (await deliveries(sandbox)).slice(attempts).filter((a) => a.outcome === 'delivered'),
				(list) => list.length >= 2,
				30_000,
			);
			expect(late.map((a) => a.eventId).sort()).toEqual(['client.created', 'clientSale.created']);
		});
		await step('a new client after it', () => sentinel(after));
		const all = madeSince(sandbox, before);
		const seen = reached(await executionsAfter(after));
		console.log(
			`[${VERSION}] delivered late: ${seen.clients.size} clients, ${seen.sales.size} sales reached the end ` +
				`(${seen.byTrigger.webhook} by the webhook, ${seen.byTrigger.net} by the net); reports: ${JSON.stringify(seen.reports.map((r) => r.eventData))}`,
		);
		expect(notOnce(all.clients, seen.clients)).toEqual({ notOnce: [], unknown: [] });
		expect(notOnce(all.saleIds, seen.sales)).toEqual({ notOnce: [], unknown: [] });
		expect(seen.failed).toEqual([]);
	});

	it('(a) n8n stopped for 6 hours while 40 clients are created and 20 sales made: a day later each ran once, the subscription is Active, one report names the gap', async () => {
		let pid = 0;
		let moves = 0;
		await outage('Stopped', {
			begin: async () => {
				moves = clock.moves(n8n);
				pid = n8nPid(n8n.userFolder);
				process.kill(pid, 'SIGTERM');
				const gone = await until(() => Promise.resolve(!fs.existsSync(`/proc/${pid}`)), Boolean, 30_000);
				expect(gone).toBe(true);
			},
			quarter: () => sandbox.clock.advance(QUARTER_MS),
			end: async () => {
				// n8n starts again with its clock where the sandbox's is now (fixtures/shiftedClock.cjs keeps moves).
				fs.writeFileSync(path.join(clock.folder, 'kept'), String(moves + OUTAGE_QUARTERS));
				await n8n.restart();
				expect(clock.moves(n8n)).toBe(moves + OUTAGE_QUARTERS);
			},
		});
		// Both clocks moved together: n8n's is where the sandbox's is.
		expect(Math.abs(Date.now() + clock.moves(n8n) * QUARTER_MS - sandbox.clock.now())).toBeLessThan(60_000);
	});
});
