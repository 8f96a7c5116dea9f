import { newClient, takeClientId } from '../../data/people';
import type { Client, SiteData } from '../../data/types';
import type { RestCall } from '../call';
import { emitClient, sameEmail } from './clientAccess';
import { REGIONAL_FIELDS } from './clientFields';
import { isSiteActive, otherRegionSites } from './siteViews';

/**
 * Clients known at another site of the region (rules 6 and 12): found there, they get a local
 * profile here, made from the regional fields, which dispatches client.created.
 */

/** The client's profiles at the region's other (active) sites: same RSSID or same e-mail. */
export function regionalProfiles(
	call: RestCall,
	clientId: string,
	email?: string,
): Array<{ site: SiteData; client: Client }> {
	return otherRegionSites(call)
		.filter(isSiteActive)
		.flatMap((site) =>
			site.clients
				.filter((client) =>
					email ? sameEmail(client.Email, email) : client.ClientId.toLowerCase() === clientId.toLowerCase(),
				)
				.map((client) => ({ site, client })),
		);
}

/** A local profile of a client of another site of the region, added here (client.created). */
export function localProfile(call: RestCall, profile: Client): Client {
	const regionalFields = Object.fromEntries(REGIONAL_FIELDS.map((name) => [name, profile[name]]));
	const client = newClient(
		call.site,
		takeClientId(call.site),
		{ ...(regionalFields as Partial<Client>), FirstName: profile.FirstName, LastName: profile.LastName },
		call.now,
	);
	call.site.clients.push(client);
	emitClient(call, 'client.created', client);
	return client;
}
