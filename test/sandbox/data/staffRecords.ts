import type { Random } from './prng';
import type { Counted } from './records';
import type { Staff, StaffLogin } from './types';

/**
 * Staff permissions the spec's rules name. The seeded owner holds every one; other staff hold
 * none until a test grants them (admin API: POST /_sandbox/staff/{id}/permissions).
 */
export const STAFF_PERMISSIONS = [
	'ManageClassSchedules',
	'CancelReservations',
	'MakeUnpaidReservation',
	'LaunchSignInScreen',
	'ManageStaffPayRates',
	'ModifyAppointments',
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export interface StaffPermissions {
	StaffId: number;
	/** The permission group the staff member is in (UpdateStaffPermissions assigns one). */
	GroupName: string;
	Granted: StaffPermission[];
}

/** Staff, payroll and permission records of a site (rest/v6/staff.ts reads and changes them). */
export interface StaffRecords extends Counted {
	permissions: StaffPermissions[];
}

export function generateStaffRecords(_rand: Random, staff: Staff[], logins: StaffLogin[]): StaffRecords {
	const owner = logins.find((login) => login.Type === 'Staff' && login.ReadsAllCalendars)?.UserId;
	return {
		permissions: staff.map((member) => ({
			StaffId: member.Id,
			GroupName: member.Id === owner ? 'Owner' : 'Staff',
			Granted: member.Id === owner ? [...STAFF_PERMISSIONS] : [],
		})),
		nextIds: {},
	};
}

/** Whether the staff member holds the permission. */
export function hasPermission(records: StaffRecords, staffId: number, permission: StaffPermission): boolean {
	return records.permissions.some((entry) => entry.StaffId === staffId && entry.Granted.includes(permission));
}
