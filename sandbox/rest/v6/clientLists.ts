import type { SandboxResponse } from '../../context';
import { dateOf } from '../../data/dates';
import type { Client, SiteData } from '../../data/types';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { clientNotFound, findClient, missing, sameEmail } from './clientAccess';
import {
	clientContractV6View,
	clientMembershipV6View,
	clientServiceV6View,
	clientV6View,
	clientWithSuspensionView,
	isCurrentService,
	purchaseDateOf,
} from './clientViews';
import { isSiteActive, otherRegionSites } from './siteViews';

/** The client reads: clients, balances, duplicates, complete info, associations, settings. */

/** Rule 10 and the document: at most 20 client IDs per request. */
export const MAX_CLIENT_IDS = 20;

/** Oldest change first, then UniqueId: a poller reads new and changed clients in order. */
/** ISO date-times of one form order as text; comparing them as text is faster than localeCompare. */
const byChange = (a: Client, b: Client) =>
	a.LastModifiedDateTime < b.LastModifiedDateTime
		? -1
		: a.LastModifiedDateTime > b.LastModifiedDateTime
			? 1
			: a.Id - b.Id;

const contains = (value: string | undefined, text: string) => (value ?? '').toLowerCase().includes(text);

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** searchText matches first, last or full name, e-mail, or a phone number (digits only). */
function matchesSearch(client: Client, search: string): boolean {
	const text = search.trim().toLowerCase();
	if (!text) return true;
	const phone = digits(text);
	return (
		contains(client.FirstName, text) ||
		contains(client.LastName, text) ||
		contains(`${client.FirstName} ${client.LastName}`, text) ||
		contains(client.Email, text) ||
		contains(client.ClientId, text) ||
		(phone.length >= 4 &&
			[client.MobilePhone, client.HomePhone, client.WorkPhone].some((number) => digits(number).includes(phone)))
	);
}

/**
 * GET /client/clients: clientIDs (at most 20, rule 10), uniqueIds (not with clientIDs or
 * searchText), searchText, isProspect, includeInactive (default false), lastModifiedDate (changed
 * on or after it); paged in the order of LastModifiedDateTime, then UniqueId.
 */
export function getClients(call: RestCall): SandboxResponse {
	const { params } = call;
	const ids = params.strs('request.clientIDs');
	const uniqueIds = params.ints('request.uniqueIds');
	const search = params.str('request.searchText');
	if (ids && ids.length > MAX_CLIENT_IDS)
		return v6Error(
			400,
			'InvalidParameter',
			`request.clientIDs holds ${ids.length} IDs: at most ${MAX_CLIENT_IDS} clients can be fetched at once.`,
		);
	if (uniqueIds && (ids || search !== undefined))
		return v6Error(
			400,
			'InvalidParameter',
			'request.uniqueIds cannot be used with request.clientIDs or request.searchText.',
		);
	const wanted = ids?.map((id) => id.toLowerCase());
	const prospect = params.bool('request.isProspect');
	const since = params.time('request.lastModifiedDate');
	const includeInactive = params.bool('request.includeInactive') ?? false;
	const rows = call.site.clients
		.filter(
			(client) =>
				(includeInactive || client.Status === 'Active') &&
				(!wanted || wanted.includes(client.ClientId.toLowerCase())) &&
				(!uniqueIds || uniqueIds.includes(client.Id)) &&
				(search === undefined || matchesSearch(client, search)) &&
				(prospect === undefined || (client.IsProspect ?? false) === prospect) &&
				(since === undefined || Date.parse(client.LastModifiedDateTime) >= since),
		)
		.sort(byChange);
	return v6Page(call, 'Clients', rows, {}, (client) => clientWithSuspensionView(call.site, client));
}

/** GET /client/clientaccountbalances: the clients' AccountBalance (changed by sales and returns). */
export function getAccountBalances(call: RestCall): SandboxResponse {
	const ids = call.params.strs('request.clientIds') ?? [];
	if (ids.length > 200) return v6Error(400, 'InvalidParameter', 'request.clientIds holds more than 200 IDs.');
	const clients = ids.map((id) => findClient(call.site, id));
	const unknown = ids.find((_, index) => !clients[index]);
	if (unknown !== undefined) return clientNotFound(unknown);
	return v6Page(
		call,
		'Clients',
		(clients as Client[]).map((client) => clientV6View(call.site, client)),
	);
}

