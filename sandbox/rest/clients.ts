import { dateOf, parseWhen } from '../data/dates';
import type { Appointment } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';
import { byId, clientView } from './views';

/** Clients with a service (a booked, completed or no-show appointment) on the date. */
function directory(call: RestCall) {
	const raw = call.params.str('date');
	const when = raw === undefined ? call.now : parseWhen(raw);
	if (Number.isNaN(when)) return text(400, `The date '${raw}' is not a valid date.`);
	const day = dateOf(when);
	const byClient = new Map<number, Appointment[]>();
	for (const appointment of call.site.appointments) {
		if (appointment.Status === 'Cancelled' || appointment.StartDateTime.slice(0, 10) !== day) continue;
		byClient.set(appointment.ClientId, [...(byClient.get(appointment.ClientId) ?? []), appointment]);
	}
	if (!byClient.size) return text(404, `No clients have services on ${day}.`);
	const entries = [...byClient].map(([clientId, appointments]) => ({
		...clientView(byId(call.site.clients, clientId)!),
		Services: appointments.map((appointment) => {
			const staff = byId(call.site.staff, appointment.StaffId);
			return {
				Type: 'Appointment',
				Id: appointment.Id,
				Name: byId(call.site.appointmentTypes, appointment.SessionTypeId)?.Name ?? '',
				StartDateTime: appointment.StartDateTime,
				EndDateTime: appointment.EndDateTime,
				Status: appointment.Status,
				StaffId: appointment.StaffId,
				StaffName: staff ? `${staff.FirstName} ${staff.LastName}` : '',
			};
		}),
	}));
	return json(entries.sort((a, b) => a.LastName.localeCompare(b.LastName) || a.Id - b.Id));
}

export const clientHandlers: HandlerTable = { 'GET /Clients/Directory': directory };
