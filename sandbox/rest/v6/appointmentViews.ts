import type { AppointmentDetails, AppointmentWaitlistEntry } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import type { Appointment, AppointmentRequest, AppointmentType, SiteData } from '../../data/types';
import { localStamp } from '../../data/zones';
import type { RestCall } from '../call';
import { byId } from '../views';
import { clientServiceV6 } from './classViews';

/** v6 appointments (the document's Appointment, SessionType, Visit of an appointment) from site state. */

export const detailsOf = (site: SiteData, appointment: Appointment): AppointmentDetails =>
	site.classRecords.appointmentDetails[appointment.Id] ?? {
		StaffRequested: false,
		ProviderId: null,
		PartnerExternalId: null,
		LateCancelled: false,
		LastModifiedDateTime: appointment.CreatedDateTime,
	};

/** Records a change of an appointment through the v6 calls. */
export function touchAppointment(call: RestCall, appointment: Appointment, change: Partial<AppointmentDetails> = {}) {
	call.site.classRecords.appointmentDetails[appointment.Id] = {
		...detailsOf(call.site, appointment),
		...change,
		LastModifiedDateTime: isoAt(call.now),
	};
}

const statusOf = (appointment: Appointment, details: AppointmentDetails) =>
	appointment.Status === 'Cancelled' && details.LateCancelled
		? 'LateCancelled'
		: appointment.Status === 'Booked' && appointment.HasArrived
			? 'Arrived'
			: appointment.Status === 'Booked' && appointment.IsConfirmed
				? 'Confirmed'
				: appointment.Status;

/** An appointment's times as its Appointment record writes them: the business's local time. */
const localTimes = (site: SiteData, times: { StartDateTime: string; EndDateTime: string }) => ({
	StartDateTime: localStamp(site.settings.TimeZone, Date.parse(times.StartDateTime)),
	EndDateTime: localStamp(site.settings.TimeZone, Date.parse(times.EndDateTime)),
});

/** An appointment as the document's Appointment. */
export function appointmentV6(call: RestCall, appointment: Appointment) {
	const { site } = call;
	const details = detailsOf(site, appointment);
	const staff = byId(site.staff, appointment.StaffId);
	const client = byId(site.clients, appointment.ClientId);
	const type = byId(site.appointmentTypes, appointment.SessionTypeId);
	const earlier = site.appointments.some(
		(a) =>
			a.ClientId === appointment.ClientId && a.Id !== appointment.Id && a.StartDateTime < appointment.StartDateTime,
	);
	return {
		GenderPreference: appointment.GenderPreference,
		Duration: appointment.DurationMinutes,
		ProviderId: details.ProviderId ?? staff?.ProviderId ?? null,
		Id: appointment.Id,
		Status: statusOf(appointment, details),
		...localTimes(site, appointment),
		Notes: appointment.Notes,
		PartnerExternalId: details.PartnerExternalId,
		StaffRequested: details.StaffRequested,
		ProgramId: type?.ProgramId ?? null,
		SessionTypeId: appointment.SessionTypeId,
		LocationId: appointment.LocationId,
		StaffId: appointment.StaffId,
		Staff: staff
			? { Id: staff.Id, FirstName: staff.FirstName, LastName: staff.LastName, DisplayName: staff.DisplayName }
			: null,
		ClientId: client?.ClientId ?? String(appointment.ClientId),
		FirstAppointment: !earlier,
		IsWaitlist: false,
		WaitlistEntryId: null,
		ClientServiceId: appointment.ClientServiceId,
		Resources: appointment.ResourceIds.map((id) => ({ Id: id, Name: byId(site.resources, id)?.Name ?? '' })),
		AddOns: site.addOns
			.filter((addOn) => addOn.AppointmentId === appointment.Id)
			.map((addOn) => ({ Id: addOn.Id, Name: addOn.Name, StaffId: addOn.StaffId, TypeId: addOn.AddOnTypeId })),
		OnlineDescription: type?.Description ?? null,
	};
}

/**
 * A pending booking request as an Appointment in status Requested, under the request's own id
 * (docs/spec-choices.md, "Pending appointment requests"): the id the approve and deny calls take.
 */
