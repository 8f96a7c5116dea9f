import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { DAY, dateOf } from '../data/dates';
import { STAFF_PERMISSIONS, type StaffPermission } from '../data/staffRecords';
import { TEST_START, useSandbox, type Answer } from '../test/harness';
import { DEDUP_SKIP_HEADER, DEDUP_WINDOW_MS } from '../rest/deduplication';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const opOf = (key: string) => {
	const op = operations.find((candidate) => candidate.id === key);
	if (!op) throw new Error(`No sandbox operation is keyed ${key}`);
	return op;
};
const problemsOf = (key: string, answer: Answer) => shapeProblems(opOf(key).v6!.answer!, answer.json);

afterAll(() => {
	for (const event of h.sandbox.events) {
		const check = findEvent(event.eventId)?.eventData.safeParse(event.eventData);
		expect([event.eventId, check?.success]).toEqual([event.eventId, true]);
	}
});

/** The consumer login's client holds a massage package valid ±30 days around the start. */
const client = () => h.site().clients[0];
const series = () => h.site().clientServices.find((s) => s.ClientId === client().Id)!;

type Slot = {
	ClientId: string;
	StaffId: number;
	LocationId: number;
	SessionTypeId: number;
	StartDateTime: string;
};

/** Each test books on a day of its own. */
let nextDay = 1;

/** A free time for the client's package, found through GET /appointment/bookableitems. */
async function freeSlot(offset = 0): Promise<Slot> {
	const site = h.site();
	const { ProgramId, LocationIds } = series();
	const types = site.appointmentTypes.filter((t) => t.ProgramId === ProgramId && t.Active && !t.IsAddOn);
	for (let tries = 0; tries < 20; tries++) {
		const day = dateOf(now + nextDay++ * DAY);
		const answer = await h.call('GET', '/appointment/bookableitems', {
			token: await h.staffToken(),
			query: { 'request.sessionTypeIds': types.map((t) => t.Id), 'request.startDate': day, 'request.endDate': day },
		});
		expect(problemsOf('GetBookableItems', answer)).toEqual([]);
		const found = answer.json.Availabilities.filter((a: { Location: { Id: number } }) =>
			LocationIds.includes(a.Location.Id),
		)[offset];
		if (found) {
			return {
				ClientId: client().ClientId,
				StaffId: found.Staff.Id,
				LocationId: found.Location.Id,
				SessionTypeId: found.SessionType.Id,
				StartDateTime: found.StartDateTime,
			};
		}
	}
	throw new Error('No free slot');
}

async function frontDeskToken(): Promise<string> {
	const { username, password } = h.sandbox.frontDeskLogin;
	const issued = await h.call('POST', '/usertoken/issue', { body: { Username: username, Password: password } });
	return issued.json.AccessToken as string;
}

const frontDeskId = () => h.site().logins.find((l) => l.Username === h.sandbox.frontDeskLogin.username)!.UserId;

/** Grants exactly these of the spec's permissions (admin API: POST /_sandbox/staff/{id}/permissions). */
async function setPermissions(staffId: number, granted: StaffPermission[]): Promise<void> {
	const revoke = STAFF_PERMISSIONS.filter((permission) => !granted.includes(permission));
	const answer = await h.admin('POST', `/staff/${staffId}/permissions`, { grant: granted, revoke });
	expect(answer.status).toBe(200);
}

/** AddAppointment, with the owner's staff token unless another token (or undefined: none) is given. */
async function book(body: Record<string, unknown>, headers?: Record<string, string>, ...token: [string?]) {
	return h.call('POST', '/appointment/addappointment', {
		token: token.length ? token[0] : await h.staffToken(),
		body,
		headers,
	});
}

/** Runs with the site's online booking off (IsRequest needs it off), turning it back on after. */
async function requestsReviewed(run: () => Promise<void>): Promise<void> {
	expect((await h.admin('POST', '/business/online-booking', { enabled: false })).status).toBe(200);
	try {
		await run();
	} finally {
		await h.admin('POST', '/business/online-booking', { enabled: true });
	}
}

