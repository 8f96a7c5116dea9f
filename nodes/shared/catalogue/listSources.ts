/**
 * A list of records the node offers in a dropdown. A parameter that picks from one carries it
 * (`listSource`), the GET operation whose answer fills it carries it too (`serves`), and the
 * node registers its dropdown method under `method` (n8n finds dropdown methods by name).
 */
export interface ListSource {
	readonly method: string;
	/**
	 * The serving operation's query parameter that filters by the text typed in the dropdown
	 * (the service searches); without one the node filters the entries it read.
	 */
	readonly searchParam?: string;
	/**
	 * Required query parameters of the serving operation: the dropdown takes the value of the
	 * node's field of that name, or else the first entry of the given list (contracts are listed
	 * per location).
	 */
	readonly needs?: Readonly<Record<string, ListSource>>;
	/**
	 * Query parameters of the serving operation taken from the node's other fields, by the field's
	 * name and label (the open slots of the staff member and session type picked above). A required
	 * one (by the operation, or `required` here: the list means nothing without it) left empty is an
	 * error naming the field; nothing is read.
	 */
	readonly follows?: Readonly<Record<string, { field: string; label: string; required?: true }>>;
	/** The serving operation needs at least one of the parameters it follows. */
	readonly followsOne?: boolean;
	/** A list of dated records offered from now on: only those still ahead, soonest first. */
	readonly lookAhead?: LookAhead;
	/** Query parameters the list always sends, where the operation's defaults would hide records. */
	readonly query?: Readonly<Record<string, string>>;
	/** Why the list can be empty and what to do, said instead of an empty list ("No results"). */
	readonly whenNone?: string;
}

/**
 * The window a list of dated records is read in: from today over `days` days (or the number of
 * days in the node's option of that name), then only the records that start after now. Today is
 * the UTC day, as the service reads windows of records it writes in UTC, or the site's day for
 * records in the business's local time.
 */
export interface LookAhead {
	/** The serving operation's query parameters for the window's first and last day. */
	readonly from: string;
	readonly until: string;
	/** The record's field holding its start; without one, every record read is offered (the days bound the read only). */
	readonly start?: string;
	/** The node's option (in Options) that sets the number of days, if any, its label and the default. */
	readonly option?: string;
	readonly optionLabel?: string;
	/** What the list offers, for the option's description: "classes". */
	readonly offers?: string;
	readonly days: number;
	/** The records' times are the business's local time (appointments), not UTC (classes). */
	readonly localTimes?: true;
}

/**
 * The label of a field picked from a list: the thing it names ("Client", not "Client ID"), as n8n's
 * own pickers are labelled; the ID is what its By ID mode takes. A staff ID names a staff member.
 * A label that names a thing already stays as it is.
 */
export function pickedLabel(label: string): string {
	const thing = label.replace(/ ID$/, '');
	return thing.endsWith('Staff') ? `${thing} Member` : thing;
}

const list = (
	method: string,
	searchParam?: string,
	needs?: Record<string, ListSource>,
	lookAhead?: LookAhead,
	follows?: ListSource['follows'],
	followsOne?: boolean,
): ListSource => ({
	method,
	...(searchParam ? { searchParam } : {}),
	...(needs ? { needs } : {}),
	...(lookAhead ? { lookAhead } : {}),
	...(follows ? { follows } : {}),
	...(followsOne ? { followsOne } : {}),
});

/** Classes in the picker: the next two weeks, unless the node's option says otherwise. */
export const CLASS_PICKER_DAYS: LookAhead = {
	from: 'request.startDateTime',
	until: 'request.endDateTime',
	start: 'StartDateTime',
	option: 'classPickerDays',
	optionLabel: 'Class Picker Days',
	offers: 'classes',
	days: 14,
};

/**
 * Booked appointments in their picker: six weeks unless the node's option says otherwise, so a
 * booking made a month ahead (a monthly visit) is found.
 */
export const APPOINTMENT_PICKER_DAYS: LookAhead = {
	from: 'request.startDate',
	until: 'request.endDate',
	start: 'StartDateTime',
	option: 'appointmentPickerDays',
	optionLabel: 'Appointment Picker Days',
	offers: 'booked appointments',
	days: 42,
	localTimes: true,
};

/** Open slots in their picker: the next two weeks (each staff member's free windows cut into sessions). */
const OPEN_SLOT_DAYS: LookAhead = {
	from: 'request.startDate',
	until: 'request.endDate',
	start: 'StartDateTime',
	days: 14,
	localTimes: true,
};

