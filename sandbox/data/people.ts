import type { BusinessCatalogue } from './business';
import { CLIENT_INDEXES, GENDERS, REFERRAL_TYPES } from './clientRecords';
import { DAY, dateOf, isoAt } from './dates';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './names';
import type { Random } from './prng';
import { takeRecordId } from './records';
import type { Client, ClientService, SiteData, Staff, StaffLogin } from './types';

/** Logins seeded on every site; printed by `npm run sandbox`. */
export const SEEDED_LOGINS = {
	owner: { username: 'Siteowner', password: 'apitest1234' },
	frontDesk: { username: 'frontdesk', password: 'frontdesk1234' },
	consumer: { username: 'consumer@sandbox.example', password: 'consumer1234' },
} as const;

export function generateClients(rand: Random, count: number, locationIds: number[], anchor: number): Client[] {
	const clients: Client[] = [];
	for (let index = 0; index < count; index++) {
		const FirstName = FIRST_NAMES[rand.int(0, FIRST_NAMES.length - 1)];
		const LastName = LAST_NAMES[rand.int(0, LAST_NAMES.length - 1)];
		const Id = 100001 + index;
		// Every tenth client after the first is the dependent of the one before.
		const dependent = index % 10 === 9;
		const created = anchor - rand.int(1, 900) * DAY;
		clients.push({
			Id,
			ClientId: String(Id),
			FirstName,
			LastName,
			Email: `${FirstName}.${LastName}.${Id}@clients.example`.toLowerCase(),
			MobilePhone: `805${String(5550000 + index).padStart(7, '0')}`,
			HomeLocationId: rand.pick(locationIds),
			Status: rand.chance(0.95) ? 'Active' : 'Inactive',
			CreationDate: isoAt(created),
			CustodianId: dependent ? Id - 1 : null,
			AccountBalance: 0,
			LastModifiedDateTime: isoAt(created),
		});
	}
	// Drawn after the loop, so the fields above stay what they were before profiles existed.
	clients.forEach((client, index) => Object.assign(client, profileOf(rand, index, anchor, client)));
	clients.forEach((client, index) => Object.assign(client, REGIONAL_CLIENTS[index] ?? {}));
	return clients;
}

/**
 * Clients every site of the region holds (same name, e-mail, phone, birthday and address): the
 * cross-regional operations find them by e-mail (UpdateClient rule 8, rules 12 and 16).
 */
const REGIONAL_CLIENTS: Record<number, Partial<Client>> = {
	3: {
		FirstName: 'Maya',
		LastName: 'Okafor',
		Email: 'maya.okafor@clients.example',
		BirthDate: '1988-05-14',
		Gender: 'Female',
		AddressLine1: '120 Marsh St',
		City: 'San Luis Obispo',
		State: 'CA',
		PostalCode: '93401',
		Status: 'Active',
		IsProspect: false,
	},
	4: {
		FirstName: 'Jonas',
		LastName: 'Larsen',
		Email: 'jonas.larsen@clients.example',
		BirthDate: '1992-11-02',
		Gender: 'Male',
		AddressLine1: '48 Broad St',
		City: 'San Luis Obispo',
		State: 'CA',
		PostalCode: '93401',
		Status: 'Active',
		IsProspect: false,
	},
};

/** The profile fields of a seeded client beyond name, contact and home location. */
function profileOf(rand: Random, index: number, anchor: number, client: Client): Partial<Client> {
	const city = CITIES[rand.int(0, CITIES.length - 1)];
	const released = rand.chance(0.8);
	const withCard = rand.chance(0.5);
	const prospect = index !== 0 && rand.chance(0.05);
	const indexes = CLIENT_INDEXES.filter(() => rand.chance(0.4)).map((entry) => ({
		Id: entry.Id,
		ValueId: rand.pick(entry.Values).Id,
	}));
	const birth = anchor - rand.int(18 * 365, 70 * 365) * DAY;
	return {
		MiddleName: '',
		BirthDate: dateOf(birth),
		Gender: rand.pick(GENDERS.slice(0, 3)),
		AppointmentGenderPreference: rand.pick(['None', 'None', 'None', 'Female', 'Male'] as const),
		HomePhone: rand.chance(0.3) ? `805555${String(rand.int(2000, 9999))}` : '',
		WorkPhone: '',
		WorkExtension: '',
		AddressLine1: `${rand.int(10, 999)} ${rand.pick(STREETS)}`,
		AddressLine2: '',
		City: city.City,
		State: city.StateProvCode,
		PostalCode: city.PostalCode,
		Country: 'US',
		IsProspect: prospect,
		IsCompany: false,
		ProspectStageId: prospect ? 1 : null,
		ReferredBy: rand.chance(0.6) ? rand.pick(REFERRAL_TYPES.filter((type) => type.Active)).Name : '',
		Notes: '',
		RedAlert: '',
		YellowAlert: '',
		PhotoUrl: '',
		LockerNumber: '',
		MembershipIcon: null,
		MobileProvider: null,
		EmergencyContactInfoName: '',
		EmergencyContactInfoEmail: '',
		EmergencyContactInfoPhone: '',
		EmergencyContactInfoRelationship: '',
		LiabilityRelease: released,
		LiabilityAgreementDate: released ? client.CreationDate : null,
		LiabilityReleasedBy: null,
		SendAccountEmails: true,
		SendAccountTexts: rand.chance(0.5),
		SendPromotionalEmails: rand.chance(0.6),
		SendPromotionalTexts: false,
		SendScheduleEmails: true,
		SendScheduleTexts: rand.chance(0.5),
		ClientIndexes: indexes,
		CustomClientFields: [],
		SalesRepIds: [],
		CreditCard: withCard
			? {
					CardType: rand.pick(['Visa', 'MasterCard', 'AmericanExpress']),
					LastFour: String(rand.int(1000, 9999)),
					ExpMonth: String(rand.int(1, 12)).padStart(2, '0'),
					ExpYear: String(new Date(anchor).getUTCFullYear() + rand.int(1, 4)),
					CardHolder: '',
					Address: '',
					City: city.City,
					State: city.StateProvCode,
					PostalCode: city.PostalCode,
				}
			: null,
		LeadChannelId: null,
	};
}