describe('v6 AddAppointment (rules 4, 5)', () => {
	it('books in site.appointments: the listed and v6 reads see it; payment applied; appointmentBooking.created', async () => {
		const slot = await freeSlot();
		const remaining = series().Remaining;
		const answer = await book({ ...slot, Notes: 'First visit', SendEmail: true });
		expect(answer.status).toBe(200);
		expect(problemsOf('AddAppointment', answer)).toEqual([]);
		const id = answer.json.Appointment.Id;
		expect(answer.json.Appointment).toMatchObject({
			StaffId: slot.StaffId,
			StartDateTime: slot.StartDateTime,
			ClientId: slot.ClientId,
			ClientServiceId: series().Id,
			Notes: 'First visit',
		});
		expect(series().Remaining).toBe(remaining - 1);
		expect(eventsOf('appointmentBooking.created').at(-1)!.eventData).toMatchObject({
			appointmentId: id,
			clientId: slot.ClientId,
			staffId: slot.StaffId,
			startDateTime: slot.StartDateTime,
		});
		const listed = await h.call('GET', '/Business/Schedules/Appointments', { query: { appointmentId: id } });
		expect(listed.json.Appointments[0]).toMatchObject({ Id: id, PaymentApplied: true });
		const search = await h.call('GET', '/appointment/staffappointments', {
			token: await h.staffToken(),
			query: {
				'request.staffIds': slot.StaffId,
				'request.startDate': slot.StartDateTime.slice(0, 10),
				'request.clientId': slot.ClientId,
			},
		});
		expect(problemsOf('GetStaffAppointments', search)).toEqual([]);
		expect(search.json.Appointments.map((a: { Id: number }) => a.Id)).toContain(id);
		expect(h.sandbox.emails.filter((e) => e.kind === 'appointment.booked').at(-1)!.to).toBe(client().Email);
	});

	it('refuses a taken time with AppointmentConflict', async () => {
		const slot = await freeSlot();
		expect((await book(slot)).status).toBe(200);
		const other = h.site().clients[3];
		const clash = await book({ ...slot, ClientId: other.ClientId });
		expect([clash.status, clash.json.Error.Code]).toEqual([400, 'AppointmentConflict']);
	});

	it('Test true checks the booking and changes nothing', async () => {
		const slot = await freeSlot();
		const count = h.site().appointments.length;
		const events = h.sandbox.events.length;
		const answer = await book({ ...slot, Test: true });
		expect(answer.status).toBe(200);
		expect(problemsOf('AddAppointment', answer)).toEqual([]);
		expect(answer.json.Appointment.Id).toBeNull();
		expect([h.site().appointments.length, h.sandbox.events.length]).toEqual([count, events]);
	});

	it(`counts identical requests within ${DEDUP_WINDOW_MS / 1000} s as one; the skip header runs it (rule 5)`, async () => {
		const slot = await freeSlot();
		const count = h.site().appointments.length;
		const first = await book(slot);
		await h.sandbox.clock.advance(3_000);
		const again = await book(slot);
		expect(again.json).toEqual(first.json);
		expect(h.site().appointments.length).toBe(count + 1);
		const skipped = await book(slot, { [DEDUP_SKIP_HEADER]: 'true' });
		expect([skipped.status, skipped.json.Error.Code]).toEqual([400, 'AppointmentConflict']);
		expect(h.site().appointments.length).toBe(count + 1);
	});

	it('IsWaitlist true keeps the preferred time, even a taken one, and books nothing; the entry can be removed', async () => {
		const slot = await freeSlot();
		expect((await book(slot)).status).toBe(200);
		const count = h.site().appointments.length;
		const other = h.site().clients[3];
		const answer = await book({ ...slot, ClientId: other.ClientId, IsWaitlist: true });
		expect(answer.status).toBe(200);
		expect(problemsOf('AddAppointment', answer)).toEqual([]);
		expect(answer.json.Appointment).toMatchObject({
			IsWaitlist: true,
			StartDateTime: slot.StartDateTime,
			StaffId: slot.StaffId,
			Id: null,
		});
		expect(h.site().appointments.length).toBe(count);
		const entryId = answer.json.Appointment.WaitlistEntryId;
		const token = await h.staffToken();
		const query = { 'request.waitlistEntryIds': entryId };
		expect((await h.call('DELETE', '/appointment/appointmentfromwaitlist', { token, query })).status).toBe(204);
		const gone = await h.call('DELETE', '/appointment/appointmentfromwaitlist', { token, query });
		expect([gone.status, gone.json.Error.Code]).toEqual([404, 'WaitlistEntryNotFound']);
	});

	it('IsRequest true from staff without BookAppointmentsForAllStaff, for another staff member, makes a request', async () => {
		await requestsReviewed(async () => {
			const slot = await freeSlot();
			expect(slot.StaffId).not.toBe(frontDeskId());
			const answer = await book({ ...slot, IsRequest: true }, undefined, await frontDeskToken());
			expect(answer.json.Appointment.Status).toBe('Requested');
			const request = h.site().appointmentRequests.at(-1)!;
			expect(request).toMatchObject({
				Type: 'Booking',
				Status: 'Pending',
				StaffId: slot.StaffId,
				ClientId: client().Id,
			});
			// The answer names the request: its id is the one Approve and Deny take.
			expect(answer.json.Appointment.Id).toBe(request.Id);
		});
	});

	it('IsRequest true without a token, or with a consumer token, makes a request, even for another client', async () => {
		await requestsReviewed(async () => {
			const other = h.site().clients[1];
			for (const [token, clientId] of [
				[undefined, client().ClientId],
				[h.sandbox.consumerToken, client().ClientId],
				[h.sandbox.consumerToken, other.ClientId],
			] as const) {
				const slot = await freeSlot();
				const before = h.site().appointments.length;
				const answer = await book({ ...slot, ClientId: clientId, IsRequest: true, IsWaitlist: true }, undefined, token);
				expect([answer.status, answer.json.Appointment?.Status]).toEqual([200, 'Requested']);
				expect(problemsOf('AddAppointment', answer)).toEqual([]);
				expect(h.site().appointmentRequests.at(-1)).toMatchObject({ Status: 'Pending', StaffId: slot.StaffId });
				expect(h.site().appointments.length).toBe(before);
			}
		});
	});

	it('IsRequest true from staff with BookAppointmentsForAllStaff books the appointment', async () => {
		await requestsReviewed(async () => {
			const slot = await freeSlot();
			const requests = h.site().appointmentRequests.length;
			const answer = await book({ ...slot, IsRequest: true });
			expect(answer.status).toBe(200);
			expect(h.site().appointments.find((a) => a.Id === answer.json.Appointment.Id)?.Status).toBe('Booked');
			expect(h.site().appointmentRequests.length).toBe(requests);
		});
	});

	it('IsRequest true while clients may book online is refused naming IsRequest, and nothing is added', async () => {
		expect(h.site().settings.AllowOnlineBooking).toBe(true);
		const slot = await freeSlot();
		const [appointments, requests] = [h.site().appointments.length, h.site().appointmentRequests.length];
		for (const token of [undefined, h.sandbox.consumerToken, await h.staffToken()]) {
			const answer = await book({ ...slot, IsRequest: true }, undefined, token);
			expect([answer.status, answer.json.Error.Code]).toEqual([400, 'InvalidParameter']);
			expect(answer.json.Error.Message).toContain('IsRequest');
		}
		expect([h.site().appointments.length, h.site().appointmentRequests.length]).toEqual([appointments, requests]);
	});

	it('without IsRequest: a consumer books their own client only, staff without the permission themselves only, no token 401', async () => {
		const other = h.site().clients[1];
		const refused = await book({ ...(await freeSlot()), ClientId: other.ClientId }, undefined, h.sandbox.consumerToken);
		expect([refused.status, refused.json.Error.Code]).toEqual([403, 'PermissionDenied']);
		const own = await book(await freeSlot(), undefined, h.sandbox.consumerToken);
		expect([own.status, own.json.Appointment.ClientId]).toEqual([200, client().ClientId]);
		expect(h.site().appointments.find((a) => a.Id === own.json.Appointment.Id)?.Status).toBe('Booked');
		const staff = await book(await freeSlot(), undefined, await frontDeskToken());
		expect([staff.status, staff.json.Error.Code, staff.json.Error.Message]).toEqual([
			403,
			'PermissionDenied',
			expect.stringContaining('other staff'),
		]);
		const anonymous = await book(await freeSlot(), undefined, undefined);
		expect([anonymous.status, anonymous.json.Error.Code]).toEqual([401, 'Unauthorized']);
	});

	it('staff appointments list each pending booking request as Requested under its id, until it is decided', async () => {
		const token = await h.staffToken();
		const site = h.site();
		const pending = site.appointmentRequests.filter((r) => r.Type === 'Booking' && r.Status === 'Pending');
		const decided = site.appointmentRequests.filter((r) => r.Status !== 'Pending');
		const cancellations = site.appointmentRequests.filter((r) => r.Type === 'Cancellation');
		expect([pending.length > 1, decided.length > 0, cancellations.length > 0]).toEqual([true, true, true]);
		const weeks = async (query: Record<string, unknown> = {}) => {
			const answer = await h.call('GET', '/appointment/staffappointments', {
				token,
				query: {
					'request.startDate': dateOf(now),
					'request.endDate': dateOf(now + 60 * DAY),
					'request.limit': 1000,
					...query,
				},
			});
			expect(problemsOf('GetStaffAppointments', answer)).toEqual([]);
			return answer.json.Appointments as Array<{ Id: number; Status: string; ClientId: string; StaffId: number }>;
		};
		const requested = (await weeks()).filter((a) => a.Status === 'Requested');
		expect(requested.map((a) => a.Id).sort()).toEqual(pending.map((r) => r.Id).sort());
		const [first, second] = pending;
		const clientOf = (id: number) => site.clients.find((c) => c.Id === id)!.ClientId;
		expect(requested.find((a) => a.Id === first.Id)).toMatchObject({
			StaffId: first.StaffId,
			ClientId: clientOf(first.ClientId),
		});
		// The usual filters apply to them.
		const ofClient = await weeks({ 'request.clientId': clientOf(second.ClientId) });
		expect(ofClient.filter((a) => a.Status === 'Requested').map((a) => a.Id)).toContain(second.Id);
		expect(ofClient.every((a) => a.ClientId === clientOf(second.ClientId))).toBe(true);

		const approved = await h.call('POST', '/Business/Schedules/AppointmentRequests/Approve', {
			token,
			body: [{ AppointmentRequestReference: { Id: first.Id } }],
		});
		expect(approved.status).toBe(201);
		const denied = await h.call('POST', '/Business/Schedules/AppointmentRequests/Deny', { token, body: [second.Id] });
		expect(denied.status).toBe(201);
		const after = await weeks();
		expect(after.map((a) => a.Id)).not.toContain(first.Id);
		expect(after.map((a) => a.Id)).not.toContain(second.Id);
		expect(
			after.find((a) => a.Id === site.appointmentRequests.find((r) => r.Id === first.Id)!.AppointmentId),
		).toMatchObject({
			Status: expect.stringMatching(/Booked|Confirmed/),
		});
	});

	it('AddMultipleAppointments books all or none, one appointmentBooking.created each (rule 4)', async () => {
		const [a, b] = [await freeSlot(), await freeSlot()];
		const count = h.site().appointments.length;
		const events = eventsOf('appointmentBooking.created').length;
		const failed = await h.call('POST', '/appointment/addmultipleappointments', {
			token: await h.staffToken(),
			body: { AddAppointmentRequests: [a, b, { ...b, StaffId: 999999 }] },
		});
		expect(failed.status).toBe(400);
		expect(failed.json.AddAppointmentOutcomes.map((o: { Error: { Code: string } }) => o.Error.Code)).toEqual([
			'NotBooked',
			'NotBooked',
			'StaffNotFound',
		]);
		expect([h.site().appointments.length, eventsOf('appointmentBooking.created').length]).toEqual([count, events]);
		const booked = await h.call('POST', '/appointment/addmultipleappointments', {
			token: await h.staffToken(),
			body: { AddAppointmentRequests: [a, b] },
		});
		expect(booked.status).toBe(200);
		expect(problemsOf('AddMultipleAppointments', booked)).toEqual([]);
		expect(h.site().appointments.length).toBe(count + 2);
		expect(eventsOf('appointmentBooking.created')).toHaveLength(events + 2);
	});

	it('AddMultipleAppointments, which rule 5 leaves out, runs an identical request again', async () => {
		const body = { AddAppointmentRequests: [await freeSlot()] };
		const first = await h.call('POST', '/appointment/addmultipleappointments', { token: await h.staffToken(), body });
		expect(first.status).toBe(200);
		const again = await h.call('POST', '/appointment/addmultipleappointments', { token: await h.staffToken(), body });
		expect([again.status, again.json.AddAppointmentOutcomes[0].Error.Code]).toEqual([400, 'AppointmentConflict']);
	});
});