/** A staff member's places of work: where their availability lies in the next two weeks. */
const STAFF_LOCATION_DAYS: LookAhead = {
	from: 'request.startDate',
	until: 'request.endDate',
	days: 14,
	localTimes: true,
};

/**
 * A client's pricing options whenever bought: without dates the service reads only those bought
 * today (its defaults), so the first day is set before any sale could be.
 */
export const EVER_BOUGHT: Readonly<Record<string, string>> = { 'request.startDate': '1900-01-01' };

const locations = list('searchLocations');

export const LISTS = {
	locations,
	appointmentTypes: list('searchAppointmentTypes'),
	categories: list('searchCategories'),
	features: list('searchFeatures'),
	promoCodes: list('searchPromoCodes'),
	subscriptions: list('searchSubscriptions'),
	staff: list('searchStaff'),
	programs: list('searchPrograms'),
	sessionTypes: list('searchSessionTypes'),
	pricingOptions: list('searchPricingOptions'),
	contracts: list('searchContracts', undefined, { 'request.locationId': locations }),
	classDescriptions: list('searchClassDescriptions'),
	classes: list('searchClasses', undefined, undefined, CLASS_PICKER_DAYS),
	clients: list('searchClients', 'request.searchText'),
	products: list('searchProducts'),
	memberships: list('searchMemberships'),
	/** A client's appointments still ahead (all clients' when none is picked). */
	appointments: list('searchAppointments', undefined, undefined, APPOINTMENT_PICKER_DAYS, {
		'request.clientId': { field: 'clientId', label: 'Client' },
	}),
	/** Times a staff member can be booked for a session type: each free window cut into sessions. */
	openSlots: {
		...list('searchOpenSlots', undefined, undefined, OPEN_SLOT_DAYS, {
			'request.sessionTypeIds': { field: 'sessionTypeId', label: 'Session Type' },
			'request.staffIds': { field: 'staffId', label: 'Staff Member' },
			'request.locationIds': { field: 'locationId', label: 'Location' },
		}),
		whenNone: `No open times in the next ${OPEN_SLOT_DAYS.days} days for the Staff Member and Session Type picked (at the Location, when one is picked): the staff member may not offer that session type (Staff → Get Session Types lists theirs) or has no availability then. Pick another, or type a time.`,
	},
	/** The appointment kinds a staff member gives, to book them for; the staff member is needed. */
	staffSessionTypes: {
		...list('searchStaffSessionTypes', undefined, undefined, undefined, {
			'request.staffId': { field: 'staffId', label: 'Staff Member', required: true },
		}),
		whenNone:
			'The Staff Member picked gives no appointment session type: pick another staff member, or type the session type ID.',
	},
	/** The locations a staff member works at: those of their availability in the coming days. */
	staffLocations: {
		...list('searchStaffLocations', undefined, undefined, STAFF_LOCATION_DAYS, {
			'request.staffIds': { field: 'staffId', label: 'Staff Member', required: true },
		}),
		whenNone: `The Staff Member picked has no availability at any location in the next ${STAFF_LOCATION_DAYS.days} days: pick another staff member, or type the location ID.`,
	},
	/**
	 * The classes a client is booked into (their visits of the coming days, by class), for taking the
	 * client out of one; the class picker's days.
	 */
	bookedClasses: list(
		'searchBookedClasses',
		undefined,
		undefined,
		{ ...CLASS_PICKER_DAYS, from: 'request.startDate', until: 'request.endDate' },
		{ 'request.clientId': { field: 'clientId', label: 'Client' } },
		true,
	),
	/** Class waiting list entries of the class or the client picked above (the service needs one). */
	waitlistEntries: list(
		'searchWaitlistEntries',
		undefined,
		undefined,
		undefined,
		{
			'request.classIds': { field: 'classId', label: 'Class' },
			'request.clientIds': { field: 'clientId', label: 'Client' },
		},
		true,
	),
	/**
	 * The pricing options a client holds that can pay now (for the class picked, when one is), to
	 * pay for a booking with; the client is needed.
	 */
	clientServices: {
		...list('searchClientServices', undefined, undefined, undefined, {
			'request.clientId': { field: 'clientId', label: 'Client', required: true },
			'request.classId': { field: 'classId', label: 'Class' },
		}),
		query: { ...EVER_BOUGHT, 'request.showActiveOnly': 'true' },
		whenNone:
			'The client picked holds no pricing option that can pay now (for the class picked, when one is): Client → Get Pricing Options lists all they hold. Leave it empty to let Mindbody pick one, or book without one as Require Payment allows, or sell them one first.',
	},
	packages: list('searchPackages'),
	giftCards: list('searchGiftCards'),
	customPaymentMethods: list('searchCustomPaymentMethods'),
} as const;
