import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on appointments and staff availability. */
export const appointmentsV6Handlers: HandlerTable = {
	'appointment.getActiveSessionTimes': fixtureAnswer, // GET /appointment/activesessiontimes
	'appointmentAddOn.getAvailable': fixtureAnswer, // GET /appointment/addons
	'appointment.getSettings': fixtureAnswer, // GET /appointment/appointmentoptions
	'appointment.getAvailableDates': fixtureAnswer, // GET /appointment/availabledates
	'appointment.getBookableTimes': fixtureAnswer, // GET /appointment/bookableitems
	'appointment.getScheduleItems': fixtureAnswer, // GET /appointment/scheduleitems
	'appointment.search': fixtureAnswer, // GET /appointment/staffappointments
	'availability.getUnavailabilities': fixtureAnswer, // GET /appointment/unavailabilities
	'appointment.book': fixtureAnswer, // POST /appointment/addappointment
	'appointmentAddOn.book': fixtureAnswer, // POST /appointment/addappointmentaddon
	'appointment.bookMultiple': fixtureAnswer, // POST /appointment/addmultipleappointments
	'availability.update': fixtureAnswer, // PUT /appointment/availabilities
	'availability.addForStaff': fixtureAnswer, // POST /appointment/availabilities
	'appointment.update': fixtureAnswer, // POST /appointment/updateappointment
	'appointment.removeFromWaitlist': fixtureAnswer, // DELETE /appointment/appointmentfromwaitlist
	'availability.delete': fixtureAnswer, // DELETE /appointment/availability
	'appointmentAddOn.remove': fixtureAnswer, // DELETE /appointment/deleteappointmentaddon
};
