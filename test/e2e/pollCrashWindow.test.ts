/**
 * n8n killed (SIGKILL) a few milliseconds after the sandbox answered a poll's last page, in a real
 * n8n (N8N_E2E_VERSION), again and again: New Client, Updated Client and New Sale poll every 5 s
 * while a writer creates clients and sales and changes clients each round, and each round n8n dies
 * 0 to 300 ms after the sandbox answered the last page of the New Client and the New Sale polls that
 * read the round's writes (the two poll at the same times), then starts again. Afterwards every run n8n marked crashed is retried, as README asks, and the
 * writer's own record is the judge: every new client, every sale and every client's last change
 * reached the workflow's end (a finished run's output) exactly once.
 */
import { ServerResponse } from 'node:http';

import type { Sandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { n8nPid } from './support/counter';
import { sandboxCredential, startE2eSandbox, tarball, until, VERSION } from './support/mindbody';
import { N8n, type Execution } from './support/n8n';
import { addClients, pollStateStored, pollWorkflow, POLL_NODE, step, updateClient } from './support/pollTrigger';

jest.setTimeout(20 * 60_000);

/** Milliseconds after the later of the two last pages was answered at which n8n is killed, one round each. */
/**
 * How long after the poll's last answers n8n is killed. A round on 2.41 costs more (it activates again
 * through its publication outbox after a start), so there it takes the window's ends and middle.
 */
const DELAYS = VERSION === '2.8.4' ? [0, 30, 60, 90, 150, 300] : [0, 150, 300];
/** The triggers whose polls the kill follows. */
const TARGETS = ['clientCreated', 'saleCreated'] as const;
type Target = (typeof TARGETS)[number];
const NEW_CLIENTS = 12;
const SALES = 4;
const CHANGES = 4;

/** Every 5 s: 2.8.4 takes a list of seconds; 2.41 takes one cron per second of the minute. */
const pollTimes =
	VERSION === '2.8.4'
		? { item: [{ mode: 'custom', cronExpression: '0,5,10,15,20,25,30,35,40,45,50,55 * * * * *' }] }
		: {
				item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })),
			};

const card = { CreditCardNumber: '4111111111111111', ExpMonth: '12', ExpYear: '2030', CVV: '123' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Items a run's trigger step gave the workflow (n8n's crash recovery adds a stand-in item to crashed runs). */
const itemsOf = (execution: Execution) =>
	(execution.data?.resultData.runData[POLL_NODE] ?? [])
		.flatMap((run) => run.data?.main[0] ?? [])
		.map((item) => item.json)
		.filter((json) => typeof json.messageId === 'string');

/** What an item is about: a new client, a sale, or a client's change with the city it wrote. */
const keyOf = (json: Record<string, unknown>) => {
	const data = json.eventData as { clientId?: unknown; saleId?: unknown; city?: unknown };
	return json.eventId === 'clientSale.created'
		? `sale ${String(data.saleId)}`
		: `client ${String(data.clientId)}${json.eventId === 'client.updated' ? ` ${String(data.city)}` : ''}`;
};

