/** The records a site holds, one type per kind: the record stores and SiteData build on them. */

import type { ContentFormat } from './scheduleTypes';

export interface SiteSettings {
	Id: number;
	Name: string;
	RegionId: number;
	/** Consumer booking books at once when on; otherwise it makes appointment requests. */
	AllowOnlineBooking: boolean;
	/** Consumer-mode "show open spaces": off hides class capacity fields from non-staff. */
	ShowOpenSpaces: boolean;
	/** An IANA zone name: the business's local time (UTC, or America/Los_Angeles with daylight saving). */
	TimeZone: string;
}

export interface Location {
	Id: number;
	Name: string;
	Description: string;
	AddressLine1: string;
	AddressLine2: string;
	City: string;
	StateProvCode: string;
	PostalCode: string;
	Phone: string;
	Latitude: number;
	Longitude: number;
	HasClasses: boolean;
	/** Listed by the consumer locations operation (can schedule appointments). */
	CanBookAppointments: boolean;
	Active: boolean;
}

export interface Staff {
	Id: number;
	FirstName: string;
	LastName: string;
	DisplayName: string;
	Email: string;
	Bio: string;
	ImageUrl: string;
	Gender: 'Female' | 'Male' | 'None';
	LocationIds: number[];
	/** Appointment types (incl. add-on types) this staff member can be booked for. */
	AppointmentTypeIds: number[];
	IsIndependentContractor: boolean;
	AlwaysAllowDoubleBooking: boolean;
	ProviderId: string;
	Active: boolean;
	// The v6 Staff record's other fields (rest/v6/staffViews.ts shows them; absent means empty).
	Address?: string;
	Address2?: string;
	City?: string;
	State?: string;
	Country?: string;
	PostalCode?: string;
	HomePhone?: string;
	WorkPhone?: string;
	MobilePhone?: string;
	SortOrder?: number;
	/** YYYY-MM-DD. */
	EmploymentStart?: string | null;
	EmploymentEnd?: string | null;
	/** Set by AddStaff / UpdateStaff; otherwise read from the class schedules and appointment types. */
	ClassTeacher?: boolean;
	ClassAssistant?: boolean;
	ClassAssistant2?: boolean;
	AppointmentInstructor?: boolean;
	/** Sales rep numbers (1–6) the staff member holds: GET /staff/salesreps and Client.SalesReps. */
	SalesRepNumbers?: number[];
	/** Every provider id (ProviderId holds the first). */
	ProviderIds?: string[];
	Notes?: string;
	EmpID?: string;
}

export interface Client {
	Id: number;
	/** The public client id (a string), as webhook payloads carry it. */
	ClientId: string;
	FirstName: string;
	LastName: string;
	Email: string;
	MobilePhone: string;
	HomeLocationId: number;
	Status: 'Active' | 'Inactive';
	CreationDate: string;
	/** Set on dependents: the custodian's Id. */
	CustodianId: number | null;
	/** Money on the client's account: positive is credit (sales and returns change it). */
	AccountBalance: number;
	/** Last change to the client's record (GET /client/clients filters on it). */
	LastModifiedDateTime: string;
	// The v6 Client record's other fields (rest/v6/clientViews.ts shows them; absent means empty).
	MiddleName?: string;
	/** YYYY-MM-DD. */
	BirthDate?: string | null;
	/** One of the site's gender options (GET /site/genders). */
	Gender?: string;
	AppointmentGenderPreference?: 'None' | 'Female' | 'Male';
	HomePhone?: string;
	WorkPhone?: string;
	WorkExtension?: string;
	AddressLine1?: string;
	AddressLine2?: string;
	City?: string;
	State?: string;
	PostalCode?: string;
	Country?: string;
	IsProspect?: boolean;
	IsCompany?: boolean;
	ProspectStageId?: number | null;
	ReferredBy?: string;
	Notes?: string;
	RedAlert?: string;
	YellowAlert?: string;
	PhotoUrl?: string;
	LockerNumber?: string;
	MembershipIcon?: number | null;
	MobileProvider?: number | null;
	EmergencyContactInfoName?: string;
	EmergencyContactInfoEmail?: string;
	EmergencyContactInfoPhone?: string;
	EmergencyContactInfoRelationship?: string;
	LiabilityRelease?: boolean;
	LiabilityAgreementDate?: string | null;
	/** Who released the liability: null the client, 0 the owner, else a staff id. */
	LiabilityReleasedBy?: number | null;
	SendAccountEmails?: boolean;
	SendAccountTexts?: boolean;
	SendPromotionalEmails?: boolean;
	SendPromotionalTexts?: boolean;
	SendScheduleEmails?: boolean;
	SendScheduleTexts?: boolean;
	/** Assigned client index values (GET /client/clientindexes lists the indexes). */
	ClientIndexes?: Array<{ Id: number; ValueId: number }>;
	/** Values of the site's custom client fields. */
	CustomClientFields?: Array<{ Id: number; Value: string }>;
	/** Staff ids of the client's sales reps. */
	SalesRepIds?: number[];
	/** A card on file: only what the service shows back (never the whole number). */
	CreditCard?: {
		CardType: string;
		LastFour: string;
		ExpMonth: string;
		ExpYear: string;
		CardHolder: string;
		Address: string;
		City: string;
		State: string;
		PostalCode: string;
	} | null;
	/** The client's lead channel (AddClient / UpdateClient LeadChannelId). */
	LeadChannelId?: number | null;
}

export interface Vertical {
	Id: number;
	Name: string;
}

export interface Category {
	Id: number;
	Name: string;
	VerticalId: number;
	Active: boolean;
}

export interface Subcategory {
	Id: number;
	Name: string;
	CategoryId: number;
	Active: boolean;
}

export interface Program {
	Id: number;
	Name: string;
	ScheduleType: 'Class' | 'Enrollment' | 'Appointment';
	ContentFormats: ContentFormat[];
}

export interface AppointmentType {
	Id: number;
	Name: string;
	Description: string;
	DurationMinutes: number;
	Price: number;
	ProgramId: number;
	CategoryId: number;
	SubcategoryId: number;
	Active: boolean;
	/** Bookable by consumers. */
	ConsumerMode: boolean;
	IsAddOn: boolean;
}

export interface Resource {
	Id: number;
	Name: string;
	LocationId: number;
}

export interface Feature {
	Name: string;
	Enabled: boolean;
	/** Needs a higher subscription level: changing it is forbidden. */
	Locked: boolean;
}

export interface StaffLogin {
	Username: string;
	Password: string;
	Type: 'Staff' | 'Consumer';
	/** Staff Id for staff logins, client Id for consumer logins. */
	UserId: number;
	/** May read every staff calendar (the owner); others read only their own. */
	ReadsAllCalendars: boolean;
}
