import type { AppointmentWaitlistEntry } from '../../data/classRecords';
import { takeId } from '../../data/generate';
import { MINUTE, isoAt, overlaps, parseWhen } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import { localInput, readLocal } from '../../data/zones';
import type { Appointment, AppointmentRequest, Client } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { addOnTypeProblem, createAddOn } from '../addOns';
import { applyPayment, conflictsOf, currentSeries, resolveSlot, undoPayment, type Slot } from '../booking';
import { noContent, type RestCall } from '../call';
import { emailClient, emitAddOnDeleted, emitBooking, emitBookingCancelled } from '../events';
import { byId } from '../views';
import {
	appointmentV6,
	detailsOf,
	requestedAppointmentV6,
	touchAppointment,
	waitlistAppointmentV6,
} from './appointmentViews';
import { PERMISSION_MESSAGES, bodyOf, findClient, isTest, requireStaff, staffMay } from './classAccess';

/**
 * Booking appointments through v6 (rules 4, 5, 14), on site.appointments: the listed operations
 * (GET /Business/Schedules/Appointments …) see them. appointmentBooking.created / .updated /
 * .cancelled go out as webhooks.md states. Changing an appointment needs a staff token with the
 * ModifyAppointments permission. AddAppointment also takes a consumer token (for its own client)
 * and, with IsRequest, no token at all, as the document's IsRequest describes.
 */

type Request = Record<string, unknown>;
type Failure = { Code: string; Message: string };

/** What one AddAppointmentRequest will do, checked; nothing is changed yet. */
type Plan =
	| { kind: 'book'; client: Client; slot: Slot; request: Request }
	| { kind: 'waitlist'; client: Client; slot: Slot; request: Request }
	| { kind: 'request'; client: Client; slot: Slot; request: Request };

const GENDERS = ['None', 'Female', 'Male'] as const;

const genderOf = (value: unknown) => GENDERS.find((g) => g.toLowerCase() === String(value ?? 'None').toLowerCase());

function slotProblem(message: string): Failure {
	const code =
		message.startsWith('Staff member') && message.endsWith('not found.')
			? 'StaffNotFound'
			: message.startsWith('Appointment type')
				? 'SessionTypeNotFound'
				: message.startsWith('Location')
					? 'LocationNotFound'
					: 'InvalidAppointment';
	return { Code: code, Message: message };
}

/**
 * The end a request asks for: EndDateTime, else StartDateTime plus Duration, else the type's
 * length. An appointment's times are the business's local time (the document says so for the
 * appointments a checkout books); text with an offset is taken as that instant.
 */
function endOf(zone: string, request: Request): string | undefined {
	if (typeof request.EndDateTime === 'string') return localInput(zone, request.EndDateTime);
	if (typeof request.Duration === 'number' && typeof request.StartDateTime === 'string') {
		const start = readLocal(zone, request.StartDateTime);
		return Number.isNaN(start) ? undefined : isoAt(start + request.Duration * MINUTE);
	}
	return undefined;
}

/**
 * Whether a request is booked or made an appointment request (the document's IsRequest). IsRequest
 * makes a request only for a call without a token, a consumer's, or staff without
 * BookAppointmentsForAllStaff booking another staff member; staff with it, or booking themselves,
 * book. Without IsRequest a consumer books only their own client, and staff lacking the permission
 * only themselves.
 */
function bookingKind(call: RestCall, request: Request, client: Client, staffId: number): 'book' | 'request' | Failure {
	const wanted = request.IsRequest === true;
	const { user } = call;
	if (!user) return 'request';
	if (user.Type === 'Consumer') {
		if (wanted) return 'request';
		return user.UserId === client.Id
			? 'book'
			: { Code: 'PermissionDenied', Message: 'A consumer user token acts only for its own client.' };
	}
	if (staffId === user.UserId || staffMay(call, 'BookAppointmentsForAllStaff')) return 'book';
	return wanted ? 'request' : { Code: 'PermissionDenied', Message: PERMISSION_MESSAGES.BookAppointmentsForAllStaff };
}

