import type { AppointmentRequest } from '../data/types';
import { checkEmittedEvents, isPlainText, useSandbox } from '../test/harness';

const h = useSandbox();

const pending = (type: AppointmentRequest['Type']) =>
	h.site().appointmentRequests.filter((r) => r.Status === 'Pending' && r.Type === type);
const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const emailsOf = (kind: string) => h.sandbox.emails.filter((e) => e.kind === kind);

checkEmittedEvents(h);

describe('appointment requests', () => {
	it('gets one request; 404 plain text for an unknown id', async () => {
		const request = h.site().appointmentRequests[0];
		const answer = await h.call('GET', `/Business/Schedules/AppointmentRequests/${request.Id}`, {
			token: await h.staffToken(),
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({
			Id: request.Id,
			Status: request.Status,
			Type: request.Type,
			ClientId: request.ClientId,
		});
		const missing = await h.call('GET', '/Business/Schedules/AppointmentRequests/1', {
			token: await h.staffToken(),
		});
		expect([missing.status, isPlainText(missing)]).toEqual([404, true]);
	});

	it('approves a booking request: 201, an appointment booked, a confirmation e-mail and an event', async () => {
		const request = pending('Booking')[0];
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token: await h.staffToken(),
			body: [
				{
					AppointmentRequestReference: { Id: request.Id },
					ConsumerReference: { Id: request.ClientId },
				},
			],
		});
		expect(answer.status).toBe(201);
		const appointmentId = answer.json.Results[0].AppointmentId;
		expect(answer.json).toEqual({
			Results: [
				{
					AppointmentRequestId: request.Id,
					Type: 'Booking',
					Status: 'Approved',
					AppointmentId: appointmentId,
				},
			],
			Errors: [],
		});
		expect(request.Status).toBe('Approved');
		const booked = h.site().appointments.find((a) => a.Id === appointmentId)!;
		expect(booked).toMatchObject({
			Status: 'Booked',
			StaffId: request.StaffId,
			StartDateTime: request.StartDateTime,
			ClientId: request.ClientId,
		});
		expect(emailsOf('appointmentRequest.approved').at(-1)!.detail).toMatchObject({ appointmentId });
		expect(eventsOf('appointmentBooking.created').at(-1)!.eventData).toMatchObject({
			appointmentId,
			siteId: -99,
		});
	});

	it('approves a cancellation request by cancelling its appointment', async () => {
		const request = pending('Cancellation')[0];
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token: await h.staffToken(),
			body: [{ AppointmentRequestReference: { Id: request.Id } }],
		});
		expect(answer.status).toBe(201);
		expect(h.site().appointments.find((a) => a.Id === request.AppointmentId)!.Status).toBe('Cancelled');
		expect(eventsOf('appointmentBooking.cancelled').at(-1)!.eventData).toEqual({
			siteId: -99,
			appointmentId: request.AppointmentId,
		});
	});

	it('answers 400 with the same typed object and per-item errors; nothing is approved', async () => {
		const request = pending('Booking')[0];
		const decided = h.site().appointmentRequests.find((r) => r.Status !== 'Pending')!;
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token: await h.staffToken(),
			body: [request, decided, { Id: 1 }].map((r) => ({
				AppointmentRequestReference: { Id: r.Id },
			})),
		});
		expect(answer.status).toBe(400);
		expect(answer.json.Results).toEqual([]);
		expect(answer.json.Errors.map((e: { AppointmentRequestId: number }) => e.AppointmentRequestId)).toEqual([
			decided.Id,
			1,
		]);
		expect(request.Status).toBe('Pending');
		const badStaff = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token: await h.staffToken(),
			body: [{ AppointmentRequestReference: { Id: request.Id }, StaffReference: { Id: 9999 } }],
		});
		expect(badStaff.json.Errors[0].Message).toMatch(/Staff member 9999/);
	});

	it('denies requests: 201, denial e-mails; denying a cancellation request emits appointmentBooking.cancelled', async () => {
		const booking = pending('Booking')[0];
		const cancellation = pending('Cancellation')[0];
		const emailCount = emailsOf('appointmentRequest.denied').length;
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/Deny', {
			token: await h.staffToken(),
			body: [booking.Id, cancellation.Id],
		});
		expect(answer.status).toBe(201);
		expect(answer.json.Results.map((r: { Status: string }) => r.Status)).toEqual(['Denied', 'Denied']);
		expect([booking.Status, cancellation.Status]).toEqual(['Denied', 'Denied']);
		expect(emailsOf('appointmentRequest.denied')).toHaveLength(emailCount + 2);
		expect(eventsOf('appointmentBooking.cancelled').at(-1)!.eventData).toEqual({
			siteId: -99,
			appointmentId: cancellation.AppointmentId,
		});
		const again = await h.call('POST', '/Business/Schedules/AppointmentRequests/Deny', {
			token: await h.staffToken(),
			body: [booking.Id],
		});
		expect(again.status).toBe(400);
		expect(again.json).toEqual({
			Results: [],
			Errors: [{ AppointmentRequestId: booking.Id, Message: expect.stringMatching(/not pending/) }],
		});
	});

	it.each([
		['Sms', 0, 1],
		['EmailAndSms', 1, 1],
		['None', 0, 0],
	])('deny-multiple with %s notifies by e-mail %d and SMS %d times per request', async (preference, mails, texts) => {
		const requests = pending('Booking').slice(0, 2);
		const outbox = () => h.sandbox.emails.filter((e) => e.kind === 'appointmentRequest.denied');
		const before = outbox().length;
		const beforeSms = outbox().filter((e) => e.detail?.channel === 'sms').length;
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/deny-multiple', {
			token: await h.staffToken(),
			body: {
				AppointmentRequestIds: requests.map((r) => r.Id),
				NotificationPreference: preference,
			},
		});
		expect(answer.status).toBe(201);
		expect(answer.json.NotificationPreference).toBe(preference);
		expect(requests.every((r) => r.Status === 'Denied')).toBe(true);
		expect(outbox().length - before).toBe(2 * (mails + texts));
		expect(outbox().filter((e) => e.detail?.channel === 'sms').length - beforeSms).toBe(2 * texts);
	});

	it('deny-multiple reports errors per request (400, typed) and denies nothing', async () => {
		const request = pending('Booking')[0];
		const answer = await h.call('POST', '/Business/Schedules/AppointmentRequests/deny-multiple', {
			token: await h.staffToken(),
			body: { AppointmentRequestIds: [request.Id, 5], NotificationPreference: 'Email' },
		});
		expect(answer.status).toBe(400);
		expect(answer.json).toMatchObject({
			Results: [],
			Errors: [{ AppointmentRequestId: 5 }],
			NotificationPreference: 'Email',
		});
		expect(request.Status).toBe('Pending');
	});
});
