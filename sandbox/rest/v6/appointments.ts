import type { HandlerTable } from '../call';
import { appointmentAvailabilityHandlers as availability } from './appointmentAvailability';
import { appointmentBookingHandlers as booking } from './appointmentBooking';
import { appointmentReadHandlers as reads } from './appointmentReads';

/** The v6 operations on appointments and staff availability. */
export const appointmentsV6Handlers: HandlerTable = {
	'appointment.getActiveSessionTimes': reads['appointment.getActiveSessionTimes'], // GET /appointment/activesessiontimes
	'appointmentAddOn.getAvailable': reads['appointmentAddOn.getAvailable'], // GET /appointment/addons
	'appointment.getSettings': reads['appointment.getSettings'], // GET /appointment/appointmentoptions
	'appointment.getAvailableDates': reads['appointment.getAvailableDates'], // GET /appointment/availabledates
	'appointment.getBookableTimes': reads['appointment.getBookableTimes'], // GET /appointment/bookableitems
	'appointment.getScheduleItems': reads['appointment.getScheduleItems'], // GET /appointment/scheduleitems
	'appointment.search': reads['appointment.search'], // GET /appointment/staffappointments
	'availability.getUnavailabilities': availability['availability.getUnavailabilities'], // GET /appointment/unavailabilities
	'appointment.book': booking['appointment.book'], // POST /appointment/addappointment
	'appointmentAddOn.book': booking['appointmentAddOn.book'], // POST /appointment/addappointmentaddon
	'appointment.bookMultiple': booking['appointment.bookMultiple'], // POST /appointment/addmultipleappointments
	'availability.update': availability['availability.update'], // PUT /appointment/availabilities
	'availability.addForStaff': availability['availability.addForStaff'], // POST /appointment/availabilities
	'appointment.update': booking['appointment.update'], // POST /appointment/updateappointment
	'appointment.removeFromWaitlist': booking['appointment.removeFromWaitlist'], // DELETE /appointment/appointmentfromwaitlist
	'availability.delete': availability['availability.delete'], // DELETE /appointment/availability
	'appointmentAddOn.remove': booking['appointmentAddOn.remove'], // DELETE /appointment/deleteappointmentaddon
};
