import type { HandlerTable } from '../call';
import { getPermissions, getImageUrl, getSalesReps, getStaff, getStaffSessionTypes } from './staffLists';
import { getCommissions, getScheduledServiceEarnings, getTimeCards, getTips } from './staffPayroll';
import { addAvailability, addStaff, assignSessionType, updatePermissions, updateStaff } from './staffWrites';

/** The v6 operations on staff and payroll, all kept in or derived from the site's state. */
export const staffV6Handlers: HandlerTable = {
	GetCommissions: getCommissions, // GET /payroll/commissions
	GetScheduledServiceEarnings: getScheduledServiceEarnings, // GET /payroll/scheduledserviceearnings
	GetTimeCards: getTimeCards, // GET /payroll/timecards
	GetTips: getTips, // GET /payroll/tips
	GetStaffImageURL: getImageUrl, // GET /staff/imageurl
	GetSalesReps: getSalesReps, // GET /staff/salesreps
	GetStaffSessionTypes: getStaffSessionTypes, // GET /staff/sessiontypes
	GetStaff: getStaff, // GET /staff/staff
	GetStaffPermissions: getPermissions, // GET /staff/staffpermissions
	AddStaff: addStaff, // POST /staff/addstaff
	AssignStaffSessionType: assignSessionType, // POST /staff/assignsessiontype
	AddStaffAvailability: addAvailability, // POST /staff/staffavailability
	UpdateStaff: updateStaff, // POST /staff/updatestaff
	UpdateStaffPermissions: updatePermissions, // POST /staff/updatestaffpermissions
};
