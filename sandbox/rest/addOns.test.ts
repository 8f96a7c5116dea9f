import { checkEmittedEvents, useSandbox } from '../test/harness';

const h = useSandbox();
checkEmittedEvents(h);

/** A booked appointment whose staff member offers add-ons, with such an add-on type. */
function parentWithOffer() {
	const site = h.site();
	const addOnTypes = site.appointmentTypes.filter((t) => t.IsAddOn);
	const parent = site.appointments.find(
		(a) =>
			a.Status === 'Booked' &&
			site.staff.find((s) => s.Id === a.StaffId)!.AppointmentTypeIds.includes(addOnTypes[0].Id),
	)!;
	return { parent, type: addOnTypes[0] };
}

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);

describe('appointment add-ons', () => {
	it('adds add-ons to appointments and emits appointmentAddOn.created', async () => {
		const { parent, type } = parentWithOffer();
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Addons/Add', {
			token: await h.staffToken(),
			body: [{ AppointmentId: parent.Id, AddOnTypeId: type.Id }],
		});
		expect(answer.status).toBe(200);
		expect(answer.json.Errors).toEqual([]);
		const added = answer.json.AddOns[0];
		expect(added).toMatchObject({
			AppointmentId: parent.Id,
			AddOnTypeId: type.Id,
			Name: type.Name,
			StaffId: parent.StaffId,
			Status: 'Booked',
		});
		expect(h.site().addOns.at(-1)!.Id).toBe(added.Id);
		// Add-ons are appointments too: their ids come from the appointment counter.
		expect(h.site().appointments.some((a) => a.Id === added.Id)).toBe(false);
		const client = h.site().clients.find((c) => c.Id === parent.ClientId)!;
		expect(eventsOf('appointmentAddOn.created').at(-1)!.eventData).toEqual({
			siteId: -99,
			appointmentId: parent.Id,
			addOnAppointmentId: added.Id,
			staffId: parent.StaffId,
			addOnName: type.Name,
			clientId: client.ClientId,
		});
	});

	it('answers 400 typed with per-item errors and adds nothing', async () => {
		const { parent, type } = parentWithOffer();
		const count = h.site().addOns.length;
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Addons/Add', {
			token: await h.staffToken(),
			body: [
				{ AppointmentId: parent.Id, AddOnTypeId: type.Id },
				{ AppointmentId: 1, AddOnTypeId: type.Id },
				{ AppointmentId: parent.Id, AddOnTypeId: parent.SessionTypeId },
			],
		});
		expect(answer.status).toBe(400);
		expect(answer.json.AddOns).toEqual([]);
		expect(answer.json.Errors.map((e: { Index: number }) => e.Index)).toEqual([1, 2]);
		expect(h.site().addOns).toHaveLength(count);
	});

	it('returns add-ons keyed by appointment id; unknown appointments answer 400 with the rest', async () => {
		const addOn = h.site().addOns[0];
		const withNone = h.site().appointments.find((a) => !h.site().addOns.some((x) => x.AppointmentId === a.Id))!;
		const token = await h.staffToken();
		const answer = await h.call('GET', '/Business/Schedules/Appointments/Addons/Addons', {
			token,
			query: { appointmentId: [addOn.AppointmentId, withNone.Id] },
		});
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.json).sort()).toEqual([String(addOn.AppointmentId), String(withNone.Id)].sort());
		expect(answer.json[addOn.AppointmentId]).toContainEqual(expect.objectContaining({ Id: addOn.Id }));
		expect(answer.json[withNone.Id]).toEqual([]);
		const partial = await h.call('GET', '/Business/Schedules/Appointments/Addons/Addons', {
			token,
			query: { appointmentId: [addOn.AppointmentId, 3] },
		});
		expect(partial.status).toBe(400);
		expect(Object.keys(partial.json)).toEqual([String(addOn.AppointmentId)]);
	});

	it('returns add-ons by add-on id, keyed by their parent appointment id', async () => {
		const [a, b] = h.site().addOns;
		const token = await h.staffToken();
		const answer = await h.call('GET', '/Business/Schedules/Appointments/Addons/GetAddons', {
			token,
			query: { addonId: [a.Id, b.Id] },
		});
		expect(answer.status).toBe(200);
		expect(answer.json[a.AppointmentId]).toContainEqual(expect.objectContaining({ Id: a.Id }));
		expect(answer.json[b.AppointmentId]).toContainEqual(expect.objectContaining({ Id: b.Id }));
		const unknown = await h.call('GET', '/Business/Schedules/Appointments/Addons/GetAddons', {
			token,
			query: { addonId: [a.Id, 8] },
		});
		expect(unknown.status).toBe(400);
	});

	it('modifies add-ons with the appointments modify shape', async () => {
		const addOn = h.site().addOns.find((x) => x.Status === 'Booked')!;
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Addons/Modify', {
			token: await h.staffToken(),
			body: { Appointments: [{ Id: addOn.Id, Notes: 'Extra oil' }], SendEmail: true },
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual({
			Appointments: [expect.objectContaining({ Id: addOn.Id, Notes: 'Extra oil' })],
			Errors: [],
		});
		expect(addOn.Notes).toBe('Extra oil');
		expect(h.sandbox.emails.at(-1)).toMatchObject({
			kind: 'appointment.changed',
			subject: 'Your add-on has changed',
		});
		const bad = await h.call('POST', '/Business/Schedules/Appointments/Addons/Modify', {
			token: await h.staffToken(),
			body: { Appointments: [{ Id: 4, Notes: 'x' }], SendEmail: false },
		});
		expect(bad.status).toBe(400);
		expect(bad.json.Errors).toEqual([{ Id: 4, Message: 'Add-on 4 was not found.' }]);
	});

	it('completes add-ons (true) and answers 400 false for an unknown one', async () => {
		const addOn = h.site().addOns.find((x) => x.Status === 'Booked')!;
		const token = await h.staffToken();
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Addons/Complete', {
			token,
			body: [addOn.Id],
		});
		expect([answer.status, answer.json]).toEqual([200, true]);
		expect(addOn.Status).toBe('Completed');
		const missing = await h.call('POST', '/Business/Schedules/Appointments/Addons/Complete', {
			token,
			body: [6],
		});
		expect([missing.status, missing.json]).toEqual([400, false]);
	});

	it('deletes add-ons and emits appointmentAddOn.deleted; unknown ids answer 400 typed', async () => {
		const addOn = h.site().addOns[1];
		const token = await h.staffToken();
		const answer = await h.call('POST', '/Business/Schedules/Appointments/Addons/Delete', {
			token,
			body: [addOn.Id],
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual({ DeletedAddOnIds: [addOn.Id], Errors: [] });
		expect(h.site().addOns.some((x) => x.Id === addOn.Id)).toBe(false);
		expect(eventsOf('appointmentAddOn.deleted').at(-1)!.eventData).toEqual({
			siteId: -99,
			addOnAppointmentId: addOn.Id,
		});
		const again = await h.call('POST', '/Business/Schedules/Appointments/Addons/Delete', {
			token,
			body: [addOn.Id],
		});
		expect(again.status).toBe(400);
		expect(again.json.Errors).toEqual([{ AddOnId: addOn.Id, Message: `Add-on ${addOn.Id} was not found.` }]);
	});
});
