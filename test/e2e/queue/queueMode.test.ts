/**
 * The package in n8n queue mode: Postgres, Redis, one main, two workers and two webhook
 * processes behind a round-robin forwarder, all on 127.0.0.1. Every scenario prints its counts.
 * Sizes are those that show what only queue mode has (deliveries spread over two webhook processes
 * and run by workers, a worker killed, a token shared by workers, the Webhook Safety Net polling on main
 * while its runs and the deliveries' go to workers); the trigger's soak sizes run in n8n-core's engine
 * (test/trigger/exactlyOnce.test.ts, test/trigger/cleanup.test.ts).
 *   npm run test:e2e:queue
 */
import { randomUUID } from 'crypto';

import { api, listExecutions } from '../../../scripts/n8n';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { sandboxCredentialData } from '../../support/sandboxCredentials';
import { example } from '../support/mindbody';
import { N8n } from '../support/n8n';
import { addClients, pollTimesFor, pollWaitMs, step } from '../support/pollTrigger';
import {
	deliveries,
	expectOneReportAndEachOnce,
	madeSince,
	metricsReads,
	moveProcessClocks,
	netStateStored,
	pollsEnded,
	QUARTER_MS,
	reached,
	records,
	safetyNetWorkflow,
	webhookIdOf,
	writeQuarter,
} from '../support/safetyNet';
import { ShiftedClock } from '../support/shiftedClock';
import {
	activeOnes,
	countBy,
	createWorkflow,
	deliver,
	executions,
	inParallel,
	isTerminal,
	messageIdsOf,
	outputOf,
	placement,
	printCounts,
	report,
	runsPerMessage,
	sandboxAdmin,
	setActive,
	settledExecutions,
	settledWith,
	signedDelivery,
	startQueueSetup,
	subscriptionsOf,
	until,
	type Execution,
	type QueueSetup,
	type SubscriptionView,
	type WorkflowJson,
} from './support';

const VERSION = '2.8.4';
const CREDENTIAL = 'Mindbody sandbox';

function tarball(): string {
	const file = process.env.N8N_E2E_TARBALL;
	if (!file) throw new Error('N8N_E2E_TARBALL not set: run with -c test/e2e/queue/jest.config.js');
	return file;
}

/** Mindbody Trigger -> (optional Wait) -> Record, which keeps the messageId of each item it gets. */
function triggerWorkflow(name: string, webhookId: string, credentialId: string, waitSeconds = 0): WorkflowJson {
	const node = (n: number) => `${webhookId.slice(0, 24)}${String(n).padStart(12, '0')}`;
	const nodes: Array<Record<string, unknown>> = [
		{
			id: node(1),
			name: 'Mindbody Trigger',
			type: 'n8n-nodes-mindbody.mindbodyTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId,
			parameters: { events: ['client.created'], options: {} },
			credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL } },
		},
		{
			id: node(2),
			name: 'Record',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [480, 0],
			parameters: {
				assignments: {
					assignments: [
						{ id: 'r1', name: 'messageId', value: '={{ $json.messageId }}', type: 'string' },
						{ id: 'r2', name: 'clientId', value: '={{ $json.eventData.clientId }}', type: 'string' },
					],
				},
				options: {},
			},
		},
	];
	const connections: Record<string, unknown> = {};
	if (waitSeconds) {
		nodes.push({
			id: node(3),
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [240, 0],
			webhookId: randomUUID(),
			parameters: { amount: waitSeconds, unit: 'seconds' },
		});
		connections['Mindbody Trigger'] = { main: [[{ node: 'Wait', type: 'main', index: 0 }]] };
		connections.Wait = { main: [[{ node: 'Record', type: 'main', index: 0 }]] };
	} else {
		connections['Mindbody Trigger'] = { main: [[{ node: 'Record', type: 'main', index: 0 }]] };
	}
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** An example with its daily Schedule Trigger set to fire once, at the given UTC time of day. */
function scheduledOnceAt(workflow: WorkflowJson, at: Date): WorkflowJson {
	const expression = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type === 'n8n-nodes-base.scheduleTrigger'
				? { ...node, parameters: { rule: { interval: [{ field: 'cronExpression', expression }] } } }
				: node,
		),
	};
}

