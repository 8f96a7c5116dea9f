import { DAY, HOUR, itemsFor, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/**
 * Client Lapsed and bookings ahead: a client who lapsed but holds a class booked ahead is left out
 * by default until that class's day, and passed on then if she did not come; with Include Clients
 * With a Booking she is passed on at once. Either way the item carries her next booking. A file of
 * its own: the sandbox's classes reach four weeks from its start, and each file's clock only moves on.
 */
const { env, moveTo, attend, classAfter, book } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Client Lapsed and bookings ahead', () => {
	it('leaves a client with a booking ahead out until its day, then passes her on if she did not come, with her next booking', async () => {
		const client = await env.addClient('Mira', 'Booked');
		const clientId = String(client.Id);
		const workflow = env.workflow({ event: 'clientLapsed', daysWithoutVisit: 10 });
		const including = env.workflow({ event: 'clientLapsed', daysWithoutVisit: 10, includeBookedClients: true });
		await workflow.activate();
		await including.activate();
		const instance = await attend(clientId);
		await workflow.poll();
		await including.poll();
		const lastDay = utcDay(Date.parse(instance.StartDateTime));
		// She books a class a week after she would lapse, then lapses (Days Without Visit 10) before it.
		const ahead = classAfter(midnightUtc(lastDay) + 18 * DAY);
		await book(clientId, ahead.Id);
		await moveTo(midnightUtc(lastDay) + 11 * DAY + HOUR);
		await workflow.poll();
		await including.poll();
		expect(itemsFor(workflow.items, clientId)).toEqual([]);
		const [shown] = itemsFor(including.items, clientId);
		expect(shown).toMatchObject({
			eventData: { clientId, nextBooking: { type: 'class', classId: ahead.Id, startDateTime: ahead.StartDateTime } },
		});
		// Her booking's day passes and she does not come (never signed in): now she is lapsed.
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().filter((request) => request.path === '/client/clientvisits')).toEqual([]);
		await moveTo(Date.parse(ahead.EndDateTime) + DAY);
		await workflow.poll();
		const [lapsed] = itemsFor(workflow.items, clientId);
		expect(lapsed).toMatchObject({ eventData: { clientId, lastVisitDate: lastDay, nextBooking: null } });
		await workflow.poll();
		expect(itemsFor(workflow.items, clientId)).toHaveLength(1);
	});
});
