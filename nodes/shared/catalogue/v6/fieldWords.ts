import type { LocalTime } from '../dateWords';
import type { FieldWords } from '../types';

/**
 * What a v6 body field means, by the document's field name, in the node's words: shared by every
 * operation whose body has the field. An operation can say it otherwise (`fields` in its words).
 * Every true-or-false field has words here or in its operation (test/catalogue/v6Catalogue).
 */
export const FIELD_WORDS: Record<string, string> = {
	Test: 'Whether to only check the request: nothing is changed, booked or charged',
	SendEmail: 'Whether to send the client the usual e-mail about it',
	Active: 'Whether the record is active',
	DaySunday: 'Whether the schedule runs on Sundays',
	DayMonday: 'Whether the schedule runs on Mondays',
	DayTuesday: 'Whether the schedule runs on Tuesdays',
	DayWednesday: 'Whether the schedule runs on Wednesdays',
	DayThursday: 'Whether the schedule runs on Thursdays',
	DayFriday: 'Whether the schedule runs on Fridays',
	DaySaturday: 'Whether the schedule runs on Saturdays',
	AllowOpenEnrollment: 'Whether clients may sign up for single sessions instead of the whole schedule',
	AllowDateForwardEnrollment: 'Whether clients may sign up once the schedule has started, for the sessions left',
	ConsumerPresent: 'Whether the client is present and can complete a card challenge',
	ApplyPayment: "Whether to pay with one of the client's pricing options",
	ShowToPublic: 'Whether the schedule shows in online booking',
	Waitlist: 'Whether to put the client on the waiting list when the class is full',
	SendClientEmail: 'Whether to e-mail the clients booked into the class',
	LateCancel: 'Whether the cancellation counts as late',
	RetainScheduleChanges:
		'Whether to keep changes made to single classes (a substitute teacher, a cancellation) between the start and end dates',
	IsComplete: 'Whether the follow-up is done',
	InStore: 'Whether the sale is made at the front desk rather than online',
	CalculateTax: 'Whether to add tax to the sale; left out, tax is added',
	IsBillingPostalCodeRequired: "Whether the card's billing postal code must be given",
	EnforceLocationRestrictions: 'Whether items that cannot be sold at the location are refused',
	SendNotifications: 'Whether to send the client the purchase notices',
	SendEmailReceipt: 'Whether to e-mail the receipt',
	ShowOnNewClient: 'Whether the index shows when a client is created',
	ShowOnEnrollmentRoster: 'Whether the index shows on enrollment rosters',
	EditOnEnrollmentRoster: 'Whether the index can be changed on enrollment rosters',
	ShowInConsumerMode: 'Whether clients see the index online',
	RequiredConsumerMode: 'Whether clients must fill in the index online',
	RequiredBizMode: 'Whether staff must fill in the index',
	IsMale: 'Whether the staff member is male',
	ClassAssistant: 'Whether the staff member can assist in classes',
	ClassAssistant2: 'Whether the staff member can be second assistant in classes',
	IndependentContractor: 'Whether the staff member is an independent contractor',
	AppointmentInstructor: 'Whether the staff member can be booked for appointments',
	AlwaysAllowDoubleBooking: 'Whether the staff member can always be double-booked',
	ClassTeacher: 'Whether the staff member can teach classes',
	StaffRequested: 'Whether the client asked for this staff member',
	IsWaitlist: 'Whether to put the appointment on the waiting list, keeping the preferred time',
	IsRequest: 'Whether to send the appointment as a request for staff to confirm',
	IsUnavailable: 'Whether the times are unavailability instead of availability',
	IsAvailability: 'Whether the times are availability (on) or unavailability (off)',
	RequirePayment: 'Whether the client must have a pricing option that pays for the class',
	CrossRegionalBooking: 'Whether to book a client of another site of the region',
	CrossRegionalUpdate: 'Whether to update the client at every site of the region',
	HideCancel: 'Whether to hide the cancelled class from the schedule',
	SendStaffEmail: 'Whether to e-mail the teacher',
	OverrideConflicts: "Whether to book the substitute despite conflicts in the teacher's schedule",
	SendOriginalTeacherEmail: 'Whether to e-mail the original teacher',
	SendSubstituteTeacherEmail: 'Whether to e-mail the substitute teacher',
	ApptGenderPrefMale: 'Whether the client prefers male staff for appointments',
	IsCompany: 'Whether the client is a company',
	IsProspect: 'Whether the client is a prospect',
	LiabilityRelease: 'Whether the client signed the liability waiver',
	SendScheduleEmails: 'Whether the client gets schedule e-mails',
	SendAccountEmails: 'Whether the client gets account e-mails',
	SendPromotionalEmails: 'Whether the client gets promotional e-mails',
	SendScheduleTexts: 'Whether the client gets schedule text messages',
	SendAccountTexts: 'Whether the client gets account text messages',
	SendPromotionalTexts: 'Whether the client gets promotional text messages',
	ReactivateInactiveClient: 'Whether an inactive client that matches is reactivated instead of refused',
	OpenEnded: 'Whether the suspension lasts until it is ended',
	OverwriteAllProductIDs: 'Whether to replace the product on every autopay of the contract',
	Makeup: 'Whether the visit is a make-up visit',
	SignedIn: 'Whether the client is signed in (arrived)',
	SellOnline: 'Whether it is sold online',
	Discontinued: 'Whether it is no longer sold',
	IsThirdPartyDiscountPricing: 'Whether the price is a third-party discount price',
	UseDirectDebit: 'Whether to pay by direct debit',
	UseAccountCredit: "Whether to pay from the client's account credit",
	AllowOnline: 'Whether it can be used online',
	PublicDisplay: 'Whether the times show to clients',
	EnrollDateForward: 'Whether to enroll the client in the sessions from today on',
	EnrollOpen: 'Whether to enroll the client in single open sessions',
	Execute: 'Whether to carry out the action the value names',
	Delete: 'Whether to remove this relationship from the client',
	IsReleased: 'Whether the client agreed to the liability waiver',
	BookingSuspended: 'Whether the client may not book between the dates',
	SaveInfo: "Whether to save the card on the client's account",
	AppointmentBookingRequests: 'Appointments the item pays for, booked with the sale',
};

/**
 * Date-time fields of the document's types read in the business's local time, by type: wherever a
 * body holds one of these types (the body itself, a group of fields, or an entry deep in a JSON
 * field such as Book Multiple's appointments or a checkout's items), its description says so and
 * the node sends an instant there as the site's local time. The document states it for a
 * checkout's appointment bookings; the requests that book or change an appointment take its times
 * the same way (sandbox/README.md, "Time zones").
 */
export const TYPE_TIMES: Readonly<Record<string, Readonly<Record<string, LocalTime>>>> = {
	AddAppointmentRequest: { StartDateTime: 'business', EndDateTime: 'business' },
	UpdateAppointmentRequest: { StartDateTime: 'business', EndDateTime: 'business' },
	CheckoutAppointmentBookingRequest: { StartDateTime: 'business', EndDateTime: 'business' },
};

/**
 * Words for fields of a document type wherever a body holds it (a group of fields inside a body),
 * where the field's name alone says too little. Discount.Type: the document names its values
 * "percentage/amount", offered as written.
 */
export const TYPE_WORDS: Readonly<Record<string, Readonly<Record<string, FieldWords>>>> = {
	Discount: {
		Type: {
			description: 'Whether Amount is a percentage of the price or an amount of money taken off',
			values: ['percentage', 'amount'],
			valueNames: { percentage: 'Percentage', amount: 'Amount' },
		},
	},
};
