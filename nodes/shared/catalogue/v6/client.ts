import { LISTS } from '../listSources';
import type { FieldWords, Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument, type V6ParamWords } from './fromDocument';

/** Parameters many client reads share. */
const CLIENT_ID: V6ParamWords = { listSource: LISTS.clients };
const CLIENT_IDS: V6ParamWords = { listSource: LISTS.clients };
const UNIQUE_CLIENT_ID: V6ParamWords = {
	description: "The client's system-generated unique ID; used instead of Client when given",
};
const CROSS_REGIONAL: Record<string, V6ParamWords> = {
	'request.crossRegionalLookup': {
		displayName: 'Cross-Regional Lookup',
		description:
			'Whether to also search the other sites of the region where the client has a profile, ten sites at a time',
	},
	'request.clientAssociatedSitesOffset': {
		displayName: 'Region Sites to Skip',
		description:
			"How many of the client's region sites a cross-regional lookup skips, to reach those past the first ten",
	},
};

/** Words for the fields of a client's record, shared by Create and Update. */
const CLIENT_FIELDS: Record<string, FieldWords> = {
	AccountBalance: {
		description: "The client's account balance, which Mindbody keeps from payments; usually left empty",
	},
	Action: { description: 'Filled in by Mindbody in its answer; not needed here' },
	Active: { description: 'Whether the client is active' },
	AddressLine1: { displayName: 'Address Line 1' },
	AddressLine2: { displayName: 'Address Line 2' },
	ClientCreditCard: { displayName: 'Credit Card', description: "The client's credit card to keep on file" },
	ClientIndexes: {
		description:
			'Client index values to set; a value already set for the index is replaced (Client Index: Get Many lists them)',
	},
	ClientRelationships: { description: 'Relationships to other clients to add, change or remove' },
	CreationDate: { description: 'When the client was added; set by Mindbody' },
	CustomClientFields: {
		description: "Values of the business's custom client fields (Client: Get Custom Fields lists them)",
	},
	EmergencyContactInfoEmail: { displayName: 'Emergency Contact Email' },
	EmergencyContactInfoName: { displayName: 'Emergency Contact Name' },
	EmergencyContactInfoPhone: { displayName: 'Emergency Contact Phone' },
	EmergencyContactInfoRelationship: {
		displayName: 'Emergency Contact Relationship',
		description: 'How the contact is related to the client, e.g. mother or spouse',
	},
	FirstAppointmentDate: { description: "The client's first booked appointment; set by Mindbody" },
	Gender: { description: "One of the business's gender options (Site: Get Genders lists them)" },
	HomeLocation: {
		displayName: 'Home Location',
		description: "The client's home location",
		listSource: LISTS.locations,
	},
	LastFormulaNotes: {
		displayName: 'Last Formula Note',
		description: 'The latest formula note; set by Mindbody (Add Formula Note adds one)',
	},
	LastModifiedDateTime: {
		displayName: 'Last Modified',
		description: 'When the client was last changed; set by Mindbody',
	},
	Liability: { displayName: 'Liability Waiver', description: "The client's agreement to the liability waiver" },
	MembershipIcon: { description: "ID of the membership icon shown beside the client's name; set by Mindbody" },
	MobileProvider: {
		description: "ID of the client's mobile phone provider, for text messages (Site: Get Mobile Providers lists them)",
	},
	Notes: { description: 'Staff notes on the client, not meant for the client' },
	PhotoUrl: { displayName: 'Photo URL', description: "Set by Mindbody; Upload Photo changes the client's photo" },
	ProspectStage: { description: "The client's prospect stage (Site: Get Prospect Stages lists them)" },
	RedAlert: { description: "An urgent alert staff see on the client's profile" },
	ReferredBy: {
		displayName: 'Referred By',
		description: 'How the client found the business: one of the referral types (Client: Get Referral Types lists them)',
	},
	SalesReps: { displayName: 'Sales Reps', description: "Staff members to assign as the client's sales reps" },
	Status: { description: "The client's membership status, e.g. Active, Non-Member or Suspended; set by Mindbody" },
	UniqueId: { displayName: 'Unique ID', description: "The client's system-generated unique ID; set by Mindbody" },
	WorkExtension: { displayName: 'Work Phone Extension' },
	YellowAlert: { description: "A warning staff see on the client's profile" },
};

