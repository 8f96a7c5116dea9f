import { consumerFixtures } from '../test/consumerFixtures';
import { checkEmittedEvents, isPlainText, useSandbox } from '../test/harness';

const h = useSandbox();
const { consumer, offer } = consumerFixtures(h);
checkEmittedEvents(h);

describe('consumer lookups', () => {
	it('lists active consumer-mode appointment types, or the one asked for', async () => {
		const all = await h.call('GET', '/Consumer/Schedules/Appointments/AppointmentTypes', consumer());
		expect(all.status).toBe(200);
		const expected = h.site().appointmentTypes.filter((t) => t.Active && t.ConsumerMode && !t.IsAddOn);
		expect(all.json.map((t: { Id: number }) => t.Id)).toEqual(expected.map((t) => t.Id));
		const one = await h.call('GET', '/Consumer/Schedules/Appointments/AppointmentTypes', {
			...consumer(),
			query: { id: expected[1].Id },
		});
		expect(one.json).toEqual([expect.objectContaining({ Id: expected[1].Id })]);
		const staffOnly = h.site().appointmentTypes.find((t) => !t.ConsumerMode)!;
		expect(
			(await h.call('GET', `/Consumer/Schedules/Appointments/AppointmentTypes/${staffOnly.Id}`, consumer())).json,
		).toEqual([]);
		const byPath = await h.call(
			'GET',
			`/Consumer/Schedules/Appointments/AppointmentTypes/${expected[0].Id}`,
			consumer(),
		);
		expect([byPath.status, byPath.json[0].Id]).toEqual([200, expected[0].Id]);
	});

	it('lists the locations that take appointments', async () => {
		h.site().locations[0].CanBookAppointments = false;
		const answer = await h.call('GET', '/Consumer/Schedules/Appointments/Locations', consumer());
		expect(answer.status).toBe(200);
		expect(answer.json.map((l: { Id: number }) => l.Id)).toEqual(
			h
				.site()
				.locations.slice(1)
				.map((l) => l.Id),
		);
		h.site().locations[0].CanBookAppointments = true;
	});

	it('lists the types a staff member offers, overall and at a location', async () => {
		const { staff, type, locationId } = offer();
		const overall = await h.call('GET', '/Consumer/Users/Staff/StaffAvailableAppointmentTypes', {
			...consumer(),
			query: { staffId: staff.Id },
		});
		expect(overall.status).toBe(200);
		expect(overall.json.Staff.Id).toBe(staff.Id);
		expect(overall.json.AppointmentTypes.map((t: { Id: number }) => t.Id)).toContain(type.Id);
		const filtered = await h.call('GET', '/Consumer/Users/Staff/StaffAvailableAppointmentTypes', {
			...consumer(),
			query: { staffId: staff.Id, appointmentTypeId: type.Id },
		});
		expect(filtered.json.AppointmentTypes).toHaveLength(1);
		const atLocation = await h.call(
			'GET',
			`/Consumer/Users/Location/${locationId}/Staff/StaffAvailableAppointmentTypes`,
			{ ...consumer(), query: { staffId: staff.Id } },
		);
		expect(atLocation.json).toMatchObject({
			LocationId: locationId,
			AppointmentTypes: overall.json.AppointmentTypes,
		});
		const elsewhere = h.site().locations.find((l) => !staff.LocationIds.includes(l.Id));
		if (elsewhere) {
			const none = await h.call(
				'GET',
				`/Consumer/Users/Location/${elsewhere.Id}/Staff/StaffAvailableAppointmentTypes`,
				{ ...consumer(), query: { staffId: staff.Id } },
			);
			expect(none.json.AppointmentTypes).toEqual([]);
		}
		expect(
			(
				await h.call('GET', '/Consumer/Users/Staff/StaffAvailableAppointmentTypes', {
					...consumer(),
					query: { staffId: 1 },
				})
			).status,
		).toBe(400);
	});

	it('lists bookable time ranges within availability, and drops a slot once it is booked', async () => {
		const { staff, type, locationId } = offer();
		const answer = await h.call(
			'GET',
			`/Consumer/Schedules/Location/${locationId}/Appointments/StaffBookableTimeRanges`,
			{
				...consumer(),
				query: {
					appointmentTypeId: type.Id,
					staffId: staff.Id,
					start: '2026-03-03',
					end: '2026-03-03',
				},
			},
		);
		expect(answer.status).toBe(200);
		expect(answer.json.AppointmentTypes[0].Id).toBe(type.Id);
		expect(answer.json.StaffAppointmentTypeDetails).toEqual([
			{
				StaffId: staff.Id,
				AppointmentTypeId: type.Id,
				DurationMinutes: type.DurationMinutes,
				Price: type.Price,
			},
		]);
		for (const range of answer.json.StaffBookableTimeRanges) {
			expect(range.StartDateTime >= '2026-03-03T09:00:00Z' && range.EndDateTime <= '2026-03-03T17:00:00Z').toBe(true);
		}
		const missing = await h.call(
			'GET',
			`/Consumer/Schedules/Location/${locationId}/Appointments/StaffBookableTimeRanges`,
			{
				...consumer(),
				query: { appointmentTypeId: type.Id, start: '2026-03-03', end: '2026-03-03' },
			},
		);
		expect([missing.status, missing.text]).toEqual([400, 'The staffId parameter is required.']);
	});
});

