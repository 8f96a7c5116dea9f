import { DateTime } from 'luxon';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { APPOINTMENT_PICKER_DAYS } from '../../nodes/shared/catalogue/listSources';
import { bodyOf, picked, queryPairs, useNodeSandbox } from './support';

/**
 * Front Desk at the counter, in n8n's engine against the sandbox: a record picked below a client
 * is that client's or nothing is sent, Sell shows where it sells (and says which prices applied
 * without it), and the appointment picker reaches a booking a month out. The sandbox's clock is
 * the real time, as the pickers read "now" from the machine.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const task = (operation: string, parameters: INodeParameters = {}) => ({
	resource: 'frontDesk',
	operation,
	...parameters,
});

/** A booked appointment of the coming days, and its client. */
function bookedAppointment() {
	const site = h.site();
	const now = Date.now();
	const appointment = site.appointments.find(
		(a) =>
			a.Status === 'Booked' && Date.parse(a.StartDateTime) > now + HOUR && Date.parse(a.StartDateTime) < now + 10 * DAY,
	)!;
	const client = site.clients.find((c) => c.Id === appointment.ClientId)!;
	const other = site.clients.find((c) => c.Status === 'Active' && c.Id !== client.Id)!;
	return { appointment, client, other };
}

const fullName = (client: { FirstName: string; LastName: string }) => `${client.FirstName} ${client.LastName}`;

describe('a record picked below a client is that client’s, or nothing is sent', () => {
	test('Cancel Appointment: the client changed after picking is refused naming both clients', async () => {
		const { appointment, client, other } = bookedAppointment();
		// Picked as the editor keeps it: the appointment of the first client, then the client changed.
		const result = await h.run(
			task('cancelAppointment', {
				clientId: picked(other.ClientId, `${fullName(other)} · ${other.Email}`),
				appointmentId: picked(appointment.Id, 'the first client’s appointment'),
			}),
		);
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe(
			`Appointment: appointment ${appointment.Id} belongs to ${fullName(client)} (client ${client.ClientId}), not to ${fullName(other)} (client ${other.ClientId}) picked in Client`,
		);
		expect(h.calls('appointment.update')).toHaveLength(0);
		expect(h.site().appointments.find((a) => a.Id === appointment.Id)!.Status).toBe('Booked');
		// One read of the appointment by its ID, one to name its client.
		expect(queryPairs(h.only('appointment.search'))).toEqual([['request.appointmentIds', String(appointment.Id)]]);
		expect(queryPairs(h.only('client.getMany'))).toContainEqual(['request.clientIds', client.ClientId]);
	});

	test('Cancel Appointment: the client’s own appointment is cancelled after one read', async () => {
		const { appointment, client } = bookedAppointment();
		const result = await h.run(
			task('cancelAppointment', { clientId: picked(client.ClientId), appointmentId: picked(appointment.Id) }),
		);
		expect(result.status).toBe('success');
		expect(h.calls('appointment.search')).toHaveLength(1);
		expect(bodyOf(h.only('appointment.update'))).toEqual({ AppointmentId: appointment.Id, Execute: 'cancel' });
		expect(h.site().appointments.find((a) => a.Id === appointment.Id)!.Status).toBe('Cancelled');
	});

	test('Cancel Appointment with no client picked checks nothing: the list showed everyone’s', async () => {
		const { appointment } = bookedAppointment();
		const result = await h.run(task('cancelAppointment', { appointmentId: picked(appointment.Id) }));
		expect(result.status).toBe('success');
		expect(h.calls('appointment.search')).toHaveLength(0);
		expect(h.calls('appointment.update')).toHaveLength(1);
	});

	test('Cancel Appointment: an appointment that cannot be read back is refused, nothing sent', async () => {
		const { client } = bookedAppointment();
		const result = await h.run(
			task('cancelAppointment', { clientId: picked(client.ClientId), appointmentId: picked(987654) }),
		);
		expect(result.nodeError('Mindbody')?.message).toBe('Appointment: the appointment 987654 was not found');
		expect(h.calls('appointment.update')).toHaveLength(0);
	});

	test('Remove from Waitlist: an entry of another client than the one picked is refused, nothing sent', async () => {
		const site = h.site();
		const entry = site.classRecords.waitlist.find((w) => w.Status === 'Waiting')!;
		const owner = site.clients.find((c) => c.Id === entry.ClientId)!;
		const other = site.clients.find((c) => c.Status === 'Active' && c.Id !== owner.Id)!;
		const result = await h.run(
			task('removeFromWaitlist', {
				clientId: picked(other.ClientId, fullName(other)),
				waitlistEntryIds: [String(entry.Id)],
			}),
		);
		expect(result.nodeError('Mindbody')?.message).toBe(
			`Waitlist Entry IDs: waiting list entry ${entry.Id} belongs to ${fullName(owner)} (client ${owner.ClientId}), not to ${fullName(other)} (client ${other.ClientId}) picked in Client`,
		);
		// The entry's own answer names its client: no second read.
		expect(h.calls('client.getMany')).toHaveLength(0);
		expect(h.calls('class.removeFromWaitlist')).toHaveLength(0);
		expect(site.classRecords.waitlist.find((w) => w.Id === entry.Id)!.Status).toBe('Waiting');

		const own = await h.run(
			task('removeFromWaitlist', { clientId: picked(owner.ClientId), waitlistEntryIds: [String(entry.Id)] }),
		);
		expect(own.status).toBe('success');
		expect(h.calls('class.removeFromWaitlist')).toHaveLength(1);
	});
});

