import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';

import type { ClassInstance, Client, ClientService } from '../../sandbox/data/types';
import { servicePays } from '../../sandbox/rest/v6/classRoster';
import { bodyOf, picked, queryPairs, useNodeSandbox } from './support';

/**
 * A value picked from a list that follows the fields above it stays when they change: n8n's editor
 * reloads the list but never clears a pick. Book Appointment, Book Class, Cancel Class Booking and
 * Sell check before sending that the pick is still one of the values on the form: a stale one is
 * refused naming both, and nothing is sent; a fresh one is sent. In n8n's engine against the
 * sandbox, whose clock is the real time, as the pickers read "now" from the machine.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const DAY = 24 * 3600 * 1000;
const typed = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const task = (operation: string, parameters: INodeParameters = {}) => ({
	resource: 'frontDesk',
	operation,
	...parameters,
});
const fullName = (person: { FirstName: string; LastName: string }) => `${person.FirstName} ${person.LastName}`;

/** Labels a multi-step test's failures with the step that failed. */
async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
	try {
		return await body();
	} catch (error) {
		if (error instanceof Error) error.message = `[${name}] ${error.message}`;
		throw error;
	}
}

describe('Book Appointment: the slot picked is of the staff member, session type and location on the form', () => {
	const BOOK = task('bookAppointment');

	/**
	 * The requests of a run but the site's time zone, which Book reads to write the start whatever
	 * the check (one GET per site and run, as before it): the check's own, and the booking.
	 */
	const checkAndBook = () =>
		h
			.apiRequests()
			.map((r) => r.path)
			.filter((path) => path !== '/site/sites');

	/** An entry of a list as the editor keeps it when picked: its value and its label. */
	async function entry(method: string, value: number, parameters: INodeParameters = BOOK) {
		const found = (await h.everyEntry(method, undefined, parameters)).find((e) => e.value === String(value))!;
		return picked(value, found.name);
	}

	/**
	 * Hana Müller's open slot for a Signature Facial, on a day Zoe Brown (who gives it too) has
	 * open times at the same location, with the form's fields as picked for it.
	 */
	async function hanasSlot() {
		const site = h.site();
		const hana = site.staff.find((s) => fullName(s) === 'Hana Müller')!;
		const zoe = site.staff.find((s) => fullName(s) === 'Zoe Brown')!;
		const type = site.appointmentTypes.find((t) => t.Name === 'Signature Facial')!;
		const slotsOf = async (staffId: number) =>
			await h.everyEntry('searchOpenSlots', undefined, {
				...BOOK,
				staffId: picked(staffId),
				sessionTypeId: picked(type.Id),
			});
		const dayAndPlace = (slot: { name: string; value: string | number | boolean }) =>
			`${String(slot.value).slice(0, 10)} ${slot.name.split(' · ')[3]}`;
		const zoes = new Set((await slotsOf(zoe.Id)).map(dayAndPlace));
		const slot = (await slotsOf(hana.Id)).find((s) => zoes.has(dayAndPlace(s)))!;
		expect(slot).toBeDefined();
		const location = site.locations.find((l) => l.Name === slot.name.split(' · ')[3])!;
		const client = site.clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[2];
		return {
			hana,
			zoe,
			type,
			location,
			label: slot.name,
			form: {
				clientId: picked(client.ClientId, `${fullName(client)} · ${client.Email}`),
				staffId: await entry('searchStaff', hana.Id),
				sessionTypeId: await entry('searchSessionTypes', type.Id),
				locationId: await entry('searchLocations', location.Id),
				startDateTime: picked(String(slot.value), slot.name),
			},
		};
	}

	test('Staff Member changed to Zoe Brown after Hana Müller’s slot was picked: refused naming both, the check sends nothing and nothing is booked; Hana’s books', async () => {
		const { hana, zoe, label, form } = await hanasSlot();
		const zoePicked = await entry('searchStaff', zoe.Id);
		expect(zoePicked.cachedResultName).toBe(`Zoe Brown (${zoe.Id})`);
		h.sandbox.log.clear();

		await step('the stale pick is refused', async () => {
			const result = await h.run(task('bookAppointment', { ...form, staffId: zoePicked }));
			expect(result.status).toBe('error');
			expect(result.nodeError('Mindbody')?.message).toBe(
				`Start Date Time: the slot picked is Hana Müller's (${label}), but Staff Member is Zoe Brown (${zoe.Id}): pick the slot again`,
			);
			expect((result.nodeError('Mindbody') as unknown as { description: string }).description).toMatch(
				/^Staff Member changed after the slot was picked.*Nothing was sent\.$/,
			);
			// The check reads the labels the editor kept: no request of its own, and no booking.
			expect(checkAndBook()).toEqual([]);
		});

		await step('the slot of the staff member on the form books', async () => {
			const result = await h.run(task('bookAppointment', form));
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(checkAndBook()).toEqual(['/appointment/addappointment']);
			expect(bodyOf(h.only('appointment.book'))).toMatchObject({ StaffId: hana.Id });
		});
	});

	test('Session Type or Location changed after the pick is refused the same way, naming both', async () => {
		const { type, location, label, form } = await hanasSlot();
		const site = h.site();
		const express = site.appointmentTypes.find((t) => t.Name === 'Express Facial')!;
		const elsewhere = site.locations.find((l) => l.Id !== location.Id)!;
		const otherType = await entry('searchSessionTypes', express.Id);
		const otherPlace = await entry('searchLocations', elsewhere.Id);
		h.sandbox.log.clear();

		const typeChanged = await h.run(task('bookAppointment', { ...form, sessionTypeId: otherType }));
		expect(typeChanged.nodeError('Mindbody')?.message).toBe(
			`Start Date Time: the slot picked is for ${type.Name} (${label}), but Session Type is ${express.Name} (${express.Id}): pick the slot again`,
		);
		const placeChanged = await h.run(task('bookAppointment', { ...form, locationId: otherPlace }));
		expect(placeChanged.nodeError('Mindbody')?.message).toBe(
			`Start Date Time: the slot picked is at ${location.Name} (${label}), but Location is ${elsewhere.Name} (${elsewhere.Id}): pick the slot again`,
		);
		const both = await h.run(task('bookAppointment', { ...form, sessionTypeId: otherType, locationId: otherPlace }));
		expect(both.nodeError('Mindbody')?.message).toBe(
			`Start Date Time: the slot picked is for ${type.Name} and at ${location.Name} (${label}), but Session Type is ${express.Name} (${express.Id}) and Location is ${elsewhere.Name} (${elsewhere.Id}): pick the slot again`,
		);
		expect(checkAndBook()).toEqual([]);
	});

	test('a staff member typed by ID is named by one read of the slot list for the slot’s day', async () => {
		const { hana, zoe, type, location, label, form } = await hanasSlot();
		const day = DateTime.fromISO(form.startDateTime.value, { setZone: true }).toISODate()!;
		h.sandbox.log.clear();

		await step('Zoe Brown typed by ID: refused after one read', async () => {
			const result = await h.run(task('bookAppointment', { ...form, staffId: typed(zoe.Id) }));
			expect(result.nodeError('Mindbody')?.message).toBe(
				`Start Date Time: the slot picked is Hana Müller's (${label}), but Staff Member is Zoe Brown (${zoe.Id}): pick the slot again`,
			);
			expect(queryPairs(h.only('appointment.getBookableTimes'))).toEqual(
				expect.arrayContaining([
					['request.staffIds', String(zoe.Id)],
					['request.sessionTypeIds', String(type.Id)],
					['request.locationIds', String(location.Id)],
					['request.startDate', day],
					['request.endDate', day],
				]),
			);
			expect(h.calls('appointment.book')).toHaveLength(0);
		});

		await step('Hana Müller typed by ID: one read, then the booking', async () => {
			h.sandbox.log.clear();
			const result = await h.run(task('bookAppointment', { ...form, staffId: typed(hana.Id) }));
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(checkAndBook()).toEqual(['/appointment/bookableitems', '/appointment/addappointment']);
		});
	});

	test('a time typed carries nothing to check against: it is sent as it is, nothing read first', async () => {
		const { zoe, form } = await hanasSlot();
		const zoePicked = await entry('searchStaff', zoe.Id);
		h.sandbox.log.clear();
		await h.run(
			task('bookAppointment', {
				...form,
				staffId: zoePicked,
				startDateTime: { __rl: true, mode: 'time', value: form.startDateTime.value },
			}),
		);
		// Sent, whatever the service answers for Zoe Brown at that time.
		expect(checkAndBook()).toEqual(['/appointment/addappointment']);
		expect(bodyOf(h.only('appointment.book'))).toMatchObject({ StaffId: zoe.Id });
	});
});

