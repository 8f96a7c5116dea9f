/**
 * n8n in queue mode on 127.0.0.1: a private Postgres cluster and a Redis from the operating
 * system's packages (Debian: postgresql, redis-server), then one main, workers and webhook
 * processes of a pinned n8n, all sharing one database, one queue and one encryption key.
 *
 *   const cluster = await startQueueCluster({ tarball, webhookUrl, webhookPorts, credentials });
 *   … cluster.main (REST, public API, activation), cluster.workers, cluster.webhooks …
 *   await cluster.stop();
 *
 * Postgres refuses to run as root: as root, its cluster is created and run as the `postgres`
 * user (runuser) in a temp folder; otherwise as the current user. Nothing is persisted.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

import { createContext, importCredential, type Context, type CredentialJson } from './cli';
import { freePort, HOST } from './environment';
import { createApiKey, setupOwner } from './http';
import type { N8nVersion } from './install';
import { startServer, stopServer, type ServerHandle } from './process';
import { installCommunityPackage, prepareUserFolder } from './userFolder';

const CMD_TIMEOUT_MS = 60 * 1000;
const REDIS_START_TIMEOUT_MS = 15 * 1000;

const log = (msg: string) => process.stderr.write(`[n8n-queue] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- Postgres

export interface Postgres {
	host: string;
	port: number;
	user: string;
	database: string;
	logFile: string;
	stop(): void;
}

/** The newest installed server's bin folder, e.g. /usr/lib/postgresql/15/bin. */
export function postgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

export function redisServerBin(): string | undefined {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin'])) {
		const file = path.join(dir, 'redis-server');
		if (fs.existsSync(file)) return file;
	}
	return undefined;
}

