/**
 * Runs a real, pinned n8n (installed by ./install) against a throwaway user folder:
 * community-package install, CLI commands, and a server on 127.0.0.1 with owner + API key.
 * Everything binds to 127.0.0.1 and telemetry / update checks are off, so nothing leaves the machine.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

import { DEFAULT_VERSION, ensureN8n, type N8nVersion } from './install';

export { DEFAULT_VERSION, type N8nVersion } from './install';

export const HOST = '127.0.0.1';
// Fixed so credentials imported in one run can be decrypted after a restart.
export const ENCRYPTION_KEY = 'n8n-nodes-mindbody-e2e-fixed-encryption-key';
const BROWSER_ID = 'n8n-nodes-mindbody-e2e';
const CLI_TIMEOUT_MS = 120 * 1000;
const START_TIMEOUT_MS = 120 * 1000;
const STOP_TIMEOUT_MS = 15 * 1000;
const HTTP_TIMEOUT_MS = 30 * 1000;

const log = (msg: string) => process.stderr.write(`[n8n-server] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- user folder + community package

/** Makes an empty user folder; n8n keeps its sqlite DB, config and community nodes under <dir>/.n8n. */
export function prepareUserFolder(prefix = 'n8n-e2e-'): string {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	ensureNodesPackageJson(nodesDir(userFolder));
	return userFolder;
}

const nodesDir = (userFolder: string) => path.join(userFolder, '.n8n', 'nodes');

// Same file n8n's CommunityPackagesService.ensurePackageJson writes.
function ensureNodesPackageJson(dir: string) {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, 'package.json');
	if (!fs.existsSync(file)) {
		const pkg = { name: 'installed-nodes', private: true, dependencies: {} };
		fs.writeFileSync(file, JSON.stringify(pkg, null, 2));
	}
}

/**
 * Installs a packed tarball (npm pack output) the way n8n's Community Nodes installer does
 * (CommunityPackagesService.downloadPackage in packages/cli): extract into
 * nodes/node_modules/<name>, drop dev/peer/optional deps, `npm install` there with n8n's flags,
 * then record the dependency in nodes/package.json. Only the `npm pack <name>@<version>` step
 * from the registry is replaced by our local tarball.
 */
export function installCommunityPackage(
	userFolder: string,
	tarballPath: string,
): { name: string; version: string; dir: string } {
	const tarball = path.resolve(tarballPath);
	const pkgJsonText = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	const { name, version } = JSON.parse(pkgJsonText) as { name: string; version: string };
	const dir = nodesDir(userFolder);
	ensureNodesPackageJson(dir);
	const pkgDir = path.join(dir, 'node_modules', name);
	fs.rmSync(pkgDir, { recursive: true, force: true });
	fs.mkdirSync(pkgDir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);

	const pkgFile = path.join(pkgDir, 'package.json');
	const kept = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete kept[key];
	fs.writeFileSync(pkgFile, JSON.stringify(kept, null, 2));

	// n8n's NPM_COMMON_ARGS + NPM_INSTALL_ARGS; n8n adds --registry=<its configured registry>,
	// we leave the registry to the machine's npm config.
	const args = [
		'install',
		'--audit=false',
		'--fund=false',
		'--bin-links=false',
		'--install-strategy=shallow',
		'--ignore-scripts=true',
		'--package-lock=false',
	];
	const res = spawnSync('npm', args, {
		cwd: pkgDir,
		env: withoutNpmVars(process.env),
		encoding: 'utf8',
		timeout: CLI_TIMEOUT_MS,
	});
	if (res.status !== 0) {
		throw new Error(`npm install in ${pkgDir} failed (${res.status ?? res.error}): ${res.stderr}`);
	}

	const nodesPkgFile = path.join(dir, 'package.json');
	const nodesPkg = JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8'));
	nodesPkg.dependencies[name] = version;
	fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2));
	return { name, version, dir: pkgDir };
}

/**
 * Packs a project (ours by default) into destDir as `npm pack` would for publishing; returns the
 * tarball path. The project's .npmrc sets ignore-scripts, which also skips `prepack`, so the
 * build runs explicitly first unless `build: false`.
 */
