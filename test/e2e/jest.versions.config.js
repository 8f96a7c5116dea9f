/**
 * The second host's end-to-end pass: only the suites whose behaviour differs by n8n version, and a
 * smoke suite (CONTRIBUTING, "End-to-end suites per host", says how a suite is judged to belong here).
 *   N8N_E2E_VERSION=2.41.1 npx jest -c test/e2e/jest.versions.config.js
 */
const base = require('./jest.config.js');

/** Each suite, with what the n8n version changes in it. */
const VERSION_SENSITIVE = {
	// 2.8.4 leaves a delivery's execution stored but new after a kill; 2.41 runs it itself on restart.
	'crashRecovery.test.ts': 'what n8n does on restart with executions under way',
	'pollCrashWindow.test.ts': 'what n8n does on restart with a poll run under way',
	// 2.41 answers the activation call before the workflow is active (its publication outbox), and takes
	// no cron with a seconds list, so polls come from twelve crons.
	'followUpExamples.test.ts': 'activation order and the poll scheduler',
	'timeZones.test.ts': 'activation order and the poll scheduler',
	// A poll trigger and a webhook trigger in one workflow across a stop and a start: both above.
	'webhookSafetyNet.test.ts': 'activation order, the poll scheduler and what n8n does on restart',
	// n8n's AI nodes change from version to version (2.41's review message names the tool's parameters).
	'frontDeskAgent.test.ts': "n8n's AI Agent, chat and review nodes",
	'mcpServer.test.ts': "n8n's MCP Server Trigger",
	// 2.41 opens the credential's popup blank and names its button Connect; it turns a refused refresh
	// into its own reconnect error, without the identity service's answer.
	'oauthSignIn.test.ts': "n8n's credential popup, OAuth callback and refresh errors",
	// 2.41's durable scheduler for poll triggers (leases, a poll timeout, cursors stored with the run); 2.8.4 has none and skips it.
	'durableScheduler.test.ts': "n8n's durable scheduler",
	// Install from the tarball, one action, one webhook delivery, one poll.
	'smoke.test.ts': 'the package loads and runs at all',
};

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: Object.keys(VERSION_SENSITIVE).map((file) => `<rootDir>/test/e2e/${file}`),
};
