import type { INodeParameters } from 'n8n-workflow';

import { birthday } from '../../nodes/MindbodyPollTrigger/birthday';
import type { FollowUpState } from '../../nodes/MindbodyPollTrigger/followUpEngine';
import { startSandbox, type Sandbox } from '../../sandbox';
import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { budgetedPolls } from './budgetedPolls';
import { PollingWorkflow } from './pollHarness';
import { sessionsLow } from '../../nodes/MindbodyPollTrigger/sessionsLow';

/**
 * A studio of 5,000 clients: the first poll of Sessions Running Low (the client list's 50 pages,
 * then a request per 20 clients) and of Birthday (the client list's pages), on a budget of a few
 * dozen or a few requests a poll, ends across several polls and then passes each due case once, sending each request the
 * poll sends with no budget, and none twice.
 */

jest.setTimeout(600_000);

const env = {} as { sandbox: Sandbox; workflow: (parameters: INodeParameters) => PollingWorkflow };
beforeAll(async () => {
	env.sandbox = await startSandbox({
		seed: 7,
		size: { clients: 5_000 },
		startAt: Math.floor(Date.now() / 1000) * 1000,
	});
	const credentials = newCredentials({ mindbody: sandboxCredentialData(env.sandbox) });
	env.workflow = (parameters) => new PollingWorkflow(parameters, credentials);
});
afterAll(async () => await env.sandbox?.stop());

const { firstPolls, sorted } = budgetedPolls(env);

it.each([
	{ event: sessionsLow, parameters: { sessionsLeft: 1, daysAhead: 14 }, perPoll: 40 },
	{ event: birthday, parameters: {}, perPoll: 5 },
])('$event.name: a first poll over 5,000 clients, $perPoll requests a poll', async ({ event, parameters, perPoll }) => {
	const startedAt = Date.now();
	const whole = await firstPolls(event, parameters, Infinity, startedAt);
	expect(whole.polls).toBe(1);
	expect(Object.keys((whole.state as FollowUpState<object>).cases).length).toBeGreaterThan(0);
	expect(whole.versions.length).toBeGreaterThan(0);
	const cut = await firstPolls(event, parameters, perPoll, startedAt);
	expect(cut.cutShort).toBe(true);
	expect(cut.polls).toBeGreaterThanOrEqual(5);
	expect(sorted(cut.versions)).toEqual(sorted(whole.versions));
	expect(new Set(cut.versions).size).toBe(cut.versions.length);
	expect(sorted(cut.requests)).toEqual(sorted(whole.requests));
	// No request twice but the ones the event reads again on purpose (a case due, before it passes it on).
	const twice = new Set(cut.requests.filter((key, index) => cut.requests.indexOf(key) !== index));
	for (const key of twice) expect(key).toMatch(/^GET \/client\/(clientservices|clientvisits)\?/);
});