/** What is missing to run queue mode here, as a sentence; undefined when nothing is. */
export function missingQueueServices(): string | undefined {
	const missing = [
		postgresBinDir() ? undefined : 'Postgres (/usr/lib/postgresql/*/bin/initdb)',
		redisServerBin() ? undefined : 'redis-server',
	].filter(Boolean);
	if (!missing.length) return undefined;
	return `${missing.join(' and ')} not found: apt-get install -y postgresql redis-server`;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a Postgres program, as the postgres user when we are root; throws with its output. */
function pgRun(bin: string, args: string[], timeout = CMD_TIMEOUT_MS) {
	const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
	const res = spawnSync(cmd, argv, { encoding: 'utf8', timeout, killSignal: 'SIGKILL', cwd: '/' });
	if (res.status !== 0) {
		throw new Error(
			`${path.basename(bin)} ${args.join(' ')} failed (${res.status ?? res.error}): ${res.stderr}${res.stdout}`,
		);
	}
	return res.stdout;
}

function postgresUser(): { uid: number; gid: number } {
	const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	if (!Number.isInteger(uid) || uid <= 0) throw new Error('no postgres user: apt-get install -y postgresql');
	return { uid, gid: id('-g') };
}

const stopOnExit = new Set<() => void>();
process.on('exit', () => {
	for (const stop of stopOnExit) stop();
});

/**
 * initdb + pg_ctl start in a temp folder, listening on 127.0.0.1 only (and a socket in that
 * folder), trust authentication, no fsync: a throwaway database, fast.
 */
export async function startPostgres({ database = 'n8n' } = {}): Promise<Postgres> {
	const bin = postgresBinDir();
	if (!bin) throw new Error(missingQueueServices());
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
	if (isRoot()) {
		const { uid, gid } = postgresUser();
		fs.chownSync(root, uid, gid);
	}
	const dataDir = path.join(root, 'data');
	const logFile = path.join(root, 'postgres.log');
	const user = 'postgres';
	const t0 = Date.now();
	pgRun(path.join(bin, 'initdb'), ['-D', dataDir, '-U', user, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
	const port = await freePort();
	const settings = [
		`-p ${port}`,
		`-k ${root}`,
		`-c listen_addresses=${HOST}`,
		'-c fsync=off',
		'-c synchronous_commit=off',
		'-c full_page_writes=off',
	].join(' ');
	pgRun(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start'], 90 * 1000);
	let stopped = false;
	const stop = () => {
		if (stopped) return;
		stopped = true;
		stopOnExit.delete(stop);
		try {
			pgRun(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
		} catch (e) {
			log(`pg_ctl stop: ${(e as Error).message}`);
		}
		fs.rmSync(root, { recursive: true, force: true });
	};
	stopOnExit.add(stop);
	try {
		pgRun(path.join(bin, 'createdb'), ['-h', HOST, '-p', String(port), '-U', user, database]);
	} catch (e) {
		stop();
		throw e;
	}
	log(`Postgres ready on ${HOST}:${port} in ${Date.now() - t0} ms (${root})`);
	return { host: HOST, port, user, database, logFile, stop };
}

// ---------------------------------------------------------------- Redis

export interface Redis {
	host: string;
	port: number;
	stop(): Promise<void>;
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: HOST, port });
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
	});
}

/** redis-server on 127.0.0.1, no persistence (no RDB snapshots, no append-only file). */
export async function startRedis(): Promise<Redis> {
	const bin = redisServerBin();
	if (!bin) throw new Error(missingQueueServices());
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
	const port = await freePort();
	const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dir];
	const out = fs.openSync(path.join(dir, 'redis.log'), 'a');
	const proc: ChildProcess = spawn(bin, args, { stdio: ['ignore', out, out], detached: true });
	fs.closeSync(out);
	let exited = false;
	proc.on('exit', () => (exited = true));
	const kill = () => {
		try {
			process.kill(-proc.pid!, 'SIGKILL');
		} catch {
			/* gone */
		}
	};
	stopOnExit.add(kill);
	const stop = async () => {
		stopOnExit.delete(kill);
		if (!exited) {
			const gone = new Promise((r) => proc.once('exit', r));
			kill();
			await Promise.race([gone, sleep(5000)]);
		}
		fs.rmSync(dir, { recursive: true, force: true });
	};
	const deadline = Date.now() + REDIS_START_TIMEOUT_MS;
	while (!(await redisPing(port))) {
		if (exited || Date.now() > deadline) {
			const text = fs.readFileSync(path.join(dir, 'redis.log'), 'utf8');
			await stop();
			throw new Error(`redis-server did not start\n${text.slice(-2000)}`);
		}
		await sleep(100);
	}
	log(`Redis ready on ${HOST}:${port}`);
	return { host: HOST, port, stop };
}

// ---------------------------------------------------------------- n8n processes

export interface QueueClusterOptions {
	version?: N8nVersion;
	/** Packed package installed as a community package in every process's user folder. */
	tarball?: string;
	/** Production webhook base every process announces (e.g. a load balancer in front of `webhookPorts`). */
	webhookUrl: string;
	/** Ports of the webhook processes; their number is the number of webhook processes. */
	webhookPorts: number[];
	workers?: number;
	/** Executions one worker runs at once (n8n's default is 10). */
	workerConcurrency?: number;
	/** Imported with the CLI before main starts (the public API rejects this credential type on 2.8.4). */
	credentials?: CredentialJson[];
	/** Extra environment for every process. */
	env?: Record<string, string>;
}

export interface QueueCluster {
	postgres: Postgres;
	redis: Redis;
	/** Shared by every process, as queue mode requires. */
	encryptionKey: string;
	/** Main: editor, REST, public API (owner and API key set up), activation, schedules. */
	main: ServerHandle;
	workers: ServerHandle[];
	webhooks: ServerHandle[];
	/** Starts one more worker; it is appended to `workers`. */
	addWorker(): Promise<ServerHandle>;
	/** SIGKILL to a worker and its task runner, no shutdown; resolves once it is gone. */
	killWorker(worker: ServerHandle): Promise<void>;
	stop(): Promise<void>;
}

