import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { DAY, dateOf, dayName } from '../data/dates';
import { STAFF_PERMISSIONS, type StaffPermission } from '../data/staffRecords';
import type { ClassInstance, Client, ClientService } from '../data/types';
import type { RestCall } from '../rest/call';
import { TEST_START, useSandbox, type Answer } from '../test/harness';
import { bookClassVisit } from '../rest/v6/classBooking';
import { DEDUP_SKIP_HEADER, DEDUP_WINDOW_MS } from '../rest/deduplication';
import { payingServiceOf, servicePays } from '../rest/v6/classRoster';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const emailsOf = (kind: string) => h.sandbox.emails.filter((e) => e.kind === kind);
const opOf = (key: string) => operations.find((op) => op.id === key)!;
const problemsOf = (key: string, answer: Answer) => shapeProblems(opOf(key).v6!.answer!, answer.json);

afterAll(() => {
	for (const event of h.sandbox.events) {
		const check = findEvent(event.eventId)?.eventData.safeParse(event.eventData);
		expect([event.eventId, check?.success]).toEqual([event.eventId, true]);
	}
});

/** Classes are handed out once per file: each test changes its own. */
const used = new Set<number>();

function freshClass(test: (c: ClassInstance) => boolean = () => true): ClassInstance {
	const found = h
		.site()
		.classes.filter(
			(c) =>
				!used.has(c.Id) &&
				!c.IsCanceled &&
				!c.Hidden &&
				Date.parse(c.StartDateTime) > now + DAY &&
				c.TotalBooked < c.MaxCapacity - 2 &&
				c.TotalWebBooked < c.WebCapacity - 2 &&
				test(c),
		)
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime))[0];
	if (!found) throw new Error('No class left for this test');
	used.add(found.Id);
	return found;
}

const booked = (classId: number, clientId: number) =>
	h
		.site()
		.classRecords.visits.some(
			(v) => v.ClassId === classId && v.ClientId === clientId && (v.Status === 'Booked' || v.Status === 'SignedIn'),
		);

/** A class and a client holding a pricing option that pays for it. */
function paidBooking(): { instance: ClassInstance; client: Client; service: ClientService } {
	const site = h.site();
	for (let tries = 0; tries < 200; tries++) {
		const instance = freshClass();
		const service = site.clientServices.find(
			(s) => servicePays(site, s, s.ClientId, instance) && !booked(instance.Id, s.ClientId),
		);
		if (service) return { instance, client: site.clients.find((c) => c.Id === service.ClientId)!, service };
	}
	throw new Error('No paid booking found');
}