const webhookPathOf = (webhookId: string) => `${webhookId}/webhook`;

async function subscriptionFor(sandbox: Sandbox, webhookId: string): Promise<SubscriptionView> {
	const list = await until(
		() => subscriptionsOf(sandbox),
		(l) => activeOnes(l).some((s) => s.webhookUrl.includes(webhookId)),
	);
	const sub = activeOnes(list).find((s) => s.webhookUrl.includes(webhookId));
	if (!sub) throw new Error(`no Active subscription for ${webhookId}`);
	return sub;
}

/** Has the sandbox send `count` client.created events; the messageIds meant for one subscription. */
async function emitClientCreated(sandbox: Sandbox, subscriptionId: string, count: number): Promise<string[]> {
	const emitted = await sandboxAdmin<{
		items: Array<{ messages: Array<{ subscriptionId: string; messageId: string }> }>;
	}>(
		sandbox,
		'POST',
		'webhooks/emit',
		Array.from({ length: count }, () => ({ eventId: 'client.created' })),
	);
	return emitted.items
		.flatMap((item) => item.messages)
		.filter((m) => m.subscriptionId === subscriptionId)
		.map((m) => m.messageId);
}

/** Per messageId: how many runs; the number of ids run once, twice, …; duplicate runs in all. */
function duplicateFigures(ids: string[], list: Execution[]) {
	const runs = runsPerMessage(list, 'Record');
	const distribution = countBy(ids, (id) => `${runs.get(id) ?? 0} run(s)`);
	const duplicateRuns = ids.reduce((sum, id) => sum + Math.max(0, (runs.get(id) ?? 0) - 1), 0);
	const neverRan = ids.filter((id) => !runs.get(id)).length;
	return { distribution, duplicateRuns, neverRan };
}