const LEAD_CHANNEL: FieldWords = {
	displayName: 'Lead Channel ID',
	description: 'The lead channel the client came from, for lead management',
};

/** Text-message choices the service keeps to itself: an update leaves them as they are. */
const IGNORED_ON_UPDATE = ' (Mindbody ignores a change made here)';

/** A contact log's fields, as Create and Update ask for them. */
const CONTACT_LOG_FIELDS: Record<string, FieldWords> = {
	AssignedToStaffId: {
		displayName: 'Assigned To Staff ID',
		description: 'The staff member who follows up',
		listSource: LISTS.staff,
	},
	Text: { description: 'What the log says' },
	FollowupByDate: { displayName: 'Follow Up By', description: 'When the follow-up is due' },
	ContactMethod: { description: 'How the client wants to be contacted, e.g. Email or Phone' },
	ContactName: { description: 'The person the staff member should contact' },
};

/** The v6 document's Client operations. */
export const clientOperations: Operation[] = [
	fromDocument(V6.GetActiveClientMemberships, {
		resource: 'client',
		operation: 'getActiveMemberships',
		name: 'Get Active Memberships',
		action: 'Get active memberships by any client ID',
		description: 'Returns the active memberships of one client (Get Active Memberships by IDs takes several)',
		large: true,
		params: {
			'request.clientId': CLIENT_ID,
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.locationId': {
				description: 'Only memberships that can pay for services at this location; not with Cross-Regional Lookup',
				listSource: LISTS.locations,
			},
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetActiveClientsMemberships, {
		resource: 'client',
		operation: 'getActiveMembershipsOfClients',
		name: 'Get Active Memberships by IDs',
		action: 'Get active memberships by client IDs',
		description:
			'Returns the active memberships of several clients, one entry per client (Get Active Memberships takes one)',
		params: {
			'request.clientIds': {
				...CLIENT_IDS,
				description: 'At most 200 per request; a longer list is sent over several requests',
				selects: true,
				maxPerRequest: 200,
			},
			'request.locationId': {
				description: 'Only memberships that can pay for services at this location; not with Cross-Regional Lookup',
				listSource: LISTS.locations,
			},
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetClientAccountBalances, {
		resource: 'client',
		operation: 'getAccountBalances',
		name: 'Get Account Balances',
		action: 'Get account balances of clients',
		description: 'Returns the account balances of one or more clients on a date',
		params: {
			'request.clientIds': CLIENT_IDS,
			'request.balanceDate': { description: 'The date of the balance; by default today' },
			'request.classId': { displayName: 'Class', description: 'The balance for this class', listSource: LISTS.classes },
		},
	}),
	fromDocument(V6.GetClientCompleteInfo, {
		resource: 'client',
		operation: 'getCompleteInfo',
		name: 'Get Complete Info',
		action: 'Get complete info of client',
		description:
			"Returns one client's record with their pricing options, contracts, memberships and arrival programs in one answer",
		params: {
			'request.clientId': CLIENT_ID,
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.requiredClientData': {
				displayName: 'Parts to Return',
				description: 'Any of Services, Contracts, Memberships, ArrivalPrograms; all of them when empty',
			},
			'request.startDate': {
				description: 'Only pricing options bought (or activated) on or after this date; by default today',
			},
			'request.endDate': {
				description: 'Only pricing options bought (or activated) on or before this date; by default today',
			},
			'request.useActivateDate': {
				displayName: 'Filter by Activation Date',
				description: 'Whether the dates filter by activation date instead of purchase date',
			},
			'request.showActiveOnly': {
				displayName: 'Active Only',
				description: 'Whether to return only active pricing options',
			},
			'request.excludeInactiveSites': { description: 'Whether to leave out sites that are inactive' },
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetClientContracts, {
		resource: 'clientContract',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many client contracts',
		description: 'Returns the contracts a client has bought, with their autopay schedule',
		large: true,
		params: {
			'request.clientId': CLIENT_ID,
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetDirectDebitInfo, {
		resource: 'client',
		operation: 'getDirectDebitInfo',
		name: 'Get Direct Debit Info',
		action: 'Get direct debit info of client',
		description: 'Returns the bank account a client pays by direct debit from',
		params: { clientId: CLIENT_ID },
	}),
	fromDocument(V6.DeleteDirectDebitInfo, {
		resource: 'client',
		operation: 'deleteDirectDebitInfo',
		name: 'Delete Direct Debit Info',
		action: 'Delete direct debit info of client',
		description: 'Removes the bank account a client pays by direct debit from',
		toolWarning: "removes the client's bank details for payments",
		params: { clientId: CLIENT_ID },
	}),
	fromDocument(V6.GetClientDuplicates, {
		resource: 'client',
		operation: 'getDuplicates',
		name: 'Get Duplicates',
		action: 'Get duplicate clients',
		description: 'Returns the clients that would count as duplicates of a first name, last name and e-mail address',
		params: {
			'request.firstName': { description: 'First name to match' },
			'request.lastName': { description: 'Last name to match' },
			'request.email': { description: 'E-mail address to match' },
		},
	}),
	fromDocument(V6.GetClientFormulaNotes, {
		resource: 'client',
		operation: 'getFormulaNotes',
		name: 'Get Formula Notes',
		action: 'Get formula notes of client',
		description: "Returns a client's formula notes (notes staff keep on treatments, e.g. hair colour)",
		params: {
			'request.clientId': CLIENT_ID,
			'request.appointmentId': { description: 'Only the notes of this appointment' },
		},
	}),
	fromDocument(V6.GetClientIndexes, {
		resource: 'clientIndex',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many client indexes',
		description: 'Returns the client indexes of the business with their values',
		params: {
			'request.requiredOnly': { description: 'Whether to return only the indexes required when a client is created' },
		},
	}),
	fromDocument(V6.GetClientPurchases, {
		resource: 'client',
		operation: 'getPurchases',
		name: 'Get Purchases',
		action: 'Get purchases by client or unique ID',
		description: "Returns a client's purchases with their sale and payment",
		large: true,
		params: {
			'request.clientId': CLIENT_ID,
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.saleId': { description: 'Only the purchases of this sale' },
			'request.startDate': { description: 'Only purchases made on or after this time; by default now' },
			'request.endDate': { description: 'Only purchases made before this time; by default the end of today' },
		},
	}),
	fromDocument(V6.GetClientReferralTypes, {
		resource: 'client',
		operation: 'getReferralTypes',
		name: 'Get Referral Types',
		action: 'Get referral types',
		description: 'Returns the ways a client can say they found the business',
		params: {
			'request.includeInactive': { description: 'Whether to include inactive referral types and the subtypes' },
		},
	}),
	fromDocument(V6.GetClientRewards, {
		resource: 'client',
		operation: 'getRewards',
		name: 'Get Rewards',
		action: 'Get reward points of client',
		description: "Returns a client's reward points balance and the points earned and redeemed",
		params: {
			'request.clientId': CLIENT_ID,
			'request.startDate': { description: 'Start of the period; by default today' },
			'request.endDate': { description: 'End of the period; by default the start date' },
		},
	}),
	fromDocument(V6.UpdateClientRewards, {
		resource: 'client',
		operation: 'updateRewards',
		name: 'Update Rewards',
		action: 'Update reward points of client',
		description: 'Adds reward points a client earned or takes off points they redeemed',
		toolWarning: "changes the client's reward points",
		fields: {
			ClientId: { listSource: LISTS.clients },
			Points: { description: 'How many points are earned or redeemed (above 0)' },
			Action: { description: 'Whether the points are earned or redeemed', values: ['Earned', 'Redeemed'] },
			Source: {
				description: 'What earned the points; leave out when redeeming',
				values: ['Appointment Booking', 'Class Booking', 'Referral', 'Sale'],
			},
			SourceId: {
				displayName: 'Source ID',
				description: 'The appointment, visit or sale that earned the points',
			},
			ActionDateTime: {
				displayName: 'Date',
				description: 'When the points were earned or redeemed, not in the future; by default now',
			},
		},
	}),
	fromDocument(V6.GetClients, {
		resource: 'client',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many clients',
		description:
			'Returns clients by ID or by a search of names and e-mail addresses (Get Directory lists clients with services on a date)',
		large: true,
		serves: LISTS.clients,
		staffToken: true,
		params: {
			'request.clientIDs': {
				displayName: 'Client IDs',
				description: 'At most 20 per request; a longer list is sent over several requests',
				listSource: LISTS.clients,
				selects: true,
				maxPerRequest: 20,
			},
			'request.searchText': { description: 'Text to find in first names, last names and e-mail addresses' },
			'request.uniqueIds': {
				displayName: 'Unique IDs',
				description: 'System-generated unique client IDs; not with Client IDs or Search Text',
			},
			'request.includeInactive': { description: 'Whether to include inactive clients' },
			'request.isProspect': {
				displayName: 'Prospects Only',
				description: 'Whether to return only prospects (on) or only clients who are not prospects (off)',
			},
			'request.lastModifiedDate': {
				displayName: 'Modified Since',
				description: 'Only clients changed on or after this time',
			},
		},
	}),
	fromDocument(V6.GetClientSchedule, {
		resource: 'client',
		operation: 'getSchedule',
		name: 'Get Schedule',
		action: 'Get schedule of client',
		description:
			"Returns a client's past and booked visits, waiting list entries too if asked (Get Visits leaves them out)",
		params: {
			'request.clientId': { ...CLIENT_ID, description: 'Client or Unique Client ID is needed' },
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.startDate': { description: 'Only visits on or after this date; by default the end date' },
			'request.endDate': { description: 'Only visits up to this date; by default today' },
			'request.includeWaitlistEntries': {
				displayName: 'Include Waiting List Entries',
				description: 'Whether to include waiting list entries with their place in the list',
			},
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetClientServices, {
		resource: 'client',
		operation: 'getServices',
		name: 'Get Pricing Options',
		action: 'Get pricing options of client',
		description: 'Returns the pricing options one or more clients bought, with the sessions left on them',
		serves: LISTS.clientServices,
		params: {
			'request.clientId': { ...CLIENT_ID, description: 'One client; leave empty to use Client IDs' },
			'request.clientIds': CLIENT_IDS,
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.uniqueClientIds': {
				displayName: 'Unique Client IDs',
				description: 'System-generated unique client IDs, used instead of Client IDs when given',
			},
			'request.classId': {
				displayName: 'Class',
				description: 'Only pricing options that can pay for this class',
				listSource: LISTS.classes,
			},
			'request.classScheduleID': {
				displayName: 'Class Schedule IDs',
				description: 'Only pricing options tied to one of these class schedules',
			},
			'request.sessionTypeId': {
				description: 'Only pricing options that can pay for this session type',
				listSource: LISTS.sessionTypes,
			},
			'request.programIds': {
				displayName: 'Program IDs',
				description: 'Only pricing options of these programs',
				listSource: LISTS.programs,
			},
			'request.locationIds': {
				description: 'Only pricing options usable at these locations',
				listSource: LISTS.locations,
			},
			'request.visitCount': { description: 'Only pricing options that can pay for at least this many visits' },
			'request.startDate': {
				description: 'Only pricing options bought (or activated) on or after this date; by default today',
			},
			'request.endDate': {
				description: 'Only pricing options bought (or activated) on or before this date; by default today',
			},
			'request.useActivateDate': {
				displayName: 'Filter by Activation Date',
				description: 'Whether the dates filter by activation date instead of purchase date',
			},
			'request.showActiveOnly': {
				displayName: 'Active Only',
				description: 'Whether to return only active pricing options',
			},
			'request.excludeInactiveSites': { description: 'Whether to leave out sites that are inactive' },
			'request.ignoreCrossRegionalSiteLimit': {
				displayName: 'Search All Region Sites',
				description: 'Whether a cross-regional lookup searches every site of the region instead of ten',
			},
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetClientVisits, {
		resource: 'client',
		operation: 'getVisits',
		name: 'Get Visits',
		action: 'Get visits by client or unique ID',
		description: "Returns a client's past and booked visits (Get Schedule can add waiting list entries)",
		serves: LISTS.bookedClasses,
		params: {
			'request.clientId': { ...CLIENT_ID, description: 'Client or Unique Client ID is needed' },
			'request.uniqueClientId': UNIQUE_CLIENT_ID,
			'request.startDate': { description: 'Only visits on or after this date; by default the end date' },
			'request.endDate': { description: 'Only visits up to this date; by default today' },
			'request.order': { description: 'Asc for oldest first, desc for newest first' },
			'request.unpaidsOnly': {
				displayName: 'Unpaid Only',
				description: 'Whether to return only visits not paid for',
			},
			...CROSS_REGIONAL,
		},
	}),
	fromDocument(V6.GetContactLogs, {
		resource: 'contactLog',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many contact logs',
		description: "Returns the contact logs on a client's account",
		large: true,
		params: {
			'request.clientId': CLIENT_ID,
			'request.staffIds': { description: 'Only logs assigned to these staff members', listSource: LISTS.staff },
			'request.typeIds': { displayName: 'Type IDs', description: 'Only logs of these contact log types' },
			'request.subtypeIds': { displayName: 'Subtype IDs', description: 'Only logs of these subtypes' },
			'request.startDate': { description: 'Only logs created on or after this date; by default today' },
			'request.endDate': { description: 'Only logs created before this date; by default the start date' },
			'request.showSystemGenerated': {
				displayName: 'Include System Logs',
				description: 'Whether to include the logs Mindbody creates itself',
			},
		},
	}),
	fromDocument(V6.GetContactLogTypes, {
		resource: 'contactLog',
		operation: 'getTypes',
		name: 'Get Types',
		action: 'Get contact log types',
		description: 'Returns the active contact log types with their subtypes',
		params: { 'request.contactLogTypeId': { description: 'Only this contact log type' } },
	}),
	fromDocument(V6.GetCrossRegionalClientAssociations, {
		resource: 'client',
		operation: 'getCrossRegionalAssociations',
		name: 'Get Cross-Regional Associations',
		action: "Get client's cross-regional associations",
		description: 'Returns the sites of the region where a client has a profile, found by ID or e-mail address',
		params: {
			'request.clientId': { ...CLIENT_ID, description: 'Client, Unique Client ID or Email is needed' },
			'request.uniqueClientId': {
				description: "The client's system-generated unique ID; used before Client and Email when given",
			},
			'request.email': { description: "The client's e-mail address, used when no client ID is given" },
			'request.firstName': { description: 'First name, to narrow a search by e-mail address' },
			'request.lastName': { description: 'Last name, to narrow a search by e-mail address' },
			'request.excludeInactiveSites': {
				description: 'Whether to leave out profiles at inactive or deleted sites (on when not given)',
			},
			'request.v2': {
				displayName: 'Use Newer Lookup',
				description: "Whether to use Mindbody's newer way of finding the associations",
			},
		},
	}),
	fromDocument(V6.GetCustomClientFields, {
		resource: 'client',
		operation: 'getCustomFields',
		name: 'Get Custom Fields',
		action: 'Get custom client fields',
		description: 'Returns the custom fields the business keeps on clients',
	}),
	fromDocument(V6.GetRequiredClientFields, {
		resource: 'client',
		operation: 'getRequiredFields',
		name: 'Get Required Fields',
		action: 'Get required client fields',
		description: 'Returns the client fields the business requires when a client is created',
	}),
	fromDocument(V6.AddArrival, {
		resource: 'client',
		operation: 'addArrival',
		name: 'Check In',
		action: 'Check in client with lead channel',
		description:
			'Checks a client in (records their arrival) at a location, paid by one of their pricing options; a staff login allowed to sign clients in is needed',
		toolWarning: "uses a session of the client's pricing option",
		staffToken: true,
		fields: {
			ClientId: { listSource: LISTS.clients },
			LocationId: { listSource: LISTS.locations },
			ArrivalTypeId: {
				displayName: 'Arrival Program',
				description:
					"The program to log the arrival under; by default that of the client's first arrival pricing option",
				listSource: LISTS.programs,
			},
			LeadChannelId: LEAD_CHANNEL,
		},
	}),
	fromDocument(V6.AddClient, {
		resource: 'client',
		operation: 'create',
		name: 'Create',
		action: 'Create client',
		description: 'Creates a client; one with the same first name, last name and e-mail address as another is refused',
		fields: {
			...CLIENT_FIELDS,
			HomeLocation: {
				...CLIENT_FIELDS.HomeLocation,
				description: "The client's home location; by default the first active location",
			},
			ApptGenderPrefMale: { displayName: 'Prefers Male Staff' },
			SiteId: { displayName: 'Site ID', description: 'Set by Mindbody from the site in use' },
			NewId: {
				displayName: 'New Client ID',
				description: 'A client ID of your choosing, e.g. a barcode, instead of the next number; it must not be in use',
			},
			LeadChannelId: LEAD_CHANNEL,
		},
	}),
	fromDocument(V6.AddClientDirectDebitInfo, {
		resource: 'client',
		operation: 'addDirectDebitInfo',
		name: 'Add Direct Debit Info',
		action: 'Add direct debit info of client',
		description: 'Adds the bank account a client pays by direct debit from',
		toolWarning: "changes the client's bank details for payments",
		fields: {
			ClientId: { listSource: LISTS.clients },
			NameOnAccount: { description: 'The name on the bank account' },
			RoutingNumber: { description: "The bank's routing number" },
			AccountNumber: { description: 'The bank account number' },
			AccountType: { description: 'The kind of bank account', values: ['Checking', 'Savings'] },
		},
	}),
	fromDocument(V6.AddFormulaNote, {
		resource: 'client',
		operation: 'addFormulaNote',
		name: 'Add Formula Note',
		action: 'Add formula note to client',
		description: 'Adds a formula note (a note staff keep on treatments, e.g. hair colour) to a client',
		fields: {
			ClientId: { listSource: LISTS.clients },
			AppointmentId: { description: 'The appointment the note is about' },
		},
	}),
	fromDocument(V6.AddContactLog, {
		resource: 'contactLog',
		operation: 'create',
		name: 'Create',
		action: 'Create contact log',
		description: "Adds a contact log, a note of a contact to follow up, to a client's account",
		fields: {
			...CONTACT_LOG_FIELDS,
			ClientId: { listSource: LISTS.clients },
			Types: { description: 'Contact log types and subtypes to tag the log with (Contact Log: Get Types lists them)' },
		},
	}),
	fromDocument(V6.MergeClient, {
		resource: 'client',
		operation: 'merge',
		name: 'Merge',
		action: 'Merge clients',
		description: 'Merges a duplicate client into another client, which is kept',
		toolWarning: 'merges client records for good',
		fields: {
			SourceClientId: {
				displayName: 'Duplicate Client ID',
				description: 'The client merged away into the kept client',
				listSource: LISTS.clients,
			},
			TargetClientId: {
				displayName: 'Kept Client ID',
				description: 'The client that remains',
				listSource: LISTS.clients,
			},
		},
	}),
	fromDocument(V6.SendAutoEmail, {
		resource: 'client',
		operation: 'sendAutoEmail',
		name: 'Send Automatic Email',
		action: 'Send automatic email to client',
		description: 'Sends a client one of the welcome e-mails the business has set up',
		fields: {
			ClientId: { listSource: LISTS.clients },
			EmailType: {
				displayName: 'Email Type',
				description: 'Which welcome e-mail to send',
				values: ['BusinessWelcomeEmail', 'ConsumerWelcomeEmail'],
				valueNames: {
					BusinessWelcomeEmail: 'Business Welcome Email',
					ConsumerWelcomeEmail: 'Consumer Welcome Email',
				},
			},
		},
	}),
	fromDocument(V6.SendPasswordResetEmail, {
		resource: 'client',
		operation: 'sendPasswordResetEmail',
		name: 'Send Password Reset Email',
		action: 'Send password reset email',
		description: 'Sends a client an e-mail to reset their online password, if the name matches the login',
		fields: {
			UserEmail: { displayName: 'Email', description: "The client's e-mail address, which is their login" },
			UserFirstName: { displayName: 'First Name', description: "The client's first name, to confirm who they are" },
			UserLastName: { displayName: 'Last Name', description: "The client's last name, to confirm who they are" },
		},
	}),
	fromDocument(V6.SuspendContract, {
		resource: 'clientContract',
		operation: 'suspend',
		name: 'Suspend',
		action: 'Suspend client contract',
		description: "Pauses a client's contract and its autopays for a time, or until ended",
		toolWarning: "pauses the client's contract billing and may charge a fee",
		fields: {
			ClientId: { listSource: LISTS.clients },
			ClientContractId: {
				displayName: 'Client Contract ID',
				description: "The ID of the client's contract (Client Contract: Get Many shows it)",
			},
			SuspensionType: {
				description:
					"One of the business's suspension types, e.g. Illness, Injury, Vacation; it sets the duration and any fee",
			},
			SuspensionStart: { displayName: 'Start Date', description: 'When the suspension starts; by default today' },
			Duration: { description: 'How long the suspension lasts, in the unit of Duration Unit' },
			DurationUnit: {
				description: 'The unit Duration counts in, as Mindbody numbers it; a suspension type sets it for you',
			},
			SuspensionNotes: { displayName: 'Notes', description: 'Why the contract is suspended' },
			SuspensionFee: { displayName: 'Fee', description: 'A fee to charge the client for the suspension' },
		},
	}),
	fromDocument(V6.TerminateContract, {
		resource: 'clientContract',
		operation: 'terminate',
		name: 'Terminate',
		action: 'Terminate client contract',
		description: "Ends a client's contract and its autopays on a date",
		toolWarning: "ends the client's contract and its billing",
		fields: {
			ClientId: {
				description: 'The client who pays for the contract (its payer)',
				listSource: LISTS.clients,
			},
			ClientContractId: {
				displayName: 'Client Contract ID',
				description: "The ID of the client's contract (Client Contract: Get Many shows it)",
			},
			TerminationDate: { description: 'When the contract ends' },
			TerminationCode: { description: "One of the business's reasons, e.g. Illness, Moving or BreakingContract" },
			TerminationComments: { displayName: 'Comments', description: 'Why the contract is ended' },
		},
	}),
	fromDocument(V6.UpdateClient, {
		resource: 'client',
		operation: 'update',
		name: 'Update',
		action: 'Update client',
		description:
			"Changes a client's details; name, e-mail, phone, address and birthday change at every site of the region",
		fields: {
			NewId: {
				displayName: 'New Client ID',
				description:
					'A new client ID, e.g. a barcode; it must not be in use (in the region, when the change is cross-regional)',
			},
			LeadChannelId: LEAD_CHANNEL,
		},
		flatten: {
			field: 'Client',
			required: ['Id'],
			words: {
				...CLIENT_FIELDS,
				Id: { displayName: 'Client ID', listSource: LISTS.clients },
				AppointmentGenderPreference: {
					displayName: 'Preferred Staff Gender',
					description: 'The gender of the staff the client prefers for appointments',
				},
				FirstClassDate: { description: "The client's first booked class; set by Mindbody" },
				SuspensionInfo: {
					displayName: 'Booking Suspension',
					description:
						'Dates between which the client may not book; needs scheduling suspensions on in the site settings',
				},
				SendAccountTexts: { description: `Whether the client gets account text messages${IGNORED_ON_UPDATE}` },
				SendPromotionalTexts: { description: `Whether the client gets promotional text messages${IGNORED_ON_UPDATE}` },
				SendScheduleTexts: { description: `Whether the client gets schedule text messages${IGNORED_ON_UPDATE}` },
			},
		},
	}),
	fromDocument(V6.UpdateClientContractAutopays, {
		resource: 'clientContract',
		operation: 'updateAutopays',
		name: 'Update Autopays',
		action: 'Update autopays of client contract',
		description: "Changes the amount or the item of a client contract's autopays over a period",
		toolWarning: "changes the client's contract billing",
		fields: {
			ClientContractId: {
				displayName: 'Client Contract ID',
				description: "The ID of the client's contract (Client Contract: Get Many shows it)",
			},
			AutopayStartDate: { description: 'The first autopay to change' },
			AutopayEndDate: { description: 'The last autopay to change; every later one when empty' },
			ProductId: { description: 'The item of the autopays to change; needed when the contract has several' },
			ReplaceWithProductId: { displayName: 'Replace With Product ID', description: 'The item to bill instead' },
			Amount: { description: 'The amount to charge instead of the price of the item' },
		},
	}),
	fromDocument(V6.UpdateClientService, {
		resource: 'client',
		operation: 'updateService',
		name: 'Update Pricing Option',
		action: 'Update pricing option of client',
		description: 'Changes the dates or sessions of a pricing option a client bought',
		toolWarning: "changes the client's pricing option",
		fields: {
			ServiceId: {
				displayName: 'Client Pricing Option ID',
				description: "The ID of the client's pricing option (Client: Get Pricing Options shows it)",
			},
			ActiveDate: { displayName: 'Activation Date', description: 'When the pricing option becomes active' },
			ExpirationDate: { description: 'When the pricing option expires' },
			Count: { displayName: 'Sessions', description: 'The number of sessions the pricing option holds' },
		},
	}),
	fromDocument(V6.UpdateClientVisit, {
		resource: 'client',
		operation: 'updateVisit',
		name: 'Update or Cancel Visit',
		action: "Update or cancel client's visit",
		description: "Changes a client's visit: signs them in, marks it a make-up, changes what pays for it, or cancels it",
		toolWarning: 'can cancel the visit or change what pays for it',
		fields: {
			VisitId: { description: 'The visit (Client: Get Visits shows it)' },
			ClientServiceId: {
				displayName: 'Client Pricing Option ID',
				description: "The client's pricing option to pay for the visit",
			},
			Execute: {
				displayName: 'Action',
				description: 'Cancel the visit, cancel it late, or undo a late cancellation',
				values: ['Cancel', 'Latecancel', 'Unlatecancel'],
				valueNames: { Latecancel: 'Late Cancel', Unlatecancel: 'Undo Late Cancel' },
			},
			SendEmail: { description: 'Whether to e-mail the client about a cancellation' },
		},
	}),
	fromDocument(V6.UpdateContactLog, {
		resource: 'contactLog',
		operation: 'update',
		name: 'Update',
		action: 'Update contact log',
		description: "Changes a contact log on a client's account; new comments and types are added to it",
		fields: {
			...CONTACT_LOG_FIELDS,
			Id: { displayName: 'Contact Log ID' },
			Comments: { description: 'Comments to change; a comment with ID 0 is added' },
			Types: { description: 'Contact log types and subtypes to add to the log (Contact Log: Get Types lists them)' },
		},
	}),
	fromDocument(V6.UploadClientDocument, {
		resource: 'client',
		operation: 'uploadDocument',
		name: 'Upload Document',
		action: 'Upload document to client',
		description: "Uploads a file to the documents of a client's profile",
		fields: {
			ClientId: { listSource: LISTS.clients },
			File: { description: 'The file: its name, its type (e.g. pdf or jpg) and its content in Base64' },
		},
	}),
	fromDocument(V6.UploadClientPhoto, {
		resource: 'client',
		operation: 'uploadPhoto',
		name: 'Upload Photo',
		action: 'Upload photo of client',
		description: "Uploads a client's profile photo",
		fields: {
			ClientId: { listSource: LISTS.clients },
			Bytes: { displayName: 'Image', description: 'The image, in Base64' },
		},
	}),
	fromDocument(V6.DeleteClientFormulaNote, {
		resource: 'client',
		operation: 'deleteFormulaNote',
		name: 'Delete Formula Note',
		action: 'Delete formula note of client',
		description: "Deletes one of a client's formula notes",
		params: {
			'request.clientId': CLIENT_ID,
			'request.formulaNoteId': { description: 'The note (Client: Get Formula Notes shows it)' },
		},
	}),
	fromDocument(V6.DeleteContactLog, {
		resource: 'contactLog',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete contact log',
		description: "Deletes a contact log from a client's account",
		params: {
			'request.clientId': CLIENT_ID,
			'request.contactLogId': { description: 'The contact log (Contact Log: Get Many shows it)' },
			'request.test': { displayName: 'Test', description: 'Whether to only check the request: nothing is deleted' },
		},
	}),
];
