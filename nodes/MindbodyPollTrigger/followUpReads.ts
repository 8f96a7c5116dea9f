import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { addDays, instantIn, isAttended, nextBookingOf, studioDay, utcDay } from '../shared/transport/studioCalendar';
import { V6_OPERATIONS as V6 } from '../../document/facts';
import { FOLLOW_UP_SETTINGS, FOLLOW_UP_SETTING_MAX } from './eventChoices';
import { readList, readOne, type Query } from './listPages';
import { operationOf, type PollRun } from './pollEvent';
import { CLIENTS_PER_READ, type ListStep, type Step } from './followUpEngine';
import { DAY_MS, stampMs } from './stamps';

/**
 * What the follow-up events share: their settings, the client by id, the client part and next
 * booking of every item, and the reading steps of clients, sales and attended visits.
 */

export const clientsOp = operationOf(V6.GetClients);
const salesOp = operationOf(V6.GetSales);
const classesOp = operationOf(V6.GetClasses);
const classVisitsOp = operationOf(V6.GetClassVisits);
const appointmentsOp = operationOf(V6.GetStaffAppointments);
const clientVisitsOp = operationOf(V6.GetClientVisits);

/** How far ahead a client's bookings are read with her visits: the same request, a year on. */
export const BOOKINGS_AHEAD_DAYS = 365;

type PollOrExecute = IPollFunctions | IExecuteFunctions;

/**
 * A follow-up field's whole number, from its least meaningful value to FOLLOW_UP_SETTING_MAX. An
 * expression can give any value the form would not take: it is refused, naming the field as the
 * form shows it and the value given. Each event reads its fields before any request.
 */
