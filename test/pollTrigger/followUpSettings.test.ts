import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { FOLLOW_UP_SETTINGS } from '../../nodes/MindbodyPollTrigger/eventChoices';
import { useFollowUpSandbox } from './followUpSupport';

/**
 * The follow-up events' number fields each start at the least value that means something: Days
 * Without Visit 1 (at 0 a client who came yesterday is lapsed), Days Ahead 0 (the day itself),
 * Sessions Left 1 (a used-up pricing option is no longer read). The form takes nothing smaller; a
 * value an expression gives below it, or that is not a whole number, stops the activation with an
 * error naming the field and the value, before any request reaches Mindbody.
 */
const { env } = useFollowUpSandbox();

/** Each field's least value, by its name in the form. */
const LEAST: Record<string, number> = { 'Days Without Visit': 1, 'Days Ahead': 0, 'Sessions Left': 1 };

/** Event name, parameters, the field as the form shows it, the value the error names. */
const cases: Array<[string, INodeParameters, string, string]> = [
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: -1 }, 'Days Without Visit', '-1'],
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: 0 }, 'Days Without Visit', '0'],
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: 2.5 }, 'Days Without Visit', '2.5'],
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: '={{ -5 }}' }, 'Days Without Visit', '-5'],
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: '={{ 2 - 2 }}' }, 'Days Without Visit', '0'],
	['Membership or Contract Ending', { event: 'contractEnding', daysAhead: -1 }, 'Days Ahead', '-1'],
	['Membership or Contract Ending', { event: 'contractEnding', daysAhead: '={{ -1 }}' }, 'Days Ahead', '-1'],
	['Sessions Running Low', { event: 'sessionsLow', daysAhead: -3 }, 'Days Ahead', '-3'],
	['Sessions Running Low', { event: 'sessionsLow', daysAhead: '={{ -3 }}' }, 'Days Ahead', '-3'],
	['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: -1 }, 'Sessions Left', '-1'],
	['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: '' }, 'Sessions Left', ''],
	['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: '={{ 0 }}' }, 'Sessions Left', '0'],
];

const refusal = (label: string, given: string) =>
	new RegExp(`^${label} must be a whole number from ${LEAST[label]} to 3650, not "${given.replace('.', '\\.')}"`);

describe('Mindbody Poll Trigger: the follow-up events refuse bad numbers', () => {
	it.each(cases)('%s with %j names %s, with nothing read', async (_name, parameters, label, given) => {
		const workflow = env.workflow(parameters);
		env.sandbox.log.clear();
		await expect(workflow.activate()).rejects.toThrow(refusal(label, given));
		// No request reached the sandbox: not the studio's zone, not even a staff token.
		expect(env.sandbox.log.list()).toEqual([]);
	});

	it('Fetch Test Event refuses a Days Without Visit of 0 from an expression, with nothing read', async () => {
		const workflow = env.workflow({ event: 'clientLapsed', daysWithoutVisit: '={{ 0 }}' });
		env.sandbox.log.clear();
		const { items, error } = await workflow.fetchTestEvent();
		expect(items).toEqual([]);
		expect(error?.message).toMatch(refusal('Days Without Visit', '0'));
		expect(env.sandbox.log.list()).toEqual([]);
	});

	it.each([
		['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: '={{ 1 }}' }],
		['Membership or Contract Ending', { event: 'contractEnding', daysAhead: '={{ 0 }}' }],
		['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: '={{ 1 }}', daysAhead: '={{ 0 }}' }],
	])('%s takes each field at its least value, given by expression (%j)', async (_name, parameters) => {
		const workflow = env.workflow(parameters);
		env.sandbox.log.clear();
		await workflow.activate();
		expect(workflow.stored?.event).toBe(parameters.event);
		expect(env.apiRequests().length).toBeGreaterThan(0);
	});
});

describe("Mindbody Poll Trigger: the follow-up fields' form", () => {
	const properties = new MindbodyPollTrigger().description.properties;
	const field = (name: string) => properties.find((property) => property.name === name) as INodeProperties;

	it.each([
		['daysWithoutVisit', 'Days Without Visit', 1, 30],
		['daysAhead', 'Days Ahead', 0, 14],
		['sessionsLeft', 'Sessions Left', 1, 1],
	] as const)('%s (%s) takes whole numbers from %i, default %i', (name, label, least, fallback) => {
		// What a poll checks and falls back to is what the form shows.
		expect(FOLLOW_UP_SETTINGS[name]).toMatchObject({ label, min: least, fallback });
		expect(field(name)).toMatchObject({
			displayName: label,
			type: 'number',
			default: fallback,
			typeOptions: { minValue: least, maxValue: 3650 },
		});
	});
});
