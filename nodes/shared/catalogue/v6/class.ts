import { LISTS } from '../listSources';
import type { FieldWords, Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Words for the fields of a class or enrollment schedule (the two share their body types). On an
 * update, ClassId names the schedule and ClassDescriptionId is ignored.
 */
export function scheduleFieldWords(kind: 'class' | 'enrollment', update: boolean): Record<string, FieldWords> {
	const sessions = kind === 'class' ? 'classes' : 'sessions';
	return {
		...(update
			? {
					ClassId: {
						displayName: 'Schedule ID',
						description: 'The schedule to change (the Class ID that Create returned)',
					},
					ClassDescriptionId: { description: 'Ignored: the schedule keeps its class description' },
				}
			: {
					ClassDescriptionId: {
						description: `What the ${sessions} are: their name, description and session type`,
						listSource: LISTS.classDescriptions,
					},
				}),
		LocationId: { listSource: LISTS.locations },
		StartDate: { description: 'The first day of the schedule', time: 'wallClock' },
		EndDate: {
			description: update ? 'The last day of the schedule' : 'The last day of the schedule; leave out for a single day',
			time: 'wallClock',
		},
		StartTime: {
			description: `The time the ${sessions} start; leave out for a time to be decided`,
			time: 'wallClock',
		},
		EndTime: { description: `The time the ${sessions} end; ignored without a start time`, time: 'wallClock' },
		StaffId: { description: 'The teacher', listSource: LISTS.staff },
		StaffPayRate: { description: "The teacher's pay rate, from 1 to 21" },
		ResourceId: { description: 'The room' },
		MaxCapacity: { description: 'How many clients can attend' },
		WebCapacity: { description: 'How many clients can book online; 0 means none. Default: 0' },
		WaitlistCapacity: { description: 'How many clients can join the waiting list. Default: 0' },
		BookingStatus: {
			description: 'Whether clients pay when they book, may book and pay later, or book for free',
			values: ['PaymentRequired', 'BookAndPayLater', 'Free'],
			valueNames: { PaymentRequired: 'Payment Required', BookAndPayLater: 'Book and Pay Later' },
		},
		...Object.fromEntries(DAYS.map((day) => [`Day${day}`, { displayName: `On ${day}s` }])),
		...(update
			? {}
			: {
					PricingOptionsProductIds: {
						displayName: 'Pricing Option Product IDs',
						description: 'The pricing options that pay for it, by their product IDs',
					},
					ShowToPublic: { displayName: 'Show to Public' },
				}),
	};
}

const STAFF_NAME = {
	displayName: 'Use Site Staff Names',
	description: "Whether to show staff names as the site's settings say (otherwise first names only)",
};

/** The v6 document's Class operations. */
export const classOperations: Operation[] = [
	fromDocument(V6.GetClassDescriptions, {
		resource: 'classDescription',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many class descriptions',
		description: 'Returns class descriptions (what each class is), optionally of classes scheduled between two times',
		large: true,
		serves: LISTS.classDescriptions,
		params: {
			'request.classDescriptionId': { listSource: LISTS.classDescriptions },
			'request.startClassDateTime': {
				displayName: 'Classes From',
				description: 'Only descriptions of classes on or after this time; with a time, one entry comes back per class',
			},
			'request.endClassDateTime': {
				displayName: 'Classes Until',
				description: 'Only descriptions of classes before this time; with a time, one entry comes back per class',
			},
			'request.includeInactive': {
				description: 'Whether to include inactive class descriptions (Mindbody includes them when this is not set)',
			},
			'request.locationId': {
				description: 'Only descriptions of classes at this location',
				listSource: LISTS.locations,
			},
			'request.programIds': { listSource: LISTS.programs },
			'request.staffId': {
				description: 'Only descriptions of classes this staff member teaches',
				listSource: LISTS.staff,
			},
		},
	}),
	fromDocument(V6.GetClasses, {
		resource: 'class',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many classes',
		description:
			'Returns scheduled classes filtered by date, location, teacher and more, page by page (Get Upcoming returns only the next ones)',
		large: true,
		serves: LISTS.classes,
		params: {
			'request.classDescriptionIds': { listSource: LISTS.classDescriptions },
			'request.classIds': { listSource: LISTS.classes },
			'request.clientId': {
				description: 'The client viewing the classes: the answer shows what applies to them, such as member prices',
				listSource: LISTS.clients,
			},
			'request.uniqueClientId': {
				description: "The viewing client's unique ID (a number), used instead of Client when both are given",
			},
			'request.startDateTime': { description: 'Classes on or after this date. Default: today' },
			'request.endDateTime': { description: 'Classes on or before this date (the time is ignored). Default: today' },
			'request.hideCanceledClasses': {
				displayName: 'Hide Cancelled Classes',
				description: 'Whether to leave out cancelled classes',
			},
			'request.lastModifiedDate': { description: 'Only classes changed on or after this time' },
			'request.locationIds': { listSource: LISTS.locations },
			'request.programIds': { listSource: LISTS.programs },
			'request.schedulingWindow': {
				displayName: 'Only in Booking Window',
				description: 'Whether to leave out classes that cannot be booked yet or any more',
			},
			'request.sessionTypeIds': { listSource: LISTS.sessionTypes },
			'request.staffIds': { description: 'Only classes these staff members teach', listSource: LISTS.staff },
		},
	}),
	fromDocument(V6.GetClassSchedules, {
		resource: 'classSchedule',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many class schedules',
		description: 'Returns class schedules, the recurring patterns that create classes, page by page',
		large: true,
		params: {
			'request.locationIds': { listSource: LISTS.locations },
			'request.programIds': { listSource: LISTS.programs },
			'request.sessionTypeIds': { listSource: LISTS.sessionTypes },
			'request.staffIds': { listSource: LISTS.staff },
			'request.startDate': { description: 'Schedules running on or after this day. Default: today' },
			'request.endDate': { description: 'Schedules running on or before this day. Default: the start date' },
		},
	}),
	fromDocument(V6.GetClassVisits, {
		resource: 'class',
		operation: 'getVisits',
		name: 'Get Roster',
		action: 'Get class roster',
		description: 'Returns one class with its roster: the visits of the clients booked into it',
		params: {
			'request.classID': { listSource: LISTS.classes },
			'request.lastModifiedDate': { description: 'Only visits changed on or after this time' },
			'request.useSiteSettingsStaffName': STAFF_NAME,
		},
	}),
	fromDocument(V6.GetCourses, {
		resource: 'enrollment',
		operation: 'getCourses',
		name: 'Get Courses',
		action: 'Get courses',
		description: 'Returns courses filtered by location, program, semester, organizer and dates',
		large: true,
		params: {
			'getCoursesRequest.courseIDs': { displayName: 'Course IDs' },
			'getCoursesRequest.startDate': {
				displayName: 'Start Date',
				description: 'Courses running on or after this day. Default: today',
			},
			'getCoursesRequest.endDate': {
				displayName: 'End Date',
				description: 'Courses running on or before this day. Default: the start date',
			},
			'getCoursesRequest.limit': { displayName: 'Limit', description: 'Max number of courses to return. Default: 100' },
			'getCoursesRequest.offset': { displayName: 'Offset', description: 'Number of courses to skip. Default: 0' },
			'getCoursesRequest.locationIDs': { displayName: 'Location IDs', listSource: LISTS.locations },
			'getCoursesRequest.programIDs': { displayName: 'Program IDs', listSource: LISTS.programs },
			'getCoursesRequest.semesterIDs': { displayName: 'Semester IDs' },
			'getCoursesRequest.staffIDs': {
				displayName: 'Staff IDs',
				description: 'Only courses these staff members organize',
				listSource: LISTS.staff,
			},
		},
	}),
	fromDocument(V6.GetSemesters, {
		resource: 'enrollment',
		operation: 'getSemesters',
		name: 'Get Semesters',
		action: 'Get semesters',
		description: 'Returns semesters, the date ranges that group enrollments and courses',
		params: {
			'request.active': {
				displayName: 'Active',
				description: 'Whether to return only active semesters (on) or only inactive ones (off); leave out for both',
			},
			'request.semesterIDs': { displayName: 'Semester IDs' },
			'request.startDate': { description: 'Semesters on or after this day. Default: today' },
			'request.endDate': { description: 'Semesters on or before this day. Default: the start date' },
		},
	}),
	fromDocument(V6.GetWaitlistEntries, {
		resource: 'class',
		operation: 'getWaitlistEntries',
		name: 'Get Waitlist Entries',
		action: 'Get waiting list entries',
		description:
			'Returns class waiting list entries by class, schedule, client or entry ID (give at least one), page by page',
		large: true,
		serves: LISTS.waitlistEntries,
		params: {
			'request.classIds': { description: 'When given, Class Schedule IDs are ignored', listSource: LISTS.classes },
			'request.clientIds': { listSource: LISTS.clients },
			'request.hidePastEntries': { description: 'Whether to leave out entries of past classes' },
		},
	}),
	fromDocument(V6.AddClassSchedule, {
		resource: 'classSchedule',
		operation: 'create',
		name: 'Create',
		action: 'Create class schedule',
		description: 'Creates a class schedule, adding its classes to the calendar',
		toolWarning: 'adds real classes to the schedule',
		fields: scheduleFieldWords('class', false),
	}),
	fromDocument(V6.AddClientToClass, {
		resource: 'class',
		operation: 'addClient',
		hooks: { after: ['endedClassWarning'] },
		name: 'Book Client',
		action: 'Book client into any class or waitlist',
		description: 'Books a client into one class, or onto its waiting list',
		toolWarning: 'books the client into a real class',
		deduplicated: true,
		fields: {
			ClientId: { listSource: LISTS.clients },
			ClassId: { listSource: LISTS.classes },
			SendEmail: { description: 'Whether to send the client the booking confirmation by e-mail and text message' },
			WaitlistEntryId: { description: 'Moves the client into the class from this waiting list entry' },
			ClientServiceId: {
				displayName: "Client's Pricing Option ID",
				description:
					"One of the client's pricing options to pay for the booking, the list showing those that can pay for the class; leave empty to let Mindbody pick one",
				listSource: LISTS.clientServices,
			},
			CrossRegionalBookingClientServiceSiteId: {
				displayName: 'Cross-Regional Pricing Option Site ID',
				description:
					"For a cross-regional booking, the site whose pricing option pays; otherwise one of this site's is used",
			},
			UniqueId: {
				displayName: 'Unique Client ID',
				description: "The client's unique ID (a number)",
			},
		},
	}),
	fromDocument(V6.CancelSingleClass, {
		resource: 'class',
		operation: 'cancel',
		name: 'Cancel',
		action: 'Cancel class',
		description:
			'Cancels one class for every client booked into it; the staff token needs the Manage Class Schedules and Cancel Reservations permissions',
		toolWarning: 'cancels a class for every client',
		staffToken: true,
		fields: {
			ClassID: { description: 'The class to cancel', listSource: LISTS.classes },
		},
	}),
	fromDocument(V6.RemoveClientFromClass, {
		resource: 'class',
		operation: 'removeClient',
		name: 'Cancel Booking',
		action: 'Cancel class booking by visit or client',
		description: "Cancels one client's booking in one class (Cancel Bookings does several at once)",
		toolWarning: "cancels the client's class booking",
		fields: {
			ClientId: { listSource: LISTS.clients },
			UniqueClientId: {
				description: "The client's unique ID (a number), used instead of Client when both are given",
			},
			ClassId: { listSource: LISTS.classes },
			SendEmail: {
				description: 'Whether to e-mail the client about the cancellation (sent only when a staff token is used)',
			},
			VisitId: { description: 'The booking (visit) to remove, when the client has several in the class' },
		},
	}),
	fromDocument(V6.RemoveClientsFromClasses, {
		resource: 'class',
		operation: 'removeClients',
		name: 'Cancel Bookings',
		action: 'Cancel several class bookings',
		description: 'Cancels the bookings of several clients in several classes in one call',
		toolWarning: 'cancels class bookings',
		fields: {
			Details: { displayName: 'Classes and Clients', description: 'Each class and the clients to remove from it' },
			SendEmail: {
				description: 'Whether to e-mail the clients about the cancellation (sent only when a staff token is used)',
			},
			Limit: { description: 'Max number of classes to return in the answer. Default: 100' },
			Offset: { description: 'Number of classes of the answer to skip. Default: 0' },
		},
	}),
	fromDocument(V6.ClassRemoveFromWaitlist, {
		resource: 'class',
		operation: 'removeFromWaitlist',
		name: 'Remove from Waitlist',
		action: 'Remove waiting list entries by ID',
		description: 'Takes clients off class waiting lists by their waiting list entry IDs',
		toolWarning: 'removes clients from waiting lists',
		params: {
			'request.waitlistEntryIds': { description: 'The waiting list entries to remove' },
		},
	}),
	fromDocument(V6.SubstituteClassTeacher, {
		resource: 'class',
		operation: 'substituteTeacher',
		name: 'Substitute Teacher',
		action: 'Substitute class teacher',
		description: 'Assigns a substitute teacher to one class',
		toolWarning: 'changes the teacher of a class',
		fields: {
			ClassId: { listSource: LISTS.classes },
			StaffId: { description: 'The substitute teacher', listSource: LISTS.staff },
		},
	}),
	fromDocument(V6.UpdateClassSchedule, {
		resource: 'classSchedule',
		operation: 'update',
		name: 'Update',
		action: 'Update class schedule',
		description: 'Changes a class schedule and the classes it creates',
		toolWarning: 'changes real classes on the schedule',
		fields: scheduleFieldWords('class', true),
	}),
	fromDocument(V6.UpdateClassScheduleNotes, {
		resource: 'classSchedule',
		operation: 'updateNotes',
		name: 'Update Notes',
		action: 'Update class schedule notes',
		description: 'Replaces the notes of a class schedule',
		params: {
			classScheduleId: { description: 'The schedule whose notes to replace' },
		},
		fields: {
			Notes: { description: 'The new notes' },
		},
	}),
];