/** GET /client/clientduplicates: clients with the same first name, last name and e-mail. */
export function getDuplicates(call: RestCall): SandboxResponse {
	const first = call.params.str('request.firstName')?.trim().toLowerCase();
	const last = call.params.str('request.lastName')?.trim().toLowerCase();
	const email = call.params.str('request.email')?.trim().toLowerCase();
	if (!first && !last && !email)
		return v6Error(400, 'MissingRequiredFields', 'Give request.firstName, request.lastName or request.email.');
	const rows = call.site.clients
		.filter(
			(client) =>
				(!first || client.FirstName.toLowerCase() === first) &&
				(!last || client.LastName.toLowerCase() === last) &&
				(!email || client.Email.toLowerCase() === email),
		)
		.sort((a, b) => a.Id - b.Id)
		.map((client) => ({
			Id: client.ClientId,
			UniqueId: client.Id,
			FirstName: client.FirstName,
			LastName: client.LastName,
			Email: client.Email,
		}));
	return v6Page(call, 'ClientDuplicates', rows);
}

const REQUIRED_DATA: Record<string, string> = {
	services: 'ClientServices',
	contracts: 'ClientContracts',
	memberships: 'ClientMemberships',
	arrivalprograms: 'ClientArrivals',
};

/** The same person's profiles at the region's other sites (same e-mail). */
function regionalTwins(call: RestCall, client: Client, excludeInactiveSites: boolean) {
	return otherRegionSites(call)
		.filter((site) => !excludeInactiveSites || isSiteActive(site))
		.flatMap((site) =>
			site.clients.filter((other) => sameEmail(other.Email, client.Email)).map((other) => ({ site, client: other })),
		);
}

/**
 * GET /client/clientcompleteinfo (rule 16): the client with its pricing options (site.clientServices),
 * contracts and memberships (site.saleRecords) and arrival programs (from its arrivals and options).
 * startDate / endDate filter options by purchase date, or by activation with useActivateDate;
 * showActiveOnly keeps current ones; crossRegionalLookup adds the region's other sites and
 * leaves out location-restricted options; requiredClientData picks the lists.
 */
export function getCompleteInfo(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const client = findClient(site, params.str('request.clientId'), params.int('request.uniqueClientId'));
	if (!client) return clientNotFound(params.int('request.uniqueClientId') ?? params.str('request.clientId'));
	if (call.user?.Type === 'Consumer' && call.user.UserId !== client.Id)
		return v6Error(403, 'InvalidUserAccessLevel', 'A consumer may read only their own client profile.');
	const wanted = params.strs('request.requiredClientData');
	const lists = new Set<string>();
	for (const value of wanted ?? Object.keys(REQUIRED_DATA)) {
		const list = REQUIRED_DATA[value.toLowerCase()];
		if (!list)
			return v6Error(
				400,
				'InvalidParameter',
				`request.requiredClientData '${value}' is not one of Contracts, Services, Memberships, ArrivalPrograms.`,
			);
		lists.add(list);
	}
	const today = dateOf(call.now);
	const start = params.time('request.startDate');
	const end = params.time('request.endDate');
	const byActivation = params.bool('request.useActivateDate') ?? false;
	const activeOnly = params.bool('request.showActiveOnly') ?? false;
	const crossRegional = params.bool('request.crossRegionalLookup') ?? false;
	const excludeInactive = params.bool('request.excludeInactiveSites') ?? false;
	const from = start === undefined ? undefined : dateOf(start);
	const to = end === undefined ? undefined : dateOf(end);
	const profiles = [{ site, client }, ...(crossRegional ? regionalTwins(call, client, excludeInactive) : [])];
	const services = profiles.flatMap(({ site: at, client: held }) =>
		at.clientServices
			.filter((service) => {
				if (service.ClientId !== held.Id) return false;
				const day = byActivation ? service.ActiveDate : purchaseDateOf(service);
				if (from !== undefined && day < from) return false;
				if (to !== undefined && day > to) return false;
				if (activeOnly && !isCurrentService(service, today)) return false;
				// Rule 16: a cross-regional lookup leaves out location-restricted options.
				return !crossRegional || at.locations.every((location) => service.LocationIds.includes(location.Id));
			})
			.map((service) => clientServiceV6View(at, service, today)),
	);
	const contracts = profiles.flatMap(({ site: at, client: held }) =>
		at.saleRecords.clientContracts
			.filter((contract) => contract.ClientId === held.Id)
			.map((contract) => clientContractV6View(at, contract)),
	);
	const memberships = profiles.flatMap(({ site: at, client: held }) =>
		at.saleRecords.clientMemberships
			.filter((membership) => membership.ClientId === held.Id)
			.map((membership) => clientMembershipV6View(at, membership, today)),
	);
	const answer: Record<string, unknown> = { Client: clientWithSuspensionView(site, client) };
	if (lists.has('ClientServices')) answer.ClientServices = services;
	if (lists.has('ClientContracts')) answer.ClientContracts = contracts;
	if (lists.has('ClientMemberships')) answer.ClientMemberships = memberships;
	if (lists.has('ClientArrivals')) answer.ClientArrivals = arrivalPrograms(site, client, today);
	return v6Json(answer);
}

