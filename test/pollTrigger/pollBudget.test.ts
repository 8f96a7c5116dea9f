import type { IDataObject } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { LEGACY_POLL_BUDGET_MS } from '../../nodes/MindbodyPollTrigger/poll';
import { dataOf, usePollSandbox } from './support';

/**
 * The budget n8n 2.41 hands a poll (getPollBudgetMs): 5 minutes outside its durable scheduler, and on
 * it the poll timeout and lease less a margin (36 s with n8n's defaults). n8n-core 2.8 has none: each
 * test here gives every poll one.
 */
const env = usePollSandbox();
const names = (items: IDataObject[]) => dataOf(items).map((data) => String(data.firstName));
const context = PollContext.prototype as unknown as { getPollBudgetMs?: () => number };

afterEach(() => {
	delete context.getPollBudgetMs;
});

describe('Mindbody Poll Trigger: a restart under the budget n8n gives', () => {
	it('on the durable scheduler (state and run stored together) the poll after a restart reads nothing again', async () => {
		context.getPollBudgetMs = () => 36_000;
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Ada');
		await env.addClient('Bo');
		await workflow.poll();
		await workflow.restart();
		await env.addClient('Cy');
		await workflow.poll();
		expect(names(workflow.items)).toEqual(['Ada', 'Bo', 'Cy']);
		// Nothing passed on again: the restart's poll (the activation) found nothing new.
		expect(workflow.emitted.map(names)).toEqual([['Ada', 'Bo'], ['Cy']]);
		expect(workflow.emitted.flat().some((item) => 'mindbodyPassedAgain' in item)).toBe(false);
	});

	it("with n8n's 5-minute budget (its legacy scheduler) the poll after a restart reads again what the last polls passed on", async () => {
		context.getPollBudgetMs = () => LEGACY_POLL_BUDGET_MS;
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		await env.addClient('Dee');
		await env.addClient('Eve');
		// n8n saves the cursor, then dies before the run with Dee and Eve is stored.
		workflow.dieAt = 'beforeStoring';
		await workflow.poll();
		expect(workflow.runs).toEqual([]);
		await workflow.restart();
		expect(names(workflow.items)).toEqual(['Dee', 'Eve']);
		expect(workflow.emitted[1].every((item) => typeof item.mindbodyPassedAgain === 'string')).toBe(true);
	});
});
