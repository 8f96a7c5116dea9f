/**
 * The end-to-end suite: real n8n processes (N8N_E2E_VERSION, default 2.8.4) with this package
 * installed from its packed tarball, against the in-process Mindbody sandbox.
 *   npx jest -c test/e2e/jest.config.js
 * The tarball is built once per run (globalSetup); set N8N_E2E_TARBALL to reuse one. Suites that
 * need nothing of n8n's own share one n8n per run (support/sharedN8n.ts), started by the first of
 * them and stopped by globalTeardown; the others start their own.
 */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: '../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	// Queue mode has its own command (npm run test:e2e:queue).
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/queue/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
	// Two files at a time, each with its sandbox and its own n8n or the shared one, keeps the machine responsive.
	maxWorkers: 2,
	testTimeout: 120000,
	slowTestThreshold: 60,
};
