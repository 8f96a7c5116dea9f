import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { bodyOf, TEST_START, useNodeSandbox } from './support';

/**
 * The node checks only what the spec states about a body; every other field and value goes
 * out as given. One run per REST body operation with fields the spec does not list and values
 * outside any range it does not state: exactly one request, carrying exactly that body.
 */
const h = useNodeSandbox();
const now = Date.parse(TEST_START);
const site = () => h.site();
const futureBooked = () =>
	site().appointments.filter((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > now);
const pendingIds = () =>
	site()
		.appointmentRequests.filter((r) => r.Status === 'Pending')
		.map((r) => r.Id);
const locator = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });

/** Above int32, within the spec's int64: the node sends it, the service decides. */
const BIG_ID = 3_000_000_000;

function bookableOffer() {
	for (const staff of site().staff) {
		const type = site().appointmentTypes.find(
			(t) => t.Active && t.ConsumerMode && !t.IsAddOn && staff.AppointmentTypeIds.includes(t.Id),
		);
		if (type) return { staff, type, locationId: staff.LocationIds[0] };
	}
	throw new Error('no bookable offer in the seeded data');
}

const recurring = () => {
	const taken = futureBooked().at(-1)!;
	return {
		ClientId: site().clients[6].ClientId,
		LocationId: taken.LocationId,
		StaffId: taken.StaffId,
		AppointmentTypeId: taken.SessionTypeId,
		StartDateTime: taken.StartDateTime,
	};
};

interface BodyCase {
	path: string;
	params: INodeParameters;
	body: unknown;
	consumer?: boolean;
}

const schedule = (extra: IDataObject = {}) => ({
	daysOfWeek: '={{ ["Monday", "Someday"] }}',
	startTime: '7:05',
	endTime: '23:59:59',
	startDate: '2026-04-01',
	endDate: '2031-04-01',
	...extra,
});
const wireSchedule = (extra: IDataObject = {}) => ({
	DaysOfWeek: ['Monday', 'Someday'],
	StartTime: '7:05',
	EndTime: '23:59:59',
	StartDate: '2026-04-01',
	EndDate: '2031-04-01',
	...extra,
});

