import { LISTS } from '../listSources';
import type { FieldWords, Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/** What Execute does to an appointment: a text field whose values the document lists in words. */
const EXECUTE: FieldWords = {
	displayName: 'Action',
	description: 'What to do with the appointment: confirm it, check the client in, cancel it or complete it',
	values: ['confirm', 'unconfirm', 'arrive', 'unarrive', 'cancel', 'latecancel', 'complete'],
	valueNames: {
		confirm: 'Confirm',
		unconfirm: 'Undo Confirmation',
		arrive: 'Check In (Arrive)',
		unarrive: 'Undo Check-In',
		cancel: 'Cancel',
		latecancel: 'Late Cancel',
		complete: 'Complete',
	},
};

const STAFF_NAME = {
	description: "Whether to show staff names as the site's settings say (otherwise first names only)",
};

/** The v6 document's Appointment operations. */
export const appointmentOperations: Operation[] = [
	fromDocument(V6.GetActiveSessionTimes, {
		resource: 'appointment',
		operation: 'getActiveSessionTimes',
		name: 'Get Active Session Times',
		action: 'Get active session times',
		description: 'Returns the times of day at which sessions of a schedule type or of some session types are scheduled',
		params: {
			'request.scheduleType': { description: 'The kind of sessions; give this or Session Type IDs' },
			'request.sessionTypeIds': {
				description: 'Only these session types; give these or Schedule Type',
				listSource: LISTS.sessionTypes,
			},
			'request.startTime': { description: 'Only times from this time of day on (the date is ignored). Default: 00:00' },
			'request.endTime': { description: 'Only times up to this time of day (the date is ignored). Default: 23:59' },
		},
	}),
	fromDocument(V6.GetAddOns, {
		resource: 'appointmentAddOn',
		operation: 'getAvailable',
		name: 'Get Available',
		action: 'Get available add-ons',
		description:
			'Returns the add-ons that can be booked onto appointments (Get by Appointment returns those already booked)',
		params: {
			'request.staffId': { description: 'Only add-ons this staff member performs', listSource: LISTS.staff },
		},
	}),
	fromDocument(V6.GetAppointmentOptions, {
		resource: 'appointment',
		operation: 'getSettings',
		name: 'Get Settings',
		action: 'Get appointment settings',
		description: "Returns the site's settings for booking appointments",
	}),
	fromDocument(V6.GetAvailableDates, {
		resource: 'appointment',
		operation: 'getAvailableDates',
		name: 'Get Available Dates',
		action: 'Get available dates',
		description: 'Returns the dates on which a session type has free appointment times',
		params: {
			'request.sessionTypeId': { listSource: LISTS.sessionTypes },
			'request.locationId': { description: 'Only times at this location', listSource: LISTS.locations },
			'request.staffId': { description: 'Only times of this staff member', listSource: LISTS.staff },
			'request.startDate': { description: 'Default: today' },
			'request.endDate': { description: 'Default: the start date' },
		},
	}),
	fromDocument(V6.GetBookableItems, {
		resource: 'appointment',
		operation: 'getBookableTimes',
		name: 'Get Bookable Times',
		action: 'Get bookable times',
		description: 'Returns the times staff members can be booked for some session types, between two dates',
		large: true,
		serves: LISTS.openSlots,
		params: {
			'request.sessionTypeIds': { listSource: LISTS.sessionTypes },
			'request.appointmentId': { description: 'An appointment to disregard, e.g. one being moved' },
			'request.ignoreDefaultSessionLength': {
				description: "Whether to also return times shorter or longer than the session type's usual length",
			},
			'request.includeResourceAvailability': {
				description: 'Whether to include when the rooms and equipment of the session types are free',
			},
			'request.locationIds': { listSource: LISTS.locations },
			'request.staffIds': { description: 'Default: all staff members', listSource: LISTS.staff },
			'request.startDate': { description: 'Default: today' },
			'request.endDate': { description: 'Default: the start date' },
		},
	}),
	fromDocument(V6.GetScheduleItems, {
		resource: 'appointment',
		operation: 'getScheduleItems',
		name: 'Get Schedule Items',
		action: 'Get schedule items of staff',
		description: "Returns each staff member's appointments and unavailable times between two dates",
		serves: LISTS.staffLocations,
		params: {
			'request.ignorePrepFinishTimes': {
				displayName: 'Ignore Preparation and Finish Times',
				description: 'Whether to leave out the preparation and finishing time around appointments',
			},
			'request.locationIds': { listSource: LISTS.locations },
			'request.staffIds': { listSource: LISTS.staff },
			'request.startDate': { description: 'Default: today' },
			'request.endDate': { description: 'Default: today' },
		},
	}),
	fromDocument(V6.GetStaffAppointments, {
		resource: 'appointment',
		operation: 'search',
		name: 'Search',
		action: 'Search appointments',
		description:
			'Returns booked appointments filtered by staff, client, location and dates, page by page (Get by IDs needs their IDs)',
		large: true,
		serves: LISTS.appointments,
		params: {
			'request.clientId': { description: 'Only appointments of this client', listSource: LISTS.clients },
			'request.locationIds': { listSource: LISTS.locations },
			'request.staffIds': { description: 'Default: all staff members', listSource: LISTS.staff },
			'request.startDate': { description: 'Default: today' },
			'request.endDate': { description: 'Default: the start date' },
			'request.useSiteSettingsStaffName': { displayName: 'Use Site Staff Names', ...STAFF_NAME },
		},
	}),
	fromDocument(V6.GetUnavailabilities, {
		resource: 'availability',
		operation: 'getUnavailabilities',
		name: 'Get Unavailabilities',
		action: 'Get unavailabilities of staff',
		description: 'Returns the times staff members cannot be booked, such as holidays, between two dates',
		params: {
			'request.staffIds': { listSource: LISTS.staff },
			'request.startDate': { description: 'Default: today' },
			'request.endDate': { description: 'Default: today' },
		},
	}),
	fromDocument(V6.AddAppointment, {
		resource: 'appointment',
		operation: 'book',
		name: 'Book',
		action: 'Book appointment, request or waitlist',
		description:
			'Books one appointment for a client with a staff member (Book Recurring books a series of appointments)',
		toolWarning: 'books real appointments',
		deduplicated: true,
		fields: {
			ClientId: { listSource: LISTS.clients },
			LocationId: { listSource: LISTS.locations },
			SessionTypeId: { listSource: LISTS.sessionTypes },
			StaffId: {
				description: 'The staff member who gives the appointment',
				listSource: LISTS.staff,
			},
			StartDateTime: { description: 'When the appointment starts' },
			EndDateTime: {
				description: "When it ends. Default: the start plus the staff member's usual appointment length",
			},
			Duration: { description: 'Length of the appointment in minutes, to change its usual length' },
			Execute: EXECUTE,
			GenderPreference: { description: 'The gender the client prefers for the staff member' },
			Notes: { description: 'Notes about the appointment' },
			ProviderId: {
				description: 'A provider ID, for businesses that use complementary and alternative medicine features',
			},
			ResourceIds: { description: 'Rooms or equipment to book with the appointment' },
			PartnerExternalId: { description: 'Your own reference for the appointment' },
			AddAppointmentRequestId: {
				displayName: 'Request ID',
				description: 'Ignored on a single booking (Book Multiple matches each request to its answer by it)',
			},
		},
	}),
	fromDocument(V6.AddAppointmentAddOn, {
		resource: 'appointmentAddOn',
		operation: 'book',
		name: 'Book',
		action: 'Book add-on onto appointment',
		description: 'Books one add-on onto a booked appointment (Book Several books several at once)',
		toolWarning: 'books add-ons onto real appointments',
		fields: {
			AppointmentId: { description: 'The appointment to add the add-on to' },
			SessionTypeId: {
				description: 'The session type of the add-on',
				listSource: LISTS.sessionTypes,
			},
			StaffId: {
				description: "Who performs the add-on. Default: the appointment's staff member",
				listSource: LISTS.staff,
			},
			ApplyPayment: {
				description:
					"Whether to pay for the add-on with one of the client's pricing options (Mindbody supports only off for now)",
			},
		},
	}),
	fromDocument(V6.AddMultipleAppointments, {
		resource: 'appointment',
		operation: 'bookMultiple',
		name: 'Book Multiple',
		action: 'Book multiple appointments',
		description:
			'Books several appointments in one call, each succeeding or failing on its own (deprecated by Mindbody in favour of Book)',
		toolWarning: 'books real appointments',
		fields: {
			AddAppointmentRequests: {
				displayName: 'Appointments',
				description: 'The appointments to book, each with the fields Book takes',
			},
		},
	}),
	fromDocument(V6.UpdateAvailability, {
		resource: 'availability',
		operation: 'update',
		name: 'Update',
		action: 'Update staff availability',
		description:
			'Changes the dates, days, location, programs or visibility of staff availabilities or unavailabilities by their IDs',
		toolWarning: 'changes staff schedules',
		fields: {
			AvailabilityIds: { description: 'The availabilities or unavailabilities to change' },
			PublicDisplay: {
				description: "How clients see the times online: Show, Mask (the staff member's name hidden) or Hide",
			},
			DaysOfWeek: { displayName: 'Days of Week', description: 'The days of the week they apply to. Default: all days' },
			ProgramIds: {
				description: 'The programs that can be booked in them. Default: all programs',
				listSource: LISTS.programs,
			},
			StartDateTime: { description: 'When they start', time: 'wallClock' },
			EndDateTime: { description: 'When they end', time: 'wallClock' },
			LocationId: { listSource: LISTS.locations },
			UnavailableDescription: { description: 'The reason shown for unavailable times' },
		},
	}),
	fromDocument(V6.AddAvailabilities, {
		resource: 'availability',
		operation: 'addForStaff',
		name: 'Add for Several Staff',
		action: 'Add availability for several staff',
		description:
			"Adds availability or unavailability for one or more staff members over a date range, on set days (Add Schedules takes whole availability schedules; Staff: Add Availability adds one staff member's times)",
		toolWarning: 'changes staff schedules',
		fields: {
			LocationID: {
				displayName: 'Location ID',
				description: 'Where the staff members are available; not used for unavailability',
				listSource: LISTS.locations,
			},
			StaffIDs: {
				displayName: 'Staff IDs',
				description: 'Default: the staff member of the staff token in use',
				listSource: LISTS.staff,
			},
			ProgramIDs: {
				displayName: 'Program IDs',
				description: 'The programs that can be booked; not used for unavailability. Default: all programs',
				listSource: LISTS.programs,
			},
			StartDateTime: { description: 'When the times start', time: 'wallClock' },
			EndDateTime: { description: 'When the times end', time: 'wallClock' },
			DaysOfWeek: { displayName: 'Days of Week', description: 'The days of the week they apply to. Default: all days' },
			UnavailableDescription: { description: 'The reason shown for unavailable times; used only for unavailability' },
			PublicDisplay: {
				description: "How clients see the times online: Show (default), Mask (the staff member's name hidden) or Hide",
			},
		},
	}),
	fromDocument(V6.UpdateAppointment, {
		resource: 'appointment',
		operation: 'update',
		name: 'Update or Cancel',
		action: 'Update or cancel appointment',
		description:
			'Changes one booked appointment, or with Action confirms it, checks the client in, cancels or completes it (Update Several changes several at once)',
		toolWarning: 'changes or cancels booked appointments',
		fields: {
			AppointmentId: { description: 'The appointment to change' },
			StartDateTime: { description: 'The new start' },
			EndDateTime: {
				description: "The new end. Default: the start plus the staff member's usual appointment length",
			},
			Execute: EXECUTE,
			GenderPreference: { description: 'The gender the client prefers for the staff member' },
			Notes: { description: 'Notes about the appointment' },
			PartnerExternalId: { description: 'Your own reference for the appointment' },
			ProviderId: {
				description: 'A provider ID, for businesses that use complementary and alternative medicine features',
			},
			ResourceIds: { description: 'Rooms or equipment to book with the appointment' },
			SessionTypeId: { listSource: LISTS.sessionTypes },
			StaffId: {
				description: 'The staff member who gives the appointment',
				listSource: LISTS.staff,
			},
			ApplyPayment: {
				description:
					"Whether to pay with one of the client's pricing options (refused when the appointment is already paid)",
			},
		},
	}),
	fromDocument(V6.AppointmentRemoveFromWaitlist, {
		resource: 'appointment',
		operation: 'removeFromWaitlist',
		name: 'Remove from Waitlist',
		action: 'Remove from appointment waiting list',
		description: 'Takes entries off the appointment waiting list by their IDs',
		toolWarning: 'removes clients from waiting lists',
		params: {
			'request.waitlistEntryIds': { description: 'The waiting list entries to remove' },
		},
	}),
	fromDocument(V6.DeleteAvailability, {
		resource: 'availability',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete staff availability',
		description: 'Deletes one staff availability or unavailability by its ID',
		toolWarning: 'changes staff schedules',
		params: {
			'deleteAvailabilityRequest.availabilityId': {
				displayName: 'Availability ID',
				description: 'The availability or unavailability to delete',
			},
			'deleteAvailabilityRequest.test': {
				displayName: 'Test',
				description: 'Whether to only check the request: nothing is deleted',
			},
		},
	}),
	fromDocument(V6.DeleteAppointmentAddOn, {
		resource: 'appointmentAddOn',
		operation: 'remove',
		name: 'Cancel',
		action: 'Cancel one add-on',
		description: 'Cancels one booked add-on early, by its ID (Cancel Several cancels several at once)',
		toolWarning: 'cancels a booked add-on',
		params: {
			id: { displayName: 'Add-On ID', description: 'The booked add-on to cancel' },
		},
	}),
];