/** A class and a client without a pricing option for it. */
function unpaidBooking(): { instance: ClassInstance; client: Client } {
	const site = h.site();
	const instance = freshClass();
	const client = site.clients.find(
		(c) => c.Status === 'Active' && !payingServiceOf(site, c.Id, instance) && !booked(instance.Id, c.Id),
	)!;
	return { instance, client };
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

const addToClass = async (body: Record<string, unknown>, token?: string, headers?: Record<string, string>) =>
	h.call('POST', '/class/addclienttoclass', { body, token, headers });

describe('v6 classes: reads (rule 11)', () => {
	it('lists classes of the day from site.classes, paged, in the document shape', async () => {
		const day = dateOf(now + 2 * DAY);
		const answer = await h.call('GET', '/class/classes', {
			token: await h.staffToken(),
			query: { 'request.startDateTime': `${day}T00:00:00`, 'request.limit': 5 },
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('GetClasses', answer)).toEqual([]);
		const expected = h.site().classes.filter((c) => c.StartDateTime.startsWith(day));
		expect(answer.json.PaginationResponse).toEqual({
			RequestedLimit: 5,
			RequestedOffset: 0,
			PageSize: Math.min(5, expected.length),
			TotalResults: expected.length,
		});
		const first = answer.json.Classes[0];
		const instance = h.site().classes.find((c) => c.Id === first.Id)!;
		expect(first).toMatchObject({
			ClassScheduleId: instance.ClassScheduleId,
			StartDateTime: instance.StartDateTime,
			MaxCapacity: instance.MaxCapacity,
			WebBooked: instance.TotalWebBooked,
			ClassDescription: { Id: instance.ClassDescriptionId },
			Staff: { Id: instance.StaffId },
			Location: { Id: instance.LocationId },
		});
	});

	it('filters by class, description, staff, location and program ids', async () => {
		const instance = freshClass();
		const token = await h.staffToken();
		const window = { 'request.startDateTime': instance.StartDateTime, 'request.endDateTime': instance.EndDateTime };
		const ids = async (query: Record<string, number>) =>
			(await h.call('GET', '/class/classes', { token, query: { ...window, ...query } })).json.Classes.map(
				(c: { Id: number }) => c.Id,
			);
		expect(await ids({ 'request.classIds': instance.Id })).toEqual([instance.Id]);
		expect(await ids({ 'request.staffIds': instance.StaffId })).toContain(instance.Id);
		expect(await ids({ 'request.locationIds': instance.LocationId })).toContain(instance.Id);
		expect(await ids({ 'request.classDescriptionIds': instance.ClassDescriptionId })).toContain(instance.Id);
		expect(await ids({ 'request.staffIds': instance.StaffId + 1000 })).toEqual([]);
	});

	it('returns hidden classes only to a staff token', async () => {
		const hidden = h.site().classes.find((c) => c.Hidden)!;
		const query = { 'request.classIds': hidden.Id };
		const anonymous = await h.call('GET', '/class/classes', { query });
		expect(anonymous.json.Classes).toEqual([]);
		const staff = await h.call('GET', '/class/classes', { query, token: await h.staffToken() });
		expect(staff.json.Classes.map((c: { Id: number }) => c.Id)).toEqual([hidden.Id]);
	});

	it('nulls the capacity fields without a user token while ShowOpenSpaces is off; staff always get them', async () => {
		const instance = freshClass();
		const query = { 'request.classIds': instance.Id };
		const capacity = (answer: Answer) => {
			const c = answer.json.Classes[0];
			return [c.MaxCapacity, c.TotalBooked, c.TotalBookedWaitlist, c.WebBooked, c.WebCapacity];
		};
		expect(h.site().settings.ShowOpenSpaces).toBe(false);
		expect(capacity(await h.call('GET', '/class/classes', { query }))).toEqual([null, null, null, null, null]);
		const numbers = [
			instance.MaxCapacity,
			instance.TotalBooked,
			instance.TotalBookedWaitlist,
			instance.TotalWebBooked,
			instance.WebCapacity,
		];
		expect(capacity(await h.call('GET', '/class/classes', { query, token: await h.staffToken() }))).toEqual(numbers);
		h.site().settings.ShowOpenSpaces = true;
		expect(capacity(await h.call('GET', '/class/classes', { query }))).toEqual(numbers);
		h.site().settings.ShowOpenSpaces = false;
	});

	it('class descriptions: one object per class with a date filter; inactive ones only with includeInactive', async () => {
		const day = dateOf(now + 3 * DAY);
		const classes = h.site().classes.filter((c) => c.StartDateTime.startsWith(day) && !c.Hidden);
		const perClass = await h.call('GET', '/class/classdescriptions', {
			query: { 'request.startClassDateTime': `${day}T00:00:00`, 'request.endClassDateTime': `${day}T23:59:59` },
		});
		expect(problemsOf('GetClassDescriptions', perClass)).toEqual([]);
		expect(perClass.json.ClassDescriptions.map((d: { Id: number }) => d.Id).sort()).toEqual(
			classes.map((c) => c.ClassDescriptionId).sort(),
		);
		const schedule = h.site().classSchedules.find((s) => s.Id !== 401)!;
		const lone = h.site().classSchedules.filter((s) => s.ClassDescriptionId === schedule.ClassDescriptionId);
		lone.forEach((s) => (s.IsActive = false));
		const active = await h.call('GET', '/class/classdescriptions');
		const all = await h.call('GET', '/class/classdescriptions', { query: { 'request.includeInactive': true } });
		lone.forEach((s) => (s.IsActive = true));
		const idsOf = (answer: Answer) => answer.json.ClassDescriptions.map((d: { Id: number }) => d.Id);
		expect(idsOf(active)).not.toContain(schedule.ClassDescriptionId);
		expect(idsOf(all)).toContain(schedule.ClassDescriptionId);
		expect(all.json.ClassDescriptions.find((d: { Id: number }) => d.Id === schedule.ClassDescriptionId).Active).toBe(
			false,
		);
	});
});

describe('v6 AddClientToClass (rules 5, 6)', () => {
	it('books a visit paid by the client’s pricing option: roster, class visits, client visits, classRosterBooking.created', async () => {
		const { instance, client, service } = paidBooking();
		const before = {
			total: instance.TotalBooked,
			remaining: service.Remaining,
			events: eventsOf('classRosterBooking.created').length,
		};
		const answer = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, await h.staffToken());
		expect(answer.status).toBe(200);
		expect(problemsOf('AddClientToClass', answer)).toEqual([]);
		expect(answer.json.Visit).toMatchObject({ ClassId: instance.Id, ClientId: client.ClientId, ServiceId: service.Id });
		expect(instance.TotalBooked).toBe(before.total + 1);
		expect(service.Remaining).toBe(before.remaining - 1);
		const created = eventsOf('classRosterBooking.created');
		expect(created).toHaveLength(before.events + 1);
		expect(created.at(-1)!.eventData).toMatchObject({
			classId: instance.Id,
			classRosterBookingId: answer.json.Visit.Id,
			clientId: client.ClientId,
			totalBooked: instance.TotalBooked,
			clientPassId: String(service.Id),
		});
		const roster = await h.call('GET', '/class/classvisits', { query: { 'request.classID': instance.Id } });
		expect(roster.json.Class.Visits.map((v: { Id: number }) => v.Id)).toContain(answer.json.Visit.Id);
		const visits = await h.call('GET', '/client/clientvisits', { query: { 'request.clientId': client.ClientId } });
		expect(visits.json.Visits.map((v: { Id: number }) => v.Id)).toContain(answer.json.Visit.Id);
		const listed = await h.call('GET', `/Business/Schedules/Classes/${instance.Id}`, { token: await h.staffToken() });
		expect(listed.json.TotalBooked).toBe(instance.TotalBooked);
	});

	it('a full class with Waitlist true takes a waiting list entry and sends classWaitlistRequest.created', async () => {
		const { instance, client } = paidBooking();
		instance.TotalBooked = instance.MaxCapacity;
		const waiting = instance.TotalBookedWaitlist;
		const answer = await addToClass(
			{ ClientId: client.ClientId, ClassId: instance.Id, Waitlist: true },
			await h.staffToken(),
		);
		expect(answer.status).toBe(200);
		expect(problemsOf('AddClientToClass', answer)).toEqual([]);
		const entryId = answer.json.Visit.WaitlistEntryId;
		expect(entryId).toEqual(expect.any(Number));
		expect(instance.TotalBookedWaitlist).toBe(waiting + 1);
		expect(booked(instance.Id, client.Id)).toBe(false);
		expect(eventsOf('classWaitlistRequest.created').at(-1)!.eventData).toMatchObject({
			classId: instance.Id,
			waitlistEntryId: entryId,
			clientId: client.ClientId,
		});
		const entries = await h.call('GET', '/class/waitlistentries', { query: { 'request.classIds': instance.Id } });
		expect(problemsOf('GetWaitlistEntries', entries)).toEqual([]);
		expect(entries.json.WaitlistEntries.map((e: { Id: number }) => e.Id)).toContain(entryId);
	});

	it('a full class otherwise answers ClassFull (staff) or ClassOnlineSignUpsFull (online)', async () => {
		const { instance, client } = paidBooking();
		instance.TotalBooked = instance.MaxCapacity;
		const staff = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, await h.staffToken());
		expect([staff.status, staff.json.Error.Code]).toEqual([400, 'ClassFull']);
		const online = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id });
		expect([online.status, online.json.Error.Code]).toEqual([400, 'ClassOnlineSignUpsFull']);
		expect(booked(instance.Id, client.Id)).toBe(false);
	});

	it('an unpaid reservation needs the Make Unpaid Reservation permission (rule 6)', async () => {
		const { instance, client } = unpaidBooking();
		const token = await frontDeskToken();
		await setPermissions(frontDeskId(), []);
		const refused = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token);
		expect(refused.status).toBe(403);
		expect(refused.json.Error.Message).toBe('Staff member does not have permission to make unpaid reservations.');
		const anonymous = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id });
		expect(anonymous.json.Error.Message).toBe('Staff member does not have permission to make unpaid reservations.');
		expect(booked(instance.Id, client.Id)).toBe(false);
		await setPermissions(frontDeskId(), ['MakeUnpaidReservation']);
		const allowed = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token);
		await setPermissions(frontDeskId(), []);
		expect(allowed.status).toBe(200);
		expect(allowed.json.Visit.ServiceId).toBeNull();
		expect(booked(instance.Id, client.Id)).toBe(true);
	});

	it('RequirePayment true without a pricing option that pays answers PaymentRequired', async () => {
		const { instance, client } = unpaidBooking();
		const answer = await addToClass(
			{ ClientId: client.ClientId, ClassId: instance.Id, RequirePayment: true },
			await h.staffToken(),
		);
		expect([answer.status, answer.json.Error.Code]).toEqual([400, 'PaymentRequired']);
		expect(booked(instance.Id, client.Id)).toBe(false);
	});

	it('SendEmail true sends the confirmation e-mail and SMS, also without a user token', async () => {
		const { instance, client } = paidBooking();
		const answer = await addToClass({ ClientId: client.ClientId, ClassId: instance.Id, SendEmail: true });
		expect(answer.status).toBe(200);
		expect(answer.json.Visit.WebSignup).toBe(true);
		const sent = emailsOf('class.booked').filter((e) => e.detail?.classId === instance.Id);
		expect(sent.map((e) => e.to).sort()).toEqual([client.Email, client.MobilePhone].sort());
		expect(sent.find((e) => e.to === client.MobilePhone)!.detail!.channel).toBe('sms');
	});

	it('a client of another site of the region gets a local profile here and is booked (rule 6)', async () => {
		const instance = freshClass();
		const away = await h.call('POST', '/client/addclient', {
			body: { FirstName: 'Regional', LastName: 'Booker', Email: 'regional.booker@example.com', NewId: 'REGION-CLASS' },
			siteId: -98,
		});
		expect(away.status).toBe(200);
		const created = () => eventsOf('client.created').filter((e) => e.cause.siteId === -99).length;
		const before = created();
		const token = await h.staffToken();
		const tried = await addToClass({ ClientId: 'REGION-CLASS', ClassId: instance.Id, Test: true }, token);
		expect(tried.status).toBe(200);
		expect(h.site().clients.some((c) => c.ClientId === 'REGION-CLASS')).toBe(false);
		const answer = await addToClass({ ClientId: 'REGION-CLASS', ClassId: instance.Id }, token);
		expect([answer.status, answer.json.Error]).toEqual([200, undefined]);
		const local = h.site().clients.find((c) => c.ClientId === 'REGION-CLASS')!;
		expect(local).toMatchObject({ FirstName: 'Regional', LastName: 'Booker', Email: 'regional.booker@example.com' });
		expect(booked(instance.Id, local.Id)).toBe(true);
		expect(created()).toBe(before + 1);
		const unknown = await addToClass({ ClientId: 'NOWHERE-1', ClassId: freshClass().Id }, token);
		expect(unknown.status).toBe(404);
	});

	it('Test true checks the booking and changes nothing', async () => {
		const { instance, client, service } = paidBooking();
		const before = { total: instance.TotalBooked, remaining: service.Remaining, events: h.sandbox.events.length };
		const answer = await addToClass(
			{ ClientId: client.ClientId, ClassId: instance.Id, Test: true },
			await h.staffToken(),
		);
		expect(answer.status).toBe(200);
		expect(problemsOf('AddClientToClass', answer)).toEqual([]);
		expect([instance.TotalBooked, service.Remaining, h.sandbox.events.length]).toEqual([
			before.total,
			before.remaining,
			before.events,
		]);
		expect(booked(instance.Id, client.Id)).toBe(false);
	});

	it(`counts identical requests within ${DEDUP_WINDOW_MS / 1000} s as one; the skip header and a later retry are processed (rule 5)`, async () => {
		const { instance, client } = paidBooking();
		const token = await h.staffToken();
		const body = { ClientId: client.ClientId, ClassId: instance.Id };
		const events = eventsOf('classRosterBooking.created').length;
		const first = await addToClass(body, token);
		await h.sandbox.clock.advance(2_000);
		const again = await addToClass(body, token);
		expect(again.status).toBe(200);
		expect(again.json).toEqual(first.json);
		expect(eventsOf('classRosterBooking.created')).toHaveLength(events + 1);
		expect(
			h.site().classRecords.visits.filter((v) => v.ClassId === instance.Id && v.ClientId === client.Id),
		).toHaveLength(1);
		// Skipping deduplication runs the request: the client is booked already.
		const skipped = await addToClass(body, token, { [DEDUP_SKIP_HEADER]: 'true' });
		expect([skipped.status, skipped.json.Error.Code]).toEqual([400, 'ClientAlreadyBooked']);
		await h.sandbox.clock.advance(DEDUP_WINDOW_MS);
		const later = await addToClass(body, token);
		expect([later.status, later.json.Error.Code]).toEqual([400, 'ClientAlreadyBooked']);
	});

	it('a failed request can be retried at once (rule 5)', async () => {
		const { instance, client } = unpaidBooking();
		const token = await frontDeskToken();
		await setPermissions(frontDeskId(), []);
		const body = { ClientId: client.ClientId, ClassId: instance.Id };
		expect((await addToClass(body, token)).status).toBe(403);
		await setPermissions(frontDeskId(), ['MakeUnpaidReservation']);
		const retried = await addToClass(body, token);
		await setPermissions(frontDeskId(), []);
		expect(retried.status).toBe(200);
		expect(booked(instance.Id, client.Id)).toBe(true);
	});
});

