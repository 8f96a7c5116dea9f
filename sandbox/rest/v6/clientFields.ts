import type { SandboxResponse } from '../../context';
import type { ClientRelationship } from '../../data/clientRecords';
import { dateOf, isoAt, parseWhen } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { Client, SiteData } from '../../data/types';
import { v6Error } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { findClient } from './clientAccess';

/**
 * The document's client fields (AddClient's body, UpdateClient's Client) read into the sandbox's
 * Client record: each value checked against the site's state (locations, indexes, custom fields,
 * sales reps, relationship types, prospect stages, mobile providers).
 */

export type Fields = Record<string, unknown>;

const TEXT_FIELDS = [
	'FirstName',
	'MiddleName',
	'LastName',
	'Email',
	'MobilePhone',
	'HomePhone',
	'WorkPhone',
	'WorkExtension',
	'AddressLine1',
	'AddressLine2',
	'City',
	'State',
	'PostalCode',
	'Country',
	'ReferredBy',
	'Notes',
	'RedAlert',
	'YellowAlert',
	'PhotoUrl',
	'LockerNumber',
	'EmergencyContactInfoName',
	'EmergencyContactInfoEmail',
	'EmergencyContactInfoPhone',
	'EmergencyContactInfoRelationship',
	'Gender',
] as const;

const FLAG_FIELDS = [
	'IsProspect',
	'IsCompany',
	'SendAccountEmails',
	'SendAccountTexts',
	'SendPromotionalEmails',
	'SendPromotionalTexts',
	'SendScheduleEmails',
	'SendScheduleTexts',
] as const;

/**
 * Fields that update at every site of the region (rule 8: RSSID, name, e-mail, birthday, phone,
 * address); the rest stay local (indexes, relationships, custom fields, sales reps, Send* flags,
 * gender and everything else).
 */
export const REGIONAL_FIELDS: ReadonlyArray<keyof Client> = [
	'ClientId',
	'FirstName',
	'MiddleName',
	'LastName',
	'Email',
	'BirthDate',
	'MobilePhone',
	'HomePhone',
	'WorkPhone',
	'WorkExtension',
	'AddressLine1',
	'AddressLine2',
	'City',
	'State',
	'PostalCode',
	'Country',
];

/** A relationship to add or remove (ClientRelationships, with Delete). */
export interface RelationshipChange {
	relatedId: number;
	/** Name1 when the client is the first side, else Name2 of the type. */
	name: string;
	typeId: number;
	forward: boolean;
	remove: boolean;
}

export interface ClientPatch {
	fields: Partial<Client>;
	relationships: RelationshipChange[];
}

const isRecord = (value: unknown): value is Fields =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const listOf = (value: unknown): Fields[] => (Array.isArray(value) ? value.filter(isRecord) : []);

const invalid = (message: string) => v6Error(400, 'InvalidParameter', message);

