/**
 * Return All over a whole list: the Mindbody node, the HTTP Request node with its own pagination,
 * and a plain fetch loop (the floor). Two lists: sales details (listed in the spec; pages are bare
 * arrays without a total, so each waits for the one before, and the node asks for pages of
 * LARGE_PAGE after the first) and clients (the v6 document; the first page's TotalResults lets
 * the node ask for the rest at once). The sales list is also read by the node from a service that
 * cuts pages to 100, its slowest case. The sandbox's CPU per page is read around each run, so its
 * share of the time is known and not mistaken for the node's.
 */
import { LARGE_PAGE } from '../../nodes/shared/transport/pages';
import { issueToken } from './complete';
import { log, rotate, type BenchContext } from './config';
import { fetchAllClients, fetchAllSalesDetails, PAGE_SIZE } from './floor';
import type { SandboxInfo } from './sandbox';
import { median, type Row } from './stats';
import { clientsHttpRequest, clientsMindbody, salesHttpRequest, salesMindbody, type WorkflowJson } from './workflows';

type Side = 'mindbody' | 'http' | 'floor' | 'capped';

interface Sample {
	ms: number;
	pages: number;
	sandboxCpuMs: number;
	sandboxBusyMs: number;
}

interface PagedList {
	label: string;
	path: string;
	/** Entries the list holds. */
	total: number;
	workflows: Record<'mindbody' | 'http', WorkflowJson>;
	floor(sandbox: SandboxInfo): Promise<{ items: number; pages: number }>;
	/** Items the HTTP Request node outputs: one per entry, or one per page (an object answer). */
	httpItems: number;
	/** Requests each side must make; `capped` only for a list read from a service that cuts pages. */
	requests: Record<Exclude<Side, 'capped'>, number> & { capped?: number };
}

/** The service's page maximum for the `capped` side (admin API of the sandbox). */
async function capPages(sandbox: SandboxInfo, maxPageSize: number | null): Promise<void> {
	const response = await fetch(`${sandbox.adminUrl}/paging`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ maxPageSize }),
	});
	if (!response.ok) throw new Error(`paging ${response.status}: ${await response.text()}`);
}

/**
 * Requests the node makes for a list without a total, from a service without a maximum: a page
 * of PAGE_SIZE, then pages of LARGE_PAGE until one is shorter than a page already answered.
 */
export function largePageRequests(total: number): number {
	if (total < PAGE_SIZE) return 1;
	let requests = 1;
	let proven = PAGE_SIZE;
	for (let offset = PAGE_SIZE; ; ) {
		requests++;
		const entries = Math.min(LARGE_PAGE, total - offset);
		offset += entries;
		if (!entries || (entries < LARGE_PAGE && entries < proven)) return requests;
		proven = Math.max(proven, entries);
	}
}

