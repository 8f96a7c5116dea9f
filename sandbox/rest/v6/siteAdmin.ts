import { fail, ok, type AdminRoute } from '../../adminRoute';
import { isSiteActive, setSiteActive } from './siteViews';

/**
 * Admin routes of the v6 site area (below /_sandbox): POST /sites/{siteId}/active with
 * {"active": false} marks a site inactive, for the cross-regional rules (rule 16:
 * excludeInactiveSites). Registered through staffAdminRoutes.
 */
export const siteAdminRoutes: AdminRoute[] = [
	[
		'POST',
		/^\/sites\/(-?\d+)\/active$/,
		(req, deps, match) => {
			const site = deps.store.site(Number(match[1]));
			if (!site) return fail(404, `No site ${match[1]}.`);
			const active = (req.body as { active?: unknown } | undefined)?.active;
			if (typeof active !== 'boolean') return fail(400, 'Send {"active": true|false}.');
			setSiteActive(site, active);
			return ok({ siteId: site.settings.Id, active: isSiteActive(site) });
		},
	],
];