/**
 * Arrival programs: the programs of the client's arrivals and current options. CanAccess when a
 * current option of the program has sessions left; LocationsIDs where it can arrive.
 */
function arrivalPrograms(site: SiteData, client: Client, today: string) {
	const current = site.clientServices.filter((s) => s.ClientId === client.Id && isCurrentService(s, today));
	const arrived = site.clientRecords.arrivals.filter((arrival) => arrival.ClientId === client.Id);
	const programIds = [
		...new Set([
			...current.map((service) => service.ProgramId),
			...arrived.flatMap((arrival) => (arrival.ProgramId ? [arrival.ProgramId] : [])),
		]),
	].sort((a, b) => a - b);
	return programIds.map((programId) => {
		const options = current.filter((service) => service.ProgramId === programId);
		const locations = options.length
			? options.flatMap((service) => service.LocationIds)
			: arrived.filter((arrival) => arrival.ProgramId === programId).map((arrival) => arrival.LocationId);
		return {
			ArrivalProgramID: programId,
			ArrivalProgramName: site.programs.find((program) => program.Id === programId)?.Name ?? '',
			CanAccess: options.length > 0,
			LocationsIDs: [...new Set(locations)].sort((a, b) => a - b),
		};
	});
}

/**
 * GET /client/crossregionalclientassociations (rule 16): the client's profiles at every site of
 * the region, found by UniqueId, ID or e-mail; excludeInactiveSites defaults to true.
 */
export function getCrossRegionalAssociations(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const email = params.str('request.email');
	const uniqueId = params.int('request.uniqueClientId');
	const clientId = params.str('request.clientId');
	if (uniqueId === undefined && !clientId && !email)
		return missing('request.uniqueClientId, request.clientId or request.email');
	const local = uniqueId !== undefined || clientId ? findClient(site, clientId, uniqueId) : undefined;
	if ((uniqueId !== undefined || clientId) && !local) return clientNotFound(uniqueId ?? clientId);
	const address = local?.Email ?? email!;
	const first = params.str('request.firstName')?.toLowerCase();
	const last = params.str('request.lastName')?.toLowerCase();
	const excludeInactive = params.bool('request.excludeInactiveSites') ?? true;
	const sites = [site, ...otherRegionSites(call)].filter((at) => !excludeInactive || isSiteActive(at));
	const rows = sites.flatMap((at) =>
		at.clients
			.filter((other) =>
				local && at === site
					? other === local
					: sameEmail(other.Email, address) &&
						(local !== undefined ||
							((!first || other.FirstName.toLowerCase() === first) &&
								(!last || other.LastName.toLowerCase() === last))),
			)
			.map((other) => ({
				SiteId: at.settings.Id,
				ClientId: other.ClientId,
				UniqueId: other.Id,
				SiteIsActive: isSiteActive(at),
			})),
	);
	return v6Page(call, 'CrossRegionalClientAssociations', rows);
}

/** GET /client/clientindexes: the site's indexes and values; requiredOnly keeps required ones. */
export function getClientIndexes(call: RestCall): SandboxResponse {
	const requiredOnly = call.params.bool('request.requiredOnly') ?? false;
	const indexes = call.site.clientRecords.indexes
		.filter((index) => !requiredOnly || index.RequiredBizMode || index.RequiredConsumerMode)
		.sort((a, b) => a.SortOrder - b.SortOrder || a.Id - b.Id)
		.map((index) => ({
			Id: index.Id,
			Name: index.Name,
			RequiredBusinessMode: index.RequiredBizMode,
			RequiredConsumerMode: index.RequiredConsumerMode,
			Values: index.Values.map((value) => ({ Active: value.Active, Id: value.Id, Name: value.Name })),
			Action: 'None',
		}));
	return v6Json({ ClientIndexes: indexes });
}

export const getCustomFields = (call: RestCall) =>
	v6Page(
		call,
		'CustomClientFields',
		call.site.clientRecords.customFields.map((field) => ({ Id: field.Id, DataType: field.DataType, Name: field.Name })),
	);

export const getRequiredFields = (call: RestCall) =>
	v6Json({ RequiredClientFields: [...call.site.clientRecords.requiredFields] });

/** Active referral types; includeInactive adds the inactive ones and the subtypes. */
export function getReferralTypes(call: RestCall): SandboxResponse {
	const all = call.params.bool('request.includeInactive') ?? false;
	const names = call.site.clientRecords.referralTypes.flatMap((type) =>
		!all ? (type.Active ? [type.Name] : []) : [type.Name, ...type.SubTypes.map((sub) => `${type.Name}: ${sub}`)],
	);
	return v6Json({ ReferralTypes: names });
}
