import { DAY, MINUTE, isoAt, parseWhen, startOfDay } from '../data/dates';
import type { Appointment, SiteData } from '../data/types';
import { conflictsOf, resolveSlot } from './booking';
import type { BodyModel } from './bodyModels';
import { typed, type HandlerTable, type RestCall } from './call';
import { emitBooking } from './events';
import { completeRecords, modifyRecords, rules, type FieldRule, type Modifiable } from './modify';
import { appointmentTypeView, appointmentView, byId, clientView, smallLocationView, staffView } from './views';

const unique = <T>(values: T[]) => [...new Set(values)];

/** Appointments with their clients, staff, locations, types and add-ons; unknown ids answer 400. */
function getMany(call: RestCall) {
	const { site } = call;
	const ids = call.params.ints('appointmentId')!;
	const found = ids.map((id) => byId(site.appointments, id)).filter((a): a is Appointment => !!a);
	const Errors = ids
		.filter((id) => !byId(site.appointments, id))
		.map((id) => ({ AppointmentId: id, Message: `Appointment ${id} was not found.` }));
	const pick = <T extends { Id: number }>(list: T[], wanted: number[]) =>
		unique(wanted)
			.map((id) => byId(list, id))
			.filter((row): row is T => !!row);
	const body = {
		Appointments: found.map((a) => appointmentView(site, a)),
		Clients: pick(
			site.clients,
			found.map((a) => a.ClientId),
		).map(clientView),
		Staff: pick(
			site.staff,
			found.map((a) => a.StaffId),
		).map(staffView),
		Locations: pick(
			site.locations,
			found.map((a) => a.LocationId),
		).map(smallLocationView),
		AppointmentTypes: pick(
			site.appointmentTypes,
			found.map((a) => a.SessionTypeId),
		).map(appointmentTypeView),
		AddOns: site.addOns.filter((addOn) => ids.includes(addOn.AppointmentId)).map((addOn) => ({ ...addOn })),
		Errors,
	};
	return typed(call, body, Errors.length > 0);
}

const dateTime =
	(field: 'StartDateTime' | 'EndDateTime'): FieldRule<Appointment> =>
	(value, record) => {
		const when = typeof value === 'string' ? parseWhen(value) : NaN;
		if (Number.isNaN(when)) return 'must be an ISO 8601 date-time';
		// A new start keeps the duration unless an end is sent too (rules run start first).
		return field === 'StartDateTime'
			? { StartDateTime: isoAt(when), EndDateTime: isoAt(when + record.DurationMinutes * MINUTE) }
			: { EndDateTime: isoAt(when) };
	};

const exists =
	(field: keyof Appointment, pick: (site: SiteData, id: number) => unknown, what: string): FieldRule<Appointment> =>
	(value, _record, site) =>
		typeof value === 'number' && pick(site, value) ? { [field]: value } : `${what} ${String(value)} was not found`;