describe('v6 removing clients and waiting list entries', () => {
	it('RemoveClientFromClass cancels the booking, gives the session back and sends classRosterBooking.cancelled', async () => {
		const { instance, client, service } = paidBooking();
		const token = await h.staffToken();
		const visit = (await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token)).json.Visit;
		const remaining = service.Remaining;
		const answer = await h.call('POST', '/class/removeclientfromclass', {
			token,
			body: { ClientId: client.ClientId, ClassId: instance.Id, SendEmail: true },
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('RemoveClientFromClass', answer)).toEqual([]);
		expect(booked(instance.Id, client.Id)).toBe(false);
		expect(service.Remaining).toBe(remaining + 1);
		expect(eventsOf('classRosterBooking.cancelled').at(-1)!.eventData).toEqual({
			siteId: h.sandbox.siteId,
			locationId: instance.LocationId,
			classId: instance.Id,
			classRosterBookingId: visit.Id,
			clientUniqueId: client.Id,
			clientId: client.ClientId,
		});
		expect(emailsOf('class.cancelled').map((e) => e.to)).toEqual(
			expect.arrayContaining([client.Email, client.MobilePhone]),
		);
	});

	it('RemoveClientFromClass without a client names the fields that could name one; VisitId 0 names none', async () => {
		const { instance, client } = paidBooking();
		const token = await h.staffToken();
		await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token);
		const nobody = await h.call('POST', '/class/removeclientfromclass', { token, body: { ClassId: instance.Id } });
		expect([nobody.status, nobody.json.Error]).toEqual([
			400,
			{ Code: 'MissingRequiredFields', Message: 'ClientId, UniqueClientId or VisitId is required.' },
		]);
		const byClient = await h.call('POST', '/class/removeclientfromclass', {
			token,
			body: { ClassId: instance.Id, ClientId: client.ClientId, VisitId: 0 },
		});
		expect(byClient.status).toBe(200);
		expect(booked(instance.Id, client.Id)).toBe(false);
	});

	it('LateCancel keeps the session and marks the visit late-cancelled', async () => {
		const { instance, client, service } = paidBooking();
		const token = await h.staffToken();
		const visit = (await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token)).json.Visit;
		const remaining = service.Remaining;
		await h.call('POST', '/class/removeclientfromclass', {
			token,
			body: { VisitId: visit.Id, ClassId: instance.Id, LateCancel: true },
		});
		expect(service.Remaining).toBe(remaining);
		const visits = await h.call('GET', '/client/clientvisits', { query: { 'request.clientId': client.ClientId } });
		expect(visits.json.Visits.find((v: { Id: number }) => v.Id === visit.Id)).toMatchObject({
			LateCancelled: true,
			AppointmentStatus: 'LateCancelled',
		});
	});

	it('RemoveClientsFromClasses cancels each booking and reports the ones it could not', async () => {
		const { instance, client } = paidBooking();
		const token = await h.staffToken();
		await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token);
		const answer = await h.call('POST', '/class/removeclientsfromclasses', {
			token,
			body: {
				Details: [
					{ ClassId: instance.Id, ClientIds: [client.ClientId, 'nobody'] },
					{ ClassId: 1, ClientIds: [client.ClientId] },
				],
			},
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('RemoveClientsFromClasses', answer)).toEqual([]);
		expect(booked(instance.Id, client.Id)).toBe(false);
		expect(answer.json.Errors.map((e: { Code: string }) => e.Code)).toEqual(['ClientNotFound', 'ClassNotFound']);
	});

	it('removing a waiting list entry sends classWaitlistRequest.cancelled', async () => {
		const { instance, client } = paidBooking();
		instance.TotalBooked = instance.MaxCapacity;
		const token = await h.staffToken();
		const entryId = (await addToClass({ ClientId: client.ClientId, ClassId: instance.Id, Waitlist: true }, token)).json
			.Visit.WaitlistEntryId;
		const answer = await h.call('POST', '/class/removefromwaitlist', {
			token,
			query: { 'request.waitlistEntryIds': entryId },
		});
		expect(answer.status).toBe(200);
		expect(eventsOf('classWaitlistRequest.cancelled').at(-1)!.eventData).toEqual({
			siteId: h.sandbox.siteId,
			waitlistEntryId: entryId,
			ClassId: instance.Id,
			ClientId: client.ClientId,
			ClientUniqueId: client.Id,
		});
		const unknown = await h.call('POST', '/class/removefromwaitlist', {
			token,
			query: { 'request.waitlistEntryIds': entryId },
		});
		expect([unknown.status, unknown.json.Error.Code]).toEqual([404, 'WaitlistEntryNotFound']);
	});
});

