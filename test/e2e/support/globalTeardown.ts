/**
 * Stops the run's shared n8n, if a suite started one, and removes the run's folder; removes the
 * tarball folder globalSetup packed (a tarball given in N8N_E2E_TARBALL is left alone).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { packedHere, runDirHere } from './globalSetup';
import { stopSharedN8n } from './sharedN8n';

export default async function globalTeardown(): Promise<void> {
	const runDir = runDirHere();
	if (runDir) {
		await stopSharedN8n(runDir);
		fs.rmSync(runDir, { recursive: true, force: true });
	}
	const tarball = packedHere();
	if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
}
