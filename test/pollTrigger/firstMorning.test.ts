import type { IDataObject } from 'n8n-workflow';

import { DAY, itemsFor, messageIds, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/**
 * A studio's first morning: the follow-up events' first poll passes on what is due then (today's
 * birthdays, pricing options already low, clients lapsed within Lapsed Backlog), once each, and a
 * change of settings or of event does not pass the same case on again.
 */
const { env, moveTo, attend } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: the first morning of the follow-up events', () => {
	it("passes today's birthday on at the first poll, once, also after the event is changed and changed back", async () => {
		const today = utcDay(Date.now());
		const added = await env.staffRest('POST', '/client/addclient', {
			FirstName: 'Fern',
			LastName: 'Morning',
			Email: 'fern.morning@example.com',
			BirthDate: `1991-${today.slice(5)}`,
		});
		expect(added.status).toBe(200);
		const clientId = String((added.body.Client as IDataObject).Id);
		const workflow = env.workflow({ event: 'birthday' });
		await workflow.activate();
		expect(itemsFor(workflow.items, clientId)).toHaveLength(1);
		await workflow.poll();
		// Another event, then Birthday again: its state starts over, and the case is the same one.
		workflow.setParameters({ event: 'contractEnding' });
		await workflow.restart();
		workflow.setParameters({ event: 'birthday' });
		await workflow.restart();
		await workflow.poll();
		expect(itemsFor(workflow.items, clientId)).toHaveLength(1);
		expect(itemsFor(workflow.items, clientId)[0]).toMatchObject({ eventData: { birthday: today } });
	});

	it('passes pricing options already at Sessions Left on at the first poll, each once, and not again when Days Ahead changes', async () => {
		const workflow = env.workflow({ event: 'sessionsLow', sessionsLeft: 1, daysAhead: 7 });
		await workflow.activate();
		const first = workflow.items.filter((item) => item.eventId === 'clientService.runningLow');
		expect(first.length).toBeGreaterThan(0);
		const today = utcDay(Date.now());
		for (const item of first) {
			const data = item.eventData as IDataObject;
			const low = Number(data.remaining) <= 1;
			const expiring = String(data.expirationDate) <= utcDay(midnightUtc(today) + 7 * DAY);
			expect([data.clientServiceId, low || expiring]).toEqual([data.clientServiceId, true]);
		}
		await workflow.poll();
		workflow.setParameters({ daysAhead: 3 });
		await workflow.restart();
		await workflow.poll();
		expect(workflow.items).toHaveLength(first.length);
		expect(new Set(messageIds(workflow.items)).size).toBe(workflow.items.length);
	});

	it('reaches a client lapsed before the first poll only within Lapsed Backlog', async () => {
		const client = await env.addClient('Lou', 'Backlog');
		const clientId = String(client.Id);
		const instance = await attend(clientId);
		const lastDay = utcDay(Date.parse(instance.StartDateTime));
		// Fifteen days on: lapsed 5 days ago at Days Without Visit 10.
		await moveTo(midnightUtc(lastDay) + 15 * DAY + 3_600_000);
		const without = env.workflow({ event: 'clientLapsed', daysWithoutVisit: 10 });
		const within = env.workflow({ event: 'clientLapsed', daysWithoutVisit: 10, lapsedBacklogDays: 7 });
		await without.activate();
		await within.activate();
		await without.poll();
		await within.poll();
		expect(itemsFor(without.items, clientId)).toEqual([]);
		expect(itemsFor(within.items, clientId)).toHaveLength(1);
		expect(itemsFor(within.items, clientId)[0]).toMatchObject({
			eventData: { clientId, lastVisitDate: lastDay, daysWithoutVisit: 15, nextBooking: null },
		});
	});

	it('refuses a negative Lapsed Backlog, naming the field, with nothing read', async () => {
		const workflow = env.workflow({ event: 'clientLapsed', lapsedBacklogDays: -3 });
		env.sandbox.log.clear();
		await expect(workflow.activate()).rejects.toThrow(/^Lapsed Backlog \(Days\) must be a whole number from 0/);
		expect(env.sandbox.log.list({ service: 'rest' })).toEqual([]);
	});
});
