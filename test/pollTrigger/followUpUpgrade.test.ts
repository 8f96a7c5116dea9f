import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FollowUpState } from '../../nodes/MindbodyPollTrigger/followUpEngine';
import { messageIds, useFollowUpSandbox } from './followUpSupport';
import { TRIGGER_NAME } from './pollHarness';

/**
 * A studio upgrading: the state an earlier version of the follow-up events stored (positional
 * entries per contract or pricing option, a visitor's last day at the top level) is read once into
 * the engine's named fields. No case passed on before is passed on again, and the trigger keeps its
 * place: its next poll reads what changed since, not every client again.
 */

const { env } = useFollowUpSandbox();

type Cases = Record<string, Record<string, unknown>>;

/** The state as the earlier version stored it, made from the engine's. */
const EARLIER: Record<string, (state: FollowUpState<Cases>) => IDataObject> = {
	contractEnding: ({ zone, day, cases }) => ({
		zone,
		day,
		contracts: Object.fromEntries(
			Object.entries(cases.contracts as Record<string, { client: string; due: string; end: string }>).map(
				([id, { client, due, end }]) => [id, [client, due, end]],
			),
		),
		passed: cases.passed,
	}),
	sessionsLow: ({ zone, day, through, cases }) => ({
		zone,
		day,
		through,
		services: Object.fromEntries(
			Object.entries(
				cases.options as Record<string, { client: string; remaining: number | null; expires: string }>,
			).map(([id, { client, remaining, expires }]) => [id, [client, remaining, expires]]),
		),
		passed: cases.passed,
	}),
	birthday: ({ zone, cases }) => ({ zone, day: cases.passedThrough, birthdays: cases.birthdays }),
	clientLapsed: ({ zone, through, cases }) => ({
		zone,
		through,
		last: cases.last,
		...(Object.keys(cases.booked).length ? { booked: cases.booked } : {}),
	}),
};

const CASES: Array<{ event: string; parameters: INodeParameters }> = [
	{ event: 'contractEnding', parameters: { daysAhead: 60 } },
	{ event: 'sessionsLow', parameters: { sessionsLeft: 2, daysAhead: 30 } },
	{ event: 'birthday', parameters: {} },
	{ event: 'clientLapsed', parameters: { daysWithoutVisit: 30, lapsedBacklogDays: 60, includeBookedClients: true } },
];

it.each(CASES)(
	'$event: a state stored by the earlier version is read into named fields, passes nothing again, and goes on from its place',
	async ({ event, parameters }) => {
		const workflow = env.workflow({ event, ...parameters });
		env.sandbox.log.clear();
		await workflow.activate();
		const firstPoll = env.apiRequests().length;
		const passed = messageIds(workflow.items);
		if (event !== 'birthday') expect(passed.length).toBeGreaterThan(0);
		const kept = workflow.stored!.state as FollowUpState<Cases>;
		expect(kept.reading).toBeUndefined();
		// What the earlier version would have stored; its polls that passed changes on are long past.
		const node = workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject;
		node.poll = { event, since: '', state: EARLIER[event](kept) };
		env.sandbox.log.clear();
		await workflow.restart();
		await workflow.poll();
		expect(workflow.errors).toEqual([]);
		expect(messageIds(workflow.items)).toEqual(passed);
		const read = workflow.held!.state as FollowUpState<Cases>;
		expect(read.cases).toEqual(kept.cases);
		expect(read.zone).toBe(kept.zone);
		// Its place kept: two polls read what changed since, far less than the first poll.
		expect(env.apiRequests().length).toBeLessThan(firstPoll / 2);
		expect(
			env
				.apiRequests()
				.filter(
					(request) => request.path === '/client/clients' && !/clientIDs|lastModifiedDate/i.test(request.rawQuery),
				),
		).toEqual([]);
	},
);