export const appointmentModify: Modifiable<Appointment> = {
	label: 'Appointment',
	records: (site) => site.appointments,
	fields: [
		['StartDateTime', dateTime('StartDateTime')],
		['EndDateTime', dateTime('EndDateTime')],
		['StaffId', rules.staff('StaffId')],
		['LocationId', exists('LocationId', (site, id) => byId(site.locations, id), 'location')],
		[
			'SessionTypeId',
			exists(
				'SessionTypeId',
				(site, id) =>
					byId(
						site.appointmentTypes.filter((t) => !t.IsAddOn),
						id,
					),
				'appointment type',
			),
		],
		['Notes', rules.string('Notes')],
		[
			'ResourceIds',
			(value, _r, site) =>
				Array.isArray(value) && value.every((id) => byId(site.resources, id))
					? { ResourceIds: value as number[] }
					: 'must list known resource ids',
		],
		['GenderPreference', rules.oneOf('GenderPreference', ['None', 'Female', 'Male'])],
		['IsConfirmed', rules.boolean('IsConfirmed')],
		['HasArrived', rules.boolean('HasArrived')],
		['Status', rules.oneOf('Status', ['Booked', 'NoShow', 'Completed'])],
	],
	check: (changed, site) => {
		const original = byId(site.appointments, changed.Id)!;
		if (original.Status === 'Cancelled') return `Appointment ${changed.Id} is cancelled.`;
		const slot = resolveSlot(site, {
			staffId: changed.StaffId,
			typeId: changed.SessionTypeId,
			locationId: changed.LocationId,
			start: changed.StartDateTime,
			end: changed.EndDateTime,
		});
		if (typeof slot === 'string') return slot;
		changed.DurationMinutes = Math.round((slot.end - slot.start) / MINUTE);
		const clash = conflictsOf(site, slot, changed.Id).find((c) => c.Type === 'StaffAppointment');
		return clash && !slot.staff.AlwaysAllowDoubleBooking ? clash.Message : undefined;
	},
	clientOf: (appointment) => appointment.ClientId,
	view: (appointment, site) => appointmentView(site, appointment),
	afterChange: (call, appointment) => emitBooking(call, 'updated', appointment),
};

const modify = (call: RestCall) => modifyRecords(call, appointmentModify);

const complete = (call: RestCall) =>
	completeRecords(call, call.site.appointments, (appointment) => emitBooking(call, 'updated', appointment));

/** The next time after `now` on the same weekday and time of day as `past`. */
function nextSameSlot(past: number, now: number): number {
	const weeks = Math.max(1, Math.ceil((startOfDay(now) - startOfDay(past)) / (7 * DAY)));
	let next = past + weeks * 7 * DAY;
	while (next <= now) next += 7 * DAY;
	return next;
}

/** One template per staff, type and location the consumer booked within MaxDays, newest first. */
function bookingTemplatesOf(call: RestCall) {
	const { ConsumerId, MaxDays } = call.body as BodyModel<'bookingTemplates'>;
	if (!byId(call.site.clients, ConsumerId)) return typed(call, [], true);
	const since = call.now - MaxDays * DAY;
	const past = call.site.appointments
		.filter((a) => a.ClientId === ConsumerId && a.Status !== 'Cancelled')
		.filter((a) => Date.parse(a.StartDateTime) < call.now && Date.parse(a.StartDateTime) >= since)
		.sort((a, b) => b.StartDateTime.localeCompare(a.StartDateTime));
	const seen = new Map<string, { appointment: Appointment; count: number }>();
	for (const appointment of past) {
		const key = `${appointment.StaffId}/${appointment.SessionTypeId}/${appointment.LocationId}`;
		const entry = seen.get(key);
		if (entry) entry.count += 1;
		else seen.set(key, { appointment, count: 1 });
	}
	const templates = [...seen.values()].map(({ appointment, count }) => {
		const start = nextSameSlot(Date.parse(appointment.StartDateTime), call.now);
		return {
			ConsumerReference: { Id: ConsumerId },
			StaffReference: { Id: appointment.StaffId },
			AppointmentTypeReference: { Id: appointment.SessionTypeId },
			LocationReference: { Id: appointment.LocationId },
			DurationMinutes: appointment.DurationMinutes,
			Notes: appointment.Notes,
			LastBookedDateTime: appointment.StartDateTime,
			TimesBooked: count,
			Range: { Start: isoAt(start), End: isoAt(start + appointment.DurationMinutes * MINUTE) },
		};
	});
	return typed(call, templates, false);
}

export const appointmentHandlers: HandlerTable = {
	'GET /Business/Schedules/Appointments': getMany,
	'POST /Business/Schedules/Appointments/Modify': modify,
	'POST /Business/Schedules/Appointments/Complete': complete,
	'POST /Business/Scheduling/Appointments/BookingTemplates': bookingTemplatesOf,
};
