import { joinTables, type HandlerTable } from '../call';
import { appointmentAvailabilityHandlers } from './appointmentAvailability';
import { appointmentBookingHandlers } from './appointmentBooking';
import { appointmentReadHandlers } from './appointmentReads';

/** The v6 operations on appointments and staff availability. */
export const appointmentsV6Handlers: HandlerTable = joinTables([
	appointmentReadHandlers,
	appointmentAvailabilityHandlers,
	appointmentBookingHandlers,
]);
