/**
 * The poll trigger's "each change once" in a real n8n (N8N_E2E_VERSION), judged by what a writer
 * recorded itself: two workflows (New Client, Updated Client) poll the sandbox while clients are
 * created in bursts and changed steadily, two changes of one client often fall in one second, a
 * poll is held by a slow answer while the next starts, a change is listed late, and n8n is killed
 * just after a poll passed changes on. Then, with the writes stopped: every new client passed on
 * once, every client's last change passed on with its final data, no change twice, the late
 * change once, no poll execution in error, and what idle and busy polls cost, counted from the
 * sandbox's log.
 */
import type { Sandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { n8nPid } from './support/counter';
import { admin, sandboxCredential, startE2eSandbox, staffToken, tarball, VERSION } from './support/mindbody';
import { N8n, type Execution } from './support/n8n';
import { addClients, pollIntervalMs, pollWorkflow, POLL_NODE, step, updateClient } from './support/pollTrigger';

jest.setTimeout(30 * 60_000);

const fast = VERSION === '2.8.4';
const INTERVAL_MS = pollIntervalMs(VERSION);
/** How long the writer writes. */
const CHURN_MS = fast ? 60_000 : 120_000;
/** The slow answer that holds a poll while the next one starts. */
const HOLD_MS = fast ? 7_000 : 20_000;
/** Rows per page the sandbox answers, so that busy polls read several pages. */
const PAGE = 20;
const OVERLAP_MINUTES = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`Mindbody Poll Trigger in n8n ${VERSION}: each change once`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	const ids: Record<'created' | 'updated', string> = { created: '', updated: '' };
	const tokens: Record<'created' | 'updated', string> = { created: '', updated: '' };
	/** Ground truth: every client the writer created, and the city each was given last. */
	const created = new Set<string>();
	const createdAt = new Map<string, number>();
	const finalCity = new Map<string, string>();
	/** Each client's writes: the city and the sandbox time it was stamped with. */
	const history = new Map<string, string[]>();
	let late = { clientId: '', city: '' };
	let writes = 0;
	/** The time the service stamped the last write with (ms). */
	let lastStamp = 0;

	beforeAll(async () => {
		// The sandbox's clock runs with the wall clock: changes a second apart are stamped a second apart.
		sandbox = await startE2eSandbox();
		await admin(sandbox, 'POST', 'paging', { maxPageSize: PAGE });
		const credentials = { created: sandboxCredential(sandbox), updated: sandboxCredential(sandbox) };
		n8n = await N8n.start({ version: VERSION, tarball: tarball(), credentials: Object.values(credentials) });
		for (const kind of ['created', 'updated'] as const) {
			const event = kind === 'created' ? 'clientCreated' : 'clientUpdated';
			ids[kind] = await n8n.importWorkflow({
				...pollWorkflow(credentials[kind].id, VERSION, { event, options: { overlapMinutes: OVERLAP_MINUTES } }),
				name: `e2e: poll ${event} under writes`,
			});
		}
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
	});

	const listReads = () =>
		sandbox.log.list({ service: 'rest', method: 'GET', path: '/client/clients' }).filter((r) => r.status);
	const tokenOf = (request: LoggedRequest) => String(request.headers.authorization ?? '');

	/** Each workflow's polls as the log shows them: its requests, split where a poll starts again at offset 0. */
	function pollsOf(token: string, requests = listReads()): LoggedRequest[][] {
		const polls: LoggedRequest[][] = [];
		for (const request of requests.filter((r) => tokenOf(r) === token)) {
			if (request.query['request.offset']?.[0] === '0' || !polls.length) polls.push([]);
			polls.at(-1)!.push(request);
		}
		return polls;
	}

	/**
	 * The workflow's polls, each marked whether it swept: read from the settled point, below the
	 * floor (the newest change read) that polls before it asked from. `at` is when it began.
	 */
	function marked(token: string) {
		let highest = -Infinity;
		return pollsOf(token).map((poll) => {
			const floor = Date.parse(poll[0].query['request.lastModifiedDate']?.[0] ?? '');
			const sweep = floor < highest;
			highest = Math.max(highest, floor);
			return { poll, sweep, at: Date.parse(poll[0].at) };
		});
	}

	/** Items of the workflow's finished executions, each with the execution it came in. */
	async function itemsOf(workflowId: string) {
		const executions = (await n8n.executions(workflowId)).filter((e) => e.stoppedAt);
		const runs = [...executions].sort((a, b) => Number(a.id) - Number(b.id));
		const placed = runs.flatMap((execution: Execution) =>
			(execution.data?.resultData.runData[POLL_NODE]?.[0]?.data?.main[0] ?? []).map((item) => ({
				item: item.json,
				run: `${execution.id}/${execution.mode}/${execution.status ?? ''}`,
			})),
		);
		return { executions, placed, items: placed.map(({ item }) => item) };
	}

	let round = 0;
	/** The writer: a burst of new clients, then changes of clients it made, some twice in one second. */
	async function write(until: number, burst: number) {
		while (Date.now() < until) {
			round++;
			for (const client of await addClients(
				sandbox,
				Array.from({ length: burst }, (_, i) => `W${round}x${i}`),
			)) {
				created.add(String(client.Id));
				createdAt.set(String(client.Id), Date.now());
				writes++;
			}
			// Changes of clients made over 2.5 s ago: a change within a second of the creation (times are
			// written to the second), made before any poll read the client, counts as the creation (README).
			const known = [...created].filter((id) => id !== late.clientId && (createdAt.get(id) ?? 0) < Date.now() - 2500);
			for (let i = 0; i < 10 && known.length; i++) {
				const id = known[Math.floor(Math.random() * known.length)];
				const times = i % 3 === 0 ? 2 : 1;
				for (let t = 0; t < times; t++) {
					const city = `City${writes++}`;
					const client = await updateClient(sandbox, id, { City: city });
					finalCity.set(id, city);
					history.set(id, [...(history.get(id) ?? []), `${city}@${String(client.LastModifiedDateTime)}`]);
				}
			}
			await sleep(500);
		}
	}

	it('activates both workflows: each first poll learns what exists and passes nothing on', async () => {
		const deadline = Date.now() + 4 * INTERVAL_MS + 30_000;
		while (Date.now() < deadline && listReads().length < 2) await sleep(500);
		const reads = listReads();
		tokens.created = tokenOf(reads[0]);
		tokens.updated = tokenOf(reads.find((r) => tokenOf(r) !== tokens.created)!);
		expect(tokens.created).not.toBe(tokens.updated);
		expect((await itemsOf(ids.created)).items).toEqual([]);
	});

	it('under writes, a held poll, a late change and a kill: every new client once, every last change with its final data, nothing twice', async () => {
		await step(
			'clients created in bursts and changed, a poll held by a slow answer, a change listed late',
			async () => {
				// A client the writer leaves alone, for the late change.
				const [lateOne] = await addClients(sandbox, ['LateOne']);
				late = { clientId: String(lateOne.Id), city: 'LateCity' };
				const churnEnd = Date.now() + CHURN_MS;
				const writer = write(churnEnd, fast ? 40 : 60);
				created.add(late.clientId);
				await updateClient(sandbox, late.clientId, { City: 'Before' });
				// Midway, one answer of the client list is held while the next scheduled poll starts.
				await sleep(CHURN_MS / 3);
				sandbox.faults.add({ kind: 'latency', path: '/client/clients', latencyMs: HOLD_MS, times: 1 });
				await sleep(HOLD_MS + INTERVAL_MS);
				// While it was held, n8n started polls of that workflow on schedule: they sent nothing.
				const reads = listReads();
				const held = reads.findIndex((r) => r.fault === 'latency');
				expect(held).toBeGreaterThanOrEqual(0);
				const next = reads.slice(held + 1).find((r) => tokenOf(r) === tokenOf(reads[held]));
				expect(next && Date.parse(next.at) - Date.parse(reads[held].at)).toBeGreaterThanOrEqual(HOLD_MS - 1000);
				// A change stamped 30 s back (before the one read already) shows only now.
				await admin(sandbox, 'POST', `clients/${late.clientId}/late-change`, {
					fields: { City: late.city },
					stampedAgoMs: 30_000,
				});
				finalCity.set(late.clientId, late.city);
				await writer;
			},
		);

		await step('n8n killed just after a poll read a burst of new clients, started again, and written to', async () => {
			const before = pollsOf(tokens.created).length;
			const burst = (
				await addClients(
					sandbox,
					Array.from({ length: 60 }, (_, i) => `Kill${i}`),
				)
			).map((c) => String(c.Id));
			for (const id of burst) created.add(id);
			// The first poll after the burst: once it has read its pages (the next poll began), n8n is killed.
			const deadline = Date.now() + 3 * INTERVAL_MS + HOLD_MS;
			while (pollsOf(tokens.created).length <= before + 1 && Date.now() < deadline) await sleep(50);
			await sleep(150);
			const polled = pollsOf(tokens.created).length - before;
			process.kill(n8nPid(n8n.userFolder), 'SIGKILL');
			expect(polled).toBeGreaterThanOrEqual(2);
			await n8n.restart();
			await write(Date.now() + 4 * INTERVAL_MS, 10);
		});

		// Executions n8n marked crashed at the restart; a change one of them held comes through with its retry.
		let crashed: Execution[] = [];
		await step(
			'crashed runs retried; the late change read by a sweep; a last new client and change came through',
			async () => {
				// What README asks after a crash: retry the executions n8n marked crashed (each answer comes once its run ended).
				crashed = [...(await n8n.executions(ids.created)), ...(await n8n.executions(ids.updated))].filter(
					(e) => e.status === 'crashed',
				);
				for (const execution of crashed)
					await n8n.api('POST', `/executions/${execution.id}/retry`, { loadWorkflow: false });
				// Written after every other write: polls of one workflow run one after the other, so once a
				// workflow passed its one on, every earlier write had its polls.
				const [last] = await addClients(sandbox, ['LastOne']);
				const lastClient = String(last.Id);
				created.add(lastClient);
				const changed = [...created].find(
					(id) => id !== late.clientId && (createdAt.get(id) ?? Infinity) < Date.now() - 2500,
				)!;
				const city = `City${writes++}`;
				const client = await updateClient(sandbox, changed, { City: city });
				lastStamp = Date.parse(String(client.LastModifiedDateTime));
				finalCity.set(changed, city);
				history.set(changed, [...(history.get(changed) ?? []), `${city}@${String(client.LastModifiedDateTime)}`]);
				// Sweeps (one per Overlap) read what was listed late: until one has passed the late change on.
				const dataOf = async (workflowId: string) =>
					(await itemsOf(workflowId)).items.map((item) => item.eventData as { clientId: unknown; city?: unknown });
				const through = async () => {
					const [news, changes] = [await dataOf(ids.created), await dataOf(ids.updated)];
					const passed = (clientId: string, newCity: string) =>
						changes.some((data) => String(data.clientId) === clientId && data.city === newCity);
					return {
						lastClient: news.some((data) => String(data.clientId) === lastClient),
						lastChange: passed(changed, city),
						lateChange: passed(late.clientId, late.city),
						underWay:
							(await n8n.executions(ids.created, { status: 'running' })).length +
							(await n8n.executions(ids.updated, { status: 'running' })).length,
					};
				};
				const all = { lastClient: true, lastChange: true, lateChange: true, underWay: 0 };
				const deadline = Date.now() + 2 * OVERLAP_MINUTES * 60_000 + 8 * INTERVAL_MS;
				let seen = await through();
				while (JSON.stringify(seen) !== JSON.stringify(all) && Date.now() < deadline) {
					await sleep(2000);
					seen = await through();
				}
				expect(seen).toEqual(all);
			},
		);

		await step('every new client once, every last change with its final data, no change twice', async () => {
			const news = await itemsOf(ids.created);
			const changes = await itemsOf(ids.updated);
			const failed = [...news.executions, ...changes.executions].filter((e) => e.status === 'error');
			const newIds = news.items.map((item) => String((item.eventData as { clientId: string }).clientId));
			const messageIds = changes.items.map((item) => String(item.messageId));
			// The final change passed on at least once (runs retried after the crash come last, with older data).
			const citiesOf = new Map<string, string[]>();
			for (const item of changes.items) {
				const data = item.eventData as { clientId: string; city: string };
				citiesOf.set(String(data.clientId), [...(citiesOf.get(String(data.clientId)) ?? []), data.city]);
			}
			const wrongFinal = [...finalCity].filter(([id, city]) => !citiesOf.get(id)?.includes(city));
			const twice = changes.placed.filter(
				({ item }, index) => changes.placed.findIndex((other) => other.item.messageId === item.messageId) !== index,
			);
			for (const { item } of twice.slice(0, 5)) {
				const runs = changes.placed.filter((p) => p.item.messageId === item.messageId).map((p) => p.run);
				console.log(
					`passed twice: ${JSON.stringify((item as { eventData: unknown }).eventData).slice(0, 120)} in ${runs.join(', ')}`,
				);
			}
			for (const [id, city] of wrongFinal.slice(0, 5)) {
				console.log(
					`client ${id}: last written ${city}; passed on: ${(citiesOf.get(id) ?? []).join(', ')}; writes: ${(history.get(id) ?? []).join(', ')}`,
				);
			}
			const lateTimes = changes.items.filter(
				(item) =>
					(item.eventData as { city: string }).city === late.city &&
					String((item.eventData as { clientId: string }).clientId) === late.clientId,
			).length;
			console.log(
				`[${VERSION}] ${writes} writes, ${created.size} new clients: New Client passed ${newIds.length} ` +
					`(${new Set(newIds).size} distinct); Updated Client passed ${changes.items.length} changes ` +
					`(${new Set(messageIds).size} distinct), ${finalCity.size} clients changed, ${wrongFinal.length} without their final data; ` +
					`late change passed ${lateTimes} time(s); executions in error: ${failed.length}; crashed and retried: ${crashed.length}`,
			);
			expect(failed).toEqual([]);
			expect(newIds.length).toBe(new Set(newIds).size);
			expect(new Set(newIds)).toEqual(created);
			expect(messageIds.length).toBe(new Set(messageIds).size);
			expect(wrongFinal).toEqual([]);
			expect(lateTimes).toBe(1);
		});
	});

	it('an idle poll is one request; a busy one reads the pages that hold its new clients', async () => {
		// The polls from now on with nothing to read, two of each workflow: those that ask for changes
		// after the last one. (For the first polls after a change, from its second on, which the writes
		// may have filled with more than a page; sweeps ask from the settled point.)
		const start = listReads().at(-1)?.seq ?? 0;
		const idleOf = (token: string) => {
			const polls = pollsOf(token);
			// Over once the next one began; whole when it began after `start`.
			const over = polls.slice(0, -1).filter((poll) => poll[0].seq > start);
			const after = (poll: LoggedRequest[]) =>
				Date.parse(poll[0].query['request.lastModifiedDate']?.[0] ?? '') > lastStamp;
			return { idle: over.filter(after), others: over.filter((poll) => !after(poll)).length };
		};
		const idleDeadline = Date.now() + 8 * INTERVAL_MS;
		while (Date.now() < idleDeadline && [tokens.created, tokens.updated].some((token) => idleOf(token).idle.length < 2))
			await sleep(500);
		const [ofCreated, ofUpdated] = [idleOf(tokens.created), idleOf(tokens.updated)];
		const idle = [...ofCreated.idle, ...ofUpdated.idle];
		// The burst goes out just after a poll has begun, all at once, so the next poll finds all of it;
		// not while a sweep reads, nor when the next poll is due to sweep (the first an Overlap after the
		// last sweep began).
		const burstBy = Date.now() + OVERLAP_MINUTES * 60_000 + 4 * INTERVAL_MS;
		for (;;) {
			const begun = pollsOf(tokens.created).length;
			const startBy = Date.now() + 2 * INTERVAL_MS;
			while (Date.now() < startBy && pollsOf(tokens.created).length === begun) await sleep(50);
			const polls = marked(tokens.created);
			const sinceSweep = polls.at(-1)!.at - (polls.filter((p) => p.sweep).at(-1)?.at ?? -Infinity);
			// The log's times are to the second. (A sweep overdue read from the others' floor: its settled
			// point caught up, so it is not told apart, and it reads what they read.)
			const sweepDue =
				polls.at(-1)!.sweep ||
				(sinceSweep + INTERVAL_MS + 2000 >= OVERLAP_MINUTES * 60_000 && sinceSweep <= OVERLAP_MINUTES * 60_000 + 2000);
			if (!sweepDue || Date.now() > burstBy) break;
		}
		const burst = await addClients(
			sandbox,
			Array.from({ length: 45 }, (_, i) => `Busy${i}`),
			{ atOnce: true },
		);
		const from = listReads().length;
		const deadline = Date.now() + 4 * INTERVAL_MS;
		// Polls begun after the burst (not the pages of one under way then).
		const after = () =>
			pollsOf(tokens.created, listReads().slice(from)).filter((poll) => poll[0].query['request.offset']?.[0] === '0');
		while (Date.now() < deadline && after().length < 2) await sleep(200);
		const [busy] = after();
		const swept = marked(tokens.created).find(({ poll }) => poll[0].seq === busy[0].seq)?.sweep;
		// The rows its floor holds, asked of the sandbox as the poll asked (no user token: not the poll's).
		const floor = busy[0].query['request.lastModifiedDate'][0];
		const response = await fetch(
			`${sandbox.restBaseUrl}/client/clients?request.lastModifiedDate=${encodeURIComponent(floor)}&request.includeInactive=true&request.limit=1`,
			{
				headers: {
					'API-Key': sandbox.apiKey,
					SiteId: String(sandbox.siteId),
					Authorization: `Bearer ${await staffToken(sandbox)}`,
				},
			},
		);
		const rows = Number(
			((await response.json()) as { PaginationResponse: { TotalResults: number } }).PaginationResponse.TotalResults,
		);
		console.log(
			`[${VERSION}] requests per idle poll: ${idle.map((poll) => poll.length).join(', ')} ` +
				`(before them, polls from the last change's second or sweeps: ${ofCreated.others + ofUpdated.others}); ` +
				`the poll after ${burst.length} new clients${swept ? ' (a sweep)' : ''}: ${busy.length} requests for the ${rows} rows from its floor (pages of ${PAGE})`,
		);
		expect(Math.min(ofCreated.idle.length, ofUpdated.idle.length)).toBeGreaterThanOrEqual(2);
		expect(idle.every((poll) => poll.length === 1)).toBe(true);
		expect(rows).toBeGreaterThanOrEqual(burst.length);
		// The first page, then pages that each begin 5 rows back to find where the last one ended.
		expect(busy.length).toBe(1 + Math.ceil(Math.max(0, rows - PAGE) / (PAGE - 5)));
	});
});