const cases: Record<string, () => BodyCase> = {
	'Feature: Update': () => ({
		path: '/Business/Features/*',
		params: {
			resource: 'feature',
			operation: 'update',
			featureDescriptor: locator(site().features[0].Name),
			enabled: false,
		},
		body: { Enabled: false },
	}),
	'Promo Code: Create (negative amount and uses, an unlisted discount type)': () => ({
		path: '/Business/PromoCodes',
		params: {
			resource: 'promoCode',
			operation: 'create',
			name: 'Odd',
			code: 'ODD-1',
			discountType: '={{ "Fixed" }}',
			discountAmount: -5,
			promoCodeFields: { maxUses: -1, daysAfterCloseDate: 4000 },
		},
		body: {
			Name: 'Odd',
			Code: 'ODD-1',
			Discount: { Type: 'Fixed', Amount: -5 },
			MaxUses: -1,
			DaysAfterCloseDate: 4000,
		},
	}),
	'Promo Code: Update (250 percent)': () => ({
		path: '/Business/PromoCodes/*',
		params: {
			resource: 'promoCode',
			operation: 'update',
			id: locator(site().promoCodes[1].Id),
			updateFields: { discountAmount: 250, discountType: 'Percent' },
		},
		body: { Discount: { Type: 'Percent', Amount: 250 } },
	}),
	'Sale: Apply Service Payment (an id above int32)': () => ({
		path: '/Business/Sales/User/ServicePaymentOptions/Apply',
		params: { resource: 'sale', operation: 'applyPaymentOptions', ids: [String(BIG_ID)] },
		body: [BIG_ID],
	}),
	'Appointment Request: Approve (a staff id above int32)': () => ({
		path: '/Business/Schedules/AppointmentRequests/Approve',
		params: {
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: pendingIds()[0],
			confirmationFields: { staffId: BIG_ID },
		},
		body: [{ AppointmentRequestReference: { Id: pendingIds()[0] }, StaffReference: { Id: BIG_ID } }],
	}),
	'Appointment Request: Deny (an id above int32)': () => ({
		path: '/Business/Schedules/AppointmentRequests/Deny',
		params: { resource: 'appointmentRequest', operation: 'deny', ids: [String(BIG_ID)] },
		body: [BIG_ID],
	}),
	'Appointment Request: Deny Multiple (an id above int32, an unlisted preference)': () => ({
		path: '/Business/Schedules/AppointmentRequests/deny-multiple',
		params: {
			resource: 'appointmentRequest',
			operation: 'denyMultiple',
			ids: [String(BIG_ID)],
			notificationPreference: '={{ "Push" }}',
		},
		body: { AppointmentRequestIds: [BIG_ID], NotificationPreference: 'Push' },
	}),
	'Appointment: Modify (unlisted fields)': () => ({
		path: '/Business/Schedules/Appointments/Modify',
		params: {
			resource: 'appointment',
			operation: 'modify',
			appointments: { appointment: [{ id: futureBooked()[0].Id, otherFields: '{"Color":"blue","Priority":99}' }] },
			sendEmail: false,
		},
		body: { Appointments: [{ Color: 'blue', Priority: 99, Id: futureBooked()[0].Id }], SendEmail: false },
	}),
	'Appointment: Complete (an id above int32)': () => ({
		path: '/Business/Schedules/Appointments/Complete',
		params: { resource: 'appointment', operation: 'complete', ids: [String(BIG_ID)] },
		body: [BIG_ID],
	}),
	'Appointment: Book Recurring (unlisted fields and values)': () => ({
		path: '/Business/Schedules/Appointments/Recurring',
		params: {
			resource: 'appointment',
			operation: 'bookRecurring',
			jsonBody: JSON.stringify({ ...recurring(), Frequency: 'Fortnightly', Occurrences: 0, Source: 'n8n' }),
		},
		body: { ...recurring(), Frequency: 'Fortnightly', Occurrences: 0, Source: 'n8n' },
	}),
	'Appointment: Validate Recurring (no fields at all but unlisted ones)': () => ({
		path: '/Business/Schedules/Appointments/Recurring/Validate',
		params: { resource: 'appointment', operation: 'validateRecurring', jsonBody: '{"Series":{"Every":"Tuesday"}}' },
		body: { Series: { Every: 'Tuesday' } },
	}),
	'Appointment: Get Booking Templates (MaxDays 100000)': () => ({
		path: '/Business/Scheduling/Appointments/BookingTemplates',
		params: {
			resource: 'appointment',
			operation: 'getBookingTemplates',
			consumerId: site().clients[0].Id,
			maxDays: 100000,
		},
		body: { ConsumerId: site().clients[0].Id, MaxDays: 100000 },
	}),
	'Appointment Add-On: Add (unlisted fields)': () => ({
		path: '/Business/Schedules/Appointments/Addons/Add',
		params: {
			resource: 'appointmentAddOn',
			operation: 'add',
			jsonBody: '[{"AppointmentId":1,"Label":"x","Minutes":-10}]',
		},
		body: [{ AppointmentId: 1, Label: 'x', Minutes: -10 }],
	}),
	'Appointment Add-On: Modify (unlisted fields)': () => ({
		path: '/Business/Schedules/Appointments/Addons/Modify',
		params: {
			resource: 'appointmentAddOn',
			operation: 'modify',
			appointments: { appointment: [{ id: site().addOns[0].Id, otherFields: '{"Tint":"red"}' }] },
			sendEmail: true,
		},
		body: { Appointments: [{ Tint: 'red', Id: site().addOns[0].Id }], SendEmail: true },
	}),
	'Appointment Add-On: Complete (an id above int32)': () => ({
		path: '/Business/Schedules/Appointments/Addons/Complete',
		params: { resource: 'appointmentAddOn', operation: 'complete', ids: [String(BIG_ID)] },
		body: [BIG_ID],
	}),
	'Appointment Add-On: Delete (an id above int32)': () => ({
		path: '/Business/Schedules/Appointments/Addons/Delete',
		params: { resource: 'appointmentAddOn', operation: 'delete', ids: [String(BIG_ID)] },
		body: [BIG_ID],
	}),
	'Availability: Add (an unlisted day, odd times, five years)': () => ({
		path: '/Business/Schedules/Availability/Add',
		params: {
			resource: 'availability',
			operation: 'add',
			...schedule({ scheduleFields: { staffId: BIG_ID, locationId: 1 } }),
		},
		body: [wireSchedule({ StaffId: BIG_ID, LocationId: 1 })],
	}),
	'Availability: Group (a group id above int32)': () => ({
		path: '/Business/Schedules/Availability/Group',
		params: { resource: 'availability', operation: 'group', ...schedule({ scheduleFields: { groupId: BIG_ID } }) },
		body: [wireSchedule({ GroupId: BIG_ID })],
	}),
	'Availability: Search (a staff id above int32)': () => ({
		path: '/Business/Schedules/Availability/Search',
		params: { resource: 'availability', operation: 'search', ...schedule({ scheduleFields: { staffId: BIG_ID } }) },
		body: [wireSchedule({ StaffId: BIG_ID })],
	}),
	'Consumer Booking: Book Appointments (300-character notes)': () => {
		const { staff, type, locationId } = bookableOffer();
		const notes = 'n'.repeat(300);
		return {
			path: '/Consumer/Schedules/Location/*/Appointments',
			consumer: true,
			params: {
				resource: 'consumerBooking',
				operation: 'book',
				locationId: locator(locationId),
				bookings: {
					booking: [
						{
							staffId: staff.Id,
							appointmentTypeId: type.Id,
							start: '2026-03-20T10:00:00',
							end: '2026-03-20T09:00:00',
							notes,
						},
					],
				},
			},
			body: [
				{
					StaffReference: { Id: staff.Id },
					AppointmentTypeReference: { Id: type.Id },
					Range: { Start: '2026-03-20T10:00:00', End: '2026-03-20T09:00:00' },
					Notes: notes,
				},
			],
		};
	},
	'Consumer Booking: Book Appointments with Add-Ons (unlisted fields)': () => {
		const { locationId } = bookableOffer();
		const payload = { Items: [{ Kind: 'massage' }], Promo: 'X' };
		return {
			path: '/Consumer/Schedules/Location/*/Appointments-Addons',
			consumer: true,
			params: {
				resource: 'consumerBooking',
				operation: 'bookWithAddOns',
				locationId: locator(locationId),
				jsonBody: JSON.stringify(payload),
			},
			body: payload,
		};
	},
};

