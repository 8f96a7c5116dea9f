import { isoAt, startOfDay } from '../../data/dates';
import type { Client } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { emailClient } from '../events';
import { byId } from '../views';
import { appointmentVisitV6 } from './appointmentViews';
import { bodyOf, clientNotFound, findClient, isTest, requireStaff } from './classAccess';
import { cancelClassVisit } from './classBooking';
import { emitRosterStatus } from './classEvents';
import { waitlistOrderOf } from './classReads';
import { servicePays } from './classRoster';
import { touchClass, visitV6 } from './classViews';

/**
 * A client's visits (classes and appointments) and schedule (rule 15), and changing a class visit
 * (sign-in, make-up, payment, cancellation). A visit a checkout booked (rule 2) is a class visit
 * like any other.
 */

type Row = { start: string; view: Record<string, unknown> };

function clientOf(call: RestCall): Client | SandboxResponse {
	const clientId = call.params.str('request.clientId');
	const uniqueId = call.params.int('request.uniqueClientId');
	if (clientId === undefined && uniqueId === undefined) {
		return v6Error(400, 'MissingRequiredFields', 'request.clientId or request.uniqueClientId is required.');
	}
	if (call.user?.Type === 'Consumer') {
		return v6Error(403, 'PermissionDenied', 'This operation needs a staff user token.');
	}
	return findClient(call, clientId, uniqueId) ?? clientNotFound(clientId ?? uniqueId);
}

/** Class visits (not cancelled ones) and appointments (not cancelled ones) of a client, dated. */
function visitRows(call: RestCall, client: Client, unpaidOnly: boolean): Row[] {
	const { site } = call;
	const classRows = site.classRecords.visits
		.filter((v) => v.ClientId === client.Id && v.Status !== 'Cancelled' && (!unpaidOnly || v.ClientServiceId === null))
		.map((v) => ({ start: byId(site.classes, v.ClassId)?.StartDateTime ?? v.BookedAt, view: visitV6(call, v) }));
	const appointmentRows = site.appointments
		.filter((a) => a.ClientId === client.Id && a.Status !== 'Cancelled' && (!unpaidOnly || !a.PaymentApplied))
		.map((a) => ({ start: a.StartDateTime, view: appointmentVisitV6(call, a) }));
	return [...classRows, ...appointmentRows];
}

const within = (rows: Row[], from?: number, to?: number) =>
	rows.filter(
		(row) => (from === undefined || Date.parse(row.start) >= from) && (to === undefined || Date.parse(row.start) <= to),
	);

/**
 * GET /client/clientvisits: every date unless startDate / endDate are given; oldest first, newest
 * first with request.order "desc"; unpaidsOnly keeps visits no pricing option pays.
 */
function clientVisits(call: RestCall): SandboxResponse {
	const client = clientOf(call);
	if ('status' in client) return client;
	const { params } = call;
	const end = params.time('request.endDate');
	const rows = within(
		visitRows(call, client, params.bool('request.unpaidsOnly') === true),
		params.time('request.startDate'),
		end === undefined ? undefined : end === startOfDay(end) ? end + 86_400_000 - 1 : end,
	);
	const desc = params.str('request.order')?.toLowerCase() === 'desc';
	rows.sort((a, b) => (desc ? b.start.localeCompare(a.start) : a.start.localeCompare(b.start)));
	return v6Page(
		call,
		'Visits',
		rows.map((row) => row.view),
	);
}

/**
 * GET /client/clientschedule (rule 15): visits from startDate (default today) to endDate (default
 * none); includeWaitlistEntries adds the client's waiting list entries with their order numbers.
 */
function clientSchedule(call: RestCall): SandboxResponse {
	const client = clientOf(call);
	if ('status' in client) return client;
	const { params, site } = call;
	const from = params.time('request.startDate') ?? startOfDay(call.now);
	const end = params.time('request.endDate');
	const to = end === undefined ? undefined : end === startOfDay(end) ? end + 86_400_000 - 1 : end;
	const rows: Row[] = within(visitRows(call, client, false), from, to).map((row) => ({
		start: row.start,
		view: { ...row.view, WaitlistInfo: null },
	}));
	if (params.bool('request.includeWaitlistEntries') === true) {
		const waiting = site.classRecords.waitlist.filter((w) => w.ClientId === client.Id && w.Status === 'Waiting');
		for (const entry of waiting) {
			const instance = byId(site.classes, entry.ClassId);
			if (!instance) continue;
			const description = byId(site.classDescriptions, instance.ClassDescriptionId);
			rows.push(
				...within(
					[
						{
							start: instance.StartDateTime,
							view: {
								WaitlistInfo: {
									WaitlistId: entry.Id,
									WaitlistOrderNumber: waitlistOrderOf(site, entry.Id, instance.Id),
								},
								AppointmentStatus: 'None',
								ClassId: instance.Id,
								ClientId: client.ClientId,
								ClientUniqueId: client.Id,
								StartDateTime: instance.StartDateTime,
								EndDateTime: instance.EndDateTime,
								Id: null,
								LastModifiedDateTime: entry.RequestDateTime,
								LateCancelled: false,
								SiteId: call.siteId,
								LocationId: instance.LocationId,
								MakeUp: false,
								Name: description?.Name ?? '',
								SignedIn: false,
								StaffId: instance.StaffId,
								WebSignup: entry.Web,
								Action: 'None',
							},
						},
					],
					from,
					to,
				),
			);
		}
	}
	rows.sort((a, b) => a.start.localeCompare(b.start));
	return v6Page(
		call,
		'Visits',
		rows.map((row) => row.view),
	);
}

