import { consumerFixtures } from '../test/consumerFixtures';
import { checkEmittedEvents, isPlainText, useSandbox } from '../test/harness';

const h = useSandbox();
const { consumer, offer, freeRanges, item } = consumerFixtures(h);
checkEmittedEvents(h);

describe('consumer booking', () => {
	it('books at once when online booking is on: 201, confirmation e-mail, created event', async () => {
		const { staff, type, locationId } = offer();
		const [range] = await freeRanges(staff, type, locationId);
		const answer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments`, {
			...consumer(),
			body: [item(staff, type, range.StartDateTime)],
		});
		expect(answer.status).toBe(201);
		expect(answer.json).toMatchObject({ Status: 'Booked', AppointmentRequests: [], Errors: [] });
		const appointment = h.site().appointments.find((a) => a.Id === answer.json.Appointments[0].Id)!;
		expect(appointment).toMatchObject({
			ClientId: 100001,
			StaffId: staff.Id,
			StartDateTime: range.StartDateTime,
			Status: 'Booked',
		});
		expect(h.sandbox.emails.at(-1)).toMatchObject({
			kind: 'booking.confirmation',
			to: h.site().clients[0].Email,
		});
		expect(h.sandbox.events.at(-1)).toMatchObject({
			eventId: 'appointmentBooking.created',
			eventData: { appointmentId: appointment.Id },
		});
		const after = await freeRanges(staff, type, locationId);
		expect(after.some((r) => r.StartDateTime === range.StartDateTime)).toBe(false);
	});

	it('pays a single paid appointment by card token when no series pays it', async () => {
		const { staff, type, locationId } = offer();
		const ranges = await freeRanges(staff, type, locationId);
		const client = h.site().clients.find((c) => !h.site().clientServices.some((s) => s.ClientId === c.Id))!;
		const sales = h.site().sales.length;
		const answer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments`, {
			token: await h.staffToken(),
			query: { userId: client.ClientId, creditCardTokenId: 'tok_4242' },
			body: [item(staff, type, ranges.at(-1)!.StartDateTime)],
		});
		expect(answer.status).toBe(201);
		expect(answer.json.Appointments[0]).toMatchObject({
			ClientId: client.Id,
			PaymentApplied: true,
		});
		expect(h.site().sales).toHaveLength(sales + 1);
		expect(h.site().sales.at(-1)!.Payments[0]).toMatchObject({
			Amount: type.Price,
			LastFour: '4242',
		});
	});

	it('makes appointment requests when online booking is off: 201, requested e-mail, no appointment', async () => {
		const { staff, type, locationId } = offer();
		const [range] = await freeRanges(staff, type, locationId);
		await h.admin('POST', '/business/online-booking', { enabled: false });
		const appointments = h.site().appointments.length;
		const answer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments`, {
			...consumer(),
			body: [item(staff, type, range.StartDateTime)],
		});
		await h.admin('POST', '/business/online-booking', { enabled: true });
		expect(answer.status).toBe(201);
		expect(answer.json).toMatchObject({ Status: 'Requested', Appointments: [] });
		const request = h.site().appointmentRequests.find((r) => r.Id === answer.json.AppointmentRequests[0].Id)!;
		expect(request).toMatchObject({
			Status: 'Pending',
			Type: 'Booking',
			ClientId: 100001,
			StartDateTime: range.StartDateTime,
		});
		expect(h.site().appointments).toHaveLength(appointments);
		expect(h.sandbox.emails.at(-1)).toMatchObject({ kind: 'appointmentRequest.received' });
	});

	it('answers 400 typed when a slot is taken, and 400 plain text without a consumer', async () => {
		const { staff, type, locationId } = offer();
		const taken = h
			.site()
			.appointments.find((a) => a.StaffId === staff.Id && a.Status === 'Booked' && a.StartDateTime > '2026-03-03')!;
		const answer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments`, {
			...consumer(),
			body: [item(staff, type, taken.StartDateTime)],
		});
		expect(answer.status).toBe(400);
		expect(answer.json).toMatchObject({
			Status: 'Failed',
			Appointments: [],
			Errors: [{ Index: 0, Message: expect.any(String) }],
		});
		const noConsumer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments`, {
			token: await h.staffToken(),
			body: [item(staff, type, taken.StartDateTime)],
		});
		expect([noConsumer.status, isPlainText(noConsumer)]).toEqual([400, true]);
	});

	it('books appointments with add-ons together (events for both)', async () => {
		const { staff, type, addOn, locationId } = offer(true);
		const [range] = await freeRanges(staff, type, locationId);
		const answer = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments-Addons`, {
			...consumer(),
			body: {
				Appointments: [item(staff, type, range.StartDateTime)],
				AddOns: [{ AppointmentTypeReference: { Id: addOn.Id } }],
			},
		});
		expect(answer.status).toBe(200);
		const appointmentId = answer.json.Appointments[0].Id;
		expect(answer.json.AddOns).toEqual([
			expect.objectContaining({ AppointmentId: appointmentId, AddOnTypeId: addOn.Id }),
		]);
		expect(h.site().addOns.at(-1)!.AppointmentId).toBe(appointmentId);
		expect(h.sandbox.events.slice(-2).map((e) => e.eventId)).toEqual([
			'appointmentBooking.created',
			'appointmentAddOn.created',
		]);
		await h.admin('POST', '/business/online-booking', { enabled: false });
		const off = await h.call('POST', `/Consumer/Schedules/Location/${locationId}/Appointments-Addons`, {
			...consumer(),
			body: { Appointments: [item(staff, type, range.StartDateTime)] },
		});
		await h.admin('POST', '/business/online-booking', { enabled: true });
		expect(off.status).toBe(400);
		expect(off.json.Errors[0].Message).toMatch(/Online booking is off/);
	});
});