async function measureList(ctx: BenchContext, list: PagedList): Promise<Row[]> {
	const { n8n, sandbox, config } = ctx;
	const ids = {
		mindbody: await n8n.createWorkflow(list.workflows.mindbody),
		http: await n8n.createWorkflow(list.workflows.http),
	};
	const paths = {
		mindbody: (list.workflows.mindbody.nodes[0].parameters as { path: string }).path,
		http: (list.workflows.http.nodes[0].parameters as { path: string }).path,
	};
	const workflowOf = (side: 'mindbody' | 'http' | 'capped') => (side === 'capped' ? 'mindbody' : side);

	const runOnce = async (side: Side): Promise<Sample> => {
		await sandbox.clearLog();
		const before = await sandbox.usage();
		let ms: number;
		let items: number;
		if (side === 'floor') {
			const started = performance.now();
			items = (await list.floor(sandbox.info)).items;
			ms = performance.now() - started;
		} else {
			if (side === 'capped') await capPages(sandbox.info, PAGE_SIZE);
			try {
				const run = await n8n.runMeasured(ids[workflowOf(side)], paths[workflowOf(side)], {});
				ms = run.nodeMs;
				items = run.items;
			} finally {
				if (side === 'capped') await capPages(sandbox.info, null);
			}
		}
		const after = await sandbox.usage();
		const requests = await sandbox.count({ path: list.path });
		const wanted = side === 'http' ? list.httpItems : list.total;
		if (items !== wanted) throw new Error(`${list.label} (${side}): ${items} items, expected ${wanted}`);
		return {
			ms,
			pages: requests,
			sandboxCpuMs: after.cpuMs - before.cpuMs,
			sandboxBusyMs: after.busyMs - before.busyMs,
		};
	};

	const sides: Side[] = ['mindbody', 'http', 'floor', ...(list.requests.capped ? (['capped'] as const) : [])];
	log(`paging ${list.label}: warming up`);
	for (const side of sides) await runOnce(side);
	const samples: Record<Side, Sample[]> = { mindbody: [], http: [], floor: [], capped: [] };
	for (let round = 0; round < config.repetitions; round++) {
		for (const side of rotate(sides, round)) {
			const sample = await runOnce(side);
			samples[side].push(sample);
			log(`paging ${list.label} round ${round + 1} ${side}: ${sample.ms.toFixed(0)} ms, ${sample.pages} requests`);
		}
	}
	for (const side of sides) {
		const requests = new Set(samples[side].map((s) => s.pages));
		if (requests.size !== 1 || !requests.has(list.requests[side]!)) {
			throw new Error(
				`${list.label} (${side}) made ${[...requests].join('/')} requests, expected ${list.requests[side]}`,
			);
		}
	}

	const names: Record<Side, string> = {
		mindbody: 'the Mindbody node',
		http: 'the HTTP Request node',
		floor: 'the floor',
		capped: `the Mindbody node (service cutting pages to ${PAGE_SIZE})`,
	};
	const each = (figure: (side: Side) => string) => sides.map((side) => `${figure(side)} (${names[side]})`).join(', ');
	const perRequest = (side: Side) => `${median(samples[side].map((s) => s.ms / s.pages)).toFixed(1)} ms`;
	const cpu = (side: Side) => `${median(samples[side].map((s) => s.sandboxCpuMs)).toFixed(0)} ms`;
	const busyShare = (side: Side) => pct(median(samples[side].map((s) => s.sandboxBusyMs / s.ms)));
	ctx.notes.push(
		`${list.label}: requests ${each((side) => String(list.requests[side]))}; time per request ${each(perRequest)}; ` +
			`the sandbox's CPU per run ${each(cpu)}, its event loop busy ${each(busyShare)} of the run.`,
	);

	const ms = (side: Side) => samples[side].map((s) => s.ms);
	const job = `Return All, ${list.label}`;
	const capped: Row[] = list.requests.capped
		? [
				{
					job,
					ours: `Mindbody node, service cutting pages to ${PAGE_SIZE}`,
					alternative: 'plain fetch loop (the floor)',
					unit: 'ms',
					oursValues: ms('capped'),
					altValues: ms('floor'),
				},
			]
		: [];
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
			target: { kind: 'max', value: 1.0 },
		},
		...capped,
	];
}

export async function pagingJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, sandbox, config } = ctx;
	const token = await issueToken(sandbox.info);
	const salesPages = Math.floor(config.sales / PAGE_SIZE) + 1;
	const clientPages = Math.ceil(config.clients / PAGE_SIZE);
	// A short last page ends the HTTP Request node and the floor; a full one costs them one more.
	const afterFull = config.clients % PAGE_SIZE === 0 ? 1 : 0;
	const lists: PagedList[] = [
		{
			label: `${config.sales.toLocaleString('en-US')} sales details (${salesPages} pages)`,
			path: '/Business/Sales/SalesDetails',
			total: config.sales,
			workflows: {
				mindbody: salesMindbody(n8n.packageName, n8n.credentials),
				http: salesHttpRequest(sandbox.info, PAGE_SIZE),
			},
			floor: fetchAllSalesDetails,
			httpItems: config.sales,
			requests: {
				mindbody: largePageRequests(config.sales),
				http: salesPages,
				floor: salesPages,
				capped: salesPages,
			},
		},
		{
			label: `${config.clients.toLocaleString('en-US')} clients (v6, ${clientPages} pages)`,
			path: '/client/clients',
			total: config.clients,
			workflows: {
				mindbody: clientsMindbody(n8n.packageName, n8n.credentials),
				http: clientsHttpRequest(sandbox.info, PAGE_SIZE, token),
			},
			floor: (info) => fetchAllClients(info, token),
			httpItems: clientPages + afterFull,
			requests: { mindbody: clientPages, http: clientPages + afterFull, floor: clientPages + afterFull },
		},
	];
	const rows: Row[] = [];
	for (const list of lists) rows.push(...(await measureList(ctx, list)));
	return rows;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