export function settingOf(run: PollRun, name: keyof typeof FOLLOW_UP_SETTINGS): number {
	const ctx = run.session.ctx as PollOrExecute;
	const { label, min, why, fallback } = FOLLOW_UP_SETTINGS[name];
	const raw = 'getInputData' in ctx ? ctx.getNodeParameter(name, 0, fallback) : ctx.getNodeParameter(name, fallback);
	const value = Number(raw);
	if (raw === '' || raw === null || !Number.isInteger(value) || value < min || value > FOLLOW_UP_SETTING_MAX) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} must be a whole number from ${min} to ${FOLLOW_UP_SETTING_MAX}, not "${String(raw)}"`,
			{ description: `${why} Set ${label} to a number such as ${fallback}.` },
		);
	}
	return value;
}

/** Whether an option of the node is on, from a poll or from the run's first step. */
export function switchOf(run: PollRun, name: string): boolean {
	const ctx = run.session.ctx as PollOrExecute;
	const raw = 'getInputData' in ctx ? ctx.getNodeParameter(name, 0, false) : ctx.getNodeParameter(name, false);
	return raw === true;
}

/** The clients of these ids as Mindbody has them now, by id (20 a request; inactive ones too). */
export async function clientsById(run: PollRun, ids: string[]): Promise<Map<string, IDataObject>> {
	const found = new Map<string, IDataObject>();
	const wanted = [...new Set(ids)];
	for (let from = 0; from < wanted.length; from += CLIENTS_PER_READ) {
		const query: Query = wanted.slice(from, from + CLIENTS_PER_READ).map((id) => ['request.clientIDs', id]);
		query.push(['request.includeInactive', 'true']);
		const reading = await readList(run.session, clientsOp, query, (client) => String(client.Id));
		for (const client of reading.records) found.set(String(client.Id), client);
	}
	return found;
}

/** Whether Mindbody holds the client as active (Status is the membership's, not the client's). */
export const isActiveClient = (client: IDataObject | undefined) => client !== undefined && client.Active !== false;

/** The fields of the client every follow-up item carries, named as in the client events. */
export function clientPart(client: IDataObject | undefined, clientId: string): IDataObject {
	const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
	return {
		clientId,
		clientUniqueId: typeof client?.UniqueId === 'number' ? client.UniqueId : null,
		firstName: text(client?.FirstName),
		lastName: text(client?.LastName),
		email: text(client?.Email),
		mobilePhone: text(client?.MobilePhone),
		birthDateTime: text(client?.BirthDate),
		sendPromotionalEmails: client?.SendPromotionalEmails === true,
		sendAccountEmails: client?.SendAccountEmails === true,
	};
}

/** A client's visits (classes and appointments, attended or booked ahead) between two days, through GET /client/clientvisits. */
export async function visitsOf(run: PollRun, clientId: string, fromDay?: string, toDay?: string) {
	const query: Query = [['request.clientId', clientId]];
	if (fromDay) query.push(['request.startDate', fromDay]);
	if (toDay) query.push(['request.endDate', toDay]);
	const reading = await readList(
		run.session,
		clientVisitsOp,
		query,
		(visit) => `${String(visit.Id)}:${String(visit.ClassId)}`,
	);
	return reading.records;
}

/** A client's next booking (one request: her visits from today on), as every follow-up item carries it. */
export async function nextBookingFor(run: PollRun, clientId: string, zone: string): Promise<IDataObject | null> {
	const today = studioDay(run.startedAt, zone);
	const visits = await visitsOf(run, clientId, today, addDays(today, BOOKINGS_AHEAD_DAYS));
	return nextBookingOf(visits, zone, run.startedAt);
}

// ---- reading steps ----

/** Adds ids to a list of subjects, each once. */
export function addSubjects(subjects: string[], ids: Iterable<string>) {
	const known = new Set(subjects);
	for (const id of ids) {
		if (!id || known.has(id)) continue;
		known.add(id);
		subjects.push(id);
	}
}

/** Every active client (one request per 100), each handed to `take`. */
export const everyClient = (take: (client: IDataObject) => void): ListStep => ({
	list: clientsOp,
	query: [],
	take: (records) => records.filter(isActiveClient).forEach(take),
});

/** Clients changed on or after a day (a day early, so the service's zone cannot hide one), inactive ones too. */
export const clientsChangedSince = (day: string, take: (client: IDataObject) => void): ListStep => ({
	list: clientsOp,
	query: [
		['request.lastModifiedDate', addDays(day, -1)],
		['request.includeInactive', 'true'],
	],
	take: (records) => records.forEach(take),
});

const itemsOf = (sale: IDataObject) =>
	Array.isArray(sale.PurchasedItems) ? (sale.PurchasedItems as IDataObject[]) : [];

/**
 * The clients who bought what `wanted` tells on or after a day (a day early, so the service's zone
 * cannot hide one), added to `into` (at most `most`): one request per 100 sales.
 */
export const buyersSince = (
	day: string,
	wanted: (item: IDataObject) => boolean,
	into: string[],
	most = Infinity,
): ListStep => ({
	list: salesOp,
	query: [['request.startSaleDateTime', addDays(day, -1)]],
	keyOf: (sale) => String(sale.Id),
	take: (records) => {
		addSubjects(
			into,
			records.filter((sale) => itemsOf(sale).some(wanted)).map((sale) => String(sale.ClientId ?? '')),
		);
		into.splice(most);
	},
});

/** A visit a client attended: the client, the studio's day and the time it started. */
export interface Attended {
	clientId: string;
	day: string;
	at: string;
}

/**
 * The steps that read the visits attended in classes and appointments that ended in (fromMs, toMs]:
 * one request for the classes of those days, one per class for its roster (the document lists
 * visits per class only; `classes` keeps the classes left to read), and the appointments of those
 * days (100 a request). Classes are written in UTC, appointments in the studio's time (appointments.ts).
 */
export function attendedSteps(
	run: PollRun,
	zone: string,
	{ fromMs, toMs, classes }: { fromMs: number; toMs: number; classes: string[] },
	take: (visit: Attended) => void,
): Step[] {
	if (toMs <= fromMs) return [];
	return [
		{
			list: classesOp,
			query: [
				['request.startDateTime', utcDay(fromMs - DAY_MS)],
				['request.endDateTime', utcDay(toMs)],
			],
			take: (records) => {
				for (const record of records) {
					const end = stampMs(record.EndDateTime);
					if (end === undefined || end <= fromMs || end > toMs || record.IsCanceled === true) continue;
					// A class and its start, the day its visits count on.
					classes.push(`${String(record.Id)} ${String(record.StartDateTime)}`);
				}
			},
		},
		{
			subjects: () => classes,
			batch: 1,
			read: async ([entry]) => {
				const [classId, start] = [entry.slice(0, entry.indexOf(' ')), entry.slice(entry.indexOf(' ') + 1)];
				const body = await readOne(run.session, classVisitsOp, [['request.classID', classId]]);
				const visits = ((body.Class as IDataObject | undefined)?.Visits ?? []) as IDataObject[];
				for (const visit of visits) {
					if (!isAttended(visit) || !visit.ClientId) continue;
					take({ clientId: String(visit.ClientId), day: studioDay(stampMs(start)!, zone), at: start });
				}
			},
		},
		{
			list: appointmentsOp,
			query: [
				['request.startDate', studioDay(fromMs - DAY_MS, zone)],
				['request.endDate', studioDay(toMs, zone)],
			],
			take: (records) => {
				for (const record of records) {
					// An appointment's Status is what its visit's AppointmentStatus says.
					if (!isAttended({ AppointmentStatus: record.Status }) || !record.ClientId) continue;
					const end = instantIn(record.EndDateTime, zone);
					if (end === undefined || end <= fromMs || end > toMs) continue;
					const start = instantIn(record.StartDateTime, zone);
					if (start === undefined) continue;
					take({ clientId: String(record.ClientId), day: studioDay(start, zone), at: String(record.StartDateTime) });
				}
			},
		},
	];
}

/** The last attended day of each client among these visits. */
export function lastDays(visits: Attended[], into: Record<string, string> = {}): Record<string, string> {
	for (const visit of visits) lastDayOf(visit, into);
	return into;
}

/** Moves a client's last attended day on to this visit's, if later. */
export function lastDayOf(visit: Attended, into: Record<string, string>) {
	if (!into[visit.clientId] || into[visit.clientId] < visit.day) into[visit.clientId] = visit.day;
}
