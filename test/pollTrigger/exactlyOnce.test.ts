import type { IDataObject } from 'n8n-workflow';

import { HANDED_ON_CHANGES, HANDED_ON_WINDOW_MS, POLL_RECORD_MAX } from '../../nodes/MindbodyPollTrigger/poll';
import { dataOf, usePollSandbox } from './support';

/**
 * Each change once, where n8n and the service are less kind than one poll after another: polls
 * that n8n starts while one still reads, two changes of a client in one second, a change the
 * service lists late, and n8n dying between saving the cursor and storing the run.
 */
const env = usePollSandbox();

const names = (items: IDataObject[]) => dataOf(items).map((data) => String(data.firstName));
const cities = (items: IDataObject[]) => dataOf(items).map((data) => `${String(data.firstName)} ${String(data.city)}`);
const listReads = () => env.apiRequests().filter((request) => request.path === '/client/clients');

describe('Mindbody Poll Trigger: one poll at a time', () => {
	it('polls started while one still reads pass nothing on and send nothing', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.capPages(10);
		for (let i = 0; i < 30; i++) await env.addClient(`Overlap${i}`);
		env.sandbox.log.clear();
		await workflow.pollTogether(3);
		expect(workflow.runs).toHaveLength(1);
		expect(new Set(names(workflow.items)).size).toBe(30);
		expect(workflow.items).toHaveLength(30);
		// One poll's pages: the first, then pages of 10 that each begin 5 rows back.
		expect(listReads()).toHaveLength(1 + Math.ceil((30 - 10) / 5));
		await workflow.poll();
		expect(workflow.items).toHaveLength(30);
	});

	it('a poll held by a slow answer, with the next starting meanwhile: each client once', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Held1');
		await env.addClient('Held2');
		env.sandbox.faults.add({ kind: 'latency', path: '/client/clients', latencyMs: 1500, times: 1 });
		const held = workflow.poll();
		await new Promise((resolve) => setTimeout(resolve, 300));
		await workflow.poll();
		await held;
		await workflow.poll();
		expect(names(workflow.items)).toEqual(['Held1', 'Held2']);
	});
});

describe('Mindbody Poll Trigger: changes the service stamps alike or late', () => {
	it('passes on a second change of a client in the same second, with its final data', async () => {
		const workflow = env.workflow({ event: 'clientUpdated' });
		await workflow.activate();
		const client = await env.addClient('Twice');
		await env.advance(2000);
		await env.updateClient(String(client.Id), { City: 'Lyon' });
		await workflow.poll();
		// The sandbox clock has not moved: the second change carries the first one's stamp.
		const second = await env.updateClient(String(client.Id), { City: 'Nice' });
		await workflow.poll();
		await workflow.poll();
		expect(cities(workflow.items)).toEqual(['Twice Lyon', 'Twice Nice']);
		expect(workflow.items[1].eventInstanceOriginationDateTime).toBe(second.LastModifiedDateTime);
		expect(workflow.items[0].messageId).not.toBe(workflow.items[1].messageId);
	});

	it('passes on a change in the second of the creation, of a client a poll has read', async () => {
		const workflow = env.workflow({ event: 'clientUpdated' });
		await workflow.activate();
		const client = await env.addClient('Quick');
		await workflow.poll();
		await env.updateClient(String(client.Id), { City: 'Oslo' });
		await workflow.poll();
		expect(cities(workflow.items)).toEqual(['Quick Oslo']);
	});

	it('passes on a change listed late (stamped before one the cursor holds) once, at the next sweep', async () => {
		// An overlap of 0.6 s by n8n's clock: a change the service stamped 4 minutes back, listed
		// before that time has passed since the poll that read a newer one, is found by the sweep.
		const workflow = env.workflow({ event: 'clientUpdated', options: { overlapMinutes: 0.01 } });
		await workflow.activate();
		const client = await env.addClient('Late');
		await env.advance(5 * 60_000);
		await env.updateClient(String(client.Id), { City: 'Bern' });
		await workflow.poll();
		const response = await fetch(`${env.sandbox.adminUrl}/clients/${String(client.Id)}/late-change`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ fields: { City: 'Genf' }, stampedAgoMs: 4 * 60_000 }),
		});
		expect(response.status).toBe(200);
		// Polls that ask from the newest change do not see it; the sweep does, once.
		for (let i = 0; i < 3; i++) await workflow.poll();
		expect(cities(workflow.items)).toEqual(['Late Bern']);
		for (let i = 0; i < 4; i++) {
			await new Promise((resolve) => setTimeout(resolve, 700));
			await workflow.poll();
		}
		expect(cities(workflow.items)).toEqual(['Late Bern', 'Late Genf']);
	});
});

