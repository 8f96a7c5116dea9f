import { consoleRoutes } from './console/routes';
import type { SandboxResponse } from './context';
import type { SandboxSize, SiteData } from './data/types';
import type { FaultSpec } from './faults';
import { SEEDED_CONSUMER_TOKEN } from './rest/userTokens';
import { clientAdminRoutes } from './rest/v6/clientAdmin';
import { saleAdminRoutes } from './rest/v6/saleAdmin';
import { siteAdminRoutes } from './rest/v6/siteAdmin';
import { staffAdminRoutes } from './rest/v6/staffAdmin';
import { fail, first, ok, siteOf, type AdminDeps, type AdminRoute, type Route } from './adminRoute';
import type { AdminRequest } from './server';

export type { AdminDeps, EmittedEvent } from './adminRoute';

const MALFORMED = Symbol('malformed');

function jsonOf(raw: string): unknown {
	if (!raw.trim()) return undefined;
	try {
		return JSON.parse(raw);
	} catch {
		return MALFORMED;
	}
}

/** Turns a business setting on or off, e.g. online booking (consumer booking books or requests). */
const setting =
	(name: 'AllowOnlineBooking' | 'ShowOpenSpaces'): Route =>
	(req, deps) => {
		const enabled = (req.body as { enabled?: unknown })?.enabled;
		if (typeof enabled !== 'boolean') return fail(400, 'Send {"enabled": true|false}.');
		const site = siteOf(req, deps);
		if (!site) return fail(404, 'Unknown site.');
		site.settings[name] = enabled;
		return ok({ ...site.settings });
	};

const ROUTES: AdminRoute[] = [
	['POST', /^\/reset$/, (_req, deps) => (deps.reset(), ok({ reset: true }))],
	[
		'POST',
		/^\/reseed$/,
		(req, deps) => {
			const { seed, size } = (req.body ?? {}) as { seed?: unknown; size?: SandboxSize };
			if (typeof seed !== 'number' || !Number.isInteger(seed))
				return fail(400, 'Send {"seed": <integer>, "size"?: {...}}.');
			deps.reseed(seed, size);
			return ok({ seed, size: size ?? {} });
		},
	],
	[
		'GET',
		/^\/clock$/,
		(_req, deps) =>
			ok({
				now: deps.clock.iso(),
				epochMs: deps.clock.now(),
				pendingTimers: deps.clock.pending().map((at) => deps.clock.iso(at)),
			}),
	],
	[
		'POST',
		/^\/clock\/advance$/,
		async (req, deps) => {
			const ms = (req.body as { ms?: unknown })?.ms;
			if (typeof ms !== 'number' || ms < 0) return fail(400, 'Send {"ms": <non-negative number>}.');
			await deps.clock.advance(ms);
			return ok({ now: deps.clock.iso(), epochMs: deps.clock.now() });
		},
	],
	['GET', /^\/faults$/, (_req, deps) => ok(deps.faults.list())],
	[
		'POST',
		/^\/faults$/,
		(req, deps) => {
			try {
				return ok(deps.faults.add(req.body as FaultSpec), 201);
			} catch (error) {
				return fail(400, (error as Error).message);
			}
		},
	],
	['DELETE', /^\/faults$/, (_req, deps) => (deps.faults.clear(), ok({ cleared: true }))],
	['DELETE', /^\/faults\/(\d+)$/, (_req, deps, m) => (deps.faults.remove(Number(m[1])), ok({ removed: Number(m[1]) }))],
	[
		'GET',
		/^\/requests$/,
		(req, deps) => {
			try {
				return ok(
					deps.log.list({
						service: first(req, 'service'),
						path: first(req, 'path'),
						method: first(req, 'method'),
						operation: first(req, 'operation'),
					}),
				);
			} catch (error) {
				return fail(400, (error as Error).message);
			}
		},
	],
	['DELETE', /^\/requests$/, (_req, deps) => (deps.log.clear(), ok({ cleared: true }))],
	['GET', /^\/emails$/, (_req, deps) => ok(deps.context.emails)],
	['DELETE', /^\/emails$/, (_req, deps) => (deps.context.emails.splice(0), ok({ cleared: true }))],
	['GET', /^\/events$/, (_req, deps) => ok(deps.events)],
	['DELETE', /^\/events$/, (_req, deps) => (deps.events.splice(0), ok({ cleared: true }))],
	[
		'GET',
		/^\/accounts$/,
		(_req, deps) =>
			ok({
				accounts: deps.context.accounts,
				sites: [...deps.store.sites.values()].map((site) => ({
					...site.settings,
					logins: site.logins,
				})),
				consumerToken: SEEDED_CONSUMER_TOKEN,
			}),
	],
	['GET', /^\/state$/, (req, deps) => ok(Object.keys(siteOf(req, deps) ?? {}).filter((key) => key !== 'nextIds'))],
	[
		'GET',
		/^\/state\/([A-Za-z]+)$/,
		(req, deps, m) => {
			const site = siteOf(req, deps);
			if (!site) return fail(404, 'Unknown site.');
			const key = Object.keys(site).find((name) => name.toLowerCase() === m[1].toLowerCase());
			return key ? ok(site[key as keyof SiteData]) : fail(404, `No collection ${m[1]}.`);
		},
	],
	['POST', /^\/business\/online-booking$/, setting('AllowOnlineBooking')],
	['POST', /^\/business\/show-open-spaces$/, setting('ShowOpenSpaces')],
	[
		'POST',
		/^\/paging$/,
		(req, deps) => {
			const { maxPageSize: max, over = 'cap' } = (req.body ?? {}) as { maxPageSize?: unknown; over?: unknown };
			if (
				(max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 1)) ||
				(over !== 'cap' && over !== 'refuse')
			)
				return fail(400, 'Send {"maxPageSize": <positive integer> | null, "over": "cap" | "refuse"}.');
			deps.store.maxPageSize = max ?? undefined;
			deps.store.oversizedPages = over;
			return ok({ maxPageSize: max, over });
		},
	],
	...staffAdminRoutes,
	...clientAdminRoutes,
	...siteAdminRoutes,
	...saleAdminRoutes,
	...consoleRoutes,
];

/**
 * The admin API under /_sandbox: reset and reseed, the clock, faults, the request log, e-mails,
 * emitted events, state and business settings, the console page (GET /_sandbox/) and what it reads;
 * /_sandbox/webhooks/* goes to the webhook service, /_sandbox/identity/* to the identity service.
 */
export function createAdmin(deps: AdminDeps) {
	return async (req: AdminRequest): Promise<SandboxResponse> => {
		const path = req.path.replace(/\/+$/, '') || '/';
		// The admin API speaks JSON whatever the Content-Type says (curl -d sends a form type).
		const body = jsonOf(req.rawBody);
		if (body === MALFORMED) return fail(400, 'The body is not valid JSON.');
		const webhooks = /^\/webhooks(\/.*)?$/i.exec(path);
		if (webhooks) return deps.webhooksAdmin(req.method, webhooks[1] ?? '/', body);
		const identity = /^\/identity(\/.*)?$/i.exec(path);
		if (identity) return deps.identityAdmin(req.method, identity[1] ?? '/', body);
		for (const [method, pattern, route] of ROUTES) {
			const match = pattern.exec(path);
			if (match && method === req.method) return route({ ...req, body }, deps, match);
		}
		return fail(404, `No admin route ${req.method} ${path}.`);
	};
}