describe(`the package in n8n ${VERSION} queue mode`, () => {
	let sandbox: Sandbox;
	let loginSandbox: Sandbox;
	let netSandbox: Sandbox;
	let setup: QueueSetup;
	const credentialId = N8n.newId();
	const loginCredentialId = N8n.newId();
	const netCredentialId = N8n.newId();
	// Preloaded into every process; only the last scenario moves the clocks.
	const clock = new ShiftedClock();

	beforeAll(async () => {
		sandbox = await startSandbox({ allowLoopbackHttp: true, realTimeTicker: true });
		// Its own sandbox: the login scenario moves this one's clock to expire tokens.
		loginSandbox = await startSandbox({ allowLoopbackHttp: true, realTimeTicker: true });
		// Its own sandbox too: the safety net's scenario moves this one's clock, and n8n's with it.
		netSandbox = await startSandbox({ allowLoopbackHttp: true, realTimeTicker: true });
		const t0 = Date.now();
		setup = await startQueueSetup({
			version: VERSION,
			tarball: tarball(),
			workers: 2,
			webhookProcesses: 2,
			credentials: [
				{ id: credentialId, name: CREDENTIAL, type: 'mindbodyApi', data: sandboxCredentialData(sandbox) },
				{ id: loginCredentialId, name: CREDENTIAL, type: 'mindbodyApi', data: sandboxCredentialData(loginSandbox) },
				{ id: netCredentialId, name: CREDENTIAL, type: 'mindbodyApi', data: sandboxCredentialData(netSandbox) },
			],
			env: clock.env(),
		});
		printCounts('cluster', {
			startSeconds: Math.round((Date.now() - t0) / 1000),
			main: setup.cluster.main.baseUrl,
			workers: setup.cluster.workers.length,
			webhookProcesses: setup.cluster.webhooks.map((w) => w.baseUrl),
			webhookUrl: setup.forwarder.url,
		});
	}, 300000);

	afterAll(async () => {
		await setup?.cluster.stop();
		await setup?.forwarder.stop();
		await sandbox?.stop();
		await loginSandbox?.stop();
		await netSandbox?.stop();
		clock.remove();
		process.stderr.write(`\n[queue] summary\n${JSON.stringify(report, null, 1)}\n`);
	}, 120000);

	// Example 03 is left out: each of its runs waits for a person's answer by e-mail
	// (test/e2e/examples.test.ts follows its links); 04 is the schedule run on a worker here.
	it('runs three examples: the triggers through both webhook processes, the schedule on a worker', async () => {
		const { cluster } = setup;
		const welcomeId = await createWorkflow(cluster, example('01-welcome-new-client.json', credentialId));
		const summaryId = await createWorkflow(cluster, example('02-sales-running-summary.json', credentialId));
		// Main activates and schedules; the first firing leaves time for both activations.
		const fireAt = new Date(Date.now() + 25000);
		const bookId = await createWorkflow(
			cluster,
			scheduledOnceAt(example('04-book-recurring-next-week.json', credentialId), fireAt),
		);
		await until(
			() => subscriptionsOf(sandbox),
			(l) => activeOnes(l).length >= 2,
		);

		const client = await sandboxAdmin<{ eventData: { clientId: string; firstName: string } }>(
			sandbox,
			'POST',
			'webhooks/emit',
			{ eventId: 'client.created' },
		);
		const sale = (saleId: number, amountPaid: number) => ({
			eventId: 'clientSale.created',
			eventData: {
				saleId,
				totalAmountPaid: amountPaid,
				items: [
					{
						itemId: 500,
						type: 'Product',
						name: 'Grip socks',
						quantity: 1,
						amountPaid,
						amountDiscounted: 0,
						recipientClientId: '100001',
						paymentReferenceId: saleId,
					},
				],
			},
		});
		// One sale after the other: the example's summary lives in static data (last write wins).
		await sandboxAdmin(sandbox, 'POST', 'webhooks/emit', sale(9001, 12));
		await sandboxAdmin(sandbox, 'POST', 'webhooks/settle');
		await settledExecutions(cluster, summaryId, 1, 30000);
		await sandboxAdmin(sandbox, 'POST', 'webhooks/emit', sale(9002, 24));
		await sandboxAdmin(sandbox, 'POST', 'webhooks/settle');

		const welcome = await settledExecutions(cluster, welcomeId, 1, 30000);
		const summary = await settledExecutions(cluster, summaryId, 2, 30000);
		const book = await settledExecutions(cluster, bookId, 1, 30000);
		for (const id of [welcomeId, summaryId, bookId]) await setActive(cluster, id, false);

		const all = { welcome, summary, book };
		printCounts(
			'examples',
			Object.fromEntries(
				Object.entries(all).map(([name, list]) => [
					name,
					{
						executions: list.length,
						status: countBy(list, (e) => String(e.status)),
						mode: countBy(list, (e) => e.mode),
						...placement(cluster, list),
					},
				]),
			),
		);

		for (const list of Object.values(all)) {
			expect(list.map((e) => e.status)).toEqual(list.map(() => 'success'));
			expect(placement(cluster, list).onNoWorker).toBe(0);
		}
		expect(welcome).toHaveLength(1);
		expect(outputOf(welcome[0], 'Welcome Message')[0].json).toMatchObject({ clientId: client.eventData.clientId });
		const latest = summary.map((e) => outputOf(e, 'Add Sale to Summary')[0]?.json).find((s) => s?.sales === 2);
		expect(latest).toMatchObject({ sales: 2, totalPaid: 36, lastSaleId: 9002 });
		// The schedule fired once, as a trigger execution on a worker, and changed the sandbox.
		expect(book.map((e) => e.mode)).toEqual(['trigger']);
		const booked = outputOf(book[0], 'Book Recurring')[0].json as { AppointmentIds: number[]; RecurrenceId: number };
		const appointments = await sandboxAdmin<Array<{ Id: number; RecurrenceId?: number }>>(
			sandbox,
			'GET',
			'state/appointments',
		);
		expect(
			appointments
				.filter((a) => a.RecurrenceId === booked.RecurrenceId)
				.map((a) => a.Id)
				.sort(),
		).toEqual([...booked.AppointmentIds].sort());
		expect(booked.AppointmentIds).toHaveLength(4);
	}, 240000);

	// 100 cycles, with failing DELETEs, in n8n-core's engine: test/trigger/cleanup.test.ts,
	// "100 activate/deactivate cycles with 30% of DELETEs failing".
	it('5 activate/deactivate cycles keep exactly one live subscription while active, none after', async () => {
		const { cluster } = setup;
		const webhookId = randomUUID();
		const id = await createWorkflow(cluster, triggerWorkflow('queue: cycles', webhookId, credentialId), false);
		const mine = async () => activeOnes(await subscriptionsOf(sandbox)).filter((s) => s.webhookUrl.includes(webhookId));
		const whileActive: number[] = [];
		const sentinelsRun: number[] = [];
		const afterDeactivate: number[] = [];
		for (let cycle = 0; cycle < 5; cycle++) {
			await setActive(cluster, id, true);
			const [sub] = await until(mine, (l) => l.length >= 1);
			// An event the service sends now has run on a worker: the activation is done everywhere,
			// and a second subscription it made would be listed by now.
			const sent = await emitClientCreated(sandbox, sub.subscriptionId, 1);
			await sandboxAdmin(sandbox, 'POST', 'webhooks/settle');
			const ran = runsPerMessage(await settledWith(cluster, id, sent, 60000), 'Record');
			sentinelsRun.push(sent.filter((m) => ran.get(m) === 1).length);
			whileActive.push((await mine()).length);
			await setActive(cluster, id, false);
			afterDeactivate.push((await until(mine, (l) => l.length === 0)).length);
		}
		const all = (await subscriptionsOf(sandbox)).filter((s) => s.webhookUrl.includes(webhookId));
		printCounts('activate/deactivate cycles', {
			cycles: 5,
			liveWhileActive: countBy(whileActive, String),
			eventsRunWhileActive: countBy(sentinelsRun, String),
			liveAfterDeactivate: countBy(afterDeactivate, String),
			subscriptionsKnownToTheService: all.length,
			byStatus: countBy(all, (s) => s.status),
		});
		expect(sentinelsRun).toEqual(Array(5).fill(1));
		expect(whileActive).toEqual(Array(5).fill(1));
		expect(afterDeactivate).toEqual(Array(5).fill(0));
		expect(activeOnes(all)).toHaveLength(0);
	}, 300000);

	// One process's exactly-once at soak sizes: test/trigger/exactlyOnce.test.ts.
	it('100 signed deliveries over both webhook processes: one execution each, all on workers', async () => {
		const { cluster, forwarder } = setup;
		const webhookId = randomUUID();
		const id = await createWorkflow(cluster, triggerWorkflow('queue: bulk', webhookId, credentialId));
		const sub = await subscriptionFor(sandbox, webhookId);
		const forwardedBefore = [...forwarder.counts];
		const t0 = Date.now();
		const ids = await emitClientCreated(sandbox, sub.subscriptionId, 100);
		await sandboxAdmin(sandbox, 'POST', 'webhooks/settle', undefined, 300000);
		const deliveredSeconds = (Date.now() - t0) / 1000;
		const attempts = (
			await sandboxAdmin<{ items: Array<{ subscriptionId: string; status?: number }> }>(
				sandbox,
				'GET',
				'webhooks/deliveries',
			)
		).items.filter((a) => a.subscriptionId === sub.subscriptionId);
		const list = await settledExecutions(cluster, id, ids.length, 180000);
		await setActive(cluster, id, false);
		const figures = duplicateFigures(ids, list);
		const where = placement(cluster, list);
		printCounts('100 deliveries', {
			emitted: ids.length,
			attempts: attempts.length,
			answers: countBy(attempts, (a) => String(a.status ?? 'none')),
			perWebhookProcess: forwarder.counts.map((n, i) => n - forwardedBefore[i]),
			deliveredSeconds: Math.round(deliveredSeconds),
			executions: list.length,
			status: countBy(list, (e) => String(e.status)),
			...figures,
			...where,
		});
		expect(ids).toHaveLength(100);
		expect(attempts.filter((a) => a.status === 200)).toHaveLength(100);
		for (const n of forwarder.counts.map((c, i) => c - forwardedBefore[i])) expect(n).toBeGreaterThanOrEqual(45);
		expect(list).toHaveLength(100);
		expect(list.filter((e) => e.status === 'success')).toHaveLength(100);
		expect(figures).toMatchObject({ duplicateRuns: 0, neverRan: 0 });
		expect(where.onNoWorker).toBe(0);
		for (const n of where.perWorker) expect(n).toBeGreaterThan(0);
	}, 600000);

	it('duplicates of one messageId sent to both webhook processes: counted; sent to one process: none', async () => {
		const { cluster } = setup;
		const webhookId = randomUUID();
		const id = await createWorkflow(cluster, triggerWorkflow('queue: duplicates', webhookId, credentialId));
		const sub = await subscriptionFor(sandbox, webhookId);
		const path = webhookPathOf(webhookId);
		const [a, b] = cluster.webhooks.map((w) => w.baseUrl);
		const answers: number[] = [];

		// Three copies of each id at the same moment: two to one process, one to the other.
		const concurrentIds = Array.from({ length: 40 }, () => `dup-c-${randomUUID()}`);
		await inParallel(concurrentIds, 8, async (messageId) => {
			const delivery = signedDelivery(sub, messageId);
			answers.push(...(await Promise.all([a, b, a].map((target) => deliver(target, path, delivery)))));
		});
		// Redeliveries one at a time: each copy after the previous one was answered, alternating.
		const sequentialIds = Array.from({ length: 40 }, () => `dup-s-${randomUUID()}`);
		await inParallel(sequentialIds, 8, async (messageId) => {
			const delivery = signedDelivery(sub, messageId);
			for (const target of [a, b, a]) answers.push(await deliver(target, path, delivery));
		});
		// The same, all three copies to one webhook process (a load balancer routing by path).
		const oneProcessIds = Array.from({ length: 20 }, () => `dup-p-${randomUUID()}`);
		await inParallel(oneProcessIds, 8, async (messageId) => {
			const delivery = signedDelivery(sub, messageId);
			for (let copy = 0; copy < 3; copy++) answers.push(await deliver(a, path, delivery));
		});

		// Every copy has been answered. A new id sent to each process after them has run, and every
		// execution has ended: the copies have run all they will.
		const sentinels = [a, b].map(() => `dup-sentinel-${randomUUID()}`);
		await Promise.all(sentinels.map((m, i) => deliver([a, b][i], path, signedDelivery(sub, m))));
		const list = await settledWith(cluster, id, sentinels, 120000);
		await setActive(cluster, id, false);
		const concurrent = duplicateFigures(concurrentIds, list);
		const sequential = duplicateFigures(sequentialIds, list);
		const oneProcess = duplicateFigures(oneProcessIds, list);
		printCounts('duplicate messageIds across two webhook processes', {
			concurrent: { ids: 40, copiesEach: 3, ...concurrent },
			redeliveredOneAtATime: { ids: 40, copiesEach: 3, ...sequential },
			redeliveredToOneProcess: { ids: 20, copiesEach: 3, ...oneProcess },
			answers: countBy(answers, String),
			executions: list.length,
			status: countBy(list, (e) => String(e.status)),
			executionsThatRanNothing: list.filter((e) => outputOf(e, 'Record').length === 0).length,
			...placement(cluster, list),
		});
		// Nothing lost: every id ran at least once; every copy was acknowledged.
		expect(answers.filter((s) => s === 200)).toHaveLength(300);
		expect(concurrent.neverRan).toBe(0);
		expect(sequential.neverRan).toBe(0);
		expect(oneProcess.neverRan).toBe(0);
		// One webhook process lets an id through once (what sticky routing by path relies on).
		expect(oneProcess.duplicateRuns).toBe(0);
		expect(list.filter((e) => e.status !== 'success')).toHaveLength(0);
	}, 600000);

	it('a staff-login credential on both workers: one token serves both, renewed after a 401; logins counted', async () => {
		const { cluster, forwarder } = setup;
		const webhookPath = `queue-login-${randomUUID()}`;
		const id = await createWorkflow(cluster, {
			name: 'queue: staff login',
			nodes: [
				{
					id: randomUUID(),
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
				},
				{
					id: randomUUID(),
					name: 'Get Request',
					type: 'n8n-nodes-mindbody.mindbody',
					typeVersion: 1,
					position: [240, 0],
					parameters: { resource: 'appointmentRequest', operation: 'get', id: 60006, options: {} },
					credentials: { mindbodyApi: { id: loginCredentialId, name: CREDENTIAL } },
				},
			],
			connections: { Webhook: { main: [[{ node: 'Get Request', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		type Logged = { path: string; status: number; operation?: string };
		const restLog = async () => sandboxAdmin<Logged[]>(loginSandbox, 'GET', 'requests?service=rest');
		const logins = (log: Logged[]) => log.filter((r) => /\/usertoken\/issue$/i.test(r.path)).length;
		const refused = (log: Logged[]) =>
			log.filter((r) => r.operation === 'GET /Business/Schedules/AppointmentRequests/{id}' && r.status === 401).length;
		const call = async (n: number) => {
			const statuses = await Promise.all(
				Array.from({ length: n }, () =>
					fetch(`${forwarder.url}webhook/${webhookPath}`, { method: 'POST', signal: AbortSignal.timeout(30000) }).then(
						(r) => r.status,
					),
				),
			);
			expect(statuses).toEqual(statuses.map(() => 200));
		};
		const phase = async (name: string, calls: number, expected: number) => {
			const before = new Set((await executions(cluster, id)).map((e) => String(e.id)));
			await call(calls);
			const list = (await settledExecutions(cluster, id, expected, 60000)).filter((e) => !before.has(String(e.id)));
			const log = await restLog();
			return {
				name,
				calls,
				executions: list.length,
				status: countBy(list, (e) => String(e.status)),
				...placement(cluster, list),
				loginsSoFar: logins(log),
				refusedSoFar: refused(log),
				list,
			};
		};

		const first = await phase('first call', 1, 1);
		const warm = await phase('20 at once, token in the credential', 20, 21);
		// 25 hours on the sandbox clock: every issued token has expired.
		await sandboxAdmin(loginSandbox, 'POST', 'clock/advance', { ms: 25 * 3600 * 1000 });
		const expired = await phase('20 at once, token expired', 20, 41);
		await setActive(cluster, id, false);
		const phases = [first, warm, expired];
		const renewalLogins = expired.loginsSoFar - warm.loginsSoFar;
		printCounts('staff login on two workers', {
			workers: cluster.workers.length,
			phases: phases.map(({ list: _list, ...rest }) => rest),
			loginsBeforeExpiry: warm.loginsSoFar,
			renewalLogins,
		});

		for (const p of phases) {
			expect(p.status).toEqual({ success: p.calls });
			expect(p.onNoWorker).toBe(0);
		}
		// Both workers ran the credential's requests, after and before the tokens expired.
		for (const p of [warm, expired]) for (const n of p.perWorker) expect(n).toBeGreaterThan(0);
		// One login for 21 executions on two workers: the token is stored with the credential.
		expect(first.loginsSoFar).toBe(1);
		expect(warm.loginsSoFar).toBe(1);
		expect(warm.refusedSoFar).toBe(0);
		// Expired tokens were refused and renewed by new logins, each one answering a refusal.
		// Executions of one worker that meet the same refused token share one login.
		expect(expired.refusedSoFar).toBeGreaterThan(0);
		expect(renewalLogins).toBeGreaterThan(0);
		expect(renewalLogins).toBeLessThanOrEqual(expired.refusedSoFar);
		expect(renewalLogins).toBeLessThanOrEqual(cluster.workers.length);
	}, 300000);

	it('a worker killed in the middle of a burst: every acknowledged event leaves an execution', async () => {
		const { cluster, forwarder } = setup;
		const webhookId = randomUUID();
		// A wait of 2 s keeps executions in flight on the workers when one is killed.
		const id = await createWorkflow(cluster, triggerWorkflow('queue: worker killed', webhookId, credentialId, 2));
		const sub = await subscriptionFor(sandbox, webhookId);
		const victim = cluster.workers[0];
		const forwardedBefore = forwarder.counts.reduce((x, y) => x + y, 0);
		const ids = await emitClientCreated(sandbox, sub.subscriptionId, 100);
		await until(
			async () => forwarder.counts.reduce((x, y) => x + y, 0) - forwardedBefore,
			(n) => n >= 30,
			60000,
		);
		await cluster.killWorker(victim);
		const killedAfter = forwarder.counts.reduce((x, y) => x + y, 0) - forwardedBefore;
		const replacement = cluster.addWorker();
		await sandboxAdmin(sandbox, 'POST', 'webhooks/settle', undefined, 300000);
		await replacement;

		const attempts = (
			await sandboxAdmin<{ items: Array<{ subscriptionId: string; messageId: string; status?: number }> }>(
				sandbox,
				'GET',
				'webhooks/deliveries',
			)
		).items.filter((a) => a.subscriptionId === sub.subscriptionId);
		const acknowledged = new Set(
			attempts.filter((a) => a.status !== undefined && a.status >= 200 && a.status < 300).map((a) => a.messageId),
		);
		// A dead worker's jobs are noticed when its lock expires; main marks their executions crashed.
		const list = await settledExecutions(cluster, id, acknowledged.size, 240000);
		await setActive(cluster, id, false);
		const traced = new Map<string, number>();
		for (const execution of list) {
			for (const messageId of messageIdsOf(execution)) traced.set(messageId, (traced.get(messageId) ?? 0) + 1);
		}
		// When n8n gives up on a lost worker's job it marks the execution failed and replaces its data
		// with the error: the execution stays, the event in it does not.
		const withoutEvent = list.filter((e) => messageIdsOf(e).length === 0);
		const lost = acknowledged.size - [...acknowledged].filter((m) => traced.has(m)).length - withoutEvent.length;
		const runs = runsPerMessage(list, 'Record');
		printCounts('worker killed mid-burst', {
			emitted: ids.length,
			forwardedWhenKilled: killedAfter,
			executionsStartedPerWorker: placement(cluster, list).perWorker,
			acknowledged: acknowledged.size,
			answers: countBy(attempts, (a) => String(a.status ?? 'no answer')),
			executions: list.length,
			status: countBy(list, (e) => String(e.status)),
			ranToTheEnd: [...acknowledged].filter((m) => (runs.get(m) ?? 0) > 0).length,
			failedWithItsEvent: list.filter((e) => e.status !== 'success' && messageIdsOf(e).length > 0).length,
			failedWithoutItsEvent: withoutEvent.length,
			failureMessages: countBy(withoutEvent, (e) =>
				String((e.data?.resultData.error as { message?: string } | undefined)?.message ?? 'none'),
			),
			acknowledgedLostWithoutTrace: lost,
			duplicateRuns: [...runs.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0),
			notFinished: list.filter((e) => !isTerminal(e)).length,
		});
		expect(ids).toHaveLength(100);
		expect(acknowledged.size).toBeGreaterThan(0);
		// One execution per acknowledged event: each found by its messageId, or a failed execution
		// that n8n emptied; none of them still pending.
		expect(list).toHaveLength(acknowledged.size);
		expect([...traced.keys()].filter((m) => !acknowledged.has(m))).toEqual([]);
		expect([...traced.values()].filter((n) => n > 1)).toEqual([]);
		expect(withoutEvent.filter((e) => e.status !== 'error' && e.status !== 'crashed')).toEqual([]);
		expect(lost).toBe(0);
		expect(list.filter((e) => !isTerminal(e))).toEqual([]);
	}, 600000);

	// Last: it moves every process's clock 30 hours on. Example 13's net polls on main; its runs and the
	// deliveries' run on workers, which share the record of processed items in Postgres. Case (a), n8n
	// stopped, and a delivery that arrives after the net passed its record on, run in one process
	// (test/e2e/webhookSafetyNet.test.ts).
	it('Webhook Safety Net: deliveries cannot reach the webhook processes for 6 hours while 40 clients are created and 20 sales made; a day later each ran once, the subscription is Active again, one report names the gap', async () => {
		const { cluster } = setup;
		const POLL_WAIT_MS = pollWaitMs(VERSION);
		const OUTAGE_QUARTERS = 24;
		const WRITES = { quarters: OUTAGE_QUARTERS, clients: 40, sales: 20 };
		const workflow = safetyNetWorkflow(netCredentialId, pollTimesFor(VERSION), 'queue: safety net');
		const webhookId = webhookIdOf(workflow);
		const id = await createWorkflow(cluster, workflow);
		await subscriptionFor(netSandbox, webhookId);
		const stored = await until(
			() => netStateStored({ api: (method, path) => api(cluster.main, method, path) }, id),
			Boolean,
			60000,
		);
		expect(stored).toBe(true);

		// Every process of the cluster, as on separate machines: the clocks move together.
		const processes = () =>
			[cluster.main, ...cluster.webhooks, ...cluster.workers].filter((p) => !p.exited).map((p) => p.proc.pid!);
		const moveBoth = async (quarters: number) => {
			await netSandbox.clock.advance(quarters * QUARTER_MS);
			await moveProcessClocks(clock.folder, processes(), quarters);
		};
		const executionsAfter = async (after: number) =>
			(await executions(cluster, id)).filter((e) => e.stoppedAt && Number(e.id) > after);
		const lastExecution = async () =>
			Math.max(
				0,
				...(await listExecutions(cluster.main, id, { includeData: false, maxPages: 100 })).map((e) => Number(e.id)),
			);
		let sentinels = 0;
		// A new client while deliveries work: once it reached Welcome Message and a poll of the net begun
		// after it has ended, with no execution unfinished, every run before it has ended and the net has
		// read past it.
		const sentinel = async (after: number) => {
			const polls = metricsReads(netSandbox);
			const [client] = await addClients(netSandbox, [`QueueSentinel${++sentinels}`]);
			const seen = await until(
				async () => reached(await executionsAfter(after)).clients.get(String(client.Id)) ?? 0,
				(runs) => runs > 0,
				60000,
			);
			expect(seen).toBe(1);
			await pollsEnded(netSandbox, polls, 1, POLL_WAIT_MS + 30000);
			const unfinished = await until(
				async () =>
					(await listExecutions(cluster.main, id, { includeData: false, maxPages: 100 })).filter((e) => !isTerminal(e)),
				(list) => list.length === 0,
				60000,
			);
			expect(unfinished).toEqual([]);
		};

		const { before, after, attempts } = await step('deliveries work before the outage', async () => {
			await sentinel(await lastExecution());
			await pollsEnded(netSandbox, metricsReads(netSandbox), 1, POLL_WAIT_MS + 30000);
			return {
				before: records(netSandbox),
				after: await lastExecution(),
				attempts: (await deliveries(netSandbox)).length,
			};
		});
		const from = netSandbox.clock.now();
		await step('6 hours unreachable on every clock, 40 clients created and 20 sales made across it', async () => {
			await sandboxAdmin(netSandbox, 'POST', 'webhooks/switches', { unreachable: true });
			for (let q = 0; q < OUTAGE_QUARTERS; q++) {
				await writeQuarter(netSandbox, 'Queue', q, WRITES);
				await moveBoth(1);
			}
		});
		const to = netSandbox.clock.now();
		const made = madeSince(netSandbox, before);
		expect(made.clients).toHaveLength(WRITES.clients);
		expect(made.saleIds).toHaveLength(WRITES.sales);
		await step('deliveries reach n8n again; the net reports the outage', async () => {
			await sandboxAdmin(netSandbox, 'POST', 'webhooks/switches', { unreachable: false });
			const reports = await until(
				async () => reached(await executionsAfter(after)).reports,
				(list) => list.length > 0,
				4 * POLL_WAIT_MS + 60000,
			);
			expect(reports).toHaveLength(1);
		});
		await step('a day passes on every clock; a new client comes through after it', async () => {
			await moveBoth(96);
			await sentinel(after);
		});
		const list = await executionsAfter(after);
		const subscriptions = (await subscriptionsOf(netSandbox)).filter((s) => s.webhookUrl.includes(webhookId));
		await setActive(cluster, id, false);
		const data = await expectOneReportAndEachOnce('[queue] safety net', netSandbox, {
			before,
			attempts,
			executions: list,
			subscriptions,
			outage: { from, to, made },
		});
		const where = placement(cluster, list);
		printCounts('Webhook Safety Net, deliveries unreachable for 6 hours', {
			executions: list.length,
			status: countBy(list, (e) => String(e.status)),
			...where,
			report: data,
		});
		// The service turned the subscription off after 3 hours; the net, polling on main, switched it back on.
		expect(data.subscriptionReactivated).toBe(true);
		// Every run of the workflow was a worker's.
		expect(where.onNoWorker).toBe(0);
	}, 600000);
});
