import { takeId } from '../data/generate';
import { DAY, MINUTE, dateOf, dayName, isoAt, minutesOf, overlaps, parseWhen, startOfDay } from '../data/dates';
import type { Appointment, AppointmentType, Client, ClientService, Location, SiteData, Staff } from '../data/types';
import { localDateOf, wallClock } from '../data/zones';
import type { RestCall } from './call';
import { emitBooking, emitBookingCancelled } from './events';
import { byId } from './views';

/** A bookable time: who, what, where and when, every reference checked. */
export interface Slot {
	staff: Staff;
	type: AppointmentType;
	location: Location;
	start: number;
	end: number;
}

export interface SlotRequest {
	staffId?: number;
	typeId?: number;
	locationId?: number;
	start?: string;
	/** Default: start plus the type's duration. */
	end?: string;
}

/** Resolves a booking's references; a string names the first problem. */
export function resolveSlot(site: SiteData, request: SlotRequest): Slot | string {
	const staff = byId(site.staff, request.staffId);
	if (!staff || !staff.Active) return `Staff member ${request.staffId} was not found.`;
	const type = byId(site.appointmentTypes, request.typeId);
	if (!type || !type.Active) return `Appointment type ${request.typeId} was not found.`;
	const location = byId(site.locations, request.locationId);
	if (!location || !location.Active) return `Location ${request.locationId} was not found.`;
	if (!staff.AppointmentTypeIds.includes(type.Id)) {
		return `Staff member ${staff.Id} does not offer appointment type ${type.Id}.`;
	}
	if (!staff.LocationIds.includes(location.Id)) {
		return `Staff member ${staff.Id} does not work at location ${location.Id}.`;
	}
	const start = request.start ? parseWhen(request.start) : NaN;
	if (Number.isNaN(start)) return 'The start date-time is not valid.';
	const end = request.end ? parseWhen(request.end) : start + type.DurationMinutes * MINUTE;
	if (Number.isNaN(end) || end <= start) return 'The end must come after the start.';
	const wall = (instant: number) => wallClock(site.settings.TimeZone, instant);
	if (startOfDay(wall(end - 1)) !== startOfDay(wall(start))) return 'An appointment cannot span days.';
	return { staff, type, location, start, end };
}

export interface Conflict {
	Type: 'StaffAppointment' | 'Closure' | 'StaffUnavailable' | 'OutsideAvailability' | 'InThePast';
	Message: string;
	AppointmentId?: number;
	ClosureId?: number;
}

/** What stands in a slot's way: the staff's other appointments, closures, time off, off-hours. */
export function conflictsOf(site: SiteData, slot: Slot, ignoreAppointmentId?: number): Conflict[] {
	const conflicts: Conflict[] = [];
	for (const other of site.appointments) {
		if (other.Id === ignoreAppointmentId || other.StaffId !== slot.staff.Id || other.Status === 'Cancelled') continue;
		if (overlaps(slot.start, slot.end, Date.parse(other.StartDateTime), Date.parse(other.EndDateTime))) {
			conflicts.push({
				Type: 'StaffAppointment',
				Message: `The staff member has appointment ${other.Id} then.`,
				AppointmentId: other.Id,
			});
		}
	}
	for (const closure of site.closures) {
		const closed = overlaps(slot.start, slot.end, Date.parse(closure.StartDateTime), Date.parse(closure.EndDateTime));
		if (closed && closure.ServiceCategoryIds.includes(slot.type.CategoryId)) {
			conflicts.push({
				Type: 'Closure',
				Message: `The business is closed: ${closure.Name}.`,
				ClosureId: closure.Id,
			});
		}
	}
	for (const off of site.unavailabilities) {
		if (
			off.StaffId === slot.staff.Id &&
			overlaps(slot.start, slot.end, Date.parse(off.StartDateTime), Date.parse(off.EndDateTime))
		) {
			conflicts.push({
				Type: 'StaffUnavailable',
				Message: `The staff member is unavailable: ${off.Description}.`,
			});
		}
	}
	if (!isWithinAvailability(site, slot)) {
		conflicts.push({
			Type: 'OutsideAvailability',
			Message: 'The time is outside the staff member’s availability.',
		});
	}
	return conflicts;
}

