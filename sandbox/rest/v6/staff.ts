import type { HandlerTable } from '../call';
import { getPermissions, getImageUrl, getSalesReps, getStaff, getStaffSessionTypes } from './staffLists';
import { getCommissions, getScheduledServiceEarnings, getTimeCards, getTips } from './staffPayroll';
import { addAvailability, addStaff, assignSessionType, updatePermissions, updateStaff } from './staffWrites';

/** The v6 operations on staff and payroll, all kept in or derived from the site's state. */
export const staffV6Handlers: HandlerTable = {
	'payroll.getCommissions': getCommissions, // GET /payroll/commissions
	'payroll.getScheduledServiceEarnings': getScheduledServiceEarnings, // GET /payroll/scheduledserviceearnings
	'payroll.getTimeCards': getTimeCards, // GET /payroll/timecards
	'payroll.getTips': getTips, // GET /payroll/tips
	'staff.getImageUrl': getImageUrl, // GET /staff/imageurl
	'staff.getSalesReps': getSalesReps, // GET /staff/salesreps
	'staff.getSessionTypes': getStaffSessionTypes, // GET /staff/sessiontypes
	'staff.getMany': getStaff, // GET /staff/staff
	'staff.getPermissions': getPermissions, // GET /staff/staffpermissions
	'staff.create': addStaff, // POST /staff/addstaff
	'staff.assignSessionType': assignSessionType, // POST /staff/assignsessiontype
	'staff.addAvailability': addAvailability, // POST /staff/staffavailability
	'staff.update': updateStaff, // POST /staff/updatestaff
	'staff.updatePermissions': updatePermissions, // POST /staff/updatestaffpermissions
};
