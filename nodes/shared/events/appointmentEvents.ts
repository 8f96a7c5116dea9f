import { bool, defineEvent, fields, int, listOf, num, resourceList, same, str, type EventDefinition } from './fields';

const booking = fields({
	...same(num, 'siteId', 'appointmentId'),
	status: str,
	...same(bool, 'isConfirmed', 'hasArrived'),
	locationId: int,
	/** The client's public id (a string), not the numeric unique id. */
	clientId: str,
	...same(str, 'clientFirstName', 'clientLastName', 'clientEmail', 'clientPhone'),
	staffId: num,
	...same(str, 'staffFirstName', 'staffLastName'),
	...same(str, 'startDateTime', 'endDateTime'),
	durationMinutes: num,
	genderRequested: str,
	resources: resourceList,
	...same(str, 'notes', 'formulaNotes'),
	icdCodes: listOf({ code: str, description: str }),
	providerId: str,
	sessionTypeId: num,
	appointmentName: str,
});

const bookingCancelled = fields({ ...same(num, 'siteId', 'appointmentId') });

const addOnCreated = fields({
	...same(num, 'siteId', 'appointmentId', 'addOnAppointmentId', 'staffId'),
	addOnName: str,
	clientId: str,
});

const addOnDeleted = fields({ ...same(num, 'siteId', 'addOnAppointmentId') });

export const appointmentEvents: EventDefinition[] = [
	defineEvent(
		'appointmentBooking.created',
		'Appointment',
		'An appointment is added to a staff schedule',
		booking,
		'Appointment Booked',
	),
	defineEvent(
		'appointmentBooking.updated',
		'Appointment',
		'A field of an appointment changes',
		booking,
		'Appointment Updated',
	),
	defineEvent(
		'appointmentBooking.cancelled',
		'Appointment',
		'An appointment is removed',
		bookingCancelled,
		'Appointment Cancelled',
	),
	defineEvent(
		'appointmentAddOn.created',
		'Appointment',
		'An add-on is created on an appointment',
		addOnCreated,
		'Appointment Add-On Created',
	),
	defineEvent(
		'appointmentAddOn.deleted',
		'Appointment',
		'An add-on is deleted',
		addOnDeleted,
		'Appointment Add-On Deleted',
	),
];
