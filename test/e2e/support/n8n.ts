/**
 * Wrapper around scripts/n8n for the jest e2e suite: a real, pinned n8n on
 * 127.0.0.1 with our packed package installed as a community package, an owner and an API key.
 *
 *   const n8n = await N8n.start({ version: '2.8.4', tarball });
 *   const id = await n8n.importWorkflow(workflowJson);   // created + activated via the public API
 *   const res = await n8n.webhook('my-path', { body: {...} });
 *   const runs = await n8n.waitForExecutions(id, 1);
 *   await n8n.stop();
 * An instance can also serve several suites (support/sharedN8n.ts): `share()` describes it and
 * `N8n.attach()` talks to it from another process, which cannot stop or restart it.
 */
import * as fs from 'fs';

import * as server from '../../../scripts/n8n';
import type {
	CredentialJson,
	Execution,
	HttpOptions,
	HttpResult,
	N8nVersion,
	ServerHandle,
	WorkflowJson,
} from '../../../scripts/n8n';

export type { CredentialJson, Execution, HttpResult, N8nVersion, WorkflowJson } from '../../../scripts/n8n';

export interface StartOptions {
	version?: N8nVersion;
	/** Packed package (npm pack output) to install as a community package before start. */
	tarball?: string;
	/** Extra environment for every n8n process (wins over the defaults). */
	env?: Record<string, string>;
	/** Bound on waiting for readiness. */
	startTimeoutMs?: number;
	/**
	 * Credentials imported with `n8n import:credentials` before the server starts (give each an
	 * `id` to reference it from workflows). The public API's credential schema check rejects
	 * valid data on 2.x (it demands n8n's own `allowedDomains` field), the CLI does not.
	 */
	credentials?: CredentialJson[];
}

/**
 * A running n8n as another process reaches it (kept as JSON): where it listens, its process and
 * user folder, the owner's session cookie and API key.
 */
export interface SharedN8nState {
	version: N8nVersion;
	baseUrl: string;
	pid: number;
	userFolder: string;
	logFile: string;
	readyMs: number;
	cookie: string;
	apiKey: string;
	packageName?: string;
}

/** What the calls below need of a running n8n (the handle of a process started here has it all). */
type Connection = Pick<ServerHandle, 'ctx' | 'baseUrl' | 'logFile' | 'readyMs' | 'cookie' | 'apiKey' | 'webhookUrl'>;

/**
 * n8n 2.41 activates a workflow through an outbox it reads every 15 s, and a killed process's claim
 * on an activation holds for 2 minutes. The suites test what the nodes do once active, not those
 * waits, so they read the outbox every second and let a claim lapse after 20 s.
 */
const publicationPace = (version: N8nVersion | undefined): Record<string, string> =>
	(version ?? server.DEFAULT_VERSION) === '2.8.4'
		? {}
		: {
				N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
				N8N_WORKFLOW_PUBLICATION_OUTBOX_LEASE_SECONDS: '20',
			};

export class N8n {
	private constructor(
		private conn: Connection,
		/** The process, when this instance started it; an attached instance may not stop or restart it. */
		private handle: ServerHandle | undefined,
		readonly packageName: string | undefined,
	) {}

	/** Fresh user folder, package installed, server up, owner + API key created. */
	static async start(opts: StartOptions = {}): Promise<N8n> {
		// Jest sets NODE_ENV=test, and n8n then exits silently at start (its `inTest` mode): blank it,
		// which n8n treats like unset.
		const extraEnv = { NODE_ENV: '', ...publicationPace(opts.version), ...opts.env };
		const ctx = await server.createContext({ version: opts.version, extraEnv });
		let handle: ServerHandle | undefined;
		try {
			const pkg = opts.tarball ? server.installCommunityPackage(ctx.userFolder, opts.tarball) : undefined;
			for (const credential of opts.credentials ?? []) await server.importCredential(ctx, credential);
			handle = await server.startServer(ctx, { timeoutMs: opts.startTimeoutMs });
			await server.setupOwner(handle);
			await server.createApiKey(handle);
			return new N8n(handle, handle, pkg?.name);
		} catch (e) {
			// The error carries the server log's tail; don't leave the folder or the process behind.
			if (handle) await server.stopServer(handle);
			fs.rmSync(ctx.userFolder, { recursive: true, force: true });
			throw e;
		}
	}

	/** An n8n another process started and shared (see share()); this side cannot stop or restart it. */
	static async attach(state: SharedN8nState): Promise<N8n> {
		const ctx = await server.createContext({
			version: state.version,
			userFolder: state.userFolder,
			extraEnv: { NODE_ENV: '' },
		});
		const { baseUrl, logFile, readyMs, cookie, apiKey } = state;
		const webhookUrl = (p: string) => `${baseUrl}/webhook/${p.replace(/^\//, '')}`;
		return new N8n({ ctx, baseUrl, logFile, readyMs, cookie, apiKey, webhookUrl }, undefined, state.packageName);
	}

	/** What attach() needs, for a server this instance started. */
	share(): SharedN8nState {
		const handle = this.started('share');
		if (!handle.proc.pid || !handle.cookie || !handle.apiKey) throw new Error('n8n has no process, owner or API key');
		return {
			version: handle.ctx.version,
			baseUrl: handle.baseUrl,
			pid: handle.proc.pid,
			userFolder: handle.ctx.userFolder,
			logFile: handle.logFile,
			readyMs: handle.readyMs,
			cookie: handle.cookie,
			apiKey: handle.apiKey,
			packageName: this.packageName,
		};
	}

	get baseUrl(): string {
		return this.conn.baseUrl;
	}