async function runCase(make: () => BodyCase) {
	const made = make();
	if (made.consumer) {
		h.credentials.set('consumer', {
			...h.credentials.get('mindbody')!,
			userMode: 'token',
			userToken: h.sandbox.consumerToken,
		});
	}
	const result = await h.run(made.params, { continueOnFail: true, credential: made.consumer ? 'consumer' : undefined });
	return {
		made,
		result,
		requests: h.requests(made.path, 'POST').concat(h.requests(made.path, 'PATCH')).concat(h.requests(made.path, 'PUT')),
	};
}

describe('bodies: only what the spec states is checked', () => {
	test.each(Object.keys(cases))('%s: sent as given', async (name) => {
		const { made, result, requests } = await runCase(cases[name]);
		expect(result.status).toBe('success');
		expect(requests).toHaveLength(1);
		expect(bodyOf(requests[0])).toEqual(made.body);
		expect(result.items).not.toHaveLength(0);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Book Recurring with Frequency "Yearly" and 60 occurrences is sent and booked', async () => {
		const body = { ...recurring(), Frequency: 'Yearly', Occurrences: 60, Interval: 1 };
		const result = await h.run({ resource: 'appointment', operation: 'bookRecurring', jsonBody: JSON.stringify(body) });
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest('/Business/Schedules/Appointments/Recurring'))).toEqual(body);
		const answer = result.items[0].json as { AppointmentIds: number[]; Skipped: unknown[] };
		// Sixty yearly occurrences planned: booked, or skipped with their conflicts.
		expect(answer.AppointmentIds.length + answer.Skipped.length).toBe(60);
	});

	test('Validate Recurring with field names in another case and an unknown field is sent and validated', async () => {
		const { ClientId, LocationId, StaffId, AppointmentTypeId, StartDateTime } = recurring();
		const body = {
			clientId: ClientId,
			locationID: LocationId,
			staffId: StaffId,
			appointmentTypeId: AppointmentTypeId,
			startDateTime: StartDateTime,
			frequency: 'Daily',
			occurrences: 3,
			requestedBy: 'front desk',
		};
		const result = await h.run({
			resource: 'appointment',
			operation: 'validateRecurring',
			jsonBody: JSON.stringify(body),
		});
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest('/Business/Schedules/Appointments/Recurring/Validate'))).toEqual(body);
		expect((result.items[0].json as { Occurrences: unknown[] }).Occurrences).toHaveLength(3);
	});

	test("Add-On Add without AddOnTypeId is sent; the refusal is the service's", async () => {
		const parent = futureBooked()[0];
		const body = [{ AppointmentId: parent.Id }];
		const result = await h.run({ resource: 'appointmentAddOn', operation: 'add', jsonBody: JSON.stringify(body) });
		expect(bodyOf(h.lastRequest('/Business/Schedules/Appointments/Addons/Add'))).toEqual(body);
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toContain('No add-on type was named.');
	});

	test("Appointments-Addons without AddOns[].AppointmentTypeReference is sent; the refusal is the service's", async () => {
		h.credentials.set('consumer', {
			...h.credentials.get('mindbody')!,
			userMode: 'token',
			userToken: h.sandbox.consumerToken,
		});
		const { staff, type, locationId } = bookableOffer();
		const body = {
			Appointments: [
				{
					StaffReference: { Id: staff.Id },
					AppointmentTypeReference: { Id: type.Id },
					Range: { Start: '2026-03-20T10:00:00', End: '2026-03-20T11:00:00' },
				},
			],
			AddOns: [{ StaffReference: { Id: staff.Id } }],
		};
		const result = await h.run(
			{
				resource: 'consumerBooking',
				operation: 'bookWithAddOns',
				locationId: locator(locationId),
				jsonBody: JSON.stringify(body),
			},
			{ credential: 'consumer' },
		);
		expect(bodyOf(h.lastRequest('/Consumer/Schedules/Location/*/Appointments-Addons'))).toEqual(body);
		expect(result.status).toBe('error');
		expect((result.nodeError('Mindbody') as unknown as { httpCode: string }).httpCode).toBe('400');
	});

	test('Booking Templates with MaxDays 400 is sent and answered', async () => {
		const consumer = futureBooked()[0].ClientId;
		const result = await h.run({
			resource: 'appointment',
			operation: 'getBookingTemplates',
			consumerId: consumer,
			maxDays: 400,
		});
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest('/Business/Scheduling/Appointments/BookingTemplates'))).toEqual({
			ConsumerId: consumer,
			MaxDays: 400,
		});
	});

	test('Deny Multiple with a preference the node does not list is sent and applied', async () => {
		const id = pendingIds()[0];
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'denyMultiple',
			ids: [String(id)],
			notificationPreference: '={{ "Push" }}',
		});
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest('/Business/Schedules/AppointmentRequests/deny-multiple'))).toEqual({
			AppointmentRequestIds: [id],
			NotificationPreference: 'Push',
		});
		expect(result.items[0].json).toMatchObject({ NotificationPreference: 'Push', Errors: [] });
		expect(site().appointmentRequests.find((r) => r.Id === id)!.Status).toBe('Denied');
	});

	test('what the spec states is still refused before sending, naming the field and the rule', async () => {
		const notList = await h.run({ resource: 'appointmentAddOn', operation: 'add', jsonBody: '{"AppointmentId":1}' });
		expect(notList.status).toBe('error');
		expect(notList.nodeError('Mindbody')!.message).toBe('Request body: body: must be a list of add-ons (JSON objects)');
		expect(h.apiRequests()).toHaveLength(0);
	});
});
