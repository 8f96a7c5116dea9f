import { fail, ok, siteOf, type AdminRoute } from '../../adminRoute';
import { byId } from '../views';
import { changePermissions, isKnownPermission } from '../../data/staffRecords';

/**
 * Admin routes of the v6 staff area (below /_sandbox). POST /staff/{staffId}/permissions with
 * {"grant": [...], "revoke": [...]} (names as the spec's rules or the document spell them, e.g.
 * LaunchSignInScreen, CancelReservations) lets a test take each permission branch; GET reads
 * them. `?siteId=` or {"siteId"} picks the site (the main one by default).
 */

const names = (value: unknown): string[] | undefined =>
	value === undefined ? [] : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

export const staffAdminRoutes: AdminRoute[] = [
	[
		'GET',
		/^\/staff\/(\d+)\/permissions$/,
		(req, deps, match) => {
			const site = siteOf(req, deps);
			if (!site) return fail(404, 'Unknown site.');
			const staffId = Number(match[1]);
			if (!byId(site.staff, staffId)) return fail(404, `No staff member ${staffId}.`);
			return ok(site.staffRecords.permissions.find((entry) => entry.StaffId === staffId) ?? null);
		},
	],
	[
		'POST',
		/^\/staff\/(\d+)\/permissions$/,
		(req, deps, match) => {
			const site = siteOf(req, deps);
			if (!site) return fail(404, 'Unknown site.');
			const staffId = Number(match[1]);
			if (!byId(site.staff, staffId)) return fail(404, `No staff member ${staffId}.`);
			const body = (req.body ?? {}) as { grant?: unknown; revoke?: unknown };
			const grant = names(body.grant);
			const revoke = names(body.revoke);
			if (!grant || !revoke) return fail(400, 'Send {"grant": [permission, ...], "revoke": [permission, ...]}.');
			const unknown = [...grant, ...revoke].filter((name) => !isKnownPermission(name));
			if (unknown.length) return fail(400, `Unknown permissions: ${unknown.join(', ')}.`);
			return ok(changePermissions(site.staffRecords, staffId, grant, revoke));
		},
	],
];
