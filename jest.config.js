/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/sandbox'],
	testMatch: ['**/*.test.ts'],
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/harness/teardown.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	testTimeout: 30000,
	// Jest takes one worker on two cores (cores - 1), running the files one after another; the suites
	// wait on HTTP to the in-process sandbox much of the time, so two workers use both cores.
	maxWorkers: 2,
	// The end-to-end suite runs real n8n processes: it has its own command.
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
};
