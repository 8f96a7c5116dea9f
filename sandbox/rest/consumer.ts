import { dateOf, inclusiveEnd, startOfDay } from '../data/dates';
import type { Client } from '../data/types';
import { daysBetween } from './booking';
import { json, text, type HandlerTable, type RestCall } from './call';
import { appointmentTypeView, byId, isConsumerType, smallLocationView, staffView } from './views';

const findClient = (call: RestCall, id: string) =>
	call.site.clients.find((client) => client.ClientId === id || String(client.Id) === id);

/**
 * Whom a consumer operation acts for: the consumer of a consumer token, else the client named
 * by userId (how staff act for a consumer). A string names the problem.
 */
export function consumerOf(call: RestCall): Client | string {
	if (call.user?.Type === 'Consumer') return byId(call.site.clients, call.user.UserId) ?? 'Unknown consumer.';
	const userId = call.params.str('userId');
	if (!userId) return 'A consumer is needed: send a consumer user token, or userId with a staff token.';
	return findClient(call, userId) ?? `User ${userId} was not found.`;
}

function appointmentTypes(call: RestCall) {
	const id = call.params.int('id');
	const types = call.site.appointmentTypes.filter((t) => isConsumerType(t) && (id === undefined || t.Id === id));
	return json(types.map(appointmentTypeView));
}

const locations = (call: RestCall) =>
	json(call.site.locations.filter((l) => l.Active && l.CanBookAppointments).map(smallLocationView));

/** The staff member and the consumer types they offer (at the location, when one is named). */
function staffAppointmentTypes(call: RestCall) {
	const staffId = call.params.int('staffId')!;
	const staff = byId(call.site.staff, staffId);
	if (!staff) return text(400, `Staff member ${staffId} was not found.`);
	const locationId = call.params.int('locationId');
	if (locationId !== undefined && !byId(call.site.locations, locationId)) {
		return text(400, `Location ${locationId} was not found.`);
	}
	const typeId = call.params.int('appointmentTypeId');
	const worksThere = locationId === undefined || staff.LocationIds.includes(locationId);
	const types = call.site.appointmentTypes.filter(
		(t) =>
			worksThere &&
			staff.AppointmentTypeIds.includes(t.Id) &&
			isConsumerType(t) &&
			(typeId === undefined || t.Id === typeId),
	);
	return json({
		Staff: staffView(staff),
		LocationId: locationId ?? null,
		AppointmentTypes: types.map(appointmentTypeView),
	});
}

/** The custodian's options, or a dependent's: a consumer may name only their own dependents. */
function payerOf(call: RestCall): Client | string {
	const dependentId = call.params.str('request.dependentId');
	if (!dependentId) return consumerOf(call);
	const dependent = findClient(call, dependentId);
	if (!dependent || dependent.CustodianId === null) return `Dependent ${dependentId} was not found.`;
	if (call.user?.Type === 'Consumer' && dependent.CustodianId !== call.user.UserId) {
		return `Dependent ${dependentId} is not a dependent of this consumer.`;
	}
	return dependent;
}

/**
 * The pricing options that can pay an appointment type at the location. Every day of
 * [request.start, request.end] must be payable by one of them, else 400 "Invalid data".
 */
function servicePaymentOptions(call: RestCall) {
	const { params, site } = call;
	const locationText = params.str('locationId')!;
	if (!/^\d+$/.test(locationText)) return text(400, `locationId must be a location id, not '${locationText}'.`);
	if (params.pathSegment('LocationId') !== locationText) {
		return text(400, 'The location in the path and the locationId parameter differ.');
	}
	const locationId = params.int('request.locationId') ?? Number(locationText);
	if (!byId(site.locations, locationId)) return text(400, `Location ${locationId} was not found.`);
	const typeId = params.int('request.appointmentTypeId');
	const type = byId(site.appointmentTypes, typeId);
	if (typeId !== undefined && !type) return text(400, `Appointment type ${typeId} was not found.`);
	const payer = payerOf(call);
	if (typeof payer === 'string') return text(400, payer);
	const start = params.time('request.start') ?? startOfDay(call.now);
	const end = inclusiveEnd(params.time('request.end') ?? start);
	if (end < start) return text(400, 'request.end lies before request.start.');
	const options = site.clientServices.filter(
		(s) =>
			s.ClientId === payer.Id &&
			s.Remaining > 0 &&
			s.LocationIds.includes(locationId) &&
			(!type || s.ProgramId === type.ProgramId),
	);
	const unpaid = daysBetween(start, end).find(
		(day) => !options.some((s) => s.ActiveDate <= day && day <= s.ExpirationDate),
	);
	if (options.length && unpaid) return text(400, 'Invalid data');
	return json(
		options.map((s) => ({
			...s,
			LocationIds: [...s.LocationIds],
			Current: s.ActiveDate <= dateOf(call.now),
		})),
	);
}

export const consumerHandlers: HandlerTable = {
	'GET /Consumer/Schedules/Appointments/AppointmentTypes': appointmentTypes,
	'GET /Consumer/Schedules/Appointments/AppointmentTypes/{id}': appointmentTypes,
	'GET /Consumer/Schedules/Appointments/Locations': locations,
	'GET /Consumer/Users/Location/{locationId}/Staff/StaffAvailableAppointmentTypes': staffAppointmentTypes,
	'GET /Consumer/Users/Staff/StaffAvailableAppointmentTypes': staffAppointmentTypes,
	'GET /Consumer/Sales/User/Location/{LocationId}/ServicePaymentOptions': servicePaymentOptions,
};
