/**
 * Pieces of the Webhook Safety Net's e2e files (example 13, a Mindbody Trigger and a Webhook Safety
 * Net in one workflow): the example with test poll times, an outage's writes (clients and sales spread
 * over quarter hours of the sandbox clock), n8n's clocks moved with the sandbox's, and what reached
 * the workflow's last nodes, to be counted against the sandbox's own records.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Sandbox } from '../../../sandbox';
import { example, until } from './mindbody';
import type { Execution, N8n, WorkflowJson } from './n8n';
import { addClients } from './pollTrigger';

export const QUARTER_MS = 15 * 60_000;

export const EXAMPLE = '13-instant-and-nothing-lost.json';
export const NET_NODE = 'Webhook Safety Net';
export const WEBHOOK_NODE = 'Mindbody Trigger';
/** The last node of each branch of example 13's "By Event" switch. */
export const LAST = { client: 'Welcome Message', sale: 'Sale Line', outage: 'Outage Note' } as const;
export const OUTAGE_EVENT = 'webhookOutage.ended';

/** Example 13 with the sandbox credential and the net polling at `pollTimes` instead of hourly. */
export function safetyNetWorkflow(credentialId: string, pollTimes: unknown, name?: string): WorkflowJson {
	const workflow = example(EXAMPLE, credentialId);
	return {
		...workflow,
		name: name ?? workflow.name,
		nodes: workflow.nodes.map((node) =>
			node.name === NET_NODE ? { ...node, parameters: { ...(node.parameters as object), pollTimes } } : node,
		),
	};
}

/** The webhookId of the example's Mindbody Trigger (its subscription's URL holds it). */
export function webhookIdOf(workflow: WorkflowJson): string {
	return String(workflow.nodes.find((node) => node.name === WEBHOOK_NODE)?.webhookId);
}

/**
 * Whether the net's state is stored: its first poll ran (as pollStateStored, for the example's node
 * name). 2.41 answers the activation before it activates, so a test that moves clocks waits for this.
 */
export async function netStateStored(n8n: Pick<N8n, 'api'>, workflowId: string): Promise<boolean> {
	const res = await n8n.api('GET', `/workflows/${workflowId}`);
	let data = (res.json as { staticData?: unknown } | undefined)?.staticData;
	if (typeof data === 'string') data = JSON.parse(data) as unknown;
	const node = (data as Record<string, { poll?: unknown }> | null | undefined)?.[`node:${NET_NODE}`];
	return node?.poll !== undefined;
}

// ---------------------------------------------------------------- clocks

/**
 * Moves the clocks of n8n processes preloaded with fixtures/shiftedClock.cjs (ShiftedClock.env's
 * `folder`) `steps` moves on, each process's every move acknowledged before the next signal
 * (signals sent close together may arrive as one).
 */