/** Checks one request against the site and the appointments planned before it in the same call. */
function plan(call: RestCall, request: Request, planned: Plan[]): Plan | Failure {
	const { site } = call;
	// The document: IsRequest needs the site's "clients may book appointments" option off (AllowOnlineBooking here).
	if (request.IsRequest === true && site.settings.AllowOnlineBooking) {
		return {
			Code: 'InvalidParameter',
			Message:
				'IsRequest cannot be true while the site lets clients book appointments online (AllowOnlineBooking); book without IsRequest.',
		};
	}
	const client = findClient(call, request.ClientId);
	if (!client) return { Code: 'ClientNotFound', Message: `Client ${String(request.ClientId)} was not found.` };
	const slot = resolveSlot(site, {
		staffId: request.StaffId as number,
		typeId: request.SessionTypeId as number,
		locationId: request.LocationId as number,
		start: localInput(site.settings.TimeZone, request.StartDateTime),
		end: endOf(site.settings.TimeZone, request),
	});
	if (typeof slot === 'string') return slotProblem(slot);
	if (slot.type.IsAddOn) return { Code: 'SessionTypeNotFound', Message: `Session type ${slot.type.Id} is an add-on.` };
	if (!genderOf(request.GenderPreference)) {
		return { Code: 'InvalidParameter', Message: 'GenderPreference must be None, Female or Male.' };
	}
	const resources = (request.ResourceIds ?? []) as number[];
	const unknown = resources.find((id) => !byId(site.resources, id));
	if (unknown !== undefined) return { Code: 'InvalidParameter', Message: `Resource ${unknown} was not found.` };
	const kind = bookingKind(call, request, client, slot.staff.Id);
	if (typeof kind !== 'string') return kind;
	// A request is reviewed later, whatever IsWaitlist says (the document's IsRequest).
	if (kind === 'request') return { kind: 'request', client, slot, request };
	// A waiting list entry keeps the preferred time even when it is taken (rule 4).
	if (request.IsWaitlist === true) return { kind: 'waitlist', client, slot, request };
	const conflict = conflictsOf(site, slot).find(
		(c) => c.Type !== 'StaffAppointment' || !slot.staff.AlwaysAllowDoubleBooking,
	);
	if (conflict) return { Code: 'AppointmentConflict', Message: conflict.Message };
	const clash = planned.find(
		(p) =>
			p.kind === 'book' &&
			p.slot.staff.Id === slot.staff.Id &&
			overlaps(p.slot.start, p.slot.end, slot.start, slot.end) &&
			!slot.staff.AlwaysAllowDoubleBooking,
	);
	if (clash)
		return { Code: 'AppointmentConflict', Message: 'Another appointment of this request has the staff member then.' };
	return { kind: 'book', client, slot, request };
}

const isFailure = (value: Plan | Failure): value is Failure => 'Code' in value;

/** A plan's answer without changing anything (Test true). */
function preview(call: RestCall, p: Plan) {
	const appointment = appointmentOf(call, p, null);
	return p.kind === 'book'
		? { ...appointmentV6(call, appointment), Id: null }
		: {
				...appointmentV6(call, appointment),
				Id: null,
				Status: p.kind === 'request' ? 'Requested' : 'None',
				IsWaitlist: p.kind === 'waitlist',
			};
}

function appointmentOf(call: RestCall, p: Plan, id: number | null): Appointment {
	const { slot, request, client } = p;
	return {
		Id: id ?? 0,
		Status: 'Booked',
		StartDateTime: isoAt(slot.start),
		EndDateTime: isoAt(slot.end),
		DurationMinutes: Math.round((slot.end - slot.start) / MINUTE),
		ClientId: client.Id,
		StaffId: slot.staff.Id,
		LocationId: slot.location.Id,
		SessionTypeId: slot.type.Id,
		Notes: typeof request.Notes === 'string' ? request.Notes : '',
		ResourceIds: ((request.ResourceIds ?? []) as number[]).slice(),
		GenderPreference: genderOf(request.GenderPreference)!,
		IsConfirmed: true,
		HasArrived: false,
		ClientServiceId: null,
		PaymentApplied: false,
		RecurrenceId: null,
		CreatedDateTime: isoAt(call.now),
	};
}

