import { isoAt } from '../data/dates';
import type { AppointmentRequest, SiteData } from '../data/types';
import { cancelAppointment, createAppointment, resolveSlot, type Slot } from './booking';
import type { BodyModel } from './bodyModels';
import { json, text, typed, type HandlerTable, type RestCall } from './call';
import { emailClient, emitBookingCancelled } from './events';
import { byId } from './views';

type ApproveItem = BodyModel<'approveItems'>[number];
type RequestError = { AppointmentRequestId: number; Message: string };

export function requestView(site: SiteData, request: AppointmentRequest) {
	const client = byId(site.clients, request.ClientId);
	const staff = byId(site.staff, request.StaffId);
	return {
		...request,
		Client: client && { Id: client.Id, FirstName: client.FirstName, LastName: client.LastName },
		Staff: staff && { Id: staff.Id, DisplayName: staff.DisplayName },
		AppointmentTypeName: byId(site.appointmentTypes, request.AppointmentTypeId)?.Name ?? '',
	};
}

/** The pending requests named; every id that is unknown, decided or repeated gets an error. */
function pendingRequests(call: RestCall, ids: number[]) {
	const Errors: RequestError[] = [];
	const found = ids.flatMap((id, index) => {
		const request = byId(call.site.appointmentRequests, id);
		const problem = !request
			? `Appointment request ${id} was not found.`
			: request.Status !== 'Pending'
				? `Appointment request ${id} is not pending (it is ${request.Status}).`
				: ids.indexOf(id) !== index
					? `Appointment request ${id} is listed more than once.`
					: undefined;
		if (problem) Errors.push({ AppointmentRequestId: id, Message: problem });
		return problem ? [] : [request!];
	});
	return { found, Errors };
}

const result = (request: AppointmentRequest) => ({
	AppointmentRequestId: request.Id,
	Type: request.Type,
	Status: request.Status,
	AppointmentId: request.AppointmentId,
});

function decide(call: RestCall, request: AppointmentRequest, status: 'Approved' | 'Denied') {
	request.Status = status;
	request.DecidedDateTime = isoAt(call.now);
}

/** A booking request's slot, with the overrides the approving staff member sent. */
function approvalSlot(call: RestCall, request: AppointmentRequest, item: ApproveItem): Slot | string {
	if (item.ConsumerReference && item.ConsumerReference.Id !== request.ClientId) {
		return `ConsumerReference ${item.ConsumerReference.Id} is not the consumer of the request.`;
	}
	const unknownResource = item.ResourceReferences?.find((ref) => !byId(call.site.resources, ref.Id));
	if (unknownResource) return `Resource ${unknownResource.Id} was not found.`;
	if (item.AvailabilityReference && !byId(call.site.availabilities, item.AvailabilityReference.Id)) {
		return `Availability ${item.AvailabilityReference.Id} was not found.`;
	}
	return resolveSlot(call.site, {
		staffId: item.StaffReference?.Id ?? request.StaffId,
		typeId: item.AppointmentTypeReference?.Id ?? request.AppointmentTypeId,
		locationId: item.LocationReference?.Id ?? request.LocationId,
		start: item.Range?.Start ?? request.StartDateTime,
		end: item.Range?.End ?? (item.Range ? undefined : request.EndDateTime),
	});
}

const NOTICES = {
	approved: ['appointmentRequest.approved', 'Your appointment is confirmed'],
	cancellationApproved: ['appointmentRequest.cancellationApproved', 'Your appointment is cancelled'],
	denied: ['appointmentRequest.denied', 'Your appointment request was declined'],
} as const;

type Channel = 'email' | 'sms';

/** Tells the request's consumer about a decision, by e-mail or SMS. */
function notify(
	call: RestCall,
	request: AppointmentRequest,
	notice: keyof typeof NOTICES,
	channel: Channel = 'email',
	detail: Record<string, unknown> = {},
): void {
	const [kind, subject] = NOTICES[notice];
	const about = { appointmentRequestId: request.Id, ...detail };
	emailClient(call, request.ClientId, kind, subject, about, channel);
}

