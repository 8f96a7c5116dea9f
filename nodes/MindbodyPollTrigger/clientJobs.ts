import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { studioDay, instantIn, isAttended, utcDay } from '../shared/transport/studioCalendar';
import { V6_OPERATIONS as V6 } from '../../document/facts';
import { JOB_SETTINGS, JOB_SETTING_MAX } from './eventChoices';
import { readList, readOne, type Query } from './listPages';
import { operationOf, type PollRun } from './pollEvent';
import { DAY_MS, stampMs } from './stamps';

/**
 * What the client follow-up events (lapsed, ending, running low, birthday, first visit) share:
 * their settings, the reads of clients by id and of attended visits.
 * Each keeps between polls only what tells it which clients to look at again (a day per client),
 * and reads those clients again before it passes one on: what it passes on is as Mindbody has it now.
 */

export const clientsOp = operationOf(V6.GetClients);
const classesOp = operationOf(V6.GetClasses);
const classVisitsOp = operationOf(V6.GetClassVisits);
const appointmentsOp = operationOf(V6.GetStaffAppointments);
export const clientVisitsOp = operationOf(V6.GetClientVisits);

/** The document: GET /client/clients takes at most 20 client ids at once. */
export const CLIENTS_PER_READ = 20;

/** A visit counts once its class or appointment ended this long ago: time for staff to sign clients in. */
export const SETTLE_MS = 2 * 60 * 60 * 1000;

type PollOrExecute = IPollFunctions | IExecuteFunctions;

/**
 * A follow-up field's whole number, from its least meaningful value to JOB_SETTING_MAX. An
 * expression can give any value the form would not take: it is refused, naming the field as the
 * form shows it and the value given. Each event reads its fields before any request.
 */
export function settingOf(run: PollRun, name: keyof typeof JOB_SETTINGS): number {
	const ctx = run.session.ctx as PollOrExecute;
	const { label, min, why, fallback } = JOB_SETTINGS[name];
	const raw = 'getInputData' in ctx ? ctx.getNodeParameter(name, 0, fallback) : ctx.getNodeParameter(name, fallback);
	const value = Number(raw);
	if (raw === '' || raw === null || !Number.isInteger(value) || value < min || value > JOB_SETTING_MAX) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} must be a whole number from ${min} to ${JOB_SETTING_MAX}, not "${String(raw)}"`,
			{ description: `${why} Set ${label} to a number such as ${fallback}.` },
		);
	}
	return value;
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

/** Every active client (one request per 100): the first poll of an event that needs them all. */
export async function allClients(run: PollRun): Promise<IDataObject[]> {
	const reading = await readList(run.session, clientsOp, [], (client) => String(client.Id));
	return reading.records.filter(isActiveClient);
}

/** Clients changed on or after a day (a day early, so the service's zone cannot hide one). */
export async function clientsChangedSince(run: PollRun, day: string): Promise<IDataObject[]> {
	const reading = await readList(
		run.session,
		clientsOp,
		[
			['request.lastModifiedDate', day],
			['request.includeInactive', 'true'],
		],
		(client) => String(client.Id),
	);
	return reading.records;
}

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

/** A visit a client attended: the client, the studio's day and the time it started. */
export interface Attended {
	clientId: string;
	day: string;
	at: string;
}

/**
 * The visits attended in classes and appointments that ended in (fromMs, toMs]: one request for
 * the classes of those days, one per class for its roster (the document lists visits per class
 * only), and the appointments of those days (100 a request). Classes are written in UTC,
 * appointments in the studio's time (appointments.ts).
 */
export async function attendedBetween(run: PollRun, zone: string, fromMs: number, toMs: number): Promise<Attended[]> {
	const attended: Attended[] = [];
	if (toMs <= fromMs) return attended;
	const classes = await readList(
		run.session,
		classesOp,
		[
			['request.startDateTime', utcDay(fromMs - DAY_MS)],
			['request.endDateTime', utcDay(toMs)],
		],
		(record) => String(record.Id),
	);
	for (const record of classes.records) {
		const end = stampMs(record.EndDateTime);
		if (end === undefined || end <= fromMs || end > toMs || record.IsCanceled === true) continue;
		const body = await readOne(run.session, classVisitsOp, [['request.classID', String(record.Id)]]);
		const visits = ((body.Class as IDataObject | undefined)?.Visits ?? []) as IDataObject[];
		const start = String(record.StartDateTime);
		for (const visit of visits) {
			if (!isAttended(visit) || !visit.ClientId) continue;
			attended.push({ clientId: String(visit.ClientId), day: studioDay(stampMs(start)!, zone), at: start });
		}
	}
	const appointments = await readList(
		run.session,
		appointmentsOp,
		[
			['request.startDate', studioDay(fromMs - DAY_MS, zone)],
			['request.endDate', studioDay(toMs, zone)],
		],
		(record) => String(record.Id),
	);
	for (const record of appointments.records) {
		// An appointment's Status is what its visit's AppointmentStatus says.
		if (!isAttended({ AppointmentStatus: record.Status }) || !record.ClientId) continue;
		const end = instantIn(record.EndDateTime, zone);
		if (end === undefined || end <= fromMs || end > toMs) continue;
		const start = instantIn(record.StartDateTime, zone);
		if (start === undefined) continue;
		attended.push({ clientId: String(record.ClientId), day: studioDay(start, zone), at: String(record.StartDateTime) });
	}
	return attended;
}

/** The last attended day of each client among these visits. */
export function lastDays(visits: Attended[], into: Record<string, string> = {}): Record<string, string> {
	for (const visit of visits)
		if (!into[visit.clientId] || into[visit.clientId] < visit.day) into[visit.clientId] = visit.day;
	return into;
}

/** A client's attended visits (classes and appointments) from a day on, through GET /client/clientvisits. */
export async function attendedSince(run: PollRun, clientId: string, fromDay?: string, toDay?: string) {
	return (await visitsOf(run, clientId, fromDay, toDay)).filter(isAttended);
}

/** A client's visits (classes and appointments, attended or booked ahead) from a day on, through GET /client/clientvisits. */
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

/** Whether an option of the node is on, from a poll or from the run's first step. */
export function switchOf(run: PollRun, name: string): boolean {
	const ctx = run.session.ctx as PollOrExecute;
	const raw = 'getInputData' in ctx ? ctx.getNodeParameter(name, 0, false) : ctx.getNodeParameter(name, false);
	return raw === true;
}
