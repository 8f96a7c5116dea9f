import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { DAY } from '../data/dates';
import type { ClassInstance, Client } from '../data/types';
import { TEST_START, useSandbox, type Answer } from '../test/harness';
import { payingServiceOf, servicePays } from '../rest/v6/classRoster';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const opOf = (key: string) => operations.find((op) => op.id === key)!;
const problemsOf = (key: string, answer: Answer) => shapeProblems(opOf(key).v6!.answer!, answer.json);

afterAll(() => {
	for (const event of h.sandbox.events) {
		const check = findEvent(event.eventId)?.eventData.safeParse(event.eventData);
		expect([event.eventId, check?.success]).toEqual([event.eventId, true]);
	}
});

const used = new Set<number>();
const roomed = (c: ClassInstance) => h.site().classRecords.rooms.some((r) => r.ClassScheduleId === c.ClassScheduleId);

/** An upcoming Pick-a-Spot class and a client booked into it (booked through AddClientToClass). */
async function bookedClient(): Promise<{ instance: ClassInstance; client: Client }> {
	const site = h.site();
	for (const instance of site.classes.filter(
		(c) =>
			roomed(c) &&
			!used.has(c.Id) &&
			!c.IsCanceled &&
			!c.Hidden &&
			Date.parse(c.StartDateTime) > now + DAY &&
			c.TotalBooked < c.MaxCapacity - 3,
	)) {
		const service = site.clientServices.find(
			(s) =>
				servicePays(site, s, s.ClientId, instance) &&
				!site.classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === s.ClientId),
		);
		if (!service) continue;
		used.add(instance.Id);
		const client = site.clients.find((c) => c.Id === service.ClientId)!;
		const answer = await h.call('POST', '/class/addclienttoclass', {
			token: await h.staffToken(),
			body: { ClientId: client.ClientId, ClassId: instance.Id },
		});
		expect(answer.status).toBe(200);
		return { instance, client };
	}
	throw new Error('No Pick-a-Spot class left');
}

const reserve = (classId: number, body: Record<string, unknown>) =>
	h.call('POST', `/pickaspot/v1/reservation/${classId}`, { body });

