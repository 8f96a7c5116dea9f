import type { BusinessCatalogue } from './business';
import { DAY, MINUTE, isoAt } from './dates';
import type { Random } from './prng';
import type { AddOn, Appointment, AppointmentRequest, Client, Staff } from './types';

/** Appointments run from sixty days back to thirty ahead, on the hour or half hour. */
const WINDOW = { from: -60, to: 30 };

export function generateAppointments(
	rand: Random,
	count: number,
	catalogue: BusinessCatalogue,
	staff: Staff[],
	clients: Client[],
	anchor: number,
): Appointment[] {
	const types = new Map(catalogue.appointmentTypes.map((type) => [type.Id, type]));
	const taken = new Set<string>();
	const appointments: Appointment[] = [];
	for (let attempt = 0; appointments.length < count && attempt < count * 4; attempt++) {
		const member = rand.pick(staff);
		const bookable = member.AppointmentTypeIds.map((id) => types.get(id)!).filter((t) => !t.IsAddOn);
		const type = rand.pick(bookable);
		const day = anchor + rand.int(WINDOW.from, WINDOW.to) * DAY;
		const start = day + rand.int(18, 34) * 30 * MINUTE;
		// One appointment per staff member and start slot keeps the seeded calendars free of clashes.
		const slots = Array.from(
			{ length: Math.ceil(type.DurationMinutes / 30) },
			(_, i) => `${member.Id}@${start + i * 30 * MINUTE}`,
		);
		if (slots.some((slot) => taken.has(slot))) continue;
		slots.forEach((slot) => taken.add(slot));
		const past = start < anchor;
		const status = past
			? rand.pick(['Completed', 'Completed', 'Completed', 'NoShow', 'Booked'] as const)
			: rand.chance(0.05)
				? 'Cancelled'
				: 'Booked';
		appointments.push({
			Id: 300001 + appointments.length,
			Status: status,
			StartDateTime: isoAt(start),
			EndDateTime: isoAt(start + type.DurationMinutes * MINUTE),
			DurationMinutes: type.DurationMinutes,
			ClientId: rand.pick(clients).Id,
			StaffId: member.Id,
			LocationId: rand.pick(member.LocationIds),
			SessionTypeId: type.Id,
			Notes: rand.chance(0.2) ? 'Prefers a quiet room' : '',
			ResourceIds: [],
			GenderPreference: 'None',
			IsConfirmed: past || rand.chance(0.6),
			HasArrived: status === 'Completed',
			ClientServiceId: null,
			PaymentApplied: status === 'Completed',
			RecurrenceId: null,
			CreatedDateTime: isoAt(start - rand.int(1, 30) * DAY),
		});
	}
	return appointments;
}

/** Add-ons hang off some appointments whose staff offer add-ons; they share the appointment ids. */
export function generateAddOns(
	rand: Random,
	appointments: Appointment[],
	catalogue: BusinessCatalogue,
	staff: Staff[],
): AddOn[] {
	const addOnTypes = catalogue.appointmentTypes.filter((type) => type.IsAddOn);
	const staffById = new Map(staff.map((member) => [member.Id, member]));
	const addOns: AddOn[] = [];
	let nextId = 300001 + appointments.length;
	for (const appointment of appointments) {
		const offered = addOnTypes.filter((type) =>
			staffById.get(appointment.StaffId)!.AppointmentTypeIds.includes(type.Id),
		);
		if (!offered.length || appointment.Status === 'Cancelled' || !rand.chance(0.35)) continue;
		const type = rand.pick(offered);
		addOns.push({
			Id: nextId++,
			AppointmentId: appointment.Id,
			AddOnTypeId: type.Id,
			Name: type.Name,
			StaffId: appointment.StaffId,
			Status: appointment.Status === 'Completed' ? 'Completed' : 'Booked',
			Notes: '',
			CreatedDateTime: appointment.CreatedDateTime,
		});
	}
	return addOns;
}

/** Pending booking requests, pending cancellations of booked appointments, and decided ones. */
export function generateAppointmentRequests(
	rand: Random,
	count: number,
	appointments: Appointment[],
	catalogue: BusinessCatalogue,
	staff: Staff[],
	clients: Client[],
	anchor: number,
): AppointmentRequest[] {
	const upcoming = appointments.filter((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > anchor);
	const types = new Map(catalogue.appointmentTypes.map((type) => [type.Id, type]));
	return Array.from({ length: count }, (_, index): AppointmentRequest => {
		const kind = index % 5;
		const id = 60001 + index;
		const created = isoAt(anchor - rand.int(1, 72) * 60 * MINUTE);
		if (kind === 1 && upcoming.length) {
			const appointment = upcoming[(index * 7) % upcoming.length];
			return {
				Id: id,
				Type: 'Cancellation',
				Status: 'Pending',
				ClientId: appointment.ClientId,
				StaffId: appointment.StaffId,
				AppointmentTypeId: appointment.SessionTypeId,
				LocationId: appointment.LocationId,
				StartDateTime: appointment.StartDateTime,
				EndDateTime: appointment.EndDateTime,
				AppointmentId: appointment.Id,
				Notes: 'Cannot make it',
				CreatedDateTime: created,
				DecidedDateTime: null,
			};
		}
		const member = rand.pick(staff);
		const type = types.get(rand.pick(member.AppointmentTypeIds.filter((t) => !types.get(t)!.IsAddOn)))!;
		const start = anchor + rand.int(2, 28) * DAY + rand.int(9, 15) * 60 * MINUTE + 15 * MINUTE;
		const decided = kind === 4;
		return {
			Id: id,
			Type: 'Booking',
			Status: decided ? rand.pick(['Approved', 'Denied'] as const) : 'Pending',
			ClientId: rand.pick(clients).Id,
			StaffId: member.Id,
			AppointmentTypeId: type.Id,
			LocationId: rand.pick(member.LocationIds),
			StartDateTime: isoAt(start),
			EndDateTime: isoAt(start + type.DurationMinutes * MINUTE),
			AppointmentId: null,
			Notes: '',
			CreatedDateTime: created,
			DecidedDateTime: decided ? created : null,
		};
	});
}
