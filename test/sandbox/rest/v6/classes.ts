import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on classes, enrollments, visits and Pick-a-Spot. */
export const classesV6Handlers: HandlerTable = {
	'classDescription.getMany': fixtureAnswer, // GET /class/classdescriptions
	'class.getMany': fixtureAnswer, // GET /class/classes
	'classSchedule.getMany': fixtureAnswer, // GET /class/classschedules
	'class.getVisits': fixtureAnswer, // GET /class/classvisits
	'enrollment.getCourses': fixtureAnswer, // GET /class/courses
	'enrollment.getSemesters': fixtureAnswer, // GET /class/semesters
	'class.getWaitlistEntries': fixtureAnswer, // GET /class/waitlistentries
	'classSchedule.create': fixtureAnswer, // POST /class/addclassschedule
	'class.addClient': fixtureAnswer, // POST /class/addclienttoclass
	'class.cancel': fixtureAnswer, // POST /class/cancelsingleclass
	'class.removeClient': fixtureAnswer, // POST /class/removeclientfromclass
	'class.removeClients': fixtureAnswer, // POST /class/removeclientsfromclasses
	'class.removeFromWaitlist': fixtureAnswer, // POST /class/removefromwaitlist
	'class.substituteTeacher': fixtureAnswer, // POST /class/substituteclassteacher
	'classSchedule.update': fixtureAnswer, // POST /class/updateclassschedule
	'classSchedule.updateNotes': fixtureAnswer, // PATCH /class/updateclassschedulenotes/{classScheduleId}
	'client.getSchedule': fixtureAnswer, // GET /client/clientschedule
	'client.getVisits': fixtureAnswer, // GET /client/clientvisits
	'client.updateVisit': fixtureAnswer, // POST /client/updateclientvisit
	'enrollment.search': fixtureAnswer, // GET /enrollment/enrollments
	'enrollment.addClient': fixtureAnswer, // POST /enrollment/addclienttoenrollment
	'enrollment.createSchedule': fixtureAnswer, // POST /enrollment/addenrollmentschedule
	'enrollment.updateSchedule': fixtureAnswer, // POST /enrollment/updateenrollmentschedule
	'pickASpot.getClasses': fixtureAnswer, // GET /pickaspot/v1/class
	'pickASpot.getClass': fixtureAnswer, // GET /pickaspot/v1/class/{classId}
	'pickASpot.getReservation': fixtureAnswer, // GET /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.updateReservation': fixtureAnswer, // PUT /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.reserve': fixtureAnswer, // POST /pickaspot/v1/reservation/{pathInfo}
	'pickASpot.deleteReservation': fixtureAnswer, // DELETE /pickaspot/v1/reservation/{pathInfo}
};