describe('Book Class: the pricing option picked pays for the class on the form', () => {
	/** Classes of the coming days with places left. */
	function openClasses(): ClassInstance[] {
		const now = Date.now();
		return h
			.site()
			.classes.filter(
				(c) =>
					!c.IsCanceled &&
					!c.Hidden &&
					Date.parse(c.StartDateTime) > now + DAY &&
					Date.parse(c.StartDateTime) < now + 10 * DAY &&
					c.TotalBooked < c.MaxCapacity,
			);
	}

	const programOf = (instance: ClassInstance) =>
		h.site().classDescriptions.find((d) => d.Id === instance.ClassDescriptionId)!.ProgramId;

	/** A client's pricing option that pays for one open class, and an open class of another program. */
	function passAndTwoClasses(): { client: Client; service: ClientService; paid: ClassInstance; other: ClassInstance } {
		const site = h.site();
		const today = new Date().toISOString().slice(0, 10);
		const open = openClasses();
		for (const paid of open) {
			const other = open.find((c) => programOf(c) !== programOf(paid));
			const service = site.clientServices.find(
				(s) =>
					s.ActiveDate <= today &&
					today <= s.ExpirationDate &&
					servicePays(site, s, s.ClientId, paid) &&
					!site.classRecords.visits.some((v) => v.ClientId === s.ClientId && [paid.Id, other?.Id].includes(v.ClassId)),
			);
			const client = site.clients.find((c) => c.Id === service?.ClientId && c.Status === 'Active');
			if (other && service && client) return { client, service, paid, other };
		}
		throw new Error('The sandbox holds no pricing option for an open class beside a class of another program');
	}

	test('the class changed to one of another program after the pass was picked: refused naming both; the pass’s own class books', async () => {
		const { client, service, paid, other } = passAndTwoClasses();
		const site = h.site();
		const programName = (id: number) => site.programs.find((p) => p.Id === id)!.Name;
		const pass = picked(service.Id, `${service.Remaining} of ${service.Count} left · ${service.Name}`);
		// The class as its picker labels it: day and time, class, teacher, places left.
		const classes = await h.everyEntry('searchClasses', undefined, task('bookClass'));
		const otherLabel = classes.find((e) => e.value === String(other.Id))!.name;
		const form = {
			clientId: picked(client.ClientId, `${fullName(client)} · ${client.Email}`),
			additionalFields: { clientServiceId: pass },
		};

		h.sandbox.log.clear();

		await step('the stale pick is refused', async () => {
			const result = await h.run(task('bookClass', { ...form, classId: picked(other.Id, otherLabel) }));
			expect(result.nodeError('Mindbody')?.message).toBe(
				`Client's Pricing Option: pricing option ${service.Id} (${pass.cachedResultName}) cannot pay for class ${other.Id} (${otherLabel}), picked in Class: the pricing option is for ${programName(service.ProgramId)}, the class is ${programName(programOf(other))}`,
			);
			expect(h.calls('class.addClient')).toHaveLength(0);
			// The client's pricing options (already read), then the class by its ID.
			expect(h.calls('client.getServices')).toHaveLength(1);
			expect(queryPairs(h.only('class.getVisits'))).toEqual([['request.classID', String(other.Id)]]);
			expect(site.clientServices.find((s) => s.Id === service.Id)!.Remaining).toBe(service.Remaining);
		});

		await step('the class the pass pays for books', async () => {
			h.sandbox.log.clear();
			const result = await h.run(task('bookClass', { ...form, classId: picked(paid.Id) }));
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(h.apiRequests().map((r) => r.path)).toEqual([
				'/client/clientservices',
				'/class/classvisits',
				'/class/addclienttoclass',
			]);
			expect(bodyOf(h.only('class.addClient'))).toMatchObject({ ClassId: paid.Id, ClientServiceId: service.Id });
		});
	});
});

