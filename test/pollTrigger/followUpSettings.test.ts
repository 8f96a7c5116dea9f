import type { INodeParameters } from 'n8n-workflow';

import { useFollowUpSandbox } from './followUpSupport';

/**
 * The follow-up events' number fields: a value that is not a whole number of 0 or more stops the
 * activation with an error naming the field, before any request reads the studio's clients.
 */
const { env } = useFollowUpSandbox();

const cases: Array<[string, INodeParameters, string]> = [
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: -1 }, 'Days Without Visit'],
	['Client Lapsed', { event: 'clientLapsed', daysWithoutVisit: 2.5 }, 'Days Without Visit'],
	['Membership or Contract Ending', { event: 'contractEnding', daysAhead: -1 }, 'Days Ahead'],
	['Sessions Running Low', { event: 'sessionsLow', daysAhead: -3 }, 'Days Ahead'],
	['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: -1 }, 'Sessions Left'],
	['Sessions Running Low', { event: 'sessionsLow', sessionsLeft: '' }, 'Sessions Left'],
];

describe('Mindbody Poll Trigger: the follow-up events refuse bad numbers', () => {
	it.each(cases)('%s with %j names %s, with nothing read', async (_name, parameters, label) => {
		const workflow = env.workflow(parameters);
		env.sandbox.log.clear();
		await expect(workflow.activate()).rejects.toThrow(
			new RegExp(`^${label} must be a whole number of 0 or more, not "${String(Object.values(parameters)[1])}"`),
		);
		// The studio's zone may be read before the fields; no client, visit or holding is.
		expect(env.apiRequests().filter((request) => !request.path.startsWith('/site/'))).toEqual([]);
	});
});
