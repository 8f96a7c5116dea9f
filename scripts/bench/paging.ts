/**
 * Return All over every sales detail: the Mindbody node, the HTTP Request node with its own
 * pagination, and a plain fetch loop (the floor). The sandbox's CPU per page is read around each
 * run, so its share of the time is known and not mistaken for the node's.
 */
import { log, rotate, type BenchContext } from './config';
import { fetchAllSalesDetails, PAGE_SIZE } from './floor';
import { median, type Row } from './stats';
import { salesHttpRequest, salesMindbody } from './workflows';

type Side = 'mindbody' | 'http' | 'floor';

interface Sample {
	ms: number;
	pages: number;
	sandboxCpuMs: number;
	sandboxBusyMs: number;
}

const SALES_PATH = '/Business/Sales/SalesDetails';

export async function pagingJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, sandbox, config } = ctx;
	const ids = {
		mindbody: await n8n.createWorkflow(salesMindbody(n8n.packageName, n8n.credentials)),
		http: await n8n.createWorkflow(salesHttpRequest(sandbox.info, PAGE_SIZE)),
	};
	const paths = { mindbody: 'bench-sales-mindbody', http: 'bench-sales-http' };
	const pages = Math.floor(config.sales / PAGE_SIZE) + 1;

	const runOnce = async (side: Side): Promise<Sample> => {
		await sandbox.clearLog();
		const before = await sandbox.usage();
		let ms: number;
		let items: number;
		if (side === 'floor') {
			const started = performance.now();
			items = (await fetchAllSalesDetails(sandbox.info)).items;
			ms = performance.now() - started;
		} else {
			const run = await n8n.runMeasured(ids[side], paths[side], {});
			ms = run.nodeMs;
			items = run.items;
		}
		const after = await sandbox.usage();
		const requests = await sandbox.count({ path: SALES_PATH });
		if (items !== config.sales) throw new Error(`paging (${side}): ${items} items, expected ${config.sales}`);
		return {
			ms,
			pages: requests,
			sandboxCpuMs: after.cpuMs - before.cpuMs,
			sandboxBusyMs: after.busyMs - before.busyMs,
		};
	};

	const sides: Side[] = ['mindbody', 'http', 'floor'];
	log(`paging: warming up (${config.sales} sales details, ${pages} pages)`);
	for (const side of sides) await runOnce(side);
	const samples: Record<Side, Sample[]> = { mindbody: [], http: [], floor: [] };
	for (let round = 0; round < config.repetitions; round++) {
		for (const side of rotate(sides, round)) {
			const sample = await runOnce(side);
			samples[side].push(sample);
			log(`paging round ${round + 1} ${side}: ${sample.ms.toFixed(0)} ms, ${sample.pages} requests`);
		}
	}
	for (const side of sides) {
		const requests = new Set(samples[side].map((s) => s.pages));
		if (requests.size !== 1 || !requests.has(pages)) {
			throw new Error(`paging (${side}) made ${[...requests].join('/')} requests, expected ${pages}`);
		}
	}

	const all = sides.flatMap((side) => samples[side]);
	const cpuPerPage = median(all.map((s) => s.sandboxCpuMs / s.pages));
	const perPage = (side: Side) => `${median(samples[side].map((s) => s.ms / s.pages)).toFixed(1)} ms`;
	const busyShare = (side: Side) => median(samples[side].map((s) => s.sandboxBusyMs / s.ms));
	ctx.notes.push(
		`Sandbox cost of paging: ${cpuPerPage.toFixed(2)} ms of CPU per page of ${PAGE_SIZE}. Per page the Mindbody node took ` +
			`${perPage('mindbody')}, the HTTP Request node ${perPage('http')} and the floor ${perPage('floor')}; the sandbox's event loop ` +
			`was busy ${pct(busyShare('mindbody'))}, ${pct(busyShare('http'))} and ${pct(busyShare('floor'))} of those times` +
			(busyShare('floor') >= 0.8
				? ": it sets the pace of the floor, so the floor ratio understates the package's own overhead."
				: '.'),
	);

	const ms = (side: Side) => samples[side].map((s) => s.ms);
	const job = `Return All, ${config.sales.toLocaleString('en-US')} sales details (${pages} pages)`;
	return [
		{
			job,
			ours: 'Mindbody node',
			alternative: 'HTTP Request node with its pagination',
			unit: 'ms',
			oursValues: ms('mindbody'),
			altValues: ms('http'),
			target: { kind: 'max', value: 1.0 },
		},
		{
			job,
			ours: 'Mindbody node',
			alternative: 'plain fetch loop (the floor)',
			unit: 'ms',
			oursValues: ms('mindbody'),
			altValues: ms('floor'),
			target: { kind: 'max', value: 1.15 },
		},
	];
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