describe('Cancel Class Booking: the class picked is one the client on the form is booked into', () => {
	/** A booking of the coming days, its client, and another client not booked into that class. */
	function booking() {
		const site = h.site();
		const now = Date.now();
		const ahead = (classId: number) => {
			const instance = site.classes.find((c) => c.Id === classId);
			return instance !== undefined && Date.parse(instance.StartDateTime) > now + DAY;
		};
		const visit = site.classRecords.visits.find((v) => v.Status === 'Booked' && ahead(v.ClassId))!;
		const booked = new Set(site.classRecords.visits.filter((v) => v.ClassId === visit.ClassId).map((v) => v.ClientId));
		const client = site.clients.find((c) => c.Id === visit.ClientId)!;
		const other = site.clients.find(
			(c) => c.Status === 'Active' && !booked.has(c.Id) && fullName(c) !== fullName(client),
		)!;
		return { visit, client, other };
	}

	test('the client changed after the class was picked: refused naming both, nothing cancelled; the booked client’s is', async () => {
		const { visit, client, other } = booking();
		// The class as the picker labelled it among the first client's bookings.
		const bookings = await h.everyEntry(
			'searchBookedClasses',
			undefined,
			task('cancelBooking', { clientId: picked(client.ClientId) }),
		);
		const classLabel = bookings.find((e) => e.value === String(visit.ClassId))!.name;
		const classId = picked(visit.ClassId, classLabel);
		h.sandbox.log.clear();

		await step('the stale pick is refused', async () => {
			const result = await h.run(
				task('cancelBooking', { clientId: picked(other.ClientId, `${fullName(other)} · ${other.Email}`), classId }),
			);
			expect(result.nodeError('Mindbody')?.message).toBe(
				`Class: ${fullName(other)} (client ${other.ClientId}), picked in Client, is not booked into class ${visit.ClassId} (${classLabel})`,
			);
			expect(queryPairs(h.only('class.getVisits'))).toEqual([['request.classID', String(visit.ClassId)]]);
			expect(h.calls('class.removeClient')).toHaveLength(0);
			expect(h.site().classRecords.visits.find((v) => v.Id === visit.Id)!.Status).toBe('Booked');
		});

		await step('the booked client’s booking is cancelled after one read', async () => {
			h.sandbox.log.clear();
			const result = await h.run(task('cancelBooking', { clientId: picked(client.ClientId), classId }));
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(h.apiRequests().map((r) => r.path)).toEqual(['/class/classvisits', '/class/removeclientfromclass']);
			expect(h.site().classRecords.visits.find((v) => v.Id === visit.Id)!.Status).toBe('Cancelled');
		});
	});

	test('a client typed by ID is named by one read, on the refusal only', async () => {
		const { visit, other } = booking();
		const result = await h.run(
			task('cancelBooking', { clientId: typed(other.ClientId), classId: typed(visit.ClassId) }),
		);
		expect(result.nodeError('Mindbody')?.message).toMatch(
			new RegExp(
				`^Class: ${fullName(other)} \\(client ${other.ClientId}\\), picked in Client, is not booked into class ${visit.ClassId} \\(\\w{3} \\d{1,2} \\w{3} \\d{2}:\\d{2} · .+\\)$`,
			),
		);
		expect(queryPairs(h.only('client.getMany'))).toContainEqual(['request.clientIds', other.ClientId]);
		expect(h.calls('class.removeClient')).toHaveLength(0);
	});

	test('Class → Cancel Booking, which checks nothing first: the service’s refusal in its words, without the base-URL hint', async () => {
		const { visit, other } = booking();
		const result = await h.run({
			resource: 'class',
			operation: 'removeClient',
			classId: picked(visit.ClassId),
			additionalFields: { clientId: picked(other.ClientId) },
		});
		const error = result.nodeError('Mindbody') as unknown as { message: string; description: string };
		expect(error.message).toBe(`Client ${other.ClientId} is not booked into class ${visit.ClassId} (VisitNotFound)`);
		expect(error.description).toMatch(/^Class: Cancel Booking: HTTP 404, the service has no record of an ID sent/);
		expect(error.description).toContain('Check the ID the message names');
		expect(error.description).not.toContain('base URL');
	});
});

