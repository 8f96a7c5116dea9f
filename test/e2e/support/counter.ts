/**
 * Pieces for e2e tests that run a Mindbody Trigger workflow and count what reaches its end: a
 * local HTTP server that the workflow's last node reports each messageId to, and the pid of the
 * n8n server process (to kill it as a crash would).
 */
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { until } from './mindbody';

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