export function packProject({
	projectDir = path.resolve(__dirname, '../..'),
	destDir,
	build = true,
}: { projectDir?: string; destDir?: string; build?: boolean } = {}): string {
	const dest = destDir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	const opts = { cwd: projectDir, env: withoutNpmVars(process.env), timeout: 5 * 60 * 1000 };
	if (build) execFileSync('npm', ['run', 'build'], { ...opts, stdio: ['ignore', process.stderr, process.stderr] });
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { ...opts, encoding: 'utf8' });
	return path.join(dest, (JSON.parse(out) as Array<{ filename: string }>)[0].filename);
}

// npm_* variables inherited from `npm test` in the checkout carry its config (ignore-scripts etc.).
function withoutNpmVars(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k)));
}

// ---------------------------------------------------------------- environment

/**
 * Environment for any n8n process. Inherited N8N_*, DB_* etc. are dropped so the machine's
 * settings cannot leak in; `extraEnv` wins over everything.
 */
export interface EnvOptions {
	version: N8nVersion;
	userFolder: string;
	port: number;
	brokerPort: number;
	nodeBin: string;
	extraEnv?: Record<string, string>;
}

export function n8nEnv({
	version,
	userFolder,
	port,
	brokerPort,
	nodeBin,
	extraEnv = {},
}: EnvOptions): NodeJS.ProcessEnv {
	const base = Object.fromEntries(
		Object.entries(withoutNpmVars(process.env)).filter(
			([k]) => !/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$)/.test(k),
		),
	);
	const env: NodeJS.ProcessEnv = {
		...base,
		// The task runner is started with n8n's own Node; put the same Node first for anything else.
		PATH: `${path.dirname(nodeBin)}${path.delimiter}${base.PATH || ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_HOST: HOST,
		N8N_LISTEN_ADDRESS: HOST,
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		// Base of production webhook URLs; 2.41 renamed the variable (and warns about the old one).
		[version === '2.8.4' ? 'WEBHOOK_URL' : 'N8N_WEBHOOK_URL']: `http://${HOST}:${port}/`,
		N8N_EDITOR_BASE_URL: `http://${HOST}:${port}/`,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		// Internal task runner: its broker listens on loopback, on a port of our own so that a CLI
		// command and a running server (or two servers) do not collide on the default 5679.
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: HOST,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		...(version === '2.8.4' ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		...extraEnv,
	};
	return env;
}

/** A port the OS considers free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, HOST, () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

// ---------------------------------------------------------------- CLI

/**
 * Context shared by CLI calls and the server: which n8n, which Node, which user folder.
 * Installs n8n first if the cache is empty (minutes), otherwise returns at once.
 */
/** Which n8n, which Node, which user folder: shared by CLI calls and the server. */
export interface Context {
	version: N8nVersion;
	installDir: string;
	n8nBin: string;
	nodeBin: string;
	userFolder: string;
	extraEnv: Record<string, string>;
}

export async function createContext({
	version = DEFAULT_VERSION,
	userFolder,
	extraEnv,
}: { version?: N8nVersion; userFolder?: string; extraEnv?: Record<string, string> } = {}): Promise<Context> {
	const { dir, n8nBin, nodeBin } = ensureN8n(version);
	return {
		version,
		installDir: dir,
		n8nBin,
		nodeBin,
		userFolder: userFolder || prepareUserFolder(),
		extraEnv: extraEnv || {},
	};
}

