/**
 * Builds and packs the package once for the whole e2e run; the test files read the tarball path
 * from N8N_E2E_TARBALL (workers inherit the environment set here). Also makes sure the pinned
 * n8n is installed before any test's timeout starts ticking (instant when cached).
 */
import { ensureN8n } from '../../../scripts/n8n/install';
import { packProject } from '../../../scripts/n8n/server';

export default async function globalSetup(): Promise<void> {
	const version = process.env.N8N_E2E_VERSION || '2.8.4';
	process.env.N8N_E2E_VERSION = version;
	ensureN8n(version);
	if (!process.env.N8N_E2E_TARBALL) {
		const t0 = Date.now();
		process.env.N8N_E2E_TARBALL = packProject();
		process.stderr.write(`\n[e2e] packed ${process.env.N8N_E2E_TARBALL} in ${Date.now() - t0} ms\n`);
	}
}
