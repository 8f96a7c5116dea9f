import { hasPermission, type StaffPermission } from '../../data/staffRecords';
import type { Client } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';

/**
 * Who may do what in the v6 class and appointment calls, and the lookups they share. Errors use
 * the v6 shape: 401 Unauthorized without a staff token where one is needed, 403 PermissionDenied
 * when the token's staff lacks a permission (spec rules 1 and 6).
 */

export const PERMISSION_MESSAGES: Record<StaffPermission, string> = {
	ManageClassSchedules: 'Staff member does not have permission to manage class schedules.',
	CancelReservations: 'Staff member does not have permission to cancel reservations.',
	MakeUnpaidReservation: 'Staff member does not have permission to make unpaid reservations.',
	LaunchSignInScreen: 'Staff member does not have permission to launch the sign-in screen.',
	ManageStaffPayRates: 'Staff member does not have permission to manage staff pay rates.',
	ModifyAppointments: 'Staff member does not have permission to modify appointments.',
	BookAppointmentsForAllStaff: 'Staff member does not have permission to book appointments for other staff members.',
};

export const needsStaffToken = () =>
	v6Error(401, 'Unauthorized', 'This operation needs a staff user token (Authorization: Bearer <token>).');

/** Whether the token's staff member holds the permission (no staff token: no permission). */
export const staffMay = (call: RestCall, permission: StaffPermission) =>
	isStaff(call) && hasPermission(call.site.staffRecords, call.user!.UserId, permission);

/**
 * A staff token holding every permission named, all checked before anything changes; the first
 * one missing answers. Undefined when the caller may go on.
 */
export function requireStaff(call: RestCall, ...permissions: StaffPermission[]): SandboxResponse | undefined {
	if (!isStaff(call)) return needsStaffToken();
	const missing = permissions.find((permission) => !staffMay(call, permission));
	return missing ? v6Error(403, 'PermissionDenied', PERMISSION_MESSAGES[missing]) : undefined;
}

/** A client by its unique id (a number) or its public client id (text). */
export function findClient(call: RestCall, clientId?: unknown, uniqueId?: unknown): Client | undefined {
	const { clients } = call.site;
	if (typeof uniqueId === 'number') return clients.find((c) => c.Id === uniqueId);
	if (clientId === undefined || clientId === null || clientId === '') return undefined;
	return clients.find((c) => c.ClientId === String(clientId));
}

export const clientNotFound = (clientId: unknown) =>
	v6Error(404, 'ClientNotFound', `Client ${String(clientId)} was not found.`);

/** The bound body as a record (every v6 body the class and appointment calls take is an object). */
export const bodyOf = (call: RestCall) => (call.body ?? {}) as Record<string, unknown>;

export const isTest = (call: RestCall) => bodyOf(call).Test === true;