/** Runs `n8n <args>` to completion (bounded); resolves {code, signal, stdout, stderr}. */
export interface CliResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export async function runCli(
	ctx: Context,
	args: string[],
	{ timeoutMs = CLI_TIMEOUT_MS, allowFailure = false }: { timeoutMs?: number; allowFailure?: boolean } = {},
): Promise<CliResult> {
	const env = n8nEnv({
		...ctx,
		port: await freePort(),
		brokerPort: await freePort(),
	});
	return new Promise<CliResult>((resolve, reject) => {
		const child = spawn(ctx.nodeBin, [ctx.n8nBin, ...args], { env, cwd: ctx.userFolder });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d: Buffer) => (stdout += d));
		child.stderr.on('data', (d: Buffer) => (stderr += d));
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(stdout + stderr)}`));
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (code !== 0 && !allowFailure) {
				reject(new Error(`n8n ${args.join(' ')} exited ${code ?? signal}\n${tail(stdout + stderr)}`));
			} else {
				resolve({ code, signal, stdout, stderr });
			}
		});
	});
}

const tail = (s: string, n = 3000) => (s.length > n ? `…${s.slice(-n)}` : s);

/** Workflow ids are 16 alphanumerics in 2.x; `execute --id` needs one we know. */
export function newId(): string {
	const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from({ length: 16 }, () => chars[Math.floor(Math.random() * chars.length)]).join('');
}

function writeTemp(ctx: Context, name: string, data: unknown): string {
	const dir = path.join(ctx.userFolder, 'import');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `${name}-${Date.now()}-${process.pid}.json`);
	fs.writeFileSync(file, JSON.stringify(data, null, 2));
	return file;
}

/** `n8n import:workflow`; gives the workflow an id if it has none. Returns the id. */
/** Shape of a workflow as n8n exports/imports it (only what we rely on). */
export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[key: string]: unknown;
}

export interface CredentialJson {
	id?: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export async function importWorkflow(ctx: Context, workflow: WorkflowJson): Promise<string> {
	const wf: WorkflowJson = { active: false, settings: {}, ...workflow };
	wf.id = wf.id || newId();
	await runCli(ctx, ['import:workflow', `--input=${writeTemp(ctx, 'workflow', wf)}`]);
	return wf.id;
}

/**
 * Marks a workflow active for the next server start. 2.x has `publish:workflow` (the workflow's
 * current version becomes the active one); CLI changes reach a running server only after restart.
 */
export async function publishWorkflow(ctx: Context, id: string): Promise<void> {
	await runCli(ctx, ['publish:workflow', `--id=${id}`]);
}

/**
 * `n8n import:credentials`; `data` is the plain credential data (n8n encrypts it on import when
 * it is an object). Returns the id.
 */
export async function importCredential(ctx: Context, { id, name, type, data }: CredentialJson): Promise<string> {
	const cred = { id: id || newId(), name, type, data };
	await runCli(ctx, ['import:credentials', `--input=${writeTemp(ctx, 'credential', [cred])}`]);
	return cred.id;
}

/**
 * `n8n execute --id <id> --rawOutput`: runs the workflow headless and returns the parsed result
 * (log lines come before the JSON on stdout).
 */
export async function executeWorkflow(ctx: Context, id: string, opts?: { timeoutMs?: number }): Promise<unknown> {
	const args = ['execute', `--id=${id}`, '--rawOutput'];
	const { code, signal, stdout, stderr } = await runCli(ctx, args, { ...opts, allowFailure: true });
	const result = parseExecuteOutput(stdout);
	if (code === 0 && result) return result;
	// 2.41.1 on Node 24 sometimes dies with SIGSEGV while shutting down, after it has printed
	// (and stored) the finished execution (seen about 1 run in 8 here). Accept only that case.
	if (signal === 'SIGSEGV' && (result as { finished?: boolean } | undefined)?.finished !== undefined) {
		log(`n8n execute crashed (${signal}) after printing its result; using the result`);
		return result;
	}
	throw new Error(`n8n ${args.join(' ')} exited ${code ?? signal}\n${tail(stdout + stderr)}`);
}

function parseExecuteOutput(stdout: string): unknown {
	// Log lines may themselves start with '[' ("[license SDK] ..."): try each candidate line.
	const re = /^[[{]/gm;
	for (let m = re.exec(stdout); m; m = re.exec(stdout)) {
		try {
			return JSON.parse(stdout.slice(m.index));
		} catch {
			/* a log line, not the result */
		}
	}
	return undefined;
}

// ---------------------------------------------------------------- server

/** A running `n8n start`. owner, cookie and apiKey are set by setupOwner / createApiKey. */
export interface ServerHandle {
	ctx: Context;
	port: number;
	brokerPort: number;
	baseUrl: string;
	logFile: string;
	proc: ChildProcess;
	exited: boolean;
	readyMs: number;
	owner?: { email: string; password: string };
	cookie?: string;
	apiKey?: string;
	webhookUrl(path: string): string;
}

const running = new Set<{ proc: ChildProcess }>();
// Last resort if the caller forgets stop() or dies on an exception: never leave n8n behind.
process.on('exit', () => {
	for (const s of running) {
		try {
			process.kill(-s.proc.pid!, 'SIGKILL');
		} catch {
			/* already gone */
		}
	}
});

/**
 * Starts `n8n start` on a free port (or `port`), waits until it serves REST (see isReady).
 * Resolves a server handle: {ctx, port, baseUrl, webhookUrl(path), logFile, proc}.
 */
export interface StartOptions {
	port?: number;
	brokerPort?: number;
	timeoutMs?: number;
	/**
	 * `start` (default) serves the editor, REST and webhooks; queue mode adds `worker` (runs
	 * executions; `port` is then its health server's) and `webhook` (serves production webhooks).
	 */
	command?: 'start' | 'worker' | 'webhook';
	/** Environment for this process only, over the context's. */
	env?: Record<string, string>;
}

export async function startServer(ctx: Context, opts: StartOptions = {}): Promise<ServerHandle> {
	const port = opts.port || (await freePort());
	const brokerPort = opts.brokerPort || (await freePort());
	const timeoutMs = opts.timeoutMs ?? START_TIMEOUT_MS;
	const command = opts.command ?? 'start';
	const env = n8nEnv({ ...ctx, port, brokerPort, extraEnv: { ...ctx.extraEnv, ...opts.env } });
	const name = command === 'start' ? 'server' : command;
	const logFile = path.join(ctx.userFolder, `n8n-${name}-${port}.log`);
	const out = fs.openSync(logFile, 'a');
	const t0 = Date.now();
	// Own process group, so stop() can also reach the task runner if n8n hangs.
	const proc = spawn(ctx.nodeBin, [ctx.n8nBin, command], {
		env,
		cwd: ctx.userFolder,
		stdio: ['ignore', out, out],
		detached: true,
	});
	fs.closeSync(out);
	const baseUrl = `http://${HOST}:${port}`;
	const server: ServerHandle = {
		ctx,
		port,
		brokerPort,
		baseUrl,
		logFile,
		proc,
		exited: false,
		readyMs: 0,
		webhookUrl: (p: string) => `${baseUrl}/webhook/${p.replace(/^\//, '')}`,
	};
	proc.on('exit', () => {
		server.exited = true;
		running.delete(server);
	});
	running.add(server);

	const deadline = t0 + timeoutMs;
	for (;;) {
		if (server.exited) {
			await stopServer(server); // reaps a task runner left in the group
			throw new Error(`n8n exited during start\n${readTail(logFile)}`);
		}
		if (Date.now() > deadline) {
			await stopServer(server);
			throw new Error(`n8n not ready after ${timeoutMs} ms\n${readTail(logFile)}`);
		}
		if (await isReady(baseUrl, command === 'start')) break;
		await sleep(250);
	}
	server.readyMs = Date.now() - t0;
	log(`n8n ${ctx.version} ${command} ready on ${baseUrl} in ${server.readyMs} ms (log: ${logFile})`);
	return server;
}