describe('Sell prices as at the desk', () => {
	const sellProperties = () =>
		new Mindbody().description.properties.filter((p) => {
			const show = p.displayOptions?.show;
			return show?.resource?.includes('frontDesk') && show.operation?.includes('sell');
		});

	test('Location is on the main form, after Client, and no longer under Additional Fields', () => {
		const properties = sellProperties();
		const names = properties.map((p) => p.name);
		expect(names.indexOf('locationId')).toBe(names.indexOf('clientId') + 1);
		expect(properties.find((p) => p.name === 'locationId')!.displayName).toBe('Location');
		const additional = properties.find((p) => p.name === 'additionalFields')!;
		expect((additional.options as INodeProperties[]).map((o) => o.name)).not.toContain('locationId');
	});

	test("the pricing option picker shows each option's price, at the desk and online", async () => {
		const option = h.site().saleRecords.pricingOptions[0];
		const entries = await h.everyEntry('searchPricingOptions', undefined, task('sell'));
		const desk = option.Price.toFixed(2);
		const online = option.OnlinePrice.toFixed(2);
		const prices = desk === online ? desk : `${desk} at the desk, ${online} online`;
		expect(entries.find((e) => e.value === String(option.Id))?.name).toBe(`${option.Name} · ${prices} (${option.Id})`);
	});

	/** A price with the pricing option's tax, as Calculate Tax (on by default) charges it. */
	const taxed = (price: number) => Math.round(price * (1 + h.site().saleRecords.pricingOptions[0].TaxRate) * 100) / 100;

	const sale = (location?: number, amount?: number) => {
		const option = h.site().saleRecords.pricingOptions[0];
		const client = h.site().clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[3];
		return task('sell', {
			clientId: picked(client.ClientId),
			...(location ? { locationId: picked(location) } : {}),
			cartItems: { item: [{ type: 'Service', pricingOption: picked(option.Id), quantity: 1 }] },
			cartPayments: { payment: [{ type: 'Cash', amount: amount ?? taxed(option.Price) }] },
		});
	};

	test('the Location picked is sent, and the run says nothing of prices', async () => {
		const result = await h.run(sale(1));
		expect(result.status).toBe('success');
		expect(bodyOf(h.only('sale.checkout'))).toMatchObject({ LocationId: 1 });
		expect(result.hints('Mindbody')).toEqual([]);
	});

	test('a sale without a Location says the online prices applied', async () => {
		// Paid the online price with its tax: the sale goes through, and the editor says which price it was.
		const result = await h.run(sale(undefined, taxed(h.site().saleRecords.pricingOptions[0].OnlinePrice)));
		expect([result.status, result.error?.message]).toEqual(['success', undefined]);
		expect(bodyOf(h.only('sale.checkout'))).not.toHaveProperty('LocationId');
		expect(result.hints('Mindbody').map((hint) => hint.message)).toEqual([
			"Item 1: No Location was picked: Mindbody priced the sale at the online store's prices and taxes, which may differ from the desk's. Pick the Location on the form to sell at its prices.",
		]);
	});
});

