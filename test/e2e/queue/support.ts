/**
 * Pieces of the queue-mode suite: the cluster behind a round-robin forwarder, reading executions
 * and which worker ran them, signed deliveries made by the test, and the printed counts.
 */
import * as fs from 'fs';

import { startQueueCluster, type QueueCluster, type QueueClusterOptions } from '../../../scripts/n8n/queue';
import {
	api,
	freePort,
	listExecutions,
	type Execution,
	type HttpResult,
	type WorkflowJson,
} from '../../../scripts/n8n';
import type { Sandbox } from '../../../sandbox';
import { createPayloadGenerator } from '../../../sandbox/webhooks/payloads';
import { signBody } from '../../../sandbox/webhooks/signature';
import { startForwarder, type Forwarder } from './forwarder';

export type { Execution, WorkflowJson } from '../../../scripts/n8n';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints one scenario's counts to the test output, and keeps them for the summary. */
export const report: Array<{ scenario: string; counts: Record<string, unknown> }> = [];
export function printCounts(scenario: string, counts: Record<string, unknown>): void {
	report.push({ scenario, counts });
	process.stderr.write(`\n[queue] ${scenario}\n${JSON.stringify(counts, null, 2).replace(/^/gm, '        ')}\n`);
}

export interface QueueSetup {
	cluster: QueueCluster;
	forwarder: Forwarder;
}

/** Forwarder on the webhook processes' ports first, so every process announces its URL. */
export async function startQueueSetup(
	opts: Omit<QueueClusterOptions, 'webhookUrl' | 'webhookPorts'> & { webhookProcesses?: number },
): Promise<QueueSetup> {
	const ports: number[] = [];
	for (let i = 0; i < (opts.webhookProcesses ?? 2); i++) ports.push(await freePort());
	const forwarder = await startForwarder(ports);
	try {
		const cluster = await startQueueCluster({ ...opts, webhookUrl: forwarder.url, webhookPorts: ports });
		return { cluster, forwarder };
	} catch (e) {
		await forwarder.stop();
		throw e;
	}
}

export async function expectOk(res: HttpResult, what: string): Promise<HttpResult> {
	if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
	return res;
}

/** Creates a workflow through main's public API, active or not; returns its id. */
export async function createWorkflow(cluster: QueueCluster, workflow: WorkflowJson, activate = true): Promise<string> {
	const { name, nodes, connections, settings = {} } = workflow;
	const created = await expectOk(
		await api(cluster.main, 'POST', '/workflows', { name, nodes, connections, settings }),
		'create workflow',
	);
	const id = (created.json as { id: string }).id;
	if (activate) await setActive(cluster, id, true);
	return id;
}

export async function setActive(cluster: QueueCluster, id: string, active: boolean): Promise<void> {
	await expectOk(
		await api(cluster.main, 'POST', `/workflows/${id}/${active ? 'activate' : 'deactivate'}`, {}),
		active ? 'activate' : 'deactivate',
	);
}

export async function executions(cluster: QueueCluster, workflowId: string): Promise<Execution[]> {
	return listExecutions(cluster.main, workflowId, { includeData: true, maxPages: 100 });
}

const TERMINAL = new Set(['success', 'error', 'crashed', 'canceled']);
export const isTerminal = (e: Execution) => TERMINAL.has(String(e.status));

/**
 * Polls until at least `count` executions of the workflow exist and all of them are finished, or
 * the time is up; returns what is there then (the caller's expectations report a shortfall).
 */
export async function settledExecutions(
	cluster: QueueCluster,
	workflowId: string,
	count: number,
	timeoutMs: number,
): Promise<Execution[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		// Without run data first: 1,000 executions with data are slow to list on every poll.
		const list = await listExecutions(cluster.main, workflowId, { includeData: false, maxPages: 100 });
		if ((list.length >= count && list.every(isTerminal)) || Date.now() > deadline) break;
		await sleep(1000);
	}
	return executions(cluster, workflowId);
}

/**
 * The workflow's executions once those of `messageIds` (events sent after the ones a scenario
 * counts) have run to its Record node and every execution has ended. Fails when the time is up.
 */
export async function settledWith(
	cluster: QueueCluster,
	workflowId: string,
	messageIds: string[],
	timeoutMs: number,
): Promise<Execution[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await settledExecutions(cluster, workflowId, messageIds.length, Math.max(0, deadline - Date.now()));
		const runs = runsPerMessage(list, 'Record');
		if (list.every(isTerminal) && messageIds.every((id) => runs.get(id))) return list;
		if (Date.now() > deadline) {
			const missing = messageIds.filter((id) => !runs.get(id));
			throw new Error(`after ${timeoutMs} ms: ${missing.length} of ${messageIds.length} events not run (${missing})`);
		}
		await sleep(1000);
	}
}

