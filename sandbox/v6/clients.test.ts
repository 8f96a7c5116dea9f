import { operations } from '../reading/operations';
import { findEvent } from '../reading/events';
import { DAY, MINUTE, dateOf } from '../data/dates';
import type { Client } from '../data/types';
import { TEST_START, useSandbox, type Answer, type CallOptions } from '../test/harness';
import { clientsV6Handlers } from '../rest/v6/clients';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);
const today = dateOf(now);
const SECOND_SITE = -98;

const opOf = (key: string) => operations.find((op) => op.id === key)!;

/**
 * A v6 call; the answer must have the document's shape. Operations the catalogue marks as
 * needing a staff token get the owner's unless the call names one or is `anonymous`.
 */
async function v6(key: string, options: CallOptions & { path?: string; anonymous?: boolean } = {}): Promise<Answer> {
	const op = opOf(key);
	const token = options.token ?? (op.userToken && !options.anonymous ? await h.staffToken() : undefined);
	const answer = await h.call(op.method, options.path ?? op.path, { ...options, token });
	if (answer.status < 300 && op.v6!.answer && answer.json !== undefined)
		expect([key, shapeProblems(op.v6!.answer, answer.json)]).toEqual([key, []]);
	return answer;
}

const eventsOf = (eventId: string) => h.sandbox.events.filter((e) => e.eventId === eventId);
const clients = () => h.site().clients;
const secondSite = () => h.sandbox.state.site(SECOND_SITE)!;

async function tokenOf(login: { username: string; password: string }, siteId?: number): Promise<string> {
	const issued = await h.call('POST', '/usertoken/issue', {
		body: { Username: login.username, Password: login.password },
		...(siteId ? { siteId } : {}),
	});
	return issued.json.AccessToken as string;
}

const frontDeskToken = () => tokenOf(h.sandbox.frontDeskLogin);
const frontDeskId = () => h.site().logins.find((l) => l.Username === h.sandbox.frontDeskLogin.username)!.UserId;