/** Reads the client fields of a body; `mode` says whether a home location of 0 is allowed. */
export function readClientFields(
	call: RestCall,
	source: Fields,
	options: { allowAllLocations: boolean; client?: Client },
): ClientPatch | SandboxResponse {
	const { site } = call;
	const fields: Partial<Client> = {};
	for (const name of TEXT_FIELDS) {
		const value = source[name];
		if (typeof value === 'string') fields[name] = value.trim();
	}
	for (const name of FLAG_FIELDS) {
		const value = source[name];
		if (typeof value === 'boolean') fields[name] = value;
	}
	if (typeof source.BirthDate === 'string') {
		const when = parseWhen(source.BirthDate);
		if (Number.isNaN(when) || when > call.now) return invalid(`BirthDate ${source.BirthDate} is not a past date.`);
		fields.BirthDate = dateOf(when);
	}
	if (typeof source.ApptGenderPrefMale === 'boolean') {
		fields.AppointmentGenderPreference = source.ApptGenderPrefMale ? 'Male' : 'Female';
	}
	if (typeof source.AppointmentGenderPreference === 'string') {
		fields.AppointmentGenderPreference = source.AppointmentGenderPreference as Client['AppointmentGenderPreference'];
	}
	if (fields.Gender !== undefined && fields.Gender !== '') {
		const option = site.clientRecords.genders.find((g) => g.Name.toLowerCase() === fields.Gender!.toLowerCase());
		if (!option) {
			const names = site.clientRecords.genders.map((g) => g.Name).join(', ');
			return invalid(`Gender ${fields.Gender} is not one of the site's genders (${names}).`);
		}
		fields.Gender = option.Name;
	}
	if (typeof source.Active === 'boolean') fields.Status = source.Active ? 'Active' : 'Inactive';
	if (typeof source.MembershipIcon === 'number') fields.MembershipIcon = source.MembershipIcon;
	if (typeof source.LeadChannelId === 'number') fields.LeadChannelId = source.LeadChannelId;
	if (typeof source.MobileProvider === 'number') {
		if (!byId(site.clientRecords.mobileProviders, source.MobileProvider))
			return invalid(`MobileProvider ${source.MobileProvider} is not a mobile provider of the site.`);
		fields.MobileProvider = source.MobileProvider;
	}
	if (isRecord(source.ProspectStage) && typeof source.ProspectStage.Id === 'number') {
		if (!byId(site.clientRecords.prospectStages, source.ProspectStage.Id))
			return invalid(`ProspectStage ${source.ProspectStage.Id} is not a prospect stage of the site.`);
		fields.ProspectStageId = source.ProspectStage.Id;
	}
	if (isRecord(source.HomeLocation) && typeof source.HomeLocation.Id === 'number') {
		const id = source.HomeLocation.Id;
		if (id === 0 && !options.allowAllLocations)
			return v6Error(
				400,
				'InvalidHomeLocation',
				'HomeLocation 0 (all locations) is allowed on update or when a staff member creates the client.',
			);
		if (id !== 0 && !site.locations.some((location) => location.Id === id && location.Active))
			return v6Error(400, 'InvalidHomeLocation', `HomeLocation ${id} is not an active location of the site.`);
		fields.HomeLocationId = id;
	}
	if (source.LiabilityRelease === true && !(options.client?.LiabilityRelease ?? false)) {
		fields.LiabilityRelease = true;
		fields.LiabilityAgreementDate = isoAt(call.now);
		fields.LiabilityReleasedBy = !call.user ? 0 : call.user.Type === 'Consumer' ? null : call.user.UserId;
	} else if (source.LiabilityRelease === false) {
		fields.LiabilityRelease = false;
		fields.LiabilityAgreementDate = null;
		fields.LiabilityReleasedBy = null;
	}
	if (isRecord(source.ClientCreditCard) && typeof source.ClientCreditCard.CardNumber === 'string') {
		const card = source.ClientCreditCard;
		const digits = String(card.CardNumber).replace(/\D/g, '');
		if (digits.length < 12) return invalid('ClientCreditCard.CardNumber is not a card number.');
		const text = (value: unknown) => (typeof value === 'string' ? value : '');
		fields.CreditCard = {
			CardType: text(card.CardType) || (digits.startsWith('4') ? 'Visa' : 'MasterCard'),
			LastFour: digits.slice(-4),
			ExpMonth: text(card.ExpMonth),
			ExpYear: text(card.ExpYear),
			CardHolder: text(card.CardHolder),
			Address: text(card.Address),
			City: text(card.City),
			State: text(card.State),
			PostalCode: text(card.PostalCode),
		};
	}
	const indexes = readIndexes(site, source.ClientIndexes, options.client);
	if ('status' in indexes) return indexes;
	if (indexes.value) fields.ClientIndexes = indexes.value;
	const custom = readCustomFields(site, source.CustomClientFields, options.client);
	if ('status' in custom) return custom;
	if (custom.value) fields.CustomClientFields = custom.value;
	if (Array.isArray(source.SalesReps)) {
		const reps: number[] = [];
		for (const rep of listOf(source.SalesReps)) {
			const staff =
				typeof rep.Id === 'number'
					? byId(site.staff, rep.Id)
					: site.staff.find((s) => (s.SalesRepNumbers ?? []).includes(rep.SalesRepNumber as number));
			if (!staff || !(staff.SalesRepNumbers ?? []).length)
				return invalid(`Sales rep ${String(rep.Id ?? rep.SalesRepNumber)} is not a sales rep of the site.`);
			reps.push(staff.Id);
		}
		fields.SalesRepIds = reps;
	}
	const relationships = readRelationships(site, source.ClientRelationships, options.client);
	if ('status' in relationships) return relationships;
	return { fields, relationships };
}

