import type { ClientRelationship, RelationshipType } from '../../data/clientRecords';
import type { ClientContract, ClientMembership } from '../../data/saleRecords';
import type { Client, ClientService, SiteData } from '../../data/types';
import { byId } from '../views';
import { localStamp } from '../../data/zones';
import { clientServiceView, purchaseDateOf } from './saleViews';
import { homeLocationView } from './siteViews';

/**
 * A site's client as the document's Client and ClientWithSuspensionInfo records, and as the
 * client.* events' eventData (webhooks.md). Dates of birth go out as date-times at midnight.
 */

const dateTime = (date: string | null | undefined) => (date ? `${date.slice(0, 10)}T00:00:00` : null);

/** Membership status of the client (the document's Client.Status): from its memberships. */
export function membershipStatus(site: SiteData, client: Client): string {
	const held = site.saleRecords.clientMemberships
		.filter((membership) => membership.ClientId === client.Id)
		.sort((a, b) => a.StartDate.localeCompare(b.StartDate));
	if (held.some((membership) => membership.Status === 'Active')) return 'Active';
	const last = held.at(-1);
	if (!last) return 'Non-Member';
	return last.Status === 'Declined' ? 'Declined' : 'Expired';
}

/** The relationship type a stored relationship names, and which side `clientId` is on. */
export function relationshipTypeOf(site: SiteData, relationship: ClientRelationship): RelationshipType | undefined {
	return site.clientRecords.relationshipTypes.find(
		(type) => type.RelationshipName1 === relationship.Name || type.RelationshipName2 === relationship.Name,
	);
}

export function relationshipViews(site: SiteData, client: Client) {
	return site.clientRecords.relationships
		.filter((r) => r.ClientId === client.Id || r.RelatedClientId === client.Id)
		.flatMap((relationship) => {
			const type = relationshipTypeOf(site, relationship);
			const ownSide = relationship.ClientId === client.Id;
			const other = byId(site.clients, ownSide ? relationship.RelatedClientId : relationship.ClientId);
			if (!type || !other) return [];
			const forward = relationship.Name === type.RelationshipName1;
			return [
				{
					RelatedClientId: other.ClientId,
					RelatedUniqueId: other.Id,
					Relationship: {
						Id: type.Id,
						RelationshipName1: type.RelationshipName1,
						RelationshipName2: type.RelationshipName2,
					},
					RelationshipName: ownSide === forward ? type.RelationshipName1 : type.RelationshipName2,
				},
			];
		});
}

const firstOf = (dates: string[]) => (dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : null);

export function firstAppointmentDate(site: SiteData, client: Client): string | null {
	return firstOf(
		site.appointments.filter((a) => a.ClientId === client.Id && a.Status !== 'Cancelled').map((a) => a.StartDateTime),
	);
}

export function firstClassDate(site: SiteData, client: Client): string | null {
	return firstOf(
		site.classRecords.visits
			.filter((visit) => visit.ClientId === client.Id && visit.Status !== 'Cancelled')
			.flatMap((visit) => byId(site.classes, visit.ClassId)?.StartDateTime ?? []),
	);
}

export function lastFormulaNote(site: SiteData, client: Client): string | null {
	const notes = site.clientRecords.formulaNotes
		.filter((note) => note.ClientId === client.Id)
		.sort((a, b) => a.EntryDate.localeCompare(b.EntryDate) || a.Id - b.Id);
	return notes.at(-1)?.Note ?? null;
}

/** Class visits and completed or booked appointments the client made at this site. */
export function visitsAtSite(site: SiteData, client: Client): number {
	return (
		site.classRecords.visits.filter((v) => v.ClientId === client.Id && v.Status !== 'Cancelled').length +
		site.appointments.filter((a) => a.ClientId === client.Id && a.Status === 'Completed').length
	);
}

export function salesRepViews(site: SiteData, client: Client) {
	return (client.SalesRepIds ?? []).flatMap((staffId) => {
		const staff = byId(site.staff, staffId);
		if (!staff) return [];
		const numbers = staff.SalesRepNumbers ?? [];
		return [
			{
				FirstName: staff.FirstName,
				Id: staff.Id,
				LastName: staff.LastName,
				SalesRepNumber: numbers[0] ?? null,
				SalesRepNumbers: [...numbers],
			},
		];
	});
}

function customFieldViews(site: SiteData, client: Client) {
	return (client.CustomClientFields ?? []).flatMap((entry) => {
		const field = byId(site.clientRecords.customFields, entry.Id);
		return field ? [{ Value: entry.Value, Id: field.Id, DataType: field.DataType, Name: field.Name }] : [];
	});
}

function creditCardView(client: Client) {
	const card = client.CreditCard;
	if (!card) return null;
	return {
		Address: card.Address,
		CardHolder: card.CardHolder || `${client.FirstName} ${client.LastName}`,
		CardNumber: `************${card.LastFour}`,
		CardType: card.CardType,
		City: card.City,
		ExpMonth: card.ExpMonth,
		ExpYear: card.ExpYear,
		LastFour: card.LastFour,
		PostalCode: card.PostalCode,
		State: card.State,
	};
}

