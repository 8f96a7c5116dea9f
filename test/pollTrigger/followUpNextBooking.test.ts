import type { IDataObject } from 'n8n-workflow';

import { HOUR, itemsFor, utcDay, useFollowUpSandbox } from './followUpSupport';
import { dataOf } from './support';

/**
 * Every follow-up item carries the client's next booking: the class she is booked into ahead, or
 * null when she holds none, judged by the bookings made here.
 */
const { env, attend, book, classAfter, moveTo } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: the next booking on every follow-up item', () => {
	it('Birthday: the class a client is booked into ahead, and null for one with none', async () => {
		const today = utcDay(Date.now());
		const birthdayClient = async (firstName: string) => {
			const added = await env.staffRest('POST', '/client/addclient', {
				FirstName: firstName,
				LastName: 'Booking',
				Email: `${firstName.toLowerCase()}.booking@example.com`,
				BirthDate: `1990-${today.slice(5)}`,
			});
			expect(added.status).toBe(200);
			return String((added.body.Client as IDataObject).Id);
		};
		const booked = await birthdayClient('Bea');
		const free = await birthdayClient('Flo');
		const ahead = classAfter(Date.now() + 2 * HOUR);
		await book(booked, ahead.Id);
		const workflow = env.workflow({ event: 'birthday' });
		await workflow.activate();
		expect(itemsFor(workflow.items, booked)).toEqual([
			expect.objectContaining({
				eventData: expect.objectContaining({
					nextBooking: expect.objectContaining({
						type: 'class',
						classId: ahead.Id,
						startDateTime: ahead.StartDateTime,
					}),
				}),
			}),
		]);
		expect(itemsFor(workflow.items, free)).toEqual([
			expect.objectContaining({ eventData: expect.objectContaining({ nextBooking: null }) }),
		]);
	});

	it('First Visit: the class booked after the first one, read in the request that checks her earlier visits', async () => {
		const workflow = env.workflow({ event: 'firstVisit' });
		await workflow.activate();
		const clientId = String((await env.addClient('Nia', 'Next')).Id);
		const first = classAfter(Date.now());
		const next = classAfter(Date.parse(first.EndDateTime) + 24 * HOUR);
		await book(clientId, next.Id);
		await attend(clientId);
		env.sandbox.log.clear();
		await workflow.poll();
		const [item] = itemsFor(workflow.items, clientId);
		expect(item).toMatchObject({ eventData: { nextBooking: { type: 'class', classId: next.Id } } });
		// One visits request for her: the next booking costs none more.
		expect(
			env.apiRequests().filter((r) => r.path === '/client/clientvisits' && r.rawQuery.includes(`clientId=${clientId}`)),
		).toHaveLength(1);
	});

	it.each([
		['contractEnding', { daysAhead: 60 }],
		['sessionsLow', { sessionsLeft: 2, daysAhead: 30 }],
	])('%s: each item the client next booking as the sandbox holds it', async (event, parameters) => {
		await moveTo(Date.now() + HOUR);
		const workflow = env.workflow({ event, ...parameters });
		await workflow.activate();
		const data = dataOf(workflow.items);
		expect(data.length).toBeGreaterThan(0);
		const site = env.sandbox.state.main;
		for (const item of data) {
			// Her bookings ahead in the sandbox's records: classes she is booked into that start after now.
			const ahead = site.classRecords.visits
				.filter((visit) => String(visit.ClientId) === item.clientId && visit.Status === 'Booked')
				.map((visit) => site.classes.find((c) => c.Id === visit.ClassId)!)
				.filter((c) => c && !c.IsCanceled && Date.parse(c.StartDateTime) >= Date.now())
				.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));
			expect(item).toHaveProperty('nextBooking');
			// None held: no class booked ahead either.
			if (item.nextBooking === null)
				expect({ client: item.clientId, ahead }).toEqual({ client: item.clientId, ahead: [] });
			else if ((item.nextBooking as IDataObject).type === 'class')
				expect({ client: item.clientId, classId: (item.nextBooking as IDataObject).classId }).toEqual({
					client: item.clientId,
					classId: ahead[0]?.Id,
				});
		}
	});
});
