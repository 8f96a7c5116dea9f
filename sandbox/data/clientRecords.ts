import { DAY, isoAt } from './dates';
import type { Random } from './prng';
import type { Counted } from './records';
import type { Client } from './recordTypes';

/**
 * Records kept about clients (arrivals, relationships, notes, contact logs, rewards, direct debit,
 * documents) and the site's client settings (relationship types, client indexes, custom fields,
 * required fields, referral types, genders, prospect stages, mobile providers, contact log types).
 * rest/v6/client*.ts read and change them.
 */

export interface Arrival {
	Id: number;
	ClientId: number;
	LocationId: number;
	/** Staff member whose token made the call. */
	StaffId: number;
	ArrivedAt: string;
	ClientServiceId: number | null;
	/** The program the arrival was logged under (the pricing option's, or the one asked for). */
	ProgramId?: number | null;
	/** Site of the pricing option used, when it was a regional one (rule 12). */
	ServiceSiteId?: number | null;
}

/** Two clients related, e.g. a parent who pays for a child ("Pays for" / "Paid by"). */
export interface ClientRelationship {
	Id: number;
	ClientId: number;
	RelatedClientId: number;
	/** The relationship type's name as seen from ClientId, e.g. "Pays for". */
	Name: string;
}

/** A relationship type: Name1 is how ClientId sees RelatedClientId, Name2 the other way round. */
export interface RelationshipType {
	Id: number;
	RelationshipName1: string;
	RelationshipName2: string;
	Active: boolean;
}

export interface ClientIndexValue {
	Id: number;
	Name: string;
	Active: boolean;
}

export interface ClientIndexDefinition {
	Id: number;
	Name: string;
	Active: boolean;
	ShowOnNewClient: boolean;
	ShowOnEnrollmentRoster: boolean;
	EditOnEnrollmentRoster: boolean;
	SortOrder: number;
	ShowInConsumerMode: boolean;
	RequiredConsumerMode: boolean;
	RequiredBizMode: boolean;
	Values: ClientIndexValue[];
}

export interface CustomFieldDefinition {
	Id: number;
	Name: string;
	DataType: string;
}

export interface ReferralType {
	Name: string;
	Active: boolean;
	SubTypes: string[];
}

export interface GenderOption {
	Id: number;
	Name: string;
	IsActive: boolean;
	IsDefault: boolean;
}

export interface ProspectStage {
	Id: number;
	Description: string;
	Active: boolean;
}

export interface MobileProvider {
	Id: number;
	ProviderName: string;
	ProviderAddress: string;
	Active: boolean;
}

export interface ContactLogTypeRecord {
	Id: number;
	Name: string;
	SubTypes: Array<{ Id: number; Name: string }>;
}

export interface ContactLogRecord {
	Id: number;
	ClientId: number;
	Text: string;
	CreatedDateTime: string;
	FollowupByDate: string | null;
	ContactMethod: string;
	ContactName: string;
	CreatedByStaffId: number | null;
	AssignedToStaffId: number | null;
	IsComplete: boolean;
	/** Logged by the system (e.g. an automatic e-mail), shown only with showSystemGenerated. */
	SystemGenerated: boolean;
	Comments: Array<{ Id: number; Text: string; CreatedDateTime: string; CreatedByStaffId: number | null }>;
	Types: Array<{ Id: number; SubTypeIds: number[] }>;
}

export interface FormulaNote {
	Id: number;
	ClientId: number;
	AppointmentId: number | null;
	EntryDate: string;
	Note: string;
	StaffId: number | null;
}

export type RewardAction = 'Earned' | 'Redeemed' | 'Returned' | 'Removed' | 'LateCanceled';

export interface RewardTransaction {
	Id: number;
	ClientId: number;
	ActionDateTime: string;
	Action: RewardAction;
	Source: string;
	SourceId: number | null;
	/** Positive for points gained, negative for points spent or taken back. */
	Points: number;
	ExpirationDateTime: string | null;
}

export interface DirectDebitInfo {
	ClientId: number;
	NameOnAccount: string;
	RoutingNumber: string;
	AccountNumber: string;
	AccountType: string;
}

export interface ClientDocument {
	Id: number;
	ClientId: number;
	FileName: string;
	MediaType: string;
	FileSize: number;
	UploadedAt: string;
}

