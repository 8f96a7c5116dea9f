/**
 * Rewrites every screenshot the docs show, from the tests whose steps they picture:
 * test/e2e/journey.test.ts in a real n8n (the default host, 2.8.4, with the packed package) for
 * README's Operation list and tour (docs/*.png), test/e2e/sandboxConsole.test.ts for the sandbox
 * console's (sandbox/docs/*.png). The tests take the same pictures on every run and check them;
 * only here (DOCS_SCREENSHOTS_ENV) are they written into the tree. Needs Debian's chromium.
 *   npm run docs:screenshots            (N8N_E2E_TARBALL=<tgz> reuses a packed tarball)
 * It fails if a test fails, or if a picture in those folders was not rewritten: each comes from a test.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { DEFAULT_VERSION } from './n8n/install';
import { DOCS_SCREENSHOTS_ENV } from './screenshot';

const ROOT = path.resolve(__dirname, '..');
const TESTS = ['test/e2e/journey.test.ts', 'test/e2e/sandboxConsole.test.ts'];
const FOLDERS = ['docs', 'sandbox/docs'];

const pictures = () =>
	FOLDERS.flatMap((folder) =>
		fs
			.readdirSync(path.join(ROOT, folder))
			.filter((name) => name.endsWith('.png'))
			.map((name) => `${folder}/${name}`),
	);

const started = Date.now();
const jest = spawnSync(
	process.execPath,
	[require.resolve('jest/bin/jest'), '-c', 'test/e2e/jest.config.js', ...TESTS],
	{
		cwd: ROOT,
		stdio: 'inherit',
		// The docs show the default host's editor.
		env: { ...process.env, [DOCS_SCREENSHOTS_ENV]: '1', N8N_E2E_VERSION: DEFAULT_VERSION },
	},
);
if (jest.status !== 0) {
	console.error(
		`docs:screenshots: the tests failed (exit ${jest.status ?? jest.signal}); pictures may be half rewritten`,
	);
	process.exit(1);
}
// mtime has a coarse grain on some file systems: a second's slack.
const stale = pictures().filter((file) => fs.statSync(path.join(ROOT, file)).mtimeMs < started - 1000);
if (stale.length > 0) {
	console.error(`docs:screenshots: no test wrote ${stale.join(', ')}`);
	process.exit(1);
}
console.log(
	`docs:screenshots: ${pictures().length} pictures rewritten in ${Math.round((Date.now() - started) / 1000)} s`,
);
