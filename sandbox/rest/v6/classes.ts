import type { HandlerTable } from '../call';
import {
	getClassDescriptions,
	getClasses,
	getClassSchedules,
	getClassVisits,
	getCourses,
	getSemesters,
	getWaitlistEntries,
} from './classReads';
import { classRosterHandlers } from './classRoster';
import { classSchedulingHandlers } from './classScheduling';
import { enrollmentV6Handlers } from './enrollmentHandlers';
import { pickASpotHandlers } from './pickASpot';
import { visitV6Handlers } from './visitHandlers';

/** The v6 operations on classes, enrollments, visits and Pick-a-Spot. */
export const classesV6Handlers: HandlerTable = {
	'classDescription.getMany': getClassDescriptions, // GET /class/classdescriptions
	'class.getMany': getClasses, // GET /class/classes
	'classSchedule.getMany': getClassSchedules, // GET /class/classschedules
	'class.getVisits': getClassVisits, // GET /class/classvisits
	'enrollment.getCourses': getCourses, // GET /class/courses
	'enrollment.getSemesters': getSemesters, // GET /class/semesters
	'class.getWaitlistEntries': getWaitlistEntries, // GET /class/waitlistentries
	'classSchedule.create': classSchedulingHandlers['classSchedule.create'], // POST /class/addclassschedule
	'class.addClient': classRosterHandlers['class.addClient'], // POST /class/addclienttoclass
	'class.cancel': classSchedulingHandlers['class.cancel'], // POST /class/cancelsingleclass
	'class.removeClient': classRosterHandlers['class.removeClient'], // POST /class/removeclientfromclass
	'class.removeClients': classRosterHandlers['class.removeClients'], // POST /class/removeclientsfromclasses
	'class.removeFromWaitlist': classRosterHandlers['class.removeFromWaitlist'], // POST /class/removefromwaitlist
	'class.substituteTeacher': classSchedulingHandlers['class.substituteTeacher'], // POST /class/substituteclassteacher
	'classSchedule.update': classSchedulingHandlers['classSchedule.update'], // POST /class/updateclassschedule
	'classSchedule.updateNotes': classSchedulingHandlers['classSchedule.updateNotes'], // PATCH /class/updateclassschedulenotes/{classScheduleId}
	'client.getSchedule': visitV6Handlers['client.getSchedule'], // GET /client/clientschedule
	'client.getVisits': visitV6Handlers['client.getVisits'], // GET /client/clientvisits
	'client.updateVisit': visitV6Handlers['client.updateVisit'], // POST /client/updateclientvisit
	'enrollment.search': enrollmentV6Handlers['enrollment.search'], // GET /enrollment/enrollments
	'enrollment.addClient': enrollmentV6Handlers['enrollment.addClient'], // POST /enrollment/addclienttoenrollment
	'enrollment.createSchedule': enrollmentV6Handlers['enrollment.createSchedule'], // POST /enrollment/addenrollmentschedule
	'enrollment.updateSchedule': enrollmentV6Handlers['enrollment.updateSchedule'], // POST /enrollment/updateenrollmentschedule
	'pickASpot.getClasses': pickASpotHandlers['pickASpot.getClasses'], // GET /pickaspot/v1/class
	'pickASpot.getClass': pickASpotHandlers['pickASpot.getClass'], // GET /pickaspot/v1/class/{classId}
	'pickASpot.getReservation': pickASpotHandlers['pickASpot.getReservation'], // GET /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.updateReservation': pickASpotHandlers['pickASpot.updateReservation'], // PUT /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.reserve': pickASpotHandlers['pickASpot.reserve'], // POST /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.deleteReservation': pickASpotHandlers['pickASpot.deleteReservation'], // DELETE /pickaspot/v1/reservation/{pathInfo}
};