/** Passed indexes overwrite the client's value of that index; others stay. */
function readIndexes(site: SiteData, value: unknown, client?: Client) {
	if (!Array.isArray(value)) return { value: undefined };
	const result = [...(client?.ClientIndexes ?? [])];
	for (const entry of listOf(value)) {
		const index = byId(site.clientRecords.indexes, entry.Id as number);
		const choice = index?.Values.find((candidate) => candidate.Id === entry.ValueId);
		if (!index || !choice)
			return invalid(`Client index ${String(entry.Id)} has no value ${String(entry.ValueId)} at the site.`);
		const at = result.findIndex((assigned) => assigned.Id === index.Id);
		if (at >= 0) result[at] = { Id: index.Id, ValueId: choice.Id };
		else result.push({ Id: index.Id, ValueId: choice.Id });
	}
	return { value: result };
}

function readCustomFields(site: SiteData, value: unknown, client?: Client) {
	if (!Array.isArray(value)) return { value: undefined };
	const result = [...(client?.CustomClientFields ?? [])];
	for (const entry of listOf(value)) {
		const field =
			typeof entry.Id === 'number'
				? byId(site.clientRecords.customFields, entry.Id)
				: site.clientRecords.customFields.find((f) => f.Name === entry.Name);
		if (!field) return invalid(`Custom client field ${String(entry.Id ?? entry.Name)} does not exist at the site.`);
		const text = typeof entry.Value === 'string' ? entry.Value : '';
		const at = result.findIndex((assigned) => assigned.Id === field.Id);
		if (at >= 0) result[at] = { Id: field.Id, Value: text };
		else result.push({ Id: field.Id, Value: text });
	}
	return { value: result };
}

function readRelationships(site: SiteData, value: unknown, client?: Client): RelationshipChange[] | SandboxResponse {
	const changes: RelationshipChange[] = [];
	for (const entry of listOf(value)) {
		const related = findClient(
			site,
			typeof entry.RelatedClientId === 'string' ? entry.RelatedClientId : undefined,
			typeof entry.RelatedUniqueId === 'number' ? entry.RelatedUniqueId : undefined,
		);
		if (!related)
			return invalid(`Related client ${String(entry.RelatedClientId ?? entry.RelatedUniqueId)} was not found.`);
		if (client && related.Id === client.Id) return invalid('A client cannot be related to itself.');
		const given = isRecord(entry.Relationship) ? entry.Relationship : {};
		const name = typeof entry.RelationshipName === 'string' ? entry.RelationshipName : undefined;
		const type = site.clientRecords.relationshipTypes.find((candidate) =>
			typeof given.Id === 'number'
				? candidate.Id === given.Id
				: name !== undefined && [candidate.RelationshipName1, candidate.RelationshipName2].includes(name),
		);
		if (!type || (!type.Active && entry.Delete !== true))
			return invalid(`Relationship ${String(given.Id ?? name)} is not an active relationship type of the site.`);
		const forward = name === undefined || name === type.RelationshipName1;
		changes.push({
			relatedId: related.Id,
			name: forward ? type.RelationshipName1 : type.RelationshipName2,
			typeId: type.Id,
			forward,
			remove: entry.Delete === true,
		});
	}
	return changes;
}

/** Applies relationship changes; true when one was added or removed. */
export function applyRelationships(site: SiteData, client: Client, changes: RelationshipChange[]): boolean {
	let changed = false;
	const records = site.clientRecords;
	for (const change of changes) {
		const type = byId(records.relationshipTypes, change.typeId)!;
		const [from, to] = change.forward ? [client.Id, change.relatedId] : [change.relatedId, client.Id];
		const symmetric = type.RelationshipName1 === type.RelationshipName2;
		const matches = (r: ClientRelationship) =>
			r.Name === type.RelationshipName1 &&
			((r.ClientId === from && r.RelatedClientId === to) ||
				(symmetric && r.ClientId === to && r.RelatedClientId === from));
		const existing = records.relationships.filter(matches);
		if (change.remove) {
			if (existing.length) {
				records.relationships = records.relationships.filter((r) => !matches(r));
				changed = true;
			}
		} else if (!existing.length) {
			const floor = records.relationships.reduce((max, r) => Math.max(max, r.Id), 0);
			records.relationships.push({
				Id: takeRecordId(records, 'relationships', floor),
				ClientId: from,
				RelatedClientId: to,
				Name: type.RelationshipName1,
			});
			changed = true;
		}
	}
	return changed;
}
