import type { IDataObject } from 'n8n-workflow';

import { bookingEventOf } from '../../nodes/MindbodyPollTrigger/appointments';
import { usePollSandbox } from './support';

const env = usePollSandbox();
const DAY = 86_400_000;

/** The site lets clients book online unless told otherwise; a request needs that off (the document's IsRequest). */
async function reviewRequests(): Promise<void> {
	const response = await fetch(`${env.sandbox.adminUrl}/business/online-booking`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ enabled: false }),
	});
	if (!response.ok) throw new Error(`online-booking ${response.status}: ${await response.text()}`);
}

/** A free slot a few days ahead (inside the 14-day window), as GET /appointment/bookableitems offers it. */
async function freeSlot(): Promise<IDataObject> {
	const site = env.sandbox.state.main;
	const types = site.appointmentTypes.filter((type) => type.Active && !type.IsAddOn).map((type) => type.Id);
	const now = env.sandbox.clock.now();
	for (let days = 2; days < 10; days++) {
		const day = new Date(now + days * DAY).toISOString().slice(0, 10);
		const query = new URLSearchParams([
			...types.map((id): [string, string] => ['request.sessionTypeIds', String(id)]),
			['request.startDate', day],
			['request.endDate', day],
		]);
		const { status, body } = await env.staffRest('GET', `/appointment/bookableitems?${query}`);
		if (status !== 200) throw new Error(`bookableitems ${status}: ${JSON.stringify(body)}`);
		const [found] = body.Availabilities as IDataObject[];
		if (found) {
			return {
				ClientId: site.clients[0].ClientId,
				StaffId: (found.Staff as IDataObject).Id,
				LocationId: (found.Location as IDataObject).Id,
				SessionTypeId: (found.SessionType as IDataObject).Id,
				StartDateTime: found.StartDateTime,
			};
		}
	}
	throw new Error('No free slot in the coming days');
}

/** A client asks for an appointment online (no staff token): the answer is the request, in status Requested. */
async function requestAppointment(): Promise<IDataObject> {
	await reviewRequests();
	const { status, body } = await env.rest('POST', '/appointment/addappointment', {
		...(await freeSlot()),
		IsRequest: true,
	});
	if (status !== 200) throw new Error(`addappointment ${status}: ${JSON.stringify(body)}`);
	const request = body.Appointment as IDataObject;
	expect(request.Status).toBe('Requested');
	return request;
}

/** The status GET /appointment/staffappointments gives an id over the trigger's 14 days, if it lists it. */
async function listedStatusOf(id: unknown): Promise<unknown> {
	const now = env.sandbox.clock.now();
	const query = new URLSearchParams([
		['request.startDate', new Date(now).toISOString().slice(0, 10)],
		['request.endDate', new Date(now + 14 * DAY).toISOString().slice(0, 10)],
		['request.limit', '1000'],
	]);
	const { status, body } = await env.staffRest('GET', `/appointment/staffappointments?${query}`);
	if (status !== 200) throw new Error(`staffappointments ${status}: ${JSON.stringify(body)}`);
	return (body.Appointments as IDataObject[]).find((appointment) => appointment.Id === id)?.Status;
}

/** An activated New or Changed Appointment trigger (its first poll learns what is there). */
async function watching() {
	const workflow = env.workflow({ event: 'appointmentChanged', lookAheadDays: 14 });
	await workflow.activate();
	return workflow;
}

const idsOf = (items: IDataObject[]) =>
	items.map((item) => [
		item.eventId,
		(item.eventData as IDataObject).appointmentId,
		(item.eventData as IDataObject).status,
	]);

describe('Mindbody Poll Trigger: New or Changed Appointment and requests waiting for approval', () => {
	it('passes nothing on when a client asks for an appointment: a request is no booking yet', async () => {
		const workflow = await watching();
		const request = await requestAppointment();
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([]);
		// The request is in the list the trigger reads, in its window: it was seen, and held back.
		expect(await listedStatusOf(request.Id)).toBe('Requested');
	});

	it('passes the request on once as booked when staff approve it, as the appointment it became', async () => {
		const workflow = await watching();
		const request = await requestAppointment();
		await workflow.poll();
		const approved = await env.staffRest('POST', '/Business/Schedules/AppointmentRequests/Approve', [
			{ AppointmentRequestReference: { Id: request.Id } },
		]);
		expect(approved.status).toBe(201);
		const [result] = approved.body.Results as IDataObject[];
		expect(result).toMatchObject({ Status: 'Approved', AppointmentId: expect.any(Number) });
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([['appointmentBooking.created', result.AppointmentId, 'Confirmed']]);
		expect((workflow.items[0].eventData as IDataObject).startDateTime).toBe(request.StartDateTime);
	});

	it('passes nothing on when staff decline a request: no booking was cancelled', async () => {
		const workflow = await watching();
		const request = await requestAppointment();
		await workflow.poll();
		const declined = await env.staffRest('POST', '/Business/Schedules/AppointmentRequests/Deny', [request.Id]);
		expect([declined.status, (declined.body.Results as IDataObject[])[0].Status]).toEqual([201, 'Denied']);
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([]);
		// The sandbox takes a declined request off the list.
		expect(await listedStatusOf(request.Id)).toBeUndefined();
	});
});

describe('Mindbody Poll Trigger: New Appointment Request', () => {
	it('passes a new request on once, under the id Approve takes, and not its approval', async () => {
		const workflow = env.workflow({ event: 'appointmentRequested', lookAheadDays: 14 });
		await workflow.activate();
		const request = await requestAppointment();
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([['appointmentRequest.created', request.Id, 'Requested']]);
		expect(workflow.items[0].eventData).toMatchObject({
			startDateTime: request.StartDateTime,
			staffId: request.StaffId,
			isConfirmed: false,
		});
		const approved = await env.staffRest('POST', '/Business/Schedules/AppointmentRequests/Approve', [
			{ AppointmentRequestReference: { Id: (workflow.items[0].eventData as IDataObject).appointmentId } },
		]);
		expect(approved.status).toBe(201);
		await workflow.poll();
		expect(workflow.items).toHaveLength(1);
	});

	it('shows the newest waiting request as its test event', async () => {
		const request = await requestAppointment();
		const { items, error } = await env.workflow({ event: 'appointmentRequested' }).fetchTestEvent();
		expect(error).toBeUndefined();
		expect(idsOf(items)).toEqual([['appointmentRequest.created', request.Id, 'Requested']]);
	});
});

describe('bookingEventOf: a request decided under its own id', () => {
	const request = { digest: 'asked', request: true };
	const booking = { digest: 'booked', request: false };

	it('is created once its status says booked, and nothing when it ends declined', () => {
		for (const status of ['Booked', 'Confirmed', 'Arrived', 'Completed']) {
			expect([status, bookingEventOf(status, request, 'changed')]).toEqual([status, 'appointmentBooking.created']);
		}
		for (const status of ['Cancelled', 'LateCancelled']) {
			expect([status, bookingEventOf(status, request, 'changed')]).toEqual([status, undefined]);
		}
	});

	it('passes a request on neither when it appears nor when it changes, and bookings as before', () => {
		expect(bookingEventOf('Requested', { request: false }, 'asked')).toBeUndefined();
		expect(bookingEventOf('Requested', request, 'asked again')).toBeUndefined();
		expect(bookingEventOf('Booked', { request: false }, 'booked')).toBe('appointmentBooking.created');
		expect(bookingEventOf('Cancelled', booking, 'cancelled')).toBe('appointmentBooking.updated');
		expect(bookingEventOf('Booked', booking, 'booked')).toBeUndefined();
	});
});
