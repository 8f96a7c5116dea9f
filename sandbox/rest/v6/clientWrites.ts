import type { SandboxResponse } from '../../context';
import { isoAt } from '../../data/dates';
import { newClient, peekClientId, takeClientId } from '../../data/people';
import { hasPermission } from '../../data/staffRecords';
import type { Client, SiteData } from '../../data/types';
import { v6Error, v6Json } from '../../v6/answers';
import { emit, isStaff, type RestCall } from '../call';
import {
	clientNotFound,
	emitClient,
	emitClientAt,
	findClient,
	isDuplicate,
	missing,
	named,
	sameEmail,
	touch,
} from './clientAccess';
import { applyRelationships, readClientFields, REGIONAL_FIELDS, type Fields } from './clientFields';
import { clientV6View, clientWithSuspensionView, withAction } from './clientViews';
import { otherRegionSites } from './siteViews';

/** AddClient, UpdateClient, MergeClients and CopyCreditCard: the writes on a client's record. */

const snapshot = (site: SiteData, client: Client) =>
	JSON.stringify([
		client,
		site.clientRecords.relationships.filter((r) => r.ClientId === client.Id || r.RelatedClientId === client.Id),
	]);

/** A value the site requires on a new client (GET /client/requiredclientfields). */
function missingRequired(call: RestCall, body: Fields): string[] {
	return call.site.clientRecords.requiredFields.filter((name) => {
		const value = body[name];
		return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
	});
}

/**
 * AddClient (rule 9): a duplicate (same first name, last name and e-mail) is refused with
 * InvalidClientCreation, unless it is inactive and ReactivateInactiveClient asks to bring it back;
 * HomeLocation defaults to the first active location and must be an active one (0, all
 * locations, only for a staff token); Test validates only. Emits client.created (Events rule 2).
 */
export function addClient(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const absent = missingRequired(call, body);
	if (absent.length)
		return v6Error(400, 'MissingRequiredFields', `The site requires these client fields: ${absent.join(', ')}.`);
	const patch = readClientFields(call, body, { allowAllLocations: isStaff(call) });
	if ('status' in patch) return patch;
	const wanted = { FirstName: '', LastName: '', Email: '', ...patch.fields } as Client;
	const duplicate = site.clients.find((client) => isDuplicate(client, wanted));
	if (duplicate) {
		if (duplicate.Status === 'Inactive' && body.ReactivateInactiveClient === true) {
			if (body.Test !== true) {
				duplicate.Status = 'Active';
				touch(duplicate, call.now);
				emitClient(call, 'client.updated', duplicate);
			}
			return v6Json({ Client: withAction(clientV6View(site, { ...duplicate, Status: 'Active' }), 'Updated') });
		}
		return v6Error(
			400,
			'InvalidClientCreation',
			`A client named ${duplicate.FirstName} ${duplicate.LastName} with the e-mail '${duplicate.Email}' already exists (ID ${duplicate.ClientId}).`,
		);
	}
	const newId = typeof body.NewId === 'string' && body.NewId.trim() ? body.NewId.trim() : undefined;
	if (newId && findClient(site, newId))
		return v6Error(400, 'InvalidClientCreation', `The client ID ${newId} is already in use at the site.`);
	const id = body.Test === true ? peekClientId(site) : takeClientId(site);
	const { Status: _ignored, ...fields } = patch.fields;
	const client = newClient(
		site,
		id,
		{ ...fields, FirstName: wanted.FirstName, LastName: wanted.LastName, ...(newId ? { ClientId: newId } : {}) },
		call.now,
	);
	if (body.Test === true) return v6Json({ Client: withAction(clientV6View(site, client), 'Added') });
	site.clients.push(client);
	applyRelationships(
		site,
		client,
		patch.relationships.filter((change) => !change.remove),
	);
	emitClient(call, 'client.created', client);
	return v6Json({ Client: withAction(clientV6View(site, client), 'Added') });
}

/**
 * Who may update a client: a consumer only their own profile; a staff member needs the
 * EditClientProfileScreen permission; a call without a user token acts as the source (allowed).
 */
function accessRejected(call: RestCall, client: Client): SandboxResponse | undefined {
	const user = call.user;
	if (!user) return undefined;
	const allowed =
		user.Type === 'Consumer'
			? user.UserId === client.Id
			: hasPermission(call.site.staffRecords, user.UserId, 'EditClientProfileScreen');
	return allowed
		? undefined
		: v6Error(
				403,
				'InvalidUserAccessLevel',
				user.Type === 'Consumer'
					? 'A consumer may update only their own client profile.'
					: `Staff member ${user.UserId} does not have the EditClientProfileScreen permission.`,
			);
}

