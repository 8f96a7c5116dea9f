import { DAY } from '../data/dates';
import { checkEmittedEvents, isPlainText, TEST_START, useSandbox } from '../test/harness';

const h = useSandbox();
const now = Date.parse(TEST_START);

const futureBooked = () =>
	h.site().appointments.filter((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > now);
const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const emailsOf = (kind: string) => h.sandbox.emails.filter((e) => e.kind === kind);

checkEmittedEvents(h);

describe('appointments', () => {
	it('gets appointments with their related objects; unknown ids answer 400 with the same object', async () => {
		const [a, b] = h.site().appointments;
		const answer = await h.call('GET', '/Business/Schedules/Appointments', {
			query: { appointmentId: [a.Id, b.Id] },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.Appointments.map((x: { Id: number }) => x.Id)).toEqual([a.Id, b.Id]);
		expect(answer.json.Clients.map((c: { Id: number }) => c.Id)).toContain(a.ClientId);
		expect(answer.json.Staff.map((s: { Id: number }) => s.Id)).toContain(a.StaffId);
		expect(answer.json).toMatchObject({
			Locations: expect.any(Array),
			AppointmentTypes: expect.any(Array),
			Errors: [],
		});
		const partial = await h.call('GET', '/Business/Schedules/Appointments', {
			query: { appointmentId: [a.Id, 42] },
		});
		expect(partial.status).toBe(400);
		expect(partial.json.Appointments).toHaveLength(1);
		expect(partial.json.Errors).toEqual([{ AppointmentId: 42, Message: 'Appointment 42 was not found.' }]);
	});

	it('modifies appointments, e-mails the clients when asked and emits appointmentBooking.updated', async () => {
		const appointment = futureBooked()[0];
		const start = `${appointment.StartDateTime.slice(0, 10)}T07:00:00Z`;
		const captured: string[] = [];
		const original = h.sandbox.context.emitEvent;
		h.sandbox.context.emitEvent = (eventId, data, cause) => {
			captured.push(eventId);
			original(eventId, data, cause);
		};
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Modify', {
			token: await h.staffToken(),
			body: {
				Appointments: [{ Id: appointment.Id, StartDateTime: start, Notes: 'Moved early' }],
				SendEmail: true,
			},
		});
		h.sandbox.context.emitEvent = original;
		expect(answer.status).toBe(200);
		expect(answer.json.Errors).toEqual([]);
		expect(answer.json.Appointments[0]).toMatchObject({
			Id: appointment.Id,
			StartDateTime: start,
			Notes: 'Moved early',
		});
		expect(appointment.Notes).toBe('Moved early');
		expect(captured).toEqual(['appointmentBooking.updated']);
		expect(h.sandbox.events.at(-1)!.eventData).toMatchObject({
			appointmentId: appointment.Id,
			startDateTime: start,
			notes: 'Moved early',
		});
		expect(emailsOf('appointment.changed').at(-1)!.detail).toEqual({ id: appointment.Id });
	});

	it('answers 400 typed with errors for unknown ids or bad fields and changes nothing', async () => {
		const appointment = futureBooked()[1];
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Modify', {
			token: await h.staffToken(),
			body: {
				Appointments: [{ Id: appointment.Id, Notes: 'x' }, { Id: 7 }, { Id: appointment.Id, StaffId: 1 }],
				SendEmail: false,
			},
		});
		expect(answer.status).toBe(400);
		expect(answer.json.Appointments).toEqual([]);
		expect(answer.json.Errors).toEqual([
			{ Id: 7, Message: 'Appointment 7 was not found.' },
			{ Id: appointment.Id, Message: 'StaffId: staff member 1 was not found' },
		]);
		expect(appointment.Notes).not.toBe('x');
	});

	it('completes appointments (true) and answers 400 false for a missing id', async () => {
		const [one, two] = futureBooked();
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token: await h.staffToken(),
			body: [one.Id, two.Id],
		});
		expect([answer.status, answer.json]).toEqual([200, true]);
		expect([one.Status, two.Status]).toEqual(['Completed', 'Completed']);
		expect(
			eventsOf('appointmentBooking.updated')
				.slice(-2)
				.map((e) => e.eventData.status),
		).toEqual(['Completed', 'Completed']);
		const third = futureBooked()[0];
		const missing = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token: await h.staffToken(),
			body: [third.Id, 12],
		});
		expect([missing.status, missing.json]).toEqual([400, false]);
		expect(third.Status).toBe('Booked');
	});

	it('builds booking templates from the consumer’s past appointments within MaxDays', async () => {
		const past = h.site().appointments.filter((a) => {
			const start = Date.parse(a.StartDateTime);
			return a.Status !== 'Cancelled' && start > now - 30 * DAY && start < now;
		});
		const clientId = past[0].ClientId;
		const answer = await h.call('POST', '/Business/Scheduling/Appointments/BookingTemplates', {
			body: { ConsumerId: clientId, MaxDays: 30 },
		});
		expect(answer.status).toBe(200);
		const mine = past.filter((a) => a.ClientId === clientId);
		expect(answer.json.length).toBe(new Set(mine.map((a) => `${a.StaffId}/${a.SessionTypeId}/${a.LocationId}`)).size);
		expect(answer.json[0]).toMatchObject({
			ConsumerReference: { Id: clientId },
			StaffReference: { Id: expect.any(Number) },
			Range: { Start: expect.any(String) },
		});
		expect(Date.parse(answer.json[0].Range.Start)).toBeGreaterThan(now);
		const unknown = await h.call('POST', '/Business/Scheduling/Appointments/BookingTemplates', {
			body: { ConsumerId: 5, MaxDays: 30 },
		});
		expect([unknown.status, unknown.json]).toEqual([400, []]);
	});
});

