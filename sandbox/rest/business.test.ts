import { isPlainText, TEST_START, useSandbox } from '../test/harness';

const h = useSandbox();
const now = Date.parse(TEST_START);

describe('staff calendar', () => {
	it('lists a staff member’s appointments, classes, enrollments and time off in the window', async () => {
		const site = h.site();
		const appointment = site.appointments.find((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > now)!;
		const answer = await h.call('GET', `/Business/Calendars/Staff/${appointment.StaffId}`, {
			query: {
				'request.startDateTime': appointment.StartDateTime.slice(0, 10),
				'request.endDateTime': appointment.EndDateTime,
			},
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toContainEqual(
			expect.objectContaining({
				Type: 'Appointment',
				Id: appointment.Id,
				ClientId: appointment.ClientId,
			}),
		);
		const onlyClasses = await h.call('GET', `/Business/Calendars/Staff/${appointment.StaffId}`, {
			query: {
				'request.includeAppointments': false,
				'request.startDateTime': appointment.StartDateTime.slice(0, 10),
			},
		});
		expect(onlyClasses.json.some((e: { Type: string }) => e.Type === 'Appointment')).toBe(false);
	});

	it('shows an appointment booked through the API (state read back)', async () => {
		const request = h.site().appointmentRequests.find((r) => r.Status === 'Pending' && r.Type === 'Booking')!;
		const window = {
			'request.startDateTime': request.StartDateTime,
			'request.endDateTime': request.EndDateTime,
		};
		const calendar = () => h.call('GET', `/Business/Calendars/Staff/${request.StaffId}`, { query: window });
		const before = await calendar();
		const approved = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token: await h.staffToken(),
			body: [{ AppointmentRequestReference: { Id: request.Id } }],
		});
		const after = await calendar();
		expect(after.json).toHaveLength(before.json.length + 1);
		expect(after.json).toContainEqual(
			expect.objectContaining({ Type: 'Appointment', Id: approved.json.Results[0].AppointmentId }),
		);
	});

	it('lets a staff member read only their own calendar, the owner every one', async () => {
		const login = await h.call('POST', '/usertoken/issue', {
			body: { Username: 'frontdesk', Password: 'frontdesk1234' },
		});
		const own = await h.call('GET', '/Business/Calendars/Staff/103', {
			token: login.json.AccessToken,
		});
		expect(own.status).toBe(200);
		const other = await h.call('GET', '/Business/Calendars/Staff/104', {
			token: login.json.AccessToken,
		});
		expect([other.status, isPlainText(other)]).toEqual([403, true]);
		expect((await h.call('GET', '/Business/Calendars/Staff/104', { token: await h.staffToken() })).status).toBe(200);
		expect((await h.call('GET', '/Business/Calendars/Staff/999')).status).toBe(400);
	});
});

describe('categories and closures', () => {
	it('lists categories, optionally of some verticals', async () => {
		const all = await h.call('GET', '/Business/Categories');
		expect(all.status).toBe(200);
		expect(all.json).toHaveLength(h.site().categories.length);
		const wellness = await h.call('GET', '/Business/Categories', { query: { verticalIds: 2 } });
		expect(wellness.json.map((c: { Name: string }) => c.Name)).toEqual(['Massage', 'Physiotherapy']);
	});

	it('lists subcategories, optionally of some categories', async () => {
		const massage = h.site().categories.find((c) => c.Name === 'Massage')!;
		const answer = await h.call('GET', '/Business/Subcategories', {
			query: { categoryIds: massage.Id },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.map((s: { Name: string }) => s.Name)).toEqual(['Swedish', 'Deep Tissue', 'Sports']);
		expect((await h.call('GET', '/Business/Subcategories')).json).toHaveLength(h.site().subcategories.length);
	});

	it('returns the closures overlapping the range in a closures object', async () => {
		const closure = h.site().closures[0];
		const day = closure.StartDateTime.slice(0, 10);
		const answer = await h.call('GET', '/Business/Closures', {
			query: { startDate: day, endDate: day },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.Closures).toContainEqual(expect.objectContaining({ Id: closure.Id, Name: closure.Name }));
		const none = await h.call('GET', '/Business/Closures', {
			query: { startDate: '2020-01-01', endDate: '2020-01-02' },
		});
		expect(none.json.Closures).toEqual([]);
		expect(
			(
				await h.call('GET', '/Business/Closures', {
					query: { startDate: '2026-03-09', endDate: '2026-03-01' },
				})
			).status,
		).toBe(400);
	});
});

describe('features', () => {
	it('lists the enabled features as strings; PATCH turns one on and answers 200 without a body', async () => {
		const before = await h.call('GET', '/Business/Features');
		expect(before.status).toBe(200);
		expect(before.json).toEqual(['AppointmentRequests', 'OnlineStore', 'VirtualWellness']);
		const patch = await h.call('PATCH', '/Business/Features/PickASpot', {
			body: { Enabled: true },
		});
		expect([patch.status, patch.text]).toEqual([200, '']);
		expect(h.site().features.find((f) => f.Name === 'PickASpot')!.Enabled).toBe(true);
		expect((await h.call('GET', '/Business/Features')).json).toContain('PickASpot');
		await h.call('PATCH', '/Business/Features/OnlineStore', { body: { Enabled: false } });
		expect((await h.call('GET', '/Business/Features')).json).not.toContain('OnlineStore');
	});

	it('answers 400 plain text for an unknown feature, 403 for a locked one, 400 for a bad body', async () => {
		const unknown = await h.call('PATCH', '/Business/Features/Teleport', {
			body: { Enabled: true },
		});
		expect([unknown.status, unknown.text]).toEqual([400, "Unknown feature 'Teleport'."]);
		expect((await h.call('PATCH', '/Business/Features/BrandedApp', { body: { Enabled: true } })).status).toBe(403);
		expect((await h.call('PATCH', '/Business/Features/PickASpot', { body: { Enabled: 'yes' } })).status).toBe(400);
	});
});

const KINDS: Record<string, string> = { Suspend: 'Suspend/startdate', close: 'close/enddate' };

describe('autopay suspensions', () => {
	const path = (scope: string, id: number, kind: string, date: string) =>
		`/AutoPay/${scope}/${id}/covid19/${KINDS[kind]}/${encodeURIComponent(date)}`;

	it.each([
		['region', 1],
		['subscriber', -99],
	])('suspends a %s open-ended and closes it at the end date', async (scope, id) => {
		const token = await h.staffToken();
		const suspended = await h.call('POST', path(scope, id, 'Suspend', '2026-03-10T00:00:00Z'), {
			token,
		});
		expect(suspended.status).toBe(200);
		expect(suspended.json).toMatchObject({
			Status: 'Suspended',
			StartDate: '2026-03-10T00:00:00Z',
			EndDate: null,
		});
		const stored = h.site().autopaySuspensions.find((s) => s.Id === suspended.json.Id)!;
		expect(stored.EndDate).toBeNull();
		expect((await h.call('POST', path(scope, id, 'Suspend', '2026-03-11T00:00:00Z'), { token })).status).toBe(400);
		const closed = await h.call('POST', path(scope, id, 'close', '2026-04-01'), { token });
		expect(closed.status).toBe(200);
		expect(closed.json).toMatchObject({
			Id: stored.Id,
			Status: 'Closed',
			EndDate: '2026-04-01T00:00:00Z',
		});
		expect(stored.EndDate).toBe('2026-04-01T00:00:00Z');
		const again = await h.call('POST', path(scope, id, 'close', '2026-04-02'), { token });
		expect([again.status, isPlainText(again)]).toEqual([400, true]);
	});

	it('refuses unknown scopes and non-date path values', async () => {
		const token = await h.staffToken();
		expect((await h.call('POST', path('region', 77, 'Suspend', '2026-03-10'), { token })).status).toBe(400);
		expect((await h.call('POST', path('region', 1, 'Suspend', 'soon'), { token })).status).toBe(400);
	});
});
