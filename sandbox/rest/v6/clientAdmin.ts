import { fail, ok, siteOf, type AdminRoute } from '../../adminRoute';
import { isoAt } from '../../data/dates';
import { findClient } from './clientAccess';

/**
 * Admin routes of the v6 client area (below /_sandbox). POST /clients/{clientId}/late-change with
 * {"fields": {"City": "…"}, "stampedAgoMs": 240000} changes text fields of a client the way a
 * write the service lists late does: the change shows now, stamped (LastModifiedDateTime) when
 * the write began, `stampedAgoMs` before the sandbox's clock. No event is sent.
 */
export const clientAdminRoutes: AdminRoute[] = [
	[
		'POST',
		/^\/clients\/([^/]+)\/late-change$/,
		(req, deps, match) => {
			const site = siteOf(req, deps);
			if (!site) return fail(404, 'Unknown site.');
			const client = findClient(site, decodeURIComponent(match[1]));
			if (!client) return fail(404, `No client ${match[1]}.`);
			const body = (req.body ?? {}) as { fields?: Record<string, unknown>; stampedAgoMs?: unknown };
			const ago = Number(body.stampedAgoMs);
			const fields = Object.entries(body.fields ?? {});
			if (!(ago >= 0) || !fields.length || fields.some(([, value]) => typeof value !== 'string')) {
				return fail(
					400,
					'Send {"fields": {"City": "…"}, "stampedAgoMs": 240000}: text fields, and how long ago the write began.',
				);
			}
			const record = client as unknown as Record<string, unknown>;
			for (const [name, value] of fields) {
				if (typeof record[name] !== 'string' && record[name] !== null)
					return fail(400, `${name} is not a text field of a client.`);
				record[name] = value;
			}
			client.LastModifiedDateTime = isoAt(deps.clock.now() - ago);
			return ok(client);
		},
	],
];