describe('v6 class cancellation and substitutes (rule 1)', () => {
	it('without Cancel Reservations answers a permission error and cancels nothing', async () => {
		const { instance, client } = paidBooking();
		await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, await h.staffToken());
		const token = await frontDeskToken();
		await setPermissions(frontDeskId(), ['ManageClassSchedules']);
		const events = h.sandbox.events.length;
		const answer = await h.call('POST', '/class/cancelsingleclass', { token, body: { ClassID: instance.Id } });
		expect(answer.status).toBe(403);
		expect(answer.json.Error).toEqual({
			Code: 'PermissionDenied',
			Message: 'Staff member does not have permission to cancel reservations.',
		});
		expect(instance.IsCanceled).toBe(false);
		expect(booked(instance.Id, client.Id)).toBe(true);
		expect(h.sandbox.events).toHaveLength(events);
		await setPermissions(frontDeskId(), ['CancelReservations']);
		const noManage = await h.call('POST', '/class/cancelsingleclass', { token, body: { ClassID: instance.Id } });
		expect(noManage.json.Error.Message).toBe('Staff member does not have permission to manage class schedules.');
		expect(instance.IsCanceled).toBe(false);
		await setPermissions(frontDeskId(), []);
	});

	it('with both permissions cancels the class, its bookings, and sends class.updated with isCancelled true', async () => {
		const { instance, client } = paidBooking();
		await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, await h.staffToken());
		const token = await frontDeskToken();
		await setPermissions(frontDeskId(), ['ManageClassSchedules', 'CancelReservations']);
		const answer = await h.call('POST', '/class/cancelsingleclass', {
			token,
			body: { ClassID: instance.Id, SendClientEmail: true },
		});
		await setPermissions(frontDeskId(), []);
		expect(answer.status).toBe(200);
		expect(problemsOf('CancelSingleClass', answer)).toEqual([]);
		expect(answer.json.Class).toMatchObject({ Id: instance.Id, IsCanceled: true });
		expect(instance.IsCanceled).toBe(true);
		expect(booked(instance.Id, client.Id)).toBe(false);
		expect(eventsOf('class.updated').at(-1)!.eventData).toMatchObject({ classId: instance.Id, isCancelled: true });
		expect(eventsOf('classRosterBooking.cancelled').at(-1)!.eventData).toMatchObject({ classId: instance.Id });
	});

	it('SubstituteClassTeacher changes the teacher of one class and sends class.updated', async () => {
		const instance = freshClass();
		const other = h.site().staff.find((s) => s.Id !== instance.StaffId && s.Active)!;
		const answer = await h.call('POST', '/class/substituteclassteacher', {
			token: await h.staffToken(),
			body: { ClassId: instance.Id, StaffId: other.Id, OverrideConflicts: true },
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('SubstituteClassTeacher', answer)).toEqual([]);
		expect(answer.json.Class).toMatchObject({ Substitute: true, Staff: { Id: other.Id } });
		expect(eventsOf('class.updated').at(-1)!.eventData).toMatchObject({
			classId: instance.Id,
			staffId: other.Id,
			isStaffASubstitute: true,
			isCancelled: false,
		});
	});
});

