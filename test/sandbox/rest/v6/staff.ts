import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on staff, payroll. */
export const staffV6Handlers: HandlerTable = {
	'payroll.getCommissions': fixtureAnswer, // GET /payroll/commissions
	'payroll.getScheduledServiceEarnings': fixtureAnswer, // GET /payroll/scheduledserviceearnings
	'payroll.getTimeCards': fixtureAnswer, // GET /payroll/timecards
	'payroll.getTips': fixtureAnswer, // GET /payroll/tips
	'staff.getImageUrl': fixtureAnswer, // GET /staff/imageurl
	'staff.getSalesReps': fixtureAnswer, // GET /staff/salesreps
	'staff.getSessionTypes': fixtureAnswer, // GET /staff/sessiontypes
	'staff.getMany': fixtureAnswer, // GET /staff/staff
	'staff.getPermissions': fixtureAnswer, // GET /staff/staffpermissions
	'staff.create': fixtureAnswer, // POST /staff/addstaff
	'staff.assignSessionType': fixtureAnswer, // POST /staff/assignsessiontype
	'staff.addAvailability': fixtureAnswer, // POST /staff/staffavailability
	'staff.update': fixtureAnswer, // POST /staff/updatestaff
	'staff.updatePermissions': fixtureAnswer, // POST /staff/updatestaffpermissions
};
