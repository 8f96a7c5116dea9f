import { DAY, HOUR, itemsFor, messageIds, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/** Client Lapsed: a client lapses when the clock passes Days Without Visit (30) since her last class; bad input names the field. Each case passed on exactly once across polls and a restart. */
const { env, moveTo, attend } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Client Lapsed', () => {
	it('refuses a negative Days Without Visit, naming the field, with nothing read', async () => {
		const workflow = env.workflow({ event: 'clientLapsed', daysWithoutVisit: -1 });
		env.sandbox.log.clear();
		await expect(workflow.activate()).rejects.toThrow(
			/^Days Without Visit must be a whole number from 1 to 3650, not "-1"/,
		);
		expect(env.sandbox.log.list()).toEqual([]);
	});
	it('passes a client on once when the clock passes 30 days since her last class, across polls and a restart', async () => {
		const client = await env.addClient('Lena', 'Lapse');
		const clientId = String(client.Id);
		const workflow = env.workflow({ event: 'clientLapsed' });
		await workflow.activate();
		const instance = await attend(clientId);
		await workflow.poll();
		const lastDay = utcDay(Date.parse(instance.StartDateTime));
		// 30 days after her class, late in the evening: not yet more than 30 days.
		await moveTo(midnightUtc(lastDay) + 31 * DAY - HOUR);
		await workflow.poll();
		expect(itemsFor(workflow.items, clientId)).toEqual([]);
		await moveTo(midnightUtc(lastDay) + 31 * DAY + HOUR);
		await workflow.poll();
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		const lapsed = itemsFor(workflow.items, clientId);
		expect(lapsed).toHaveLength(1);
		expect(lapsed[0]).toMatchObject({
			eventId: 'client.lapsed',
			eventData: { clientId, firstName: 'Lena', lastVisitDate: lastDay, daysWithoutVisit: 31 },
		});
		expect(new Set(messageIds(workflow.items)).size).toBe(workflow.items.length);
	});
});
