import { DAY, HOUR, itemsFor, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';
import { dataOf } from './support';

/** Client Lapsed, twice: a second lapse only after a new visit. Each case passed on exactly once across polls and a restart. */
const { env, moveTo, attend } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Client Lapsed again', () => {
	it('passes her on again only after a new visit and a new lapse', async () => {
		const client = await env.addClient('Rita', 'Return');
		const clientId = String(client.Id);
		const workflow = env.workflow({ event: 'clientLapsed', daysWithoutVisit: 2 });
		await workflow.activate();
		const first = await attend(clientId);
		await workflow.poll();
		await moveTo(midnightUtc(utcDay(Date.parse(first.StartDateTime))) + 3 * DAY + HOUR);
		await workflow.poll();
		await workflow.poll();
		expect(itemsFor(workflow.items, clientId)).toHaveLength(1);
		const second = await attend(clientId);
		await workflow.poll();
		await moveTo(midnightUtc(utcDay(Date.parse(second.StartDateTime))) + 3 * DAY + HOUR);
		await workflow.poll();
		await workflow.poll();
		const lapses = dataOf(itemsFor(workflow.items, clientId)).map((data) => data.lastVisitDate);
		expect(lapses).toEqual([utcDay(Date.parse(first.StartDateTime)), utcDay(Date.parse(second.StartDateTime))]);
	});
});
