import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { usePollSandbox } from './support';

/**
 * The appointment poll at a Los Angeles site (-97), in the week of the 2027 change to daylight
 * saving (14 March): the site writes appointments in its local time, the window is read in UTC
 * days. n8n's clock and the sandbox's start on Wednesday 10 March 2027 at noon UTC and move on
 * together; only Date is faked, every timer runs as usual.
 */
const START = Date.parse('2027-03-10T12:00:00Z');
const DAY = 86_400_000;
jest.useFakeTimers({
	now: START,
	advanceTimers: true,
	doNotFake: [
		'hrtime',
		'nextTick',
		'performance',
		'queueMicrotask',
		'setImmediate',
		'clearImmediate',
		'setInterval',
		'clearInterval',
		'setTimeout',
		'clearTimeout',
	],
});
afterAll(() => jest.useRealTimers());

const env = usePollSandbox();

beforeEach(() => {
	env.credentials = newCredentials({
		mindbody: { ...sandboxCredentialData(env.sandbox), siteId: env.sandbox.pacificSiteId },
	});
});

/** Moves n8n's clock and the sandbox's on by the same time. */
async function later(ms: number) {
	jest.setSystemTime(Date.now() + ms);
	await env.advance(ms);
}

describe('Mindbody Poll Trigger at a Los Angeles site', () => {
	it('an appointment booked before the poll started is not new when its evening comes into the window', async () => {
		const site = env.sandbox.state.site(env.sandbox.pacificSiteId)!;
		const today = Math.floor(Date.now() / DAY) * DAY;
		// 16:00 to 17:00 PST is the next UTC day: the local day and the UTC day of the window differ.
		const evening = site.appointments.find(
			(a) =>
				a.Status === 'Booked' &&
				Date.parse(a.StartDateTime) > today + 2 * DAY &&
				Date.parse(a.StartDateTime) % DAY < 3_600_000,
		)!;
		expect(evening).toBeDefined();
		// The window ends the UTC day before the appointment's: the next day's window takes it in.
		const lookAheadDays = (Math.floor(Date.parse(evening.StartDateTime) / DAY) * DAY - today) / DAY - 1;
		const workflow = env.workflow({ event: 'appointmentChanged', lookAheadDays });
		await workflow.activate();
		await workflow.poll();
		expect(workflow.items).toEqual([]);
		await later(DAY);
		await workflow.poll();
		expect(workflow.items.map((item) => (item.eventData as { appointmentId: number }).appointmentId)).not.toContain(
			evening.Id,
		);
		expect(workflow.items).toEqual([]);
	});
});
