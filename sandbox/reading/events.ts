import { z } from 'zod';

import { issuePath } from '../../document/bodyCheck';

/**
 * The sandbox's reading of the Catalog table of webhooks.md, transcribed field by field as
 * `names type;` groups: n number, i int, s string, b bool, n? / s? nullable, [i] [s] lists, [obj]
 * list of objects (their rows in SPEC_ROWS). The sandbox's events and the fields of their payloads
 * come from here; test/events/eventCatalogue.test.ts puts the node's event schemas beside it.
 */

const site = `
	siteId n; name description logoURL s;
	pageColor1 pageColor2 pageColor3 pageColor4 pageColor5 s;
	acceptsVisa acceptsDiscover acceptsMasterCard acceptsAmericanExpress b;
	isEmailContactApproved isSmsPackageEnabled b; pricingLevel s; subscriptionLevel s; isActive b`;
const location = `
	siteId locationId n; name description s; hasClasses b;
	phoneExtension addressLine1 addressLine2 city state postalCode phone s; latitude longitude n;
	tax1 tax2 tax3 tax4 tax5 n; webColor5 s`;
const appointment = `
	siteId appointmentId n; status s; isConfirmed hasArrived b; locationId i; clientId s;
	clientFirstName clientLastName clientEmail clientPhone s; staffId n;
	staffFirstName staffLastName s; startDateTime endDateTime s; durationMinutes n;
	genderRequested s; resources [obj]; notes formulaNotes s; icdCodes [obj]; providerId s;
	sessionTypeId n; appointmentName s`;
const schedule = `
	siteId locationId classScheduleId classDescriptionId n; resources [obj];
	maxCapacity webCapacity n; staffId n; staffName s; isActive b; startDate endDate s;
	startTime endTime s; daysOfWeek [s]; assistantOneId assistantTwoId n?;
	assistantOneName assistantTwoName s`;
const client = `
	siteId clientUniqueId n; clientId s; creationDateTime s; status s;
	firstName lastName email mobilePhone homePhone workPhone
	addressLine1 addressLine2 city state postalCode country s;
	birthDateTime s; gender s; appointmentGenderPreference s; firstAppointmentDateTime s;
	referredBy s; isProspect isCompany isLiabilityReleased b; liabilityAgreementDateTime s;
	homeLocation clientNumberOfVisitsAtSite n; indexes [obj];
	sendPromotionalEmails sendScheduleEmails sendAccountEmails
	sendPromotionalTexts sendScheduleTexts sendAccountTexts b;
	creditCardLastFour directDebitLastFour s; creditCardExpDate s; notes s; photoUrl s;
	previousEmail s?`;
const staff = `
	staffId siteId sortOrder n;
	addressLine1 addressLine2 staffFirstName staffLastName city state country postalCode
	imageUrl biography s; isIndependentContractor alwaysAllowDoubleBooking b;
	providerIds [s]; gender s`;

export const SPEC_CATALOG: Record<string, string> = {
	'site.created': site,
	'site.updated': site,
	'site.deactivated': site,
	'siteBusinessDayClosure.created': `
		siteId n; businessDayClosureId i; nameClosedDay s; startDateTime endDateTime s;
		serviceCategoriesAffectedIds [i]`,
	'siteBusinessDayClosure.cancelled': 'siteId n; businessDayClosureId i',
	'location.created': location,
	'location.updated': location,
	'location.deactivated': location,
	'appointmentBooking.created': appointment,
	'appointmentBooking.updated': appointment,
	'appointmentBooking.cancelled': 'siteId appointmentId n',
	'appointmentAddOn.created': `
		siteId appointmentId addOnAppointmentId staffId n; addOnName s; clientId s`,
	'appointmentAddOn.deleted': 'siteId addOnAppointmentId n',
	'classSchedule.created': schedule,
	'classSchedule.updated': schedule,
	'classSchedule.cancelled': 'siteId classScheduleId n',
	'class.updated': `
		siteId locationId classId classScheduleId classDescriptionId staffId n;
		isCancelled isStaffASubstitute isWaitlistAvailable isIntendedForOnlineViewing b;
		staffName s; startDateTime endDateTime s; assistantOneId assistantTwoId n?;
		assistantOneName assistantTwoName s; resources [obj]`,
	'classRosterBooking.created': `
		siteId locationId classId classRosterBookingId staffId n;
		classStartDateTime classEndDateTime s; signedInStatus s; staffName s;
		maxCapacity webCapacity totalBooked webBooked totalWaitlisted n; clientId s;
		clientUniqueId n; clientFirstName clientLastName clientEmail clientPhone s;
		clientPassId s?;
		clientPassSessionsTotal clientPassSessionsDeducted clientPassSessionsRemaining n?;
		clientPassActivationDateTime clientPassExpirationDateTime s?;
		bookingOriginatedFromWaitlist b; clientsNumberOfVisitsAtSite n; itemId n; itemName s;
		itemSiteId n?`,
	'classRosterBookingStatus.updated': `
		siteId locationId classId classRosterBookingId staffId n; classDateTime s;
		signedInStatus s; clientId s; clientUniqueId n;
		clientFirstName clientLastName clientEmail clientPhone s; itemId itemSiteId n;
		itemName s; clientPassId s`,
	'classRosterBooking.cancelled': `
		siteId locationId classId classRosterBookingId clientUniqueId n; clientId s`,
	'classWaitlistRequest.created': `
		siteId locationId classId classScheduleId waitlistEntryId waitlistMaxSize
		clientUniqueId clientsNumberOfVisitsAtSite n; clientId clientEmail clientPhone s;
		classStartDateTime classEndDateTime s`,
	'classWaitlistRequest.cancelled': `
		siteId waitlistEntryId n; ClassId n; ClientId s; ClientUniqueId n`,
	'classDescription.updated': 'siteId id n; name description s',
	'client.created': client,
	'client.updated': client,
	'client.deactivated': client,
	'clientProfileMerger.created': `
		siteId mergedByStaffId keptClientUniqueId removedClientUniqueId n; mergeDateTime s;
		keptClientId s`,
	'clientMembershipAssignment.created': `
		siteId clientUniqueId membershipId n;
		clientId clientFirstName clientLastName clientEmail membershipName s`,
	'clientMembershipAssignment.cancelled': 'siteId membershipId n; clientId s',
	'clientContract.created': `
		siteId clientUniqueId n; contractSoldByStaffId n?; contractOriginationLocation n;
		contractId clientContractId n; clientId clientFirstName clientLastName clientEmail s;
		contractSoldByStaffFirstName contractSoldByStaffLastName s?; contractName s;
		agreementDateTime contractStartDateTime contractEndDateTime s; isAutoRenewing b`,
	'clientContract.updated': `
		siteId clientUniqueId clientContractId n; clientId s;
		agreementDateTime contractStartDateTime contractEndDateTime s; isAutoRenewing b`,
	'clientContract.cancelled': 'siteId clientUniqueId clientContractId n; clientId s',
	'clientSale.created': `
		siteId saleId soldById locationId n; totalAmountPaid n; purchasingClientId soldByName s;
		saleDateTime s; payments [obj]; items [obj]`,
	'staff.created': staff,
	'staff.updated': staff,
	'staff.deactivated': staff,
	'pickASpotReservation.created': '',
	'pickASpotReservation.updated': '',
	'pickASpotReservation.deleted': '',
};