/** Carries out a checked plan: books, puts on the waiting list, or makes an appointment request. */
function carryOut(call: RestCall, p: Plan) {
	const { site } = call;
	const { request, client, slot } = p;
	const detail = { startDateTime: isoAt(slot.start), staffId: slot.staff.Id };
	if (p.kind === 'waitlist') {
		const entry: AppointmentWaitlistEntry = {
			Id: takeRecordId(site.classRecords, 'appointmentWaitlist', 70000),
			ClientId: client.Id,
			StaffId: slot.staff.Id,
			LocationId: slot.location.Id,
			SessionTypeId: slot.type.Id,
			StartDateTime: isoAt(slot.start),
			EndDateTime: isoAt(slot.end),
			Notes: typeof request.Notes === 'string' ? request.Notes : '',
			RequestDateTime: isoAt(call.now),
			Removed: false,
		};
		site.classRecords.appointmentWaitlist.push(entry);
		if (request.SendEmail === true)
			emailClient(call, client.Id, 'appointment.waitlisted', 'You are on the waiting list', detail);
		return waitlistAppointmentV6(call, entry);
	}
	if (p.kind === 'request') {
		const made: AppointmentRequest = {
			Id: takeId(site, 'appointmentRequests'),
			Type: 'Booking',
			Status: 'Pending',
			ClientId: client.Id,
			StaffId: slot.staff.Id,
			AppointmentTypeId: slot.type.Id,
			LocationId: slot.location.Id,
			StartDateTime: isoAt(slot.start),
			EndDateTime: isoAt(slot.end),
			AppointmentId: null,
			Notes: typeof request.Notes === 'string' ? request.Notes : '',
			CreatedDateTime: isoAt(call.now),
			DecidedDateTime: null,
		};
		site.appointmentRequests.push(made);
		if (request.SendEmail === true)
			emailClient(call, client.Id, 'appointment.requested', 'Your appointment is requested', detail);
		return requestedAppointmentV6(call, made);
	}
	const appointment = appointmentOf(call, p, takeId(site, 'appointments'));
	site.appointments.push(appointment);
	if (request.ApplyPayment !== false) {
		const series = currentSeries(site, appointment);
		if (series) applyPayment(appointment, series);
	}
	touchAppointment(call, appointment, {
		StaffRequested: request.StaffRequested === true,
		ProviderId: typeof request.ProviderId === 'string' ? request.ProviderId : null,
		PartnerExternalId: typeof request.PartnerExternalId === 'string' ? request.PartnerExternalId : null,
	});
	emitBooking(call, 'created', appointment);
	if (request.SendEmail === true) {
		emailClient(call, client.Id, 'appointment.booked', 'Your appointment is booked', { ...detail, id: appointment.Id });
	}
	return appointmentV6(call, appointment);
}

const FAILURE_STATUS: Record<string, number> = { ClientNotFound: 404, PermissionDenied: 403 };

/**
 * POST /appointment/addappointment: one appointment, by staff, by a consumer for their own client,
 * or as an appointment request (IsRequest), which needs no token.
 */
function book(call: RestCall): SandboxResponse {
	const body = bodyOf(call);
	if (!call.user && body.IsRequest !== true) {
		return v6Error(
			401,
			'Unauthorized',
			'AddAppointment needs a user token (Authorization: Bearer <token>) unless IsRequest is true.',
		);
	}
	const planned = plan(call, body, []);
	if (isFailure(planned)) return v6Error(FAILURE_STATUS[planned.Code] ?? 400, planned.Code, planned.Message);
	if (isTest(call)) return v6Json({ Appointment: preview(call, planned) });
	return v6Json({ Appointment: carryOut(call, planned) });
}

/**
 * POST /appointment/addmultipleappointments (rule 4, deprecated for AddAppointment): all the
 * appointments are booked or none; one appointmentBooking.created each. A failed request answers
 * 400 with each outcome's error (those that were fine: NotBooked).
 */
function bookMultiple(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const requests = (bodyOf(call).AddAppointmentRequests ?? []) as Request[];
	if (!requests.length) return v6Error(400, 'MissingRequiredFields', 'AddAppointmentRequests is empty.');
	const plans: Array<Plan | Failure> = [];
	for (const request of requests)
		plans.push(
			plan(
				call,
				request,
				plans.filter((p): p is Plan => !isFailure(p)),
			),
		);
	if (plans.some(isFailure)) {
		return v6Json(
			{
				AddAppointmentOutcomes: plans.map((p, index) => ({
					Appointment: null,
					Error: isFailure(p)
						? p
						: { Code: 'NotBooked', Message: 'Not booked: another appointment of the request failed.' },
					Request: requests[index],
				})),
			},
			400,
		);
	}
	const test = requests.some((r) => r.Test === true);
	return v6Json({
		AddAppointmentOutcomes: (plans as Plan[]).map((p, index) => ({
			Appointment: test ? preview(call, p) : carryOut(call, p),
			Error: null,
			Request: requests[index],
		})),
	});
}

