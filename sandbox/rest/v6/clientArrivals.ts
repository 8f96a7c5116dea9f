import type { SandboxResponse } from '../../context';
import { dateOf, isoAt, MINUTE } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { Client, ClientService, SiteData } from '../../data/types';
import { v6Error, v6Json } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { findClient, missing, needsStaffPermission } from './clientAccess';
import type { Fields } from './clientFields';
import { localProfile, regionalProfiles } from './clientRegion';
import { clientServiceV6View, isCurrentService } from './clientViews';

/**
 * AddArrival (rule 12): a staff token whose staff holds LaunchSignInScreen (else Authorization
 * Required: 401 without a token, 403 for a token without the permission); arrivals of one client
 * at least 15 minutes apart; a client known only elsewhere in the region gets a local profile,
 * and a regional pricing option pays when no local one does. The check-in event's id and payload
 * are not shown in the spec: none is emitted.
 */

export const ARRIVAL_SPACING_MS = 15 * MINUTE;

/** An option pays for an arrival at the location today (of the program, when one is asked). */
const pays = (service: ClientService, today: string, programId: number | undefined, locationId?: number) =>
	isCurrentService(service, today) &&
	(programId === undefined || service.ProgramId === programId) &&
	(locationId === undefined || service.LocationIds.includes(locationId));

/** The option that expires first wins. */
const soonest = (services: ClientService[]) =>
	[...services].sort((a, b) => a.ExpirationDate.localeCompare(b.ExpirationDate) || a.Id - b.Id)[0];

/** A regional option: not restricted to some of its site's locations. */
function regionalOption(
	profiles: Array<{ site: SiteData; client: Client }>,
	today: string,
	programId: number | undefined,
): { site: SiteData; service: ClientService } | undefined {
	for (const { site, client } of profiles) {
		const options = site.clientServices.filter(
			(service) =>
				service.ClientId === client.Id &&
				pays(service, today, programId) &&
				site.locations.every((location) => service.LocationIds.includes(location.Id)),
		);
		if (options.length) return { site, service: soonest(options) };
	}
	return undefined;
}

export function addArrival(call: RestCall): SandboxResponse {
	const denied = needsStaffPermission(call, 'LaunchSignInScreen', 'AuthorizationRequired', 'Authorization Required');
	if (denied) return denied;
	const { site } = call;
	const body = call.body as Fields;
	const clientId = typeof body.ClientId === 'string' ? body.ClientId : undefined;
	if (!clientId) return missing('ClientId');
	const location = byId(site.locations, body.LocationId as number);
	if (!location || !location.Active)
		return v6Error(400, 'InvalidLocation', `LocationId ${String(body.LocationId)} is not an active location.`);
	const programId = typeof body.ArrivalTypeId === 'number' ? body.ArrivalTypeId : undefined;
	if (programId !== undefined && !byId(site.programs, programId))
		return v6Error(400, 'InvalidParameter', `ArrivalTypeId ${programId} is not a program of the site.`);

	let client = findClient(site, clientId);
	const elsewhere = client ? [] : regionalProfiles(call, clientId);
	if (!client && !elsewhere.length)
		return v6Error(404, 'ClientNotFound', `Client ${clientId} was not found in the region.`);
	if (client) {
		const last = site.clientRecords.arrivals
			.filter((arrival) => arrival.ClientId === client!.Id)
			.reduce((latest, arrival) => Math.max(latest, Date.parse(arrival.ArrivedAt)), -Infinity);
		if (call.now - last < ARRIVAL_SPACING_MS)
			return v6Error(
				400,
				'ArrivalTooSoon',
				`Client ${client.ClientId} arrived at ${isoAt(last)}: arrivals must be at least 15 minutes apart.`,
			);
	}

	const today = dateOf(call.now);
	const local = client
		? site.clientServices.filter((s) => s.ClientId === client!.Id && pays(s, today, programId, location.Id))
		: [];
	const regional = local.length
		? undefined
		: regionalOption(client ? regionalProfiles(call, clientId, client.Email) : elsewhere, today, programId);
	if (body.Test === true) {
		const service = local.length ? soonest(local) : regional?.service;
		const from = local.length ? site : regional?.site;
		return v6Json({ ArrivalAdded: false, ClientService: service ? clientServiceV6View(from!, service, today) : null });
	}

	if (!client) {
		// Rule 12: a cross-regional arrival makes a local profile from the regional one.
		client = localProfile(call, elsewhere[0].client);
	}
	const service = local.length ? soonest(local) : regional?.service;
	const from = local.length ? site : regional?.site;
	if (service) service.Remaining -= 1;
	const records = site.clientRecords;
	records.arrivals.push({
		Id: takeRecordId(
			records,
			'arrivals',
			records.arrivals.reduce((max, a) => Math.max(max, a.Id), 0),
		),
		ClientId: client.Id,
		LocationId: location.Id,
		StaffId: call.user!.UserId,
		ArrivedAt: isoAt(call.now),
		ClientServiceId: service?.Id ?? null,
		ProgramId: service?.ProgramId ?? programId ?? null,
		ServiceSiteId: service && from !== site ? from!.settings.Id : null,
	});
	return v6Json({ ArrivalAdded: true, ClientService: service ? clientServiceV6View(from!, service, today) : null });
}