/**
 * /healthz/readiness turns 200 once the DB is migrated, but 2.8.4 registers its REST controllers
 * a moment later (owner setup then 404s): for the main process also wait until GET /rest/login
 * stops being a 404 (it answers 401 without a session). Workers and webhook processes have no REST.
 */
async function isReady(baseUrl: string, servesRest: boolean): Promise<boolean> {
	try {
		const opts = { signal: AbortSignal.timeout(2000) };
		if (!(await fetch(`${baseUrl}/healthz/readiness`, opts)).ok) return false;
		return !servesRest || (await fetch(`${baseUrl}/rest/login`, opts)).status !== 404;
	} catch {
		return false; // not listening yet
	}
}

const readTail = (file: string) => {
	try {
		return tail(fs.readFileSync(file, 'utf8'));
	} catch {
		return '';
	}
};

/** SIGTERM, wait for exit (bounded), then SIGKILL the whole group. */
export async function stopServer(
	server: ServerHandle,
	{ timeoutMs = STOP_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
	const { proc } = server;
	if (!server.exited) {
		const exited = new Promise((r) => proc.once('exit', r));
		proc.kill('SIGTERM');
		let timer: NodeJS.Timeout | undefined;
		const timedOut = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
		const clean = await Promise.race([exited.then(() => true), timedOut]);
		clearTimeout(timer); // a pending timer would keep the caller (jest) alive
		if (!clean) {
			log(`n8n did not stop within ${timeoutMs} ms: SIGKILL`);
			try {
				process.kill(-proc.pid!, 'SIGKILL');
			} catch {
				/* gone */
			}
			await Promise.race([exited, sleep(5000)]);
		}
	}
	// The task runner is n8n's child in the same group; make sure it went too.
	try {
		process.kill(-proc.pid!, 'SIGKILL');
	} catch {
		/* group already empty */
	}
	running.delete(server);
}

/**
 * Stop and start again on the same ports (CLI changes made meanwhile are then picked up).
 * The owner's session and the API key live in the database, so they are carried over.
 */
export async function restartServer(server: ServerHandle, opts?: StartOptions): Promise<ServerHandle> {
	await stopServer(server);
	const next = await startServer(server.ctx, { port: server.port, brokerPort: server.brokerPort, ...opts });
	const { owner, cookie, apiKey } = server;
	return Object.assign(next, { owner, cookie, apiKey });
}

// ---------------------------------------------------------------- HTTP

export interface HttpResult {
	status: number;
	headers: Headers;
	text: string;
	json: unknown;
}

export interface HttpOptions {
	body?: unknown;
	headers?: Record<string, string>;
	timeoutMs?: number;
}

async function http(
	server: { baseUrl: string },
	method: string,
	urlPath: string,
	{ body, headers = {}, timeoutMs = HTTP_TIMEOUT_MS }: HttpOptions = {},
): Promise<HttpResult> {
	const res = await fetch(`${server.baseUrl}${urlPath}`, {
		method,
		headers: {
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...headers,
		},
		body: body !== undefined ? JSON.stringify(body) : undefined,
		signal: AbortSignal.timeout(timeoutMs),
	});
	const text = await res.text();
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json };
}

