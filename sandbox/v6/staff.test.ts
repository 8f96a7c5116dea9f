import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { DAY, dateOf, isoAt } from '../data/dates';
import { hasPermission } from '../data/staffRecords';
import { TEST_START, useSandbox, type Answer, type CallOptions } from '../test/harness';
import { staffV6Handlers } from '../rest/v6/staff';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);

const opOf = (key: string) => operations.find((op) => op.id === key)!;

/** A v6 call whose answer must have the document's shape; token-marked operations get the owner's. */
async function v6(key: string, options: CallOptions & { anonymous?: boolean } = {}): Promise<Answer> {
	const op = opOf(key);
	const token = options.token ?? (op.userToken && !options.anonymous ? await h.staffToken() : undefined);
	const answer = await h.call(op.method, op.path, { ...options, token });
	if (answer.status < 300 && op.v6!.answer && answer.json !== undefined)
		expect([key, shapeProblems(op.v6!.answer, answer.json)]).toEqual([key, []]);
	return answer;
}

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const staff = () => h.site().staff;

async function frontDeskToken(): Promise<string> {
	const { username, password } = h.sandbox.frontDeskLogin;
	const issued = await h.call('POST', '/usertoken/issue', { body: { Username: username, Password: password } });
	return issued.json.AccessToken as string;
}
const frontDeskId = () => h.site().logins.find((l) => l.Username === h.sandbox.frontDeskLogin.username)!.UserId;
const permissions = (staffId: number, body: unknown) => h.admin('POST', `/staff/${staffId}/permissions`, body);

afterAll(() => {
	for (const event of h.sandbox.events) {
		const definition = findEvent(event.eventId);
		expect([event.eventId, definition?.eventData.safeParse(event.eventData).success]).toEqual([event.eventId, true]);
	}
});

describe('v6 staff and payroll: every operation', () => {
	it('answers each staff and payroll operation once in the document shape', async () => {
		const token = await h.staffToken();
		const member = staff()[1];
		const called: string[] = [];
		const run = async (key: string, options: CallOptions = {}) => {
			called.push(key);
			const answer = await v6(key, { token, ...options });
			expect([key, answer.status]).toEqual([key, opOf(key).successStatus]);
			return answer;
		};
		const range = { 'request.startDateTime': dateOf(now - 10 * DAY), 'request.endDateTime': dateOf(now) };
		expect((await run('GetCommissions', { query: range })).json.Commissions.length).toBeGreaterThan(0);
		expect(
			(await run('GetScheduledServiceEarnings', { query: range })).json.ScheduledServiceEarnings.length,
		).toBeGreaterThan(0);
		expect((await run('GetTimeCards', { query: range })).json.TimeCards.length).toBeGreaterThan(0);
		await run('GetTips', { query: range });
		await run('GetStaffImageURL', { query: { 'request.staffId': member.Id } });
		expect((await run('GetSalesReps')).json.SalesReps.length).toBeGreaterThan(0);
		await run('GetStaffSessionTypes', { query: { 'request.staffId': member.Id } });
		await run('GetStaff');
		await run('GetStaffPermissions', { query: { 'request.staffId': member.Id } });
		const created = await run('AddStaff', {
			body: { FirstName: 'Nia', LastName: 'Shape', Email: 'nia@example.com', AppointmentInstructor: true },
		});
		await run('AssignStaffSessionType', {
			body: { StaffId: created.json.Staff.Id, SessionTypeId: 1001, Active: true },
		});
		await run('AddStaffAvailability', {
			body: {
				StaffId: created.json.Staff.Id,
				IsAvailability: true,
				ProgramIds: [h.site().appointmentTypes[0].ProgramId],
				LocationId: 1,
				DaysOfWeek: ['Monday'],
				StartTime: '09:00:00',
				EndTime: '12:00:00',
				StartDate: dateOf(now),
				EndDate: dateOf(now + 30 * DAY),
			},
		});
		await run('UpdateStaff', { body: { ID: created.json.Staff.Id, Bio: 'Teaches mobility.' } });
		await run('UpdateStaffPermissions', {
			body: { StaffId: created.json.Staff.Id, PermissionGroupName: 'Front Desk' },
		});
		expect(called.map((key) => opOf(key).id).sort()).toEqual(Object.keys(staffV6Handlers).sort());
	});
});

