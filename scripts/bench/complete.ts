/**
 * Appointment → Complete for many input items. Per-item cost: the Mindbody node one request per
 * item (batching off), with its defaults, and batched, against the HTTP Request node one request
 * per item (headers typed in, or the key in a Header Auth credential). Request counts come from
 * the sandbox's request log.
 */
import { log, rotate, type BenchContext } from './config';
import type { SandboxInfo } from './sandbox';
import { median, type Row } from './stats';
import { completeHttpRequest, completeMindbody, type CompleteMode, type WorkflowJson } from './workflows';

type Side = CompleteMode | 'http' | 'httpAuth';

const SIDES: Side[] = ['unbatched', 'httpAuth', 'default', 'http', 'batched'];
/** The sandbox's key for Appointment → Complete (its request log's `operation`). */
const OPERATION = 'POST /Business/Schedules/Appointments/Complete';

/** A staff user token for the HTTP Request node, issued the way the credential would. */
export async function issueToken(sandbox: SandboxInfo): Promise<string> {
	const res = await fetch(`${sandbox.restBaseUrl}/usertoken/issue`, {
		method: 'POST',
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'content-type': 'application/json' },
		body: JSON.stringify({ Username: sandbox.staffLogin.username, Password: sandbox.staffLogin.password }),
	});
	if (!res.ok) throw new Error(`usertoken/issue: ${res.status} ${await res.text()}`);
	return ((await res.json()) as { AccessToken: string }).AccessToken;
}

/** Ids of appointments Complete accepts (any but cancelled ones; completing twice is allowed). */
async function completableIds(sandbox: SandboxInfo, count: number): Promise<number[]> {
	const res = await fetch(`${sandbox.adminUrl}/state/appointments`);
	const rows = (await res.json()) as Array<{ Id: number; Status: string }>;
	const ids = rows.filter((a) => a.Status !== 'Cancelled').map((a) => a.Id);
	if (ids.length < count) throw new Error(`the sandbox has ${ids.length} completable appointments, ${count} needed`);
	return ids.slice(0, count);
}

