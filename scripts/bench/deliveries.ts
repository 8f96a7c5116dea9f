/**
 * Signed webhook deliveries into the same n8n: the Mindbody Trigger against n8n's own Webhook
 * node (no check) and, one at a time, against the workflow a user builds for the same guarantees
 * (signature checked, a messageId run once across executions), all feeding the same Set node.
 * Deliveries per second run from the first send to the last finished execution (n8n's own
 * timestamps); latency is each delivery's round trip as the sender sees it.
 */
import { createHmac, randomUUID } from 'node:crypto';

import { log, rotate, type BenchContext } from './config';
import { retryClosedSocket } from './n8n';
import { percentile, type Row } from './stats';
import { deliveriesDiy, deliveriesTrigger, deliveriesWebhook } from './workflows';

type Side = 'trigger' | 'webhook' | 'diy';

interface Target {
	workflowId: string;
	url: string;
}

interface Sample {
	perSecond: number;
	p50Ms: number;
}

const FINISH_TIMEOUT_MS = 5 * 60 * 1000;
const WEBHOOK_PATH = 'bench-deliveries';
const DIY_PATH = 'bench-deliveries-diy';
const DIY = 'Webhook + Crypto (HMAC) + IF + Remove Duplicates (messageId)';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Subscription {
	status: string;
	webhookUrl: string;
	messageSignatureKey: string;
}

