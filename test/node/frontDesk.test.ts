import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_CARDS } from '../../sandbox/data/saleRecords';
import type { ClassInstance, Client } from '../../sandbox/data/types';
import type { LoggedRequest } from '../../sandbox/requestLog';
import type { RunResult } from '../harness/runWorkflow';
import { bodyOf, expectHeaders, pairs, queryPairs, useNodeSandbox } from './support';

/**
 * Front Desk's tasks in n8n's engine against the sandbox: each sends its operation's request, with
 * the fields it asks for and the values it sets itself, and its pickers read from the service. The
 * sandbox's clock is the real time here, as the pickers read "now" from the machine.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const HOUR = 60 * 60 * 1000;
const picked = (value: string | number) => ({ __rl: true, mode: 'list', value: String(value) });
const typed = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const task = (operation: string, parameters: INodeParameters = {}) => ({
	resource: 'frontDesk',
	operation,
	...parameters,
});

/** The run's one request, of the task's operation, on its method and path, after a run that succeeded. */
function sent(result: RunResult, operation: string, method: string, path: string): LoggedRequest {
	expect(result.status).toBe('success');
	const request = h.only(operation);
	expect([request.method, request.path]).toEqual([method, path]);
	return request;
}

/** A client free to book: active, of age, not booked into the class given. */
function freeClient(notIn?: ClassInstance, skip = 0): Client {
	const site = h.site();
	const booked = new Set(
		site.classRecords.visits.filter((v) => notIn && v.ClassId === notIn.Id).map((visit) => visit.ClientId),
	);
	const waiting = new Set(site.classRecords.waitlist.map((entry) => entry.ClientId));
	return site.clients.filter(
		(c) => c.Status === 'Active' && c.CustodianId === null && !booked.has(c.Id) && !waiting.has(c.Id),
	)[skip];
}

/** A class of the coming days with places left, or a full one with room on its waiting list. */
function upcomingClass(full: boolean): ClassInstance {
	const now = Date.now();
	return h
		.site()
		.classes.find(
			(c) =>
				!c.IsCanceled &&
				!c.Hidden &&
				Date.parse(c.StartDateTime) > now + 24 * HOUR &&
				(full ? c.TotalBooked >= c.MaxCapacity : c.TotalBooked < c.MaxCapacity - 1),
		)!;
}

