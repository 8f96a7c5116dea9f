/**
 * Builds and packs the package once for the whole e2e run; the test files read the tarball path
 * from N8N_E2E_TARBALL (workers inherit the environment set here). Also makes sure the pinned
 * n8n is installed before any test's timeout starts ticking (instant when cached), and makes the
 * run's folder where suites find the shared n8n (support/sharedN8n.ts; none is started here).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { ensureN8n } from '../../../scripts/n8n/install';
import { packProject } from '../../../scripts/n8n';
import { RUN_DIR_VARIABLE } from './sharedN8n';

/** Jest runs setup and teardown in one process, each module loaded apart: globalThis links them. */
const PACKED = Symbol.for('mindbody.e2e.packedTarball');
const RUN_DIR = Symbol.for('mindbody.e2e.runDir');
type Marked = typeof globalThis & { [PACKED]?: string; [RUN_DIR]?: string };

/** The tarball this run packed, if it packed one. */
export const packedHere = (): string | undefined => (globalThis as Marked)[PACKED];

/** The run's folder this setup made. */
export const runDirHere = (): string | undefined => (globalThis as Marked)[RUN_DIR];

export default async function globalSetup(): Promise<void> {
	const version = process.env.N8N_E2E_VERSION || '2.8.4';
	process.env.N8N_E2E_VERSION = version;
	ensureN8n(version);
	if (!process.env.N8N_E2E_TARBALL) {
		const t0 = Date.now();
		process.env.N8N_E2E_TARBALL = packProject();
		(globalThis as Marked)[PACKED] = process.env.N8N_E2E_TARBALL;
		process.stderr.write(`\n[e2e] packed ${process.env.N8N_E2E_TARBALL} in ${Date.now() - t0} ms\n`);
	}
	const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindbody-e2e-run-'));
	process.env[RUN_DIR_VARIABLE] = runDir;
	(globalThis as Marked)[RUN_DIR] = runDir;
}