export async function moveProcessClocks(folder: string, pids: number[], steps: number): Promise<void> {
	// The process rewrites its file at each move: a read in between finds it empty (NaN here).
	const moves = (pid: number) => {
		const file = path.join(folder, `moves.${pid}`);
		return fs.existsSync(file) ? parseInt(fs.readFileSync(file, 'utf8'), 10) : 0;
	};
	const settled = async (pid: number) => {
		for (let read = moves(pid); ; read = moves(pid)) {
			if (!Number.isNaN(read)) return read;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
	};
	await Promise.all(
		pids.map(async (pid) => {
			for (let step = 0; step < steps; step++) {
				const before = await settled(pid);
				process.kill(pid, 'SIGUSR2');
				const deadline = Date.now() + 10_000;
				let now = before;
				while (now === before) {
					if (Date.now() > deadline) throw new Error(`n8n process ${pid} did not move its clock`);
					await new Promise((resolve) => setTimeout(resolve, 5));
					now = await settled(pid);
				}
				if (now !== before + 1) throw new Error(`n8n process ${pid} made ${now - before} moves, not one`);
			}
		}),
	);
}

// ---------------------------------------------------------------- writes

const card = { CreditCardNumber: '4111111111111111', ExpMonth: '12', ExpYear: '2030', CVV: '123' };

/** A contract sold to a client (POST /sale/purchasecontract): a sale and its clientSale.created. */
export async function sellContract(sandbox: Sandbox, clientId: unknown): Promise<void> {
	const response = await fetch(`${sandbox.restBaseUrl}/sale/purchasecontract`, {
		method: 'POST',
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
		body: JSON.stringify({ ClientId: clientId, ContractId: 301, LocationId: 1, CreditCardInfo: card }),
		signal: AbortSignal.timeout(15_000),
	});
	const text = await response.text();
	if (response.status !== 200) throw new Error(`purchasecontract ${response.status}: ${text.slice(0, 300)}`);
}

/** This quarter's part of `total` writes spread evenly over `quarters`. */
const shareOf = (total: number, quarters: number, quarter: number) =>
	Math.floor((total * (quarter + 1)) / quarters) - Math.floor((total * quarter) / quarters);

/**
 * One quarter hour's writes of an outage: its part of `clients` new clients and of `sales` sales,
 * each sale to a client made in it.
 */
export async function writeQuarter(
	sandbox: Sandbox,
	label: string,
	quarter: number,
	{ quarters, clients, sales }: { quarters: number; clients: number; sales: number },
): Promise<void> {
	const made = await addClients(
		sandbox,
		Array.from({ length: shareOf(clients, quarters, quarter) }, (_, i) => `${label}${quarter}x${i}`),
	);
	for (let i = 0; i < shareOf(sales, quarters, quarter); i++) await sellContract(sandbox, made[i % made.length].Id);
}

// ---------------------------------------------------------------- the sandbox's records

export interface Records {
	/** Public client ids (what client.created carries as clientId). */
	clients: Set<string>;
	saleIds: Set<string>;
}

/** The clients and sales the sandbox's main site holds now. */
export function records(sandbox: Sandbox): Records {
	const site = sandbox.state.main;
	return {
		clients: new Set(site.clients.map((client) => String(client.ClientId))),
		saleIds: new Set(site.sales.map((sale) => String(sale.Id))),
	};
}

/** What the sandbox holds now and did not at `before`. */
export function madeSince(sandbox: Sandbox, before: Records): { clients: string[]; saleIds: string[] } {
	const now = records(sandbox);
	return {
		clients: [...now.clients].filter((id) => !before.clients.has(id)),
		saleIds: [...now.saleIds].filter((id) => !before.saleIds.has(id)),
	};
}

export interface DeliveryAttempt {
	subscriptionId: string;
	messageId: string;
	eventId: string;
	status?: number;
	error?: string;
	outcome: string;
	body: string;
}

/** Every delivery attempt the sandbox's webhook service made, oldest first. */
export async function deliveries(sandbox: Sandbox): Promise<DeliveryAttempt[]> {
	const res = await fetch(`${sandbox.adminUrl}/webhooks/deliveries`, { signal: AbortSignal.timeout(15_000) });
	return ((await res.json()) as { items: DeliveryAttempt[] }).items;
}

/** What the service's delivery attempts say of an outage: events not answered, and those it gave up. */
export function deliveryCounts(attempts: DeliveryAttempt[]) {
	const ok = (attempt: DeliveryAttempt) =>
		attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
	return {
		notAnswered: new Set(attempts.filter((attempt) => !ok(attempt)).map((attempt) => attempt.messageId)).size,
		givenUp: attempts.filter((attempt) => attempt.outcome === 'abandoned').length,
	};
}

/** Requests of the webhook service's metrics the sandbox answered: one per poll of the net. */
export const metricsReads = (sandbox: Sandbox) =>
	sandbox.log.list({ service: 'webhooks', method: 'GET', path: '/metrics' }).filter((request) => request.status).length;

/**
 * Waits until `count` polls of the net begun after `from` (metricsReads) have ended: the one after
 * them has begun (n8n starts a poll only once the one before it has ended).
 */
export async function pollsEnded(sandbox: Sandbox, from: number, count: number, timeoutMs: number): Promise<void> {
	const reads = await until(
		() => Promise.resolve(metricsReads(sandbox)),
		(now) => now >= from + count + 1,
		timeoutMs,
	);
	if (reads < from + count + 1) throw new Error(`only ${reads - from} polls of the net began within ${timeoutMs} ms`);
}

// ---------------------------------------------------------------- what reached the workflow's end

type Json = Record<string, unknown>;

const output = (execution: Execution, node: string): Json[] =>
	(execution.data?.resultData.runData[node]?.[0]?.data?.main[0] ?? []).map((item) => item.json as Json);

export interface Reached {
	/** Client id → how often it reached Welcome Message. */
	clients: Map<string, number>;
	/** Sale id → how often it reached Sale Line. */
	sales: Map<string, number>;
	/** Each report that reached Outage Note: the net's item and the note made of it. */
	reports: Array<{ eventData: Json; note: Json; execution: string }>;
	/** Records each trigger brought to a last node. */
	byTrigger: { webhook: number; net: number };
	/** The net's items that reached a last node, by execution id (for the report's count). */
	netRecords: Array<{ execution: number; eventId: string }>;
	failed: string[];
}

/** What reached the last nodes of example 13 in these executions. */
export function reached(executions: Execution[]): Reached {
	const result: Reached = {
		clients: new Map(),
		sales: new Map(),
		reports: [],
		byTrigger: { webhook: 0, net: 0 },
		netRecords: [],
		failed: [],
	};
	const bump = (map: Map<string, number>, id: unknown) => map.set(String(id), (map.get(String(id)) ?? 0) + 1);
	for (const execution of [...executions].sort((a, b) => Number(a.id) - Number(b.id))) {
		if (execution.status === 'error' || execution.status === 'crashed') result.failed.push(String(execution.id));
		const byNet = execution.data?.resultData.runData[NET_NODE] !== undefined;
		const clients = output(execution, LAST.client);
		const sales = output(execution, LAST.sale);
		for (const item of clients) bump(result.clients, item.clientId);
		for (const item of sales) bump(result.sales, item.saleId);
		const records = clients.length + sales.length;
		result.byTrigger[byNet ? 'net' : 'webhook'] += records;
		if (byNet) {
			const id = Number(execution.id);
			result.netRecords.push(
				...clients.map(() => ({ execution: id, eventId: 'client.created' })),
				...sales.map(() => ({ execution: id, eventId: 'clientSale.created' })),
			);
		}
		const notes = output(execution, LAST.outage);
		const reports = output(execution, NET_NODE).filter((item) => item.eventId === OUTAGE_EVENT);
		notes.forEach((note, index) =>
			result.reports.push({
				eventData: (reports[index]?.eventData ?? {}) as Json,
				note,
				execution: String(execution.id),
			}),
		);
	}
	return result;
}

/** Ids the sandbox made that did not reach the end exactly once, and ids that reached it the sandbox never made. */
export function notOnce(made: string[], counts: Map<string, number>) {
	const madeSet = new Set(made);
	return {
		notOnce: made.filter((id) => counts.get(id) !== 1).map((id) => `${id}×${counts.get(id) ?? 0}`),
		unknown: [...counts.keys()].filter((id) => !madeSet.has(id)),
	};
}

// ---------------------------------------------------------------- what an outage case proves

/**
 * Checks one outage case against the sandbox's own records: each client and sale made since
 * `before` reached a last node once and nothing else did, no execution failed, one of the workflow's
 * subscriptions is Active, and one report names the gap (`outage.from` to `outage.to`) with the
 * service's counts as its delivery log since `attempts` shows them and what the net passed on
 * until the report ran. Prints the counts under `label`; returns the report's eventData.
 */
export async function expectOneReportAndEachOnce(
	label: string,
	sandbox: Sandbox,
	{
		before,
		attempts,
		executions,
		subscriptions,
		outage,
	}: {
		before: Records;
		/** Delivery attempts the service had made when the case began. */
		attempts: number;
		/** The workflow's finished executions since the case began. */
		executions: Execution[];
		/** The workflow's subscriptions now. */
		subscriptions: Array<{ status: string }>;
		/** The outage on the sandbox clock, and what was made across it. */
		outage: { from: number; to: number; made: { clients: string[]; saleIds: string[] } };
	},
): Promise<Json> {
	const all = madeSince(sandbox, before);
	const seen = reached(executions);
	const serviceSaw = deliveryCounts(
		(await deliveries(sandbox)).slice(attempts).filter((attempt) => attempt.eventId !== 'client.updated'),
	);
	const [report] = seen.reports;
	const data = report?.eventData ?? {};
	process.stderr.write(
		`${label}: the sandbox made ${all.clients.length} clients and ${all.saleIds.length} sales; ` +
			`reached the end: ${seen.clients.size} clients, ${seen.sales.size} sales (${seen.byTrigger.webhook} by the webhook, ${seen.byTrigger.net} by the net); ` +
			`the service: ${serviceSaw.notAnswered} events not answered, ${serviceSaw.givenUp} given up; ` +
			`subscriptions: ${subscriptions.map((s) => s.status).join(', ')}; executions in error: ${seen.failed.length}\n` +
			`report: ${JSON.stringify(data)}\nnote: ${JSON.stringify(report?.note)}\n`,
	);
	// Every client and sale the sandbox holds from the case once, and nothing it does not hold.
	expect(notOnce(all.clients, seen.clients)).toEqual({ notOnce: [], unknown: [] });
	expect(notOnce(all.saleIds, seen.sales)).toEqual({ notOnce: [], unknown: [] });
	expect(seen.reports).toHaveLength(1);
	expect(seen.failed).toEqual([]);
	expect(subscriptions.filter((s) => s.status === 'Active')).toHaveLength(1);
	// The report names the gap: from before the first write to after the outage ended, in minutes.
	expect(Date.parse(String(data.noticedFrom))).toBeLessThanOrEqual(outage.from);
	expect(Date.parse(String(data.resolvedAt))).toBeGreaterThanOrEqual(outage.to);
	expect(Number(data.minutes)).toBeGreaterThanOrEqual(6 * 60);
	expect(Number(data.minutes)).toBeLessThan(7 * 60);
	expect(report.note.subject).toBe(`Mindbody webhooks were down for about ${String(data.minutes)} minutes`);
	expect(String(report.note.message)).toContain(`from ${String(data.noticedFrom)} to ${String(data.resolvedAt)}`);
	// What the service counted, as its own delivery log shows it.
	expect(data.deliveriesNotAnswered).toBe(serviceSaw.notAnswered);
	expect(data.deliveriesAbandoned).toBe(serviceSaw.givenUp);
	// What the net passed on until the report ran, by event: the records the webhook never delivered.
	const recovered = seen.netRecords.filter((record) => record.execution <= Number(report.execution));
	const byEvent = recovered.reduce<Record<string, number>>(
		(acc, record) => ((acc[record.eventId] = (acc[record.eventId] ?? 0) + 1), acc),
		{},
	);
	expect(data.eventsRecovered).toBe(recovered.length);
	expect(data.recoveredByEvent).toEqual(byEvent);
	expect(recovered.length).toBe(outage.made.clients.length + outage.made.saleIds.length);
	// The records recovered were made within the outage (the service's times are to the second).
	expect(Date.parse(String(data.firstRecoveredMadeAt))).toBeGreaterThanOrEqual(outage.from - 1000);
	expect(Date.parse(String(data.lastRecoveredMadeAt))).toBeLessThanOrEqual(outage.to);
	return data;
}
