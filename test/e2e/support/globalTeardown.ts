/** Removes the tarball folder globalSetup packed (a tarball given in N8N_E2E_TARBALL is left alone). */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { packedHere } from './globalSetup';

export default async function globalTeardown(): Promise<void> {
	const tarball = packedHere();
	if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
}
