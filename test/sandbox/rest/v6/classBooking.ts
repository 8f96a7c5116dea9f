import type { Visit } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import { emit, type RestCall } from '../call';
import { byId } from '../views';

/**
 * Booking a client into a class, shared by AddClientToClass and checkout (a sale with a class id
 * books the class: spec rule 2). Emits classRosterBooking.created as webhooks.md states it.
 */
export interface ClassBooking {
	clientId: number;
	classId: number;
	clientServiceId?: number | null;
	saleId?: number | null;
}

export function bookClassVisit(call: RestCall, booking: ClassBooking): Visit | undefined {
	const { site } = call;
	const instance = byId(site.classes, booking.classId);
	const client = byId(site.clients, booking.clientId);
	if (!instance || !client) return undefined;
	const records = site.classRecords;
	const visit: Visit = {
		Id: takeRecordId(records, 'visits', Math.max(90000, ...records.visits.map((v) => v.Id))),
		ClassId: instance.Id,
		ClientId: client.Id,
		Status: 'Booked',
		ClientServiceId: booking.clientServiceId ?? null,
		SaleId: booking.saleId ?? null,
		BookedAt: isoAt(call.now),
		Makeup: false,
		WebSignup: false,
	};
	records.visits.push(visit);
	instance.TotalBooked += 1;
	const staff = byId(site.staff, instance.StaffId);
	const service = byId(site.clientServices, visit.ClientServiceId ?? undefined);
	const visitsAtSite = records.visits.filter((v) => v.ClientId === client.Id && v.Status !== 'Cancelled').length;
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
		bookingOriginatedFromWaitlist: false,
		clientsNumberOfVisitsAtSite: visitsAtSite,
		itemId: service?.Id ?? 0,
		itemName: service?.Name ?? '',
		itemSiteId: null,
	});
	return visit;
}