describe('staff permissions', () => {
	it('are set through the admin API and read by GET /staff/staffpermissions and hasPermission', async () => {
		const id = frontDeskId();
		expect(hasPermission(h.site().staffRecords, id, 'CancelReservations')).toBe(false);
		const unknown = await permissions(id, { grant: ['FlyAway'] });
		expect(unknown.status).toBe(400);
		expect((await h.admin('POST', '/staff/9999/permissions', { grant: [] })).status).toBe(404);
		const granted = await permissions(id, { grant: ['CancelReservations', 'ManageClassSchedules'] });
		expect(granted.json.Granted).toEqual(expect.arrayContaining(['CancelReservations', 'ManageClassSchedules']));
		expect(hasPermission(h.site().staffRecords, id, 'CancelReservations')).toBe(true);
		// The document's name and the spec's name are the same permission.
		expect(hasPermission(h.site().staffRecords, id, 'CancelClassesAndEvents')).toBe(true);
		const read = await v6('GetStaffPermissions', { query: { 'request.staffId': id } });
		expect(read.json.UserGroup.AllowedPermissions).toEqual(
			expect.arrayContaining(['CancelClassesAndEvents', 'ManageClassSchedules']),
		);
		expect(read.json.UserGroup.DeniedPermissions).toContain('ManageStaffPayRates');
		await permissions(id, { revoke: ['CancelClassesAndEvents'] });
		expect(hasPermission(h.site().staffRecords, id, 'CancelReservations')).toBe(false);
		const owner = await v6('GetStaffPermissions', { query: { 'request.staffId': 101 } });
		expect(owner.json.UserGroup).toMatchObject({ PermissionGroupName: 'Owner', DeniedPermissions: [] });
	});

	it('UpdateStaffPermissions needs ManageStaffPayRates and puts the staff member in the group', async () => {
		const target = staff()[5];
		const body = { StaffId: target.Id, PermissionGroupName: 'Front Desk' };
		expect((await v6('UpdateStaffPermissions', { body, anonymous: true })).status).toBe(401);
		const token = await frontDeskToken();
		const denied = await v6('UpdateStaffPermissions', { body, token });
		expect([denied.status, denied.json.Error.Code]).toEqual([403, 'DeniedAccess']);
		await permissions(frontDeskId(), { grant: ['ManageStaffPayRates'] });
		const allowed = await v6('UpdateStaffPermissions', { body, token });
		await permissions(frontDeskId(), { revoke: ['ManageStaffPayRates'] });
		expect(allowed.json.UserGroup.PermissionGroupName).toBe('Front Desk');
		expect(hasPermission(h.site().staffRecords, target.Id, 'LaunchSignInScreen')).toBe(true);
		const unknown = await v6('UpdateStaffPermissions', { body: { ...body, PermissionGroupName: 'Pirates' } });
		expect(unknown.status).toBe(400);
	});
});