	get version(): N8nVersion {
		return this.conn.ctx.version;
	}

	get userFolder(): string {
		return this.conn.ctx.userFolder;
	}

	get logFile(): string {
		return this.conn.logFile;
	}

	/** Milliseconds the last start took until n8n served REST requests. */
	get readyMs(): number {
		return this.conn.readyMs;
	}

	/** Node type name of a node in the installed package, e.g. `n8n-nodes-mindbody.mindbody`. */
	nodeType(node: string): string {
		if (!this.packageName) throw new Error('no community package installed');
		return `${this.packageName}.${node}`;
	}

	/** Creates the workflow through the public API and activates it (live, no restart). */
	async importWorkflow(workflow: WorkflowJson): Promise<string> {
		return server.createAndActivateWorkflow(this.conn, workflow);
	}

	async activate(workflowId: string): Promise<void> {
		await this.expectOk(await server.api(this.conn, 'POST', `/workflows/${workflowId}/activate`, {}), 'activate');
	}

	async deactivate(workflowId: string): Promise<void> {
		await this.expectOk(await server.api(this.conn, 'POST', `/workflows/${workflowId}/deactivate`, {}), 'deactivate');
	}

	/**
	 * Creates a credential in the running n8n as the editor does (REST, the owner's session); `data`
	 * is plain, n8n encrypts it. Returns the id n8n gave it (an `id` in `credential` is not used).
	 * The public API checks `data` against a schema that demands n8n's own `allowedDomains` field
	 * on 2.x; the editor's call does not.
	 */
	async createCredential({ name, type, data }: CredentialJson): Promise<string> {
		const res = await this.expectOk(
			await server.rest(this.conn, 'POST', '/credentials', { name, type, data }),
			'create credential',
		);
		return (res.json as { data: { id: string } }).data.id;
	}

	/**
	 * Executions of one workflow with their run data, newest first. Without `status` n8n leaves out
	 * those running in its process now; ask for `status: 'running'` to see them.
	 */
	async executions(workflowId: string, { status }: { status?: string } = {}): Promise<Execution[]> {
		return server.listExecutions(this.conn, workflowId, { includeData: true, status });
	}

	/** Polls until at least `count` executions of the workflow have finished (bounded). */
	async waitForExecutions(workflowId: string, count = 1, timeoutMs = 30000): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const list = (await this.executions(workflowId)).filter((e) => e.stoppedAt);
			if (list.length >= count) return list;
			if (Date.now() > deadline) {
				throw new Error(`only ${list.length}/${count} executions of ${workflowId} after ${timeoutMs} ms`);
			}
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/** Production webhook call; retries while the path is not registered yet (404). */
	async webhook(path: string, opts: HttpOptions & { method?: string } = {}): Promise<HttpResult> {
		return server.callWebhook(this.conn, path, opts);
	}

	webhookUrl(path: string): string {
		return this.conn.webhookUrl(path);
	}

	/** A fresh workflow id of the form n8n uses (for CLI imports and credential ids). */
	static newId(): string {
		return server.newId();
	}

	/** Any public-API call with the instance's key. */
	async api(method: string, path: string, body?: unknown): Promise<HttpResult> {
		return server.api(this.conn, method, path, body);
	}

	/** Runs an n8n CLI command against this instance's user folder (best while stopped). */
	async cli(args: string[], opts?: { timeoutMs?: number; allowFailure?: boolean }) {
		return server.runCli(this.conn.ctx, args, opts);
	}

	/** Stop + start on the same port and user folder; the session and API key stay valid. */
	async restart(): Promise<void> {
		this.handle = await server.restartServer(this.started('restart'));
		this.conn = this.handle;
	}

	/** SIGTERM and wait; removes the user folder unless asked to keep it (e.g. to read logs). */
	async stop({ keepUserFolder = false } = {}): Promise<void> {
		const handle = this.started('stop');
		await server.stopServer(handle);
		if (!keepUserFolder) fs.rmSync(handle.ctx.userFolder, { recursive: true, force: true });
	}

	/** The process this instance started; a shared n8n is not an attached instance's to stop or restart. */
	private started(what: string): ServerHandle {
		if (!this.handle)
			throw new Error(`cannot ${what} a shared n8n (the run stops it): start one of its own with N8n.start`);
		return this.handle;
	}

	private async expectOk(res: HttpResult, what: string): Promise<HttpResult> {
		if (res.status < 200 || res.status >= 300) {
			throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
		}
		return res;
	}
}

/** Builds and packs this repository (npm pack); returns the .tgz path to pass as `tarball`. */
export function packProject(opts?: { destDir?: string; build?: boolean }): string {
	return server.packProject(opts);
}

/** Headless run, no server: import a workflow into a fresh user folder and `n8n execute` it. */
export async function executeHeadless(opts: {
	version?: N8nVersion;
	tarball?: string;
	workflow: WorkflowJson;
	credentials?: CredentialJson[];
	env?: Record<string, string>;
	timeoutMs?: number;
}): Promise<unknown> {
	const ctx = await server.createContext({ version: opts.version, extraEnv: { NODE_ENV: '', ...opts.env } });
	try {
		if (opts.tarball) server.installCommunityPackage(ctx.userFolder, opts.tarball);
		for (const c of opts.credentials ?? []) await server.importCredential(ctx, c);
		const id = await server.importWorkflow(ctx, opts.workflow);
		return await server.executeWorkflow(ctx, id, { timeoutMs: opts.timeoutMs });
	} finally {
		fs.rmSync(ctx.userFolder, { recursive: true, force: true });
	}
}
