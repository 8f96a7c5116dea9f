import { V6_TYPES } from '../../document/facts';
import type { Random } from './prng';
import type { Counted } from './records';
import type { Staff, StaffLogin } from './recordTypes';

/**
 * Staff permissions the spec's rules name, and BookAppointmentsForAllStaff, which the document's
 * AddAppointment IsRequest names but its permission list leaves out. The seeded owner (and the
 * Manager group) hold every one; other staff hold none until a test grants them (admin API:
 * POST /_sandbox/staff/{id}/permissions).
 */
export const STAFF_PERMISSIONS = [
	'ManageClassSchedules',
	'CancelReservations',
	'MakeUnpaidReservation',
	'LaunchSignInScreen',
	'ManageStaffPayRates',
	'ModifyAppointments',
	'BookAppointmentsForAllStaff',
] as const;

/** The permissions the v6 document names (GET /staff/staffpermissions lists them). */
export const DOCUMENT_PERMISSIONS: readonly string[] = (() => {
	const field = V6_TYPES.StaffPermissionGroup.fields.AllowedPermissions as { list: { enum: readonly string[] } };
	return field.list.enum;
})();

/** A permission by the spec's name or by the document's. */
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number] | (string & {});

/** The spec's names the document spells otherwise: each holds the other. */
export const PERMISSION_ALIASES: Record<string, string> = {
	CancelReservations: 'CancelClassesAndEvents',
	MakeUnpaidReservation: 'BookClassesAndEventsWithoutPayment',
	ModifyAppointments: 'ChangeAppointmentDetails',
};

const aliasOf = (permission: string): string | undefined =>
	PERMISSION_ALIASES[permission] ??
	Object.entries(PERMISSION_ALIASES).find(([, documentName]) => documentName === permission)?.[0];

export const isKnownPermission = (permission: string): boolean =>
	(STAFF_PERMISSIONS as readonly string[]).includes(permission) || DOCUMENT_PERMISSIONS.includes(permission);

/** The document's name of a permission (GET /staff/staffpermissions shows those). */
export const documentPermission = (permission: string): string =>
	DOCUMENT_PERMISSIONS.includes(permission) ? permission : (PERMISSION_ALIASES[permission] ?? permission);

export interface StaffPermissions {
	StaffId: number;
	/** The permission group the staff member is in (UpdateStaffPermissions assigns one). */
	GroupName: string;
	Granted: StaffPermission[];
}

/** A permission group: UpdateStaffPermissions gives a staff member the group's permissions. */
export interface PermissionGroup {
	Name: string;
	Permissions: StaffPermission[];
	IpRestricted: boolean;
}

/** A staff member's settings for one appointment session type (AssignStaffSessionType). */
export interface StaffSessionTypeSetting {
	StaffId: number;
	SessionTypeId: number;
	TimeLength: number | null;
	PrepTime: number | null;
	FinishTime: number | null;
	PayRateType: string;
	PayRateAmount: number;
}

/** Staff, payroll and permission records of a site (rest/v6/staff*.ts read and change them). */
export interface StaffRecords extends Counted {
	permissions: StaffPermissions[];
	groups: PermissionGroup[];
	sessionTypes: StaffSessionTypeSetting[];
}

/** Client-facing permissions every staff member starts with (none the spec's rules name). */
const STAFF_BASELINE = [
	'ViewPersonalAppointmentSchedule',
	'ViewClientProfileScreen',
	'EditClientProfileScreen',
	'ViewContactLogs',
	'AddContactLogs',
];

const FRONT_DESK = [
	...STAFF_BASELINE,
	'LaunchSignInScreen',
	'AddClient',
	'ViewAppointmentSchedule',
	'ViewClassAndEventReservations',
	'BookClassesAndEvents',
	'MakeSales',
];

const MANAGER_EXCLUDES = ['ManagePermissionGroups', 'ManageStaffPayRates', 'PayrollReportsForAllStaff'];

export const PERMISSION_GROUPS: PermissionGroup[] = [
	{ Name: 'Owner', Permissions: [...STAFF_PERMISSIONS, ...DOCUMENT_PERMISSIONS], IpRestricted: false },
	{
		Name: 'Manager',
		Permissions: [
			...STAFF_PERMISSIONS.filter((p) => p !== 'ManageStaffPayRates'),
			...DOCUMENT_PERMISSIONS.filter((p) => !MANAGER_EXCLUDES.includes(p)),
		],
		IpRestricted: false,
	},
	{ Name: 'Front Desk', Permissions: FRONT_DESK, IpRestricted: true },
	{ Name: 'Staff', Permissions: STAFF_BASELINE, IpRestricted: false },
];

export function generateStaffRecords(_rand: Random, staff: Staff[], logins: StaffLogin[]): StaffRecords {
	const owner = logins.find((login) => login.Type === 'Staff' && login.ReadsAllCalendars)?.UserId;
	const groups = PERMISSION_GROUPS.map((group) => ({ ...group, Permissions: [...group.Permissions] }));
	return {
		permissions: staff.map((member) => permissionsOf(groups, member.Id, member.Id === owner ? 'Owner' : 'Staff')),
		groups,
		sessionTypes: [],
		nextIds: {},
	};
}

/** A staff member's permission record holding the group's permissions. */
export function permissionsOf(groups: PermissionGroup[], staffId: number, groupName: string): StaffPermissions {
	const group = groups.find((entry) => entry.Name === groupName)!;
	return { StaffId: staffId, GroupName: group.Name, Granted: [...group.Permissions] };
}

/** Whether the staff member holds the permission (by the spec's or the document's name). */
export function hasPermission(records: StaffRecords, staffId: number, permission: StaffPermission): boolean {
	const alias = aliasOf(permission);
	return records.permissions.some(
		(entry) =>
			entry.StaffId === staffId &&
			(entry.Granted.includes(permission) || (alias !== undefined && entry.Granted.includes(alias))),
	);
}

/** Grants and revokes permissions (the admin API); a revoke takes the alias away too. */
export function changePermissions(
	records: StaffRecords,
	staffId: number,
	grant: readonly string[],
	revoke: readonly string[],
): StaffPermissions {
	let entry = records.permissions.find((candidate) => candidate.StaffId === staffId);
	if (!entry) {
		entry = { StaffId: staffId, GroupName: 'Staff', Granted: [] };
		records.permissions.push(entry);
	}
	const gone = new Set(revoke.flatMap((permission) => [permission, aliasOf(permission)].filter(Boolean) as string[]));
	entry.Granted = [...new Set([...entry.Granted.filter((permission) => !gone.has(permission)), ...grant])];
	return entry;
}