describe('Mindbody Poll Trigger: n8n dying after a poll', () => {
	it('passes on again what a poll passed on when n8n died before storing its run, and nothing twice', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Ada');
		await env.addClient('Bo');
		// n8n saves the cursor, then dies before the run with Ada and Bo is stored.
		workflow.dieAt = 'beforeStoring';
		await workflow.poll();
		expect(workflow.emitted.map(names)).toEqual([['Ada', 'Bo']]);
		expect(workflow.runs).toEqual([]);
		await workflow.restart();
		expect(names(workflow.items)).toEqual(['Ada', 'Bo']);
		// The poll marks what it passes on again; the run's first step takes the mark away.
		expect(workflow.emitted[1].every((item) => typeof item.mindbodyPassedAgain === 'string')).toBe(true);
		expect(workflow.items.some((item) => 'mindbodyPassedAgain' in item)).toBe(false);

		// A run that was stored: after a restart its clients are read again, and its first step drops them.
		await env.addClient('Cy');
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(names(workflow.items)).toEqual(['Ada', 'Bo', 'Cy']);
		// The second restart reads again from before every poll of the last minutes that passed changes on.
		expect(workflow.emitted.map(names)).toEqual([['Ada', 'Bo'], ['Ada', 'Bo'], ['Cy'], ['Ada', 'Bo', 'Cy']]);
		expect(workflow.runs.at(-1)).toEqual([]);
	});

	it('a run stored as new and not started while later polls passed changes on, then a restart: its changes are passed on once', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Ivy');
		workflow.holdNextRun = true;
		await workflow.poll();
		expect(workflow.unstarted.map(names)).toEqual([['Ivy']]);
		await env.addClient('Jo');
		await workflow.poll();
		await env.addClient('Kim');
		await workflow.poll();
		await workflow.poll();
		expect(names(workflow.items)).toEqual(['Jo', 'Kim']);
		// n8n dies with Ivy's run still new: n8n never runs it after the restart.
		await workflow.restart();
		expect(names(workflow.items)).toEqual(['Jo', 'Kim', 'Ivy']);
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(names(workflow.items)).toEqual(['Jo', 'Kim', 'Ivy']);
	});

	it('a poll passed changes on longer ago than the window: a restart reads again only from the polls within it', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Lou');
		await workflow.poll();
		await env.addClient('Max');
		await workflow.poll();
		expect(workflow.stored?.handedOn?.polls).toHaveLength(2);
		// Lou's poll, as if it had started more than HANDED_ON_WINDOW_MS ago.
		const [oldest] = workflow.stored!.handedOn!.polls;
		workflow.deactivate();
		oldest.at -= HANDED_ON_WINDOW_MS + 1;
		await workflow.activate();
		await workflow.poll();
		expect(workflow.stored?.handedOn?.polls).toHaveLength(1);
		await workflow.restart();
		expect(workflow.emitted.map(names)).toEqual([['Lou'], ['Max'], ['Max']]);
		expect(names(workflow.items)).toEqual(['Lou', 'Max']);
	});

	it('polls that passed on more changes than the record of processed items holds, then a restart: nothing twice', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		// Each poll passes on over half of what the kept polls may hold; all of them, more than the record holds.
		const perPoll = Math.ceil(HANDED_ON_CHANGES * 0.6);
		const polls = Math.ceil(POLL_RECORD_MAX / perPoll) + 1;
		for (let poll = 0; poll < polls; poll++) {
			// The sandbox's clock moves only when told: each burst a second later, as the service's would.
			await env.advance(1000);
			for (let i = 0; i < perPoll; i += 50) {
				const batch = Array.from({ length: Math.min(50, perPoll - i) }, (_, j) => `Many${poll}x${i + j}`);
				await Promise.all(batch.map(async (name) => await env.addClient(name)));
			}
			await workflow.poll();
		}
		expect(workflow.emitted.map((items) => items.length)).toEqual(Array(polls).fill(perPoll));
		expect(workflow.items).toHaveLength(polls * perPoll);
		// Only the newest poll is kept: two would hold more changes than a third of the record.
		expect(workflow.stored?.handedOn?.polls.map((poll) => poll.changes)).toEqual([perPoll]);
		await workflow.restart();
		expect(workflow.emitted.at(-1)).toHaveLength(perPoll);
		const passed = names(workflow.items);
		expect(passed).toHaveLength(polls * perPoll);
		expect(new Set(passed).size).toBe(passed.length);
	}, 180_000);

	it('a run stored but crashed before its first step: the poll after the restart runs it, a Retry of the crashed run nothing', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Dee');
		workflow.dieAt = 'beforeFirstStep';
		await workflow.poll();
		await workflow.restart();
		expect(names(workflow.items)).toEqual(['Dee']);
		await workflow.retry(workflow.crashed[0]);
		expect(names(workflow.items)).toEqual(['Dee']);
	});

	it('a run crashed after its first step: the poll after the restart drops it, a Retry of the crashed run runs it, once', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Fay');
		workflow.dieAt = 'afterFirstStep';
		await workflow.poll();
		await workflow.restart();
		expect(names(workflow.items)).toEqual([]);
		await workflow.retry(workflow.crashed[0]);
		await workflow.retry(workflow.crashed[0]);
		expect(names(workflow.items)).toEqual(['Fay']);
	});

	it('a run passed on again after a restart, crashed after its first step: a Retry of it runs its events, of the first crashed run nothing', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Hal');
		workflow.dieAt = 'beforeFirstStep';
		await workflow.poll();
		// The poll after the restart passes Hal on again; n8n dies again after that run's first step.
		workflow.dieAt = 'afterFirstStep';
		await workflow.restart();
		await workflow.restart();
		expect(names(workflow.items)).toEqual([]);
		expect(workflow.crashed.map(names)).toEqual([['Hal'], ['Hal']]);
		for (const crashed of workflow.crashed) await workflow.retry(crashed);
		await workflow.retry(workflow.crashed[1]);
		expect(names(workflow.items)).toEqual(['Hal']);
	});

	it("n8n's Retry of a run that ended passes its events on again, as for any node", async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Gil');
		await workflow.poll();
		await workflow.retry(workflow.emitted[0]);
		expect(names(workflow.items)).toEqual(['Gil', 'Gil']);
	});

	it('with Emit Event Data Only, the first step still knows each event by its messageId', async () => {
		const workflow = env.workflow({ event: 'clientCreated', options: { eventDataOnly: true } });
		await workflow.activate();
		await env.addClient('Eli');
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(workflow.items).toEqual([expect.objectContaining({ firstName: 'Eli' })]);
		expect(workflow.emitted[0][0]).toHaveProperty('messageId');
	});
});

describe('Mindbody Poll Trigger: what a poll costs', () => {
	it('after a busy poll, an idle one is one request: it asks from the newest change, not the whole overlap', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.capPages(50);
		for (let i = 0; i < 119; i++) await env.addClient(`Busy${i}`);
		await env.advance(1000);
		await env.addClient('Busy119');
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(listReads()).toHaveLength(1);
		expect(workflow.items).toHaveLength(120);
	});

	it('once an overlap has passed, a poll reads again from the settled point, and settles', async () => {
		const workflow = env.workflow({ event: 'clientCreated', options: { overlapMinutes: 0.01 } });
		await workflow.activate();
		const first = await env.addClient('Sweep1');
		await workflow.poll();
		await env.advance(1000);
		await env.addClient('Sweep2');
		await new Promise((resolve) => setTimeout(resolve, 700));
		env.sandbox.log.clear();
		await workflow.poll();
		// A sweep: from the settled point, which is before the first client's change.
		const [sweep] = listReads();
		expect(Date.parse(sweep.query['request.lastModifiedDate'][0])).toBeLessThanOrEqual(
			Date.parse(String(first.LastModifiedDateTime)),
		);
		expect(names(workflow.items)).toEqual(['Sweep1', 'Sweep2']);
	});
});
