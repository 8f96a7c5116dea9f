import { fail, ok, siteOf, type AdminRoute } from '../adminRoute';
import { localDateOf } from '../data/zones';
import { businessOverview, identityOverview, requestOverview, webhookOverview } from './overview';
import { CONSOLE_PAGE } from './page';

/**
 * The console: GET /_sandbox/ serves the page; the page reads these routes (read-only) and uses the
 * admin API's own clock and fault routes (it moves the clock, adds and removes faults).
 *   GET overview/business?siteId=-99&day=YYYY-MM-DD   the day defaults to the studio's today: the
 *                                                    sandbox clock's date in the site's time zone
 *   GET overview/requests?limit=100                  newest first, keys and tokens masked
 *   GET overview/webhooks                            subscriptions with their delivery attempts
 *   GET overview/identity                            sign-ins and tokens issued, newest first, masked
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const consoleRoutes: AdminRoute[] = [
	['GET', /^\/$/, () => ({ status: 200, body: CONSOLE_PAGE, headers: { 'Content-Type': 'text/html; charset=utf-8' } })],
	[
		'GET',
		/^\/overview\/business$/,
		(req, deps) => {
			const site = siteOf(req, deps);
			if (!site) return fail(404, 'Unknown site.');
			// Without a day, the studio's today.
			const day = req.query.day?.[0] ?? localDateOf(site.settings.TimeZone, deps.clock.now());
			if (!DAY.test(day)) return fail(400, 'day is a date: YYYY-MM-DD.');
			return ok(businessOverview(site, [...deps.store.sites.values()], day));
		},
	],
	[
		'GET',
		/^\/overview\/requests$/,
		(req, deps) => {
			const limit = Number(req.query.limit?.[0] ?? 100);
			if (!Number.isInteger(limit) || limit < 1) return fail(400, 'limit is a positive whole number.');
			return ok(requestOverview(deps.log, deps.callers, limit));
		},
	],
	[
		'GET',
		/^\/overview\/webhooks$/,
		async (_req, deps) => {
			const [subscriptions, deliveries] = await Promise.all([
				deps.webhooksAdmin('GET', '/subscriptions', undefined),
				deps.webhooksAdmin('GET', '/deliveries', undefined),
			]);
			return ok(webhookOverview(subscriptions.body, deliveries.body));
		},
	],
	[
		'GET',
		/^\/overview\/identity$/,
		(_req, deps) => ok(identityOverview(deps.identityAdmin('GET', '/activity', undefined).body)),
	],
];