/** The next client id of a site (UniqueId): above every client it holds. */
export function takeClientId(site: SiteData): number {
	return takeRecordId(site.clientRecords, 'clients', maxClientId(site));
}

/** The id takeClientId would hand out, without taking it (a Test call shows it). */
export function peekClientId(site: SiteData): number {
	return site.clientRecords.nextIds.clients ?? maxClientId(site) + 1;
}

const maxClientId = (site: SiteData) => site.clients.reduce((max, client) => Math.max(max, client.Id), 100000);

/**
 * A new client of the site with every profile field filled (the given ones win), not yet added:
 * AddClient and a local profile made for a client of another site of the region use it.
 */
export function newClient(
	site: SiteData,
	id: number,
	fields: Partial<Client> & Pick<Client, 'FirstName' | 'LastName'>,
	now: number,
): Client {
	const home = site.locations.find((location) => location.Active)?.Id ?? 0;
	const stamp = isoAt(now);
	return {
		Id: id,
		ClientId: String(id),
		Email: '',
		MobilePhone: '',
		HomeLocationId: home,
		Status: 'Active',
		CreationDate: stamp,
		CustodianId: null,
		AccountBalance: 0,
		LastModifiedDateTime: stamp,
		MiddleName: '',
		BirthDate: null,
		Gender: GENDERS[3],
		AppointmentGenderPreference: 'None',
		HomePhone: '',
		WorkPhone: '',
		WorkExtension: '',
		AddressLine1: '',
		AddressLine2: '',
		City: '',
		State: '',
		PostalCode: '',
		Country: '',
		IsProspect: false,
		IsCompany: false,
		ProspectStageId: null,
		ReferredBy: '',
		Notes: '',
		RedAlert: '',
		YellowAlert: '',
		PhotoUrl: '',
		LockerNumber: '',
		MembershipIcon: null,
		MobileProvider: null,
		EmergencyContactInfoName: '',
		EmergencyContactInfoEmail: '',
		EmergencyContactInfoPhone: '',
		EmergencyContactInfoRelationship: '',
		LiabilityRelease: false,
		LiabilityAgreementDate: null,
		LiabilityReleasedBy: null,
		SendAccountEmails: false,
		SendAccountTexts: false,
		SendPromotionalEmails: false,
		SendPromotionalTexts: false,
		SendScheduleEmails: false,
		SendScheduleTexts: false,
		ClientIndexes: [],
		CustomClientFields: [],
		SalesRepIds: [],
		CreditCard: null,
		LeadChannelId: null,
		...fields,
	};
}

/**
 * Pricing options. Each pays visits between its activation and expiration day only, so a range
 * that runs past either end holds dates it cannot pay (the "Invalid data" rule).
 */
export function generateClientServices(
	rand: Random,
	clients: Client[],
	catalogue: BusinessCatalogue,
	anchor: number,
): ClientService[] {
	const programs = catalogue.programs.filter((program) => program.ScheduleType !== 'Enrollment');
	const locationIds = catalogue.locations.map((location) => location.Id);
	const services: ClientService[] = [];
	clients.forEach((client, index) => {
		// The consumer login's client always holds a massage package valid ±30 days.
		const owned = index === 0 ? 1 : rand.chance(0.6) ? rand.int(1, 2) : 0;
		for (let n = 0; n < owned; n++) {
			const program = index === 0 ? programs.find((p) => p.Name === 'Massage')! : rand.pick(programs);
			const count = rand.pick([5, 10, 20]);
			const activeFrom = index === 0 ? anchor - 30 * DAY : anchor - rand.int(0, 90) * DAY;
			const days = index === 0 ? 60 : rand.int(30, 150);
			services.push({
				Id: 40001 + services.length,
				ClientId: client.Id,
				Name: `${program.Name} ${count}-Session Pass`,
				ProgramId: program.Id,
				LocationIds: rand.chance(0.7) ? locationIds : [client.HomeLocationId],
				Count: count,
				Remaining: index === 0 ? 5 : rand.int(0, count),
				ActiveDate: dateOf(activeFrom),
				ExpirationDate: dateOf(activeFrom + days * DAY),
				ActivationType: rand.chance(0.5) ? 'OnPurchase' : 'OnFirstVisit',
			});
		}
	});
	return services;
}

export function generateLogins(staff: Staff[], clients: Client[]): StaffLogin[] {
	const regular = staff[Math.min(2, staff.length - 1)];
	return [
		{
			Username: SEEDED_LOGINS.owner.username,
			Password: SEEDED_LOGINS.owner.password,
			Type: 'Staff',
			UserId: staff[0].Id,
			ReadsAllCalendars: true,
		},
		{
			Username: SEEDED_LOGINS.frontDesk.username,
			Password: SEEDED_LOGINS.frontDesk.password,
			Type: 'Staff',
			UserId: regular.Id,
			ReadsAllCalendars: false,
		},
		{
			Username: SEEDED_LOGINS.consumer.username,
			Password: SEEDED_LOGINS.consumer.password,
			Type: 'Consumer',
			UserId: clients[0].Id,
			ReadsAllCalendars: false,
		},
	];
}
