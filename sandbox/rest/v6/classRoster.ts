import type { Visit, WaitlistEntry } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import type { ClassInstance, Client, ClientService, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { emailClient } from '../events';
import { byId } from '../views';
import { PERMISSION_MESSAGES, bodyOf, clientNotFound, findClient, isTest, staffMay } from './classAccess';
import { named } from './clientAccess';
import { localProfile, regionalProfiles } from './clientRegion';
import { bookClassVisit, cancelClassVisit, joinWaitlist, leaveWaitlist } from './classBooking';
import { activeVisitsOf, classV6, pickFields, scheduleSettingsOf, visibleTo, visitV6 } from './classViews';

/** Booking clients into classes and out of them, and the classes' waiting lists (rules 5, 6). */

export const classNotFound = (id: unknown) => v6Error(404, 'ClassNotFound', `Class ${String(id)} was not found.`);

/** A pricing option of the client that pays for the class: program, place, day, sessions left. */
export function payingServiceOf(site: SiteData, clientId: number, instance: ClassInstance): ClientService | undefined {
	return site.clientServices.find((service) => servicePays(site, service, clientId, instance));
}

export function servicePays(site: SiteData, service: ClientService, clientId: number, instance: ClassInstance) {
	const description = byId(site.classDescriptions, instance.ClassDescriptionId);
	const day = instance.StartDateTime.slice(0, 10);
	return (
		service.ClientId === clientId &&
		service.ProgramId === description?.ProgramId &&
		service.LocationIds.includes(instance.LocationId) &&
		service.Remaining > 0 &&
		service.ActiveDate <= day &&
		day <= service.ExpirationDate
	);
}

/** A consumer token books and cancels only its own client. */
const notOwnClient = (call: RestCall, client: Client) =>
	call.user?.Type === 'Consumer' && call.user.UserId !== client.Id
		? v6Error(403, 'PermissionDenied', 'A consumer user token acts only for its own client.')
		: undefined;

/** The visit as AddClientToClass answers it. */
const addedVisit = (call: RestCall, visit: Visit) =>
	pickFields('AddClientToClassVisit', {
		...visitV6(call, visit),
		Action: 'Added',
		CrossRegionalBookingPerformed: false,
		WaitlistEntryId: null,
	});

/** A waiting list entry as AddClientToClass answers it: a visit not yet made, with its entry id. */
function waitlistedVisit(call: RestCall, instance: ClassInstance, client: Client, entry: WaitlistEntry | null) {
	const description = byId(call.site.classDescriptions, instance.ClassDescriptionId);
	return {
		AppointmentStatus: 'None',
		ClassId: instance.Id,
		ClientId: client.ClientId,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		Id: null,
		LastModifiedDateTime: entry?.RequestDateTime ?? isoAt(call.now),
		LateCancelled: false,
		LocationId: instance.LocationId,
		MakeUp: false,
		Name: description?.Name ?? '',
		SignedIn: false,
		StaffId: instance.StaffId,
		WebSignup: !isStaff(call),
		Action: entry ? 'Added' : 'None',
		CrossRegionalBookingPerformed: false,
		SiteId: call.siteId,
		WaitlistEntryId: entry?.Id ?? null,
	};
}

function notify(call: RestCall, client: Client, instance: ClassInstance, kind: string, subject: string) {
	const detail = { classId: instance.Id, startDateTime: instance.StartDateTime };
	emailClient(call, client.Id, kind, subject, detail);
	emailClient(call, client.Id, kind, subject, detail, 'sms');
}

/**
 * POST /class/addclienttoclass. A full class (MaxCapacity for staff, WebCapacity online) takes
 * the client on its waiting list when Waitlist is true, else answers ClassFull /
 * ClassOnlineSignUpsFull. The visit is paid by ClientServiceId or the client's first pricing
 * option that pays; with none, RequirePayment true answers PaymentRequired, otherwise the visit is
 * an unpaid reservation, which needs a staff token holding MakeUnpaidReservation (rule 6).
 */
function addClient(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = bodyOf(call);
	let client = findClient(call, body.ClientId, body.UniqueId);
	// Rule 6: a client of another site of the region gets a local profile. A Test call checks
	// against an unsaved copy (Id 0: no local visits or pricing options) and creates nothing.
	const elsewhere = client || body.ClientId === undefined ? [] : regionalProfiles(call, String(body.ClientId));
	if (!client && elsewhere.length) {
		client = isTest(call) ? { ...elsewhere[0].client, Id: 0 } : localProfile(call, elsewhere[0].client);
	}
	if (!client) return clientNotFound(body.ClientId ?? body.UniqueId);
	const denied = notOwnClient(call, client);
	if (denied) return denied;
	const instance = byId(site.classes, body.ClassId as number);
	if (!instance || !visibleTo(call, instance)) return classNotFound(body.ClassId);
	if (instance.IsCanceled) return v6Error(400, 'ClassCancelled', `Class ${instance.Id} is cancelled.`);
	if (activeVisitsOf(site, instance.Id).some((v) => v.ClientId === client.Id)) {
		return v6Error(
			400,
			'ClientAlreadyBooked',
			`Client ${client.ClientId} is already booked into class ${instance.Id}.`,
		);
	}
	const web = !isStaff(call);
	let entry: WaitlistEntry | undefined;
	if (body.WaitlistEntryId !== undefined && body.WaitlistEntryId !== null) {
		entry = site.classRecords.waitlist.find(
			(w) => w.Id === body.WaitlistEntryId && w.ClassId === instance.Id && w.ClientId === client.Id,
		);
		if (!entry || entry.Status !== 'Waiting') {
			return v6Error(404, 'WaitlistEntryNotFound', `Waiting list entry ${String(body.WaitlistEntryId)} was not found.`);
		}
	}
	// A place freed by the waiting list's own entry counts: the entry leaves as it books.
	const full = web
		? instance.TotalBooked >= instance.MaxCapacity || instance.TotalWebBooked >= instance.WebCapacity
		: instance.TotalBooked >= instance.MaxCapacity;
	if (full && body.Waitlist === true && !entry) return addToWaitlist(call, instance, client, web);
	if (full) {
		return web
			? v6Error(400, 'ClassOnlineSignUpsFull', `Class ${instance.Id} has no places left to book online.`)
			: v6Error(400, 'ClassFull', `Class ${instance.Id} is full.`);
	}

	let service: ClientService | undefined;
	if (body.ClientServiceId !== undefined && body.ClientServiceId !== null) {
		service = site.clientServices.find((s) => s.Id === body.ClientServiceId);
		if (!service || !servicePays(site, service, client.Id, instance)) {
			return v6Error(
				400,
				'InvalidClientService',
				`Pricing option ${String(body.ClientServiceId)} cannot pay for class ${instance.Id}.`,
			);
		}
	} else service = payingServiceOf(site, client.Id, instance);
	if (!service) {
		if (body.RequirePayment === true) {
			return v6Error(
				400,
				'PaymentRequired',
				`Client ${client.ClientId} holds no pricing option that pays for class ${instance.Id}.`,
			);
		}
		if (!staffMay(call, 'MakeUnpaidReservation')) {
			return v6Error(403, 'PermissionDenied', PERMISSION_MESSAGES.MakeUnpaidReservation);
		}
	}
	if (isTest(call)) {
		return v6Json({ Visit: { ...waitlistedVisit(call, instance, client, null), ServiceId: service?.Id ?? null } });
	}
	const visit = bookClassVisit(call, {
		clientId: client.Id,
		classId: instance.Id,
		clientServiceId: service?.Id ?? null,
		webSignup: web,
		waitlistEntryId: entry?.Id ?? null,
		deductSession: true,
	})!;
	if (body.SendEmail === true) notify(call, client, instance, 'class.booked', 'Your class booking is confirmed');
	return v6Json({ Visit: addedVisit(call, visit) });
}

function addToWaitlist(call: RestCall, instance: ClassInstance, client: Client, web: boolean): SandboxResponse {
	const { site } = call;
	const body = bodyOf(call);
	const settings = scheduleSettingsOf(site, instance.ClassScheduleId);
	if (
		site.classRecords.waitlist.some(
			(w) => w.ClassId === instance.Id && w.ClientId === client.Id && w.Status === 'Waiting',
		)
	) {
		return v6Error(400, 'ClientAlreadyOnWaitlist', `Client ${client.ClientId} already waits for class ${instance.Id}.`);
	}
	if (instance.TotalBookedWaitlist >= settings.WaitlistCapacity) {
		return v6Error(400, 'WaitlistFull', `The waiting list of class ${instance.Id} is full.`);
	}
	if (isTest(call)) return v6Json({ Visit: waitlistedVisit(call, instance, client, null) });
	const entry = joinWaitlist(call, instance, client, web);
	if (body.SendEmail === true) notify(call, client, instance, 'class.waitlisted', 'You are on the waiting list');
	return v6Json({ Visit: waitlistedVisit(call, instance, client, entry) });
}

/** The client's booking a removal names: VisitId, else the client's active visit in the class. */
function visitToRemove(
	call: RestCall,
	instance: ClassInstance,
	body: Record<string, unknown>,
): Visit | SandboxResponse {
	const { site } = call;
	// VisitId 0 is the document's default: no visit named.
	if (typeof body.VisitId === 'number' && body.VisitId !== 0) {
		const visit = activeVisitsOf(site, instance.Id).find((v) => v.Id === body.VisitId);
		return visit ?? v6Error(404, 'VisitNotFound', `Visit ${body.VisitId} is not booked into class ${instance.Id}.`);
	}
	if (!named(body.ClientId) && !named(body.UniqueClientId)) {
		return v6Error(400, 'MissingRequiredFields', 'ClientId, UniqueClientId or VisitId is required.');
	}
	const client = findClient(call, body.ClientId, body.UniqueClientId);
	if (!client) return clientNotFound(body.ClientId ?? body.UniqueClientId);
	const visit = activeVisitsOf(site, instance.Id).find((v) => v.ClientId === client.Id);
	return visit ?? v6Error(404, 'VisitNotFound', `Client ${client.ClientId} is not booked into class ${instance.Id}.`);
}

/** POST /class/removeclientfromclass: cancels (or late-cancels) one booking. */
function removeClient(call: RestCall): SandboxResponse {
	const body = bodyOf(call);
	const instance = byId(call.site.classes, body.ClassId as number);
	if (!instance || !visibleTo(call, instance)) return classNotFound(body.ClassId);
	const visit = visitToRemove(call, instance, body);
	if ('status' in visit) return visit;
	const client = byId(call.site.clients, visit.ClientId)!;
	const denied = notOwnClient(call, client);
	if (denied) return denied;
	if (!isTest(call)) {
		cancelClassVisit(call, visit, body.LateCancel === true);
		if (body.SendEmail === true) notify(call, client, instance, 'class.cancelled', 'Your class booking is cancelled');
	}
	return v6Json({ Class: classV6(call, instance, { visits: true }) });
}

/** POST /class/removeclientsfromclasses: each client of each class; failures come as Errors. */
function removeClients(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = bodyOf(call);
	const details = (body.Details ?? []) as Array<{ ClientIds?: string[]; ClassId?: number }>;
	const errors: Array<{ Message: string; Code: string }> = [];
	const touched: ClassInstance[] = [];
	for (const detail of details) {
		const instance = byId(site.classes, detail.ClassId);
		if (!instance || !visibleTo(call, instance)) {
			errors.push({ Code: 'ClassNotFound', Message: `Class ${String(detail.ClassId)} was not found.` });
			continue;
		}
		if (!touched.includes(instance)) touched.push(instance);
		for (const clientId of detail.ClientIds ?? []) {
			const visit = visitToRemove(call, instance, { ClientId: clientId });
			if ('status' in visit) {
				const error = (visit.body as { Error: { Message: string; Code: string } }).Error;
				errors.push({ Code: error.Code, Message: error.Message });
				continue;
			}
			const client = byId(site.clients, visit.ClientId)!;
			const denied = notOwnClient(call, client);
			if (denied) {
				errors.push({ Code: 'PermissionDenied', Message: 'A consumer user token acts only for its own client.' });
				continue;
			}
			if (isTest(call)) continue;
			cancelClassVisit(call, visit, body.LateCancel === true);
			if (body.SendEmail === true) notify(call, client, instance, 'class.cancelled', 'Your class booking is cancelled');
		}
	}
	const limit = typeof body.Limit === 'number' && body.Limit > 0 ? body.Limit : 100;
	const offset = typeof body.Offset === 'number' && body.Offset > 0 ? body.Offset : 0;
	const page = touched.slice(offset, offset + limit);
	return v6Json({
		PaginationResponse: {
			RequestedLimit: limit,
			RequestedOffset: offset,
			PageSize: page.length,
			TotalResults: touched.length,
		},
		Classes: page.map((instance) => classV6(call, instance, { visits: true })),
		Errors: errors,
	});
}

/** POST /class/removefromwaitlist: every entry must be waiting, else nothing changes. */
function removeFromWaitlist(call: RestCall): SandboxResponse {
	const ids = call.params.ints('request.waitlistEntryIds')!;
	const entries = ids.map((id) => call.site.classRecords.waitlist.find((w) => w.Id === id && w.Status === 'Waiting'));
	const missing = ids.find((_, index) => !entries[index]);
	if (missing !== undefined)
		return v6Error(404, 'WaitlistEntryNotFound', `Waiting list entry ${missing} was not found.`);
	for (const entry of entries) leaveWaitlist(call, entry!, 'Removed');
	return v6Json({});
}

export const classRosterHandlers = {
	AddClientToClass: addClient,
	RemoveClientFromClass: removeClient,
	RemoveClientsFromClasses: removeClients,
	ClassRemoveFromWaitlist: removeFromWaitlist,
};
