/**
 * Requests per poll of the Mindbody Poll Trigger (New Client) in n8n, counted in the sandbox's
 * request log: idle polls, and the poll after a burst of new clients. The alternative is what a
 * Schedule Trigger with Get Many clients (Return All) sends every time: the whole client list.
 */
import { log, type BenchContext } from './config';
import type { SandboxInfo } from './sandbox';
import type { Row } from './stats';

const CLIENTS_PATH = '/client/clients';
/** The catalogue's page size for the client list. */
const PAGE_SIZE = 100;
const IDLE_POLLS = 3;
const BURST = 250;

/** 2.8.4 takes a seconds list; later versions poll at most once a minute. */
const pollTimesFor = (version: string) =>
	version === '2.8.4'
		? { item: [{ mode: 'custom', cronExpression: '0,5,10,15,20,25,30,35,40,45,50,55 * * * * *' }] }
		: { item: [{ mode: 'everyMinute' }] };

async function rest(info: SandboxInfo, method: string, path: string, body?: unknown, token?: string) {
	const response = await fetch(`${info.restBaseUrl}${path}`, {
		method,
		headers: {
			'API-Key': info.apiKey,
			SiteId: String(info.siteId),
			'Content-Type': 'application/json',
			...(token ? { Authorization: `Bearer ${token}` } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as Record<string, unknown>;
}

/** Pages a full read of the client list takes (what Return All sends on every run). */
async function fullReadPages(info: SandboxInfo): Promise<number> {
	const issued = await rest(info, 'POST', '/usertoken/issue', {
		Username: info.staffLogin.username,
		Password: info.staffLogin.password,
	});
	const page = await rest(info, 'GET', `${CLIENTS_PATH}?request.limit=1`, undefined, String(issued.AccessToken));
	const total = Number((page.PaginationResponse as { TotalResults?: number } | undefined)?.TotalResults ?? 0);
	return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

export async function pollingJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, sandbox } = ctx;
	const reads = () => sandbox.count({ method: 'GET', path: CLIENTS_PATH });
	/** Waits for the next poll and returns its requests: the first new read, then quiet for a second. */
	const nextPoll = async (timeoutMs = 90_000) => {
		const before = await reads();
		const deadline = Date.now() + timeoutMs;
		while ((await reads()) === before) {
			if (Date.now() > deadline) throw new Error(`polling: no poll within ${timeoutMs} ms`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		for (let seen = await reads(); ; ) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			const now = await reads();
			if (now === seen) return now - before;
			seen = now;
		}
	};

	log('polling: activating a New Client poll trigger');
	await sandbox.clearLog();
	await n8n.createWorkflow({
		name: 'bench: poll new clients',
		nodes: [
			{
				id: '6b2c3d4e-0000-4000-8000-000000000001',
				name: 'Mindbody Poll Trigger',
				type: `${n8n.packageName}.mindbodyPollTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event: 'clientCreated', pollTimes: pollTimesFor(n8n.version) },
				credentials: { mindbodyApi: n8n.credentials.mindbody },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	const idle: number[] = [];
	await nextPoll();
	for (let i = 0; i < IDLE_POLLS; i++) idle.push(await nextPoll());

	log(`polling: ${BURST} new clients`);
	for (let i = 0; i < BURST; i++) {
		await rest(sandbox.info, 'POST', '/client/addclient', {
			FirstName: `Burst${i}`,
			LastName: 'Bench',
			Email: `burst.${i}.${Date.now()}@bench.example.com`,
		});
	}
	const busy = await nextPoll();
	const full = await fullReadPages(sandbox.info);
	ctx.notes.push(
		`Poll trigger: an idle poll is ${idle.join(', ')} request(s); the poll after ${BURST} new clients ${busy} (${Math.ceil(BURST / PAGE_SIZE)} pages of ${PAGE_SIZE} hold them). Reading the whole client list takes ${full}.`,
	);
	const alternative = 'Schedule + Get Many clients (Return All)';
	return [
		{
			job: 'Poll trigger, requests per idle poll',
			ours: 'Mindbody Poll Trigger',
			alternative,
			unit: 'requests',
			oursValues: idle,
			altValues: [full],
			ratioNote: 'of the requests',
			target: { kind: 'max', value: Math.round((1 / full) * 100) / 100 },
		},
		{
			job: `Poll trigger, requests for ${BURST} new clients`,
			ours: 'Mindbody Poll Trigger',
			alternative,
			unit: 'requests',
			oursValues: [busy],
			altValues: [full],
			ratioNote: 'of the requests',
		},
	];
}
