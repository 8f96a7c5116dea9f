import type { INodeParameters } from 'n8n-workflow';

import { RunSession } from '../../nodes/shared/transport';
import type { FollowUpState } from '../../nodes/MindbodyPollTrigger/followUpEngine';
import type { PollEvent, PollRun } from '../../nodes/MindbodyPollTrigger/pollEvent';
import type { PolledEvent } from '../../nodes/MindbodyPollTrigger/pollItems';
import type { Sandbox } from '../../sandbox';
import type { PollingWorkflow } from './pollHarness';

/**
 * A follow-up event's polls driven through n8n's PollContext against a sandbox, each poll reading
 * while a `goOn` of ours says (n8n-core 2.8.1 gives no budget), its state stored between polls as
 * n8n stores static data; requests counted in the sandbox's own log.
 */
export function budgetedPolls(env: { sandbox: Sandbox; workflow: (parameters: INodeParameters) => PollingWorkflow }) {
	/** Requests to the REST service (logins left out), as the sandbox logged them: method, path and query. */
	const requestKeys = () =>
		env.sandbox.log
			.list({ service: 'rest' })
			.filter((request) => !/^\/usertoken\//i.test(request.path))
			.map((request) => `${request.method} ${request.path}?${request.rawQuery}`);

	const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

	/** A poll of an event as poll.ts runs one, on n8n's PollContext of `workflow`, reading while `goOn` says. */
	function runOf(workflow: PollingWorkflow, startedAt: number, goOn: () => boolean): PollRun {
		return {
			session: new RunSession(workflow.pollContext()),
			siteId: env.sandbox.siteId,
			startedAt,
			overlapMs: 0,
			lookAheadDays: 0,
			goOn,
		};
	}

	const isUnderWay = (state: unknown) => {
		const { reading, owed } = state as FollowUpState<unknown>;
		return reading !== undefined || owed.length > 0;
	};

	/**
	 * An event's first poll and the polls that go on with it until its reading ended and no case is
	 * owed, each poll stopping after `perPoll` requests (Infinity: one poll). What they passed on, the
	 * requests they sent, how many polls it took, and whether a poll stored a reading under way.
	 */
	async function firstPolls(event: PollEvent, parameters: INodeParameters, perPoll: number, startedAt: number) {
		const workflow = env.workflow({ event: event.value, ...parameters });
		env.sandbox.log.clear();
		const events: PolledEvent[] = [];
		let state = stored(event.start(startedAt));
		let polls = 0;
		let cutShort = false;
		do {
			const before = requestKeys().length;
			const run = runOf(workflow, startedAt, () => requestKeys().length - before < perPoll);
			const outcome = await event.poll(run, state, polls === 0);
			events.push(...outcome.events);
			state = stored(outcome.state);
			cutShort ||= (state as FollowUpState<unknown>).reading !== undefined;
			polls++;
			expect(polls).toBeLessThan(500);
		} while (isUnderWay(state));
		return { versions: events.map((polled) => polled.version), requests: requestKeys(), polls, cutShort, state };
	}

	const sorted = (values: string[]) => [...values].sort();

	return { requestKeys, runOf, stored, firstPolls, isUnderWay, sorted };
}
