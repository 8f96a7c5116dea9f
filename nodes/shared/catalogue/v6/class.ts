import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Class operations. */
export const classOperations: Operation[] = [
	fromDocument(V6.GetClassDescriptions, {
		resource: 'classDescription',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many class descriptions',
		description: 'DRAFT GET /class/classdescriptions',
	}),
	fromDocument(V6.GetClasses, {
		resource: 'class',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many classes',
		description: 'DRAFT GET /class/classes',
	}),
	fromDocument(V6.GetClassSchedules, {
		resource: 'classSchedule',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many class schedules',
		description: 'DRAFT GET /class/classschedules',
	}),
	fromDocument(V6.GetClassVisits, {
		resource: 'class',
		operation: 'getVisits',
		name: 'Get Visits',
		action: 'Get class visits',
		description: 'DRAFT GET /class/classvisits',
	}),
	fromDocument(V6.GetCourses, {
		resource: 'enrollment',
		operation: 'getCourses',
		name: 'Get Courses',
		action: 'Get courses',
		description: 'DRAFT GET /class/courses',
	}),
	fromDocument(V6.GetSemesters, {
		resource: 'enrollment',
		operation: 'getSemesters',
		name: 'Get Semesters',
		action: 'Get semesters',
		description: 'DRAFT GET /class/semesters',
	}),
	fromDocument(V6.GetWaitlistEntries, {
		resource: 'class',
		operation: 'getWaitlistEntries',
		name: 'Get Waitlist Entries',
		action: 'Get waiting list entries',
		description: 'DRAFT GET /class/waitlistentries',
	}),
	fromDocument(V6.AddClassSchedule, {
		resource: 'classSchedule',
		operation: 'create',
		name: 'Create',
		action: 'Create class schedule',
		description: 'DRAFT POST /class/addclassschedule',
	}),
	fromDocument(V6.AddClientToClass, {
		resource: 'class',
		operation: 'addClient',
		name: 'Add Client',
		action: 'Add client to class',
		description: 'DRAFT POST /class/addclienttoclass',
	}),
	fromDocument(V6.CancelSingleClass, {
		resource: 'class',
		operation: 'cancel',
		name: 'Cancel',
		action: 'Cancel class',
		description: 'DRAFT POST /class/cancelsingleclass',
	}),
	fromDocument(V6.RemoveClientFromClass, {
		resource: 'class',
		operation: 'removeClient',
		name: 'Remove Client',
		action: 'Remove client from class',
		description: 'DRAFT POST /class/removeclientfromclass',
	}),
	fromDocument(V6.RemoveClientsFromClasses, {
		resource: 'class',
		operation: 'removeClients',
		name: 'Remove Clients',
		action: 'Remove clients from classes',
		description: 'DRAFT POST /class/removeclientsfromclasses',
	}),
	fromDocument(V6.ClassRemoveFromWaitlist, {
		resource: 'class',
		operation: 'removeFromWaitlist',
		name: 'Remove From Waitlist',
		action: 'Remove clients from waiting lists',
		description: 'DRAFT POST /class/removefromwaitlist',
	}),
	fromDocument(V6.SubstituteClassTeacher, {
		resource: 'class',
		operation: 'substituteTeacher',
		name: 'Substitute Teacher',
		action: 'Substitute class teacher',
		description: 'DRAFT POST /class/substituteclassteacher',
	}),
	fromDocument(V6.UpdateClassSchedule, {
		resource: 'classSchedule',
		operation: 'update',
		name: 'Update',
		action: 'Update class schedule',
		description: 'DRAFT POST /class/updateclassschedule',
	}),
	fromDocument(V6.UpdateClassScheduleNotes, {
		resource: 'classSchedule',
		operation: 'updateNotes',
		name: 'Update Notes',
		action: 'Update class schedule notes',
		description: 'DRAFT PATCH /class/updateclassschedulenotes/{classScheduleId}',
	}),
];
