import { EVER_BOUGHT, LISTS } from './listSources';
import type { Task } from './types';

/**
 * The Front Desk resource: a studio's everyday jobs, each one operation of the catalogue asked
 * for as the job goes (the client first, the class or the slot next, the values the job implies
 * set by it). A task sends its operation's request and nothing else; the operations themselves
 * stay under their resources.
 */
export const FRONT_DESK = 'frontDesk';

/** A client's details a front desk fills in when a client signs up or changes them. */
const CONTACT = ['AddressLine1', 'AddressLine2', 'City', 'State', 'PostalCode', 'Country', 'HomePhone', 'WorkPhone'];
const PROFILE = ['BirthDate', 'Gender', 'ReferredBy', 'Notes', 'EmergencyContactInfoName', 'EmergencyContactInfoPhone'];

export const tasks: readonly Task[] = [
	{
		operation: 'findClient',
		name: 'Find Client',
		action: 'Find client by name, e-mail or phone',
		description: "Finds clients whose name, e-mail address or phone number holds the text, with each client's ID",
		sends: 'client.getMany',
		ask: [
			{
				input: 'request.searchText',
				required: true,
				description: 'A name, an e-mail address or a phone number, or part of one',
			},
		],
		more: ['request.includeInactive', 'request.isProspect'],
	},
	{
		operation: 'addClient',
		name: 'Add Client',
		action: 'Add new client',
		description: 'Adds a new client with their name and contact details',
		sends: 'client.create',
		ask: [{ input: 'FirstName' }, { input: 'LastName' }, { input: 'Email' }, { input: 'MobilePhone' }],
		more: [...CONTACT, ...PROFILE, 'HomeLocation', 'IsProspect', 'SendAccountEmails', 'SendPromotionalEmails'],
	},
	{
		operation: 'updateClient',
		name: 'Update Client',
		action: "Update client's details",
		description: "Changes a client's name or contact details; what is left empty stays as it is",
		sends: 'client.update',
		ask: [{ input: 'Client.Id' }, { input: 'Client.Email' }, { input: 'Client.MobilePhone' }],
		more: [
			'Client.FirstName',
			'Client.LastName',
			...[...CONTACT, ...PROFILE].map((field) => `Client.${field}`),
			'Client.Active',
			'Client.RedAlert',
			'Client.YellowAlert',
		],
	},
	{
		operation: 'checkIn',
		name: 'Check In',
		action: 'Check in arriving client',
		description: "Records a client's arrival at a location, paid by one of their pricing options",
		sends: 'client.addArrival',
		ask: [{ input: 'ClientId' }, { input: 'LocationId' }],
		more: ['ArrivalTypeId', 'Test'],
	},
	{
		operation: 'bookClass',
		name: 'Book Class',
		action: 'Book client into upcoming class',
		description: 'Books a client into a class of the coming days, paid by one of their pricing options',
		sends: 'class.addClient',
		ask: [{ input: 'ClientId' }, { input: 'ClassId' }],
		more: ['SendEmail', 'Waitlist', 'RequirePayment', 'ClientServiceId', 'Test'],
		// The pricing option picker lists the client's: one picked before the client changed is not theirs.
		hooks: { before: ['pickedOwner'] },
		pickedOwner: {
			input: 'ClientServiceId',
			reads: 'client.getServices',
			owner: { field: 'clientId', param: 'request.clientId' },
			query: EVER_BOUGHT,
			thing: 'pricing option',
			// ... and one picked before the class changed may be for another program.
			paysFor: { field: 'classId', reads: 'class.getVisits', byId: 'request.classID', thing: 'class' },
		},
	},
	{
		operation: 'cancelBooking',
		name: 'Cancel Class Booking',
		action: "Cancel client's booking in class",
		description:
			"Takes a client out of a class they are booked into; a late cancel uses the class's session as the site's rules say",
		sends: 'class.removeClient',
		ask: [
			{ input: 'ClientId', required: true },
			{
				input: 'ClassId',
				description: 'A class the client picked above is booked into, of the coming days',
				listSource: LISTS.bookedClasses,
			},
			{
				input: 'LateCancel',
				description:
					"Whether to count it as a late cancel (the client may lose the session, as the site's rules say) instead of a plain cancel",
			},
		],
		more: ['SendEmail', 'Test'],
		// The class picker lists the client's bookings: one picked before the client changed is not theirs.
		hooks: { before: ['pickedBooking'] },
		pickedBooking: {
			input: 'ClassId',
			reads: 'class.getVisits',
			byId: 'request.classID',
			client: 'clientId',
			thing: 'class',
		},
	},
	{
		operation: 'addToWaitlist',
		name: 'Add to Waitlist',
		action: 'Add client to class waiting list',
		description:
			"Puts a client on a full class's waiting list; a class with places left books the client into it instead",
		sends: 'class.addClient',
		toolWarning: 'books the client into the class when it has places left',
		ask: [{ input: 'ClientId' }, { input: 'ClassId' }],
		fixed: { Waitlist: true },
		more: ['SendEmail', 'Test'],
	},
	{
		operation: 'removeFromWaitlist',
		name: 'Remove from Waitlist',
		action: 'Remove client from class waiting list',
		description: "Takes clients off a class's waiting list",
		sends: 'class.removeFromWaitlist',
		narrow: [
			{
				name: 'classId',
				displayName: 'Class',
				description: "The class whose waiting list to show below; leave empty to show the client's entries",
				listSource: LISTS.classes,
			},
			{
				name: 'clientId',
				displayName: 'Client',
				description: 'The client whose waiting list entries to show below',
				listSource: LISTS.clients,
			},
		],
		ask: [
			{
				input: 'request.waitlistEntryIds',
				description: 'The waiting list entries to remove, of the class or client picked above',
				listSource: LISTS.waitlistEntries,
			},
		],
		hooks: { before: ['pickedOwner'] },
		pickedOwner: {
			input: 'request.waitlistEntryIds',
			reads: 'class.getWaitlistEntries',
			byIds: 'request.waitlistEntryIds',
			thing: 'waiting list entry',
			owners: { classId: 'ClassId', clientId: 'Client.Id' },
		},
	},
	{
		operation: 'bookAppointment',
		name: 'Book Appointment',
		action: 'Book appointment in open slot',
		description: 'Books an appointment for a client with a staff member, at one of their open times',
		sends: 'appointment.book',
		ask: [
			{ input: 'ClientId' },
			{ input: 'StaffId' },
			{
				input: 'SessionTypeId',
				description: 'One of the appointment kinds the staff member picked above gives',
				listSource: LISTS.staffSessionTypes,
			},
			{
				input: 'LocationId',
				description: 'A location where the staff member picked above works in the coming days',
				listSource: LISTS.staffLocations,
			},
			{
				input: 'StartDateTime',
				description:
					'An open slot of the staff member for the session type (at the location, when one is picked), or a time',
				listSource: LISTS.openSlots,
			},
		],
		more: ['Notes', 'SendEmail', 'StaffRequested', 'ApplyPayment', 'Test'],
		// A slot's value is its start only; its label names the session type, staff member and location.
		hooks: { before: ['pickedFor'] },
		pickedFor: {
			input: 'StartDateTime',
			thing: 'slot',
			names: [
				{ input: 'SessionTypeId', record: 'SessionType', says: 'for {name}' },
				{ input: 'StaffId', record: 'Staff', says: "{name}'s" },
				{ input: 'LocationId', record: 'Location', says: 'at {name}' },
			],
		},
	},
	{
		operation: 'cancelAppointment',
		name: 'Cancel Appointment',
		action: 'Cancel appointment',
		description: 'Cancels a booked appointment, as a late cancel when the switch says so',
		sends: 'appointment.update',
		toolWarning: 'cancels a booked appointment',
		narrow: [
			{
				name: 'clientId',
				displayName: 'Client',
				description: "The client whose coming appointments the list below shows; leave empty for everyone's",
				listSource: LISTS.clients,
			},
		],
		ask: [
			{
				input: 'AppointmentId',
				description: 'The appointment to cancel',
				listSource: LISTS.appointments,
			},
		],
		hooks: { before: ['pickedOwner'] },
		pickedOwner: {
			input: 'AppointmentId',
			reads: 'appointment.search',
			byIds: 'request.appointmentIds',
			thing: 'appointment',
			owners: { clientId: 'ClientId' },
		},
		switches: [
			{
				name: 'lateCancel',
				displayName: 'Late Cancel',
				description:
					"Whether to count it as a late cancel (the client may lose the session, as the site's rules say) instead of a plain cancel",
				input: 'Execute',
				on: 'latecancel',
				off: 'cancel',
			},
		],
		more: ['SendEmail', 'Notes', 'Test'],
	},
	// Asks for nothing of its own: Sale → Checkout's fields are shown as they are, so whatever form
	// that operation's body takes is Sell's form too, and nothing of the cart is written here.
	{
		operation: 'sell',
		name: 'Sell',
		action: 'Sell items to client',
		description:
			"Sells pricing options, products or packages to a client and takes the payment: Sale → Checkout's form",
		sends: 'sale.checkout',
		// The location sets the prices and taxes: the desk's own, or without it the online ones.
		onTop: [
			{
				input: 'LocationId',
				description: "Where the sale is made: its prices and taxes apply. Leave empty for the online store's prices",
			},
		],
		// A pricing option the online store does not sell, or sold only elsewhere, is refused before
		// sending; a payment refused for the total says when it was the online store's.
		hooks: { before: ['soldWhere'], after: ['emptyInputNotices'], failed: 'onlinePriceNote' },
		whenEmpty: {
			LocationId:
				"No Location was picked: Mindbody priced the sale at the online store's prices and taxes, which may differ from the desk's. Pick the Location on the form to sell at its prices.",
		},
	},
	{
		operation: 'sellMembership',
		name: 'Sell Membership',
		action: 'Sell membership or contract to client',
		description: 'Sells a membership (a contract) to a client, taking the first payment and setting up its autopays',
		sends: 'contract.purchase',
		ask: [{ input: 'ClientId', required: true }, { input: 'LocationId' }, { input: 'ContractId' }],
		more: [
			'StartDate',
			'FirstPaymentOccurs',
			'StoredCardInfo',
			'CreditCardInfo',
			'UseAccountCredit',
			'UseDirectDebit',
			'PromotionCode',
			'SalesRepId',
			'SendNotifications',
			'ConsumerPresent',
			'PaymentAuthenticationCallbackUrl',
			'Test',
		],
	},
	{
		operation: 'getVisits',
		name: "Get Client's Visits",
		action: "Get client's visits",
		description: 'Returns the classes and appointments a client attended or is booked into, between two dates',
		sends: 'client.getVisits',
		ask: [{ input: 'request.clientId', required: true }],
		more: ['request.startDate', 'request.endDate', 'request.unpaidsOnly', 'request.order'],
	},
	{
		operation: 'getPurchases',
		name: "Get Client's Purchases",
		action: "Get client's purchases",
		description: 'Returns what a client bought, with the sale and the payment',
		sends: 'client.getPurchases',
		ask: [{ input: 'request.clientId' }],
		more: ['request.startDate', 'request.endDate', 'request.saleId'],
	},
	{
		operation: 'getMemberships',
		name: "Get Client's Memberships",
		action: "Get client's active memberships",
		description: "Returns a client's active memberships",
		sends: 'client.getActiveMemberships',
		ask: [{ input: 'request.clientId' }],
		more: ['request.locationId'],
	},
	// Reads three operations, not one: the client's record with what they hold, then their visits
	// and purchases (nodes/Mindbody/actions/clientSummary.ts).
	{
		operation: 'clientSummary',
		name: 'Client Summary',
		action: "Summarize client's spend and visits",
		description:
			'Returns one item per client: spend (all time and last 12 months), visits, active memberships, contracts and pricing options, and the next booking; three requests per client',
		sends: 'client.getCompleteInfo',
		thenReads: { visits: 'client.getVisits', purchases: 'client.getPurchases' },
		hooks: { instead: 'clientSummary' },
		ask: [{ input: 'request.clientId', required: true }],
	},
];

/** The task Front Desk opens on: its everyday read. */
export const FRONT_DESK_OPENS_ON = 'findClient';
