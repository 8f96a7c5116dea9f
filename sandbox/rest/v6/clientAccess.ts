import type { SandboxResponse } from '../../context';
import { isoAt } from '../../data/dates';
import { hasPermission, type StaffPermission } from '../../data/staffRecords';
import type { Client, SiteData } from '../../data/types';
import { v6Error } from '../../v6/answers';
import { emit, type RestCall } from '../call';
import { clientEventData } from './clientViews';

/** Finding clients and checking who may act on them, shared by the client operations. */

/** A client by its ID (RSSID, text) or UniqueId; the UniqueId wins when both are given. */
export function findClient(site: SiteData, clientId?: string | null, uniqueId?: number | null): Client | undefined {
	if (uniqueId !== undefined && uniqueId !== null) return site.clients.find((client) => client.Id === uniqueId);
	if (clientId === undefined || clientId === null || clientId === '') return undefined;
	const wanted = String(clientId).toLowerCase();
	return site.clients.find((client) => client.ClientId.toLowerCase() === wanted);
}

/** Whether a body gave a value for an optional field (an empty text names nothing). */
export const named = (value: unknown) => value !== undefined && value !== null && value !== '';

export const clientNotFound = (clientId: unknown) =>
	v6Error(404, 'ClientNotFound', `Client ${String(clientId ?? '')} was not found.`);

export const staffNotFound = (staffId: unknown) =>
	v6Error(404, 'StaffNotFound', `Staff member ${String(staffId ?? '')} was not found.`);

/** An ID the call needs, missing: the document marks few ids required, the service needs them. */
export const missing = (name: string) => v6Error(400, 'MissingRequiredFields', `${name} is required.`);

/**
 * A staff user token whose staff member holds the permission: none is 401 (nobody is signed in),
 * a consumer's token or a staff member without the permission is 403 (signed in, not allowed).
 */
export function needsStaffPermission(
	call: RestCall,
	permission: StaffPermission,
	code = 'DeniedAccess',
	message?: string,
): SandboxResponse | undefined {
	const user = call.user;
	if (!user) {
		return v6Error(401, code, message ?? `A staff user token with the ${permission} permission is required.`);
	}
	if (user.Type !== 'Staff' || !hasPermission(call.site.staffRecords, user.UserId, permission)) {
		return v6Error(
			403,
			code,
			message ?? `The user token's holder does not have the ${permission} permission for this operation.`,
		);
	}
	return undefined;
}

/** Stamps a change of the client's data. */
export const touch = (client: Client, now: number) => {
	client.LastModifiedDateTime = isoAt(now);
};

/** Emits a client event of this call's site. */
export function emitClient(
	call: RestCall,
	eventId: 'client.created' | 'client.updated' | 'client.deactivated',
	client: Client,
	previousEmail: string | null = null,
): void {
	emit(call, eventId, clientEventData(call.site, client, previousEmail));
}

/** Emits a client event of another site of the region (a regional update reached it). */
export function emitClientAt(
	call: RestCall,
	site: SiteData,
	eventId: 'client.updated',
	client: Client,
	previousEmail: string | null,
): void {
	call.ctx.emitEvent(eventId, clientEventData(site, client, previousEmail), {
		siteId: site.settings.Id,
		sourceName: call.account.sourceName,
		...(call.transactionKey !== undefined ? { transactionKey: call.transactionKey } : {}),
	});
}

/** The same person at another site of the region: same e-mail address (any case). */
export const sameEmail = (a: string, b: string) => a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether two clients would be duplicates: same first name, last name and e-mail, any case. */
export const isDuplicate = (a: Pick<Client, 'FirstName' | 'LastName' | 'Email'>, b: typeof a) =>
	a.FirstName.trim().toLowerCase() === b.FirstName.trim().toLowerCase() &&
	a.LastName.trim().toLowerCase() === b.LastName.trim().toLowerCase() &&
	a.Email.trim().toLowerCase() === b.Email.trim().toLowerCase();