export interface ClientRecords extends Counted {
	arrivals: Arrival[];
	relationships: ClientRelationship[];
	relationshipTypes: RelationshipType[];
	indexes: ClientIndexDefinition[];
	customFields: CustomFieldDefinition[];
	/** Client fields a new client must be given (GET /client/requiredclientfields; AddClient checks). */
	requiredFields: string[];
	referralTypes: ReferralType[];
	genders: GenderOption[];
	prospectStages: ProspectStage[];
	mobileProviders: MobileProvider[];
	contactLogTypes: ContactLogTypeRecord[];
	contactLogs: ContactLogRecord[];
	formulaNotes: FormulaNote[];
	rewards: RewardTransaction[];
	directDebit: DirectDebitInfo[];
	documents: ClientDocument[];
}

export const RELATIONSHIP_TYPES: RelationshipType[] = [
	{ Id: 1, RelationshipName1: 'Pays for', RelationshipName2: 'Paid by', Active: true },
	{ Id: 2, RelationshipName1: 'Parent', RelationshipName2: 'Child', Active: true },
	{ Id: 3, RelationshipName1: 'Spouse', RelationshipName2: 'Spouse', Active: true },
	{ Id: 4, RelationshipName1: 'Sibling', RelationshipName2: 'Sibling', Active: true },
	{ Id: 5, RelationshipName1: 'Referred', RelationshipName2: 'Referred by', Active: false },
];

export const GENDERS = ['Female', 'Male', 'Non-binary', 'Prefer not to say'] as const;

export const REFERRAL_TYPES: ReferralType[] = [
	{ Name: 'Friend', Active: true, SubTypes: ['Member referral', 'Staff referral'] },
	{ Name: 'Instagram', Active: true, SubTypes: [] },
	{ Name: 'Google', Active: true, SubTypes: ['Search', 'Maps'] },
	{ Name: 'Walk-in', Active: true, SubTypes: [] },
	{ Name: 'Newspaper', Active: false, SubTypes: [] },
];

const indexOf = (
	Id: number,
	Name: string,
	values: string[],
	options: Partial<ClientIndexDefinition> = {},
): ClientIndexDefinition => ({
	Id,
	Name,
	Active: true,
	ShowOnNewClient: true,
	ShowOnEnrollmentRoster: false,
	EditOnEnrollmentRoster: false,
	SortOrder: Id,
	ShowInConsumerMode: true,
	RequiredConsumerMode: false,
	RequiredBizMode: false,
	Values: values.map((name, index) => ({ Id: Id * 10 + index + 1, Name: name, Active: true })),
	...options,
});

export const CLIENT_INDEXES: ClientIndexDefinition[] = [
	indexOf(1, 'Fitness Goal', ['Strength', 'Flexibility', 'Stress Relief', 'Weight Loss']),
	indexOf(2, 'Member Type', ['Student', 'Senior', 'Corporate'], { RequiredBizMode: true }),
	indexOf(3, 'Preferred Time', ['Morning', 'Midday', 'Evening'], { ShowInConsumerMode: false }),
];

export const CUSTOM_FIELDS: CustomFieldDefinition[] = [
	{ Id: 1, Name: 'T-Shirt Size', DataType: 'String' },
	{ Id: 2, Name: 'Injuries', DataType: 'String' },
	{ Id: 3, Name: 'Member Since', DataType: 'Date' },
];

export const MOBILE_PROVIDERS: MobileProvider[] = [
	{ Id: 1, ProviderName: 'AT&T', ProviderAddress: 'txt.att.net', Active: true },
	{ Id: 2, ProviderName: 'Verizon', ProviderAddress: 'vtext.com', Active: true },
	{ Id: 3, ProviderName: 'T-Mobile', ProviderAddress: 'tmomail.net', Active: true },
	{ Id: 4, ProviderName: 'Sprint', ProviderAddress: 'messaging.sprintpcs.com', Active: false },
];

export const PROSPECT_STAGES: ProspectStage[] = [
	{ Id: 1, Description: 'New Lead', Active: true },
	{ Id: 2, Description: 'Contacted', Active: true },
	{ Id: 3, Description: 'Trial Booked', Active: true },
	{ Id: 4, Description: 'Cold', Active: false },
];

export const CONTACT_LOG_TYPES: ContactLogTypeRecord[] = [
	{
		Id: 1,
		Name: 'Follow-up',
		SubTypes: [
			{ Id: 11, Name: 'Trial class' },
			{ Id: 12, Name: 'Missed visit' },
		],
	},
	{ Id: 2, Name: 'Sales', SubTypes: [{ Id: 21, Name: 'Membership offer' }] },
	{ Id: 3, Name: 'Complaint', SubTypes: [] },
];