describe('the appointment picker reaches a month out', () => {
	const CANCEL = task('cancelAppointment');

	test('Options offers Appointment Picker Days on Cancel Appointment, six weeks by default', () => {
		const options = new Mindbody().description.properties.filter(
			(p) =>
				p.name === 'options' &&
				p.displayOptions?.show?.resource?.includes('frontDesk') &&
				p.displayOptions.show.operation?.includes('cancelAppointment'),
		);
		expect(options).toHaveLength(1);
		const option = (options[0].options as INodeProperties[]).find((o) => o.name === 'appointmentPickerDays')!;
		expect([option.displayName, option.default]).toEqual(['Appointment Picker Days', APPOINTMENT_PICKER_DAYS.days]);
		expect(APPOINTMENT_PICKER_DAYS.days).toBeGreaterThanOrEqual(31);
	});

	test('an appointment 30 days ahead is offered; the option cuts the list to fewer days', async () => {
		const { appointment, client } = bookedAppointment();
		const start = DateTime.now().plus({ days: 30 }).startOf('hour').set({ hour: 10 });
		appointment.StartDateTime = start.toUTC().toISO({ suppressMilliseconds: true })!;
		appointment.EndDateTime = start.plus({ minutes: appointment.DurationMinutes }).toUTC().toISO()!;
		const forClient = { ...CANCEL, clientId: picked(client.ClientId) };
		const entries = await h.everyEntry('searchAppointments', undefined, forClient);
		expect(entries.map((e) => e.value)).toContain(String(appointment.Id));
		const asked = queryPairs(h.calls('appointment.search')[0]);
		const from = asked.find(([key]) => key === 'request.startDate')![1];
		const until = asked.find(([key]) => key === 'request.endDate')![1];
		expect(DateTime.fromISO(until).diff(DateTime.fromISO(from), 'days').days).toBe(APPOINTMENT_PICKER_DAYS.days);

		const shorter = await h.everyEntry('searchAppointments', undefined, {
			...forClient,
			options: { appointmentPickerDays: 14 },
		});
		expect(shorter.map((e) => e.value)).not.toContain(String(appointment.Id));
	});
});

describe('Book Appointment: an empty slot list says why', () => {
	test('a staff member who does not offer the session type gets the reason, not "No results"', async () => {
		const site = h.site();
		const type = site.appointmentTypes[0];
		const staff = site.staff.find((s) => s.Active && !s.AppointmentTypeIds.includes(type.Id))!;
		await expect(
			h.listSearch(
				'searchOpenSlots',
				undefined,
				task('bookAppointment', { staffId: picked(staff.Id), sessionTypeId: picked(type.Id) }),
			),
		).rejects.toThrow(/^No open times in the next 14 days for the Staff Member and Session Type picked/);
		// A search typed that matches nothing stays an empty list.
		const offering = site.staff.find((s) => s.Active && s.AppointmentTypeIds.includes(type.Id))!;
		const none = await h.listSearch(
			'searchOpenSlots',
			'no such words',
			task('bookAppointment', { staffId: picked(offering.Id), sessionTypeId: picked(type.Id) }),
		);
		expect(none.results).toEqual([]);
	});
});

describe('Cancel Class Booking lists the classes the client is booked into', () => {
	test("the class picker offers the client's coming bookings only, and the one picked is cancelled", async () => {
		const site = h.site();
		const now = Date.now();
		const ahead = (classId: number) => {
			const instance = site.classes.find((c) => c.Id === classId);
			return instance !== undefined && Date.parse(instance.StartDateTime) > now + HOUR;
		};
		const visit = site.classRecords.visits.find((v) => v.Status === 'Booked' && ahead(v.ClassId))!;
		const client = site.clients.find((c) => c.Id === visit.ClientId)!;
		const booked = site.classRecords.visits
			.filter((v) => v.ClientId === client.Id && v.Status === 'Booked' && ahead(v.ClassId))
			.map((v) => String(v.ClassId));
		const parameters = task('cancelBooking', { clientId: picked(client.ClientId) });
		const entries = await h.everyEntry('searchBookedClasses', undefined, parameters);
		const offered = entries.map((e) => e.value);
		expect(offered.length).toBeGreaterThan(0);
		expect(offered).toContain(String(visit.ClassId));
		// Every class offered is one of the client's bookings, and far fewer than the schedule's.
		for (const classId of offered) expect(booked).toContain(classId);
		expect(queryPairs(h.calls('client.getVisits')[0])).toContainEqual(['request.clientId', client.ClientId]);
		const instance = site.classes.find((c) => c.Id === visit.ClassId)!;
		const name = site.classDescriptions.find((d) => d.Id === instance.ClassDescriptionId)!.Name;
		expect(entries.find((e) => e.value === String(visit.ClassId))?.name).toContain(name);

		const result = await h.run({ ...parameters, classId: picked(visit.ClassId) });
		expect(result.status).toBe('success');
		expect(bodyOf(h.only('class.removeClient'))).toMatchObject({ ClientId: client.ClientId, ClassId: visit.ClassId });
	});

	test('without a client the list says to pick one first', async () => {
		await expect(h.listSearch('searchBookedClasses', undefined, task('cancelBooking'))).rejects.toThrow(
			'Fill in Client first',
		);
	});
});