describe('v6 UpdateAppointment (rule 14)', () => {
	// The package pays every appointment of these tests.
	beforeEach(() => {
		series().Remaining = series().Count;
	});

	it('ApplyPayment true when payment was already applied is an error and deducts no session again', async () => {
		const id = (await book(await freeSlot())).json.Appointment.Id;
		const appointment = h.site().appointments.find((a) => a.Id === id)!;
		expect(appointment.PaymentApplied).toBe(true);
		const remaining = series().Remaining;
		const events = h.sandbox.events.length;
		const answer = await h.call('POST', '/appointment/updateappointment', {
			token: await h.staffToken(),
			body: { AppointmentId: id, ApplyPayment: true, Notes: 'again' },
		});
		expect(answer.status).toBe(400);
		expect(answer.json.Error.Code).toBe('PaymentAlreadyApplied');
		expect([series().Remaining, appointment.Notes, h.sandbox.events.length]).toEqual([remaining, '', events]);
	});

	it('changes an appointment (appointmentBooking.updated); Execute Cancel cancels it (.cancelled) and gives the session back', async () => {
		const slot = await freeSlot();
		const id = (await book(slot)).json.Appointment.Id;
		const token = await h.staffToken();
		const changed = await h.call('POST', '/appointment/updateappointment', {
			token,
			body: { AppointmentId: id, Notes: 'Later', GenderPreference: 'Female', Execute: 'Confirm' },
		});
		expect(changed.status).toBe(200);
		expect(problemsOf('UpdateAppointment', changed)).toEqual([]);
		expect(changed.json.Appointment).toMatchObject({ Notes: 'Later', GenderPreference: 'Female' });
		expect(eventsOf('appointmentBooking.updated').at(-1)!.eventData).toMatchObject({
			appointmentId: id,
			notes: 'Later',
			genderRequested: 'Female',
		});
		const remaining = series().Remaining;
		const cancelled = await h.call('POST', '/appointment/updateappointment', {
			token,
			body: { AppointmentId: id, Execute: 'Cancel' },
		});
		expect(cancelled.status).toBe(200);
		expect(cancelled.json.Appointment.Status).toBe('Cancelled');
		expect(eventsOf('appointmentBooking.cancelled').at(-1)!.eventData).toEqual({
			siteId: h.sandbox.siteId,
			appointmentId: id,
		});
		expect(series().Remaining).toBe(remaining + 1);
		const listed = await h.call('GET', '/Business/Schedules/Appointments', { query: { appointmentId: id } });
		expect(listed.json.Appointments[0].Status).toBe('Cancelled');
	});

	it('needs the Modify Appointments permission', async () => {
		const id = (await book(await freeSlot())).json.Appointment.Id;
		await setPermissions(frontDeskId(), []);
		const answer = await h.call('POST', '/appointment/updateappointment', {
			token: await frontDeskToken(),
			body: { AppointmentId: id, Notes: 'x' },
		});
		expect(answer.status).toBe(403);
		expect(answer.json.Error.Message).toBe('Staff member does not have permission to modify appointments.');
	});
});