describe('service payment options', () => {
	const series = () => h.site().clientServices.find((s) => s.ClientId === 100001)!;
	const massage = () => h.site().appointmentTypes.find((t) => t.ProgramId === series().ProgramId && !t.IsAddOn)!;
	const path = (locationId: number | string) => `/Consumer/Sales/User/Location/${locationId}/ServicePaymentOptions`;

	it('returns the pricing options that pay every date of the range', async () => {
		const locationId = series().LocationIds[0];
		const answer = await h.call('GET', path(locationId), {
			...consumer(),
			query: {
				locationId,
				'request.appointmentTypeId': massage().Id,
				'request.start': '2026-03-03',
				'request.end': '2026-03-10',
			},
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual([
			expect.objectContaining({
				Id: series().Id,
				Remaining: series().Remaining,
				ActiveDate: series().ActiveDate,
			}),
		]);
	});

	it('fails with 400 "Invalid data" when a date of the range cannot be paid', async () => {
		const locationId = series().LocationIds[0];
		const answer = await h.call('GET', path(locationId), {
			...consumer(),
			query: {
				locationId,
				'request.appointmentTypeId': massage().Id,
				'request.start': '2026-03-20',
				'request.end': '2026-05-01',
			},
		});
		expect([answer.status, answer.text, isPlainText(answer)]).toEqual([400, 'Invalid data', true]);
	});

	it('needs the locationId parameter to match the path, and a consumer or dependent', async () => {
		const locationId = series().LocationIds[0];
		expect((await h.call('GET', path(locationId), consumer())).text).toBe('The locationId parameter is required.');
		expect((await h.call('GET', path(locationId), { ...consumer(), query: { locationId: 99 } })).status).toBe(400);
		const staff = await h.call('GET', path(locationId), {
			token: await h.staffToken(),
			query: { locationId },
		});
		expect(staff.status).toBe(400);
		const dependent = h.site().clients.find((c) => c.CustodianId !== null)!;
		const ofDependent = await h.call('GET', path(locationId), {
			token: await h.staffToken(),
			query: { locationId, 'request.dependentId': dependent.ClientId },
		});
		expect(ofDependent.status).toBe(200);
		expect(ofDependent.json.every((s: { ClientId: number }) => s.ClientId === dependent.Id)).toBe(true);
		const notMine = await h.call('GET', path(locationId), {
			...consumer(),
			query: { locationId, 'request.dependentId': dependent.ClientId },
		});
		expect(notMine.status).toBe(dependent.CustodianId === 100001 ? 200 : 400);
	});
});