/** The staff member who writes the seeded notes: the owner (always the first staff id). */
const OWNER_STAFF_ID = 101;

/**
 * Custodians pay for their dependents (every tenth client is the dependent of the one before);
 * a few clients carry contact logs, formula notes and reward points.
 */
export function generateClientRecords(rand: Random, clients: Client[]): ClientRecords {
	const relationships: ClientRelationship[] = clients
		.filter((client) => client.CustodianId !== null)
		.map((client, index) => ({
			Id: 1 + index,
			ClientId: client.CustodianId!,
			RelatedClientId: client.Id,
			Name: 'Pays for',
		}));
	const contactLogs: ContactLogRecord[] = [];
	const formulaNotes: FormulaNote[] = [];
	const rewards: RewardTransaction[] = [];
	for (const client of clients) {
		const created = Date.parse(client.CreationDate);
		if (rand.chance(0.15)) {
			const at = created + rand.int(1, 20) * DAY;
			contactLogs.push({
				Id: 5001 + contactLogs.length,
				ClientId: client.Id,
				Text: rand.pick(['Asked about memberships', 'Called to follow up on a trial class', 'Left a voicemail']),
				CreatedDateTime: isoAt(at),
				FollowupByDate: rand.chance(0.5) ? isoAt(at + 7 * DAY) : null,
				ContactMethod: rand.pick(['Phone', 'Email', 'Text']),
				ContactName: `${client.FirstName} ${client.LastName}`,
				CreatedByStaffId: OWNER_STAFF_ID,
				AssignedToStaffId: OWNER_STAFF_ID,
				IsComplete: rand.chance(0.6),
				SystemGenerated: false,
				Comments: [],
				Types: [{ Id: 1, SubTypeIds: [11] }],
			});
		}
		if (rand.chance(0.1)) {
			formulaNotes.push({
				Id: 7001 + formulaNotes.length,
				ClientId: client.Id,
				AppointmentId: null,
				EntryDate: isoAt(created + rand.int(1, 60) * DAY),
				Note: rand.pick(['Prefers medium pressure', 'Sensitive to lavender oil', 'Left shoulder injury']),
				StaffId: OWNER_STAFF_ID,
			});
		}
		if (rand.chance(0.25)) {
			const at = created + rand.int(1, 30) * DAY;
			rewards.push({
				Id: 8001 + rewards.length,
				ClientId: client.Id,
				ActionDateTime: isoAt(at),
				Action: 'Earned',
				Source: rand.pick(['Class Booking', 'Appointment Booking', 'Sale', 'Referral']),
				SourceId: null,
				Points: rand.pick([10, 25, 50, 100]),
				ExpirationDateTime: isoAt(at + 365 * DAY),
			});
		}
	}
	return {
		arrivals: [],
		relationships,
		relationshipTypes: RELATIONSHIP_TYPES.map((type) => ({ ...type })),
		indexes: CLIENT_INDEXES.map((index) => ({ ...index, Values: index.Values.map((value) => ({ ...value })) })),
		customFields: CUSTOM_FIELDS.map((field) => ({ ...field })),
		requiredFields: ['Email'],
		referralTypes: REFERRAL_TYPES.map((type) => ({ ...type, SubTypes: [...type.SubTypes] })),
		genders: GENDERS.map((Name, index) => ({ Id: index + 1, Name, IsActive: true, IsDefault: index === 3 })),
		prospectStages: PROSPECT_STAGES.map((stage) => ({ ...stage })),
		mobileProviders: MOBILE_PROVIDERS.map((provider) => ({ ...provider })),
		contactLogTypes: CONTACT_LOG_TYPES.map((type) => ({ ...type, SubTypes: type.SubTypes.map((s) => ({ ...s })) })),
		contactLogs,
		formulaNotes,
		rewards,
		directDebit: [],
		documents: [],
		nextIds: {},
	};
}

/** Whether `payerId` may pay for `clientId` (checkout's PayerClientId, spec rule 2). */
export const paysFor = (records: ClientRecords, payerId: number, clientId: number): boolean =>
	records.relationships.some((r) => r.ClientId === payerId && r.RelatedClientId === clientId && r.Name === 'Pays for');