/**
 * Settings that keep a lost worker's jobs from waiting minutes to be noticed: a dead worker's
 * lock expires after 10 s and another worker finds the stalled job within 5 s (n8n then fails
 * its execution). Main's check for executions no queue job accounts for keeps its default
 * (at start, then every 3 hours): run every minute, it once marked crashed an execution that a
 * worker was finishing.
 */
const RECOVERY_ENV = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
	// A worker waits this long for running jobs when stopped (default 30 s).
	N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
	QUEUE_WORKER_TIMEOUT: '5',
};

/** One folder per process, as on separate machines; each gets the package installed. */
function userFolderWith(tarball: string | undefined, template?: string): string {
	const folder = prepareUserFolder('n8n-queue-');
	if (template) {
		fs.cpSync(path.join(template, '.n8n', 'nodes'), path.join(folder, '.n8n', 'nodes'), { recursive: true });
	} else if (tarball) {
		installCommunityPackage(folder, tarball);
	}
	return folder;
}

export async function startQueueCluster(opts: QueueClusterOptions): Promise<QueueCluster> {
	const started: Array<() => Promise<void> | void> = [];
	const stopAll = async () => {
		for (const stop of started.reverse()) await stop();
		started.length = 0;
	};
	try {
		const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
		started.push(
			() => postgres.stop(),
			() => redis.stop(),
		);
		const encryptionKey = crypto.randomBytes(24).toString('hex');
		const shared: Record<string, string> = {
			// Jest sets NODE_ENV=test, and n8n then exits silently at start: blank it.
			NODE_ENV: '',
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			N8N_ENCRYPTION_KEY: encryptionKey,
			WEBHOOK_URL: opts.webhookUrl,
			...RECOVERY_ENV,
			...opts.env,
		};
		const mainCtx = await createContext({
			version: opts.version,
			userFolder: userFolderWith(opts.tarball),
			extraEnv: shared,
		});
		const template = mainCtx.userFolder;
		const contexts: Context[] = [mainCtx];
		started.push(() => contexts.forEach((c) => fs.rmSync(c.userFolder, { recursive: true, force: true })));
		const contextFor = (): Context => {
			const ctx = { ...mainCtx, userFolder: userFolderWith(opts.tarball, template) };
			contexts.push(ctx);
			return ctx;
		};

		// The first CLI call migrates the empty database; main then starts on a ready schema.
		for (const credential of opts.credentials ?? []) await importCredential(mainCtx, credential);
		const handles: ServerHandle[] = [];
		started.push(async () => {
			await Promise.all(handles.map((h) => stopServer(h)));
		});
		const main = await startServer(mainCtx, {});
		handles.push(main);
		await setupOwner(main);
		await createApiKey(main, 'queue');

		const workers: ServerHandle[] = [];
		const startWorker = async () => {
			const port = await freePort();
			const worker = await startServer(contextFor(), {
				command: 'worker',
				port,
				env: {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: HOST,
					N8N_CONCURRENCY_PRODUCTION_LIMIT: String(opts.workerConcurrency ?? 10),
				},
			});
			handles.push(worker);
			workers.push(worker);
			return worker;
		};
		const webhooks = await Promise.all(
			opts.webhookPorts.map((port) => startServer(contextFor(), { command: 'webhook', port })),
		);
		handles.push(...webhooks);
		for (let i = 0; i < (opts.workers ?? 2); i++) await startWorker();

		return {
			postgres,
			redis,
			encryptionKey,
			main,
			workers,
			webhooks,
			addWorker: startWorker,
			async killWorker(worker) {
				if (worker.exited) return;
				const gone = new Promise((r) => worker.proc.once('exit', r));
				process.kill(-worker.proc.pid!, 'SIGKILL');
				await Promise.race([gone, sleep(10000)]);
			},
			stop: stopAll,
		};
	} catch (e) {
		await stopAll();
		throw e;
	}
}