describe('Front Desk: clients', () => {
	test('Find Client searches names, e-mails and phones on GET /client/clients', async () => {
		const client = h.site().clients[3];
		const result = await h.run(task('findClient', { searchText: client.Email, filters: { includeInactive: true } }));
		const request = sent(result, 'client.getMany', 'GET', '/client/clients');
		expect(queryPairs(request)).toEqual([
			['request.includeInactive', 'true'],
			['request.searchText', client.Email],
			['request.limit', '50'],
			['request.offset', '0'],
		]);
		expectHeaders(h, request, true);
		// Simplified, as Client → Get Many is: a person's contact details stay.
		expect(result.jsonItems).toEqual([
			expect.objectContaining({ Id: client.ClientId, Email: client.Email, MobilePhone: client.MobilePhone }),
		]);
	});

	test('Find Client without search text is refused naming the field, and nothing is sent', async () => {
		// n8n refuses to run a required field left empty; an expression that comes out empty reaches the node.
		const result = await h.run(task('findClient', { searchText: '={{ $json.text }}' }), { items: [{ text: '' }] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Search Text: is required');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Add Client sends the name and contact details, and what Additional Fields add', async () => {
		const result = await h.run(
			task('addClient', {
				firstName: 'Noor',
				lastName: 'Haddad',
				email: 'noor.haddad@example.com',
				mobilePhone: '8055550199',
				additionalFields: { city: 'Pismo Beach' },
			}),
		);
		const request = sent(result, 'client.create', 'POST', '/client/addclient');
		expect(bodyOf(request)).toEqual({
			FirstName: 'Noor',
			LastName: 'Haddad',
			Email: 'noor.haddad@example.com',
			MobilePhone: '8055550199',
			City: 'Pismo Beach',
		});
		expect(h.site().clients.some((c) => c.Email === 'noor.haddad@example.com')).toBe(true);
	});

	test('Update Client changes only what is given; an empty e-mail is left out', async () => {
		const client = h.site().clients[5];
		const result = await h.run(
			task('updateClient', {
				clientId: picked(client.ClientId),
				clientEmail: '',
				clientMobilePhone: '8055550123',
				clientFields: { clientCity: 'Arroyo Grande' },
			}),
		);
		const request = sent(result, 'client.update', 'POST', '/client/updateclient');
		expect(bodyOf(request)).toEqual({
			Client: { Id: client.ClientId, MobilePhone: '8055550123', City: 'Arroyo Grande' },
		});
		expect(h.site().clients.find((c) => c.Id === client.Id)).toMatchObject({
			MobilePhone: '8055550123',
			City: 'Arroyo Grande',
			Email: client.Email,
		});
	});

	test('Check In records the arrival with the staff token', async () => {
		const client = freeClient();
		const result = await h.run(task('checkIn', { clientId: picked(client.ClientId), locationId: picked(1) }));
		const request = sent(result, 'client.addArrival', 'POST', '/client/addarrival');
		expect(bodyOf(request)).toEqual({ ClientId: client.ClientId, LocationId: 1 });
		expect(request.headers.authorization).toBe(`Bearer ${h.token()}`);
		expect(h.site().clientRecords.arrivals.some((a) => a.ClientId === client.Id)).toBe(true);
	});

	test("a client's visits, purchases and memberships: GETs by the client's ID", async () => {
		const client = h.site().clients[8];
		const reads: Array<[string, string, string]> = [
			['getVisits', 'client.getVisits', '/client/clientvisits'],
			['getPurchases', 'client.getPurchases', '/client/clientpurchases'],
			['getMemberships', 'client.getActiveMemberships', '/client/activeclientmemberships'],
		];
		for (const [operation, sends, path] of reads) {
			const result = await h.run(task(operation, { clientId: picked(client.ClientId), returnAll: true }));
			expect([operation, result.status]).toEqual([operation, 'success']);
			const request = h.only(sends);
			expect([request.method, request.path]).toEqual(['GET', path]);
			expect(queryPairs(request)).toContainEqual(['request.clientId', client.ClientId]);
		}
		const filtered = await h.run(
			task('getVisits', { clientId: picked(client.ClientId), filters: { startDate: '2026-01-01T00:00:00' } }),
		);
		expect(filtered.status).toBe('success');
		expect(queryPairs(h.calls('client.getVisits').at(-1)!)).toContainEqual([
			'request.startDate',
			'2026-01-01T00:00:00',
		]);
	});
});

describe('Front Desk: classes', () => {
	test('Book Class books the picked client into the picked class', async () => {
		const instance = upcomingClass(false);
		const client = freeClient(instance);
		const result = await h.run(task('bookClass', { clientId: picked(client.ClientId), classId: picked(instance.Id) }));
		const request = sent(result, 'class.addClient', 'POST', '/class/addclienttoclass');
		expect(bodyOf(request)).toEqual({ ClientId: client.ClientId, ClassId: instance.Id });
		expect(h.site().classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === client.Id)).toBe(true);
	});

	test('Cancel Class Booking sends Late Cancel as the switch says; without a client nothing is sent', async () => {
		const instance = upcomingClass(false);
		const client = freeClient(instance);
		await h.run(task('bookClass', { clientId: picked(client.ClientId), classId: picked(instance.Id) }));
		const refused = await h.run(
			task('cancelBooking', { clientId: typed('={{ $json.client }}'), classId: picked(instance.Id) }),
			{ items: [{ client: '' }] },
		);
		expect(refused.nodeError('Mindbody')?.message).toBe('Client: is required');
		expect(h.calls('class.removeClient')).toHaveLength(0);

		const result = await h.run(
			task('cancelBooking', { clientId: picked(client.ClientId), classId: picked(instance.Id), lateCancel: true }),
		);
		const request = sent(result, 'class.removeClient', 'POST', '/class/removeclientfromclass');
		expect(bodyOf(request)).toEqual({ ClientId: client.ClientId, ClassId: instance.Id, LateCancel: true });
		const visit = h.site().classRecords.visits.find((v) => v.ClassId === instance.Id && v.ClientId === client.Id)!;
		expect(visit.Status).toBe('LateCancelled');
	});

	test('Add to Waitlist sets Waitlist itself; Remove from Waitlist takes the entry picked off', async () => {
		const instance = upcomingClass(true);
		const client = freeClient(instance);
		const added = await h.run(
			task('addToWaitlist', { clientId: picked(client.ClientId), classId: picked(instance.Id) }),
		);
		expect(bodyOf(sent(added, 'class.addClient', 'POST', '/class/addclienttoclass'))).toEqual({
			ClientId: client.ClientId,
			ClassId: instance.Id,
			Waitlist: true,
		});
		const entry = h.site().classRecords.waitlist.find((w) => w.ClassId === instance.Id && w.ClientId === client.Id)!;
		expect(entry.Status).toBe('Waiting');

		// The entries picker lists the class's waiting list, labelled by client, day and class.
		const parameters = task('removeFromWaitlist', { classId: picked(instance.Id) });
		const options = await h.loadOptions('searchWaitlistEntries', parameters);
		const waiting = h.site().classRecords.waitlist.filter((w) => w.ClassId === instance.Id && w.Status === 'Waiting');
		expect(options.map((o) => o.value).sort()).toEqual(waiting.map((w) => String(w.Id)).sort());
		const start = DateTime.fromISO(instance.StartDateTime, { setZone: true }).toFormat('ccc d LLL HH:mm', {
			locale: 'en',
		});
		expect(options.find((o) => o.value === String(entry.Id))?.name).toBe(
			`${client.FirstName} ${client.LastName} · ${start} · ${h.site().classDescriptions.find((d) => d.Id === instance.ClassDescriptionId)!.Name}`,
		);

		const removed = await h.run({ ...parameters, waitlistEntryIds: [String(entry.Id)] });
		const request = sent(removed, 'class.removeFromWaitlist', 'POST', '/class/removefromwaitlist');
		expect(queryPairs(request)).toEqual([['request.waitlistEntryIds', String(entry.Id)]]);
		expect(h.site().classRecords.waitlist.find((w) => w.Id === entry.Id)!.Status).not.toBe('Waiting');
	});

	test('the waiting list picker needs a class or a client first, and says so', async () => {
		await expect(h.loadOptions('searchWaitlistEntries', task('removeFromWaitlist'))).rejects.toThrow(
			'Fill in Class or Client first',
		);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Continue On Fail: a bad item gets its error, the others their booking, each paired', async () => {
		const instance = upcomingClass(false);
		const clients = [freeClient(instance), freeClient(instance, 1)];
		const result = await h.run(
			task('bookClass', { clientId: typed('={{ $json.client }}'), classId: picked(instance.Id) }),
			{
				items: [{ client: clients[0].ClientId }, { client: '' }, { client: clients[1].ClientId }],
				continueOnFail: true,
			},
		);
		expect(result.status).toBe('success');
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		expect(result.jsonItems[1].error).toBe('Client: is required');
		expect(result.jsonItems[0]).toMatchObject({ ClassId: instance.Id });
		expect(result.jsonItems[2]).toMatchObject({ ClassId: instance.Id });
		expect(h.calls('class.addClient')).toHaveLength(2);
	});
});

describe('Front Desk: appointments', () => {
	/** A session type and a staff member who gives it, with open times in the coming days. */
	function bookable() {
		const site = h.site();
		for (const type of site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn)) {
			const staff = site.staff.find((s) => s.Active && s.AppointmentTypeIds.includes(type.Id) && s.Id > 101);
			if (staff) return { type, staff };
		}
		throw new Error('The sandbox has no bookable session type');
	}

	test("the open slot picker cuts the staff member's free times into sessions, each bookable", async () => {
		const { type, staff } = bookable();
		const parameters = task('bookAppointment', { staffId: picked(staff.Id), sessionTypeId: picked(type.Id) });
		const entries = await h.everyEntry('searchOpenSlots', undefined, parameters);
		const now = Date.now();
		const read = h.calls('appointment.getBookableTimes');
		expect(read.length).toBeGreaterThan(0);
		expect(queryPairs(read[0])).toEqual(
			expect.arrayContaining([
				['request.sessionTypeIds', String(type.Id)],
				['request.staffIds', String(staff.Id)],
			]),
		);
		// The windows the service answers, as Appointment → Get Bookable Times returns them.
		const windows = (
			await h.run({
				resource: 'appointment',
				operation: 'getBookableTimes',
				sessionTypeIds: [String(type.Id)],
				returnAll: true,
				simplify: false,
				filters: {
					staffIds: [String(staff.Id)],
					startDate: DateTime.now().minus({ days: 1 }).toISODate(),
					endDate: DateTime.now().plus({ days: 15 }).toISODate(),
				},
			})
		).jsonItems;
		const expected = windows.flatMap((window) => {
			const starts: string[] = [];
			const last = Date.parse(String(window.BookableEndDateTime));
			for (let at = Date.parse(String(window.StartDateTime)); at <= last; at += type.DurationMinutes * 60000) {
				starts.push(new Date(at).toISOString().replace('.000Z', 'Z'));
			}
			return starts;
		});
		const ahead = expected.filter((start) => Date.parse(start) > now && Date.parse(start) < now + 13 * 24 * HOUR);
		expect(ahead.length).toBeGreaterThan(3);
		const values = entries.map((entry) => String(entry.value));
		expect(values).toEqual(expect.arrayContaining(ahead));
		expect(values.every((value) => expected.includes(value) && Date.parse(value) > now - 60000)).toBe(true);
		expect(values).toEqual([...values].sort());
		const staffName = `${staff.FirstName} ${staff.LastName}`;
		for (const entry of entries) expect(entry.name).toContain(` · ${type.Name} · `);
		expect(entries.every((entry) => entry.name.includes(staffName) || entry.name.includes(staff.DisplayName))).toBe(
			true,
		);

		// Booking the first slot sends the picked start as the site's local time (the sandbox's UTC site writes a Z).
		const client = freeClient();
		const slot = values[0];
		const location = windows.find((w) => Date.parse(String(w.StartDateTime)) <= Date.parse(slot))!
			.Location as IDataObject;
		const result = await h.run({
			...parameters,
			clientId: picked(client.ClientId),
			locationId: picked(String(location.Id)),
			startDateTime: picked(slot),
		});
		const request = sent(result, 'appointment.book', 'POST', '/appointment/addappointment');
		expect(bodyOf(request)).toEqual({
			ClientId: client.ClientId,
			StaffId: staff.Id,
			SessionTypeId: type.Id,
			LocationId: location.Id,
			StartDateTime: slot.replace(/Z$/, ''),
		});
		expect(h.site().appointments.some((a) => a.ClientId === client.Id && a.StaffId === staff.Id)).toBe(true);
	});

	test('the open slot picker needs a session type first; a typed time that is none is refused', async () => {
		const { staff } = bookable();
		await expect(
			h.listSearch('searchOpenSlots', undefined, task('bookAppointment', { staffId: picked(staff.Id) })),
		).rejects.toThrow('Fill in Session Type first');
		const client = freeClient();
		const result = await h.run(
			task('bookAppointment', {
				clientId: picked(client.ClientId),
				staffId: picked(staff.Id),
				sessionTypeId: picked(staff.AppointmentTypeIds[0]),
				locationId: picked(1),
				startDateTime: { __rl: true, mode: 'time', value: 'tomorrow at ten' },
			}),
		);
		expect(result.nodeError('Mindbody')?.message).toContain('Start Date Time: "tomorrow at ten" is not a date-time');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test("Cancel Appointment: the client's coming appointments to pick from, Action set by Late Cancel", async () => {
		const site = h.site();
		const now = Date.now();
		const appointment = site.appointments.find(
			(a) =>
				a.Status === 'Booked' &&
				Date.parse(a.StartDateTime) > now + HOUR &&
				Date.parse(a.StartDateTime) < now + 10 * 24 * HOUR,
		)!;
		const client = site.clients.find((c) => c.Id === appointment.ClientId)!;
		const parameters = task('cancelAppointment', { clientId: picked(client.ClientId) });
		const entries = await h.everyEntry('searchAppointments', undefined, parameters);
		const coming = site.appointments.filter(
			(a) =>
				a.ClientId === client.Id &&
				['Booked', 'Confirmed', 'Requested', 'Arrived'].includes(a.Status) &&
				Date.parse(a.StartDateTime) > Date.now() &&
				Date.parse(a.StartDateTime) < now + 13 * 24 * HOUR,
		);
		expect(entries.map((e) => e.value)).toEqual(expect.arrayContaining(coming.map((a) => String(a.Id))));
		expect(queryPairs(h.calls('appointment.search')[0])).toContainEqual(['request.clientId', client.ClientId]);
		// Each appointment is labelled by the service booked (its session type, read once beside the page).
		const service = site.appointmentTypes.find((t) => t.Id === appointment.SessionTypeId)!;
		expect(entries.find((e) => e.value === String(appointment.Id))?.name).toMatch(
			new RegExp(` · ${service.Name} · .* · client ${client.ClientId}$`),
		);
		expect(h.calls('sessionType.getMany')).toHaveLength(h.calls('appointment.search').length);

		const plain = await h.run({ ...parameters, appointmentId: picked(appointment.Id) });
		expect(plain.status).toBe('success');
		expect(bodyOf(h.only('appointment.update'))).toEqual({ AppointmentId: appointment.Id, Execute: 'cancel' });

		const other = site.appointments.find(
			(a) => a.Status === 'Booked' && a.Id !== appointment.Id && Date.parse(a.StartDateTime) > now + HOUR,
		)!;
		// Another client's appointment, typed with no client picked: nothing to check it against.
		const late = await h.run(task('cancelAppointment', { appointmentId: typed(other.Id), lateCancel: true }));
		expect(late.status).toBe('success');
		const request = h.calls('appointment.update').at(-1)!;
		expect([request.method, request.path]).toEqual(['POST', '/appointment/updateappointment']);
		expect(bodyOf(request)).toEqual({ AppointmentId: other.Id, Execute: 'latecancel' });
	});

	test('a picker left empty is an error naming it as it shows, by what it picks; nothing is sent', async () => {
		// An expression giving nothing (n8n itself refuses a required field left empty in the editor):
		// the task's own picker on a field its operation asks for by ID, a picker of a v6 body, one of a query.
		const nothing = typed('={{ $json.none }}');
		const cases: Array<[string, INodeParameters, string]> = [
			['cancelAppointment', { appointmentId: nothing }, 'Appointment: is required'],
			['bookClass', { clientId: nothing, classId: picked(1) }, 'Client: is required'],
			['getVisits', { clientId: nothing }, 'Client: is required'],
		];
		for (const [operation, parameters, message] of cases) {
			const result = await h.run(task(operation, parameters), { items: [{ none: '' }] });
			expect([operation, result.nodeError('Mindbody')?.message]).toEqual([operation, message]);
		}
		expect(h.apiRequests()).toHaveLength(0);
	});

	test("a picker's typed value that breaks the operation's rule is named by the picker too; nothing is sent", async () => {
		const result = await h.run(task('cancelAppointment', { appointmentId: typed('tomorrow') }));
		expect(result.nodeError('Mindbody')?.message).toMatch(/^Appointment: .*tomorrow/);
		// The same operation under its own resource keeps its own label.
		const plain = await h.run({
			resource: 'appointment',
			operation: 'update',
			appointmentId: 'tomorrow',
		});
		expect(plain.nodeError('Mindbody')?.message).toMatch(/^Appointment ID: /);
		expect(h.apiRequests()).toHaveLength(0);
	});
});

describe('Front Desk: selling', () => {
	test("Sell is Sale → Checkout's form and request", async () => {
		const option = h.site().saleRecords.pricingOptions[1];
		// Calculate Tax opens on, as the API's default is: the cash paid includes the location's tax.
		const total = Math.round(option.Price * (1 + option.TaxRate) * 100) / 100;
		const client = freeClient();
		const result = await h.run(
			task('sell', {
				clientId: picked(client.ClientId),
				cartItems: { item: [{ type: 'Service', pricingOption: picked(option.Id), quantity: 1 }] },
				locationId: picked(1),
				cartPayments: { payment: [{ type: 'Cash', amount: total }] },
			}),
		);
		const request = sent(result, 'sale.checkout', 'POST', '/sale/checkoutshoppingcart');
		expect(bodyOf(request)).toMatchObject({
			ClientId: client.ClientId,
			LocationId: 1,
			CalculateTax: true,
			Items: [{ Item: { Type: 'Service', Metadata: { Id: option.Id } }, Quantity: 1 }],
			Payments: [{ Type: 'Cash', Metadata: { Amount: total } }],
		});
		expect(result.jsonItems[0]).toMatchObject({ ShoppingCart: { GrandTotal: total } });
	});

	test("Sell's output names each item sold: type, ID, name and price, the sale read back once", async () => {
		const records = h.site().saleRecords;
		const option = records.pricingOptions[1];
		const product = records.products.find((p) => p.InStock > 0)!;
		const client = freeClient();
		const priced = await h.run(
			task('sell', {
				clientId: picked(client.ClientId),
				// The pricing option typed by ID (no name on the form), the product picked from the list.
				cartItems: {
					item: [
						{ type: 'Service', pricingOption: typed(option.Id), quantity: 1 },
						{
							type: 'Product',
							product: { ...picked(product.BarcodeId), cachedResultName: `${product.Name} (${product.BarcodeId})` },
							quantity: 1,
						},
					],
				},
				locationId: picked(1),
				test: true,
			}),
		);
		// Test Only makes no sale: nothing to read back; each item priced from its list, at the desk's price.
		expect(h.calls('sale.getMany')).toHaveLength(0);
		expect(h.calls('pricingOption.getMany')).toHaveLength(1);
		expect(h.calls('product.getMany')).toHaveLength(1);
		const preview = priced.jsonItems[0] as {
			ShoppingCart: { GrandTotal: number; TaxTotal: number; SubTotal: number; CartItems: IDataObject[] };
		};
		expect(preview.ShoppingCart.CartItems.map((line) => line.Item)).toEqual([
			{ Type: 'Service', Id: option.Id, Name: option.Name, Price: option.Price },
			{ Type: 'Product', Id: product.BarcodeId, Name: product.Name, Price: product.Price },
		]);
		// The total to pay is the items' prices with their tax.
		expect(preview.ShoppingCart.SubTotal).toBe(option.Price + product.Price);
		expect(preview.ShoppingCart.GrandTotal).toBeCloseTo(
			preview.ShoppingCart.SubTotal + preview.ShoppingCart.TaxTotal,
			2,
		);
		expect(preview.ShoppingCart.TaxTotal).toBeGreaterThan(0);

		const result = await h.run(
			task('sell', {
				clientId: picked(client.ClientId),
				cartItems: {
					item: [
						{ type: 'Service', pricingOption: typed(option.Id), quantity: 1 },
						{ type: 'Product', product: typed(product.BarcodeId), quantity: 1 },
					],
				},
				locationId: picked(1),
				cartPayments: { payment: [{ type: 'Cash', amount: preview.ShoppingCart.GrandTotal }] },
			}),
		);
		expect(result.status).toBe('success');
		const cart = (result.jsonItems[0] as { ShoppingCart: { SaleId: number; CartItems: IDataObject[] } }).ShoppingCart;
		expect(cart.CartItems.map((line) => line.Item)).toEqual([
			{ Type: 'Service', Id: option.Id, Name: option.Name, Price: option.Price },
			{ Type: 'Product', Id: product.BarcodeId, Name: product.Name, Price: product.Price },
		]);
		// One read of the sale made, by its ID, after the one checkout.
		expect(h.calls('sale.checkout')).toHaveLength(2);
		const reads = h.calls('sale.getMany');
		expect(reads).toHaveLength(1);
		expect(queryPairs(reads[0])).toContainEqual(['request.saleId', String(cart.SaleId)]);
	});

	test("Sell without a Location: Test Only prices each item at the online store's price, and a payment of the desk's total is refused saying the online prices applied", async () => {
		const option = h.site().saleRecords.pricingOptions[1];
		expect(option.OnlinePrice).not.toBe(option.Price);
		const client = freeClient();
		const form = {
			clientId: picked(client.ClientId),
			cartItems: { item: [{ type: 'Service', pricingOption: picked(option.Id), quantity: 1 }] },
		};
		const priced = await h.run(task('sell', { ...form, test: true }));
		const preview = (priced.jsonItems[0] as { ShoppingCart: { GrandTotal: number; CartItems: IDataObject[] } })
			.ShoppingCart;
		expect(preview.CartItems.map((line) => line.Item)).toEqual([
			{ Type: 'Service', Id: option.Id, Name: option.Name, Price: option.OnlinePrice },
		]);
		expect(preview.GrandTotal).toBe(Math.round(option.OnlinePrice * (1 + option.TaxRate) * 100) / 100);

		const desk = Math.round(option.Price * (1 + option.TaxRate) * 100) / 100;
		const sales = h.site().sales.length;
		const paid = await h.run(task('sell', { ...form, cartPayments: { payment: [{ type: 'Cash', amount: desk }] } }));
		expect(paid.status).toBe('error');
		const error = paid.nodeError('Mindbody') as unknown as { message: string; description: string };
		expect(error.message).toBe(
			`The payments add up to ${desk.toFixed(2)}, the total is ${preview.GrandTotal.toFixed(2)} (InvalidPaymentAmount): no Location was picked, so Mindbody priced the sale at the online store's prices and taxes, which may differ from the desk's`,
		);
		expect(error.description).toContain('Pick the Location to sell at its prices');
		expect(h.site().sales).toHaveLength(sales);

		// With a Location, the same refusal is the service's alone: the desk's prices applied.
		const atDesk = await h.run(
			task('sell', {
				...form,
				locationId: picked(1),
				cartPayments: { payment: [{ type: 'Cash', amount: preview.GrandTotal }] },
			}),
		);
		expect(atDesk.nodeError('Mindbody')?.message).toBe(
			`The payments add up to ${preview.GrandTotal.toFixed(2)}, the total is ${desk.toFixed(2)} (InvalidPaymentAmount)`,
		);
	});

	test('Sell names a tip from what was sent, with no read when every item is named and priced', async () => {
		const client = freeClient();
		const staff = h.site().staff[0];
		const result = await h.run(
			task('sell', {
				clientId: picked(client.ClientId),
				cartItems: { item: [{ type: 'Tip', tipAmount: 5, staffMember: picked(staff.Id) }] },
				locationId: picked(1),
				calculateTax: false,
				cartPayments: { payment: [{ type: 'Cash', amount: 5 }] },
			}),
		);
		expect(result.status).toBe('success');
		const cart = (result.jsonItems[0] as { ShoppingCart: { SaleId: number; CartItems: IDataObject[] } }).ShoppingCart;
		expect(cart.SaleId).toEqual(expect.any(Number));
		expect(cart.CartItems.map((line) => line.Item)).toEqual([{ Type: 'Tip', Id: null, Name: 'Tip', Price: 5 }]);
		expect(h.calls('sale.getMany')).toHaveLength(0);
	});

	test("a payment's Type from workflow data: each item needs only its own type's fields, a missing one named", async () => {
		const option = h.site().saleRecords.pricingOptions[1];
		const total = Math.round(option.Price * (1 + option.TaxRate) * 100) / 100;
		const [cash, card, cardless] = [freeClient(undefined, 0), freeClient(undefined, 1), freeClient(undefined, 2)];
		// A "cash or card" form: the card fields are expressions too, empty for a cash payment.
		const result = await h.run(
			task('sell', {
				clientId: typed('={{ $json.client }}'),
				cartItems: { item: [{ type: 'Service', pricingOption: typed(option.Id), quantity: 1 }] },
				locationId: picked(1),
				cartPayments: {
					payment: [
						{
							type: '={{ $json.payType }}',
							amount: total,
							cardNumber: '={{ $json.cardNumber }}',
							expMonth: '={{ $json.expMonth }}',
							expYear: '={{ $json.expYear }}',
						},
					],
				},
			}),
			{
				continueOnFail: true,
				items: [
					{ client: cash.ClientId, payType: 'Cash', cardNumber: '', expMonth: '', expYear: '' },
					{
						client: card.ClientId,
						payType: 'CreditCard',
						cardNumber: TEST_CARDS.visa,
						expMonth: '12',
						expYear: '2030',
					},
					{ client: cardless.ClientId, payType: 'CreditCard', cardNumber: '', expMonth: '12', expYear: '2030' },
				],
			},
		);
		expect(result.status).toBe('success');
		const payments = h.calls('sale.checkout').map((request) => (bodyOf(request) as IDataObject).Payments);
		expect(payments).toEqual([
			[{ Type: 'Cash', Metadata: { Amount: total } }],
			[
				{
					Type: 'CreditCard',
					Metadata: { Amount: total, CreditCardNumber: TEST_CARDS.visa, ExpMonth: '12', ExpYear: '2030' },
				},
			],
		]);
		// The card payment without a number: its error names the field and the type; it sent nothing.
		expect(result.items[2].json.error).toBe('Payments[0].Card Number: is required for a Credit Card payment');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// A type that is none of the offered ones is named with the ones there are.
		const wrong = await h.run(
			task('sell', {
				clientId: picked(cash.ClientId),
				cartItems: { item: [{ type: 'Service', pricingOption: typed(option.Id), quantity: 1 }] },
				locationId: picked(1),
				cartPayments: { payment: [{ type: '={{ "Bitcoin" }}', amount: total }] },
			}),
		);
		expect(wrong.nodeError('Mindbody')?.message).toMatch(
			/^Payments\[0\]\.Type: "Bitcoin" is not one of .*Cash.*CreditCard/,
		);
		expect(h.calls('sale.checkout')).toHaveLength(2);
	});

	test('Sell Membership sells the picked contract to the client, paid by card', async () => {
		const contract = h.site().saleRecords.contracts[0];
		const client = freeClient(undefined, 4);
		const card = { creditCardNumber: TEST_CARDS.visa, expMonth: '12', expYear: '2030', cvv: '123' };
		const result = await h.run(
			task('sellMembership', {
				clientId: picked(client.ClientId),
				locationId: picked(1),
				contractId: picked(contract.Id),
				additionalFields: { creditCardInfo: { entry: card } },
			}),
		);
		const request = sent(result, 'contract.purchase', 'POST', '/sale/purchasecontract');
		expect(bodyOf(request)).toEqual({
			ClientId: client.ClientId,
			LocationId: 1,
			ContractId: contract.Id,
			CreditCardInfo: { CreditCardNumber: TEST_CARDS.visa, ExpMonth: '12', ExpYear: '2030', CVV: '123' },
		});
		expect(result.jsonItems[0]).toMatchObject({ Status: 'Success', ContractId: contract.Id });
	});
});