let added = 0;
/** A fresh client through AddClient (unique name and e-mail). */
async function addClient(fields: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Client> {
	added += 1;
	const answer = await v6('AddClient', {
		...options,
		body: { FirstName: `Test${added}`, LastName: 'Person', Email: `test${added}@example.com`, ...fields },
	});
	expect([answer.status, answer.json?.Error]).toEqual([200, undefined]);
	const siteId = options.siteId === undefined ? -99 : Number(options.siteId);
	return h.sandbox.state.site(siteId)!.clients.find((c) => c.Id === answer.json.Client.UniqueId)!;
}

const update = (client: Record<string, unknown>, options: CallOptions = {}, extra = {}) =>
	v6('UpdateClient', { ...options, body: { Client: client, ...extra } });

// Every event this file's calls emitted has its webhooks.md shape.
afterAll(() => {
	for (const event of h.sandbox.events) {
		const definition = findEvent(event.eventId);
		expect([event.eventId, definition?.eventData.safeParse(event.eventData).success]).toEqual([event.eventId, true]);
	}
});

describe('v6 clients: every operation', () => {
	it('answers each client operation once in the document shape', async () => {
		const token = await h.staffToken();
		const client = clients()[1];
		const other = clients()[2];
		const called: string[] = [];
		const run = async (key: string, options: CallOptions & { path?: string } = {}) => {
			called.push(key);
			const answer = await v6(key, { token, ...options });
			expect([key, answer.status]).toEqual([key, opOf(key).successStatus]);
			return answer;
		};
		const id = client.ClientId;
		await run('GetClients', { query: { 'request.clientIDs': [id] } });
		await run('GetClientAccountBalances', { query: { 'request.clientIds': [id] } });
		await run('GetClientCompleteInfo', { query: { 'request.clientId': id } });
		await run('AddClientDirectDebitInfo', {
			body: {
				ClientId: id,
				NameOnAccount: 'A B',
				RoutingNumber: '123456789',
				AccountNumber: '000123456',
				AccountType: 'Checking',
			},
		});
		await run('GetDirectDebitInfo', { query: { clientId: id } });
		await run('DeleteDirectDebitInfo', { query: { clientId: id } });
		await run('GetClientDuplicates', { query: { 'request.email': client.Email } });
		const note = await run('AddFormulaNote', { body: { ClientId: id, Note: 'Light pressure' } });
		await run('GetClientFormulaNotes', { query: { 'request.clientId': id } });
		await run('DeleteClientFormulaNote', {
			query: { 'request.clientId': id, 'request.formulaNoteId': note.json.Id },
		});
		await run('GetClientIndexes');
		await run('GetClientReferralTypes', { query: { 'request.includeInactive': true } });
		await run('UpdateClientRewards', { body: { ClientId: id, Points: 10, Action: 'Earned', Source: 'Referral' } });
		await run('GetClientRewards', { query: { 'request.clientId': id } });
		const log = await run('AddContactLog', {
			body: {
				ClientId: id,
				ContactMethod: 'Phone',
				Text: 'Called',
				Comments: ['Left a message'],
				Types: [{ Id: 1, SubTypes: [11] }],
			},
		});
		await run('UpdateContactLog', { body: { Id: log.json.Id, Text: 'Called back', IsComplete: true } });
		await run('GetContactLogs', { query: { 'request.clientId': id } });
		await run('GetContactLogTypes');
		await run('DeleteContactLog', { query: { 'request.clientId': id, 'request.contactLogId': log.json.Id } });
		await run('GetCrossRegionalClientAssociations', { query: { 'request.clientId': id } });
		await run('GetCustomClientFields');
		await run('GetRequiredClientFields');
		const service = h.site().clientServices.find((s) => s.ClientId === clients()[0].Id)!;
		await run('AddArrival', { body: { ClientId: clients()[0].ClientId, LocationId: service.LocationIds[0] } });
		const created = await run('AddClient', {
			body: { FirstName: 'Shape', LastName: 'Check', Email: 'shape@example.com' },
		});
		await run('UpdateClient', { body: { Client: { Id: created.json.Client.Id, City: 'Pismo Beach' } } });
		await run('MergeClient', { body: { SourceClientId: created.json.Client.UniqueId, TargetClientId: other.Id } });
		await run('SendAutoEmail', { body: { ClientId: id, EmailType: 'BusinessWelcomeEmail' } });
		await run('SendPasswordResetEmail', {
			body: { UserEmail: client.Email, UserFirstName: client.FirstName, UserLastName: client.LastName },
		});
		await run('UploadClientDocument', {
			body: { ClientId: id, File: { FileName: 'waiver.pdf', MediaType: 'application/pdf', Buffer: 'JVBERi0xLjQK' } },
		});
		await run('UploadClientPhoto', { body: { ClientId: id, Bytes: '/9j/4AAQSkZJRgABAQ==' } });
		const twin = clients()[3];
		secondSite().clients.find((c) => c.Email === twin.Email)!.CreditCard = {
			CardType: 'Visa',
			LastFour: '4242',
			ExpMonth: '09',
			ExpYear: '2029',
			CardHolder: 'Maya Okafor',
			Address: '',
			City: '',
			State: '',
			PostalCode: '',
		};
		await run('CopyCreditCard', {
			body: {
				SourceSiteId: SECOND_SITE,
				SourceClientId: twin.ClientId,
				TargetSiteId: -99,
				TargetClientId: twin.ClientId,
			},
		});
		expect(called.map((key) => opOf(key).id).sort()).toEqual(Object.keys(clientsV6Handlers).sort());
	});
});

describe('GET /client/clients', () => {
	it('refuses more than 20 client IDs (rule 10) and takes 20', async () => {
		const ids = clients()
			.slice(0, 21)
			.map((c) => c.ClientId);
		const tooMany = await v6('GetClients', { query: { 'request.clientIDs': ids } });
		expect([tooMany.status, tooMany.json.Error.Code]).toEqual([400, 'InvalidParameter']);
		const twenty = await v6('GetClients', {
			query: { 'request.clientIDs': ids.slice(0, 20), 'request.includeInactive': true },
		});
		expect(twenty.status).toBe(200);
		expect(twenty.json.Clients).toHaveLength(20);
	});

	it('searches names, e-mail and phone; filters prospects and inactive clients', async () => {
		const target = clients().find((c) => c.Status === 'Active' && !c.IsProspect)!;
		const byEmail = await v6('GetClients', { query: { 'request.searchText': target.Email.toUpperCase() } });
		expect(byEmail.json.Clients.map((c: { UniqueId: number }) => c.UniqueId)).toEqual([target.Id]);
		const byPhone = await v6('GetClients', { query: { 'request.searchText': target.MobilePhone.slice(-7) } });
		expect(byPhone.json.Clients.map((c: { UniqueId: number }) => c.UniqueId)).toContain(target.Id);
		const byName = await v6('GetClients', {
			query: { 'request.searchText': target.LastName, 'request.limit': 200 },
		});
		expect(
			byName.json.Clients.every(
				(c: { LastName: string; FirstName: string }) =>
					c.LastName === target.LastName || c.FirstName.includes(target.LastName),
			),
		).toBe(true);

		const all = await v6('GetClients', { query: { 'request.limit': 500 } });
		expect(all.json.Clients.every((c: { Active: boolean }) => c.Active)).toBe(true);
		const inactive = clients().filter((c) => c.Status === 'Inactive');
		expect(inactive.length).toBeGreaterThan(0);
		const withInactive = await v6('GetClients', {
			query: { 'request.limit': 500, 'request.includeInactive': true },
		});
		expect(withInactive.json.PaginationResponse.TotalResults).toBe(
			all.json.PaginationResponse.TotalResults + inactive.length,
		);

		const prospects = await v6('GetClients', {
			query: { 'request.isProspect': true, 'request.includeInactive': true },
		});
		const expected = clients()
			.filter((c) => c.IsProspect)
			.map((c) => c.Id)
			.sort();
		expect(expected.length).toBeGreaterThan(0);
		expect(prospects.json.Clients.map((c: { UniqueId: number }) => c.UniqueId).sort()).toEqual(expected);
	});

	it('lists clients changed on or after lastModifiedDate, oldest change first', async () => {
		const before = await v6('GetClients', { query: { 'request.limit': 500 } });
		const stamps = before.json.Clients.map((c: { LastModifiedDateTime: string; UniqueId: number }) => [
			c.LastModifiedDateTime,
			c.UniqueId,
		]);
		expect(stamps).toEqual([...stamps].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));

		await h.admin('POST', '/clock/advance', { ms: 60 * MINUTE });
		const since = new Date(h.sandbox.clock.now()).toISOString();
		const target = clients().find((c) => c.Status === 'Active' && c.Id > 100050)!;
		await update({ Id: target.ClientId, Notes: 'Prefers mornings' }, { token: await h.staffToken() });
		const changed = await v6('GetClients', { query: { 'request.lastModifiedDate': since } });
		expect(changed.json.Clients.map((c: { UniqueId: number }) => c.UniqueId)).toEqual([target.Id]);
		expect(changed.json.Clients[0].LastModifiedDateTime >= since.slice(0, 19)).toBe(true);
	});
});

