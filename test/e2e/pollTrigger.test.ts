/**
 * The Mindbody Poll Trigger in a real n8n (N8N_E2E_VERSION) against the sandbox, polling on n8n's
 * own schedule: a client created through the API starts one run; a client at exactly the time the
 * cursor holds passes once (at the next poll, or at the sweep should that second be read whole); an idle poll is one request; a restart between polls loses and repeats
 * nothing; 1,000 new clients over pages pass once each.
 */
import type { Sandbox } from '../../sandbox';
import { sandboxCredential, VERSION } from './support/mindbody';
import { N8n } from './support/n8n';
import { tarball } from './support/mindbody';
import {
	addClients,
	clientListReads,
	firstNames,
	nextPoll,
	pollWaitMs,
	pollWorkflow,
	polledItems,
	startStillSandbox,
} from './support/pollTrigger';

jest.setTimeout(15 * 60_000);

const OVERLAP_MS = 60_000;

describe(`Mindbody Poll Trigger in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let workflowId: string;
	const wait = pollWaitMs(VERSION);

	/** Executions of the workflow with their items, once they are finished. */
	const items = async () => polledItems((await n8n.executions(workflowId)).filter((e) => e.stoppedAt));
	const settleRuns = async (count: number) => await n8n.waitForExecutions(workflowId, count, wait);
	/**
	 * The sandbox's clock stands still so that two changes can share a time; a real site's clock
	 * moves on, and the trigger relies on that once the Overlap has passed: move it a second
	 * before every change that is not meant to share the time of the last one.
	 */
	const later = async () => await sandbox.clock.advance(1000);

	beforeAll(async () => {
		sandbox = await startStillSandbox();
		const credential = sandboxCredential(sandbox);
		n8n = await N8n.start({ version: VERSION, tarball: tarball(), credentials: [credential] });
		workflowId = await n8n.importWorkflow(
			pollWorkflow(credential.id, VERSION, {
				event: 'clientCreated',
				options: { overlapMinutes: OVERLAP_MS / 60_000 },
			}),
		);
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
	});

	it('activation reads the client list once and starts no run', async () => {
		await nextPoll(sandbox, wait).catch(() => undefined);
		expect(clientListReads(sandbox).length).toBeGreaterThanOrEqual(1);
		expect(await n8n.executions(workflowId)).toEqual([]);
	});

	it('passes a client created through the API on at the next poll', async () => {
		await later();
		await addClients(sandbox, ['Ada']);
		await nextPoll(sandbox, wait);
		await settleRuns(1);
		const all = await items();
		expect(firstNames(all)).toEqual(['Ada']);
		expect(all[0]).toMatchObject({ eventId: 'client.created', eventSchemaVersion: 1 });
	});

	it('passes on a client created at exactly the time the cursor holds, once, and Ada only once', async () => {
		// Right after the poll that read Ada, as a second change in her second would come. Should a
		// poll have read that second whole 10 s after it was first read, Bea counts as listed late,
		// and the next sweep (Overlap 1 minute here) passes her on.
		const [ada] = (await items()).map((item) => item.eventData as { creationDateTime: string });
		const [bea] = await addClients(sandbox, ['Bea']);
		expect(bea.CreationDate).toBe(ada.creationDateTime);
		await n8n.waitForExecutions(workflowId, 2, wait + OVERLAP_MS);
		await nextPoll(sandbox, wait);
		expect(firstNames(await items())).toEqual(['Ada', 'Bea']);
	});

	it('costs one request when nothing changed', async () => {
		sandbox.log.clear();
		const requests = await nextPoll(sandbox, wait);
		const all = sandbox.log.list({ service: 'rest' }).filter((r) => !/^\/usertoken\//i.test(r.path));
		expect(requests).toHaveLength(1);
		expect(all.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /client/clients']);
	});

	it('loses and repeats nothing across a restart between polls', async () => {
		await later();
		await addClients(sandbox, ['Cy']);
		await n8n.restart();
		await later();
		await addClients(sandbox, ['Dee']);
		await nextPoll(sandbox, wait);
		await n8n.waitForExecutions(workflowId, 3, wait);
		await nextPoll(sandbox, wait);
		const names = firstNames(await items());
		expect(names).toEqual(['Ada', 'Bea', 'Cy', 'Dee']);
	});

	it('passes on 1,000 new clients spread over pages, each once', async () => {
		await fetch(`${sandbox.adminUrl}/paging`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ maxPageSize: 50 }),
		});
		const before = (await items()).length;
		await later();
		const created = await addClients(
			sandbox,
			Array.from({ length: 1000 }, (_, i) => `Bulk${String(i).padStart(4, '0')}`),
		);
		const deadline = Date.now() + 3 * wait;
		let all = await items();
		while (all.length < before + 1000 && Date.now() < deadline) {
			await nextPoll(sandbox, wait);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			all = await items();
		}
		await nextPoll(sandbox, wait);
		all = await items();
		const bulk = all.slice(before).map((item) => (item.eventData as { clientId: string }).clientId);
		expect(bulk).toHaveLength(1000);
		expect(new Set(bulk).size).toBe(1000);
		expect([...bulk].sort()).toEqual(created.map((client) => String(client.Id)).sort());
	});
});