describe('v6 Pick-a-Spot', () => {
	it('lists classes with rooms in its own envelope, with their spots and reservations', async () => {
		const answer = await h.call('GET', '/pickaspot/v1/class', { query: { pageSize: 3 } });
		expect(answer.status).toBe(200);
		expect(problemsOf('GetClassList', answer)).toEqual([]);
		expect(answer.json.pagination).toMatchObject({ PageNumber: 1, PageSize: 3 });
		expect(answer.json.pagination.TotalResultCount).toBeGreaterThan(3);
		expect(answer.json.responseDetails.Status).toBe('Success');
		const first = answer.json.classes[0];
		const instance = h.site().classes.find((c) => String(c.Id) === first.ClassId)!;
		expect(roomed(instance)).toBe(true);
		const spots = first.Spots;
		expect(
			[...spots.ReservedSpotNumbers, ...spots.AvailableSpotNumbers, ...spots.UnavailableSpotNumbers].sort(
				(a: number, b: number) => a - b,
			),
		).toEqual(Array.from({ length: instance.MaxCapacity }, (_, n) => n + 1));
		const without = h.site().classes.find((c) => !roomed(c))!;
		const none = await h.call('GET', `/pickaspot/v1/class/${without.Id}`);
		expect([none.status, none.json.Error.Code]).toEqual([404, 'ClassNotFound']);
	});

	it('POST with autoAssignSpot and autoConfirm needs no spotNumber and no confirm call (rule 7)', async () => {
		const { instance, client } = await bookedClient();
		const before = await h.call('GET', `/pickaspot/v1/class/${instance.Id}`);
		const lowest = before.json.classes[0].Spots.AvailableSpotNumbers[0];
		const answer = await reserve(instance.Id, {
			memberExternalId: client.ClientId,
			autoAssignSpot: true,
			autoConfirm: true,
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('CreateReservation', answer)).toEqual([]);
		expect(answer.json.Reservation).toMatchObject({
			ClassId: String(instance.Id),
			MemberExternalId: client.ClientId,
			IsConfirmed: true,
			Spots: { ReservedSpotNumbers: [lowest] },
		});
		expect(eventsOf('pickASpotReservation.created').at(-1)!.eventData).toEqual({
			siteId: h.sandbox.siteId,
			reservationId: answer.json.Reservation.ReservationId,
			classId: String(instance.Id),
			clientId: client.ClientId,
			spotNumber: lowest,
			isConfirmed: true,
		});
		const after = await h.call('GET', `/pickaspot/v1/class/${instance.Id}`);
		expect(after.json.classes[0].Spots.ReservedSpotNumbers).toContain(lowest);
		expect(after.json.classes[0].Spots.AvailableSpotNumbers).not.toContain(lowest);
	});

	it('without autoConfirm the reservation waits for a confirm (created), and a confirmed one that moves sends updated', async () => {
		const { instance, client } = await bookedClient();
		const free = (await h.call('GET', `/pickaspot/v1/class/${instance.Id}`)).json.classes[0].Spots.AvailableSpotNumbers;
		const created = eventsOf('pickASpotReservation.created').length;
		const answer = await reserve(instance.Id, { memberExternalId: client.ClientId, spotNumber: free[1] });
		expect(answer.json.Reservation).toMatchObject({ IsConfirmed: false, ConfirmationDate: null });
		expect(eventsOf('pickASpotReservation.created')).toHaveLength(created);
		const id = answer.json.Reservation.ReservationId;
		const confirmed = await h.call('PUT', `/pickaspot/v1/reservation/${id}`, { body: { confirm: true } });
		expect(confirmed.status).toBe(200);
		expect(problemsOf('UpdateReservation', confirmed)).toEqual([]);
		expect(confirmed.json.Reservation.IsConfirmed).toBe(true);
		expect(eventsOf('pickASpotReservation.created')).toHaveLength(created + 1);
		const moved = await h.call('PUT', `/pickaspot/v1/reservation/${id}`, { query: { spotNumber: free[2] } });
		expect(moved.json.Reservation.Spots.ReservedSpotNumbers).toEqual([free[2]]);
		expect(eventsOf('pickASpotReservation.updated').at(-1)!.eventData).toMatchObject({
			reservationId: id,
			spotNumber: free[2],
		});
	});

	it('refuses a missing spot, a taken spot and a client not booked into the class', async () => {
		const { instance, client } = await bookedClient();
		const missing = await reserve(instance.Id, { memberExternalId: client.ClientId });
		expect([missing.status, missing.json.Error.Code]).toEqual([400, 'MissingRequiredFields']);
		const taken = h.site().classRecords.reservations.find((r) => r.ClassId === instance.Id && !r.Deleted);
		expect(taken).toBeDefined();
		const clash = await reserve(instance.Id, { memberExternalId: client.ClientId, spotNumber: taken!.SpotNumber });
		expect([clash.status, clash.json.Error.Code]).toEqual([400, 'SpotUnavailable']);
		const stranger = h
			.site()
			.clients.find(
				(c) =>
					!h.site().classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === c.Id) &&
					!payingServiceOf(h.site(), c.Id, instance),
			)!;
		const notBooked = await reserve(instance.Id, { memberExternalId: stranger.ClientId, autoAssignSpot: true });
		expect([notBooked.status, notBooked.json.Error.Code]).toEqual([400, 'ClientNotBooked']);
	});

	it('DELETE releases the spot (deleted); cancelling the class booking releases it too', async () => {
		const { instance, client } = await bookedClient();
		const first = await reserve(instance.Id, {
			memberExternalId: client.ClientId,
			autoAssignSpot: true,
			autoConfirm: true,
		});
		const id = first.json.Reservation.ReservationId;
		const spot = first.json.Reservation.Spots.ReservedSpotNumbers[0];
		const deleted = await h.call('DELETE', `/pickaspot/v1/reservation/${id}`);
		expect(deleted.status).toBe(200);
		expect(problemsOf('DeleteReservation', deleted)).toEqual([]);
		expect(eventsOf('pickASpotReservation.deleted').at(-1)!.eventData).toMatchObject({ reservationId: id });
		expect((await h.call('GET', `/pickaspot/v1/reservation/${id}`)).status).toBe(404);
		const again = await reserve(instance.Id, {
			memberExternalId: client.ClientId,
			spotNumber: spot,
			autoConfirm: true,
		});
		const second = again.json.Reservation.ReservationId;
		await h.call('POST', '/class/removeclientfromclass', {
			token: await h.staffToken(),
			body: { ClientId: client.ClientId, ClassId: instance.Id },
		});
		expect(eventsOf('pickASpotReservation.deleted').at(-1)!.eventData).toMatchObject({ reservationId: second });
		const spots = (await h.call('GET', `/pickaspot/v1/class/${instance.Id}`)).json.classes[0].Spots;
		expect(spots.AvailableSpotNumbers).toContain(spot);
	});

	it('GET reservation answers one reservation by id, or every reservation of a class by class id', async () => {
		const { instance, client } = await bookedClient();
		const made = await reserve(instance.Id, {
			memberExternalId: client.ClientId,
			autoAssignSpot: true,
			autoConfirm: true,
		});
		const id = made.json.Reservation.ReservationId;
		const one = await h.call('GET', `/pickaspot/v1/reservation/${id}`);
		expect(problemsOf('GetReservation', one)).toEqual([]);
		expect(one.json.Reservations.map((r: { ReservationId: string }) => r.ReservationId)).toEqual([id]);
		expect(one.json.Pagination).toEqual({ PageNumber: 1, PageSize: 100, TotalResultCount: 1, TotalPageCount: 1 });
		const all = await h.call('GET', `/pickaspot/v1/reservation/${instance.Id}`);
		expect(problemsOf('GetReservation', all)).toEqual([]);
		const expected = h.site().classRecords.reservations.filter((r) => r.ClassId === instance.Id && !r.Deleted);
		expect(all.json.Reservations.map((r: { ReservationId: string }) => r.ReservationId).sort()).toEqual(
			expected.map((r) => r.Id).sort(),
		);
	});

	it('answers every Pick-a-Spot operation in the document shape', async () => {
		const { instance, client } = await bookedClient();
		const made = await reserve(instance.Id, { memberExternalId: client.ClientId, autoAssignSpot: true });
		expect(problemsOf('CreateReservation', made)).toEqual([]);
		const id = made.json.Reservation.ReservationId;
		const calls: Array<[string, string, string, Record<string, unknown>]> = [
			['GetClassList', 'GET', '/pickaspot/v1/class', {}],
			['GetClass', 'GET', `/pickaspot/v1/class/${instance.Id}`, {}],
			['GetReservation', 'GET', `/pickaspot/v1/reservation/${id}`, {}],
			['UpdateReservation', 'PUT', `/pickaspot/v1/reservation/${id}`, { body: { confirm: true } }],
			['DeleteReservation', 'DELETE', `/pickaspot/v1/reservation/${id}`, {}],
		];
		for (const [key, method, path, options] of calls) {
			const answer = await h.call(method, path, options);
			expect([key, answer.status, problemsOf(key, answer)]).toEqual([key, 200, []]);
		}
		const covered = new Set([...calls.map(([key]) => key), 'CreateReservation']);
		const area = operations.filter((op) => op.v6?.tag === 'PickASpot').map((op) => op.id);
		expect(area.filter((key) => !covered.has(key))).toEqual([]);
	});
});
