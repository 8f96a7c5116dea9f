import type { V6_OPERATIONS } from '../../document/facts';

/**
 * What the sandbox reads of the v6 document's operations beyond the generated facts (document/facts.ts), by
 * the document's operation id, only where there is something to say (scripts/specReading.ts reads the
 * documents again and names any difference):
 *
 * - `staffToken`: needs a staff user token, though the document declares its header optional: where
 *   rest-api.md says so (rule 1, class cancellation: the credentials must hold two permissions; rule 12,
 *   AddArrival) or the document's description does (GetClients, AssignStaffSessionType,
 *   UpdateStaffPermissions).
 * - `deduplicated`: identical requests in quick succession count as one (rest-api.md rule 5 names
 *   AddClientToClass and AddAppointment).
 * - `consumer`: a consumer's token may call it. The documents say so for GetClientCompleteInfo
 *   (Authentication rule 4, the consumer-identity-token header) and AddAppointment (its IsRequest field:
 *   "authenticated with a consumer token"); the rest are the sandbox's choice (sandbox/README.md, "Where
 *   the sandbox chooses"): what a client does for themself, reading classes and enrollments and booking
 *   or leaving them, and updating their own profile. The handlers keep a consumer to their own client.
 * - `values`: the values a text parameter takes, where the document lists them in words rather
 *   than as an enum.
 * - `salesNotesLimit`: cart items' SalesNotes at most 255 characters (Limits).
 */
export interface V6Reading {
	staffToken?: true;
	deduplicated?: true;
	consumer?: true;
	values?: Readonly<Record<string, readonly string[]>>;
	salesNotesLimit?: true;
}

/** The user-token operations: the sandbox serves them apart, in rest/userTokens.ts. */
export const SERVED_APART: ReadonlyArray<keyof typeof V6_OPERATIONS> = ['IssueToken', 'RenewToken', 'RevokeToken'];

export const V6_READINGS: Partial<Record<keyof typeof V6_OPERATIONS, V6Reading>> = {
	AddAppointment: { deduplicated: true, consumer: true },
	GetClasses: { consumer: true },
	GetClassVisits: { consumer: true },
	GetCourses: { consumer: true },
	GetSemesters: { consumer: true },
	GetWaitlistEntries: { consumer: true },
	AddClientToClass: { deduplicated: true, consumer: true },
	CancelSingleClass: { staffToken: true },
	RemoveClientFromClass: { consumer: true },
	RemoveClientsFromClasses: { consumer: true },
	ClassRemoveFromWaitlist: { consumer: true },
	GetClientCompleteInfo: { consumer: true },
	GetClients: { staffToken: true },
	AddArrival: { staffToken: true },
	UpdateClient: { consumer: true },
	GetEnrollments: { consumer: true },
	AddClientToEnrollment: { consumer: true },
	GetScheduledServiceEarnings: { values: { 'request.scheduledServiceType': ['Class', 'Appointment'] } },
	CheckoutShoppingCart: { salesNotesLimit: true },
	InitiateCheckoutShoppingCartUsingAlternativePayments: { salesNotesLimit: true },
	GetStaff: {
		values: { 'request.filters': ['StaffViewable', 'AppointmentInstructor', 'ClassInstructor', 'Male', 'Female'] },
	},
	AssignStaffSessionType: { staffToken: true },
	UpdateStaffPermissions: { staffToken: true },
};