async function admin<T>(adminUrl: string, method: string, subPath: string, body?: unknown): Promise<T> {
	const res = await fetch(`${adminUrl}/${subPath}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`sandbox ${method} ${subPath}: ${res.status} ${await res.text()}`);
	return (await res.json()) as T;
}

/** The trigger's subscription, once activation has created it (bounded wait). */
async function subscriptionFor(adminUrl: string, webhookId: string): Promise<Subscription> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const { items } = await admin<{ items: Subscription[] }>(adminUrl, 'GET', 'webhooks/subscriptions');
		const found = items.find((s) => s.status === 'Active' && s.webhookUrl.includes(webhookId));
		if (found) return found;
		if (Date.now() > deadline) throw new Error('the Mindbody Trigger did not subscribe within 60 s');
		await sleep(250);
	}
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`deliveries: nothing after ${timeoutMs} ms`);
		await sleep(200);
	}
}

/** Sends every body, `concurrency` at a time; resolves each round trip's time. */
async function deliverBatch(
	url: string,
	bodies: string[],
	sign: (body: string) => string,
	concurrency: number,
): Promise<number[]> {
	const latencies: number[] = new Array(bodies.length);
	let next = 0;
	const worker = async () => {
		while (next < bodies.length) {
			const index = next++;
			const started = performance.now();
			const res = await retryClosedSocket(() =>
				fetch(url, {
					method: 'POST',
					// The live service's header name: the one the user's IF compares (the trigger takes both).
					headers: { 'content-type': 'application/json', 'x-mindbody-signature': sign(bodies[index]) },
					body: bodies[index],
					signal: AbortSignal.timeout(60_000),
				}),
			);
			await res.arrayBuffer();
			latencies[index] = performance.now() - started;
			if (res.status !== 200) throw new Error(`delivery to ${url}: HTTP ${res.status}`);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return latencies;
}

export async function deliveriesJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, sandbox, config } = ctx;
	const webhookId = randomUUID();
	const targets: Record<Side, Target> = {
		diy: { workflowId: '', url: n8n.webhookUrl(DIY_PATH) },
		trigger: {
			workflowId: await n8n.createWorkflow(deliveriesTrigger(n8n.packageName, n8n.credentials, webhookId)),
			url: '',
		},
		webhook: {
			workflowId: await n8n.createWorkflow(deliveriesWebhook(WEBHOOK_PATH)),
			url: n8n.webhookUrl(WEBHOOK_PATH),
		},
	};
	const subscription = await subscriptionFor(sandbox.info.adminUrl, webhookId);
	targets.trigger.url = subscription.webhookUrl;
	const key = Buffer.from(subscription.messageSignatureKey, 'utf8');
	// The user copies the subscription's key into a Crypto credential once the subscription exists.
	const crypto = await n8n.createCredential('Mindbody signature key', 'crypto', {
		hmacSecret: subscription.messageSignatureKey,
	});
	targets.diy.workflowId = await n8n.createWorkflow(deliveriesDiy(DIY_PATH, crypto));
	const sign = (body: string) => `sha256=${createHmac('sha256', key).update(body).digest('base64')}`;
	// A real client.created payload from the sandbox's generator (its delivery also warms up the trigger).
	const { eventData } = await admin<{ eventData: Record<string, unknown> }>(
		sandbox.info.adminUrl,
		'POST',
		'webhooks/emit',
		{
			eventId: 'client.created',
		},
	);
	await admin(sandbox.info.adminUrl, 'POST', 'webhooks/settle');
	// Its execution starts after the delivery is answered: let it finish before any round counts.
	await waitFor(async () => (await n8n.executionsAfter(targets.trigger.workflowId, 0)).some((e) => e.stoppedAt));
	const bodies = (count: number) =>
		Array.from({ length: count }, () =>
			JSON.stringify({
				messageId: randomUUID(),
				eventId: 'client.created',
				eventSchemaVersion: 1,
				eventInstanceOriginationDateTime: new Date().toISOString(),
				eventData,
			}),
		);

	const diyRounds: Array<{ failed: number; of: number; first?: string }> = [];
	const runOnce = async (side: Side, count: number, concurrency: number): Promise<Sample> => {
		const batch = bodies(count);
		const before = await n8n.latestExecutionId(targets[side].workflowId);
		const since = Date.now();
		const latencies = await deliverBatch(targets[side].url, batch, sign, concurrency);
		const deadline = Date.now() + FINISH_TIMEOUT_MS;
		for (;;) {
			const executions = await n8n.executionsAfter(targets[side].workflowId, before);
			const finished = executions.filter((e) => e.stoppedAt);
			if (finished.length >= count) {
				const failed = finished.filter((e) => e.status && e.status !== 'success');
				// The user's workflow failing is a measured fact about it (noted); ours failing ends the bench.
				if (side === 'diy') {
					const first = failed.length ? await n8n.executionError(failed[0].id) : undefined;
					diyRounds.push({ failed: failed.length, of: count, first });
				} else if (failed.length) {
					throw new Error(
						`deliveries (${side}): ${failed.length} executions ended ${failed[0].status}, the first in ${await n8n.executionError(failed[0].id)}`,
					);
				}
				if (finished.length > count)
					throw new Error(`deliveries (${side}): ${finished.length} executions for ${count} deliveries`);
				const last = Math.max(...finished.map((e) => Date.parse(e.stoppedAt!)));
				return { perSecond: count / ((last - since) / 1000), p50Ms: percentile(latencies, 0.5) };
			}
			if (Date.now() > deadline)
				throw new Error(`deliveries (${side}): ${finished.length}/${count} executions finished in time`);
			await sleep(200);
		}
	};

	const rows: Row[] = [];
	log(`deliveries: warming up`);
	for (const side of ['trigger', 'webhook', 'diy'] as const) await runOnce(side, 20, 1);
	for (const concurrency of [1, 8]) {
		// The user's workflow one at a time only: the target set for it.
		const sides: Side[] = concurrency === 1 ? ['trigger', 'webhook', 'diy'] : ['trigger', 'webhook'];
		const samples: Record<Side, Sample[]> = { trigger: [], webhook: [], diy: [] };
		for (let round = 0; round < config.repetitions; round++) {
			for (const side of rotate(sides, round)) {
				const sample = await runOnce(side, config.deliveries, concurrency);
				samples[side].push(sample);
				log(
					`deliveries ×${concurrency} round ${round + 1} ${side}: ${sample.perSecond.toFixed(0)}/s, p50 ${sample.p50Ms.toFixed(1)} ms`,
				);
			}
		}
		const job = `${config.deliveries.toLocaleString('en-US')} signed deliveries, ${concurrency === 1 ? 'one at a time' : `${concurrency} at once`}`;
		const perSecond = (side: Side) => samples[side].map((s) => s.perSecond);
		const p50 = (side: Side) => samples[side].map((s) => s.p50Ms);
		rows.push(
			{
				job: `${job}: deliveries per second`,
				ours: 'Mindbody Trigger',
				alternative: 'Webhook node, no check',
				unit: '/s',
				oursValues: perSecond('trigger'),
				altValues: perSecond('webhook'),
				target: { kind: 'min', value: 0.9 },
			},
			{
				job: `${job}: p50 latency`,
				ours: 'Mindbody Trigger',
				alternative: 'Webhook node, no check',
				unit: 'ms',
				oursValues: p50('trigger'),
				altValues: p50('webhook'),
				target: { kind: 'max', value: 1.2 },
			},
		);
		if (!sides.includes('diy')) continue;
		rows.push(
			{
				job: `${job}: time per delivery`,
				ours: 'Mindbody Trigger',
				alternative: DIY,
				unit: 'ms',
				oursValues: perSecond('trigger').map((rate) => 1000 / rate),
				altValues: perSecond('diy').map((rate) => 1000 / rate),
				// No slower than what a user builds for the same guarantees.
				target: { kind: 'max', value: 1.0 },
			},
			{
				job: `${job}: p50 latency`,
				ours: 'Mindbody Trigger',
				alternative: DIY,
				unit: 'ms',
				oursValues: p50('trigger'),
				altValues: p50('diy'),
			},
		);
	}
	const firstError = diyRounds.find((round) => round.first)?.first;
	ctx.notes.push(
		`The user's workflow, executions ended in error per run (warm-up first): ${diyRounds.map((r) => `${r.failed} of ${r.of}`).join(', ')}${firstError ? `; the first: ${firstError}` : ''}.`,
	);
	return rows;
}