const EXECUTE: Record<string, Partial<Appointment> | 'cancel' | 'latecancel'> = {
	cancel: 'cancel',
	latecancel: 'latecancel',
	noshow: { Status: 'NoShow' },
	complete: { Status: 'Completed' },
	completed: { Status: 'Completed' },
	arrive: { HasArrived: true },
	arrived: { HasArrived: true },
	confirm: { IsConfirmed: true },
	confirmed: { IsConfirmed: true },
	unconfirm: { IsConfirmed: false },
	booked: { Status: 'Booked' },
};

/**
 * POST /appointment/updateappointment. ApplyPayment true on an appointment already paid answers
 * PaymentAlreadyApplied and changes nothing: no session is deducted again (rule 14, the states
 * table). Execute Cancel / LateCancel cancels it (appointmentBooking.cancelled; an early
 * cancellation gives the session back); other changes send appointmentBooking.updated.
 */
function update(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ModifyAppointments');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const appointment = byId(site.appointments, body.AppointmentId as number);
	if (!appointment) {
		return v6Error(404, 'AppointmentNotFound', `Appointment ${String(body.AppointmentId)} was not found.`);
	}
	if (appointment.Status === 'Cancelled') {
		return v6Error(400, 'AppointmentCancelled', `Appointment ${appointment.Id} is cancelled.`);
	}
	const executeName = typeof body.Execute === 'string' && body.Execute ? body.Execute.toLowerCase() : undefined;
	const execute = executeName === undefined ? undefined : EXECUTE[executeName];
	if (executeName !== undefined && execute === undefined) {
		return v6Error(400, 'InvalidParameter', `Execute ${String(body.Execute)} is not an action the sandbox knows.`);
	}
	if (body.ApplyPayment === true && appointment.PaymentApplied) {
		return v6Error(400, 'PaymentAlreadyApplied', `Payment has already been applied to appointment ${appointment.Id}.`);
	}
	const gender = body.GenderPreference === undefined ? appointment.GenderPreference : genderOf(body.GenderPreference);
	if (!gender) return v6Error(400, 'InvalidParameter', 'GenderPreference must be None, Female or Male.');
	const resources = (body.ResourceIds ?? appointment.ResourceIds) as number[];
	const unknown = resources.find((id) => !byId(site.resources, id));
	if (unknown !== undefined) return v6Error(400, 'InvalidParameter', `Resource ${unknown} was not found.`);
	const moves = ['StartDateTime', 'EndDateTime', 'StaffId', 'SessionTypeId'].some(
		(name) => body[name] !== undefined && body[name] !== null,
	);
	let slot: Slot | undefined;
	if (moves) {
		const zone = site.settings.TimeZone;
		const start = localInput(zone, body.StartDateTime) ?? appointment.StartDateTime;
		const keepLength = body.EndDateTime === undefined && body.SessionTypeId === undefined;
		const resolved = resolveSlot(site, {
			staffId: (body.StaffId as number | undefined) ?? appointment.StaffId,
			typeId: (body.SessionTypeId as number | undefined) ?? appointment.SessionTypeId,
			locationId: appointment.LocationId,
			start,
			end:
				localInput(zone, body.EndDateTime) ??
				(keepLength ? isoAt(parseWhen(start) + appointment.DurationMinutes * MINUTE) : undefined),
		});
		if (typeof resolved === 'string') {
			const problem = slotProblem(resolved);
			return v6Error(400, problem.Code, problem.Message);
		}
		const conflict = conflictsOf(site, resolved, appointment.Id).find(
			(c) => c.Type !== 'StaffAppointment' || !resolved.staff.AlwaysAllowDoubleBooking,
		);
		if (conflict) return v6Error(400, 'AppointmentConflict', conflict.Message);
		slot = resolved;
	}
	if (isTest(call)) return v6Json({ Appointment: appointmentV6(call, appointment) });

	if (slot) {
		appointment.StartDateTime = isoAt(slot.start);
		appointment.EndDateTime = isoAt(slot.end);
		appointment.DurationMinutes = Math.round((slot.end - slot.start) / MINUTE);
		appointment.StaffId = slot.staff.Id;
		appointment.SessionTypeId = slot.type.Id;
	}
	if (typeof body.Notes === 'string') appointment.Notes = body.Notes;
	appointment.GenderPreference = gender;
	appointment.ResourceIds = resources.slice();
	if (body.ApplyPayment === true) {
		const series = currentSeries(site, appointment);
		if (series) applyPayment(appointment, series);
	}
	const details = detailsOf(site, appointment);
	const change = {
		ProviderId: typeof body.ProviderId === 'string' ? body.ProviderId : details.ProviderId,
		PartnerExternalId: typeof body.PartnerExternalId === 'string' ? body.PartnerExternalId : details.PartnerExternalId,
	};
	if (execute === 'cancel' || execute === 'latecancel') {
		const late = execute === 'latecancel';
		const series = byId(site.clientServices, appointment.ClientServiceId ?? undefined);
		if (!late && series && appointment.PaymentApplied) undoPayment(appointment, series);
		appointment.Status = 'Cancelled';
		touchAppointment(call, appointment, { ...change, LateCancelled: late });
		emitBookingCancelled(call, appointment.Id);
	} else {
		if (execute) Object.assign(appointment, execute);
		touchAppointment(call, appointment, change);
		emitBooking(call, 'updated', appointment);
	}
	if (body.SendEmail === true) {
		emailClient(call, appointment.ClientId, 'appointment.changed', 'Your appointment changed', { id: appointment.Id });
	}
	return v6Json({ Appointment: appointmentV6(call, appointment) });
}

