/**
 * What the spec states of each request body of the listed operations, transcribed by the sandbox
 * apart from the node: rest-api.md's Body column and its table of body rules, webhooks.md's POST and
 * PATCH bodies. Named as listed.ts names the bodies. Only what is stated goes in: the body's kind,
 * what a list holds, the fields named as required, the fields stated as flags, and the webhook
 * bodies' fields with their types, lengths and values; anything else a body holds passes. bodies.ts
 * turns each reading into the check made on receipt, and test/catalogue/twoReadings.test.ts puts
 * those checks beside the node's.
 */

/** A field the spec lists with its type (the webhook bodies). */
export interface FieldReading {
	type: 'text' | 'textList' | 'number';
	required?: true;
	/** Text no longer than this. */
	maxLength?: number;
	/** An empty list or empty text is refused (the service has a code for each). */
	notEmpty?: true;
	/** The only values it takes. */
	values?: readonly [string | number, ...Array<string | number>];
}

export interface BodyReading {
	/** A JSON object, or a list ("array of …"). */
	kind: 'object' | 'list';
	/** What a list holds: int64 ids or JSON objects, with the words for them in a message. */
	entries?: { of: 'int64' | 'object'; words: string };
	/** Fields the spec names as required (of the object, or of each entry), and what holds them. */
	required?: { fields: readonly string[]; in: string };
	/** Fields the spec states as flags: true or false when sent. */
	flags?: readonly string[];
	/** Fields with their types, where the spec lists them. */
	fields?: Readonly<Record<string, FieldReading>>;
	/** At least one field must be sent (the webhook PATCH changes what it names). */
	someField?: true;
}

/** Ids as a list: "array of int64 … ids" (Apply payment options, Deny, Complete, the add-on ids). */
const ids: BodyReading = { kind: 'list', entries: { of: 'int64', words: 'int64 IDs' } };
/** An object the spec names without listing its fields. */
const unlisted: BodyReading = { kind: 'object' };

/** The webhook service's subscription fields (webhooks.md, POST body and the error codes' blank cases). */
const EVENT_IDS: FieldReading = { type: 'textList', notEmpty: true };
const SCHEMA_VERSION: FieldReading = { type: 'number', values: [1] };
const REFERENCE_ID: FieldReading = { type: 'text', maxLength: 256 };
const WEBHOOK_URL: FieldReading = { type: 'text', notEmpty: true, maxLength: 2083 };

export const LISTED_BODIES = {
	/** PATCH /Business/Features/{featureDescriptor}: a feature request object. */
	featureUpdate: unlisted,
	/** POST and PUT /Business/PromoCodes: a promo code object. */
	promoCodeCreate: unlisted,
	promoCodeUpdate: unlisted,
	int64IdList: ids,
	/** Approve: a list of confirmation items; the rules table names their fields, none as required. */
	approveItems: { kind: 'list', entries: { of: 'object', words: 'confirmation items (JSON objects)' } },
	/** deny-multiple: request ids and a notification preference, names not given. */
	denyMultiple: unlisted,
	/** Modify (appointments and add-ons): appointment objects and a sendEmail flag. */
	modifyAppointments: { kind: 'object', flags: ['sendEmail'] },
	/** Recurring and Recurring/Validate: a recurring request. */
	recurringRequest: unlisted,
	/** BookingTemplates: a consumer id and a number of days, names not given. */
	bookingTemplates: unlisted,
	/** Addons/Add: a list of add-on objects. */
	addOnItems: { kind: 'list', entries: { of: 'object', words: 'add-ons (JSON objects)' } },
	/** Availability/Add: schedules, each with the five fields the rules table requires. */
	availabilityAdd: {
		kind: 'list',
		entries: { of: 'object', words: 'availability schedules (JSON objects)' },
		required: {
			fields: ['DaysOfWeek', 'StartTime', 'EndTime', 'StartDate', 'EndDate'],
			in: 'an availability schedule to add',
		},
	},
	/** Availability/Group and /Search: schedules, nothing stated as required. */
	availabilitySchedules: { kind: 'list', entries: { of: 'object', words: 'availability schedules (JSON objects)' } },
	/** Consumer booking: requests, each naming staff, appointment type and time range. */
	bookingRequestItems: {
		kind: 'list',
		entries: { of: 'object', words: 'appointment booking requests (JSON objects)' },
		required: {
			fields: ['StaffReference', 'AppointmentTypeReference', 'Range'],
			in: 'an appointment booking request',
		},
	},
	/** Appointments-Addons: one object holding both lists, names not given. */
	appointmentsWithAddOns: unlisted,
	/** POST /subscriptions: four fields, three of them required, version 1 only. */
	subscriptionCreate: {
		kind: 'object',
		fields: {
			eventIds: { ...EVENT_IDS, required: true },
			eventSchemaVersion: { ...SCHEMA_VERSION, required: true },
			referenceId: REFERENCE_ID,
			webhookUrl: { ...WEBHOOK_URL, required: true },
		},
	},
	/** PATCH /subscriptions/{id}: POST's rules on the fields sent, and the status to set. */
	subscriptionUpdate: {
		kind: 'object',
		someField: true,
		fields: {
			eventIds: EVENT_IDS,
			eventSchemaVersion: SCHEMA_VERSION,
			referenceId: REFERENCE_ID,
			webhookUrl: WEBHOOK_URL,
			status: { type: 'text', values: ['Active', 'DeactivatedByUser'] },
		},
	},
} as const satisfies Record<string, BodyReading>;

/** The name of a listed body; rest/bodyModels.ts binds each REST one to a model of its own. */
export type SchemaName = keyof typeof LISTED_BODIES;
