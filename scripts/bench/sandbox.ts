/** Parent side of ./sandboxChild: start, ask, stop. */
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

import type { SandboxOptions } from '../../sandbox';
import type { LogFilter } from '../../sandbox/requestLog';
import type { Usage } from './sandboxChild';

export interface SandboxInfo {
	restBaseUrl: string;
	webhooksBaseUrl: string;
	adminUrl: string;
	apiKey: string;
	siteId: number;
	staffLogin: { username: string; password: string };
}

const START_TIMEOUT_MS = 60_000;
const CALL_TIMEOUT_MS = 30_000;

export class SandboxProcess {
	private nextId = 1;

	private readonly pending = new Map<number, (value: unknown) => void>();

	private constructor(
		private readonly child: ChildProcess,
		readonly info: SandboxInfo,
	) {
		child.on('message', (message: { id: number; value: unknown }) => {
			this.pending.get(message.id)?.(message.value);
			this.pending.delete(message.id);
		});
	}

	/** Forks the sandbox with the bench's own loader flags (tsx), so TypeScript runs as is. */
	static async start(options: SandboxOptions): Promise<SandboxProcess> {
		const child = fork(path.join(__dirname, 'sandboxChild.ts'), [JSON.stringify(options)], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		const killOnExit = () => child.kill('SIGKILL');
		process.on('exit', killOnExit);
		child.once('exit', () => process.off('exit', killOnExit));
		const info = await new Promise<SandboxInfo>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('the sandbox did not start in time')), START_TIMEOUT_MS);
			child.once('message', (message: { value: SandboxInfo }) => {
				clearTimeout(timer);
				resolve(message.value);
			});
			child.once('exit', (code) => {
				clearTimeout(timer);
				reject(new Error(`the sandbox exited during start (${code})`));
			});
		});
		return new SandboxProcess(child, info);
	}

	private call<T>(request: Record<string, unknown>): Promise<T> {
		const id = this.nextId++;
		return new Promise<T>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`sandbox: no answer to ${String(request.type)}`)),
				CALL_TIMEOUT_MS,
			);
			this.pending.set(id, (value) => {
				clearTimeout(timer);
				resolve(value as T);
			});
			this.child.send({ id, ...request });
		});
	}

	usage(): Promise<Usage> {
		return this.call({ type: 'usage' });
	}

	/** Requests in the sandbox's log that match (since the last clearLog). */
	count(filter: LogFilter): Promise<number> {
		return this.call({ type: 'count', filter });
	}

	async clearLog(): Promise<void> {
		await this.call({ type: 'clearLog' });
	}

	async stop(): Promise<void> {
		if (this.child.exitCode !== null || this.child.signalCode !== null) return;
		const exited = new Promise((resolve) => this.child.once('exit', resolve));
		// Disconnecting is the child's cue to stop its servers and exit.
		if (this.child.connected) this.child.disconnect();
		else this.child.kill('SIGTERM');
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
		await exited;
		clearTimeout(timer);
	}
}