/** POST /appointment/addappointmentaddon (201): appointmentAddOn.created. */
function addAddOn(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	if (typeof body.AppointmentId !== 'number')
		return v6Error(400, 'MissingRequiredFields', 'AppointmentId is required.');
	const parent = byId(site.appointments, body.AppointmentId);
	if (!parent) return v6Error(404, 'AppointmentNotFound', `Appointment ${body.AppointmentId} was not found.`);
	if (parent.Status === 'Cancelled')
		return v6Error(400, 'AppointmentCancelled', `Appointment ${parent.Id} is cancelled.`);
	const staffId = (body.StaffId as number | undefined) ?? parent.StaffId;
	const problem = addOnTypeProblem(site, body.SessionTypeId as number | undefined, staffId);
	if (problem) return v6Error(400, 'InvalidAddOn', problem);
	if (isTest(call)) return v6Json({ AppointmentId: parent.Id, AddOnAppointmentId: null }, 201);
	const addOn = createAddOn(call, parent, body.SessionTypeId as number, staffId);
	touchAppointment(call, parent);
	return v6Json({ AppointmentId: parent.Id, AddOnAppointmentId: addOn.Id }, 201);
}

/** DELETE /appointment/deleteappointmentaddon?id=…: appointmentAddOn.deleted. */
function removeAddOn(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const id = call.params.int('id')!;
	const addOn = byId(call.site.addOns, id);
	if (!addOn) return v6Error(404, 'AddOnNotFound', `Add-on ${id} was not found.`);
	call.site.addOns = call.site.addOns.filter((a) => a !== addOn);
	emitAddOnDeleted(call, addOn);
	const parent = byId(call.site.appointments, addOn.AppointmentId);
	if (parent) touchAppointment(call, parent);
	return noContent(204);
}

/** DELETE /appointment/appointmentfromwaitlist: every entry must be on the list, else nothing changes. */
function removeFromWaitlist(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const ids = call.params.ints('request.waitlistEntryIds')!;
	const entries = ids.map((id) => call.site.classRecords.appointmentWaitlist.find((w) => w.Id === id && !w.Removed));
	const missing = ids.find((_, index) => !entries[index]);
	if (missing !== undefined)
		return v6Error(404, 'WaitlistEntryNotFound', `Waiting list entry ${missing} was not found.`);
	for (const entry of entries) entry!.Removed = true;
	return noContent(204);
}

export const appointmentBookingHandlers = {
	AddAppointment: book,
	AddMultipleAppointments: bookMultiple,
	UpdateAppointment: update,
	AddAppointmentAddOn: addAddOn,
	DeleteAppointmentAddOn: removeAddOn,
	AppointmentRemoveFromWaitlist: removeFromWaitlist,
};