describe('AddClient (rule 9)', () => {
	it('creates the client, emits client.created from the record and shows it to the listed operations', async () => {
		const count = eventsOf('client.created').length;
		const client = await addClient({ MobilePhone: '8055550199', BirthDate: '1990-04-12', Gender: 'Female' });
		expect(client).toMatchObject({ Email: `test${added}@example.com`, BirthDate: '1990-04-12', Status: 'Active' });
		const events = eventsOf('client.created');
		expect(events).toHaveLength(count + 1);
		expect(events.at(-1)!.eventData).toMatchObject({
			siteId: -99,
			clientUniqueId: client.Id,
			clientId: client.ClientId,
			firstName: client.FirstName,
			email: client.Email,
			birthDateTime: '1990-04-12T00:00:00',
			homeLocation: client.HomeLocationId,
			previousEmail: null,
		});
		const listed = await v6('GetClients', { query: { 'request.clientIDs': [client.ClientId] } });
		expect(listed.json.Clients[0]).toMatchObject({ UniqueId: client.Id, Action: 'None', Gender: 'Female' });

		// A listed operation books it, and the directory lists it on that day.
		const staff = h.site().staff.find((s) => s.Active && s.AppointmentTypeIds.length && s.Id !== 101)!;
		const typeId = staff.AppointmentTypeIds.find((id) =>
			h.site().appointmentTypes.find((t) => t.Id === id && t.Active && !t.IsAddOn),
		)!;
		let booked: Answer | undefined;
		for (let day = 1; day < 10 && !booked; day++) {
			for (const hour of [9, 11, 14]) {
				const start = `${dateOf(now + day * DAY)}T${String(hour).padStart(2, '0')}:00:00`;
				const body = {
					ClientId: client.ClientId,
					LocationId: staff.LocationIds[0],
					StaffId: staff.Id,
					AppointmentTypeId: typeId,
					StartDateTime: start,
					Occurrences: 1,
				};
				const check = await h.call('POST', '/Business/Schedules/Appointments/Recurring/Validate', { body });
				if (check.status === 200 && !check.json.HasConflicts) {
					booked = await h.call('POST', '/Business/Schedules/Appointments/Recurring', { body });
					break;
				}
			}
		}
		expect(booked?.json.AppointmentIds).toHaveLength(1);
		const appointment = h.site().appointments.find((a) => a.Id === booked!.json.AppointmentIds[0])!;
		const directory = await h.call('GET', '/Clients/Directory', {
			token: await h.staffToken(),
			query: { date: appointment.StartDateTime.slice(0, 10) },
		});
		expect(directory.json.map((c: { Id: number }) => c.Id)).toContain(client.Id);
	});

	it('refuses a duplicate (same first name, last name and e-mail, any case) with InvalidClientCreation', async () => {
		const existing = clients()[7];
		const count = clients().length;
		const answer = await v6('AddClient', {
			body: {
				FirstName: existing.FirstName.toUpperCase(),
				LastName: existing.LastName.toLowerCase(),
				Email: existing.Email.toUpperCase(),
			},
		});
		expect([answer.status, answer.json.Error.Code]).toEqual([400, 'InvalidClientCreation']);
		expect(clients()).toHaveLength(count);
		const otherEmail = await v6('AddClient', {
			body: { FirstName: existing.FirstName, LastName: existing.LastName, Email: `other.${existing.Email}` },
		});
		expect(otherEmail.status).toBe(200);
	});

	it('reactivates an inactive duplicate when ReactivateInactiveClient is true (client.updated)', async () => {
		const inactive = clients().find((c) => c.Status === 'Inactive')!;
		const count = eventsOf('client.updated').length;
		const answer = await v6('AddClient', {
			body: {
				FirstName: inactive.FirstName,
				LastName: inactive.LastName,
				Email: inactive.Email,
				ReactivateInactiveClient: true,
			},
		});
		expect([answer.status, answer.json.Client.Active, answer.json.Client.UniqueId]).toEqual([200, true, inactive.Id]);
		expect(inactive.Status).toBe('Active');
		expect(eventsOf('client.updated')).toHaveLength(count + 1);
		expect(eventsOf('client.updated').at(-1)!.eventData.clientUniqueId).toBe(inactive.Id);
	});

	it('defaults HomeLocation to the first active location and accepts only active ones (0 only for staff)', async () => {
		const first = h.site().locations.find((l) => l.Active)!;
		const plain = await addClient();
		expect(plain.HomeLocationId).toBe(first.Id);
		const second = h.site().locations[1];
		expect((await addClient({ HomeLocation: { Id: second.Id } })).HomeLocationId).toBe(second.Id);
		const unknown = await v6('AddClient', {
			body: { FirstName: 'No', LastName: 'Where', Email: 'nowhere@example.com', HomeLocation: { Id: 77 } },
		});
		expect([unknown.status, unknown.json.Error.Code]).toEqual([400, 'InvalidHomeLocation']);
		const anonymousAll = await v6('AddClient', {
			body: { FirstName: 'All', LastName: 'Over', Email: 'all@example.com', HomeLocation: { Id: 0 } },
		});
		expect([anonymousAll.status, anonymousAll.json.Error.Code]).toEqual([400, 'InvalidHomeLocation']);
		const staffAll = await addClient({ HomeLocation: { Id: 0 } }, { token: await h.staffToken() });
		expect(staffAll.HomeLocationId).toBe(0);
		second.Active = false;
		const retired = await v6('AddClient', {
			body: { FirstName: 'Re', LastName: 'Tired', Email: 'retired@example.com', HomeLocation: { Id: second.Id } },
		});
		second.Active = true;
		expect(retired.status).toBe(400);
	});

	it('changes nothing with Test: true', async () => {
		const count = clients().length;
		const events = h.sandbox.events.length;
		const answer = await v6('AddClient', {
			body: { FirstName: 'Only', LastName: 'Checking', Email: 'only@example.com', Test: true },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.Client.FirstName).toBe('Only');
		expect([clients().length, h.sandbox.events.length]).toEqual([count, events]);
		const real = await addClient();
		expect(real.Id).toBe(answer.json.Client.UniqueId);
	});

	it('requires the fields the site requires (GET requiredclientfields)', async () => {
		const required = await v6('GetRequiredClientFields');
		expect(required.json.RequiredClientFields).toEqual(['Email']);
		const answer = await v6('AddClient', { body: { FirstName: 'No', LastName: 'Mail' } });
		expect([answer.status, answer.json.Error.Code]).toEqual([400, 'MissingRequiredFields']);
	});
});

describe('UpdateClient (rule 8)', () => {
	it('refuses an update that would duplicate another client with InvalidClientUpdate', async () => {
		const [a, b] = [clients()[11], clients()[12]];
		const answer = await update({
			Id: a.ClientId,
			FirstName: b.FirstName,
			LastName: b.LastName,
			Email: b.Email.toUpperCase(),
		});
		expect([answer.status, answer.json.Error.Code]).toEqual([400, 'InvalidClientUpdate']);
		expect(a.Email).not.toBe(b.Email);
	});

	it('answers 403 InvalidUserAccessLevel to a staff member without EditClientProfileScreen', async () => {
		const client = clients()[13];
		const token = await frontDeskToken();
		expect((await update({ Id: client.ClientId, Notes: 'front desk' }, { token })).status).toBe(200);
		await h.admin('POST', `/staff/${frontDeskId()}/permissions`, { revoke: ['EditClientProfileScreen'] });
		const denied = await update({ Id: client.ClientId, Notes: 'again' }, { token });
		await h.admin('POST', `/staff/${frontDeskId()}/permissions`, { grant: ['EditClientProfileScreen'] });
		expect([denied.status, denied.json.Error.Code]).toEqual([403, 'InvalidUserAccessLevel']);
		expect(client.Notes).toBe('front desk');
	});

	it('emits client.updated only when data changed, with previousEmail; keeps Gender when not given', async () => {
		const client = clients()[14];
		const gender = client.Gender;
		const count = eventsOf('client.updated').length;
		const same = await update({ Id: client.ClientId, City: client.City, FirstName: client.FirstName });
		expect([same.status, same.json.Client.Action]).toEqual([200, 'None']);
		expect(eventsOf('client.updated')).toHaveLength(count);
		const oldEmail = client.Email;
		const changed = await update({ Id: client.ClientId, Email: 'new.address@example.com' });
		expect(changed.json.Client).toMatchObject({ Email: 'new.address@example.com', Gender: gender, Action: 'Updated' });
		expect(eventsOf('client.updated')).toHaveLength(count + 1);
		expect(eventsOf('client.updated').at(-1)!.eventData).toMatchObject({
			clientUniqueId: client.Id,
			email: 'new.address@example.com',
			previousEmail: oldEmail,
			gender,
		});
	});

	it('updates regional fields at every site of the region and keeps local ones local', async () => {
		const here = clients()[3];
		const there = secondSite().clients.find((c) => c.Email === here.Email)!;
		expect(there).toBeDefined();
		const count = h.sandbox.events.filter(
			(e) => e.eventId === 'client.updated' && e.cause.siteId === SECOND_SITE,
		).length;
		const answer = await update({
			Id: here.ClientId,
			LastName: 'Okafor-Lee',
			MobilePhone: '8055550123',
			AddressLine1: '9 Harbor Way',
			Gender: 'Non-binary',
			SendPromotionalEmails: true,
			Notes: 'local only',
		});
		expect(answer.status).toBe(200);
		expect(there).toMatchObject({ LastName: 'Okafor-Lee', MobilePhone: '8055550123', AddressLine1: '9 Harbor Way' });
		expect(there.Gender).not.toBe('Non-binary');
		expect(there.Notes).not.toBe('local only');
		expect(here.Gender).toBe('Non-binary');
		const remote = h.sandbox.events.filter((e) => e.eventId === 'client.updated' && e.cause.siteId === SECOND_SITE);
		expect(remote).toHaveLength(count + 1);
		expect(remote.at(-1)!.eventData).toMatchObject({
			siteId: SECOND_SITE,
			clientUniqueId: there.Id,
			lastName: 'Okafor-Lee',
		});
		// A new e-mail follows too, and the profiles stay linked by it.
		await update({ Id: here.ClientId, Email: 'maya.new@clients.example' });
		expect(there.Email).toBe('maya.new@clients.example');
	});

	it('emits client.updated when a relationship is added or removed', async () => {
		const [client, related] = [clients()[15], clients()[16]];
		const count = eventsOf('client.updated').length;
		const relationship = { RelatedClientId: related.ClientId, Relationship: { Id: 3 } };
		const addedAnswer = await update({ Id: client.ClientId, ClientRelationships: [relationship] });
		expect(addedAnswer.json.Client.ClientRelationships).toEqual([
			expect.objectContaining({ RelatedUniqueId: related.Id, RelationshipName: 'Spouse' }),
		]);
		expect(eventsOf('client.updated')).toHaveLength(count + 1);
		const again = await update({ Id: client.ClientId, ClientRelationships: [relationship] });
		expect(again.json.Client.Action).toBe('None');
		expect(eventsOf('client.updated')).toHaveLength(count + 1);
		const removed = await update({ Id: client.ClientId, ClientRelationships: [{ ...relationship, Delete: true }] });
		expect(removed.json.Client.ClientRelationships).toEqual([]);
		expect(eventsOf('client.updated')).toHaveLength(count + 2);
		// "Pays for" seen from the dependent is "Paid by".
		const dependent = clients().find((c) => c.CustodianId !== null)!;
		const view = await v6('GetClients', {
			query: { 'request.clientIDs': [dependent.ClientId], 'request.includeInactive': true },
		});
		expect(view.json.Clients[0].ClientRelationships).toContainEqual(
			expect.objectContaining({ RelatedUniqueId: dependent.CustodianId, RelationshipName: 'Paid by' }),
		);
	});

	it('emits client.updated on reactivation and client.deactivated on deactivation', async () => {
		const client = clients().find((c) => c.Status === 'Inactive')!;
		const updated = eventsOf('client.updated').length;
		await update({ Id: client.ClientId, Active: true });
		expect(client.Status).toBe('Active');
		expect(eventsOf('client.updated')).toHaveLength(updated + 1);
		const deactivated = eventsOf('client.deactivated').length;
		await update({ Id: client.ClientId, Active: false });
		expect(eventsOf('client.deactivated')).toHaveLength(deactivated + 1);
	});

	it('changes nothing with Test: true', async () => {
		const client = clients()[17];
		const before = JSON.stringify(client);
		const events = h.sandbox.events.length;
		const answer = await update({ Id: client.ClientId, City: 'Elsewhere' }, {}, { Test: true });
		expect(answer.json.Client.City).toBe('Elsewhere');
		expect([JSON.stringify(client), h.sandbox.events.length]).toEqual([before, events]);
	});
});

describe('AddArrival (rule 12)', () => {
	const serviceOf = (clientId: number) =>
		h
			.site()
			.clientServices.find(
				(s) => s.ClientId === clientId && s.ActiveDate <= today && today <= s.ExpirationDate && s.Remaining > 1,
			)!;

	it('needs a staff token with LaunchSignInScreen: 401 without one, 403 without the permission', async () => {
		const client = clients()[0];
		const body = { ClientId: client.ClientId, LocationId: serviceOf(client.Id).LocationIds[0] };
		const anonymous = await v6('AddArrival', { body, anonymous: true });
		expect(anonymous.status).toBe(401);
		const token = await frontDeskToken();
		const denied = await v6('AddArrival', { body, token });
		expect([denied.status, denied.json.Error.Message]).toEqual([403, 'Authorization Required']);
		await h.admin('POST', `/staff/${frontDeskId()}/permissions`, { grant: ['LaunchSignInScreen'] });
		const allowed = await v6('AddArrival', { body: { ...body, Test: true }, token });
		expect(allowed.status).toBe(200);
	});

	it('records the arrival, pays it with a pricing option, spaces arrivals 15 minutes, emits no event', async () => {
		const client = clients().find((c, index) => index > 20 && serviceOf(c.Id) && c.Status === 'Active')!;
		const service = serviceOf(client.Id);
		const remaining = service.Remaining;
		const body = { ClientId: client.ClientId, LocationId: service.LocationIds[0] };
		const token = await h.staffToken();
		const events = h.sandbox.events.length;
		const first = await v6('AddArrival', { body, token });
		expect(first.json).toMatchObject({
			ArrivalAdded: true,
			ClientService: { Id: service.Id, Remaining: remaining - 1 },
		});
		expect(service.Remaining).toBe(remaining - 1);
		expect(h.site().clientRecords.arrivals.filter((a) => a.ClientId === client.Id)).toEqual([
			expect.objectContaining({ LocationId: body.LocationId, ClientServiceId: service.Id, StaffId: 101 }),
		]);
		expect(h.sandbox.events.length).toBe(events);
		await h.admin('POST', '/clock/advance', { ms: 14 * MINUTE });
		const soon = await v6('AddArrival', { body, token });
		expect([soon.status, soon.json.Error.Code]).toEqual([400, 'ArrivalTooSoon']);
		await h.admin('POST', '/clock/advance', { ms: MINUTE });
		expect((await v6('AddArrival', { body, token })).status).toBe(200);
	});

	it('one client service, one answer: AddArrival and GET /client/clientservices agree field for field, dates with Z; programs carry one CancelOffset', async () => {
		const client = clients().find(
			(c, index) => index > 30 && c.Status === 'Active' && serviceOf(c.Id)?.ActivationType === 'OnFirstVisit',
		)!;
		const service = serviceOf(client.Id);
		const token = await h.staffToken();
		const arrival = await v6('AddArrival', {
			body: { ClientId: client.ClientId, LocationId: service.LocationIds[0] },
			token,
		});
		expect(arrival.status).toBe(200);
		const listed = await v6('GetClientServices', { query: { 'request.clientId': client.ClientId } });
		const used = arrival.json.ClientService;
		expect(used).toEqual(listed.json.ClientServices.find((s: { Id: number }) => s.Id === used.Id));
		for (const field of ['ActiveDate', 'ExpirationDate', 'PaymentDate']) {
			expect([field, arrival.json.ClientService[field]]).toEqual([field, expect.stringMatching(/T00:00:00Z$/)]);
		}
		// GET /site/programs, a program inside a class and inside a client service: one offset per program.
		const programs = await v6('GetPrograms', { query: { 'request.limit': 200 } });
		const offsetOf = (id: number) =>
			programs.json.Programs.find((p: { Id: number }) => p.Id === id).CancelOffset as number;
		expect(used.Program.CancelOffset).toBe(offsetOf(used.Program.Id));
		const classes = await v6('GetClasses', { query: { 'request.limit': 20 } });
		const inClasses = classes.json.Classes.map(
			(c: { ClassDescription: { Program: { Id: number; CancelOffset: number } } }) => c.ClassDescription.Program,
		);
		expect(inClasses.length).toBeGreaterThan(0);
		for (const program of inClasses) expect(program.CancelOffset).toBe(offsetOf(program.Id));
	});

	it('makes a local profile for a client of another site of the region and uses a regional option', async () => {
		const staffToken = await h.staffToken();
		const away = await addClient({ NewId: 'REGION-7' }, { siteId: SECOND_SITE });
		const farSite = secondSite();
		farSite.clientServices.push({
			Id: 49001,
			ClientId: away.Id,
			Name: 'Region Pass',
			ProgramId: farSite.programs[0].Id,
			LocationIds: farSite.locations.map((l) => l.Id),
			Count: 10,
			Remaining: 10,
			ActiveDate: dateOf(now - 10 * DAY),
			ExpirationDate: dateOf(now + 60 * DAY),
			ActivationType: 'OnPurchase',
		});
		const created = eventsOf('client.created').filter((e) => e.cause.siteId === -99).length;
		const answer = await v6('AddArrival', {
			body: { ClientId: 'REGION-7', LocationId: h.site().locations[0].Id },
			token: staffToken,
		});
		expect(answer.json).toMatchObject({
			ArrivalAdded: true,
			ClientService: { Id: 49001, SiteId: SECOND_SITE, Remaining: 9 },
		});
		const local = clients().find((c) => c.ClientId === 'REGION-7')!;
		expect(local).toMatchObject({ FirstName: away.FirstName, Email: away.Email });
		expect(eventsOf('client.created').filter((e) => e.cause.siteId === -99)).toHaveLength(created + 1);
	});
});

describe('client records', () => {
	it('keeps contact logs: create, update, filter, delete', async () => {
		const client = clients()[20];
		const token = await h.staffToken();
		const created = await v6('AddContactLog', {
			token,
			body: {
				ClientId: client.ClientId,
				ContactMethod: 'Email',
				Text: 'Sent prices',
				AssignedToStaffId: 103,
				Types: [{ Id: 2, SubTypes: [21] }],
			},
		});
		expect(created.json).toMatchObject({
			Text: 'Sent prices',
			AssignedTo: { Id: 103 },
			CreatedBy: { Id: 101 },
			Types: [{ Id: 2, SubTypes: [{ Id: 21 }] }],
		});
		const updated = await v6('UpdateContactLog', {
			token,
			body: { Id: created.json.Id, Comments: [{ Text: 'Replied' }] },
		});
		expect(updated.json.Comments).toEqual([expect.objectContaining({ Text: 'Replied' })]);
		const byType = await v6('GetContactLogs', {
			query: { 'request.clientId': client.ClientId, 'request.typeIds': [2] },
		});
		expect(byType.json.ContactLogs.map((l: { Id: number }) => l.Id)).toEqual([created.json.Id]);
		const badType = await v6('AddContactLog', {
			body: { ClientId: client.ClientId, ContactMethod: 'Email', Types: [{ Id: 99 }] },
		});
		expect(badType.status).toBe(400);
		await v6('DeleteContactLog', {
			query: { 'request.clientId': client.ClientId, 'request.contactLogId': created.json.Id },
		});
		const after = await v6('GetContactLogs', { query: { 'request.clientId': client.ClientId } });
		expect(after.json.ContactLogs.map((l: { Id: number }) => l.Id)).not.toContain(created.json.Id);
	});

	it('a contact log type without an Id is refused naming Types[n].Id, on create and update alike', async () => {
		const client = clients()[20];
		const token = await h.staffToken();
		const body = { ClientId: client.ClientId, ContactMethod: 'Email', Text: 'Typed' };
		const created = await v6('AddContactLog', { token, body: { ...body, Types: [{ Id: 2 }, {}] } });
		expect([created.status, created.json.Error.Message]).toEqual([
			400,
			"Types[1].Id is required: the ID of one of the site's contact log types.",
		]);
		const log = await v6('AddContactLog', { token, body });
		const updated = await v6('UpdateContactLog', { token, body: { Id: log.json.Id, Types: [{}] } });
		expect([updated.status, updated.json.Error.Message]).toEqual([
			400,
			"Types[0].Id is required: the ID of one of the site's contact log types.",
		]);
		const unknown = await v6('AddContactLog', { token, body: { ...body, Types: [{ Id: 99 }] } });
		expect(unknown.json.Error.Message).toBe('Contact log type 99 does not exist at the site.');
	});

	it('keeps formula notes: the latest is the client’s LastFormulaNotes', async () => {
		const client = clients()[21];
		const note = await v6('AddFormulaNote', {
			token: await h.staffToken(),
			body: { ClientId: client.ClientId, Note: 'Avoid lavender' },
		});
		expect(note.json).toMatchObject({ ClientId: client.ClientId, Note: 'Avoid lavender', StaffFirstName: 'Sandbox' });
		const view = await v6('GetClients', {
			query: { 'request.clientIDs': [client.ClientId], 'request.includeInactive': true },
		});
		expect(view.json.Clients[0].LastFormulaNotes).toBe('Avoid lavender');
		const removed = await v6('DeleteClientFormulaNote', {
			query: { 'request.clientId': client.ClientId, 'request.formulaNoteId': note.json.Id },
		});
		expect(removed.status).toBe(204);
		const notes = await v6('GetClientFormulaNotes', { query: { 'request.clientId': client.ClientId } });
		expect(notes.json.FormulaNotes.map((n: { Id: number }) => n.Id)).not.toContain(note.json.Id);
	});

	it('assigns client indexes and custom fields the site defines; rejects unknown ones', async () => {
		const client = clients()[22];
		const indexes = await v6('GetClientIndexes');
		const index = indexes.json.ClientIndexes[0];
		const answer = await update({
			Id: client.ClientId,
			ClientIndexes: [{ Id: index.Id, ValueId: index.Values[1].Id }],
			CustomClientFields: [{ Id: 1, Value: 'M' }],
		});
		expect(answer.json.Client.ClientIndexes).toContainEqual({ Id: index.Id, ValueId: index.Values[1].Id });
		expect(answer.json.Client.CustomClientFields).toEqual([
			{ Id: 1, Value: 'M', DataType: 'String', Name: 'T-Shirt Size' },
		]);
		expect((await update({ Id: client.ClientId, ClientIndexes: [{ Id: index.Id, ValueId: 9999 }] })).status).toBe(400);
		expect((await update({ Id: client.ClientId, CustomClientFields: [{ Id: 42, Value: 'x' }] })).status).toBe(400);
		const required = await v6('GetClientIndexes', { query: { 'request.requiredOnly': true } });
		expect(
			required.json.ClientIndexes.every(
				(i: { RequiredBusinessMode: boolean; RequiredConsumerMode: boolean }) =>
					i.RequiredBusinessMode || i.RequiredConsumerMode,
			),
		).toBe(true);
		const referral = await v6('GetClientReferralTypes');
		expect(referral.json.ReferralTypes).toEqual(
			h
				.site()
				.clientRecords.referralTypes.filter((t) => t.Active)
				.map((t) => t.Name),
		);
	});

	it('finds duplicates by name and e-mail, and account balances from the record', async () => {
		const client = clients()[23];
		const dupes = await v6('GetClientDuplicates', {
			query: {
				'request.firstName': client.FirstName,
				'request.lastName': client.LastName,
				'request.email': client.Email,
			},
		});
		expect(dupes.json.ClientDuplicates).toEqual([
			{
				Id: client.ClientId,
				UniqueId: client.Id,
				FirstName: client.FirstName,
				LastName: client.LastName,
				Email: client.Email,
			},
		]);
		client.AccountBalance = 42.5;
		const balances = await v6('GetClientAccountBalances', { query: { 'request.clientIds': [client.ClientId] } });
		expect(balances.json.Clients[0]).toMatchObject({ Id: client.ClientId, AccountBalance: 42.5 });
	});

	it('earns and redeems reward points; refuses to redeem more than the balance', async () => {
		const client = clients()[24];
		const start = (await v6('GetClientRewards', { query: { 'request.clientId': client.ClientId } })).json.Balance;
		const earned = await v6('UpdateClientRewards', {
			body: { ClientId: client.ClientId, Points: 30, Action: 'Earned', Source: 'Referral' },
		});
		expect(earned.json.Balance).toBe(start + 30);
		const tooMany = await v6('UpdateClientRewards', {
			body: { ClientId: client.ClientId, Points: start + 31, Action: 'Redeemed' },
		});
		expect([tooMany.status, tooMany.json.Error.Code]).toEqual([400, 'InsufficientPoints']);
		const redeemed = await v6('UpdateClientRewards', {
			body: { ClientId: client.ClientId, Points: 20, Action: 'Redeemed' },
		});
		expect(redeemed.json.Balance).toBe(start + 10);
		const badSource = await v6('UpdateClientRewards', {
			body: { ClientId: client.ClientId, Points: 5, Action: 'Earned', Source: 'Sale', SourceId: 1 },
		});
		expect(badSource.status).toBe(400);
	});

	it('keeps direct debit details (masked), with client.updated on add and delete', async () => {
		const client = clients()[25];
		const count = eventsOf('client.updated').length;
		await v6('AddClientDirectDebitInfo', {
			body: {
				ClientId: client.ClientId,
				RoutingNumber: '021000021',
				AccountNumber: '12345678',
				AccountType: 'savings',
			},
		});
		const info = await v6('GetDirectDebitInfo', { query: { clientId: client.ClientId } });
		expect(info.json).toEqual({
			NameOnAccount: `${client.FirstName} ${client.LastName}`,
			RoutingNumber: '021000021',
			AccountNumber: '****5678',
			AccountType: 'Savings',
		});
		expect(eventsOf('client.updated').at(-1)!.eventData.directDebitLastFour).toBe('5678');
		await v6('DeleteDirectDebitInfo', { query: { clientId: client.ClientId } });
		expect((await v6('GetDirectDebitInfo', { query: { clientId: client.ClientId } })).json.AccountNumber).toBeNull();
		expect(eventsOf('client.updated')).toHaveLength(count + 2);
		expect((await v6('DeleteDirectDebitInfo', { query: { clientId: client.ClientId } })).status).toBe(404);
	});

	it('merges a client into another: records move, the removed client is gone, clientProfileMerger.created', async () => {
		const source = await addClient();
		const target = clients()[26];
		h.site().clientRecords.formulaNotes.push({
			Id: 99001,
			ClientId: source.Id,
			AppointmentId: null,
			EntryDate: TEST_START,
			Note: 'moved',
			StaffId: 101,
		});
		const answer = await v6('MergeClient', {
			token: await h.staffToken(),
			body: { SourceClientId: source.Id, TargetClientId: target.Id },
		});
		expect(answer.status).toBe(200);
		expect(clients().some((c) => c.Id === source.Id)).toBe(false);
		expect(h.site().clientRecords.formulaNotes.find((n) => n.Id === 99001)!.ClientId).toBe(target.Id);
		expect(eventsOf('clientProfileMerger.created').at(-1)!.eventData).toMatchObject({
			siteId: -99,
			mergedByStaffId: 101,
			keptClientUniqueId: target.Id,
			removedClientUniqueId: source.Id,
			keptClientId: target.ClientId,
		});
		const gone = await v6('GetClients', {
			query: { 'request.uniqueIds': [source.Id], 'request.includeInactive': true },
		});
		expect(gone.json.Clients).toEqual([]);
	});

	it('records the e-mails it sends, and the documents and photos it takes', async () => {
		const client = clients()[27];
		await v6('SendAutoEmail', { body: { ClientId: client.ClientId, EmailType: 'ConsumerWelcomeEmail' } });
		expect(h.sandbox.emails.at(-1)).toMatchObject({ to: client.Email, kind: 'client.autoEmail' });
		await v6('SendPasswordResetEmail', {
			body: { UserEmail: client.Email, UserFirstName: client.FirstName, UserLastName: client.LastName },
		});
		expect(h.sandbox.emails.at(-1)).toMatchObject({ to: client.Email, kind: 'client.passwordReset' });
		const wrong = await v6('SendPasswordResetEmail', {
			body: { UserEmail: client.Email, UserFirstName: 'Nobody', UserLastName: client.LastName },
		});
		expect(wrong.status).toBe(404);
		const doc = await v6('UploadClientDocument', {
			body: {
				ClientId: client.ClientId,
				File: { FileName: 'note.txt', MediaType: 'text/plain', Buffer: Buffer.from('hello').toString('base64') },
			},
		});
		expect(doc.json).toEqual({ FileSize: 5, FileName: 'note.txt' });
		expect(h.site().clientRecords.documents.at(-1)).toMatchObject({
			ClientId: client.Id,
			FileName: 'note.txt',
			FileSize: 5,
		});
		const photo = await v6('UploadClientPhoto', {
			body: { ClientId: client.ClientId, Bytes: Buffer.from('jpeg').toString('base64') },
		});
		expect(client.PhotoUrl).toBe(photo.json.PhotoUrl);
		expect(eventsOf('client.updated').at(-1)!.eventData.photoUrl).toBe(photo.json.PhotoUrl);
	});
});

describe('cross-regional reads (rule 16)', () => {
	it('lists the client’s profiles in the region; excludeInactiveSites defaults to true', async () => {
		const client = clients()[4];
		const there = secondSite().clients.find((c) => c.Email === client.Email)!;
		const both = await v6('GetCrossRegionalClientAssociations', { query: { 'request.clientId': client.ClientId } });
		expect(both.json.CrossRegionalClientAssociations).toEqual([
			{ SiteId: -99, ClientId: client.ClientId, UniqueId: client.Id, SiteIsActive: true },
			{ SiteId: SECOND_SITE, ClientId: there.ClientId, UniqueId: there.Id, SiteIsActive: true },
		]);
		await h.admin('POST', `/sites/${SECOND_SITE}/active`, { active: false });
		const byDefault = await v6('GetCrossRegionalClientAssociations', { query: { 'request.email': client.Email } });
		const withInactive = await v6('GetCrossRegionalClientAssociations', {
			query: { 'request.email': client.Email, 'request.excludeInactiveSites': false },
		});
		await h.admin('POST', `/sites/${SECOND_SITE}/active`, { active: true });
		expect(byDefault.json.CrossRegionalClientAssociations.map((a: { SiteId: number }) => a.SiteId)).toEqual([-99]);
		expect(withInactive.json.CrossRegionalClientAssociations).toContainEqual(
			expect.objectContaining({ SiteId: SECOND_SITE, SiteIsActive: false }),
		);
	});

	it('gives complete info: services filtered by dates, activation and activity, contracts, memberships, arrivals', async () => {
		const held = h.site().saleRecords.clientMemberships[0];
		const client = clients().find((c) => c.Id === held.ClientId)!;
		const services = h.site().clientServices.filter((s) => s.ClientId === client.Id);
		h.site().clientServices.push(
			{
				Id: 48001,
				ClientId: client.Id,
				Name: 'Old Pass',
				ProgramId: 21,
				LocationIds: [1],
				Count: 5,
				Remaining: 0,
				ActiveDate: dateOf(now - 100 * DAY),
				ExpirationDate: dateOf(now - 40 * DAY),
				ActivationType: 'OnPurchase',
			},
			{
				Id: 48002,
				ClientId: client.Id,
				Name: 'First Visit Pass',
				ProgramId: 21,
				LocationIds: h.site().locations.map((l) => l.Id),
				Count: 5,
				Remaining: 5,
				ActiveDate: dateOf(now - 2 * DAY),
				ExpirationDate: dateOf(now + 60 * DAY),
				ActivationType: 'OnFirstVisit',
			},
		);
		const info = await v6('GetClientCompleteInfo', { query: { 'request.clientId': client.ClientId } });
		expect(info.json.Client.UniqueId).toBe(client.Id);
		expect(info.json.ClientServices.map((s: { Id: number }) => s.Id).sort()).toEqual(
			[...services.map((s) => s.Id), 48001, 48002].sort(),
		);
		expect(info.json.ClientMemberships.map((m: { Id: number }) => m.Id)).toContain(held.Id);
		expect(info.json.ClientContracts.map((c: { Id: number }) => c.Id)).toContain(held.ClientContractId);
		const active = await v6('GetClientCompleteInfo', {
			query: { 'request.clientId': client.ClientId, 'request.showActiveOnly': true },
		});
		expect(active.json.ClientServices.map((s: { Id: number }) => s.Id)).not.toContain(48001);
		expect(active.json.ClientServices.map((s: { Id: number }) => s.Id)).toContain(48002);
		// Bought 16 days ago (activates on the first visit), activated 2 days ago.
		const window = {
			'request.clientId': client.ClientId,
			'request.startDate': dateOf(now - 3 * DAY),
			'request.endDate': today,
		};
		const byPurchase = await v6('GetClientCompleteInfo', { query: window });
		const byActivation = await v6('GetClientCompleteInfo', { query: { ...window, 'request.useActivateDate': true } });
		expect(byPurchase.json.ClientServices.map((s: { Id: number }) => s.Id)).not.toContain(48002);
		expect(byActivation.json.ClientServices.map((s: { Id: number }) => s.Id)).toContain(48002);
		const only = await v6('GetClientCompleteInfo', {
			query: { 'request.clientId': client.ClientId, 'request.requiredClientData': ['Contracts'] },
		});
		expect(Object.keys(only.json).sort()).toEqual(['Client', 'ClientContracts']);
		// Arrivals show as arrival programs.
		await v6('AddArrival', {
			token: await h.staffToken(),
			body: { ClientId: client.ClientId, LocationId: 1, ArrivalTypeId: 21 },
		});
		const arrivals = await v6('GetClientCompleteInfo', {
			query: { 'request.clientId': client.ClientId, 'request.requiredClientData': ['ArrivalPrograms'] },
		});
		expect(arrivals.json.ClientArrivals).toContainEqual(
			expect.objectContaining({ ArrivalProgramID: 21, CanAccess: true }),
		);
	});

	it('looks across the region with crossRegionalLookup and leaves out location-restricted options', async () => {
		const here = clients()[4];
		const far = secondSite();
		const there = far.clients.find((c) => c.Email === here.Email)!;
		const all = far.locations.map((l) => l.Id);
		far.clientServices.push(
			{
				Id: 47001,
				ClientId: there.Id,
				Name: 'Harbor Pass',
				ProgramId: 21,
				LocationIds: all,
				Count: 5,
				Remaining: 5,
				ActiveDate: dateOf(now - 5 * DAY),
				ExpirationDate: dateOf(now + 30 * DAY),
				ActivationType: 'OnPurchase',
			},
			{
				Id: 47002,
				ClientId: there.Id,
				Name: 'Harbor Only',
				ProgramId: 21,
				LocationIds: [all[0]],
				Count: 5,
				Remaining: 5,
				ActiveDate: dateOf(now - 5 * DAY),
				ExpirationDate: dateOf(now + 30 * DAY),
				ActivationType: 'OnPurchase',
			},
		);
		const local = await v6('GetClientCompleteInfo', { query: { 'request.clientId': here.ClientId } });
		expect(local.json.ClientServices.map((s: { Id: number }) => s.Id)).not.toContain(47001);
		const regional = await v6('GetClientCompleteInfo', {
			query: { 'request.clientId': here.ClientId, 'request.crossRegionalLookup': true },
		});
		const ids = regional.json.ClientServices.map((s: { Id: number }) => s.Id);
		expect(ids).toContain(47001);
		expect(ids).not.toContain(47002);
		expect(regional.json.ClientServices.find((s: { Id: number }) => s.Id === 47001).SiteId).toBe(SECOND_SITE);
	});
});

describe('where the sandbox chooses: client fields', () => {
	it('Gender is one of the site’s genders (rule 8: site-specific values), in any case; another is refused naming them', async () => {
		const names = h.site().clientRecords.genders.map((g) => g.Name);
		const client = await addClient({ Gender: names[0].toUpperCase() });
		expect(client.Gender).toBe(names[0]);
		const refused = await v6('AddClient', {
			body: { FirstName: 'Gender', LastName: 'Other', Email: 'gender.other@example.com', Gender: 'Unlisted' },
		});
		expect([refused.status, refused.json.Error.Message]).toEqual([
			400,
			`Gender Unlisted is not one of the site's genders (${names.join(', ')}).`,
		]);
	});

	it('RoutingNumber is 9 digits, as US bank routing (ABA) numbers are', async () => {
		const client = clients()[27];
		const add = (RoutingNumber: string) =>
			v6('AddClientDirectDebitInfo', {
				body: { ClientId: client.ClientId, RoutingNumber, AccountNumber: '000123456', AccountType: 'Checking' },
			});
		for (const wrong of ['12345678', '1234567890', '12345678A']) {
			const answer = await add(wrong);
			expect([wrong, answer.status, answer.json.Error.Message]).toEqual([
				wrong,
				400,
				'RoutingNumber must be 9 digits.',
			]);
		}
		expect((await add('021000021')).status).toBe(200);
	});
});
