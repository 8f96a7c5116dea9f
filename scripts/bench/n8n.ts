/**
 * A real n8n for the bench: the pinned install, our package from its packed tarball (as the
 * Community Nodes installer would put it), two credentials, owner and API key. Built on
 * scripts/n8n.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as server from '../n8n';
import * as install from '../n8n/install';
import type { SandboxInfo } from './sandbox';
import { MEASURED, type Credentials, type WorkflowJson } from './workflows';

type Handle = server.ServerHandle;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const INSTALL_WAIT_MS = 30 * 60 * 1000;

/**
 * An install of the same version already under way (another process's `.tmp-<pid>` folder) is
 * waited for: starting a second one would double minutes of work and gigabytes of disk.
 */
async function waitForRunningInstall(version: string): Promise<void> {
	const dir = install.installDir(version);
	const deadline = Date.now() + INSTALL_WAIT_MS;
	let said = false;
	for (;;) {
		if (fs.existsSync(path.join(dir, '.install-complete'))) return;
		const root = install.cacheRoot();
		const busy =
			fs.existsSync(root) &&
			fs.readdirSync(root).some((name) => {
				const pid = /\.tmp-(\d+)$/.exec(name)?.[1];
				return name.startsWith(path.basename(dir)) && pid !== undefined && isAlive(Number(pid));
			});
		if (!busy) return; // none running: createContext installs it
		if (Date.now() > deadline) throw new Error(`n8n ${version} is still being installed by another process`);
		if (!said) log(`waiting for another process to finish installing n8n ${version}`);
		said = true;
		await sleep(5000);
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * n8n closes idle keep-alive connections; a request sent on one as it closes fails before n8n
 * read it ("other side closed"). That, and only that, is retried once on a fresh connection.
 */
export async function retryClosedSocket<T>(call: () => Promise<T>): Promise<T> {
	try {
		return await call();
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause;
		if (cause?.code !== 'UND_ERR_SOCKET') throw error;
		return await call();
	}
}

export interface Execution {
	id: string;
	status?: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: {
		resultData: {
			error?: { message?: string };
			runData: Record<string, Array<{ executionTime: number; data?: { main: unknown[][] } }>>;
		};
	};
}

/** Removes a folder of ours when the process exits, however it exits. */
export function removeOnExit(folder: string): void {
	process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
}

export interface MeasuredRun {
	/** The measured node's own execution time, ms. */
	nodeMs: number;
	/** Items it output. */
	items: number;
	/** The webhook call's round trip, ms. */
	wallMs: number;
}

export class BenchN8n {
	private constructor(
		private readonly handle: Handle,
		readonly packageName: string,
		readonly credentials: Credentials,
	) {}

	get version(): string {
		return this.handle.ctx.version;
	}

	get installDir(): string {
		return this.handle.ctx.installDir;
	}

	get nodeBin(): string {
		return this.handle.ctx.nodeBin;
	}

	/** Folder the package was installed into (…/node_modules/<name>). */
	packageDir = '';

	static async start(sandbox: SandboxInfo, tarball: string): Promise<BenchN8n> {
		const version = server.DEFAULT_VERSION;
		await waitForRunningInstall(version);
		// NODE_ENV=test (inherited from a test runner) makes n8n exit at start; blank means unset.
		const ctx = await server.createContext({ version, extraEnv: { NODE_ENV: '' } });
		// Also when the bench is interrupted: n8n's folder holds its database and the package.
		removeOnExit(ctx.userFolder);
		let handle: Handle | undefined;
		try {
			const pkg = server.installCommunityPackage(ctx.userFolder, tarball);
			const credentials: Credentials = {
				mindbody: { id: server.newId(), name: 'Mindbody sandbox' },
				headerAuth: { id: server.newId(), name: 'Mindbody API key header' },
			};
			// The CLI, not the public API: 2.8.4's API refuses valid data of community credential types.
			await server.importCredential(ctx, {
				...credentials.mindbody,
				type: 'mindbodyApi',
				data: {
					apiKey: sandbox.apiKey,
					siteId: sandbox.siteId,
					baseUrl: sandbox.restBaseUrl,
					webhooksBaseUrl: sandbox.webhooksBaseUrl,
					userMode: 'staffLogin',
					username: sandbox.staffLogin.username,
					password: sandbox.staffLogin.password,
					accessToken: '',
				},
			});
			await server.importCredential(ctx, {
				...credentials.headerAuth,
				type: 'httpHeaderAuth',
				data: { name: 'API-Key', value: sandbox.apiKey },
			});
			handle = await server.startServer(ctx);
			await server.setupOwner(handle);
			await server.createApiKey(handle);
			const n8n = new BenchN8n(handle, pkg.name, credentials);
			n8n.packageDir = pkg.dir;
			return n8n;
		} catch (error) {
			if (handle) await server.stopServer(handle);
			fs.rmSync(ctx.userFolder, { recursive: true, force: true });
			throw error;
		}
	}

	static pack(): string {
		return server.packProject();
	}

	/** The end of n8n's log, for errors. */
	logTail(chars = 3000): string {
		try {
			return fs.readFileSync(this.handle.logFile, 'utf8').slice(-chars);
		} catch {
			return '';
		}
	}

	/**
	 * CPU time (user + system, ms) n8n's processes (its process group) have used so far, from
	 * /proc; undefined where there is no /proc. Ticks are taken as 1/100 s, Linux's USER_HZ.
	 */
	cpuMs(): number | undefined {
		if (!fs.existsSync('/proc/self/stat')) return undefined;
		const group = this.handle.proc.pid;
		let ticks = 0;
		for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
			let stat: string;
			try {
				stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
			} catch {
				continue; // gone meanwhile
			}
			// After the command's closing parenthesis: state, ppid, pgrp, … utime (12th), stime (13th).
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
		}
		return ticks * 10;
	}

	/** Whether the n8n process is still running. */
	get running(): boolean {
		return !(this.handle as Handle & { exited?: boolean }).exited;
	}

	async stop(): Promise<void> {
		await server.stopServer(this.handle);
		fs.rmSync(this.handle.ctx.userFolder, { recursive: true, force: true });
	}

	async createWorkflow(workflow: WorkflowJson): Promise<string> {
		return retryClosedSocket(() => server.createAndActivateWorkflow(this.handle, workflow));
	}

	/** A credential of one of n8n's own types (its public API takes those), named for the bench. */
	async createCredential(
		name: string,
		type: string,
		data: Record<string, unknown>,
	): Promise<{ id: string; name: string }> {
		const id = await retryClosedSocket(() => server.createCredential(this.handle, { name, type, data }));
		return { id, name };
	}

	webhookUrl(webhookPath: string): string {
		return this.handle.webhookUrl(webhookPath);
	}

	private async api<T>(method: string, urlPath: string): Promise<T> {
		const res = await retryClosedSocket(() => server.api(this.handle, method, urlPath));
		if (res.status < 200 || res.status >= 300)
			throw new Error(`n8n ${method} ${urlPath}: ${res.status} ${res.text.slice(0, 300)}`);
		return res.json as T;
	}

	/** The newest execution of a workflow, with its run data. */
	async latestExecution(workflowId: string): Promise<Execution> {
		const q = new URLSearchParams({ workflowId, includeData: 'true', limit: '1' });
		const { data } = await this.api<{ data: Execution[] }>('GET', `/executions?${q}`);
		if (!data.length) throw new Error(`no execution of workflow ${workflowId}`);
		return data[0];
	}

	/**
	 * Runs a webhook-started workflow to its end (the Webhook node answers when the last node is
	 * done) and reads the measured node's time from the stored execution.
	 */
	async runMeasured(workflowId: string, webhookPath: string, body: unknown): Promise<MeasuredRun> {
		const started = performance.now();
		const res = await retryClosedSocket(() =>
			fetch(this.webhookUrl(webhookPath), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(10 * 60 * 1000),
			}),
		);
		await res.text();
		const wallMs = performance.now() - started;
		const execution = await this.latestExecution(workflowId);
		const error = execution.data?.resultData.error;
		const run = execution.data?.resultData.runData[MEASURED]?.[0];
		if (res.status !== 200 || error || !run) {
			throw new Error(
				`${webhookPath}: HTTP ${res.status}, execution ${execution.id} ${execution.status}: ${error?.message ?? 'no run of the measured node'}`,
			);
		}
		return { nodeMs: run.executionTime, items: run.data?.main[0]?.length ?? 0, wallMs };
	}

	/** What stopped an execution: the node it stopped in and n8n's message. */
	async executionError(id: string): Promise<string> {
		const execution = await this.api<Execution & { data?: { resultData: { lastNodeExecuted?: string } } }>(
			'GET',
			`/executions/${id}?includeData=true`,
		);
		const { error, lastNodeExecuted } = execution.data?.resultData ?? {};
		return `${lastNodeExecuted ?? 'no node'}: ${error?.message ?? 'no message'}`;
	}

	/** Id of the newest execution of a workflow (0 when there is none). */
	async latestExecutionId(workflowId: string): Promise<number> {
		const q = new URLSearchParams({ workflowId, includeData: 'false', limit: '1' });
		const { data } = await this.api<{ data: Execution[] }>('GET', `/executions?${q}`);
		return data.length ? Number(data[0].id) : 0;
	}

	/** Executions of a workflow newer than `afterId`; pages (newest first) stop at the first older one. */
	async executionsAfter(workflowId: string, afterId: number): Promise<Execution[]> {
		const out: Execution[] = [];
		let cursor: string | undefined;
		for (;;) {
			const q = new URLSearchParams({ workflowId, includeData: 'false', limit: '250' });
			if (cursor) q.set('cursor', cursor);
			const page = await this.api<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?${q}`);
			for (const execution of page.data) {
				if (Number(execution.id) <= afterId) return out;
				out.push(execution);
			}
			cursor = page.nextCursor ?? undefined;
			if (!cursor) return out;
		}
	}
}
