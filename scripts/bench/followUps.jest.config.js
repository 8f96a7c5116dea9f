/**
 * The follow-up events' bench part runs in n8n's engine as the node tests do (test/harness), which
 * needs jest's TypeScript loading (a node file has a .json twin of the same name): bench.ts starts it
 * with this config (scripts/bench/followUps.ts).
 */
const base = require('../../jest.config.js');

module.exports = {
	...base,
	rootDir: '../..',
	roots: ['<rootDir>/scripts/bench'],
	testMatch: ['**/followUps.bench.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	testTimeout: 1_800_000,
};
