/**
 * Wrapper around scripts/n8n for the jest e2e suite: a real, pinned n8n on
 * 127.0.0.1 with our packed package installed as a community package, an owner and an API key.
 *
 *   const n8n = await N8n.start({ version: '2.8.4', tarball });
 *   const id = await n8n.importWorkflow(workflowJson);   // created + activated via the public API
 *   const res = await n8n.webhook('my-path', { body: {...} });
 *   const runs = await n8n.waitForExecutions(id, 1);
 *   await n8n.stop();
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

export class N8n {
	private constructor(
		private handle: ServerHandle,
		readonly packageName: string | undefined,
	) {}

	/** Fresh user folder, package installed, server up, owner + API key created. */
	static async start(opts: StartOptions = {}): Promise<N8n> {
		// Jest sets NODE_ENV=test, and n8n then exits silently at start (its `inTest` mode): blank it,
		// which n8n treats like unset.
		const extraEnv = { NODE_ENV: '', ...opts.env };
		const ctx = await server.createContext({ version: opts.version, extraEnv });
		let handle: ServerHandle | undefined;
		try {
			const pkg = opts.tarball ? server.installCommunityPackage(ctx.userFolder, opts.tarball) : undefined;
			for (const credential of opts.credentials ?? []) await server.importCredential(ctx, credential);
			handle = await server.startServer(ctx, { timeoutMs: opts.startTimeoutMs });
			await server.setupOwner(handle);
			await server.createApiKey(handle);
			return new N8n(handle, pkg?.name);
		} catch (e) {
			// The error carries the server log's tail; don't leave the folder or the process behind.
			if (handle) await server.stopServer(handle);
			fs.rmSync(ctx.userFolder, { recursive: true, force: true });
			throw e;
		}
	}

	get baseUrl(): string {
		return this.handle.baseUrl;
	}

	get version(): N8nVersion {
		return this.handle.ctx.version;
	}

	get userFolder(): string {
		return this.handle.ctx.userFolder;
	}

	get logFile(): string {
		return this.handle.logFile;
	}

	/** Milliseconds the last start took until n8n served REST requests. */
	get readyMs(): number {
		return this.handle.readyMs;
	}

	/** Node type name of a node in the installed package, e.g. `n8n-nodes-mindbody.mindbody`. */
	nodeType(node: string): string {
		if (!this.packageName) throw new Error('no community package installed');
		return `${this.packageName}.${node}`;
	}

	/** Creates the workflow through the public API and activates it (live, no restart). */
	async importWorkflow(workflow: WorkflowJson): Promise<string> {
		return server.createAndActivateWorkflow(this.handle, workflow);
	}

	async activate(workflowId: string): Promise<void> {
		await this.expectOk(await server.api(this.handle, 'POST', `/workflows/${workflowId}/activate`, {}), 'activate');
	}

	async deactivate(workflowId: string): Promise<void> {
		await this.expectOk(await server.api(this.handle, 'POST', `/workflows/${workflowId}/deactivate`, {}), 'deactivate');
	}

	/** Creates a credential through the public API; `data` is plain, n8n encrypts it. */
	async createCredential(credential: CredentialJson): Promise<string> {
		return server.createCredential(this.handle, credential);
	}

	/**
	 * Executions of one workflow with their run data, newest first. Without `status` n8n leaves out
	 * those running in its process now; ask for `status: 'running'` to see them.
	 */
	async executions(workflowId: string, { status }: { status?: string } = {}): Promise<Execution[]> {
		return server.listExecutions(this.handle, workflowId, { includeData: true, status });
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
		return server.callWebhook(this.handle, path, opts);
	}

	webhookUrl(path: string): string {
		return this.handle.webhookUrl(path);
	}

	/** A fresh workflow id of the form n8n uses (for CLI imports and credential ids). */
	static newId(): string {
		return server.newId();
	}

	/** Any public-API call with the instance's key. */
	async api(method: string, path: string, body?: unknown): Promise<HttpResult> {
		return server.api(this.handle, method, path, body);
	}

	/** Runs an n8n CLI command against this instance's user folder (best while stopped). */
	async cli(args: string[], opts?: { timeoutMs?: number; allowFailure?: boolean }) {
		return server.runCli(this.handle.ctx, args, opts);
	}

	/** Stop + start on the same port and user folder; the session and API key stay valid. */
	async restart(): Promise<void> {
		this.handle = await server.restartServer(this.handle);
	}

	/** SIGTERM and wait; removes the user folder unless asked to keep it (e.g. to read logs). */
	async stop({ keepUserFolder = false } = {}): Promise<void> {
		await server.stopServer(this.handle);
		if (!keepUserFolder) fs.rmSync(this.handle.ctx.userFolder, { recursive: true, force: true });
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