function prospectStageView(site: SiteData, client: Client) {
	const stage = byId(site.clientRecords.prospectStages, client.ProspectStageId ?? undefined);
	return stage ? { Active: stage.Active, Description: stage.Description, Id: stage.Id } : null;
}

/** The document's Client record. */
export function clientV6View(site: SiteData, client: Client) {
	const released = client.LiabilityRelease ?? false;
	return {
		AppointmentGenderPreference: client.AppointmentGenderPreference ?? 'None',
		BirthDate: dateTime(client.BirthDate),
		Country: client.Country ?? '',
		CreationDate: client.CreationDate,
		CustomClientFields: customFieldViews(site, client),
		ClientCreditCard: creditCardView(client),
		ClientIndexes: (client.ClientIndexes ?? []).map((entry) => ({ Id: entry.Id, ValueId: entry.ValueId })),
		ClientRelationships: relationshipViews(site, client),
		FirstAppointmentDate: firstAppointmentDate(site, client),
		FirstClassDate: firstClassDate(site, client),
		FirstName: client.FirstName,
		Id: client.ClientId,
		IsCompany: client.IsCompany ?? false,
		IsProspect: client.IsProspect ?? false,
		LastName: client.LastName,
		Liability: {
			// The document sets it in the business's time zone.
			AgreementDate:
				released && client.LiabilityAgreementDate
					? localStamp(site.settings.TimeZone, Date.parse(client.LiabilityAgreementDate))
					: null,
			IsReleased: released,
			ReleasedBy: released ? (client.LiabilityReleasedBy ?? null) : null,
		},
		LiabilityRelease: released,
		MembershipIcon: client.MembershipIcon ?? null,
		MobileProvider: client.MobileProvider ?? null,
		Notes: client.Notes ?? '',
		State: client.State ?? '',
		UniqueId: client.Id,
		LastModifiedDateTime: client.LastModifiedDateTime,
		RedAlert: client.RedAlert ?? '',
		YellowAlert: client.YellowAlert ?? '',
		MiddleName: client.MiddleName ?? '',
		ProspectStage: prospectStageView(site, client),
		Email: client.Email,
		MobilePhone: client.MobilePhone,
		HomePhone: client.HomePhone ?? '',
		WorkPhone: client.WorkPhone ?? '',
		AccountBalance: client.AccountBalance,
		AddressLine1: client.AddressLine1 ?? '',
		AddressLine2: client.AddressLine2 ?? '',
		City: client.City ?? '',
		PostalCode: client.PostalCode ?? '',
		WorkExtension: client.WorkExtension ?? '',
		ReferredBy: client.ReferredBy ?? '',
		PhotoUrl: client.PhotoUrl ?? '',
		EmergencyContactInfoName: client.EmergencyContactInfoName ?? '',
		EmergencyContactInfoEmail: client.EmergencyContactInfoEmail ?? '',
		EmergencyContactInfoPhone: client.EmergencyContactInfoPhone ?? '',
		EmergencyContactInfoRelationship: client.EmergencyContactInfoRelationship ?? '',
		Gender: client.Gender ?? '',
		LastFormulaNotes: lastFormulaNote(site, client),
		Active: client.Status === 'Active',
		SalesReps: salesRepViews(site, client),
		Status: membershipStatus(site, client),
		Action: 'None',
		SendAccountEmails: client.SendAccountEmails ?? false,
		SendAccountTexts: client.SendAccountTexts ?? false,
		SendPromotionalEmails: client.SendPromotionalEmails ?? false,
		SendPromotionalTexts: client.SendPromotionalTexts ?? false,
		SendScheduleEmails: client.SendScheduleEmails ?? false,
		SendScheduleTexts: client.SendScheduleTexts ?? false,
		HomeLocation: homeLocationView(site, client.HomeLocationId),
		LockerNumber: client.LockerNumber ?? '',
	};
}

/** The document's ClientWithSuspensionInfo: the Client with its booking suspension (none kept). */
export function clientWithSuspensionView(site: SiteData, client: Client) {
	return {
		SuspensionInfo: { BookingSuspended: false, SuspensionStartDate: null, SuspensionEndDate: null },
		...clientV6View(site, client),
	};
}

/** A client as its action's view: Action says what the call did. */
export const withAction = <T extends { Action: string }>(view: T, action: 'Added' | 'Updated' | 'None'): T => ({
	...view,
	Action: action,
});

const text = (value: string | null | undefined) => value ?? '';

