import type { Visit, WaitlistEntry } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { ClassInstance, Client, ClientService, SiteData } from '../../data/types';
import { emit, type RestCall } from '../call';
import { byId } from '../views';
import { scheduleSettingsOf, touchClass } from './classViews';
import { releaseSpots } from './pickASpotReservations';

/**
 * Booking a client into a class, shared by AddClientToClass and checkout (a sale with a class id
 * books the class: spec rule 2). Emits classRosterBooking.created as webhooks.md states it.
 * The visit is paid by clientServiceId when given; the session it uses is deducted by the caller
 * (checkout takes it itself), or here with deductSession. Also: cancelling a booking and the
 * class waiting list.
 */
export interface ClassBooking {
	clientId: number;
	classId: number;
	clientServiceId?: number | null;
	saleId?: number | null;
	/** Booked online (no staff token): counts against the web capacity. */
	webSignup?: boolean;
	/** The place came from this waiting list entry (bookingOriginatedFromWaitlist). */
	waitlistEntryId?: number | null;
	/** Deduct the session the visit uses from clientServiceId here. */
	deductSession?: boolean;
}

const nextVisitId = (site: SiteData) =>
	takeRecordId(site.classRecords, 'visits', Math.max(90000, ...site.classRecords.visits.map((v) => v.Id)));

export function bookClassVisit(call: RestCall, booking: ClassBooking): Visit | undefined {
	const { site } = call;
	const instance = byId(site.classes, booking.classId);
	const client = byId(site.clients, booking.clientId);
	if (!instance || !client) return undefined;
	const records = site.classRecords;
	const service = byId(site.clientServices, booking.clientServiceId ?? undefined);
	if (service && booking.deductSession && service.Remaining > 0) service.Remaining -= 1;
	const at = isoAt(call.now);
	const visit: Visit = {
		Id: nextVisitId(site),
		ClassId: instance.Id,
		ClientId: client.Id,
		Status: 'Booked',
		ClientServiceId: service?.Id ?? null,
		SaleId: booking.saleId ?? null,
		BookedAt: at,
		LastModifiedDateTime: at,
		Makeup: false,
		WebSignup: booking.webSignup ?? false,
	};
	records.visits.push(visit);
	instance.TotalBooked += 1;
	if (visit.WebSignup) instance.TotalWebBooked += 1;
	const entry = records.waitlist.find((w) => w.Id === booking.waitlistEntryId && w.Status === 'Waiting');
	if (entry) leaveWaitlist(call, entry, 'Booked', visit.Id);
	touchClass(call, instance.Id);
	emitRosterBooking(call, instance, client, visit, service, !!entry);
	return visit;
}

function emitRosterBooking(
	call: RestCall,
	instance: ClassInstance,
	client: Client,
	visit: Visit,
	service: ClientService | undefined,
	fromWaitlist: boolean,
): void {
	const staff = byId(call.site.staff, instance.StaffId);
	emit(call, 'classRosterBooking.created', {
		siteId: call.siteId,
		locationId: instance.LocationId,
		classId: instance.Id,
		classRosterBookingId: visit.Id,
		classStartDateTime: instance.StartDateTime,
		classEndDateTime: instance.EndDateTime,
		signedInStatus: 'NotSignedIn',
		staffId: instance.StaffId,
		staffName: staff ? `${staff.FirstName} ${staff.LastName}` : '',
		maxCapacity: instance.MaxCapacity,
		webCapacity: instance.WebCapacity,
		totalBooked: instance.TotalBooked,
		webBooked: instance.TotalWebBooked,
		totalWaitlisted: instance.TotalBookedWaitlist,
		clientId: client.ClientId,
		clientUniqueId: client.Id,
		clientFirstName: client.FirstName,
		clientLastName: client.LastName,
		clientEmail: client.Email,
		clientPhone: client.MobilePhone,
		clientPassId: service ? String(service.Id) : null,
		clientPassSessionsTotal: service?.Count ?? null,
		clientPassSessionsDeducted: service ? service.Count - service.Remaining : null,
		clientPassSessionsRemaining: service?.Remaining ?? null,
		clientPassActivationDateTime: service ? `${service.ActiveDate}T00:00:00Z` : null,
		clientPassExpirationDateTime: service ? `${service.ExpirationDate}T00:00:00Z` : null,
		bookingOriginatedFromWaitlist: fromWaitlist,
		clientsNumberOfVisitsAtSite: visitsAtSite(call.site, client.Id),
		itemId: service?.Id ?? 0,
		itemName: service?.Name ?? '',
		itemSiteId: null,
	});
}

