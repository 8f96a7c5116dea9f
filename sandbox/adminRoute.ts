import type { Clock } from './clock';
import type { CallerBook } from './console/callers';
import type { EventCause, SandboxContext, SandboxResponse } from './context';
import { MAIN_SITE_ID } from './data/accounts';
import type { RestStore } from './data/store';
import type { SandboxSize, SiteData } from './data/types';
import type { Faults } from './faults';
import type { RequestLog } from './requestLog';
import type { AdminRequest } from './server';

/**
 * What an admin route is and the helpers routes share: the admin API's table (admin.ts) and the
 * areas' own routes (rest/v6/*Admin.ts) both build on this, so neither imports the other.
 */

/** An event a REST call emitted, as handed to the webhook service. */
export interface EmittedEvent {
	eventId: string;
	eventData: Record<string, unknown>;
	cause: EventCause;
	at: string;
}

export interface AdminDeps {
	store: RestStore;
	log: RequestLog;
	faults: Faults;
	clock: Clock;
	context: SandboxContext;
	events: EmittedEvent[];
	/** Who made each logged request (the console's request list). */
	callers: CallerBook;
	reset(): void;
	reseed(seed: number, size?: SandboxSize): void;
	webhooksAdmin(method: string, subPath: string, body: unknown): Promise<SandboxResponse>;
	identityAdmin(method: string, subPath: string, body: unknown): SandboxResponse;
}

export const ok = (body: unknown, status = 200): SandboxResponse => ({ status, body });
export const fail = (status: number, error: string): SandboxResponse => ({ status, body: { error } });

export type Route = (
	req: AdminRequest,
	deps: AdminDeps,
	match: RegExpExecArray,
) => SandboxResponse | Promise<SandboxResponse>;

/** An admin route: method, path pattern (below /_sandbox), handler. */
export type AdminRoute = [string, RegExp, Route];

export const first = (req: AdminRequest, name: string) => req.query[name]?.[0];

/** The site a request names (`?siteId=` or `{"siteId"}`), the main site by default. */
export function siteOf(req: AdminRequest, deps: AdminDeps): SiteData | undefined {
	const siteId = Number(first(req, 'siteId') ?? (req.body as { siteId?: number })?.siteId ?? MAIN_SITE_ID);
	return deps.store.site(siteId);
}
