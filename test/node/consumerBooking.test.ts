import type { AppointmentType, Staff } from '../../sandbox/data/types';
import { expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

// Consumer operations act for the consumer of a consumer user token (pasted in the credential).
beforeEach(() => {
	h.credentials.set('mindbody', {
		...h.credentials.get('mindbody')!,
		userMode: 'token',
		userToken: h.sandbox.consumerToken,
	});
});

const site = () => h.sandbox.state.main;
function offer(withAddOn = false) {
	const addOn = site().appointmentTypes.find((t) => t.IsAddOn)!;
	for (const staff of site().staff) {
		const type = site().appointmentTypes.find(
			(t) => t.Active && t.ConsumerMode && !t.IsAddOn && t.Price > 0 && staff.AppointmentTypeIds.includes(t.Id),
		);
		if (type && (!withAddOn || staff.AppointmentTypeIds.includes(addOn.Id))) {
			return { staff, type, addOn, locationId: staff.LocationIds[0] };
		}
	}
	throw new Error('no offer in the seeded data');
}
const rangesParams = (staff: Staff, type: AppointmentType, locationId: number) => ({
	resource: 'consumerBooking',
	operation: 'getBookableTimeRanges',
	locationId: { __rl: true, mode: 'list', value: String(locationId) },
	appointmentTypeId: { __rl: true, mode: 'id', value: String(type.Id) },
	staffId: [String(staff.Id)],
	start: '2026-03-03',
	end: '2026-03-13',
});
const endOf = (start: string, type: AppointmentType) =>
	new Date(Date.parse(start) + type.DurationMinutes * 60000).toISOString();
const bearer = () => `Bearer ${h.sandbox.consumerToken}`;

describe('Consumer Booking', () => {
	test('Get Locations: the bookable locations, one item each, the consumer token', async () => {
		const result = await h.run({ resource: 'consumerBooking', operation: 'getLocations' });
		const request = h.only('consumerBooking.getLocations');
		expect([request.method, request.path, request.rawQuery]).toEqual([
			'GET',
			'/Consumer/Schedules/Appointments/Locations',
			'',
		]);
		expectHeaders(h, request, true);
		expect(request.headers.authorization).toBe(bearer());
		const direct = (await replay(h.sandbox, request)).json as unknown[];
		expect(direct.length).toBeGreaterThan(0);
		expect(result.jsonItems).toEqual(direct);
		expect(pairedItems(result)).toEqual(direct.map(() => ({ item: 0 })));
	});

	test('Get Appointment Types (all, or one by the id filter) and Get Appointment Type (path id)', async () => {
		const all = await h.run({ resource: 'consumerBooking', operation: 'getAppointmentTypes' });
		const { type } = offer();
		const filtered = await h.run({
			resource: 'consumerBooking',
			operation: 'getAppointmentTypes',
			filters: { id: { __rl: true, mode: 'id', value: String(type.Id) } },
		});
		const one = await h.run({
			resource: 'consumerBooking',
			operation: 'getAppointmentType',
			id: { __rl: true, mode: 'list', value: String(type.Id) },
		});
		const [plainCall, filterCall] = h.calls('consumerBooking.getAppointmentTypes');
		expect([plainCall.method, plainCall.path, plainCall.rawQuery]).toEqual([
			'GET',
			'/Consumer/Schedules/Appointments/AppointmentTypes',
			'',
		]);
		expect(queryPairs(filterCall)).toEqual([['id', String(type.Id)]]);
		const single = h.only('consumerBooking.getAppointmentType');
		expect([single.method, single.path, single.rawQuery]).toEqual([
			'GET',
			`/Consumer/Schedules/Appointments/AppointmentTypes/${type.Id}`,
			'',
		]);
		for (const request of [plainCall, filterCall, single]) expect(request.headers.authorization).toBe(bearer());
		expect(all.jsonItems).toEqual((await replay(h.sandbox, plainCall)).json);
		expect(all.jsonItems.length).toBeGreaterThan(1);
		expect(filtered.jsonItems).toEqual([expect.objectContaining({ Id: type.Id })]);
		expect(one.jsonItems).toEqual(filtered.jsonItems);
	});

	test('Get Service Payment Options: locationId fills the path and the query; request.* filters; one item per option', async () => {
		const series = site().clientServices.find((s) => s.ClientId === 100001)!;
		const type = site().appointmentTypes.find((t) => t.ProgramId === series.ProgramId && !t.IsAddOn)!;
		const locationId = series.LocationIds[0];
		const result = await h.run({
			resource: 'consumerBooking',
			operation: 'getServicePaymentOptions',
			locationId: { __rl: true, mode: 'list', value: String(locationId) },
			filters: {
				requestLocationId: locationId,
				appointmentTypeId: { __rl: true, mode: 'id', value: String(type.Id) },
				start: '2026-03-03',
				end: '2026-03-10',
			},
		});
		expect(result.status).toBe('success');
		const request = h.only('consumerBooking.getServicePaymentOptions');
		expect([request.method, request.path]).toEqual([
			'GET',
			`/Consumer/Sales/User/Location/${locationId}/ServicePaymentOptions`,
		]);
		expect(queryPairs(request)).toEqual([
			['locationId', String(locationId)],
			['request.locationId', String(locationId)],
			['request.appointmentTypeId', String(type.Id)],
			['request.start', '2026-03-03'],
			['request.end', '2026-03-10'],
		]);
		expect(request.headers.authorization).toBe(bearer());
		expect(result.jsonItems).toEqual([expect.objectContaining({ Id: series.Id, Remaining: series.Remaining })]);
		expect(result.jsonItems).toEqual((await replay(h.sandbox, request)).json);
	});

	test('Get Service Payment Options: Request Location picked from the location list goes on the wire as its ID', async () => {
		const series = site().clientServices.find((s) => s.ClientId === 100001)!;
		const locationId = series.LocationIds[0];
		const result = await h.run({
			resource: 'consumerBooking',
			operation: 'getServicePaymentOptions',
			locationId: { __rl: true, mode: 'id', value: String(locationId) },
			filters: { requestLocationId: { __rl: true, mode: 'list', value: String(locationId) } },
		});
		expect(result.status).toBe('success');
		expect(queryPairs(h.only('consumerBooking.getServicePaymentOptions'))).toEqual([
			['locationId', String(locationId)],
			['request.locationId', String(locationId)],
		]);
	});

	test('Get Service Payment Options: a range the option cannot pay is "Invalid data"', async () => {
		const series = site().clientServices.find((s) => s.ClientId === 100001)!;
		const result = await h.run({
			resource: 'consumerBooking',
			operation: 'getServicePaymentOptions',
			locationId: { __rl: true, mode: 'id', value: String(series.LocationIds[0]) },
			filters: { start: '2026-03-03', end: '2031-01-01' },
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Invalid data');
	});

	test('Get Bookable Time Ranges: staff IDs repeated, required query parameters, one object item', async () => {
		const { staff, type, locationId } = offer();
		const other = site().staff.find((s) => s.Id !== staff.Id)!;
		const result = await h.run({
			...rangesParams(staff, type, locationId),
			staffId: [String(staff.Id), String(other.Id)],
			filters: { ignoreMembershipRestrictions: true },
		});
		expect(result.status).toBe('success');
		const request = h.only('consumerBooking.getBookableTimeRanges');
		expect([request.method, request.path]).toEqual([
			'GET',
			`/Consumer/Schedules/Location/${locationId}/Appointments/StaffBookableTimeRanges`,
		]);
		expect(queryPairs(request)).toEqual([
			['appointmentTypeId', String(type.Id)],
			['staffId', String(staff.Id)],
			['staffId', String(other.Id)],
			['start', '2026-03-03'],
			['end', '2026-03-13'],
			['ignoreMembershipRestrictions', 'true'],
		]);
		expect(request.headers.authorization).toBe(bearer());
		expect(result.jsonItems).toEqual([(await replay(h.sandbox, request)).json]);
		expect((result.jsonItems[0].StaffBookableTimeRanges as unknown[]).length).toBeGreaterThan(0);
	});

	test('Get Staff Appointment Types (at a location and anywhere): staffId in the query, one object item', async () => {
		const { staff, type, locationId } = offer();
		const at = await h.run({
			resource: 'consumerBooking',
			operation: 'getStaffAppointmentTypesAtLocation',
			locationId: { __rl: true, mode: 'id', value: String(locationId) },
			staffId: staff.Id,
		});
		const anywhere = await h.run({
			resource: 'consumerBooking',
			operation: 'getStaffAppointmentTypes',
			staffId: staff.Id,
			filters: { appointmentTypeId: { __rl: true, mode: 'id', value: String(type.Id) } },
		});
		const a = h.only('consumerBooking.getStaffAppointmentTypesAtLocation');
		expect([a.method, a.path]).toEqual([
			'GET',
			`/Consumer/Users/Location/${locationId}/Staff/StaffAvailableAppointmentTypes`,
		]);
		expect(queryPairs(a)).toEqual([['staffId', String(staff.Id)]]);
		const b = h.only('consumerBooking.getStaffAppointmentTypes');
		expect([b.method, b.path]).toEqual(['GET', '/Consumer/Users/Staff/StaffAvailableAppointmentTypes']);
		expect(queryPairs(b)).toEqual([
			['staffId', String(staff.Id)],
			['appointmentTypeId', String(type.Id)],
		]);
		for (const request of [a, b]) expectHeaders(h, request, true);
		expect(at.jsonItems).toEqual([(await replay(h.sandbox, a)).json]);
		expect(anywhere.jsonItems).toEqual([
			expect.objectContaining({ AppointmentTypes: [expect.objectContaining({ Id: type.Id })] }),
		]);
	});

	test('Book Appointments: POST with the booking items body and query flags; the result as one item', async () => {
		const { staff, type, locationId } = offer();
		const ranges = await h.run(rangesParams(staff, type, locationId));
		const start = (ranges.jsonItems[0].StaffBookableTimeRanges as Array<{ StartDateTime: string }>)[0].StartDateTime;
		const result = await h.run({
			resource: 'consumerBooking',
			operation: 'book',
			locationId: { __rl: true, mode: 'list', value: String(locationId) },
			bookings: {
				booking: [
					{ staffId: staff.Id, appointmentTypeId: type.Id, start, end: endOf(start, type), notes: 'first visit' },
				],
			},
			additionalFields: { checkVerified: true, searchId: 5 },
		});
		expect(result.status).toBe('success');
		const request = h.only('consumerBooking.book');
		expect([request.method, request.path]).toEqual(['POST', `/Consumer/Schedules/Location/${locationId}/Appointments`]);
		expect(queryPairs(request)).toEqual([
			['checkVerified', 'true'],
			['searchId', '5'],
		]);
		expect(request.headers.authorization).toBe(bearer());
		const body = JSON.parse(request.rawBody);
		expect(body).toEqual([
			{
				StaffReference: { Id: staff.Id },
				AppointmentTypeReference: { Id: type.Id },
				Range: { Start: expect.any(String), End: expect.any(String) },
				Notes: 'first visit',
			},
		]);
		expect(Date.parse(body[0].Range.Start)).toBe(Date.parse(start));
		expect(request.status).toBe(201);
		expect(result.jsonItems).toEqual([expect.objectContaining({ Status: 'Booked', Errors: [] })]);
		expect((result.jsonItems[0].Appointments as unknown[]).length).toBe(1);
		expect(pairedItems(result)).toEqual([{ item: 0 }]);
	});

	test('Book Appointments with Add-Ons: the JSON body as given, userId query; the result as one item', async () => {
		const { staff, type, addOn, locationId } = offer(true);
		const ranges = await h.run(rangesParams(staff, type, locationId));
		const start = (ranges.jsonItems[0].StaffBookableTimeRanges as Array<{ StartDateTime: string }>)[0].StartDateTime;
		const payload = {
			Appointments: [
				{
					StaffReference: { Id: staff.Id },
					AppointmentTypeReference: { Id: type.Id },
					Range: { Start: start, End: endOf(start, type) },
				},
			],
			AddOns: [{ AppointmentTypeReference: { Id: addOn.Id } }],
		};
		const result = await h.run({
			resource: 'consumerBooking',
			operation: 'bookWithAddOns',
			locationId: { __rl: true, mode: 'id', value: String(locationId) },
			jsonBody: JSON.stringify(payload),
		});
		expect(result.status).toBe('success');
		const request = h.only('consumerBooking.bookWithAddOns');
		expect([request.method, request.path, request.rawQuery]).toEqual([
			'POST',
			`/Consumer/Schedules/Location/${locationId}/Appointments-Addons`,
			'',
		]);
		expect(request.headers.authorization).toBe(bearer());
		expect(JSON.parse(request.rawBody)).toEqual(payload);
		expect(result.jsonItems).toHaveLength(1);
		expect(result.jsonItems[0]).toMatchObject({
			Errors: [],
			AddOns: [expect.objectContaining({ AddOnTypeId: addOn.Id })],
		});
	});

	test('dropdown searchAppointmentTypes through a LoadOptionsContext', async () => {
		const options = await h.loadOptions('searchAppointmentTypes');
		const consumerTypes = (await replay(h.sandbox, h.calls('consumerBooking.getAppointmentTypes')[0])).json as Array<{
			Id: number;
		}>;
		expect(options.map((o) => o.value).sort()).toEqual(consumerTypes.map((t) => String(t.Id)).sort());
	});
});
