import type { IDataObject } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { dataOf, usePollSandbox } from './support';

/**
 * The poll's budget as n8n 2.41's durable scheduler hands it (getPollBudgetMs: the poll timeout and
 * lease less a margin; the change events read pages for half of it). n8n-core 2.8 has no budget:
 * it is given here to every poll of this file.
 */
const BUDGET_MS = 1_000;
const PAGE_LATENCY_MS = 300;

const env = usePollSandbox();
const names = (items: IDataObject[]) => dataOf(items).map((data) => String(data.firstName));
const context = PollContext.prototype as unknown as { getPollBudgetMs?: () => number };

beforeAll(() => {
	context.getPollBudgetMs = () => BUDGET_MS;
});
afterAll(() => {
	delete context.getPollBudgetMs;
});

describe('Mindbody Poll Trigger under a budget for each poll', () => {
	it('a re-read after a restart that uses up the budget ends there: the next polls go on from the last state, each client once', async () => {
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.capPages(10);
		const early = Array.from({ length: 40 }, (_, i) => `Early${i}`);
		for (const name of early) await env.addClient(name);
		await workflow.poll();
		// A minute later by the service's clock: polls from here ask from this client's second.
		await env.advance(60_000);
		await env.addClient('Mid');
		await workflow.poll();
		expect(names(workflow.items)).toEqual([...early, 'Mid']);
		// Every page slow from here: the re-read after the restart (from before the poll that passed the
		// 40 on: a sweep of them all, 8 pages) cannot end within half the budget; a poll from the newest
		// change's second (one page) can.
		env.sandbox.faults.add({ kind: 'latency', path: '/client/clients', latencyMs: PAGE_LATENCY_MS, times: 'always' });
		await workflow.restart();
		await env.addClient('Later');
		for (let i = 0; i < 3; i++) await workflow.poll();
		expect(names(workflow.items)).toEqual([...early, 'Mid', 'Later']);
	});
});