function approveOne(call: RestCall, request: AppointmentRequest, item: ApproveItem, slot?: Slot) {
	decide(call, request, 'Approved');
	const appointment = byId(call.site.appointments, request.AppointmentId ?? undefined);
	if (request.Type === 'Cancellation' && appointment) {
		cancelAppointment(call, appointment);
		notify(call, request, 'cancellationApproved', 'email', { appointmentId: appointment.Id });
		return;
	}
	const client = byId(call.site.clients, request.ClientId)!;
	const ResourceIds = item.ResourceReferences?.map((ref) => ref.Id);
	const booked = createAppointment(call, slot!, client, { Notes: request.Notes, ResourceIds });
	request.AppointmentId = booked.Id;
	notify(call, request, 'approved', 'email', {
		appointmentId: booked.Id,
		startDateTime: booked.StartDateTime,
	});
}

/** All or nothing: any bad item answers 400 with the errors and changes nothing. */
function approve(call: RestCall) {
	const items = call.body as ApproveItem[];
	const ids = items.map((item) => item.AppointmentRequestReference.Id);
	const { found, Errors } = pendingRequests(call, ids);
	const plans = found.map((request) => {
		const item = items.find((i) => i.AppointmentRequestReference.Id === request.Id)!;
		const slot = request.Type === 'Booking' ? approvalSlot(call, request, item) : undefined;
		if (typeof slot === 'string') Errors.push({ AppointmentRequestId: request.Id, Message: slot });
		return { request, item, slot: typeof slot === 'string' ? undefined : slot };
	});
	if (Errors.length) return typed(call, { Results: [], Errors }, true);
	plans.forEach(({ request, item, slot }) => approveOne(call, request, item, slot));
	return typed(call, { Results: plans.map(({ request }) => result(request)), Errors }, false);
}

/**
 * Denies pending requests, all or nothing, notifying on the channels given. Denying a
 * cancellation request sends appointmentBooking.cancelled (REST spec, Events rule 5); the
 * appointment itself stays booked.
 */
function denyRequests(call: RestCall, ids: number[], channels: Channel[], extra = {}) {
	const { found, Errors } = pendingRequests(call, ids);
	if (Errors.length) return typed(call, { Results: [], Errors, ...extra }, true);
	for (const request of found) {
		decide(call, request, 'Denied');
		channels.forEach((channel) => notify(call, request, 'denied', channel));
		if (request.Type === 'Cancellation' && request.AppointmentId !== null) {
			emitBookingCancelled(call, request.AppointmentId);
		}
	}
	return typed(call, { Results: found.map(result), Errors, ...extra }, false);
}

const deny = (call: RestCall) => denyRequests(call, call.body as number[], ['email']);

/** The preferences the sandbox knows; the spec lists none, so any other is echoed and sends nothing. */
const CHANNELS: Record<string, Channel[]> = {
	email: ['email'],
	sms: ['sms'],
	emailandsms: ['email', 'sms'],
	none: [],
};

function denyMany(call: RestCall) {
	const { AppointmentRequestIds, NotificationPreference } = call.body as BodyModel<'denyMultiple'>;
	const channels = CHANNELS[(NotificationPreference ?? 'Email').toLowerCase()] ?? [];
	return denyRequests(call, AppointmentRequestIds, channels, { NotificationPreference });
}

function get(call: RestCall) {
	const id = call.params.int('id')!;
	const request = byId(call.site.appointmentRequests, id);
	return request ? json(requestView(call.site, request)) : text(404, `Appointment request ${id} was not found.`);
}

export const appointmentRequestHandlers: HandlerTable = {
	'GET /Business/Schedules/AppointmentRequests/{id}': get,
	'POST /Business/Schedules/AppointmentRequests/Approve': approve,
	'POST /Business/Schedules/AppointmentRequests/Deny': deny,
	'POST /Business/Schedules/AppointmentRequests/deny-multiple': denyMany,
};
