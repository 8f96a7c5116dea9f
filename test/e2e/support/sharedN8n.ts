/**
 * One n8n per jest run for the suites that need nothing of n8n's own for themselves (no restart,
 * no setting): the first suite that asks starts it, the others of the run use the same one, and
 * globalTeardown stops it. A run that selects none of those suites starts none.
 *
 * Jest runs test files in worker processes, so they meet through files in the run's folder
 * (globalSetup makes it and names it in MINDBODY_E2E_RUN_DIR): a lock file the starting suite
 * creates exclusively, and a state file it writes once n8n is up (SharedN8nState: address, process,
 * user folder, owner session, API key), or with the error that stopped the start.
 *
 * Each suite keeps its own sandbox and creates its own credentials in the shared n8n; its
 * workflows' names, webhook paths and ids are its own, and it reads only its own workflows'
 * executions.
 */
import * as fs from 'fs';
import * as path from 'path';

import { N8n, type N8nVersion, type SharedN8nState } from './n8n';

export const RUN_DIR_VARIABLE = 'MINDBODY_E2E_RUN_DIR';

/** Bound on waiting for another suite's start: n8n's start, the package install, owner setup. */
const WAIT_MS = 240_000;
/** Bound on n8n's own shutdown before the process group is killed. */
const STOP_MS = 15_000;

type StateFile = SharedN8nState | { error: string };

const files = (dir: string, version: N8nVersion) => ({
	lock: path.join(dir, `n8n-${version}.lock`),
	state: path.join(dir, `n8n-${version}.json`),
});

/** The run's shared n8n of this version, with the packed package installed; started here if no suite has yet. */
export async function sharedN8n(version: N8nVersion, tarball: string): Promise<N8n> {
	const dir = process.env[RUN_DIR_VARIABLE];
	if (!dir || !fs.existsSync(dir)) throw new Error(`${RUN_DIR_VARIABLE} not set: run with -c test/e2e/jest.config.js`);
	const { lock, state } = files(dir, version);
	if (claim(lock)) await start(version, tarball, state);
	return N8n.attach(await waitForState(state));
}

/** True for the one caller that creates the lock file. */
function claim(lock: string): boolean {
	try {
		fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
		return true;
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw e;
	}
}

async function start(version: N8nVersion, tarball: string, state: string): Promise<void> {
	let content: StateFile;
	try {
		content = (await N8n.start({ version, tarball })).share();
	} catch (e) {
		content = { error: e instanceof Error ? e.message : String(e) };
	}
	// Whole or not at all for the readers: write aside, then rename.
	const written = `${state}.${process.pid}`;
	fs.writeFileSync(written, JSON.stringify(content), { mode: 0o600 });
	fs.renameSync(written, state);
}

async function waitForState(state: string): Promise<SharedN8nState> {
	const deadline = Date.now() + WAIT_MS;
	while (!fs.existsSync(state)) {
		if (Date.now() > deadline) throw new Error(`the shared n8n was not up after ${WAIT_MS} ms (${state})`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const content = JSON.parse(fs.readFileSync(state, 'utf8')) as StateFile;
	if ('error' in content) throw new Error(`the shared n8n did not start: ${content.error}`);
	return content;
}

/**
 * Stops every shared n8n of the run (globalTeardown): SIGTERM, n8n's own shutdown (bounded),
 * then SIGKILL to its process group for the task runner; removes its user folder.
 */
export async function stopSharedN8n(dir: string): Promise<void> {
	for (const name of fs.readdirSync(dir).filter((file) => /^n8n-.*\.json$/.test(file))) {
		const content = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as StateFile;
		if ('error' in content) continue;
		const { pid, userFolder } = content;
		// Only a group whose leader is that n8n now: a number of a process long gone may be another's.
		if (runs(pid, userFolder)) {
			process.kill(pid, 'SIGTERM');
			const deadline = Date.now() + STOP_MS;
			while (runs(pid, userFolder) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
			try {
				process.kill(-pid, 'SIGKILL');
			} catch {
				/* the group is gone */
			}
		}
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

/** Whether pid is still that n8n (not gone, not a zombie, not a process that got its number since). */
function runs(pid: number, userFolder: string): boolean {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
		return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`N8N_USER_FOLDER=${userFolder}\0`);
	} catch {
		return false;
	}
}