/** Execution id -> index of the worker whose log says it started it. */
export function workerOfExecutions(cluster: QueueCluster): Map<string, number[]> {
	const byExecution = new Map<string, number[]>();
	cluster.workers.forEach((worker, index) => {
		const text = fs.readFileSync(worker.logFile, 'utf8');
		for (const m of text.matchAll(/Worker started execution (\d+)/g)) {
			byExecution.set(m[1], [...(byExecution.get(m[1]) ?? []), index]);
		}
	});
	return byExecution;
}

/** How many of these executions each worker started, and how many no worker log mentions. */
export function placement(cluster: QueueCluster, list: Execution[]) {
	const byExecution = workerOfExecutions(cluster);
	const perWorker = cluster.workers.map(() => 0);
	let onNoWorker = 0;
	for (const execution of list) {
		const workers = byExecution.get(String(execution.id));
		if (!workers?.length) onNoWorker++;
		for (const w of workers ?? []) perWorker[w]++;
	}
	return { perWorker, onNoWorker };
}

type Items = Array<{ json: Record<string, unknown> }>;

/** Items a node emitted in an execution (first run, first output). */
export function outputOf(execution: Execution, node: string): Items {
	return (execution.data?.resultData.runData[node]?.[0]?.data?.main[0] ?? []) as Items;
}

/**
 * The messageIds an execution carries: what the trigger emitted, or, for an execution that never
 * ran (crashed before its worker saved anything), what the webhook process queued for it.
 */
export function messageIdsOf(execution: Execution, trigger = 'Mindbody Trigger'): string[] {
	let items = outputOf(execution, trigger);
	if (!items.length) {
		const queued = execution.data?.executionData?.nodeExecutionStack?.find((entry) => entry.node.name === trigger);
		items = (queued?.data?.main[0] ?? []) as Items;
	}
	return items.map((item) => String(item.json.messageId ?? '')).filter(Boolean);
}

export const countBy = <T>(list: T[], key: (item: T) => string) =>
	list.reduce<Record<string, number>>((acc, item) => ((acc[key(item)] = (acc[key(item)] ?? 0) + 1), acc), {});

/** messageId -> how many executions ran `node` (downstream of the trigger) for it. */
export function runsPerMessage(list: Execution[], node: string): Map<string, number> {
	const runs = new Map<string, number>();
	for (const execution of list) {
		for (const item of outputOf(execution, node)) {
			const id = String(item.json.messageId ?? '');
			runs.set(id, (runs.get(id) ?? 0) + 1);
		}
	}
	return runs;
}

// ---------------------------------------------------------------- the sandbox

export async function sandboxAdmin<T = unknown>(
	sandbox: Sandbox,
	method: string,
	subPath: string,
	body?: unknown,
	timeoutMs = 15000,
): Promise<T> {
	const res = await fetch(`${sandbox.adminUrl}/${subPath.replace(/^\//, '')}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(timeoutMs),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`sandbox ${method} ${subPath}: ${res.status} ${text.slice(0, 300)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

export interface SubscriptionView {
	subscriptionId: string;
	status: string;
	eventIds: string[];
	webhookUrl: string;
	messageSignatureKey: string;
}

export async function subscriptionsOf(sandbox: Sandbox): Promise<SubscriptionView[]> {
	return (await sandboxAdmin<{ items: SubscriptionView[] }>(sandbox, 'GET', 'webhooks/subscriptions')).items;
}

export const activeOnes = (list: SubscriptionView[]) => list.filter((s) => s.status === 'Active');

/** Polls `fn` until `ok` holds or the time is up; returns the last value. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (ok(value) || Date.now() > deadline) return value;
		await sleep(200);
	}
}

/**
 * Builds a delivery as the service would send it (complete payload, signed with the
 * subscription's key), to send by hand: to one chosen webhook process, several times.
 */
const payloads = createPayloadGenerator(12);
export function signedDelivery(subscription: SubscriptionView, messageId: string, eventId = 'client.created') {
	const eventData = payloads.generate(eventId, { siteId: -99, now: Date.now() });
	const body = JSON.stringify({
		messageId,
		eventId,
		eventSchemaVersion: 1,
		eventInstanceOriginationDateTime: new Date().toISOString(),
		eventData,
	});
	return {
		body,
		headers: {
			'content-type': 'application/json',
			'x-service-signature': signBody(subscription.messageSignatureKey, body),
		},
	};
}

/** POSTs a delivery to one webhook process; resolves its HTTP status (0 when it did not answer). */
export async function deliver(
	baseUrl: string,
	webhookPath: string,
	delivery: ReturnType<typeof signedDelivery>,
): Promise<number> {
	try {
		const res = await fetch(`${baseUrl}/webhook/${webhookPath}`, {
			method: 'POST',
			headers: delivery.headers,
			body: delivery.body,
			signal: AbortSignal.timeout(30000),
		});
		await res.arrayBuffer();
		return res.status;
	} catch {
		return 0;
	}
}

/** Runs `fn` over `items`, `width` at a time. */
export async function inParallel<T>(
	items: T[],
	width: number,
	fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(width, items.length) }, async () => {
			while (next < items.length) {
				const index = next++;
				await fn(items[index], index);
			}
		}),
	);
}
