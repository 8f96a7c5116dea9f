import { bool, defineEvent, fields, listOf, nullableStr, num, same, str, type EventDefinition } from './fields';

const client = fields({
	...same(num, 'siteId', 'clientUniqueId'),
	clientId: str,
	creationDateTime: str,
	/** Enum whose values the spec does not list; businesses may add their own. */
	status: str,
	...same(str, 'firstName', 'lastName', 'email', 'mobilePhone', 'homePhone', 'workPhone'),
	...same(str, 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country'),
	birthDateTime: str,
	gender: str,
	appointmentGenderPreference: str,
	firstAppointmentDateTime: str,
	referredBy: str,
	...same(bool, 'isProspect', 'isCompany', 'isLiabilityReleased'),
	liabilityAgreementDateTime: str,
	/** Spelled without the s of `clientsNumberOfVisitsAtSite` in the class payloads. */
	...same(num, 'homeLocation', 'clientNumberOfVisitsAtSite'),
	indexes: listOf({ indexName: str, indexValue: str }),
	...same(bool, 'sendPromotionalEmails', 'sendScheduleEmails', 'sendAccountEmails'),
	...same(bool, 'sendPromotionalTexts', 'sendScheduleTexts', 'sendAccountTexts'),
	...same(str, 'creditCardLastFour', 'directDebitLastFour', 'creditCardExpDate'),
	/** First 1000 characters only. */
	notes: str,
	photoUrl: str,
	/** Null unless this change replaced the e-mail address. */
	previousEmail: nullableStr,
});

const merger = fields({
	...same(num, 'siteId', 'mergedByStaffId', 'keptClientUniqueId', 'removedClientUniqueId'),
	mergeDateTime: str,
	keptClientId: str,
});

export const clientEvents: EventDefinition[] = [
	defineEvent('client.created', 'Client', 'A client is added, including through the public API', client),
	defineEvent(
		'client.updated',
		'Client',
		'A client or relationship changes, a membership turns Declined, or a client is reactivated',
		client,
	),
	defineEvent('client.deactivated', 'Client', 'A client is deactivated', client),
	defineEvent(
		'clientProfileMerger.created',
		'Client',
		'One client profile is merged into another',
		merger,
		'Client Profiles Merged',
	),
];