describe('staff members', () => {
	it('AddStaff adds to site.staff (staff calendar and GET /staff/staff see it) and emits staff.created', async () => {
		const count = eventsOf('staff.created').length;
		const answer = await v6('AddStaff', {
			body: {
				FirstName: 'Rosa',
				LastName: 'Vega',
				IsMale: false,
				City: 'Santa Barbara',
				ProviderIDs: ['NPI123'],
				SortOrder: 3,
			},
		});
		const id = answer.json.Staff.Id;
		expect(staff().find((s) => s.Id === id)).toMatchObject({
			FirstName: 'Rosa',
			Gender: 'Female',
			ProviderId: 'NPI123',
		});
		expect(eventsOf('staff.created')).toHaveLength(count + 1);
		expect(eventsOf('staff.created').at(-1)!.eventData).toMatchObject({
			staffId: id,
			siteId: -99,
			staffFirstName: 'Rosa',
			city: 'Santa Barbara',
			providerIds: ['NPI123'],
			gender: 'Female',
			sortOrder: 3,
		});
		const listed = await v6('GetStaff', { query: { 'request.staffIds': [id] } });
		expect(listed.json.StaffMembers.map((s: { Id: number }) => s.Id)).toEqual([id]);
		const calendar = await h.call('GET', `/Business/Calendars/Staff/${id}`, { token: await h.staffToken() });
		expect(calendar.status).toBe(200);
		const permissionsOf = await v6('GetStaffPermissions', { query: { 'request.staffId': id } });
		expect(permissionsOf.json.UserGroup.PermissionGroupName).toBe('Staff');
	});

	it('UpdateStaff emits staff.updated only when something changed, staff.deactivated when deactivated', async () => {
		const member = staff()[6];
		const updated = eventsOf('staff.updated').length;
		await v6('UpdateStaff', { body: { ID: member.Id, Bio: member.Bio } });
		expect(eventsOf('staff.updated')).toHaveLength(updated);
		const answer = await v6('UpdateStaff', { body: { ID: member.Id, LastName: 'Marsh', Address: '1 Pier Rd' } });
		expect(answer.json.Staff).toMatchObject({
			LastName: 'Marsh',
			Address: '1 Pier Rd',
			Name: `${member.FirstName} Marsh`,
		});
		expect(eventsOf('staff.updated')).toHaveLength(updated + 1);
		expect(eventsOf('staff.updated').at(-1)!.eventData).toMatchObject({
			staffId: member.Id,
			staffLastName: 'Marsh',
			addressLine1: '1 Pier Rd',
		});
		const deactivated = eventsOf('staff.deactivated').length;
		await v6('UpdateStaff', { body: { ID: member.Id, Active: false } });
		expect(eventsOf('staff.deactivated')).toHaveLength(deactivated + 1);
		const active = await v6('GetStaff', { query: { 'request.limit': 200 } });
		expect(active.json.StaffMembers.map((s: { Id: number }) => s.Id)).not.toContain(member.Id);
		expect((await v6('UpdateStaff', { body: { ID: 4242 } })).status).toBe(404);
	});

	it('GET /staff/staff filters by kind and by who is free for a session', async () => {
		const males = await v6('GetStaff', { query: { 'request.filters': ['Male'] } });
		expect(males.json.StaffMembers.every((s: { IsMale: boolean }) => s.IsMale)).toBe(true);
		const teachers = await v6('GetStaff', { query: { 'request.filters': ['ClassInstructor'] } });
		const teaching = new Set(h.site().classSchedules.map((s) => s.StaffId));
		expect(teachers.json.StaffMembers.every((s: { Id: number }) => teaching.has(s.Id))).toBe(true);
		expect((await v6('GetStaff', { query: { 'request.filters': ['Juggler'] } })).status).toBe(400);
		expect((await v6('GetStaff', { query: { 'request.sessionTypeId': 1001 } })).status).toBe(400);

		// A free Monday morning slot of a staff member who offers the type.
		const member = staff().find((s) => s.Active && s.AppointmentTypeIds.length > 0 && s.Id !== 101)!;
		const typeId = member.AppointmentTypeIds.find((id) =>
			h.site().appointmentTypes.some((t) => t.Id === id && !t.IsAddOn),
		)!;
		const monday = Date.parse(`${dateOf(now + 7 * DAY)}T00:00:00Z`);
		let free: string | undefined;
		for (let hour = 9; hour < 16 && !free; hour++) {
			const at = isoAt(monday + hour * 3600_000);
			const answer = await v6('GetStaff', {
				query: {
					'request.sessionTypeId': typeId,
					'request.locationId': member.LocationIds[0],
					'request.startDateTime': at,
				},
			});
			if (answer.json.StaffMembers.some((s: { Id: number }) => s.Id === member.Id)) free = at;
		}
		expect(free).toBeDefined();
		const night = isoAt(monday + 22 * 3600_000);
		const closed = await v6('GetStaff', {
			query: {
				'request.sessionTypeId': typeId,
				'request.locationId': member.LocationIds[0],
				'request.startDateTime': night,
			},
		});
		expect(closed.json.StaffMembers.map((s: { Id: number }) => s.Id)).not.toContain(member.Id);
	});

	it('AssignStaffSessionType needs ManageStaffPayRates and shows in the staff member’s session types', async () => {
		const member = staff()[7];
		const type = h
			.site()
			.appointmentTypes.find((t) => t.Active && !t.IsAddOn && !member.AppointmentTypeIds.includes(t.Id))!;
		const body = {
			StaffId: member.Id,
			SessionTypeId: type.Id,
			Active: true,
			TimeLength: 45,
			PayRateType: 'flat',
			PayRateAmount: 30,
		};
		const denied = await v6('AssignStaffSessionType', { body, token: await frontDeskToken() });
		expect(denied.status).toBe(403);
		const answer = await v6('AssignStaffSessionType', { body });
		expect(answer.json).toMatchObject({
			StaffId: member.Id,
			SessionTypeId: type.Id,
			PayRateType: 'Flat',
			PayRateAmount: 30,
			TimeLength: 45,
			Active: true,
		});
		const types = await v6('GetStaffSessionTypes', { query: { 'request.staffId': member.Id } });
		expect(types.json.StaffSessionTypes).toContainEqual(
			expect.objectContaining({ Id: type.Id, TimeLength: 45, PayRateType: 'Flat', PayRateAmount: 30 }),
		);
		await v6('AssignStaffSessionType', { body: { ...body, Active: false } });
		expect(member.AppointmentTypeIds).not.toContain(type.Id);
		const classType = await v6('AssignStaffSessionType', { body: { ...body, SessionTypeId: 2021 } });
		expect(classType.status).toBe(400);
	});

	it('AddStaffAvailability adds availability the booking operations read, or unavailability per day', async () => {
		const member = staff()[8];
		const before = h.site().availabilities.length;
		const start = dateOf(now + 14 * DAY);
		const answer = await v6('AddStaffAvailability', {
			body: {
				StaffId: member.Id,
				IsAvailability: true,
				ProgramIds: [h.site().appointmentTypes[0].ProgramId],
				LocationId: 1,
				DaysOfWeek: ['Saturday'],
				StartTime: '10:00:00',
				EndTime: '14:00:00',
				StartDate: start,
				EndDate: dateOf(now + 40 * DAY),
			},
		});
		expect(answer.status).toBe(200);
		expect(h.site().availabilities.slice(before)).toEqual([
			expect.objectContaining({ StaffId: member.Id, LocationId: 1, DaysOfWeek: ['Saturday'], StartTime: '10:00:00' }),
		]);
		const off = h.site().unavailabilities.length;
		await v6('AddStaffAvailability', {
			body: {
				StaffId: member.Id,
				IsAvailability: false,
				Description: 'Vacation',
				DaysOfWeek: ['Monday', 'Tuesday'],
				StartTime: '09:00:00',
				EndTime: '17:00:00',
				StartDate: dateOf(now + 7 * DAY),
				EndDate: dateOf(now + 13 * DAY),
			},
		});
		expect(
			h
				.site()
				.unavailabilities.slice(off)
				.map((u) => u.Description),
		).toEqual(['Vacation', 'Vacation']);
		const missing = await v6('AddStaffAvailability', {
			body: {
				StaffId: member.Id,
				IsAvailability: true,
				DaysOfWeek: ['Monday'],
				StartTime: '09:00:00',
				EndTime: '10:00:00',
				StartDate: start,
				EndDate: start,
			},
		});
		expect(missing.status).toBe(400);
	});

	it('sales reps, image URLs and session types come from the staff records', async () => {
		const reps = await v6('GetSalesReps', { query: { 'request.salesRepNumbers': [1] } });
		expect(reps.json.SalesReps).toEqual([{ Id: 101, FirstName: 'Sandbox', LastName: 'Owner', SalesRepNumbers: [1] }]);
		const image = await v6('GetStaffImageURL', { query: { 'request.staffId': 102 } });
		expect(image.json.ImageURL).toBe(staff()[1].ImageUrl);
		expect((await v6('GetStaffImageURL', { query: { 'request.staffId': 9 } })).status).toBe(404);
		const member = staff()[2];
		const types = await v6('GetStaffSessionTypes', { query: { 'request.staffId': member.Id } });
		expect(types.json.StaffSessionTypes.map((t: { Id: number }) => t.Id).sort()).toEqual(
			member.AppointmentTypeIds.filter((id) => h.site().appointmentTypes.some((t) => t.Id === id && t.Active)).sort(),
		);
	});
});

