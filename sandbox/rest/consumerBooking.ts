import { takeId } from '../data/generate';
import { isoAt, overlaps } from '../data/dates';
import type { Appointment, AppointmentRequest, Client } from '../data/types';
import { addOnTypeProblem, createAddOn } from './addOns';
import { requestView } from './appointmentRequests';
import { applyPayment, conflictsOf, createAppointment, currentSeries, resolveSlot, type Slot } from './booking';
import type { BodyModel } from './bodyModels';
import { json, text, typed, type HandlerTable, type RestCall } from './call';
import { consumerOf } from './consumer';
import { emailClient } from './events';
import { recordCardSale } from './cardSale';
import { addOnView, appointmentView, byId, isConsumerType } from './views';

type BookingItem = BodyModel<'bookingRequestItems'>[number];
type BookingError = { Index: number; Message: string };

/** Why a requested slot cannot be booked online, if it cannot. */
function slotProblem(call: RestCall, slot: Slot | string, earlier: Slot[]): string | undefined {
	if (typeof slot === 'string') return slot;
	if (!isConsumerType(slot.type)) return `Appointment type ${slot.type.Id} cannot be booked online.`;
	if (slot.start < call.now) return 'The appointment lies in the past.';
	const conflict = conflictsOf(call.site, slot)[0];
	if (conflict) return conflict.Message;
	const clash = earlier.some((s) => s.staff.Id === slot.staff.Id && overlaps(s.start, s.end, slot.start, slot.end));
	return clash ? 'The appointment overlaps another one of this request.' : undefined;
}

/** Checks every requested appointment; consumers book only free time within availability. */
function planSlots(call: RestCall, locationId: number, items: BookingItem[]) {
	const Errors: BookingError[] = [];
	const slots: Slot[] = [];
	items.forEach((item, Index) => {
		const slot = resolveSlot(call.site, {
			staffId: item.StaffReference.Id,
			typeId: item.AppointmentTypeReference.Id,
			locationId,
			start: item.Range.Start,
			end: item.Range.End,
		});
		const problem = slotProblem(call, slot, slots);
		if (problem) Errors.push({ Index, Message: problem });
		else slots.push(slot as Slot);
	});
	return { slots, Errors };
}

/** The consumer and location of a booking call; a response when either is unusable. */
function bookingParties(call: RestCall) {
	const consumer = consumerOf(call);
	if (typeof consumer === 'string') return text(400, consumer);
	const locationId = call.params.int('locationId')!;
	const location = byId(call.site.locations, locationId);
	if (!location || !location.CanBookAppointments)
		return text(400, `Location ${locationId} does not take appointments.`);
	return { consumer, locationId };
}

/** A single appointment that costs something is paid at once: from a series, else by card. */
function payIfSingle(call: RestCall, booked: Appointment[], consumer: Client) {
	if (booked.length !== 1) return;
	const [appointment] = booked;
	const type = byId(call.site.appointmentTypes, appointment.SessionTypeId)!;
	if (type.Price <= 0) return;
	const series = currentSeries(call.site, appointment);
	const cardToken = call.params.str('creditCardTokenId');
	if (series) applyPayment(appointment, series);
	else if (cardToken) recordCardSale(call, consumer, appointment, type, cardToken);
}

function bookNow(call: RestCall, consumer: Client, slots: Slot[], items: BookingItem[]): Appointment[] {
	const booked = slots.map((slot, index) => createAppointment(call, slot, consumer, { Notes: items[index].Notes }));
	payIfSingle(call, booked, consumer);
	emailClient(call, consumer.Id, 'booking.confirmation', 'Your booking is confirmed', {
		appointmentIds: booked.map((a) => a.Id),
	});
	return booked;
}