/** Whether the slot lies in one of the staff member's availabilities, on the site's wall clock. */
export function isWithinAvailability(site: SiteData, slot: Slot): boolean {
	const start = wallClock(site.settings.TimeZone, slot.start);
	const day = dateOf(start);
	const from = (start - startOfDay(start)) / MINUTE;
	const to = (wallClock(site.settings.TimeZone, slot.end) - startOfDay(start)) / MINUTE;
	return site.availabilities.some(
		(a) =>
			a.StaffId === slot.staff.Id &&
			a.LocationId === slot.location.Id &&
			a.DaysOfWeek.includes(dayName(start)) &&
			a.StartDate.slice(0, 10) <= day &&
			day <= a.EndDate.slice(0, 10) &&
			minutesOf(a.StartTime) <= from &&
			to <= minutesOf(a.EndTime),
	);
}

/** Books a slot for a client and sends appointmentBooking.created. */
export function createAppointment(
	call: RestCall,
	slot: Slot,
	client: Client,
	extra: Partial<Pick<Appointment, 'Notes' | 'ResourceIds' | 'RecurrenceId' | 'IsConfirmed'>> = {},
): Appointment {
	const appointment: Appointment = {
		Id: takeId(call.site, 'appointments'),
		Status: 'Booked',
		StartDateTime: isoAt(slot.start),
		EndDateTime: isoAt(slot.end),
		DurationMinutes: Math.round((slot.end - slot.start) / MINUTE),
		ClientId: client.Id,
		StaffId: slot.staff.Id,
		LocationId: slot.location.Id,
		SessionTypeId: slot.type.Id,
		Notes: extra.Notes ?? '',
		ResourceIds: extra.ResourceIds ?? [],
		GenderPreference: 'None',
		IsConfirmed: extra.IsConfirmed ?? true,
		HasArrived: false,
		ClientServiceId: null,
		PaymentApplied: false,
		RecurrenceId: extra.RecurrenceId ?? null,
		CreatedDateTime: isoAt(call.now),
	};
	call.site.appointments.push(appointment);
	emitBooking(call, 'created', appointment);
	return appointment;
}

export function cancelAppointment(call: RestCall, appointment: Appointment): void {
	appointment.Status = 'Cancelled';
	emitBookingCancelled(call, appointment.Id);
}

/** The client's pricing option that pays this appointment: program, place, day, sessions left. */
export function currentSeries(site: SiteData, appointment: Appointment): ClientService | undefined {
	const type = byId(site.appointmentTypes, appointment.SessionTypeId);
	const day = localDateOf(site.settings.TimeZone, Date.parse(appointment.StartDateTime));
	return site.clientServices.find(
		(service) =>
			service.ClientId === appointment.ClientId &&
			service.ProgramId === type?.ProgramId &&
			service.LocationIds.includes(appointment.LocationId) &&
			service.Remaining > 0 &&
			service.ActiveDate <= day &&
			day <= service.ExpirationDate,
	);
}

/** Deducts one session; the caller has checked the payment was not applied before. */
export function applyPayment(appointment: Appointment, series: ClientService): void {
	series.Remaining -= 1;
	appointment.ClientServiceId = series.Id;
	appointment.PaymentApplied = true;
}

export function undoPayment(appointment: Appointment, series: ClientService): void {
	series.Remaining += 1;
	appointment.ClientServiceId = null;
	appointment.PaymentApplied = false;
}

/** Each day in [start, end], as YYYY-MM-DD. */
export function daysBetween(start: number, end: number): string[] {
	const days: string[] = [];
	for (let day = startOfDay(start); day <= end; day += DAY) days.push(dateOf(day));
	return days;
}