describe('recurring appointments', () => {
	const seriesOn = (start: string, occurrences = 3) => {
		const taken = futureBooked().find((a) => a.StartDateTime.startsWith(start.slice(0, 10))) ?? futureBooked()[0];
		const client = h.site().clients[5];
		return {
			taken,
			body: {
				ClientId: client.ClientId,
				LocationId: taken.LocationId,
				StaffId: taken.StaffId,
				AppointmentTypeId: taken.SessionTypeId,
				StartDateTime: taken.StartDateTime,
				Frequency: 'Weekly',
				Occurrences: occurrences,
			},
		};
	};

	it('validates without booking and reports the conflicts', async () => {
		const { taken, body } = seriesOn(TEST_START);
		const count = h.site().appointments.length;
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Recurring/Validate', {
			body,
		});
		expect(answer.status).toBe(200);
		expect(answer.json.HasConflicts).toBe(true);
		expect(answer.json.Occurrences).toHaveLength(3);
		expect(answer.json.Occurrences[0].Conflicts).toContainEqual(
			expect.objectContaining({ Type: 'StaffAppointment', AppointmentId: taken.Id }),
		);
		expect(Date.parse(answer.json.Occurrences[1].StartDateTime) - Date.parse(taken.StartDateTime)).toBe(7 * DAY);
		expect(h.site().appointments.length).toBe(count);
	});

	it('reports a closure as a conflict', async () => {
		const closure = h.site().closures.find((c) => Date.parse(c.StartDateTime) > now)!;
		const type = h
			.site()
			.appointmentTypes.find((t) => !t.IsAddOn && closure.ServiceCategoryIds.includes(t.CategoryId))!;
		const staff = h.site().staff.find((s) => s.AppointmentTypeIds.includes(type.Id))!;
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Recurring/Validate', {
			body: {
				ClientId: '100001',
				LocationId: staff.LocationIds[0],
				StaffId: staff.Id,
				AppointmentTypeId: type.Id,
				StartDateTime: `${closure.StartDateTime.slice(0, 10)}T06:00:00Z`,
				Frequency: 'Daily',
				Occurrences: 1,
			},
		});
		expect(answer.json.Occurrences[0].Conflicts).toContainEqual(
			expect.objectContaining({ Type: 'Closure', ClosureId: closure.Id }),
		);
	});

	it('books one appointment per free occurrence, one created event each, and skips conflicts', async () => {
		const { body } = seriesOn(TEST_START, 4);
		const validated = await h.call('POST', '/Business/Schedules/Appointments/Recurring/Validate', {
			body,
		});
		const free = validated.json.Occurrences.filter((o: { Conflicts: unknown[] }) => !o.Conflicts.length).length;
		const events = eventsOf('appointmentBooking.created').length;
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Recurring', {
			body,
			headers: { 'Transaction-Key': 'series-1' },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.AppointmentIds).toHaveLength(free);
		expect(answer.json.Skipped).toHaveLength(4 - free);
		const booked = h.site().appointments.filter((a) => answer.json.AppointmentIds.includes(a.Id));
		expect(booked.every((a) => a.RecurrenceId === answer.json.RecurrenceId && a.ClientId === 100006)).toBe(true);
		const created = eventsOf('appointmentBooking.created').slice(events);
		expect(created).toHaveLength(free);
		expect(created.every((e) => e.cause.transactionKey === 'series-1')).toBe(true);
	});

	it('answers 400 plain text for unknown references', async () => {
		const { body } = seriesOn(TEST_START);
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Recurring', {
			body: { ...body, ClientId: 'nobody' },
		});
		expect([answer.status, isPlainText(answer)]).toEqual([400, true]);
	});
});
