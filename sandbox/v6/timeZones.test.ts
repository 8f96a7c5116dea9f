import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { HOUR } from '../data/dates';
import { TEST_START, useSandbox, type Answer, type CallOptions } from '../test/harness';
import { cash, serviceItem } from '../test/saleTestKit';
import { shapeProblems } from './shapes';

/**
 * Site -97 is on Pacific time: PST (UTC-8) until 2026-03-08 02:00, PDT (UTC-7) after. The test
 * starts on Monday 2026-03-02 at 08:00 UTC, midnight in Los Angeles.
 */
const h = useSandbox();
const PACIFIC = -97;
const pacific = () => h.sandbox.state.site(PACIFIC)!;

afterAll(() => {
	for (const event of h.sandbox.events) {
		const check = findEvent(event.eventId)?.eventData.safeParse(event.eventData);
		expect([event.eventId, check?.success]).toEqual([event.eventId, true]);
	}
});

const opOf = (key: string) => operations.find((op) => op.id === key)!;

let token: string | undefined;
/** An owner token of the Pacific site. */
async function pacificToken(): Promise<string> {
	const { username, password } = h.sandbox.staffLogin;
	token ??= (
		await h.call('POST', '/usertoken/issue', { siteId: PACIFIC, body: { Username: username, Password: password } })
	).json.AccessToken;
	return token!;
}

/** A v6 call at the Pacific site with its owner token; a 2xx answer must have the document's shape. */
async function atPacific(key: string, options: CallOptions = {}): Promise<Answer> {
	const op = opOf(key);
	const path = op.path.replace(/\{[^}]+\}/g, '');
	const answer = await h.call(op.method, path, { ...options, siteId: PACIFIC, token: await pacificToken() });
	if (answer.status < 300 && op.v6!.answer) expect([key, shapeProblems(op.v6!.answer, answer.json)]).toEqual([key, []]);
	return answer;
}

/** 2026-03-08 02:00 PST, when Los Angeles moves to daylight saving time. */
const SPRING_FORWARD = '2026-03-08T10:00:00Z';

/** The Los Angeles wall clock of a UTC date-time (in February or March 2026), written without an offset. */
const pacificText = (utc: string) => {
	const instant = Date.parse(utc);
	const offset = utc < SPRING_FORWARD ? 8 * HOUR : 7 * HOUR;
	return new Date(instant - offset).toISOString().slice(0, 19);
};

