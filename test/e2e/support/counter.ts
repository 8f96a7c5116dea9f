/**
 * Pieces for e2e tests that run a Mindbody Trigger workflow and count what reaches its end: a
 * local HTTP server that the workflow's last node reports each messageId to, and the pid of the
 * n8n server process (to kill it as a crash would).
 */
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { until } from './mindbody';
import type { WorkflowJson } from './n8n';

/** Counts each messageId a workflow's last node reports (POST {"ids": [...]}). */
export class Counter {
	readonly seen = new Map<string, number>();

	private constructor(private readonly server: Server) {}

	static async start(): Promise<Counter> {
		let counter: Counter | undefined;
		const server = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
			req.on('end', () => {
				const { ids } = JSON.parse(body || '{}') as { ids?: string[] };
				for (const id of ids ?? []) counter!.seen.set(id, (counter!.seen.get(id) ?? 0) + 1);
				res.end('{}');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		counter = new Counter(server);
		return counter;
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/seen`;
	}

	/** Ids reported, each as often as it was. */
	get runs(): number {
		return [...this.seen.values()].reduce((sum, count) => sum + count, 0);
	}

	/** Runs beyond the first of each id (all ids, or those given). */
	reruns(ids?: string[]): number {
		const counts = ids ? ids.map((id) => this.seen.get(id) ?? 0) : [...this.seen.values()];
		return counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
	}

	/** Waits until at least `expected` runs are counted and nothing more arrives for a moment (bounded). */
	async settle(expected: number, timeoutMs = 120_000): Promise<void> {
		await until(
			async () => this.runs,
			(runs) => runs >= expected,
			timeoutMs,
		);
		let last = -1;
		while (last !== this.runs) {
			last = this.runs;
			await new Promise((r) => setTimeout(r, 1500));
		}
	}

	/**
	 * Waits until each of `ids` is counted (bounded); returns those still not counted. Sent after
	 * others, a fresh id counted shows that the runs of those before it had their turn.
	 */
	async waitFor(ids: string[], timeoutMs = 120_000): Promise<string[]> {
		return until(
			async () => ids.filter((id) => !this.seen.has(id)),
			(left) => left.length === 0,
			timeoutMs,
		);
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}
}

/** The n8n server process (not its task runner): the one that owns this user folder and runs `start`. */
export function n8nPid(userFolder: string): number {
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

/**
 * Mindbody Trigger on client.created → [a 1 s Wait] → the messageIds aggregated → reported to the
 * counter. `ids` prefixes the nodes' ids (one per suite).
 */
export function countingWorkflow(
	name: string,
	ids: string,
	webhookId: string,
	credentialId: string,
	counterUrl: string,
	wait = false,
): WorkflowJson {
	const id = (n: number) => `${ids}-0000-4000-8000-00000000000${n}`;
	const chain = [
		{
			id: id(1),
			name: 'Mindbody Trigger',
			type: 'n8n-nodes-mindbody.mindbodyTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId,
			parameters: { events: ['client.created'], options: {} },
			credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
		},
		...(wait
			? [
					{
						id: id(2),
						name: 'Wait',
						type: 'n8n-nodes-base.wait',
						typeVersion: 1.1,
						position: [240, 0],
						webhookId: `${ids}-0000-4000-8000-0000000000aa`,
						parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' },
					},
				]
			: []),
		{
			id: id(3),
			name: 'Ids',
			type: 'n8n-nodes-base.aggregate',
			typeVersion: 1,
			position: [480, 0],
			parameters: { fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'messageId' }] }, options: {} },
		},
		{
			id: id(4),
			name: 'Report',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [720, 0],
			parameters: {
				method: 'POST',
				url: counterUrl,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ ids: $json.messageId }) }}',
				options: {},
			},
		},
	];
	const connections = Object.fromEntries(
		chain
			.slice(0, -1)
			.map((node, index) => [node.name, { main: [[{ node: chain[index + 1].name, type: 'main', index: 0 }]] }]),
	);
	return { name, nodes: chain, connections, settings: { executionOrder: 'v1' } };
}

/** A client.created delivery body with this messageId. */
export const clientCreatedEvent = (messageId: string) => ({
	messageId,
	eventId: 'client.created',
	eventSchemaVersion: 1,
	eventInstanceOriginationDateTime: '2026-01-01T10:00:00Z',
	eventData: { siteId: -99, clientId: messageId, firstName: 'Ada' },
});
