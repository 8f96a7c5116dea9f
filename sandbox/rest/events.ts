import type { AddOn, Appointment } from '../data/types';
import { emit, sendEmail, type RestCall } from './call';
import { byId } from './views';

/** The appointmentBooking.created/updated payload (webhooks spec catalog). */
export function bookingEventData(call: RestCall, appointment: Appointment): Record<string, unknown> {
	const { site } = call;
	const client = byId(site.clients, appointment.ClientId);
	const staff = byId(site.staff, appointment.StaffId);
	const type = byId(site.appointmentTypes, appointment.SessionTypeId);
	return {
		siteId: call.siteId,
		appointmentId: appointment.Id,
		status: appointment.Status,
		isConfirmed: appointment.IsConfirmed,
		hasArrived: appointment.HasArrived,
		locationId: appointment.LocationId,
		clientId: client?.ClientId ?? String(appointment.ClientId),
		clientFirstName: client?.FirstName ?? '',
		clientLastName: client?.LastName ?? '',
		clientEmail: client?.Email ?? '',
		clientPhone: client?.MobilePhone ?? '',
		staffId: appointment.StaffId,
		staffFirstName: staff?.FirstName ?? '',
		staffLastName: staff?.LastName ?? '',
		startDateTime: appointment.StartDateTime,
		endDateTime: appointment.EndDateTime,
		durationMinutes: appointment.DurationMinutes,
		genderRequested: appointment.GenderPreference,
		resources: appointment.ResourceIds.map((id) => ({
			id,
			name: byId(site.resources, id)?.Name ?? '',
		})),
		notes: appointment.Notes,
		formulaNotes: '',
		icdCodes: [],
		providerId: staff?.ProviderId ?? '',
		sessionTypeId: appointment.SessionTypeId,
		appointmentName: type?.Name ?? '',
	};
}

export const emitBooking = (call: RestCall, kind: 'created' | 'updated', appointment: Appointment) =>
	emit(call, `appointmentBooking.${kind}`, bookingEventData(call, appointment));

export const emitBookingCancelled = (call: RestCall, appointmentId: number) =>
	emit(call, 'appointmentBooking.cancelled', { siteId: call.siteId, appointmentId });

export function emitAddOnCreated(call: RestCall, addOn: AddOn, parent: Appointment): void {
	const client = byId(call.site.clients, parent.ClientId);
	emit(call, 'appointmentAddOn.created', {
		siteId: call.siteId,
		appointmentId: parent.Id,
		addOnAppointmentId: addOn.Id,
		staffId: addOn.StaffId,
		addOnName: addOn.Name,
		clientId: client?.ClientId ?? String(parent.ClientId),
	});
}

export const emitAddOnDeleted = (call: RestCall, addOn: AddOn) =>
	emit(call, 'appointmentAddOn.deleted', { siteId: call.siteId, addOnAppointmentId: addOn.Id });

/**
 * A notice to the client of an appointment or request. SMS notices go to the same outbox as
 * e-mails, addressed to the mobile number and marked channel 'sms'.
 */
export function emailClient(
	call: RestCall,
	clientId: number,
	kind: string,
	subject: string,
	detail: Record<string, unknown>,
	channel: 'email' | 'sms' = 'email',
): void {
	const client = byId(call.site.clients, clientId);
	if (!client) return;
	if (channel === 'sms') sendEmail(call, client.MobilePhone, kind, subject, { ...detail, channel });
	else sendEmail(call, client.Email, kind, subject, detail);
}
