/**
 * Pieces of the poll trigger's e2e file: its workflow, the sandbox calls that change clients, and
 * waiting for n8n's scheduled polls as the sandbox's request log sees them.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import type { Execution, N8n, N8nVersion, WorkflowJson } from './n8n';

export const POLL_NODE = 'Mindbody Poll Trigger';

/**
 * 2.8.4 takes a cron with a seconds list (every 5 s); 2.41 refuses a cron whose seconds field is
 * not one number, but takes several crons: twelve a minute, also every 5 s.
 */
export const pollTimesFor = (version: N8nVersion) =>
	version === '2.8.4'
		? { item: [{ mode: 'custom', cronExpression: '0,5,10,15,20,25,30,35,40,45,50,55 * * * * *' }] }
		: {
				item: [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55].map((second) => ({
					mode: 'custom',
					cronExpression: `${second} * * * * *`,
				})),
			};

/** How often the e2e workflows poll. */
export const pollIntervalMs = (_version: N8nVersion) => 5_000;

/** Longest wait for the next scheduled poll. */
export const pollWaitMs = (version: N8nVersion) => 4 * pollIntervalMs(version);

/**
 * The sandbox of this file: its clock starts at the real time and then stands still, so changes
 * made one after another share a time (a change at exactly the time the cursor holds) until the
 * test moves the clock on.
 */
export function startStillSandbox(): Promise<Sandbox> {
	return startSandbox({ allowLoopbackHttp: true, startAt: Math.floor(Date.now() / 1000) * 1000 });
}

/**
 * Whether the trigger's state is stored: its first poll ran. 2.8.4 answers the API's activation once
 * that poll ended; 2.41 answers first and activates afterwards (its publication outbox), so a test
 * that moves clocks waits for this first. Read through the public API, which gives the workflow's
 * static data (an object, or its JSON).
 */
export async function pollStateStored(n8n: N8n, workflowId: string): Promise<boolean> {
	const res = await n8n.api('GET', `/workflows/${workflowId}`);
	let data = (res.json as { staticData?: unknown } | undefined)?.staticData;
	if (typeof data === 'string') data = JSON.parse(data) as unknown;
	const node = (data as Record<string, { poll?: unknown }> | null | undefined)?.[`node:${POLL_NODE}`];
	return node?.poll !== undefined;
}

export function pollWorkflow(
	credentialId: string,
	version: N8nVersion,
	parameters: Record<string, unknown>,
): WorkflowJson {
	return {
		name: `e2e: poll ${String(parameters.event)}`,
		nodes: [
			{
				id: '5a1b2c3d-0000-4000-8000-000000000001',
				name: POLL_NODE,
				type: 'n8n-nodes-mindbody.mindbodyPollTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: pollTimesFor(version), ...parameters },
				credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Adds clients through POST /client/addclient (no user token: the integration itself), one after
 * the other, or with `atOnce` all sent together (a burst no poll can fall inside).
 */
export async function addClients(
	sandbox: Sandbox,
	names: string[],
	{ atOnce = false } = {},
): Promise<Array<Record<string, unknown>>> {
	if (atOnce) return (await Promise.all(names.map((name) => addClients(sandbox, [name])))).flat();
	const added = [];
	for (const name of names) {
		const response = await fetch(`${sandbox.restBaseUrl}/client/addclient`, {
			method: 'POST',
			headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
			body: JSON.stringify({ FirstName: name, LastName: 'Poller', Email: `${name.toLowerCase()}@poll.example.com` }),
		});
		const body = (await response.json()) as { Client?: Record<string, unknown> };
		if (response.status !== 200 || !body.Client)
			throw new Error(`addclient ${response.status}: ${JSON.stringify(body)}`);
		added.push(body.Client);
	}
	return added;
}

/** Changes a client through POST /client/updateclient; the answer's Client. */
export async function updateClient(
	sandbox: Sandbox,
	clientId: string,
	fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
	const response = await fetch(`${sandbox.restBaseUrl}/client/updateclient`, {
		method: 'POST',
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
		body: JSON.stringify({ Client: { Id: clientId, ...fields } }),
	});
	const body = (await response.json()) as { Client?: Record<string, unknown> };
	if (response.status !== 200 || !body.Client)
		throw new Error(`updateclient ${response.status}: ${JSON.stringify(body)}`);
	return body.Client;
}

/** Requests of the client list the sandbox has answered. */
export const clientListReads = (sandbox: Sandbox) =>
	sandbox.log.list({ service: 'rest', method: 'GET', path: '/client/clients' }).filter((request) => request.status);

/**
 * Waits for the next poll: the first new read of the client list, then until no read came for a
 * second (the pages of a busy poll). Returns that poll's requests.
 */
export async function nextPoll(sandbox: Sandbox, timeoutMs: number) {
	const before = clientListReads(sandbox).length;
	const deadline = Date.now() + timeoutMs;
	while (clientListReads(sandbox).length === before) {
		if (Date.now() > deadline) throw new Error(`no poll within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	for (let seen = -1; seen !== clientListReads(sandbox).length; ) {
		seen = clientListReads(sandbox).length;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	return clientListReads(sandbox).slice(before);
}

/**
 * One named step of a multi-step test: a failure inside it says which step it was. Steps run in
 * order, each on what the ones before established.
 */
export async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} catch (error) {
		if (error instanceof Error) error.message = `${name}: ${error.message}`;
		throw error;
	}
}

/**
 * Polls of the follow-up events begun after the log's request `afterSeq`, by the staff token they
 * carry (each workflow with its own credential has its own token). Each poll reads once, from the
 * first page, the classes (Client Lapsed, First Visit, Sessions Running Low), the sales (Membership
 * or Contract Ending, Sessions Running Low) or the clients changed since a day (Birthday); a token
 * that reads two of them counts the fewer. A poll n8n starts while the last one still reads sends
 * nothing, so one begun means the one before it ended.
 */
export function followUpPollsBegun(sandbox: Sandbox, afterSeq: number): Map<string, number> {
	const reads = new Map<string, Map<string, number>>();
	for (const request of sandbox.log.list({ service: 'rest', method: 'GET' })) {
		const token = String(request.headers.authorization ?? '');
		if (request.seq <= afterSeq || !token || (request.query['request.offset']?.[0] ?? '0') !== '0') continue;
		const path = request.path.toLowerCase();
		const kind =
			path === '/class/classes' || path === '/sale/sales'
				? path
				: path === '/client/clients' && request.query['request.lastModifiedDate']
					? 'changed clients'
					: undefined;
		if (!kind) continue;
		const kinds = reads.get(token) ?? new Map<string, number>();
		kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
		reads.set(token, kinds);
	}
	return new Map([...reads].map(([token, kinds]) => [token, Math.min(...kinds.values())]));
}

/** The poll trigger's items of every execution, oldest execution first. */
export const polledItems = (executions: Execution[]) =>
	[...executions]
		.sort((a, b) => Number(a.id) - Number(b.id))
		.flatMap((execution) =>
			(execution.data?.resultData.runData[POLL_NODE]?.[0]?.data?.main[0] ?? []).map((i) => i.json),
		);

export const firstNames = (items: Array<Record<string, unknown>>) =>
	items.map((item) => (item.eventData as { firstName: string }).firstName);