export async function completeJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, sandbox, config } = ctx;
	const token = await issueToken(sandbox.info);
	const workflows: Record<Side, WorkflowJson> = {
		default: completeMindbody(n8n.packageName, n8n.credentials, 'default'),
		unbatched: completeMindbody(n8n.packageName, n8n.credentials, 'unbatched'),
		batched: completeMindbody(n8n.packageName, n8n.credentials, 'batched'),
		http: completeHttpRequest(sandbox.info, token),
		httpAuth: completeHttpRequest(sandbox.info, token, n8n.credentials.headerAuth),
	};
	const ids = {} as Record<Side, string>;
	const paths = {} as Record<Side, string>;
	for (const side of SIDES) {
		ids[side] = await n8n.createWorkflow(workflows[side]);
		paths[side] = (workflows[side].nodes[0].parameters as { path: string }).path;
	}
	const maxItems = Math.max(config.items, ...config.idListSizes);
	const appointmentIds = await completableIds(sandbox.info, maxItems);

	const runOnce = async (side: Side, count: number) => {
		await sandbox.clearLog();
		const items = appointmentIds.slice(0, count).map((id) => ({ id }));
		const cpuBefore = n8n.cpuMs();
		const run = await n8n.runMeasured(ids[side], paths[side], { items });
		const cpuAfter = n8n.cpuMs();
		if (run.items !== count) throw new Error(`complete (${side}): ${run.items} output items for ${count} input items`);
		const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
		return { ...run, cpuMs, requests: await sandbox.count({ operation: OPERATION }) };
	};

	// The first run also makes the Mindbody credential issue and store its user token. Each side then
	// runs twice at full size before it is measured: on an idle machine the first full-size runs of
	// either side (n8n's code and the sandbox's still being compiled) took up to twice as long as the
	// later ones, and the order of sides in the first round decided the ratio.
	log(`complete: warming up (${config.items} items, each side twice)`);
	for (const side of SIDES) await runOnce(side, Math.min(50, config.items));
	for (let warm = 0; warm < 2; warm++) for (const side of SIDES) await runOnce(side, config.items);
	const perItem = {} as Record<Side, number[]>;
	const cpuPerItem = {} as Record<Side, number[]>;
	const requests = {} as Record<Side, number[]>;
	for (const side of SIDES) {
		perItem[side] = [];
		cpuPerItem[side] = [];
		requests[side] = [];
	}
	for (let round = 0; round < config.repetitions; round++) {
		for (const side of rotate(SIDES, round)) {
			const run = await runOnce(side, config.items);
			perItem[side].push(run.nodeMs / config.items);
			if (run.cpuMs !== undefined) cpuPerItem[side].push(run.cpuMs / config.items);
			requests[side].push(run.requests);
			log(`complete round ${round + 1} ${side}: ${run.nodeMs} ms, ${run.requests} requests`);
		}
	}
	for (const side of ['unbatched', 'http', 'httpAuth'] as Side[]) {
		if (requests[side].some((n) => n !== config.items)) {
			throw new Error(
				`complete (${side}) made ${requests[side].join('/')} requests for ${config.items} items, expected one per item`,
			);
		}
	}

	// Beside the node's time: the CPU time n8n spends per item (its webhook and the saving of the
	// execution included), what each side costs the machine apart from waiting.
	if (cpuPerItem.unbatched.length) {
		const cpu = (side: Side) => `${median(cpuPerItem[side]).toFixed(2)} ms`;
		ctx.notes.push(
			`Per item, n8n's CPU time (its processes' user + system time over the run, median): ${cpu('unbatched')} ` +
				`(the Mindbody node, batching off), ${cpu('http')} (the HTTP Request node, headers typed in), ` +
				`${cpu('httpAuth')} (with a Header Auth credential).`,
		);
	}

	const job = `Complete ${config.items.toLocaleString('en-US')} appointments, one input item each (per item)`;
	const row = (ours: string, oursSide: Side, alternative: string, altSide: Side, atMost?: number): Row => ({
		job,
		ours,
		alternative,
		unit: 'ms',
		oursValues: perItem[oursSide],
		altValues: perItem[altSide],
		...(atMost === undefined ? {} : { target: { kind: 'max' as const, value: atMost } }),
	});
	const requestNote = (side: Side) =>
		`${requests[side][0].toLocaleString('en-US')} request${requests[side][0] === 1 ? '' : 's'}`;
	const rows: Row[] = [
		// What a user who times the two would compare: the HTTP Request node with its headers typed in,
		// which skips n8n's credential lookup and authentication per request, as the node's requests do.
		row('Mindbody node, batching off', 'unbatched', 'HTTP Request node, one per item, headers typed in', 'http', 1),
		row(
			'Mindbody node, batching off',
			'unbatched',
			'HTTP Request node, one per item, Header Auth credential',
			'httpAuth',
			0.8,
		),
		row(`Mindbody node, defaults (${requestNote('default')})`, 'default', 'HTTP Request node, one per item', 'http'),
		row(`Mindbody node, batching on (${requestNote('batched')})`, 'batched', 'HTTP Request node, one per item', 'http'),
	];

	// Requests for N items, batched and not: from the timed rounds where N matches, else one run each.
	const largest = Math.max(...config.idListSizes);
	for (const count of config.idListSizes) {
		const counts =
			count === config.items
				? { batched: requests.batched[0], unbatched: requests.unbatched[0] }
				: {
						batched: (await runOnce('batched', count)).requests,
						unbatched: (await runOnce('unbatched', count)).requests,
					};
		if (counts.unbatched !== count)
			throw new Error(`complete, batching off: ${counts.unbatched} requests for ${count} items`);
		rows.push({
			job: `Requests for ${count.toLocaleString('en-US')} ids (one per item)`,
			ours: 'Mindbody node, batching on',
			alternative: 'Mindbody node, batching off',
			unit: 'requests',
			oursValues: [counts.batched],
			altValues: [counts.unbatched],
			ratio: counts.unbatched / counts.batched,
			ratioNote: '× fewer',
			...(count === largest ? { target: { kind: 'min' as const, value: 20 } } : {}),
		});
	}
	return rows;
}
