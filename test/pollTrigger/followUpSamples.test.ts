import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useFollowUpSandbox } from './followUpSupport';

/** Fetch Test Event of the follow-up events: recent cases from the seeded history, nothing kept. */
const { env } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Fetch Test Event of the follow-up events', () => {
	it('Client Lapsed shows a client whose last visit in the seeded history is just past Days Without Visit', async () => {
		// The seeded clients due hold bookings ahead: left out by default, shown with Include Clients With a Booking.
		const { error: leftOut } = await env.workflow({ event: 'clientLapsed' }).fetchTestEvent();
		expect(String((leftOut as { description?: string }).description)).toMatch(/booked ahead/);
		const workflow = env.workflow({ event: 'clientLapsed', includeBookedClients: true });
		const { items, error } = await workflow.fetchTestEvent();
		expect(error).toBeUndefined();
		const [item] = items;
		const data = item.eventData as IDataObject;
		expect(item.eventId).toBe('client.lapsed');
		expect(Number(data.daysWithoutVisit)).toBeGreaterThan(30);
		expect(data.nextBooking).toMatchObject({ type: expect.stringMatching(/^(class|appointment)$/) });
		expect(Date.parse(String((data.nextBooking as IDataObject).startDateTime))).toBeGreaterThan(Date.now());
		// Mindbody agrees: no attended visit after the one the item names.
		const visits = await env.staffRest(
			'GET',
			`/client/clientvisits?request.clientId=${String(data.clientId)}&request.startDate=${String(data.lastVisitDate)}`,
		);
		const after = (visits.body.Visits as IDataObject[]).filter(
			(visit) => visit.SignedIn === true && String(visit.StartDateTime).slice(0, 10) > String(data.lastVisitDate),
		);
		expect(after).toEqual([]);
		expect(workflow.stored).toBeUndefined();
	});

	it('Birthday shows a client whose birthday was this week', async () => {
		const workflow = env.workflow({ event: 'birthday' });
		const { items, error } = await workflow.fetchTestEvent();
		expect(error).toBeUndefined();
		const data = items[0].eventData as IDataObject;
		const today = new Date(Date.now()).toISOString().slice(0, 10);
		expect(String(data.birthday) <= today).toBe(true);
		expect(String(data.birthDateTime).slice(5, 10)).toBe(String(data.birthday).slice(5, 10));
	});

	it('with nothing due, says why in the terms of each event, never to make a change in Mindbody', async () => {
		// Days Ahead 0 and Sessions Left 1: among the seeded week's buyers nothing ends today or is down to its last session.
		const cases: Array<[INodeParameters, RegExp]> = [
			[{ event: 'contractEnding', daysAhead: 0 }, /ends within Days Ahead.*the active trigger watches every client/],
			[{ event: 'sessionsLow', daysAhead: 0, sessionsLeft: 1 }, /Sessions Left or expires within Days Ahead/],
		];
		for (const [parameters, words] of cases) {
			const { items, error } = await env.workflow(parameters).fetchTestEvent();
			expect([parameters.event, items]).toEqual([parameters.event, []]);
			const description = String((error as { description?: string }).description);
			expect(description).toMatch(words);
			expect(description).not.toMatch(/Make a change in Mindbody/);
		}
	});
});
