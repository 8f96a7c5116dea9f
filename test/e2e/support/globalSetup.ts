/**
 * Builds and packs the package once for the whole e2e run; the test files read the tarball path
 * from N8N_E2E_TARBALL (workers inherit the environment set here). Also makes sure the pinned
 * n8n is installed before any test's timeout starts ticking (instant when cached).
 */
import { ensureN8n } from '../../../scripts/n8n/install';
import { packProject } from '../../../scripts/n8n';

/** Jest runs setup and teardown in one process, each module loaded apart: globalThis links them. */
const PACKED = Symbol.for('mindbody.e2e.packedTarball');
type Marked = typeof globalThis & { [PACKED]?: string };

/** The tarball this run packed, if it packed one. */
export const packedHere = (): string | undefined => (globalThis as Marked)[PACKED];

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
}
