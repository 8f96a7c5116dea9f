/**
 * npm run bench [-- --quick]: this package against what a user would build instead, side by side
 * in one real n8n (the pinned install, our packed package) against the sandbox. Every job runs
 * each side in interleaved rounds and prints min and median per side and the ratio of medians.
 * Targets are ratios, checked here and never in `npm test`: the process exits 1 when one is missed.
 * `npm run bench -- --follow-ups` runs only the poll trigger's follow-up events and its Webhook
 * Safety Net (requests counted, in n8n's engine in a jest process: no n8n to start);
 * `npm run bench -- --webhook` only the webhook trigger's deliveries (with `--quick`, 200 a round).
 */
import * as os from 'node:os';
import * as path from 'node:path';

import { FULL, log, QUICK, type BenchContext } from './bench/config';
import { coldLoadJob } from './bench/coldLoad';
import { completeJob } from './bench/complete';
import { deliveriesJob } from './bench/deliveries';
import { followUpsJob } from './bench/followUps';
import { BenchN8n, removeOnExit } from './bench/n8n';
import { pagingJob } from './bench/paging';
import { pollingJob } from './bench/polling';
import { SandboxProcess } from './bench/sandbox';
import { meets, table, type Row } from './bench/stats';

const config = process.argv.includes('--quick') ? QUICK : FULL;
const webhookOnly = process.argv.includes('--webhook');
// Other work on the machine slows every side; the load average tells a reader how much.
const loadAtStart = os.loadavg()[0];

let sandbox: SandboxProcess | undefined;
let n8n: BenchN8n | undefined;

async function stopAll(): Promise<void> {
	const stopping = [n8n?.stop(), sandbox?.stop()];
	n8n = undefined;
	sandbox = undefined;
	await Promise.allSettled(stopping);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		log(`${signal}: stopping n8n and the sandbox`);
		void stopAll().finally(() => process.exit(130));
	});
}

function header(version: string): string {
	const cpus = os.cpus();
	return [
		`Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${config.quick ? ' (--quick: smaller sizes)' : ''}; ` +
			`${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB; ` +
			`load average ${os.loadavg()[0].toFixed(1)} at the end (${loadAtStart.toFixed(1)} at the start); ` +
			`n8n ${version}, Node ${process.versions.node}; ${config.repetitions} interleaved rounds per job.`,
		"Times are the measured node's own execution time in n8n (the floor: the loop's wall time). Ratio = ours / alternative, of medians.",
	].join('\n');
}

/** Only the follow-up events' and the Webhook Safety Net's requests: a table of its own. */
async function followUpsOnly(): Promise<number> {
	const started = Date.now();
	const notes: string[] = [];
	const rows = followUpsJob(notes);
	console.log(
		`\nRun ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; requests counted in the sandbox's log.\n\n${table(rows)}\n`,
	);
	for (const note of notes) console.log(`- ${note}`);
	const missed = rows.filter((row) => meets(row) === false);
	console.log(
		`\n${missed.length ? `${missed.length} target(s) missed` : 'Every target met'} (${Math.round((Date.now() - started) / 1000)} s).`,
	);
	return missed.length ? 1 : 0;
}

async function main(): Promise<number> {
	if (process.argv.includes('--follow-ups')) return await followUpsOnly();
	const started = Date.now();
	const maxItems = Math.max(config.items, ...config.idListSizes);
	sandbox = await SandboxProcess.start({
		seed: 7,
		// About a quarter of generated appointments are cancelled; Complete needs maxItems others.
		size: { sales: config.sales, clients: config.clients, appointments: Math.ceil(maxItems * 1.6) },
		allowLoopbackHttp: true,
		realTimeTicker: true,
	});
	log('building and packing the package');
	const tarball = BenchN8n.pack();
	removeOnExit(path.dirname(tarball));
	n8n = await BenchN8n.start(sandbox.info, tarball);
	const ctx: BenchContext = { config, n8n, sandbox, notes: [] };
	const rows: Row[] = [];
	const jobs = webhookOnly ? [deliveriesJob] : [coldLoadJob, pagingJob, completeJob, deliveriesJob, pollingJob];
	for (const job of jobs) rows.push(...(await job(ctx)));
	if (!webhookOnly) rows.push(...followUpsJob(ctx.notes));

	console.log(`\n${header(n8n.version)}\n\n${table(rows)}\n`);
	for (const note of ctx.notes) console.log(`- ${note}`);
	const missed = rows.filter((row) => meets(row) === false);
	console.log(
		`\n${missed.length ? `${missed.length} target(s) missed` : 'Every target met'} (${Math.round((Date.now() - started) / 1000)} s).`,
	);
	return missed.length ? 1 : 0;
}

main()
	.then(async (code) => {
		await stopAll();
		process.exit(code);
	})
	.catch(async (error) => {
		console.error(error);
		if (n8n) console.error(`n8n ${n8n.running ? 'is running' : 'has exited'}; the end of its log:\n${n8n.logTail()}`);
		await stopAll();
		process.exit(2);
	});
