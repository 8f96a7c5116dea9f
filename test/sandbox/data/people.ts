import type { BusinessCatalogue } from './business';
import { DAY, dateOf, isoAt } from './dates';
import { FIRST_NAMES, LAST_NAMES } from './names';
import type { Random } from './prng';
import type { Client, ClientService, Staff, StaffLogin } from './types';

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
	return clients;
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