const visitsAtSite = (site: SiteData, clientId: number) =>
	site.classRecords.visits.filter((v) => v.ClientId === clientId && v.Status !== 'Cancelled').length;

/**
 * Cancels a booking: a late cancellation keeps the session it used, an early one gives it back.
 * The client's spot (Pick-a-Spot) is released; classRosterBooking.cancelled is sent.
 */
export function cancelClassVisit(call: RestCall, visit: Visit, late: boolean): void {
	const { site } = call;
	const instance = byId(site.classes, visit.ClassId)!;
	const client = byId(site.clients, visit.ClientId);
	visit.Status = late ? 'LateCancelled' : 'Cancelled';
	visit.LastModifiedDateTime = isoAt(call.now);
	instance.TotalBooked = Math.max(0, instance.TotalBooked - 1);
	if (visit.WebSignup) instance.TotalWebBooked = Math.max(0, instance.TotalWebBooked - 1);
	const service = byId(site.clientServices, visit.ClientServiceId ?? undefined);
	if (service && !late) service.Remaining = Math.min(service.Count, service.Remaining + 1);
	touchClass(call, instance.Id);
	releaseSpots(call, instance.Id, visit.ClientId);
	emit(call, 'classRosterBooking.cancelled', {
		siteId: call.siteId,
		locationId: instance.LocationId,
		classId: instance.Id,
		classRosterBookingId: visit.Id,
		clientUniqueId: visit.ClientId,
		clientId: client?.ClientId ?? String(visit.ClientId),
	});
}

/** Puts a client on the waiting list of a full class; sends classWaitlistRequest.created. */
export function joinWaitlist(call: RestCall, instance: ClassInstance, client: Client, web: boolean): WaitlistEntry {
	const { site } = call;
	const records = site.classRecords;
	const entry: WaitlistEntry = {
		Id: takeRecordId(records, 'waitlist', Math.max(30000, ...records.waitlist.map((w) => w.Id))),
		ClassId: instance.Id,
		ClientId: client.Id,
		RequestDateTime: isoAt(call.now),
		Web: web,
		Status: 'Waiting',
		VisitId: null,
	};
	records.waitlist.push(entry);
	instance.TotalBookedWaitlist += 1;
	touchClass(call, instance.Id);
	emit(call, 'classWaitlistRequest.created', {
		siteId: call.siteId,
		locationId: instance.LocationId,
		classId: instance.Id,
		classScheduleId: instance.ClassScheduleId,
		waitlistEntryId: entry.Id,
		waitlistMaxSize: scheduleSettingsOf(site, instance.ClassScheduleId).WaitlistCapacity,
		clientUniqueId: client.Id,
		clientsNumberOfVisitsAtSite: visitsAtSite(site, client.Id),
		clientId: client.ClientId,
		clientEmail: client.Email,
		clientPhone: client.MobilePhone,
		classStartDateTime: instance.StartDateTime,
		classEndDateTime: instance.EndDateTime,
	});
	return entry;
}

/**
 * Takes an entry off the waiting list: Removed sends classWaitlistRequest.cancelled; Booked
 * (the client got the place) sends only the roster booking.
 */
export function leaveWaitlist(
	call: RestCall,
	entry: WaitlistEntry,
	status: 'Booked' | 'Removed',
	visitId: number | null = null,
): void {
	const instance = byId(call.site.classes, entry.ClassId);
	entry.Status = status;
	entry.VisitId = visitId;
	if (instance) {
		instance.TotalBookedWaitlist = Math.max(0, instance.TotalBookedWaitlist - 1);
		touchClass(call, instance.Id);
	}
	if (status === 'Removed') {
		const client = byId(call.site.clients, entry.ClientId);
		emit(call, 'classWaitlistRequest.cancelled', {
			siteId: call.siteId,
			waitlistEntryId: entry.Id,
			ClassId: entry.ClassId,
			ClientId: client?.ClientId ?? String(entry.ClientId),
			ClientUniqueId: entry.ClientId,
		});
	}
}