function expectOk(res: HttpResult, what: string): HttpResult {
	if (res.status < 200 || res.status >= 300) {
		throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
	}
	return res;
}

/**
 * Creates the instance owner (POST /rest/owner/setup) and keeps its session cookie on the
 * handle for later /rest calls. Only works once per user folder.
 */
export async function setupOwner(
	server: ServerHandle,
	{
		email = 'owner@example.com',
		password = 'E2e-password-1',
		firstName = 'E2E',
		lastName = 'Owner',
	}: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<unknown> {
	const res = expectOk(
		await http(server, 'POST', '/rest/owner/setup', {
			body: { email, password, firstName, lastName },
			headers: { 'browser-id': BROWSER_ID },
		}),
		'owner setup',
	);
	server.cookie = sessionCookie(res);
	server.owner = { email, password };
	return (res.json as { data?: unknown } | undefined)?.data;
}

/** Logs in again (after a restart the old session is still valid, but not across user folders). */
export async function login(
	server: ServerHandle,
	{ email, password }: { email: string; password: string } = server.owner!,
): Promise<void> {
	const res = expectOk(
		await http(server, 'POST', '/rest/login', {
			// 2.x takes emailOrLdapLoginId; older 1.x took email.
			body: { emailOrLdapLoginId: email, email, password },
			headers: { 'browser-id': BROWSER_ID },
		}),
		'login',
	);
	server.cookie = sessionCookie(res);
}

function sessionCookie(res: HttpResult): string {
	const c = res.headers.getSetCookie().find((v) => v.startsWith('n8n-auth='));
	if (!c) throw new Error('no n8n-auth cookie in response');
	return c.split(';')[0];
}

/** REST call with the owner's session. */
export async function rest(server: ServerHandle, method: string, urlPath: string, body?: unknown): Promise<HttpResult> {
	return http(server, method, `/rest${urlPath}`, {
		body,
		headers: { cookie: server.cookie ?? '', 'browser-id': BROWSER_ID },
	});
}

/**
 * Creates a public-API key for the owner (POST /rest/api-keys) and stores it on the handle.
 * Asks for every scope the instance offers (GET /rest/api-keys/scopes), since 2.x keys are scoped.
 */
export async function createApiKey(server: ServerHandle, label = 'e2e'): Promise<string> {
	const scopesRes = await rest(server, 'GET', '/api-keys/scopes');
	const scopes = scopesRes.status === 200 ? (scopesRes.json as { data: unknown }).data : undefined;
	const res = expectOk(await rest(server, 'POST', '/api-keys', { label, expiresAt: null, scopes }), 'create API key');
	const data = (res.json as { data: { rawApiKey?: string; apiKey?: string } }).data;
	server.apiKey = data.rawApiKey || data.apiKey;
	if (!server.apiKey) throw new Error(`no key in API key response: ${res.text.slice(0, 300)}`);
	return server.apiKey;
}

/** Public API call (/api/v1) with the stored key. */
export async function api(
	server: { baseUrl: string; apiKey?: string },
	method: string,
	urlPath: string,
	body?: unknown,
): Promise<HttpResult> {
	return http(server, method, `/api/v1${urlPath}`, {
		body,
		headers: { 'X-N8N-API-KEY': server.apiKey ?? '' },
	});
}

/** Executions of one workflow, newest first, with their run data. Follows the cursor (bounded). */
/** An execution as returned by GET /api/v1/executions?includeData=true. */
export interface Execution {
	id: string | number;
	workflowId: string;
	finished: boolean;
	mode: string;
	status?: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: {
		resultData: {
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>>;
			error?: unknown;
			lastNodeExecuted?: string;
		};
		executionData?: {
			nodeExecutionStack?: Array<{
				node: { name: string };
				data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
			}>;
		};
	};
	[key: string]: unknown;
}

export async function listExecutions(
	server: { baseUrl: string; apiKey?: string },
	workflowId: string,
	{ includeData = true, maxPages = 20 }: { includeData?: boolean; maxPages?: number } = {},
): Promise<Execution[]> {
	const out: Execution[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < maxPages; page++) {
		const q = new URLSearchParams({ workflowId, includeData: String(includeData), limit: '100' });
		if (cursor) q.set('cursor', cursor);
		const res = expectOk(await api(server, 'GET', `/executions?${q}`), 'list executions');
		const page = res.json as { data: Execution[]; nextCursor?: string | null };
		out.push(...page.data);
		cursor = page.nextCursor ?? undefined;
		if (!cursor) break;
	}
	return out;
}

/**
 * Creates a workflow through the public API and activates it; takes effect at once on the
 * running server (unlike the CLI). Returns the new id.
 */
export async function createAndActivateWorkflow(
	server: { baseUrl: string; apiKey?: string },
	workflow: WorkflowJson,
): Promise<string> {
	const { name, nodes, connections, settings = {} } = workflow;
	const created = expectOk(
		await api(server, 'POST', '/workflows', { name, nodes, connections, settings }),
		'create workflow',
	);
	const id = (created.json as { id: string }).id;
	// Deprecated in 2.41 in favour of /publish, but present in both pinned versions. The body must
	// be an object: 2.8.4 destructures it outside its try block.
	expectOk(await api(server, 'POST', `/workflows/${id}/activate`, {}), 'activate workflow');
	return id;
}

/** Creates a credential through the public API (plain data; n8n encrypts it). Returns the id. */
export async function createCredential(
	server: { baseUrl: string; apiKey?: string },
	{ name, type, data }: CredentialJson,
): Promise<string> {
	const res = expectOk(await api(server, 'POST', '/credentials', { name, type, data }), 'create credential');
	return (res.json as { id: string }).id;
}

/**
 * Calls a webhook until it is registered (anything but 404) or the timeout passes.
 * Webhooks answer a few seconds after /healthz does.
 */
export async function callWebhook(
	server: { baseUrl: string },
	webhookPath: string,
	{ method = 'POST', body, headers, timeoutMs = 60000 }: HttpOptions & { method?: string } = {},
): Promise<HttpResult> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		let res: HttpResult | undefined;
		try {
			res = await http(server, method, `/webhook/${webhookPath.replace(/^\//, '')}`, {
				body,
				headers,
				timeoutMs: Math.max(1000, deadline - Date.now()),
			});
			if (res.status !== 404) return res;
		} catch (e) {
			if (Date.now() > deadline) throw e;
		}
		if (Date.now() > deadline && res) return res;
		await sleep(250);
	}
}
