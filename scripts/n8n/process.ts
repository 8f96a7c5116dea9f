/**
 * Starting, stopping and restarting an n8n process (`start`, or queue mode's `worker` and
 * `webhook`) on 127.0.0.1; none is left behind when the caller exits.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import type { Context } from './cli';
import { freePort, HOST, n8nEnv } from './environment';
import { log, sleep, tail } from './shared';

const START_TIMEOUT_MS = 120 * 1000;
const STOP_TIMEOUT_MS = 15 * 1000;

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