/** Rows of the lists of objects, same notation. */
export const SPEC_ROWS: Record<string, string> = {
	resources: 'id n; name s',
	icdCodes: 'code description s',
	indexes: 'indexName indexValue s',
	payments: `
		paymentId paymentMethodId n; paymentMethodName s; paymentAmountPaid n;
		paymentLastFour paymentNotes s?`,
	items: `
		itemId n; type name s; amountPaid amountDiscounted quantity n; recipientClientId s;
		paymentReferenceId n`,
};

/** `'a b n; c s'` → { a: 'n', b: 'n', c: 's' }. */
export function parseFields(text: string): Record<string, string> {
	const result: Record<string, string> = {};
	for (const group of text
		.split(';')
		.map((part) => part.trim())
		.filter(Boolean)) {
		const words = group.split(/\s+/);
		const type = words.pop()!;
		for (const name of words) result[name] = type;
	}
	return result;
}

/** One transcribed type as the zod type of a payload field. */
function fieldType(code: string, name: string): z.ZodTypeAny {
	const nullable = code.endsWith('?');
	const plain = nullable ? code.slice(0, -1) : code;
	const list = /^\[(.+)\]$/.exec(plain)?.[1];
	let type: z.ZodTypeAny;
	if (list === 'obj') type = z.array(payloadObject(SPEC_ROWS[name] ?? ''));
	else if (list !== undefined) type = z.array(fieldType(list, name));
	else if (plain === 'n') type = z.number();
	else if (plain === 'i') type = z.number().int();
	else if (plain === 's') type = z.string();
	else if (plain === 'b') type = z.boolean();
	else throw new Error(`Unknown type ${code} of ${name}`);
	return nullable ? type.nullable() : type;
}

/** Every payload object keeps fields the catalog does not list. */
function payloadObject(text: string): z.ZodObject<z.ZodRawShape, 'passthrough'> {
	const shape = Object.fromEntries(
		Object.entries(parseFields(text)).map(([name, code]) => [name, fieldType(code, name)]),
	);
	return z.object(shape).passthrough();
}

export interface SandboxEvent {
	eventId: string;
	/** The fields the catalog lists for the event's eventData, with their stated types. */
	eventData: z.ZodObject<z.ZodRawShape, 'passthrough'>;
}

/** The events the webhook service sends, in the Catalog table's order. */
export const events: readonly SandboxEvent[] = Object.entries(SPEC_CATALOG).map(([eventId, text]) => ({
	eventId,
	eventData: payloadObject(text),
}));

export const eventIds: readonly string[] = events.map((event) => event.eventId);

const byId = new Map(events.map((event) => [event.eventId, event]));

export const findEvent = (eventId: string): SandboxEvent | undefined => byId.get(eventId);

/** An event's payload against the catalog, one line per problem, each starting with the field's path. */
export function checkEventData(eventId: string, data: unknown): { ok: boolean; problems: string[] } {
	const event = findEvent(eventId);
	if (!event) return { ok: false, problems: [`eventId: unknown event "${String(eventId)}"`] };
	const result = event.eventData.safeParse(data);
	if (result.success) return { ok: true, problems: [] };
	return {
		ok: false,
		problems: result.error.issues.map((issue) => {
			const path = issuePath(issue.path, 'eventData');
			if (issue.code !== 'invalid_type') return `${path}: ${issue.message}`;
			return issue.received === 'undefined'
				? `${path}: missing (expected ${issue.expected})`
				: `${path}: expected ${issue.expected}, got ${issue.received}`;
		}),
	};
}