describe(`Mindbody Poll Trigger in n8n ${VERSION}: killed just after a poll, nothing lost, nothing twice`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	const workflowIds: Record<Target | 'clientUpdated', string> = {
		clientCreated: '',
		saleCreated: '',
		clientUpdated: '',
	};
	/** The writer's record. */
	const created = new Set<string>();
	const sales = new Set<string>();
	const finalCity = new Map<string, string>();
	let writes = 0;
	/** The New Client workflow's staff token: its reads of the client list carry it. */
	let newClientToken = '';

	/** Arrival of each poll's first request (offset 0), by target; and the kill armed for a target. */
	const pollStartedAt: Partial<Record<Target, number>> = {};
	const arrivals = new WeakMap<object, number>();
	let armed: { after: number; answered: Partial<Record<Target, number>>; fire: () => void } | undefined;

	const targetOf = (path: string, authorization: string): Target | undefined =>
		/\/sale\/sales$/i.test(path)
			? 'saleCreated'
			: /\/client\/clients$/i.test(path) && authorization === newClientToken
				? 'clientCreated'
				: undefined;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		// When each list request arrived, and where a poll starts (its first page).
		const record = sandbox.log.record.bind(sandbox.log);
		sandbox.log.record = (entry) => {
			const logged = record(entry);
			arrivals.set(entry.headers, Date.now());
			const target = targetOf(entry.path, String(entry.headers.authorization ?? ''));
			if (target && (entry.query['request.offset']?.[0] ?? '0') === '0') pollStartedAt[target] = Date.now();
			return logged;
		};
		// The moment the sandbox answers a poll's last page: the answer's end.
		const end = ServerResponse.prototype.end;
		ServerResponse.prototype.end = function (this: ServerResponse, ...args: unknown[]) {
			const result = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
			const request = this.req;
			if (armed && request && typeof args[0] === 'string') {
				const path = new URL(request.url ?? '/', 'http://x').pathname;
				const target = targetOf(path, String(request.headers.authorization ?? ''));
				if (target && armed.answered[target] === undefined && (pollStartedAt[target] ?? 0) > armed.after) {
					try {
						const body = JSON.parse(args[0]) as Record<string, unknown>;
						const page = body.PaginationResponse as { RequestedOffset: number; TotalResults: number } | undefined;
						const rows = (target === 'saleCreated' ? body.Sales : body.Clients) as unknown[] | undefined;
						if (page && rows && (!rows.length || page.RequestedOffset + rows.length >= page.TotalResults)) {
							armed.answered[target] = Date.now();
							if (TARGETS.every((t) => armed!.answered[t] !== undefined)) {
								const { fire } = armed;
								armed = undefined;
								fire();
							}
						}
					} catch {
						/* not a list answer */
					}
				}
			}
			return result;
		} as typeof end;
		afterAllRestore = () => (ServerResponse.prototype.end = end);

		const credentials = [sandboxCredential(sandbox), sandboxCredential(sandbox), sandboxCredential(sandbox)];
		n8n = await N8n.start({ version: VERSION, tarball: tarball(), credentials });
		const workflow = (credentialId: string, event: string) => ({
			...pollWorkflow(credentialId, VERSION, { event, pollTimes, options: { overlapMinutes: 1 } }),
			name: `e2e: poll ${event}, killed after polls`,
		});
		// New Client first, alone, so that its first read names its token.
		const clientReads = () =>
			sandbox.log.list({ service: 'rest', method: 'GET', path: '/client/clients' }).filter((r) => r.status);
		workflowIds.clientCreated = await n8n.importWorkflow(workflow(credentials[0].id, 'clientCreated'));
		const [first] = await until(
			async () => clientReads(),
			(reads) => reads.length > 0,
			60_000,
		);
		newClientToken = String((first as LoggedRequest).headers.authorization ?? '');
		workflowIds.clientUpdated = await n8n.importWorkflow(workflow(credentials[1].id, 'clientUpdated'));
		workflowIds.saleCreated = await n8n.importWorkflow(workflow(credentials[2].id, 'saleCreated'));
		// Each first poll learns what exists and passes nothing on; the writes come after they ended.
		for (const id of Object.values(workflowIds))
			expect({ id, stored: await until(() => pollStateStored(n8n, id), Boolean, 120_000) }).toEqual({
				id,
				stored: true,
			});
	});

	let afterAllRestore = () => {};
	afterAll(async () => {
		afterAllRestore();
		await n8n?.stop();
		await sandbox?.stop();
	});

	/**
	 * One round of writes: new clients, sales (each by a new client) and changes of older clients.
	 * Returns the round's last sale and change (and the sale's buyer, a new client).
	 */
	async function write(round: number | string, { clients = NEW_CLIENTS, sold = SALES, changes = CHANGES } = {}) {
		const older = [...created];
		const last = { buyer: '', sale: '', change: { clientId: '', city: '' } };
		for (const client of await addClients(
			sandbox,
			Array.from({ length: clients }, (_, i) => `K${round}x${i}`),
		)) {
			created.add(String(client.Id));
			writes++;
		}
		for (let i = 0; i < sold; i++) {
			const [buyer] = await addClients(sandbox, [`K${round}s${i}`]);
			created.add(String(buyer.Id));
			const before = sandbox.events.length;
			const response = await fetch(`${sandbox.restBaseUrl}/sale/purchasecontract`, {
				method: 'POST',
				headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
				body: JSON.stringify({ ClientId: buyer.Id, ContractId: 301, LocationId: 1, CreditCardInfo: card }),
			});
			if (response.status !== 200) throw new Error(`purchasecontract ${response.status}: ${await response.text()}`);
			await response.text();
			const sale = sandbox.events
				.slice(before)
				.find((event) => event.eventId === 'clientSale.created' && event.eventData.purchasingClientId === buyer.Id);
			if (!sale) throw new Error('purchasecontract recorded no sale');
			sales.add(String(sale.eventData.saleId));
			writes += 2;
			last.buyer = String(buyer.Id);
			last.sale = String(sale.eventData.saleId);
		}
		for (let i = 0; i < changes && older.length; i++) {
			const id = older[Math.floor(Math.random() * older.length)];
			const city = `City${writes++}`;
			await updateClient(sandbox, id, { City: city });
			finalCity.set(id, city);
			last.change = { clientId: id, city };
		}
		return last;
	}

	const rounds: Array<{ delayMs: number; after: Record<Target, number>; crashed: number; left: number }> = [];

	it(`killed 0 to 300 ms after the last pages of a New Client and a New Sale poll, ${DELAYS.length} times: after the retries of crashed runs every new client, sale and last change reached the end exactly once`, async () => {
		for (const [round, delayMs] of DELAYS.entries()) {
			await step(
				`round ${round}: n8n killed ${delayMs} ms after the sandbox answered the last pages of a New Client and a New Sale poll`,
				async () => {
					await write(round);
					const pid = n8nPid(n8n.userFolder);
					const answered: Partial<Record<Target, number>> = {};
					const killedAt = await new Promise<number>((resolve, reject) => {
						// n8n 2.41 activates workflows through its publication outbox after a start: its startup
						// publications were seen in progress for 2 minutes with no poll (their lease is 2 minutes).
						const timer = setTimeout(
							() => reject(new Error(`no polls within 200 s: ${JSON.stringify(answered)}`)),
							200_000,
						);
						armed = {
							after: Date.now(),
							answered,
							fire: () => {
								const kill = () => {
									process.kill(pid, 'SIGKILL');
									clearTimeout(timer);
									resolve(Date.now());
								};
								if (delayMs === 0) kill();
								else setTimeout(kill, delayMs);
							},
						};
					});
					const after = Object.fromEntries(TARGETS.map((t) => [t, killedAt - (answered[t] ?? killedAt)])) as Record<
						Target,
						number
					>;
					// Killed once both polls' last pages were answered, not before.
					expect(TARGETS.filter((t) => answered[t] === undefined || after[t] < 0)).toEqual([]);
					await n8n.restart();
					const all = [
						...(await n8n.executions(workflowIds.clientCreated)),
						...(await n8n.executions(workflowIds.clientUpdated)),
						...(await n8n.executions(workflowIds.saleCreated)),
					];
					rounds.push({
						delayMs,
						after,
						crashed: all.filter((e) => e.status === 'crashed').length,
						left: all.filter((e) => e.status === 'new' || e.status === 'running').length,
					});
				},
			);
		}

		const ids = Object.values(workflowIds);
		const finished = async (id: string) => (await n8n.executions(id)).filter((e) => e.status === 'success');
		const keysOf = async (id: string) => (await finished(id)).flatMap(itemsOf).map(keyOf);
		await step('after the last restart, a last new client, sale and change came through', async () => {
			// Written after every other write: polls of one workflow run one after the other, so once each
			// workflow passed its one on, every earlier write had its polls (as did the runs they started).
			const last = await write('last', { clients: 0, sold: 1, changes: 1 });
			const through = async () => ({
				newClient: (await keysOf(workflowIds.clientCreated)).includes(`client ${last.buyer}`),
				sale: (await keysOf(workflowIds.saleCreated)).includes(`sale ${last.sale}`),
				change: (await keysOf(workflowIds.clientUpdated)).includes(
					`client ${last.change.clientId} ${last.change.city}`,
				),
				underWay: (await Promise.all(ids.map((id) => n8n.executions(id, { status: 'running' })))).flat().length,
			});
			const all = { newClient: true, sale: true, change: true, underWay: 0 };
			// n8n 2.41 may start polling 2 minutes after a start (above): bounded past that.
			const deadline = Date.now() + 200_000;
			let seen = await through();
			while (JSON.stringify(seen) !== JSON.stringify(all) && Date.now() < deadline) {
				await sleep(2_000);
				seen = await through();
			}
			expect(seen).toEqual(all);
		});

		await step(
			'the user retries every crashed run: each new client, sale and last change reached the end once',
			async () => {
				const crashed = (await Promise.all(ids.map((id) => n8n.executions(id))))
					.flat()
					.filter((e) => e.status === 'crashed');
				const retries: number[] = [];
				for (const execution of crashed) {
					const res = await n8n.api('POST', `/executions/${execution.id}/retry`, { loadWorkflow: false });
					retries.push(res.status);
				}
				const [news, changes, sold] = await Promise.all(
					[workflowIds.clientCreated, workflowIds.clientUpdated, workflowIds.saleCreated].map(async (id) =>
						(await finished(id)).flatMap(itemsOf),
					),
				);
				const all = (await Promise.all(ids.map((id) => n8n.executions(id)))).flat();
				const byStatus = all.reduce<Record<string, number>>((counts, e) => {
					counts[String(e.status)] = (counts[String(e.status)] ?? 0) + 1;
					return counts;
				}, {});
				const count = (values: string[]) =>
					values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map<string, number>());
				const clientCounts = count(news.map((item) => String((item.eventData as { clientId: unknown }).clientId)));
				const saleCounts = count(sold.map((item) => String((item.eventData as { saleId: unknown }).saleId)));
				const finalCounts = [...finalCity].map(([id, city]) => ({
					id,
					times: changes.filter((item) => {
						const data = item.eventData as { clientId: unknown; city: unknown };
						return String(data.clientId) === id && data.city === city;
					}).length,
				}));
				const messageIds = count(changes.map((item) => String(item.messageId)));
				const missing = (truth: Set<string>, counts: Map<string, number>) => [...truth].filter((id) => !counts.has(id));
				const twice = (counts: Map<string, number>) => [...counts].filter(([, times]) => times > 1).map(([id]) => id);
				const extra = (truth: Set<string>, counts: Map<string, number>) =>
					[...counts.keys()].filter((id) => !truth.has(id));

				for (const r of rounds)
					console.log(
						`[${VERSION}] killed ${r.delayMs} ms after the later last page: ${r.after.clientCreated} ms after New Client's, ` +
							`${r.after.saleCreated} ms after New Sale's; ` +
							`${r.crashed} crashed run(s) so far, ${r.left} new or running`,
					);
				console.log(
					`[${VERSION}] ${rounds.length} kills, ${writes} writes: ${created.size} new clients, ${sales.size} sales, ` +
						`${finalCity.size} changed clients; ${crashed.length} crashed runs retried (HTTP ${JSON.stringify(Object.fromEntries(count(retries.map(String))))}); ` +
						`executions ${JSON.stringify(byStatus)}; New Client: ${missing(created, clientCounts).length} missing, ` +
						`${twice(clientCounts).length} twice; New Sale: ${missing(sales, saleCounts).length} missing, ${twice(saleCounts).length} twice; ` +
						`Updated Client: ${finalCounts.filter((f) => f.times === 0).length} last changes missing, ` +
						`${finalCounts.filter((f) => f.times > 1).length} twice, ${twice(messageIds).length} messageIds twice`,
				);
				// Where a change went wrong: the runs that hold it (as the poll handed it to them) and what each gave on.
				const wrong = new Set([
					...[...missing(created, clientCounts), ...twice(clientCounts)].map((id) => `client ${id}`),
					...[...missing(sales, saleCounts), ...twice(saleCounts)].map((id) => `sale ${id}`),
					...finalCounts.filter((f) => f.times !== 1).map((f) => `client ${f.id} ${finalCity.get(f.id)}`),
				]);
				for (const key of [...wrong].slice(0, 10)) {
					const runs = all
						.filter(
							(e) =>
								itemsOf(e).some((json) => keyOf(json) === key) ||
								(e.data?.executionData?.nodeExecutionStack ?? [])
									.flatMap((entry) => entry.data?.main?.[0] ?? [])
									.some((item) => keyOf(item.json) === key),
						)
						.map(
							(e) =>
								`${e.id}/${e.mode}/${String(e.status)} gave ${itemsOf(e).filter((json) => keyOf(json) === key).length}` +
								` (again ${JSON.stringify(
									(e.data?.executionData?.nodeExecutionStack ?? [])
										.flatMap((entry) => entry.data?.main?.[0] ?? [])
										.find((item) => keyOf(item.json) === key)?.json.mindbodyPassedAgain ?? null,
								)}, nodes ${JSON.stringify(Object.keys(e.data?.resultData.runData ?? {}))})`,
						);
					console.log(`[${VERSION}] ${key}: ${runs.join('; ') || 'in no run'}`);
				}
				expect(retries.every((status) => status === 200)).toBe(true);
				expect(missing(created, clientCounts)).toEqual([]);
				expect(twice(clientCounts)).toEqual([]);
				expect(extra(created, clientCounts)).toEqual([]);
				expect(missing(sales, saleCounts)).toEqual([]);
				expect(twice(saleCounts)).toEqual([]);
				expect(extra(sales, saleCounts)).toEqual([]);
				expect(finalCounts.filter((f) => f.times !== 1)).toEqual([]);
				expect(twice(messageIds)).toEqual([]);
				expect(all.filter((e) => e.status === 'error')).toEqual([]);
			},
		);
	});
});
