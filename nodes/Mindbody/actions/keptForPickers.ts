import { DEFAULT_SITE_ID, restBaseOf } from '../../shared/auth/scope';
import type { RunSession } from '../../shared/transport';

/**
 * How long what a dropdown reads beside its list (the site's time zone, the session types that
 * name the appointments' services) is kept in the process. A studio all but never changes them,
 * and a stale one costs little: a zone changed shifts a list's days by the change, a session type
 * added leaves its appointments without the service's name until the next read. A node run still
 * reads its own zone (`siteZone`): the times it sends are booked in it.
 */
export const DROPDOWN_KEPT_MS = 60 * 60 * 1000;

/** What dropdowns read beside their lists, by what it is, service and site, with the time each was read. */
const keptBeside = new Map<string, { value: unknown; readAt: number }>();

/**
 * `what` of the credential's site for a dropdown: read once (`read`, given the site), then kept for
 * DROPDOWN_KEPT_MS (the time of the read compared on use), so a picker costs its list's call and no
 * more. A read that fails is not kept: the next open reads again.
 */
export async function keptForPickers<T>(run: RunSession, what: string, read: (site: number) => Promise<T>): Promise<T> {
	const { credentials } = await run.credentials();
	const site = Number(credentials.siteId ?? DEFAULT_SITE_ID);
	const key = `${what} ${restBaseOf(credentials)} ${site}`;
	const kept = keptBeside.get(key);
	if (kept && Date.now() - kept.readAt < DROPDOWN_KEPT_MS) return kept.value as T;
	const value = await read(site);
	keptBeside.set(key, { value, readAt: Date.now() });
	return value;
}