const EXECUTE = ['cancel', 'latecancel', 'unlatecancel'];

/**
 * POST /client/updateclientvisit (staff token): SignedIn, Makeup, ClientServiceId (pays the visit
 * with that pricing option) and Execute (Cancel, LateCancel, Unlatecancel). A sign-in change
 * sends classRosterBookingStatus.updated; a cancellation classRosterBooking.cancelled.
 */
function updateClientVisit(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const visit = site.classRecords.visits.find((v) => v.Id === body.VisitId);
	if (!visit) return v6Error(404, 'VisitNotFound', `Visit ${String(body.VisitId)} was not found.`);
	const instance = byId(site.classes, visit.ClassId)!;
	const execute = typeof body.Execute === 'string' && body.Execute !== '' ? body.Execute.toLowerCase() : undefined;
	if (execute !== undefined && !EXECUTE.includes(execute)) {
		return v6Error(400, 'InvalidParameter', 'Execute must be Cancel, LateCancel or Unlatecancel.');
	}
	if (visit.Status === 'Cancelled') return v6Error(400, 'VisitCancelled', `Visit ${visit.Id} is cancelled.`);
	if (execute === 'unlatecancel' && visit.Status !== 'LateCancelled') {
		return v6Error(400, 'InvalidParameter', `Visit ${visit.Id} is not late-cancelled.`);
	}
	if ((execute === 'cancel' || execute === 'latecancel') && visit.Status === 'LateCancelled') {
		return v6Error(400, 'VisitCancelled', `Visit ${visit.Id} is already late-cancelled.`);
	}
	let service = undefined as (typeof site.clientServices)[number] | undefined;
	if (typeof body.ClientServiceId === 'number' && body.ClientServiceId !== visit.ClientServiceId) {
		service = site.clientServices.find((s) => s.Id === body.ClientServiceId);
		if (!service || !servicePays(site, service, visit.ClientId, instance)) {
			return v6Error(400, 'InvalidClientService', `Pricing option ${body.ClientServiceId} cannot pay for this visit.`);
		}
	}
	if (isTest(call)) return v6Json({ Visit: visitV6(call, visit) });
	if (service) {
		const previous = byId(site.clientServices, visit.ClientServiceId ?? undefined);
		if (previous) previous.Remaining = Math.min(previous.Count, previous.Remaining + 1);
		service.Remaining -= 1;
		visit.ClientServiceId = service.Id;
	}
	if (typeof body.Makeup === 'boolean') visit.Makeup = body.Makeup;
	let signInChanged = false;
	if (typeof body.SignedIn === 'boolean' && visit.Status !== 'LateCancelled') {
		const status = body.SignedIn ? 'SignedIn' : 'Booked';
		signInChanged = status !== visit.Status;
		visit.Status = status;
	}
	visit.LastModifiedDateTime = isoAt(call.now);
	touchClass(call, instance.Id);
	if (execute === 'cancel' || execute === 'latecancel') cancelClassVisit(call, visit, execute === 'latecancel');
	else if (execute === 'unlatecancel') {
		visit.Status = 'Booked';
		instance.TotalBooked += 1;
		if (visit.WebSignup) instance.TotalWebBooked += 1;
		signInChanged = true;
	}
	if (signInChanged) emitRosterStatus(call, visit);
	if (body.SendEmail === true) {
		emailClient(call, visit.ClientId, 'class.visitChanged', 'Your class booking changed', { visitId: visit.Id });
	}
	return v6Json({ Visit: visitV6(call, visit) });
}

export const visitV6Handlers = {
	GetClientVisits: clientVisits,
	GetClientSchedule: clientSchedule,
	UpdateClientVisit: updateClientVisit,
};