describe('payroll', () => {
	it('derives tips and commissions from sales and caps the range at 14 days', async () => {
		const from = now - 14 * DAY;
		const sales = h.site().sales.filter((s) => Date.parse(s.SaleDateTime) >= from && Date.parse(s.SaleDateTime) <= now);
		const query = { 'request.startDateTime': isoAt(from), 'request.endDateTime': isoAt(now), 'request.limit': 1000 };
		const tips = await v6('GetTips', { query });
		const expected = sales.flatMap((s) => s.Items.filter((i) => i.Type === 'Tip').map((i) => i.Amount));
		expect(tips.json.Tips.map((t: { Earnings: number }) => t.Earnings).sort()).toEqual(expected.sort());
		const commissions = await v6('GetCommissions', { query });
		const sold = (type: string) => type === 'Service' || type === 'Package';
		const sale = sales.find((s) => s.Items.some((i) => sold(i.Type)))!;
		const item = sale.Items.find((i) => sold(i.Type))!;
		expect(commissions.json.Commissions).toContainEqual(
			expect.objectContaining({
				StaffId: sale.SoldById,
				SaleId: sale.Id,
				SaleType: item.Type,
				Earnings: Math.round(item.Amount * 10) / 100,
			}),
		);
		expect(
			commissions.json.Commissions.some((c: { SaleType: string }) => c.SaleType === 'Tip' || c.SaleType === 'GiftCard'),
		).toBe(false);
		const tooLong = await v6('GetTips', {
			query: { 'request.startDateTime': isoAt(now - 15 * DAY), 'request.endDateTime': isoAt(now) },
		});
		expect([tooLong.status, tooLong.json.Error.Code]).toEqual([400, 'InvalidDateRange']);
		const staffId = sale.SoldById;
		const mine = await v6('GetCommissions', { query: { ...query, 'request.staffId': staffId } });
		expect(mine.json.Commissions.every((c: { StaffId: number }) => c.StaffId === staffId)).toBe(true);
	});

	it('pays completed appointments at the staff member’s rate for the session type', async () => {
		const appointment = h
			.site()
			.appointments.find((a) => a.Status === 'Completed' && Date.parse(a.StartDateTime) > now - 7 * DAY)!;
		await v6('AssignStaffSessionType', {
			body: {
				StaffId: appointment.StaffId,
				SessionTypeId: appointment.SessionTypeId,
				Active: true,
				PayRateType: 'Flat',
				PayRateAmount: 33,
			},
		});
		const earnings = await v6('GetScheduledServiceEarnings', {
			query: { 'request.scheduledServiceType': 'Appointment', 'request.scheduledServiceId': appointment.Id },
		});
		expect(earnings.json.ScheduledServiceEarnings).toEqual([
			{
				StaffId: appointment.StaffId,
				ScheduledServiceId: appointment.Id,
				ScheduledServiceType: 'Appointment',
				Earnings: 33,
				DateTime: appointment.StartDateTime,
			},
		]);
	});
});