describe('sites in their time zones', () => {
	it('GET /site/sites gives each site its time zone; the appointment options name it too', async () => {
		const sites = await atPacific('GetSites');
		expect(sites.json.Sites.map((s: { Id: number; TimeZone: string }) => [s.Id, s.TimeZone])).toEqual([
			[-99, 'UTC'],
			[-98, 'UTC'],
			[PACIFIC, 'America/Los_Angeles'],
		]);
		const options = await atPacific('GetAppointmentOptions');
		expect(options.json.Options.find((o: { Name: string }) => o.Name === 'TimeZone').Value).toBe('America/Los_Angeles');
	});

	it('a weekly 6:00 PM class keeps 6:00 PM local across the change to daylight saving: its UTC hour moves', async () => {
		const site = pacific();
		const added = await atPacific('AddClassSchedule', {
			body: {
				ClassDescriptionId: site.classDescriptions[0].Id,
				LocationId: site.locations.find((l) => l.HasClasses)!.Id,
				StaffId: site.staff.find((s) => s.Active)!.Id,
				StartDate: '2026-03-03',
				EndDate: '2026-03-17',
				StartTime: '2026-03-03T18:00:00',
				EndTime: '2026-03-03T19:00:00',
				DayTuesday: true,
				MaxCapacity: 10,
			},
		});
		expect(added.status).toBe(200);
		const classes = await atPacific('GetClasses', {
			query: {
				'request.classScheduleIds': added.json.ClassId,
				'request.startDateTime': '2026-03-01',
				'request.endDateTime': '2026-03-20',
			},
		});
		// The document writes class times in UTC.
		expect(classes.json.Classes.map((c: { StartDateTime: string }) => c.StartDateTime)).toEqual([
			'2026-03-04T02:00:00Z',
			'2026-03-11T01:00:00Z',
			'2026-03-18T01:00:00Z',
		]);
		const schedule = await atPacific('GetClassSchedules', {
			query: { 'request.classScheduleIds': added.json.ClassId },
		});
		expect(schedule.json.ClassSchedules[0]).toMatchObject({
			StartTime: '2026-03-03T18:00:00',
			EndTime: '2026-03-03T19:00:00',
		});
		const moved = await atPacific('UpdateClassSchedule', {
			body: { ClassId: added.json.ClassId, StartTime: '2026-03-03T19:00:00', EndTime: '2026-03-03T20:00:00' },
		});
		expect(moved.status).toBe(200);
		const later = site.classes.filter((c) => c.ClassScheduleId === added.json.ClassId).map((c) => c.StartDateTime);
		expect(later).toEqual(['2026-03-04T03:00:00Z', '2026-03-11T02:00:00Z', '2026-03-18T02:00:00Z']);
	});

	it("the seeded classes keep their local time of day across the change, and the UTC site's classes their UTC hour", async () => {
		const site = pacific();
		const across = site.classSchedules.filter((schedule) => {
			const held = site.classes.filter((c) => c.ClassScheduleId === schedule.Id);
			return held.some((c) => c.StartDateTime < SPRING_FORWARD) && held.some((c) => c.StartDateTime > SPRING_FORWARD);
		});
		expect(across.length).toBeGreaterThan(0);
		for (const schedule of across) {
			const held = site.classes.filter((c) => c.ClassScheduleId === schedule.Id);
			expect(new Set(held.map((c) => pacificText(c.StartDateTime).slice(11)))).toEqual(new Set([schedule.StartTime]));
			expect(new Set(held.map((c) => c.StartDateTime.slice(11))).size).toBe(2);
		}
		const main = h.site();
		const utc = main.classes.filter((c) => c.ClassScheduleId === main.classSchedules[1].Id);
		expect(new Set(utc.map((c) => c.StartDateTime.slice(11)))).toEqual(
			new Set([`${main.classSchedules[1].StartTime}Z`]),
		);
	});

	it("an appointment's times are the business's: sent and answered without an offset; visits and webhooks in UTC", async () => {
		const site = pacific();
		const client = site.clients.find((c) => c.Status === 'Active')!;
		const types = site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn).map((t) => t.Id);
		const items = await atPacific('GetBookableItems', {
			query: { 'request.sessionTypeIds': types, 'request.startDate': '2026-03-10', 'request.endDate': '2026-03-10' },
		});
		const windows: Array<{ StartDateTime: string; Staff: { Id: number }; Location: { Id: number } }> =
			items.json.Availabilities;
		expect(windows.length).toBeGreaterThan(0);
		// Bookable items are written in UTC; the staff's 9:00 to 17:00 availability is local time.
		for (const window of windows) {
			expect(window.StartDateTime).toMatch(/Z$/);
			expect(pacificText(window.StartDateTime).slice(11) >= '09:00:00').toBe(true);
		}
		const found = windows[0];
		const staff = site.staff.find((s) => s.Id === found.Staff.Id)!;
		const sessionTypeId = types.find((id) => staff.AppointmentTypeIds.includes(id))!;
		const local = pacificText(found.StartDateTime);
		const booked = await atPacific('AddAppointment', {
			body: {
				ClientId: client.ClientId,
				StaffId: staff.Id,
				LocationId: found.Location.Id,
				SessionTypeId: sessionTypeId,
				StartDateTime: local,
			},
		});
		expect(booked.status).toBe(200);
		expect(booked.json.Appointment.StartDateTime).toBe(local);
		const id = booked.json.Appointment.Id;
		expect(site.appointments.find((a) => a.Id === id)!.StartDateTime).toBe(found.StartDateTime);
		const event = h.sandbox.events.filter((e) => e.eventId === 'appointmentBooking.created').at(-1)!;
		expect(event.eventData).toMatchObject({ appointmentId: id, startDateTime: found.StartDateTime });
		const read = await atPacific('GetStaffAppointments', { query: { 'request.appointmentIds': id } });
		expect(read.json.Appointments[0].StartDateTime).toBe(local);
		const visits = await atPacific('GetClientVisits', {
			query: {
				'request.clientId': client.ClientId,
				'request.startDate': '2026-03-10',
				'request.endDate': '2026-03-10',
			},
		});
		const visit = visits.json.Visits.find((v: { AppointmentId: number }) => v.AppointmentId === id);
		expect(visit.StartDateTime).toBe(found.StartDateTime);
		// A time with an offset is that instant, whatever the zone.
		const moved = await atPacific('UpdateAppointment', {
			body: { AppointmentId: id, StartDateTime: new Date(Date.parse(found.StartDateTime) + HOUR).toISOString() },
		});
		expect([moved.status, moved.json.Appointment?.StartDateTime]).toEqual([
			200,
			pacificText(new Date(Date.parse(found.StartDateTime) + HOUR).toISOString()),
		]);
	});

	it("staff appointments are found by the site's days: an evening appointment on its local date, not its UTC one", async () => {
		const site = pacific();
		// After 16:00 in Los Angeles it is the next day in UTC.
		const evening = site.appointments.find(
			(a) => a.Status === 'Booked' && a.StartDateTime < '2026-03-30' && new Date(a.StartDateTime).getUTCHours() < 7,
		)!;
		expect(evening).toBeDefined();
		const local = pacificText(evening.StartDateTime);
		const idsOn = async (startDate: string, endDate = startDate) =>
			(
				await atPacific('GetStaffAppointments', {
					query: { 'request.startDate': startDate, 'request.endDate': endDate, 'request.limit': 200 },
				})
			).json.Appointments.map((a: { Id: number }) => a.Id);
		expect(local.slice(0, 10)).not.toBe(evening.StartDateTime.slice(0, 10));
		expect(await idsOn(local.slice(0, 10))).toContain(evening.Id);
		expect(await idsOn(evening.StartDateTime.slice(0, 10))).not.toContain(evening.Id);
		// Its local time is in a window of local times, and a time with an offset is that instant.
		expect(await idsOn(local, local)).toEqual([evening.Id]);
		expect(await idsOn(evening.StartDateTime, evening.StartDateTime)).toEqual([evening.Id]);
	});

	it('a checkout books an appointment at the local time it is sent in, as the document says', async () => {
		const site = pacific();
		const types = site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn);
		const items = await atPacific('GetBookableItems', {
			query: {
				'request.sessionTypeIds': types.map((t) => t.Id),
				'request.startDate': '2026-03-12',
				'request.endDate': '2026-03-12',
			},
		});
		const windows: Array<{
			StartDateTime: string;
			Staff: { Id: number };
			Location: { Id: number };
			SessionType: { Id: number };
		}> = items.json.Availabilities;
		const passOf = (typeId: number) =>
			site.saleRecords.pricingOptions.find(
				(o) => o.ProgramId === types.find((t) => t.Id === typeId)!.ProgramId && o.Count === 1,
			);
		const found = windows.find((w) => passOf(w.SessionType.Id))!;
		const pass = passOf(found.SessionType.Id)!;
		const answer = await h.call('POST', '/sale/checkoutshoppingcart', {
			siteId: PACIFIC,
			body: {
				CalculateTax: false,
				ClientId: site.clients[3].ClientId,
				LocationId: found.Location.Id,
				Items: [
					serviceItem(pass.Id, {
						AppointmentBookingRequests: [
							{
								StaffId: found.Staff.Id,
								SessionTypeId: found.SessionType.Id,
								StartDateTime: pacificText(found.StartDateTime),
							},
						],
					}),
				],
				Payments: [cash(pass.Price)],
			},
		});
		expect(answer.status).toBe(200);
		const booked = site.appointments.at(-1)!;
		expect([booked.ClientId, booked.StartDateTime]).toEqual([site.clients[3].Id, found.StartDateTime]);
	});

	it("reward transactions, contact logs and a client's liability agreement are written in local time", async () => {
		const site = pacific();
		const client = site.clients.find((c) => c.Status === 'Active')!;
		// The request's ActionDateTime is UTC, as the document says; the transaction is local.
		const earned = await atPacific('UpdateClientRewards', {
			body: {
				ClientId: client.ClientId,
				Points: 5,
				Action: 'Earned',
				Source: 'Referral',
				ActionDateTime: '2026-03-01T20:00:00',
			},
		});
		expect(earned.status).toBe(200);
		expect(earned.json.Transactions[0]).toMatchObject({
			ActionDateTime: '2026-03-01T12:00:00',
			ExpirationDateTime: '2027-03-01T12:00:00',
		});
		const log = await atPacific('AddContactLog', {
			body: { ClientId: client.ClientId, ContactMethod: 'Phone', Text: 'Called', Comments: ['Left a message'] },
		});
		expect(log.status).toBe(200);
		expect([log.json.CreatedDateTime, log.json.Comments[0].CreatedDateTime]).toEqual([
			'2026-03-02T00:00:00',
			'2026-03-02T00:00:00',
		]);
		const added = await atPacific('AddClient', {
			body: { FirstName: 'Rosa', LastName: 'Pacific', Email: 'rosa.pacific@example.com', LiabilityRelease: true },
		});
		expect(added.status).toBe(200);
		expect(added.json.Client.Liability.AgreementDate).toBe('2026-03-02T00:00:00');
		expect(added.json.Client.LastModifiedDateTime).toBe(TEST_START);
	});
});