/**
 * UpdateClient (rule 8): regional fields (RSSID, name, e-mail, birthday, phones, address) also
 * update the client's profiles at the other sites of the region (same e-mail); everything else
 * stays local. A duplicate is refused with InvalidClientUpdate; the access level check answers
 * 403 InvalidUserAccessLevel. client.updated is emitted only when something changed (adding or
 * removing a relationship and reactivating count); deactivating emits client.deactivated.
 */
export function updateClient(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const given = (body.Client ?? {}) as Fields;
	const client = findClient(
		site,
		typeof given.Id === 'string' ? given.Id : undefined,
		typeof given.UniqueId === 'number' ? given.UniqueId : undefined,
	);
	if (given.Id === undefined && given.UniqueId === undefined) return missing('Client.Id');
	if (!client) return clientNotFound(given.Id ?? given.UniqueId);
	const rejected = accessRejected(call, client);
	if (rejected) return rejected;
	const patch = readClientFields(call, given, { allowAllLocations: true, client });
	if ('status' in patch) return patch;
	const newId = typeof body.NewId === 'string' && body.NewId.trim() ? body.NewId.trim() : undefined;
	if (newId && newId !== client.ClientId) {
		if (findClient(site, newId))
			return v6Error(400, 'InvalidClientUpdate', `The client ID ${newId} is already in use at the site.`);
		patch.fields.ClientId = newId;
	}
	const candidate: Client = { ...client, ...patch.fields };
	const duplicate = site.clients.find((other) => other.Id !== client.Id && isDuplicate(other, candidate));
	if (duplicate)
		return v6Error(
			400,
			'InvalidClientUpdate',
			`The update would duplicate client ${duplicate.ClientId} (same first name, last name and e-mail).`,
		);
	if (body.Test === true) return v6Json({ Client: withAction(clientWithSuspensionView(site, candidate), 'None') });

	const before = snapshot(site, client);
	const wasActive = client.Status === 'Active';
	const previousEmail = client.Email;
	Object.assign(client, patch.fields);
	applyRelationships(site, client, patch.relationships);
	const changed = snapshot(site, client) !== before;
	if (changed) {
		touch(client, call.now);
		const emailChanged = previousEmail !== client.Email ? previousEmail : null;
		if (wasActive && client.Status === 'Inactive') emitClient(call, 'client.deactivated', client, emailChanged);
		else emitClient(call, 'client.updated', client, emailChanged);
	}
	updateRegion(call, previousEmail, patch.fields);
	return v6Json({ Client: withAction(clientWithSuspensionView(site, client), changed ? 'Updated' : 'None') });
}

/** Rule 8: the regional fields reach the client's profiles at the region's other sites. */
function updateRegion(call: RestCall, email: string, fields: Partial<Client>): void {
	const regional = Object.fromEntries(
		Object.entries(fields).filter(([name]) => REGIONAL_FIELDS.includes(name as keyof Client)),
	) as Partial<Client>;
	if (!Object.keys(regional).length) return;
	for (const site of otherRegionSites(call)) {
		for (const twin of site.clients.filter((candidate) => sameEmail(candidate.Email, email))) {
			const before = JSON.stringify(twin);
			const previousEmail = twin.Email;
			if (regional.ClientId && findClient(site, regional.ClientId)) delete regional.ClientId;
			Object.assign(twin, regional);
			if (JSON.stringify(twin) === before) continue;
			touch(twin, call.now);
			emitClientAt(call, site, 'client.updated', twin, previousEmail !== twin.Email ? previousEmail : null);
		}
	}
}

/** Records of other areas that name a client by its id: a merge moves them to the kept client. */
function moveRecords(site: SiteData, from: number, to: number): void {
	const move = <T extends { ClientId: number }>(rows: T[]) =>
		rows.forEach((row) => row.ClientId === from && (row.ClientId = to));
	move(site.appointments);
	move(site.appointmentRequests);
	move(site.sales);
	move(site.clientServices);
	move(site.classRecords.visits);
	move(site.saleRecords.clientContracts);
	move(site.saleRecords.clientMemberships);
	const records = site.clientRecords;
	move(records.arrivals);
	move(records.contactLogs);
	move(records.formulaNotes);
	move(records.rewards);
	move(records.documents);
	if (!records.directDebit.some((entry) => entry.ClientId === to)) move(records.directDebit);
	records.directDebit = records.directDebit.filter((entry) => entry.ClientId !== from);
	for (const relationship of records.relationships) {
		if (relationship.ClientId === from) relationship.ClientId = to;
		if (relationship.RelatedClientId === from) relationship.RelatedClientId = to;
	}
	records.relationships = records.relationships.filter((r) => r.ClientId !== r.RelatedClientId);
	site.clients.forEach((client) => client.CustodianId === from && (client.CustodianId = to));
}

