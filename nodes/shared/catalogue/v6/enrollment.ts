import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Enrollment operations. */
export const enrollmentOperations: Operation[] = [
	fromDocument(V6.GetEnrollments, {
		resource: 'enrollment',
		operation: 'search',
		name: 'Search',
		action: 'Search enrollments',
		description: 'DRAFT GET /enrollment/enrollments',
	}),
	fromDocument(V6.AddClientToEnrollment, {
		resource: 'enrollment',
		operation: 'addClient',
		name: 'Add Client',
		action: 'Add client to enrollment',
		description: 'DRAFT POST /enrollment/addclienttoenrollment',
	}),
	fromDocument(V6.AddEnrollmentSchedule, {
		resource: 'enrollment',
		operation: 'createSchedule',
		name: 'Create Schedule',
		action: 'Create enrollment schedule',
		description: 'DRAFT POST /enrollment/addenrollmentschedule',
	}),
	fromDocument(V6.UpdateEnrollmentSchedule, {
		resource: 'enrollment',
		operation: 'updateSchedule',
		name: 'Update Schedule',
		action: 'Update enrollment schedule',
		description: 'DRAFT POST /enrollment/updateenrollmentschedule',
	}),
];
