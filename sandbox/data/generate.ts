import { generateAddOns, generateAppointmentRequests, generateAppointments } from './appointments';
import { generateCatalogue, generateStaff } from './business';
import { generateClientServices, generateClients, generateLogins } from './people';
import { generateClassRecords } from './classRecords';
import { generateClientRecords } from './clientRecords';
import { generateHistory } from './history';
import { createRandom, deriveSeed } from './prng';
import { generateSaleRecords } from './saleRecords';
import { generateStaffRecords } from './staffRecords';
import { generatePromoCodes, generateSales } from './sales';
import { generateAvailability, generateClasses, generateClosures, generateEnrollments } from './schedule';
import { isoAt } from './dates';
import type { SandboxSize, SiteData, SiteSettings } from './types';
import { instantOf } from './zones';

export const DEFAULT_SIZE: Required<SandboxSize> = {
	locations: 3,
	staff: 12,
	clients: 200,
	sales: 500,
	appointments: 300,
	appointmentRequests: 20,
	promoCodes: 25,
	classSchedules: 15,
	enrollments: 8,
	closures: 4,
};

export interface SiteSpec {
	settings: SiteSettings;
	seed: number;
	size?: SandboxSize;
	/** Midnight of the day the data is built around (the clock's start day), on the site's wall clock. */
	anchor: number;
}

/** A whole business from a seed: the same seed, size and anchor give the same data. */
export function generateSite(spec: SiteSpec): SiteData {
	const size = { ...DEFAULT_SIZE, ...spec.size };
	const { anchor } = spec;
	const rand = (part: string) => createRandom(deriveSeed(spec.seed, part));

	const catalogue = generateCatalogue(rand('catalogue'), Math.max(1, size.locations));
	const staff = generateStaff(rand('staff'), Math.max(3, size.staff), catalogue);
	const locationIds = catalogue.locations.map((location) => location.Id);
	const clients = generateClients(rand('clients'), Math.max(2, size.clients), locationIds, anchor);
	const classes = generateClasses(rand('classes'), Math.max(1, size.classSchedules), catalogue, staff, anchor);
	const { availabilities, unavailabilities } = generateAvailability(rand('availability'), staff, anchor);
	const appointments = generateAppointments(rand('appointments'), size.appointments, catalogue, staff, clients, anchor);

	const data: SiteData = {
		settings: { ...spec.settings },
		...catalogue,
		staff,
		clients,
		...classes,
		enrollments: generateEnrollments(rand('enrollments'), size.enrollments, catalogue, staff, anchor),
		promoCodes: generatePromoCodes(rand('promoCodes'), size.promoCodes, anchor),
		sales: generateSales(rand('sales'), size.sales, catalogue, staff, clients, appointments, anchor),
		closures: generateClosures(rand('closures'), size.closures, catalogue, anchor),
		availabilities,
		unavailabilities,
		appointments,
		addOns: generateAddOns(rand('addOns'), appointments, catalogue, staff),
		appointmentRequests: generateAppointmentRequests(
			rand('requests'),
			size.appointmentRequests,
			appointments,
			catalogue,
			staff,
			clients,
			anchor,
		),
		clientServices: generateClientServices(rand('clientServices'), clients, catalogue, anchor),
		autopaySuspensions: [],
		logins: generateLogins(staff, clients),
		nextIds: {},
		clientRecords: generateClientRecords(rand('clientRecords'), clients),
		staffRecords: undefined!,
		classRecords: undefined!,
		saleRecords: generateSaleRecords(rand('saleRecords'), catalogue, clients, anchor),
	};
	data.staffRecords = generateStaffRecords(rand('staffRecords'), staff, data.logins);
	data.classRecords = generateClassRecords(rand('classRecords'), data.classes, clients, data.clientServices);
	generateHistory(rand('history'), data, anchor);
	data.nextIds = nextIdsOf(data);
	return spec.settings.TimeZone === 'UTC' ? data : onWallClock(data, spec.settings.TimeZone);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * The business is generated on its wall clock: a class at 18:00 is written 18:00Z. In a zone
 * other than UTC every such date-time becomes the instant it names there, so the weekly 18:00
 * class keeps 18:00 local across a daylight saving change. Dates and times of day stay local.
 */
function onWallClock<T>(value: T, zone: string): T {
	if (typeof value === 'string')
		return (DATE_TIME.test(value) ? isoAt(instantOf(zone, Date.parse(value))) : value) as T;
	if (Array.isArray(value)) return value.map((entry) => onWallClock(entry, zone)) as T;
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, onWallClock(entry, zone)])) as T;
	}
	return value;
}

/** Add-ons are appointments too, so both draw from the appointment counter. */
const ID_COUNTERS: Record<string, Array<keyof SiteData>> = {
	appointments: ['appointments', 'addOns'],
	appointmentRequests: ['appointmentRequests'],
	availabilities: ['availabilities'],
	promoCodes: ['promoCodes'],
	sales: ['sales'],
	autopaySuspensions: ['autopaySuspensions'],
	clientServices: ['clientServices'],
	recurrences: [],
	availabilityGroups: [],
	saleItems: [],
	payments: [],
	saleEvents: [],
};

const maxId = (rows: Array<{ Id: number }>) => rows.reduce((max, row) => Math.max(max, row.Id), 0);

function nextIdsOf(data: SiteData): Record<string, number> {
	const next: Record<string, number> = {};
	for (const [counter, collections] of Object.entries(ID_COUNTERS)) {
		next[counter] = maxId(collections.flatMap((name) => data[name] as Array<{ Id: number }>)) + 1;
	}
	next.availabilityGroups = maxId(data.availabilities.map((a) => ({ Id: a.GroupId ?? 0 }))) + 1;
	next.saleItems = maxId(data.sales.flatMap((sale) => sale.Items)) + 1;
	next.payments = maxId(data.sales.flatMap((sale) => sale.Payments)) + 1;
	next.saleEvents = maxId(data.sales.flatMap((sale) => sale.Events)) + 1;
	return next;
}

/** Hands out the next id of a counter. */
export function takeId(data: SiteData, counter: keyof typeof ID_COUNTERS): number {
	const id = data.nextIds[counter] ?? 1;
	data.nextIds[counter] = id + 1;
	return id;
}
