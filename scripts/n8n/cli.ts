/**
 * The n8n CLI against a user folder: the context shared with the server (which n8n, which Node,
 * which user folder), and `n8n import:*`, `publish:workflow` and `execute` runs.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { freePort, n8nEnv } from './environment';
import { DEFAULT_VERSION, ensureN8n, type N8nVersion } from './install';
import { CLI_TIMEOUT_MS, log, tail } from './shared';
import { prepareUserFolder } from './userFolder';

/** Which n8n, which Node, which user folder: shared by CLI calls and the server. */
export interface Context {
	version: N8nVersion;
	installDir: string;
	n8nBin: string;
	nodeBin: string;
	userFolder: string;
	extraEnv: Record<string, string>;
}

/**
 * Context shared by CLI calls and the server: which n8n, which Node, which user folder.
 * Installs n8n first if the cache is empty (minutes), otherwise returns at once.
 */
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

export interface CliResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Runs `n8n <args>` to completion (bounded); resolves {code, signal, stdout, stderr}. */
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

/** `n8n import:workflow`; gives the workflow an id if it has none. Returns the id. */
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
