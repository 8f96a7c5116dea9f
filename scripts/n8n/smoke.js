#!/usr/bin/env node
'use strict';
// End-to-end check of the real-n8n plumbing, with timings. Exits non-zero on any failure.
//   node scripts/n8n/smoke.js [--version 2.8.4|2.41.1] [--tarball pkg.tgz --node nodeName]
// With --tarball/--node: installs the tarball as a community package and runs
// Manual Trigger -> <package>.<node> headless via `n8n execute`, printing the node's output.
// Always: server start, owner + API key, a webhook workflow imported + published by the CLI and
// one created + activated through the public API, both called, executions read back, restart.

const fs = require('fs');
const { execFileSync } = require('child_process');
const s = require('./server');

function arg(name, dflt) {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 ? process.argv[i + 1] : dflt;
}

const timings = {};
async function timed(label, fn) {
	const t0 = Date.now();
	const r = await fn();
	timings[label] = Date.now() - t0;
	process.stderr.write(`[smoke] ${label}: ${timings[label]} ms\n`);
	return r;
}

function assert(cond, msg) {
	if (!cond) throw new Error(`assertion failed: ${msg}`);
}

function webhookWorkflow(name, path) {
	return {
		name,
		nodes: [
			{
				id: 'b5f4c7a0-0000-4000-8000-000000000001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `0c7d2a4e-0000-4000-8000-${String(path.length).padStart(12, '0')}`,
				// lastNode: the reply carries the workflow's output, so the run is visible in the answer.
				parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

async function main() {
	const version = arg('version', s.DEFAULT_VERSION || '2.8.4');
	const tarball = arg('tarball');
	const nodeName = arg('node');

	const ctx = await timed('ensure install', () => s.createContext({ version }));
	process.stderr.write(`[smoke] n8n ${version}, node ${ctx.nodeBin}, user folder ${ctx.userFolder}\n`);
	try {
		if (tarball) {
			const pkg = await timed('install community package', () => s.installCommunityPackage(ctx.userFolder, tarball));
			if (nodeName) {
				const id = await timed('import headless workflow', () =>
					s.importWorkflow(ctx, {
						name: 'smoke headless',
						nodes: [
							{
								id: 'b5f4c7a0-0000-4000-8000-000000000010',
								name: 'Start',
								type: 'n8n-nodes-base.manualTrigger',
								typeVersion: 1,
								position: [0, 0],
								parameters: {},
							},
							{
								id: 'b5f4c7a0-0000-4000-8000-000000000011',
								name: 'Node under test',
								type: `${pkg.name}.${nodeName}`,
								typeVersion: 1,
								position: [200, 0],
								parameters: {},
							},
						],
						connections: { Start: { main: [[{ node: 'Node under test', type: 'main', index: 0 }]] } },
					}),
				);
				const result = await timed('execute headless', () => s.executeWorkflow(ctx, id));
				const out = result.data.resultData.runData['Node under test'][0].data.main[0];
				process.stdout.write(`headless output of ${pkg.name}.${nodeName}: ${JSON.stringify(out.map((i) => i.json))}\n`);
			}
		}

		// Workflow A: CLI import + publish before start (what a user's import would do).
		const pathA = `smoke-cli-${s.newId().toLowerCase()}`;
		const idA = await timed('import + publish (CLI)', async () => {
			const id = await s.importWorkflow(ctx, webhookWorkflow('smoke cli', pathA));
			await s.publishWorkflow(ctx, id);
			return id;
		});

		let server = await timed('server start (to readiness)', () => s.startServer(ctx));
		const startedAt = Date.now();
		try {
			const resA = await s.callWebhook(server, pathA, { body: { hello: 'cli' } });
			timings['first webhook answer after readiness'] = Date.now() - startedAt;
			timings['first webhook answer from spawn'] = server.readyMs + timings['first webhook answer after readiness'];
			process.stderr.write(`[smoke] first webhook answer ${resA.status} after ${timings['first webhook answer after readiness']} ms\n`);
			assert(resA.status === 200, `webhook A status ${resA.status}: ${resA.text}`);
			assert(resA.json && resA.json.body && resA.json.body.hello === 'cli', `webhook A reply ${resA.text}`);

			await timed('owner setup', () => s.setupOwner(server));
			await timed('api key', () => s.createApiKey(server));

			// Workflow B: created and activated live through the public API.
			const pathB = `smoke-api-${s.newId().toLowerCase()}`;
			const idB = await timed('create + activate (API)', () =>
				s.createAndActivateWorkflow(server, webhookWorkflow('smoke api', pathB)),
			);
			const resB = await timed('webhook B', () => s.callWebhook(server, pathB, { body: { hello: 'api' } }));
			assert(resB.status === 200, `webhook B status ${resB.status}: ${resB.text}`);

			const execs = await timed('list executions', async () => [
				...(await s.listExecutions(server, idA)),
				...(await s.listExecutions(server, idB)),
			]);
			assert(execs.length === 2, `expected 2 executions, got ${execs.length}`);
			for (const e of execs) {
				const body = e.data.resultData.runData.Webhook[0].data.main[0][0].json.body;
				process.stdout.write(`execution ${e.id} of ${e.workflowId}: status=${e.status} body=${JSON.stringify(body)}\n`);
			}

			server = await timed('restart', () => s.restartServer(server));
			const resA2 = await timed('webhook A after restart', () => s.callWebhook(server, pathA, { body: { hello: 'again' } }));
			assert(resA2.status === 200, `webhook A after restart: ${resA2.status}`);
			const again = await s.listExecutions(server, idA);
			assert(again.length === 2, `expected 2 executions of A after restart, got ${again.length}`);
		} finally {
			await timed('stop', () => s.stopServer(server));
		}
		const du = execFileSync('du', ['-sh', ctx.userFolder], { encoding: 'utf8' }).split('\t')[0];
		process.stdout.write(`${JSON.stringify({ version, timings, userFolderSize: du })}\n`);
	} finally {
		if (!process.argv.includes('--keep')) fs.rmSync(ctx.userFolder, { recursive: true, force: true });
	}
}

main().catch((e) => {
	process.stderr.write(`[smoke] FAILED: ${e.stack || e}\n`);
	process.exit(1);
});
