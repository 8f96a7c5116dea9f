import type { INodeParameters } from 'n8n-workflow';

import { birthday } from '../../nodes/MindbodyPollTrigger/birthday';
import { clientLapsed } from '../../nodes/MindbodyPollTrigger/clientLapsed';
import { contractEnding } from '../../nodes/MindbodyPollTrigger/contractEnding';
import { firstVisit } from '../../nodes/MindbodyPollTrigger/firstVisit';
import type { FollowUpState } from '../../nodes/MindbodyPollTrigger/followUpEngine';
import type { PollEvent } from '../../nodes/MindbodyPollTrigger/pollEvent';
import { sessionsLow } from '../../nodes/MindbodyPollTrigger/sessionsLow';
import { budgetedPolls } from './budgetedPolls';
import { messageIds, useFollowUpSandbox } from './followUpSupport';

/**
 * The follow-up events' engine under a budget: each event's first poll driven through n8n's
 * PollContext against the sandbox, once with no budget and once with a `goOn` that stops it after a
 * few requests, poll after poll, its state stored between them as n8n stores static data. Cut
 * short anywhere, it goes on where it stopped: the same cases passed on, each once, and the same
 * requests in the sandbox's log, none of them twice. Then through the trigger's own poll, with the
 * budget n8n 2.41 gives a poll.
 */

const { env } = useFollowUpSandbox();

const { requestKeys, runOf, stored, firstPolls, isUnderWay, sorted } = budgetedPolls(env);

const CASES: Array<{ event: PollEvent; parameters: INodeParameters; passes: boolean }> = [
	{
		event: clientLapsed,
		parameters: { daysWithoutVisit: 30, lapsedBacklogDays: 60, includeBookedClients: true },
		passes: true,
	},
	{ event: contractEnding, parameters: { daysAhead: 60 }, passes: true },
	{ event: sessionsLow, parameters: { sessionsLeft: 2, daysAhead: 30 }, passes: true },
	{ event: birthday, parameters: {}, passes: false },
	{ event: firstVisit, parameters: {}, passes: false },
];

describe('the follow-up engine under a budget', () => {
	it.each(CASES)(
		'$event.name: a first poll stopped every few requests goes on where it stopped, passing the same cases once, sending no request twice',
		async ({ event, parameters, passes }) => {
			const startedAt = Date.now();
			// Pages of 20: every list takes several, and a poll stops within them.
			await env.capPages(20);
			const whole = await firstPolls(event, parameters, Infinity, startedAt);
			expect(whole.polls).toBe(1);
			if (passes) expect(whole.versions.length).toBeGreaterThan(0);
			const cut = await firstPolls(event, parameters, 7, startedAt);
			expect(cut.cutShort).toBe(true);
			expect(cut.polls).toBeGreaterThan(2);
			// The same cases, each once.
			expect(sorted(cut.versions)).toEqual(sorted(whole.versions));
			expect(new Set(cut.versions).size).toBe(cut.versions.length);
			// The same requests: every page and subject read once, whatever poll read it.
			expect(sorted(cut.requests)).toEqual(sorted(whole.requests));
			expect(stored(cut.state)).toEqual(stored(whole.state));
			await env.capPages(null);
		},
	);

	it('a poll stopped within a list keeps its place in it: the next asks for the page after, not the first again', async () => {
		const startedAt = Date.now();
		const workflow = env.workflow({ event: 'birthday' });
		// Pages of 20 clients: the client list takes several.
		await env.capPages(20);
		try {
			env.sandbox.log.clear();
			let state = stored(birthday.start(startedAt)!);
			const run = (pages: number) => {
				const before = requestKeys().length;
				return runOf(workflow, startedAt, () => requestKeys().length - before < pages);
			};
			state = stored((await birthday.poll(run(3), state, true)).state);
			const reading = (state as FollowUpState<unknown>).reading;
			expect(reading).toMatchObject({ step: 0, page: { offset: expect.any(Number) } });
			expect(reading!.page!.offset).toBeGreaterThan(0);
			const firstPoll = requestKeys();
			state = stored((await birthday.poll(run(Infinity), state, false)).state);
			const secondPoll = requestKeys().slice(firstPoll.length);
			const clientPages = (keys: string[]) => keys.filter((key) => key.startsWith('GET /client/clients?'));
			// Not one page of the first poll read again by the second.
			expect(clientPages(secondPoll).length).toBeGreaterThan(0);
			for (const page of clientPages(secondPoll)) expect(clientPages(firstPoll)).not.toContain(page);
			expect((state as FollowUpState<unknown>).reading).toBeUndefined();
		} finally {
			await env.capPages(null);
		}
	});
});

describe('the trigger on the budget n8n gives a poll', () => {
	it('a first poll of Membership or Contract Ending that n8n gives 0.4 s goes on across polls and passes each case once', async () => {
		// Every request takes 25 ms: a poll reads for 0.2 s, about eight requests.
		env.sandbox.faults.add({ kind: 'latency', service: 'rest', latencyMs: 25, times: 'always' });
		try {
			const budgeted = env.workflow({ event: 'contractEnding', daysAhead: 60 });
			budgeted.pollBudgetMs = 400;
			env.sandbox.log.clear();
			await budgeted.activate();
			expect((budgeted.held?.state as FollowUpState<unknown>).reading).toBeDefined();
			let polls = 1;
			while (isUnderWay(budgeted.held?.state)) {
				await budgeted.poll();
				polls++;
				expect(polls).toBeLessThan(400);
			}
			const cut = requestKeys();
			expect(budgeted.errors).toEqual([]);
			env.sandbox.faults.clear();

			const whole = env.workflow({ event: 'contractEnding', daysAhead: 60 });
			env.sandbox.log.clear();
			await whole.activate();
			expect(isUnderWay(whole.stored?.state)).toBe(false);
			expect(whole.items.length).toBeGreaterThan(0);
			expect(sorted(messageIds(budgeted.items) as string[])).toEqual(sorted(messageIds(whole.items) as string[]));
			expect(new Set(messageIds(budgeted.items)).size).toBe(budgeted.items.length);
			expect(polls).toBeGreaterThan(3);
			expect(sorted(cut)).toEqual(sorted(requestKeys()));
		} finally {
			env.sandbox.faults.clear();
		}
	});
});