describe('Sell: each pricing option of the cart can be sold where the sale is made', () => {
	const client = () => h.site().clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[6];
	const cart = (optionId: number, extra: INodeParameters = {}) =>
		task('sell', {
			clientId: picked(client().ClientId),
			cartItems: { item: [{ type: 'Service', pricingOption: picked(optionId), quantity: 1 }] },
			test: true,
			...extra,
		});

	test('a pricing option the online store does not sell, with no Location: refused naming it, one read and no checkout; with the Location it prices', async () => {
		const option = h.site().saleRecords.pricingOptions[2];
		option.SellOnline = false;
		const [location] = h.site().locations;
		h.sandbox.log.clear();

		await step('no Location: refused before sending', async () => {
			const result = await h.run(cart(option.Id));
			expect(result.nodeError('Mindbody')?.message).toBe(
				`Items[0].Pricing Option: ${option.Name} (${option.Id}) is not sold online, and with no Location picked the sale is made at the online store: pick the Location where it is sold`,
			);
			expect((result.nodeError('Mindbody') as unknown as { description: string }).description).toMatch(
				/Nothing was sent\.$/,
			);
			expect(queryPairs(h.only('pricingOption.getMany'))).toEqual([['request.serviceIds', String(option.Id)]]);
			expect(h.calls('sale.checkout')).toHaveLength(0);
		});

		await step('at the Location: checked by nothing, priced at the desk', async () => {
			h.sandbox.log.clear();
			const result = await h.run(cart(option.Id, { locationId: picked(location.Id, location.Name) }));
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(h.calls('sale.checkout')).toHaveLength(1);
		});
	});

	test('the Location changed to one the pricing option is not sold at, the sale holding to its locations: refused naming both', async () => {
		const [first, second] = h.site().locations;
		const option = h.site().saleRecords.pricingOptions[2];
		option.SellAtLocationIds = [first.Id];
		h.sandbox.log.clear();
		const holding = { additionalFields: { enforceLocationRestrictions: true } };

		const result = await h.run(cart(option.Id, { ...holding, locationId: picked(second.Id, second.Name) }));
		expect(result.nodeError('Mindbody')?.message).toBe(
			`Items[0].Pricing Option: ${option.Name} (${option.Id}) is sold at ${first.Name} only, but Location is ${second.Name} (${second.Id}): pick the pricing option again, or the Location where it is sold`,
		);
		expect(h.calls('sale.checkout')).toHaveLength(0);

		h.sandbox.log.clear();
		const fits = await h.run(cart(option.Id, { ...holding, locationId: picked(first.Id, first.Name) }));
		expect([fits.status, fits.error?.message]).toEqual(['success', undefined]);
		expect(h.calls('sale.checkout')).toHaveLength(1);
	});
});