/** Appointment requests for the slots, when the business does not book online. */
function requestAppointments(
	call: RestCall,
	consumer: Client,
	slots: Slot[],
	items: BookingItem[],
): AppointmentRequest[] {
	const requests = slots.map(
		(slot, index): AppointmentRequest => ({
			Id: takeId(call.site, 'appointmentRequests'),
			Type: 'Booking',
			Status: 'Pending',
			ClientId: consumer.Id,
			StaffId: slot.staff.Id,
			AppointmentTypeId: slot.type.Id,
			LocationId: slot.location.Id,
			StartDateTime: isoAt(slot.start),
			EndDateTime: isoAt(slot.end),
			AppointmentId: null,
			Notes: items[index].Notes ?? '',
			CreatedDateTime: isoAt(call.now),
			DecidedDateTime: null,
		}),
	);
	call.site.appointmentRequests.push(...requests);
	emailClient(call, consumer.Id, 'appointmentRequest.received', 'We received your request', {
		appointmentRequestIds: requests.map((r) => r.Id),
	});
	return requests;
}

const bookingResult = (
	Status: 'Booked' | 'Requested' | 'Failed',
	Appointments: unknown[],
	AppointmentRequests: unknown[],
	Errors: BookingError[] = [],
) => ({ Status, Appointments, AppointmentRequests, Errors });

/** Books when the business allows online booking, otherwise makes appointment requests. */
function book(call: RestCall) {
	const parties = bookingParties(call);
	if ('status' in parties) return parties;
	const items = call.body as BookingItem[];
	const { slots, Errors } = planSlots(call, parties.locationId, items);
	if (Errors.length) return typed(call, bookingResult('Failed', [], [], Errors), true);
	if (call.site.settings.AllowOnlineBooking) {
		const booked = bookNow(call, parties.consumer, slots, items);
		const views = booked.map((a) => appointmentView(call.site, a));
		return typed(call, bookingResult('Booked', views, []), false);
	}
	const requests = requestAppointments(call, parties.consumer, slots, items);
	const views = requests.map((r) => requestView(call.site, r));
	return typed(call, bookingResult('Requested', [], views), false);
}

type AddOnRequest = NonNullable<BodyModel<'appointmentsWithAddOns'>['AddOns']>[number];

/** Appointments and add-ons in one go; an add-on joins Appointments[AppointmentIndex ?? 0]. */
function bookWithAddOns(call: RestCall) {
	const parties = bookingParties(call);
	if ('status' in parties) return parties;
	const body = call.body as BodyModel<'appointmentsWithAddOns'>;
	const failed = (Errors: BookingError[]) => json({ Appointments: [], AddOns: [], Errors }, 400);
	if (!call.site.settings.AllowOnlineBooking) {
		return failed([
			{
				Index: -1,
				Message: 'Online booking is off: book without add-ons to request appointments.',
			},
		]);
	}
	const { slots, Errors } = planSlots(call, parties.locationId, body.Appointments);
	const addOns: AddOnRequest[] = body.AddOns ?? [];
	addOns.forEach((addOn, Index) => {
		const slot = slots[addOn.AppointmentIndex ?? 0];
		const problem = slot
			? addOnTypeProblem(call.site, addOn.AppointmentTypeReference?.Id, addOn.StaffReference?.Id ?? slot.staff.Id)
			: `Appointment ${addOn.AppointmentIndex ?? 0} of the request cannot take add-ons.`;
		if (problem) Errors.push({ Index, Message: `AddOns[${Index}]: ${problem}` });
	});
	if (Errors.length) return failed(Errors);
	const booked = bookNow(call, parties.consumer, slots, body.Appointments);
	const created = addOns.map((addOn) => {
		const parent = booked[addOn.AppointmentIndex ?? 0];
		return createAddOn(call, parent, addOn.AppointmentTypeReference!.Id, addOn.StaffReference?.Id ?? parent.StaffId);
	});
	return json({
		Appointments: booked.map((a) => appointmentView(call.site, a)),
		AddOns: created.map(addOnView),
		Errors: [],
	});
}

export const consumerBookingHandlers: HandlerTable = {
	'POST /Consumer/Schedules/Location/{locationId}/Appointments': book,
	'POST /Consumer/Schedules/Location/{locationId}/Appointments-Addons': bookWithAddOns,
};
