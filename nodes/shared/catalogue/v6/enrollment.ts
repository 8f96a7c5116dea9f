import { LISTS } from '../listSources';
import type { Operation } from '../types';
import { scheduleFieldWords } from './class';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Enrollment operations. */
export const enrollmentOperations: Operation[] = [
	fromDocument(V6.GetEnrollments, {
		resource: 'enrollment',
		operation: 'search',
		name: 'Search',
		action: 'Search enrollments',
		description:
			'Returns enrollments with their sessions, filtered by location, program, session type, teacher and dates, page by page (Get Many filters by service category)',
		large: true,
		params: {
			'request.classScheduleIds': { displayName: 'Enrollment IDs', description: 'Default: all enrollments' },
			'request.locationIds': { listSource: LISTS.locations },
			'request.programIds': { listSource: LISTS.programs },
			'request.sessionTypeIds': { listSource: LISTS.sessionTypes },
			'request.staffIds': { description: 'Only enrollments these staff members teach', listSource: LISTS.staff },
			'request.startDate': { description: 'Enrollments running on or after this day. Default: today' },
			'request.endDate': { description: 'Enrollments running on or before this day. Default: the start date' },
		},
	}),
	fromDocument(V6.AddClientToEnrollment, {
		resource: 'enrollment',
		operation: 'addClient',
		name: 'Book Client',
		action: 'Book client into enrollment',
		description: 'Books a client into an enrollment, for all its sessions or chosen ones, or onto its waiting list',
		toolWarning: 'books the client into a real enrollment',
		fields: {
			ClientId: { listSource: LISTS.clients },
			ClassScheduleId: { displayName: 'Enrollment ID', description: 'The enrollment, by its ID as Search returns it' },
			EnrollDateForward: {
				displayName: 'Enroll From',
				description: 'Enrolls the client in every session from this date on; wins over Enroll Open',
			},
			EnrollOpen: {
				description: 'The dates of the single sessions to enroll the client in, where the enrollment allows it',
			},
			Waitlist: { description: 'Whether to put the client on the waiting list when the enrollment is full' },
			WaitlistEntryId: { description: 'Moves the client into the enrollment from this waiting list entry' },
		},
	}),
	fromDocument(V6.AddEnrollmentSchedule, {
		resource: 'enrollment',
		operation: 'createSchedule',
		name: 'Create Schedule',
		action: 'Create enrollment schedule',
		description:
			'Creates an enrollment schedule, such as a workshop or series, that clients book as a whole or session by session',
		toolWarning: 'adds real enrollments to the schedule',
		fields: scheduleFieldWords('enrollment', false),
	}),
	fromDocument(V6.UpdateEnrollmentSchedule, {
		resource: 'enrollment',
		operation: 'updateSchedule',
		name: 'Update Schedule',
		action: 'Update enrollment schedule',
		description: 'Changes an enrollment schedule and the sessions it creates',
		toolWarning: 'changes real enrollments on the schedule',
		fields: scheduleFieldWords('enrollment', true),
	}),
];