describe('v6 class schedules (rule 13)', () => {
	const futureOf = (scheduleId: number) =>
		h
			.site()
			.classes.filter((c) => c.ClassScheduleId === scheduleId && Date.parse(c.StartDateTime) > now)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));

	async function newSchedule(): Promise<number> {
		const description = h.site().classDescriptions[1];
		const location = h.site().locations.find((l) => l.HasClasses)!;
		const staff = h.site().staff.find((s) => s.Active)!;
		const answer = await h.call('POST', '/class/addclassschedule', {
			token: await h.staffToken(),
			body: {
				ClassDescriptionId: description.Id,
				LocationId: location.Id,
				StaffId: staff.Id,
				StartDate: dateOf(now + DAY),
				EndDate: dateOf(now + 29 * DAY),
				StartTime: '2026-03-03T06:00:00',
				EndTime: '2026-03-03T06:45:00',
				DayTuesday: true,
				DayThursday: true,
				MaxCapacity: 12,
				WebCapacity: 8,
			},
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('AddClassSchedule', answer)).toEqual([]);
		return answer.json.ClassId;
	}

	it('AddClassSchedule creates the schedule and its classes and sends classSchedule.created', async () => {
		const id = await newSchedule();
		const classes = futureOf(id);
		const days = Array.from({ length: 29 }, (_, n) => now + (n + 1) * DAY).filter((d) =>
			['Tuesday', 'Thursday'].includes(dayName(d)),
		);
		expect(classes.map((c) => c.StartDateTime)).toEqual(days.map((d) => `${dateOf(d)}T06:00:00Z`));
		expect(eventsOf('classSchedule.created').at(-1)!.eventData).toMatchObject({
			classScheduleId: id,
			maxCapacity: 12,
			webCapacity: 8,
			startTime: '06:00:00',
			daysOfWeek: ['Tuesday', 'Thursday'],
		});
		const listed = await h.call('GET', '/class/classes', {
			token: await h.staffToken(),
			query: {
				'request.classScheduleIds': id,
				'request.startDateTime': dateOf(now),
				'request.endDateTime': dateOf(now + 30 * DAY),
			},
		});
		expect(listed.json.Classes.map((c: { Id: number }) => c.Id)).toEqual(classes.map((c) => c.Id));
	});

	it('RetainScheduleChanges true keeps a substitute and a cancellation; WebCapacity updates every class', async () => {
		const id = await newSchedule();
		const [substituted, cancelled, plain] = futureOf(id);
		const token = await h.staffToken();
		const other = h.site().staff.filter((s) => s.Active)[1];
		await h.call('POST', '/class/substituteclassteacher', {
			token,
			body: { ClassId: substituted.Id, StaffId: other.Id, OverrideConflicts: true },
		});
		await h.call('POST', '/class/cancelsingleclass', { token, body: { ClassID: cancelled.Id } });
		const answer = await h.call('POST', '/class/updateclassschedule', {
			token,
			body: { ClassId: id, WebCapacity: 5, RetainScheduleChanges: true },
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('UpdateClassSchedule', answer)).toEqual([]);
		expect([substituted.StaffId, substituted.IsSubstitute]).toEqual([other.Id, true]);
		expect(cancelled.IsCanceled).toBe(true);
		expect(futureOf(id).every((c) => c.WebCapacity === 5)).toBe(true);
		expect(eventsOf('classSchedule.updated').at(-1)!.eventData).toMatchObject({ classScheduleId: id, webCapacity: 5 });
		expect(plain.IsSubstitute).toBe(false);
	});

	it('RetainScheduleChanges false (the default) undoes the manual changes', async () => {
		const id = await newSchedule();
		const [substituted, cancelled] = futureOf(id);
		const schedule = h.site().classSchedules.find((s) => s.Id === id)!;
		const token = await h.staffToken();
		const other = h.site().staff.filter((s) => s.Active)[1];
		await h.call('POST', '/class/substituteclassteacher', {
			token,
			body: { ClassId: substituted.Id, StaffId: other.Id, OverrideConflicts: true },
		});
		await h.call('POST', '/class/cancelsingleclass', { token, body: { ClassID: cancelled.Id } });
		await h.call('POST', '/class/updateclassschedule', { token, body: { ClassId: id, MaxCapacity: 15 } });
		expect([substituted.StaffId, substituted.IsSubstitute]).toEqual([schedule.StaffId, false]);
		expect(cancelled.IsCanceled).toBe(false);
		expect(futureOf(id).every((c) => c.MaxCapacity === 15)).toBe(true);
	});

	it('schedule notes show on the classes of the schedule', async () => {
		const id = await newSchedule();
		const answer = await h.call('PATCH', `/class/updateclassschedulenotes/${id}`, {
			token: await h.staffToken(),
			body: { Notes: 'Bring a mat' },
		});
		expect(answer.status).toBe(204);
		const [first] = futureOf(id);
		const classes = await h.call('GET', '/class/classes', { query: { 'request.classIds': first.Id } });
		expect(classes.json.Classes[0].ClassNotes).toBe('Bring a mat');
	});

	const scheduleBody = () => ({
		ClassDescriptionId: h.site().classDescriptions[1].Id,
		LocationId: h.site().locations.find((l) => l.HasClasses)!.Id,
		StaffId: h.site().staff.find((s) => s.Active)!.Id,
		StartDate: dateOf(now + DAY),
		EndDate: dateOf(now + 15 * DAY),
		MaxCapacity: 12,
	});

	it('AddClassSchedule without StartTime schedules classes whose time is to be decided', async () => {
		const token = await h.staffToken();
		const answer = await h.call('POST', '/class/addclassschedule', {
			token,
			body: { ...scheduleBody(), EndTime: '2026-03-03T07:00:00', DayWednesday: true },
		});
		expect(answer.status).toBe(200);
		expect(problemsOf('AddClassSchedule', answer)).toEqual([]);
		const id = answer.json.ClassId;
		const classes = futureOf(id);
		expect(classes.map((c) => c.Id)).toEqual(answer.json.ClassInstanceIds);
		expect(classes.map((c) => [c.StartDateTime, c.EndDateTime])).toEqual(
			[dateOf(now + 2 * DAY), dateOf(now + 9 * DAY)].map((day) => [`${day}T00:00:00Z`, `${day}T00:00:00Z`]),
		);
		const read = await h.call('GET', '/class/classschedules', { token, query: { 'request.classScheduleIds': id } });
		expect(read.json.ClassSchedules[0]).toMatchObject({ StartTime: null, EndTime: null, DayWednesday: true });
		expect(eventsOf('classSchedule.created').at(-1)!.eventData).toMatchObject({
			classScheduleId: id,
			startTime: '00:00:00',
			endTime: '00:00:00',
		});
	});

	it('without day flags a schedule meets on its start day; all flags false is refused by their names', async () => {
		const token = await h.staffToken();
		const startDay = await h.call('POST', '/class/addclassschedule', {
			token,
			body: { ...scheduleBody(), StartTime: '2026-03-03T06:00:00', EndTime: '2026-03-03T06:45:00' },
		});
		expect(startDay.status).toBe(200);
		expect(futureOf(startDay.json.ClassId).map((c) => dayName(Date.parse(c.StartDateTime)))).toEqual([
			dayName(now + DAY),
			dayName(now + DAY),
			dayName(now + DAY),
		]);
		const none = Object.fromEntries(
			['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((d) => [`Day${d}`, false]),
		);
		const refused = await h.call('POST', '/class/addclassschedule', { token, body: { ...scheduleBody(), ...none } });
		expect([refused.status, refused.json.Error.Code]).toEqual([400, 'InvalidParameter']);
		expect(refused.json.Error.Message).toBe(
			'At least one of DaySunday, DayMonday, DayTuesday, DayWednesday, DayThursday, DayFriday, DaySaturday must be true.',
		);
		const empty = await h.call('POST', '/class/addclassschedule', { token, body: {} });
		expect(empty.json.Error.Message).toBe(
			'ClassDescriptionId, LocationId, StaffId, StartDate, MaxCapacity are required.',
		);
	});

	it('changing a schedule needs Manage Class Schedules', async () => {
		const token = await frontDeskToken();
		await setPermissions(frontDeskId(), []);
		const answer = await h.call('POST', '/class/updateclassschedule', {
			token,
			body: { ClassId: 401, WebCapacity: 1 },
		});
		expect([answer.status, answer.json.Error.Code]).toEqual([403, 'PermissionDenied']);
	});
});

describe('v6 enrollments', () => {
	it('AddEnrollmentSchedule adds an enrollment (both lists show it); UpdateEnrollmentSchedule changes it', async () => {
		const token = await h.staffToken();
		const description = h.site().classDescriptions[0];
		const created = await h.call('POST', '/enrollment/addenrollmentschedule', {
			token,
			body: {
				ClassDescriptionId: description.Id,
				LocationId: h.site().locations[0].Id,
				StaffId: h.site().staff[0].Id,
				StartDate: dateOf(now + 7 * DAY),
				EndDate: dateOf(now + 35 * DAY),
				StartTime: '2026-03-09T18:00:00',
				EndTime: '2026-03-09T20:00:00',
				DayMonday: true,
				MaxCapacity: 10,
			},
		});
		expect(created.status).toBe(200);
		const id = created.json.ClassId;
		expect(eventsOf('classSchedule.created').at(-1)!.eventData).toMatchObject({ classScheduleId: id });
		const v6 = await h.call('GET', '/enrollment/enrollments', {
			query: { 'request.startDate': dateOf(now + 7 * DAY), 'request.classScheduleIds': id },
		});
		expect(problemsOf('GetEnrollments', v6)).toEqual([]);
		expect(v6.json.Enrollments.map((e: { Id: number }) => e.Id)).toEqual([id]);
		const listed = await h.call('GET', '/Business/Schedules/Enrollments', {
			token,
			query: { 'request.startDate': dateOf(now + 7 * DAY) },
		});
		expect(listed.json.map((e: { Id: number }) => e.Id)).toContain(id);
		const updated = await h.call('POST', '/enrollment/updateenrollmentschedule', {
			token,
			body: { ClassId: id, MaxCapacity: 14 },
		});
		expect(updated.status).toBe(200);
		expect(h.site().enrollments.find((e) => e.Id === id)!.Capacity).toBe(14);
		expect(eventsOf('classSchedule.updated').at(-1)!.eventData).toMatchObject({ classScheduleId: id, maxCapacity: 14 });
	});

	const everyDay = Object.fromEntries(
		['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((d) => [`Day${d}`, true]),
	);

	/** An enrollment schedule from `first` to `last` days ahead. */
	const addEnrollment = async (first: number, last: number, fields: Record<string, unknown>) =>
		h.call('POST', '/enrollment/addenrollmentschedule', {
			token: await h.staffToken(),
			body: {
				ClassDescriptionId: h.site().classDescriptions[0].Id,
				LocationId: h.site().locations[0].Id,
				StaffId: h.site().staff[0].Id,
				StartDate: dateOf(now + first * DAY),
				EndDate: dateOf(now + last * DAY),
				...fields,
			},
		});

	it('AddEnrollmentSchedule answers the IDs of its sessions; UpdateEnrollmentSchedule keeps those still meeting', async () => {
		const token = await h.staffToken();
		const created = await addEnrollment(7, 20, {
			StartTime: '2026-03-09T18:00:00',
			EndTime: '2026-03-09T20:00:00',
			...everyDay,
		});
		expect(created.status).toBe(200);
		const sessions: number[] = created.json.ClassInstanceIds;
		expect(sessions).toHaveLength(14);
		expect(new Set(sessions).size).toBe(14);
		expect(h.site().classes.filter((c) => sessions.includes(c.Id))).toEqual([]);
		const updated = await h.call('POST', '/enrollment/updateenrollmentschedule', {
			token,
			body: { ClassId: created.json.ClassId, DaySunday: false },
		});
		expect(updated.status).toBe(200);
		const kept = sessions.filter((_, index) => dayName(now + (7 + index) * DAY) !== 'Sunday');
		expect(updated.json.ClassInstanceIds).toEqual(kept);
	});

	it('AddEnrollmentSchedule without StartTime leaves the time to be decided', async () => {
		const created = await addEnrollment(3, 10, { DayFriday: true });
		expect(created.status).toBe(200);
		expect(created.json.ClassInstanceIds).toHaveLength(1);
		const read = await h.call('GET', '/enrollment/enrollments', {
			query: { 'request.startDate': dateOf(now + 3 * DAY), 'request.classScheduleIds': created.json.ClassId },
		});
		expect(read.json.Enrollments[0]).toMatchObject({ StartTime: null, EndTime: null, DayFriday: true });
	});

	it('AddClientToEnrollment without a pricing option needs Make Unpaid Reservation (rule 6)', async () => {
		const enrollment = h.site().enrollments.find((e) => e.Active && e.TotalBooked < e.Capacity)!;
		const client = h.site().clients[5];
		const body = { ClientId: client.ClientId, ClassScheduleId: enrollment.Id };
		await setPermissions(frontDeskId(), []);
		const refused = await h.call('POST', '/enrollment/addclienttoenrollment', { token: await frontDeskToken(), body });
		expect(refused.status).toBe(403);
		expect(refused.json.Error.Message).toBe('Staff member does not have permission to make unpaid reservations.');
		const before = enrollment.TotalBooked;
		const allowed = await h.call('POST', '/enrollment/addclienttoenrollment', { token: await h.staffToken(), body });
		expect(allowed.status).toBe(200);
		expect(problemsOf('AddClientToEnrollment', allowed)).toEqual([]);
		expect(allowed.json.Clients.map((c: { Id: string }) => c.Id)).toContain(client.ClientId);
		expect(enrollment.TotalBooked).toBe(before + 1);
	});
});

describe('v6 client visits and schedule (rules 2, 15)', () => {
	it('a visit booked by a checkout (bookClassVisit with a sale) shows in client visits and class visits', async () => {
		const { instance, client, service } = paidBooking();
		const call = {
			ctx: h.sandbox.context,
			store: h.sandbox.state,
			site: h.site(),
			siteId: h.sandbox.siteId,
			account: { sourceName: 'checkout', apiKey: h.sandbox.apiKey },
			now: h.sandbox.clock.now(),
		} as unknown as RestCall;
		const visit = bookClassVisit(call, {
			clientId: client.Id,
			classId: instance.Id,
			clientServiceId: service.Id,
			saleId: 424242,
		})!;
		const visits = await h.call('GET', '/client/clientvisits', { query: { 'request.uniqueClientId': client.Id } });
		expect(problemsOf('GetClientVisits', visits)).toEqual([]);
		expect(visits.json.Visits.find((v: { Id: number }) => v.Id === visit.Id)).toMatchObject({
			ClassId: instance.Id,
			ServiceId: service.Id,
			LastModifiedDateTime: h.sandbox.clock.iso(),
		});
		const roster = await h.call('GET', '/class/classvisits', {
			query: { 'request.classID': instance.Id, 'request.lastModifiedDate': h.sandbox.clock.iso() },
		});
		expect(problemsOf('GetClassVisits', roster)).toEqual([]);
		expect(roster.json.Class.Visits.map((v: { Id: number }) => v.Id)).toEqual([visit.Id]);
		const changed = await h.call('GET', '/class/classes', {
			query: { 'request.classIds': instance.Id, 'request.lastModifiedDate': h.sandbox.clock.iso() },
		});
		expect(changed.json.Classes.map((c: { Id: number }) => c.Id)).toEqual([instance.Id]);
	});

	it('the client schedule adds waiting list entries with their order numbers when asked (rule 15)', async () => {
		const { instance, client } = paidBooking();
		instance.TotalBooked = instance.MaxCapacity;
		const token = await h.staffToken();
		const other = h.site().clients.find((c) => c.Id !== client.Id && !booked(instance.Id, c.Id))!;
		await addToClass({ ClientId: other.ClientId, ClassId: instance.Id, Waitlist: true }, token);
		const entryId = (await addToClass({ ClientId: client.ClientId, ClassId: instance.Id, Waitlist: true }, token)).json
			.Visit.WaitlistEntryId;
		const query = { 'request.clientId': client.ClientId, 'request.endDate': dateOf(now + 60 * DAY) };
		const plain = await h.call('GET', '/client/clientschedule', { query });
		expect(plain.json.Visits.some((v: { ClassId: number }) => v.ClassId === instance.Id)).toBe(false);
		const withEntries = await h.call('GET', '/client/clientschedule', {
			query: { ...query, 'request.includeWaitlistEntries': true },
		});
		expect(problemsOf('GetClientSchedule', withEntries)).toEqual([]);
		const earlier = h.site().classRecords.waitlist.filter((w) => w.ClassId === instance.Id && w.Status === 'Waiting');
		expect(withEntries.json.Visits.find((v: { ClassId: number }) => v.ClassId === instance.Id).WaitlistInfo).toEqual({
			WaitlistId: entryId,
			WaitlistOrderNumber: earlier.length,
		});
	});

	it('UpdateClientVisit signs a client in (classRosterBookingStatus.updated) and takes Execute LateCancel', async () => {
		const { instance, client } = paidBooking();
		const token = await h.staffToken();
		const visit = (await addToClass({ ClientId: client.ClientId, ClassId: instance.Id }, token)).json.Visit;
		const signed = await h.call('POST', '/client/updateclientvisit', {
			token,
			body: { VisitId: visit.Id, SignedIn: true, Makeup: true },
		});
		expect(signed.status).toBe(200);
		expect(problemsOf('UpdateClientVisit', signed)).toEqual([]);
		expect(signed.json.Visit).toMatchObject({ SignedIn: true, MakeUp: true, AppointmentStatus: 'Arrived' });
		expect(eventsOf('classRosterBookingStatus.updated').at(-1)!.eventData).toMatchObject({
			classRosterBookingId: visit.Id,
			signedInStatus: 'SignedIn',
		});
		const late = await h.call('POST', '/client/updateclientvisit', {
			token,
			body: { VisitId: visit.Id, Execute: 'LateCancel' },
		});
		expect(late.json.Visit.LateCancelled).toBe(true);
		expect(eventsOf('classRosterBooking.cancelled').at(-1)!.eventData).toMatchObject({
			classRosterBookingId: visit.Id,
		});
	});
});

describe('v6 classes: every operation once', () => {
	it('answers every class, enrollment and visit operation in the document shape', async () => {
		const token = await h.staffToken();
		const { instance, client } = paidBooking();
		const enrollment = h.site().enrollments[0];
		const day = dateOf(now + 2 * DAY);
		const full = paidBooking();
		full.instance.TotalBooked = full.instance.MaxCapacity;
		const cancel = freshClass();
		const calls: Array<[string, string, string, Record<string, unknown>]> = [
			['GetClassDescriptions', 'GET', '/class/classdescriptions', {}],
			['GetClasses', 'GET', '/class/classes', { query: { 'request.startDateTime': day } }],
			['GetClassSchedules', 'GET', '/class/classschedules', {}],
			['GetCourses', 'GET', '/class/courses', {}],
			['GetSemesters', 'GET', '/class/semesters', {}],
			[
				'AddClientToClass',
				'POST',
				'/class/addclienttoclass',
				{ body: { ClientId: client.ClientId, ClassId: instance.Id } },
			],
			['GetClassVisits', 'GET', '/class/classvisits', { query: { 'request.classID': instance.Id } }],
			[
				'AddClientToClass',
				'POST',
				'/class/addclienttoclass',
				{ body: { ClientId: full.client.ClientId, ClassId: full.instance.Id, Waitlist: true } },
			],
			['GetWaitlistEntries', 'GET', '/class/waitlistentries', {}],
			[
				'GetClientSchedule',
				'GET',
				'/client/clientschedule',
				{ query: { 'request.clientId': client.ClientId, 'request.includeWaitlistEntries': true } },
			],
			['GetClientVisits', 'GET', '/client/clientvisits', { query: { 'request.clientId': client.ClientId } }],
			['GetEnrollments', 'GET', '/enrollment/enrollments', { query: { 'request.startDate': enrollment.StartDate } }],
			[
				'AddClientToEnrollment',
				'POST',
				'/enrollment/addclienttoenrollment',
				{ body: { ClientId: h.site().clients[7].ClientId, ClassScheduleId: enrollment.Id } },
			],
			[
				'AddEnrollmentSchedule',
				'POST',
				'/enrollment/addenrollmentschedule',
				{
					body: {
						ClassDescriptionId: h.site().classDescriptions[0].Id,
						LocationId: h.site().locations[0].Id,
						StaffId: h.site().staff[0].Id,
						StartDate: day,
						EndDate: day,
						StartTime: `${day}T10:00:00`,
						EndTime: `${day}T12:00:00`,
					},
				},
			],
			[
				'UpdateEnrollmentSchedule',
				'POST',
				'/enrollment/updateenrollmentschedule',
				{ body: { ClassId: enrollment.Id, MaxCapacity: 30 } },
			],
			[
				'AddClassSchedule',
				'POST',
				'/class/addclassschedule',
				{
					body: {
						ClassDescriptionId: h.site().classDescriptions[0].Id,
						LocationId: instance.LocationId,
						StaffId: instance.StaffId,
						StartDate: day,
						EndDate: dateOf(now + 9 * DAY),
						StartTime: `${day}T05:00:00`,
						EndTime: `${day}T05:30:00`,
						DayMonday: true,
						MaxCapacity: 5,
					},
				},
			],
			[
				'UpdateClassSchedule',
				'POST',
				'/class/updateclassschedule',
				{
					body: {
						ClassId: instance.ClassScheduleId,
						WebCapacity: Math.min(instance.MaxCapacity, instance.WebCapacity),
					},
				},
			],
			[
				'SubstituteClassTeacher',
				'POST',
				'/class/substituteclassteacher',
				{ body: { ClassId: cancel.Id, StaffId: h.site().staff[1].Id, OverrideConflicts: true } },
			],
			['CancelSingleClass', 'POST', '/class/cancelsingleclass', { body: { ClassID: cancel.Id } }],
			[
				'UpdateClientVisit',
				'POST',
				'/client/updateclientvisit',
				{ body: { VisitId: h.site().classRecords.visits[0].Id, SignedIn: true } },
			],
			[
				'RemoveClientFromClass',
				'POST',
				'/class/removeclientfromclass',
				{ body: { ClientId: client.ClientId, ClassId: instance.Id } },
			],
			[
				'RemoveClientsFromClasses',
				'POST',
				'/class/removeclientsfromclasses',
				{ body: { Details: [{ ClassId: instance.Id, ClientIds: [client.ClientId] }] } },
			],
		];
		for (const [key, method, path, options] of calls) {
			const answer = await h.call(method, path, { token, ...options });
			expect([key, answer.status, answer.status === 200 ? problemsOf(key, answer) : answer.json]).toEqual([
				key,
				200,
				[],
			]);
		}
		const entry = h.site().classRecords.waitlist.find((w) => w.Status === 'Waiting')!;
		const removed = await h.call('POST', '/class/removefromwaitlist', {
			token,
			query: { 'request.waitlistEntryIds': entry.Id },
		});
		expect([removed.status, problemsOf('ClassRemoveFromWaitlist', removed)]).toEqual([200, []]);
		const notes = await h.call('PATCH', `/class/updateclassschedulenotes/${instance.ClassScheduleId}`, {
			token,
			body: { Notes: 'n' },
		});
		expect(notes.status).toBe(204);
		const covered = new Set([...calls.map(([key]) => key), 'ClassRemoveFromWaitlist', 'UpdateClassScheduleNotes']);
		const area = operations.filter(
			(op) =>
				(op.v6 && ['Class', 'Enrollment'].includes(op.v6.tag)) ||
				['GetClientVisits', 'GetClientSchedule', 'UpdateClientVisit'].includes(op.id),
		);
		expect(area.map((op) => op.id).filter((key) => !covered.has(key))).toEqual([]);
	});
});