/**
 * MergeClients: the source client's visits, sales, pricing options, contracts, notes and
 * relationships move to the target, its account balance is added, and it is removed.
 * Emits clientProfileMerger.created. A staff token needs MergeDuplicateClients.
 */
export function mergeClients(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	if (typeof body.SourceClientId !== 'number') return missing('SourceClientId');
	if (typeof body.TargetClientId !== 'number') return missing('TargetClientId');
	if (body.SourceClientId === body.TargetClientId)
		return v6Error(400, 'InvalidParameter', 'SourceClientId and TargetClientId must name two clients.');
	const source = findClient(site, undefined, body.SourceClientId);
	if (!source) return clientNotFound(body.SourceClientId);
	const target = findClient(site, undefined, body.TargetClientId);
	if (!target) return clientNotFound(body.TargetClientId);
	const user = call.user;
	if (user && (user.Type !== 'Staff' || !hasPermission(site.staffRecords, user.UserId, 'MergeDuplicateClients')))
		return v6Error(403, 'InvalidUserAccessLevel', 'Merging clients needs the MergeDuplicateClients permission.');
	moveRecords(site, source.Id, target.Id);
	target.AccountBalance = Math.round((target.AccountBalance + source.AccountBalance) * 100) / 100;
	target.CreditCard ??= source.CreditCard ?? null;
	site.clients.splice(site.clients.indexOf(source), 1);
	touch(target, call.now);
	emit(call, 'clientProfileMerger.created', {
		siteId: call.siteId,
		mergedByStaffId: user?.Type === 'Staff' ? user.UserId : 0,
		keptClientUniqueId: target.Id,
		removedClientUniqueId: source.Id,
		mergeDateTime: isoAt(call.now),
		keptClientId: target.ClientId,
	});
	return v6Json({});
}

/**
 * CopyCreditCard: the source client's card goes to the target client, at any site the API key
 * reaches; both must have the same e-mail address (the document's rule).
 */
export function copyCreditCard(call: RestCall): SandboxResponse {
	const body = call.body as Fields;
	const siteOf = (id: unknown) =>
		typeof id === 'number' && call.account.siteIds.includes(id) ? call.store.site(id) : undefined;
	const sourceSite = siteOf(body.SourceSiteId ?? call.siteId);
	const targetSite = siteOf(body.TargetSiteId ?? call.siteId);
	if (!sourceSite || !targetSite)
		return v6Error(403, 'InvalidSite', 'The API key is not linked to the source and target sites.');
	const lookup = (site: SiteData, id: unknown, unique: unknown) =>
		findClient(site, typeof id === 'string' ? id : undefined, typeof unique === 'number' ? unique : undefined);
	for (const side of ['Source', 'Target']) {
		if (!named(body[`${side}ClientId`]) && !named(body[`${side}UniqueClientId`])) {
			return missing(`${side}ClientId or ${side}UniqueClientId`);
		}
	}
	const source = lookup(sourceSite, body.SourceClientId, body.SourceUniqueClientId);
	if (!source) return clientNotFound(body.SourceClientId ?? body.SourceUniqueClientId);
	const target = lookup(targetSite, body.TargetClientId, body.TargetUniqueClientId);
	if (!target) return clientNotFound(body.TargetClientId ?? body.TargetUniqueClientId);
	if (!sameEmail(source.Email, target.Email))
		return v6Error(400, 'InvalidParameter', 'The source and target clients must have the same e-mail address.');
	if (!source.CreditCard) return v6Error(400, 'InvalidParameter', `Client ${source.ClientId} has no card on file.`);
	const before = JSON.stringify(target.CreditCard ?? null);
	target.CreditCard = { ...source.CreditCard };
	if (JSON.stringify(target.CreditCard) !== before) {
		touch(target, call.now);
		if (targetSite === call.site) emitClient(call, 'client.updated', target);
		else emitClientAt(call, targetSite, 'client.updated', target, null);
	}
	const side = (site: SiteData, client: Client) => ({
		ClientId: client.ClientId,
		UniqueId: client.Id,
		SiteId: site.settings.Id,
		FirstName: client.FirstName,
		LastName: client.LastName,
	});
	return v6Json({ CopiedFrom: side(sourceSite, source), CopiedTo: side(targetSite, target) });
}
