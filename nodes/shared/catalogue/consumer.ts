import { appointmentsWithAddOns, bookingRequestItems } from '../schemas/bodies';
import { LISTS } from './listSources';
import { pathParam, queryParam } from './params';
import type { Operation } from './types';

const base = { service: 'rest', resource: 'consumerBooking', userToken: true } as const;

export const consumerOperations: Operation[] = [
	{
		...base,
		operation: 'getServicePaymentOptions',
		name: 'Get Service Payment Options',
		action: 'Get service payment options',
		description:
			'Returns the pricing options that can pay for an appointment type at a location. Fails with "Invalid data" when any date in the range cannot be paid.',
		method: 'GET',
		path: '/Consumer/Sales/User/Location/{LocationId}/ServicePaymentOptions',
		params: [
			// The spec declares the path placeholder as this required query parameter.
			queryParam('locationId', 'string', 'Location', {
				required: true,
				fillsPath: 'LocationId',
				listSource: LISTS.locations,
			}),
			queryParam('request.locationId', 'int32', 'Request Location ID', { listSource: LISTS.locations }),
			queryParam('request.appointmentTypeId', 'int32', 'Appointment Type', {
				listSource: LISTS.appointmentTypes,
			}),
			queryParam('request.start', 'dateTime', 'Start'),
			queryParam('request.end', 'dateTime', 'End'),
			queryParam('request.dependentId', 'string', 'Dependent ID', {
				description: "Returns the dependent's payment options instead of the custodian's",
			}),
		],
		output: 'list',
	},
	{
		...base,
		operation: 'getAppointmentTypes',
		name: 'Get Appointment Types',
		action: 'Get appointment types bookable online',
		description: 'Returns all active consumer-mode appointment types, or only the one whose ID is given',
		method: 'GET',
		path: '/Consumer/Schedules/Appointments/AppointmentTypes',
		serves: LISTS.appointmentTypes,
		params: [queryParam('id', 'int32', 'Appointment Type', { listSource: LISTS.appointmentTypes })],
		output: 'list',
	},
	{
		...base,
		operation: 'getAppointmentType',
		name: 'Get Appointment Type',
		action: 'Get appointment type bookable online',
		description: 'Returns one consumer-mode appointment type',
		method: 'GET',
		path: '/Consumer/Schedules/Appointments/AppointmentTypes/{id}',
		params: [pathParam('id', 'int32', 'Appointment Type', { listSource: LISTS.appointmentTypes })],
		output: 'list',
	},
	{
		...base,
		operation: 'getLocations',
		name: 'Get Locations',
		action: 'Get bookable locations',
		description: 'Returns the locations that can schedule appointments',
		method: 'GET',
		path: '/Consumer/Schedules/Appointments/Locations',
		params: [],
		output: 'list',
	},
	{
		...base,
		operation: 'book',
		name: 'Book Appointments',
		action: 'Book appointments as client',
		toolWarning: 'books real appointments and may charge the consumer',
		description:
			'Books appointments when the business allows online booking (a confirmation email is sent); otherwise makes appointment requests (an appointment-requested email is sent). A single appointment that needs payment is paid at once.',
		method: 'POST',
		path: '/Consumer/Schedules/Location/{locationId}/Appointments',
		params: [
			pathParam('locationId', 'int32', 'Location', { listSource: LISTS.locations }),
			queryParam('checkVerified', 'boolean', 'Check Verified', {
				description: 'Whether to send the checkVerified flag that client applications above version 2.0.4 use',
			}),
			queryParam('searchId', 'int32', 'Search ID'),
			queryParam('userId', 'string', 'User ID'),
			queryParam('creditCardTokenId', 'string', 'Credit Card Token ID'),
		],
		body: { schema: bookingRequestItems },
		output: 'object',
	},
	{
		...base,
		operation: 'getBookableTimeRanges',
		name: 'Get Bookable Time Ranges',
		action: 'Get bookable time ranges of staff',
		description:
			'Returns the time ranges staff members can be booked for an appointment type, with the appointment types and staff details',
		method: 'GET',
		path: '/Consumer/Schedules/Location/{locationId}/Appointments/StaffBookableTimeRanges',
		params: [
			pathParam('locationId', 'int32', 'Location', { listSource: LISTS.locations }),
			queryParam('appointmentTypeId', 'int32', 'Appointment Type', {
				required: true,
				listSource: LISTS.appointmentTypes,
			}),
			queryParam('staffId', 'int64', 'Staff IDs', { array: 'repeated', required: true }),
			queryParam('start', 'dateTime', 'Start', {
				required: true,
				description: 'The date part is required, the time part optional',
			}),
			queryParam('end', 'dateTime', 'End', {
				required: true,
				description: 'The date part is required, the time part optional',
			}),
			queryParam('dependentId', 'string', 'Dependent ID'),
			queryParam('ignoreMembershipRestrictions', 'boolean', 'Ignore Membership Restrictions', {
				description: 'Whether to ignore membership restrictions',
				serverDefault: false,
			}),
		],
		output: 'object',
	},
	{
		...base,
		operation: 'bookWithAddOns',
		name: 'Book Appointments with Add-Ons',
		action: 'Book appointments with add-ons as client',
		toolWarning: 'books real appointments and may charge the consumer',
		description: 'Books appointments together with their add-ons in one request',
		method: 'POST',
		path: '/Consumer/Schedules/Location/{locationId}/Appointments-Addons',
		params: [
			pathParam('locationId', 'int32', 'Location', { listSource: LISTS.locations }),
			queryParam('userId', 'string', 'User ID'),
			queryParam('creditCardTokenId', 'string', 'Credit Card Token ID'),
		],
		body: { schema: appointmentsWithAddOns },
		output: 'object',
	},
	{
		...base,
		operation: 'getStaffAppointmentTypesAtLocation',
		name: 'Get Staff Appointment Types at Location',
		action: 'Get staff appointment types at location',
		description: 'Returns the staff member and the appointment types they can be booked for at a location',
		method: 'GET',
		path: '/Consumer/Users/Location/{locationId}/Staff/StaffAvailableAppointmentTypes',
		params: [
			pathParam('locationId', 'int32', 'Location', { listSource: LISTS.locations }),
			queryParam('staffId', 'int64', 'Staff ID', { required: true }),
		],
		output: 'object',
	},
	{
		...base,
		operation: 'getStaffAppointmentTypes',
		name: 'Get Staff Appointment Types',
		action: 'Get staff appointment types',
		description: 'Returns the staff member and the appointment types they can be booked for',
		method: 'GET',
		path: '/Consumer/Users/Staff/StaffAvailableAppointmentTypes',
		params: [
			queryParam('staffId', 'int64', 'Staff ID', { required: true }),
			queryParam('appointmentTypeId', 'int32', 'Appointment Type', {
				listSource: LISTS.appointmentTypes,
			}),
		],
		output: 'object',
	},
];