export function requestedAppointmentV6(call: RestCall, request: AppointmentRequest) {
	const asked: Appointment = {
		Id: request.Id,
		Status: 'Booked',
		StartDateTime: request.StartDateTime,
		EndDateTime: request.EndDateTime,
		DurationMinutes: Math.round((Date.parse(request.EndDateTime) - Date.parse(request.StartDateTime)) / 60_000),
		ClientId: request.ClientId,
		StaffId: request.StaffId,
		LocationId: request.LocationId,
		SessionTypeId: request.AppointmentTypeId,
		Notes: request.Notes,
		ResourceIds: [],
		GenderPreference: 'None',
		IsConfirmed: false,
		HasArrived: false,
		ClientServiceId: null,
		PaymentApplied: false,
		RecurrenceId: null,
		CreatedDateTime: request.CreatedDateTime,
	};
	return { ...appointmentV6(call, asked), Status: 'Requested' };
}

/** A waiting list entry as an Appointment: the preferred time, IsWaitlist true, no id yet. */
export function waitlistAppointmentV6(call: RestCall, entry: AppointmentWaitlistEntry) {
	const { site } = call;
	const staff = byId(site.staff, entry.StaffId);
	const type = byId(site.appointmentTypes, entry.SessionTypeId);
	return {
		GenderPreference: 'None',
		Duration: Math.round((Date.parse(entry.EndDateTime) - Date.parse(entry.StartDateTime)) / 60_000),
		Id: null,
		Status: 'None',
		...localTimes(site, entry),
		Notes: entry.Notes,
		ProgramId: type?.ProgramId ?? null,
		SessionTypeId: entry.SessionTypeId,
		LocationId: entry.LocationId,
		StaffId: entry.StaffId,
		Staff: staff
			? { Id: staff.Id, FirstName: staff.FirstName, LastName: staff.LastName, DisplayName: staff.DisplayName }
			: null,
		ClientId: byId(site.clients, entry.ClientId)?.ClientId ?? String(entry.ClientId),
		IsWaitlist: true,
		WaitlistEntryId: entry.Id,
		Resources: [],
		AddOns: [],
	};
}

/** An appointment as a client's Visit (GET /client/clientvisits, /client/clientschedule). */
export function appointmentVisitV6(call: RestCall, appointment: Appointment) {
	const { site } = call;
	const details = detailsOf(site, appointment);
	const client = byId(site.clients, appointment.ClientId);
	const type = byId(site.appointmentTypes, appointment.SessionTypeId);
	const service = byId(site.clientServices, appointment.ClientServiceId ?? undefined);
	return {
		AppointmentId: appointment.Id,
		AppointmentGenderPreference: appointment.GenderPreference,
		AppointmentStatus: statusOf(appointment, details),
		ClassId: null,
		ClientId: client?.ClientId ?? String(appointment.ClientId),
		ClientPhotoUrl: null,
		ClientUniqueId: appointment.ClientId,
		StartDateTime: appointment.StartDateTime,
		EndDateTime: appointment.EndDateTime,
		Id: appointment.Id,
		LastModifiedDateTime: details.LastModifiedDateTime,
		LateCancelled: details.LateCancelled,
		SiteId: call.siteId,
		LocationId: appointment.LocationId,
		MakeUp: false,
		Name: type?.Name ?? '',
		ServiceId: service?.Id ?? null,
		ServiceName: service?.Name ?? null,
		Service: service ? clientServiceV6(call, service) : null,
		ProductId: null,
		SignedIn: appointment.HasArrived,
		StaffId: appointment.StaffId,
		WebSignup: false,
		Action: 'None',
		Missed: appointment.Status === 'NoShow',
	};
}

/** An appointment type as the document's SessionType. */
export function sessionTypeV6(site: SiteData, type: AppointmentType) {
	return {
		Type: 'Appointment',
		DefaultTimeLength: type.DurationMinutes,
		StaffTimeLength: type.DurationMinutes,
		Id: type.Id,
		Name: type.Name,
		OnlineDescription: type.Description,
		NumDeducted: 1,
		ProgramId: type.ProgramId,
		Category: byId(site.categories, type.CategoryId)?.Name ?? null,
		CategoryId: type.CategoryId,
		Subcategory: byId(site.subcategories, type.SubcategoryId)?.Name ?? null,
		SubcategoryId: type.SubcategoryId,
		AvailableForAddOn: type.IsAddOn,
	};
}
