/**
 * The queue-mode suite: Postgres, Redis and five n8n processes (main, two workers, two webhook
 * processes) on 127.0.0.1, with this package installed from its packed tarball.
 *   npm run test:e2e:queue
 * Needs Debian's postgresql and redis-server (.ci/run installs them); the tarball is built once
 * (globalSetup), or taken from N8N_E2E_TARBALL.
 */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: '../../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e/queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
	// One cluster, its scenarios in order.
	maxWorkers: 1,
	testTimeout: 600000,
	slowTestThreshold: 300,
};