describe('v6 add-ons, availability and reads', () => {
	it('AddAppointmentAddOn and DeleteAppointmentAddOn send appointmentAddOn.created / .deleted', async () => {
		const site = h.site();
		const parent = site.appointments.find(
			(a) =>
				a.Status === 'Booked' &&
				site.appointmentTypes.some(
					(t) => t.IsAddOn && site.staff.find((s) => s.Id === a.StaffId)!.AppointmentTypeIds.includes(t.Id),
				),
		)!;
		const staff = site.staff.find((s) => s.Id === parent.StaffId)!;
		const addOnType = site.appointmentTypes.find((t) => t.IsAddOn && staff.AppointmentTypeIds.includes(t.Id))!;
		const token = await h.staffToken();
		const added = await h.call('POST', '/appointment/addappointmentaddon', {
			token,
			body: { AppointmentId: parent.Id, SessionTypeId: addOnType.Id },
		});
		expect(added.status).toBe(201);
		expect(problemsOf('AddAppointmentAddOn', added)).toEqual([]);
		const addOnId = added.json.AddOnAppointmentId;
		expect(eventsOf('appointmentAddOn.created').at(-1)!.eventData).toMatchObject({
			appointmentId: parent.Id,
			addOnAppointmentId: addOnId,
		});
		const search = await h.call('GET', '/appointment/staffappointments', {
			token,
			query: { 'request.appointmentIds': parent.Id },
		});
		expect(search.json.Appointments[0].AddOns.map((a: { Id: number }) => a.Id)).toContain(addOnId);
		const removed = await h.call('DELETE', '/appointment/deleteappointmentaddon', { token, query: { id: addOnId } });
		expect(removed.status).toBe(204);
		expect(eventsOf('appointmentAddOn.deleted').at(-1)!.eventData).toEqual({
			siteId: h.sandbox.siteId,
			addOnAppointmentId: addOnId,
		});
	});

	it('added time off shows in unavailabilities and takes the time out of the bookable items', async () => {
		const slot = await freeSlot();
		const token = await h.staffToken();
		const day = slot.StartDateTime.slice(0, 10);
		const added = await h.call('POST', '/appointment/availabilities', {
			token,
			body: {
				StaffIDs: [slot.StaffId],
				IsUnavailable: true,
				StartDateTime: `${day}T00:00:00`,
				EndDateTime: `${day}T23:59:00`,
				UnavailableDescription: 'Conference',
			},
		});
		expect(added.status).toBe(200);
		expect(problemsOf('AddAvailabilities', added)).toEqual([]);
		const off = await h.call('GET', '/appointment/unavailabilities', {
			query: { 'request.staffIds': slot.StaffId, 'request.startDate': day, 'request.endDate': day },
		});
		expect(problemsOf('GetUnavailabilities', off)).toEqual([]);
		expect(off.json.Unavailabilities.map((u: { Description: string }) => u.Description)).toContain('Conference');
		const items = await h.call('GET', '/appointment/bookableitems', {
			query: {
				'request.sessionTypeIds': slot.SessionTypeId,
				'request.staffIds': slot.StaffId,
				'request.startDate': day,
				'request.endDate': day,
			},
		});
		expect(items.json.Availabilities).toEqual([]);
		const taken = await book(slot);
		expect([taken.status, taken.json.Error.Code]).toEqual([400, 'AppointmentConflict']);
	});

	it('adds, updates and deletes a staff availability', async () => {
		const site = h.site();
		const staff = site.staff.find((s) => s.Active && s.AppointmentTypeIds.length)!;
		const token = await h.staffToken();
		const added = await h.call('POST', '/appointment/availabilities', {
			token,
			body: {
				StaffIDs: [staff.Id],
				LocationID: staff.LocationIds[0],
				StartDateTime: `${dateOf(now + 40 * DAY)}T18:00:00`,
				EndDateTime: `${dateOf(now + 50 * DAY)}T21:00:00`,
				DaysOfWeek: ['Saturday'],
				PublicDisplay: 'Show',
			},
		});
		expect(added.status).toBe(200);
		const id = added.json.StaffMembers[0].Availabilities[0].Id;
		expect(site.availabilities.find((a) => a.Id === id)).toMatchObject({
			StaffId: staff.Id,
			DaysOfWeek: ['Saturday'],
			StartTime: '18:00:00',
			EndTime: '21:00:00',
		});
		const updated = await h.call('PUT', '/appointment/availabilities', {
			token,
			body: { AvailabilityIds: [id], DaysOfWeek: ['Sunday'], PublicDisplay: 'Mask' },
		});
		expect(updated.status).toBe(200);
		expect(problemsOf('UpdateAvailability', updated)).toEqual([]);
		expect(site.availabilities.find((a) => a.Id === id)!.DaysOfWeek).toEqual(['Sunday']);
		const removed = await h.call('DELETE', '/appointment/availability', {
			token,
			query: { 'deleteAvailabilityRequest.availabilityId': id },
		});
		expect(removed.status).toBe(204);
		expect(site.availabilities.some((a) => a.Id === id)).toBe(false);
	});

	it('adds availability for the caller when StaffIDs is left out, and for every staff member there with 0', async () => {
		const site = h.site();
		const owner = site.staff.find(
			(s) => s.Id === site.logins.find((l) => l.Username === h.sandbox.staffLogin.username)!.UserId,
		)!;
		const locationId = owner.LocationIds[0];
		const window = {
			StartDateTime: `${dateOf(now + 60 * DAY)}T07:00:00`,
			EndDateTime: `${dateOf(now + 61 * DAY)}T08:00:00`,
		};
		const token = await h.staffToken();
		const own = await h.call('POST', '/appointment/availabilities', {
			token,
			body: { LocationID: locationId, ...window },
		});
		expect(own.status).toBe(200);
		expect(problemsOf('AddAvailabilities', own)).toEqual([]);
		expect(own.json.StaffMembers.map((s: { Id: number }) => s.Id)).toEqual([owner.Id]);
		const everyone = await h.call('POST', '/appointment/availabilities', {
			token,
			body: { StaffIDs: [0], LocationID: locationId, ...window },
		});
		expect(everyone.status).toBe(200);
		const there = site.staff.filter((s) => s.Active && s.LocationIds.includes(locationId)).map((s) => s.Id);
		expect(everyone.json.StaffMembers.map((s: { Id: number }) => s.Id).sort()).toEqual(there.sort());
		expect(there.length).toBeGreaterThan(1);
		const off = await h.call('POST', '/appointment/availabilities', {
			token,
			body: { StaffIDs: [0], IsUnavailable: true, UnavailableDescription: 'Staff day', ...window },
		});
		expect(off.status).toBe(200);
		const active = site.staff.filter((s) => s.Active).map((s) => s.Id);
		expect(off.json.StaffMembers.map((s: { Id: number }) => s.Id).sort()).toEqual(active.sort());
	});

	it('answers every appointment operation in the document shape', async () => {
		const token = await h.staffToken();
		const slot = await freeSlot();
		const type = slot.SessionTypeId;
		const day = slot.StartDateTime.slice(0, 10);
		const booked = (await book(slot)).json.Appointment.Id;
		const parent = h.site().appointments.find((a) => a.Id === booked)!;
		const staff = h.site().staff.find((s) => s.Id === parent.StaffId)!;
		const addOnType = h.site().appointmentTypes.find((t) => t.IsAddOn && staff.AppointmentTypeIds.includes(t.Id));
		const other = await freeSlot();
		const calls: Array<[string, string, string, Record<string, unknown>, number]> = [
			['GetActiveSessionTimes', 'GET', '/appointment/activesessiontimes', {}, 200],
			['GetAddOns', 'GET', '/appointment/addons', {}, 200],
			['GetAppointmentOptions', 'GET', '/appointment/appointmentoptions', {}, 200],
			['GetAvailableDates', 'GET', '/appointment/availabledates', { query: { 'request.sessionTypeId': type } }, 200],
			[
				'GetBookableItems',
				'GET',
				'/appointment/bookableitems',
				{ query: { 'request.sessionTypeIds': type, 'request.startDate': day } },
				200,
			],
			['GetScheduleItems', 'GET', '/appointment/scheduleitems', { query: { 'request.startDate': day } }, 200],
			['GetStaffAppointments', 'GET', '/appointment/staffappointments', { query: { 'request.startDate': day } }, 200],
			['GetUnavailabilities', 'GET', '/appointment/unavailabilities', {}, 200],
			['AddAppointment', 'POST', '/appointment/addappointment', { body: { ...other, IsWaitlist: true } }, 200],
			[
				'AddMultipleAppointments',
				'POST',
				'/appointment/addmultipleappointments',
				{ body: { AddAppointmentRequests: [other] } },
				200,
			],
			[
				'UpdateAppointment',
				'POST',
				'/appointment/updateappointment',
				{ body: { AppointmentId: booked, Notes: 'n' } },
				200,
			],
			[
				'AddAppointmentAddOn',
				'POST',
				'/appointment/addappointmentaddon',
				{ body: { AppointmentId: booked, SessionTypeId: addOnType?.Id } },
				201,
			],
			[
				'AddAvailabilities',
				'POST',
				'/appointment/availabilities',
				{
					body: {
						StaffIDs: [staff.Id],
						LocationID: staff.LocationIds[0],
						StartDateTime: `${dateOf(now + 60 * DAY)}T07:00:00`,
						EndDateTime: `${dateOf(now + 61 * DAY)}T08:00:00`,
					},
				},
				200,
			],
			[
				'UpdateAvailability',
				'PUT',
				'/appointment/availabilities',
				{ body: { AvailabilityIds: [h.site().availabilities[0].Id], PublicDisplay: 'Show' } },
				200,
			],
		];
		for (const [key, method, path, options, status] of calls) {
			const answer = await h.call(method, path, { token, ...options });
			expect([key, answer.status, answer.status === status ? problemsOf(key, answer) : answer.json]).toEqual([
				key,
				status,
				[],
			]);
		}
		const entry = h.site().classRecords.appointmentWaitlist.find((w) => !w.Removed)!;
		const addOn = h.site().addOns.find((a) => a.AppointmentId === booked)!;
		const deletes: Array<[string, string, Record<string, number>]> = [
			[
				'AppointmentRemoveFromWaitlist',
				'/appointment/appointmentfromwaitlist',
				{ 'request.waitlistEntryIds': entry.Id },
			],
			['DeleteAppointmentAddOn', '/appointment/deleteappointmentaddon', { id: addOn.Id }],
			[
				'DeleteAvailability',
				'/appointment/availability',
				{ 'deleteAvailabilityRequest.availabilityId': h.site().availabilities.at(-1)!.Id },
			],
		];
		for (const [key, path, query] of deletes) {
			const answer = await h.call('DELETE', path, { token, query });
			expect([key, answer.status]).toEqual([key, 204]);
		}
		const covered = new Set([...calls.map(([key]) => key), ...deletes.map(([key]) => key)]);
		const area = operations
			.filter((op) => op.v6?.tag === 'Appointment')
			.map((op) => op.id)
			.filter((key) => !covered.has(key));
		expect(area).toEqual([]);
	});
});