/** eventData of client.created / client.updated / client.deactivated (webhooks.md). */
export function clientEventData(site: SiteData, client: Client, previousEmail: string | null = null) {
	const card = client.CreditCard;
	const debit = site.clientRecords.directDebit.find((entry) => entry.ClientId === client.Id);
	return {
		siteId: site.settings.Id,
		clientUniqueId: client.Id,
		clientId: client.ClientId,
		creationDateTime: client.CreationDate,
		status: membershipStatus(site, client),
		firstName: client.FirstName,
		lastName: client.LastName,
		email: client.Email,
		mobilePhone: client.MobilePhone,
		homePhone: text(client.HomePhone),
		workPhone: text(client.WorkPhone),
		addressLine1: text(client.AddressLine1),
		addressLine2: text(client.AddressLine2),
		city: text(client.City),
		state: text(client.State),
		postalCode: text(client.PostalCode),
		country: text(client.Country),
		birthDateTime: text(dateTime(client.BirthDate)),
		gender: text(client.Gender),
		appointmentGenderPreference: client.AppointmentGenderPreference ?? 'None',
		firstAppointmentDateTime: text(firstAppointmentDate(site, client)),
		referredBy: text(client.ReferredBy),
		isProspect: client.IsProspect ?? false,
		isCompany: client.IsCompany ?? false,
		isLiabilityReleased: client.LiabilityRelease ?? false,
		liabilityAgreementDateTime: text(client.LiabilityRelease ? client.LiabilityAgreementDate : null),
		homeLocation: client.HomeLocationId,
		clientNumberOfVisitsAtSite: visitsAtSite(site, client),
		indexes: (client.ClientIndexes ?? []).flatMap((entry) => {
			const index = byId(site.clientRecords.indexes, entry.Id);
			const value = index?.Values.find((candidate) => candidate.Id === entry.ValueId);
			return index && value ? [{ indexName: index.Name, indexValue: value.Name }] : [];
		}),
		sendPromotionalEmails: client.SendPromotionalEmails ?? false,
		sendScheduleEmails: client.SendScheduleEmails ?? false,
		sendAccountEmails: client.SendAccountEmails ?? false,
		sendPromotionalTexts: client.SendPromotionalTexts ?? false,
		sendScheduleTexts: client.SendScheduleTexts ?? false,
		sendAccountTexts: client.SendAccountTexts ?? false,
		creditCardLastFour: card?.LastFour ?? '',
		directDebitLastFour: debit ? debit.AccountNumber.slice(-4) : '',
		creditCardExpDate: card ? `${card.ExpMonth}/${card.ExpYear}` : '',
		notes: text(client.Notes).slice(0, 1000),
		photoUrl: text(client.PhotoUrl),
		previousEmail,
	};
}

/** Whether the option can pay today: activated, not expired, sessions left. */
export const isCurrentService = (service: ClientService, today: string) =>
	service.ActiveDate <= today && today <= service.ExpirationDate && service.Remaining > 0;

export { purchaseDateOf };

export const clientServiceV6View = (site: SiteData, service: ClientService, today: string) =>
	clientServiceView(site, site.settings.Id, service, today);

export function clientContractV6View(site: SiteData, held: ClientContract) {
	const contract = byId(site.saleRecords.contracts, held.ContractId);
	const client = byId(site.clients, held.ClientId);
	return {
		PayerClientId: client?.Id ?? held.ClientId,
		AgreementDate: dateTime(held.AgreementDate),
		AutopayStatus: held.Status === 'Terminated' ? 'Inactive' : held.Status,
		AutoRenewing: held.IsAutoRenewing,
		FirstAutoPay: contract?.FirstPayment ?? null,
		LastAutoPay: null,
		NormalAutoPay: contract?.RecurringPayment ?? null,
		IsMonthToMonth: false,
		AutoRenewClientContractID: null,
		ContractText: contract?.Description ?? '',
		ContractAutoRenewed: false,
		ContractName: contract?.Name ?? '',
		EndDate: dateTime(held.EndDate),
		Id: held.Id,
		OriginationLocationId: held.LocationId,
		StartDate: dateTime(held.StartDate),
		SiteId: site.settings.Id,
		UpcomingAutopayEvents: [],
		ContractID: held.ContractId,
		TerminationDate: held.Status === 'Terminated' ? dateTime(held.EndDate) : null,
		MinimumCommitmentValue: null,
		MinimumCommitmentUnit: null,
		MinimumCommitmentEndDate: null,
	};
}

export function clientMembershipV6View(site: SiteData, held: ClientMembership, today: string) {
	const membership = byId(site.saleRecords.memberships, held.MembershipId);
	const client = byId(site.clients, held.ClientId);
	return {
		RestrictedLocations: [],
		IconCode: '',
		MembershipId: held.MembershipId,
		ActiveDate: dateTime(held.StartDate),
		Count: null,
		Current: held.Status === 'Active' && held.StartDate <= today && today <= held.EndDate,
		ExpirationDate: dateTime(held.EndDate),
		Id: held.Id,
		ProductId: null,
		Name: membership?.Name ?? '',
		PaymentDate: dateTime(held.StartDate),
		Program: null,
		Remaining: null,
		SiteId: site.settings.Id,
		Action: 'None',
		ClientID: client?.ClientId ?? String(held.ClientId),
		Returned: held.Status === 'Cancelled',
	};
}
