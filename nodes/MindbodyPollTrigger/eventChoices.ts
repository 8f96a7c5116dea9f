/**
 * The events the poll trigger offers, as its Event list shows them (in this order). The node's
 * description reads only this file; what each event reads is in events.ts, loaded when a poll runs.
 * `searchWords` are what a studio types in n8n's nodes panel to find the trigger for that job: n8n
 * searches a node's codex aliases, so each is in MindbodyPollTrigger.node.json's `alias` list too.
 */
export const EVENT_CHOICES = {
	classBookingCreated: {
		value: 'classBookingCreated',
		name: 'New Class Booking',
		description: 'A client is booked into a class in the look-ahead window',
		eventIds: ['classRosterBooking.created'],
		searchWords: ['booking', 'class booking', 'book class', 'class'],
	},
	clientCreated: {
		value: 'clientCreated',
		name: 'New Client',
		description: 'A client is added (read from clients changed since the last poll)',
		eventIds: ['client.created'],
		searchWords: ['new client', 'new member', 'client'],
	},
	clientContractCreated: {
		value: 'clientContractCreated',
		name: 'New Client Contract',
		description: "A contract is sold (read from new sales with a contract, then the client's contracts)",
		eventIds: ['clientContract.created'],
		searchWords: ['new contract', 'contract', 'membership'],
	},
	saleCreated: {
		value: 'saleCreated',
		name: 'New Sale',
		description: 'A sale is completed (read from sales made since the last poll)',
		eventIds: ['clientSale.created'],
		searchWords: ['sale', 'purchase'],
	},
	appointmentChanged: {
		value: 'appointmentChanged',
		name: 'New or Changed Appointment',
		description:
			'An appointment in the look-ahead window is booked or changes, including its status; a request waiting for approval counts as booked once approved',
		eventIds: ['appointmentBooking.created', 'appointmentBooking.updated'],
		searchWords: ['appointment', 'appointment booking'],
	},
	appointmentRequested: {
		value: 'appointmentRequested',
		name: 'New Appointment Request',
		description:
			'A client asks for an appointment in the look-ahead window that waits for staff approval; its Appointment ID is the one Approve and Deny take',
		eventIds: ['appointmentRequest.created'],
		searchWords: ['appointment request', 'appointment approval'],
	},
	clientUpdated: {
		value: 'clientUpdated',
		name: 'Updated Client',
		description: 'A client changes, including being deactivated; several changes between two polls arrive as one',
		eventIds: ['client.updated'],
		searchWords: ['updated client', 'client'],
	},
	clientLapsed: {
		value: 'clientLapsed',
		name: 'Client Lapsed',
		description: "An active client's last attended visit is more than Days Without Visit ago",
		eventIds: ['client.lapsed'],
		noSample:
			'No active client lapsed in the last week: none has a last visit between Days Without Visit and a week more ago, or each such client has a class or appointment booked ahead (left out unless Include Clients With a Booking is on). Nothing needs changing in Mindbody.',
		searchWords: ['lapsed', 'lapsed client', 'win back', 'win-back', 'we miss you', 'no visit', 'retention', 'churn'],
	},
	contractEnding: {
		value: 'contractEnding',
		name: 'Membership or Contract Ending',
		description: "A client's contract or membership ends, or makes its last autopay, within Days Ahead",
		eventIds: ['clientContract.ending'],
		noSample:
			"None of the contracts bought in the last week ends within Days Ahead. Fetch Test Event looks only at the last week's buyers, to keep to a few requests; the active trigger watches every client's contracts, and its first poll passes on those already due.",
		searchWords: [
			'renewal',
			'renewal reminder',
			'renew',
			'contract ending',
			'membership ending',
			'membership',
			'expiring',
			'reminder',
		],
	},
	sessionsLow: {
		value: 'sessionsLow',
		name: 'Sessions Running Low',
		description: "A client's pricing option has at most Sessions Left sessions, or expires within Days Ahead",
		eventIds: ['clientService.runningLow'],
		noSample:
			"No pricing option bought in the last week is at Sessions Left or expires within Days Ahead. Fetch Test Event looks only at the last week's buyers, to keep to a few requests; the active trigger watches every client's pricing options, and its first poll passes on those already due.",
		searchWords: [
			'sessions',
			'sessions left',
			'low sessions',
			'running low',
			'one session left',
			'last session',
			'class pack',
			'pricing option',
			'reminder',
		],
	},
	birthday: {
		value: 'birthday',
		name: 'Birthday',
		description: "Today is an active client's birthday, in the studio's time zone",
		eventIds: ['client.birthday'],
		noSample:
			'No active client has a birthday today or in the week before. Nothing needs changing in Mindbody: fetch again on a day with a birthday.',
		searchWords: ['birthday', 'birthday email', 'happy birthday'],
	},
	firstVisit: {
		value: 'firstVisit',
		name: 'First Visit',
		description: 'A client attends a class or appointment for the first time',
		eventIds: ['client.firstVisit'],
		noSample:
			'No client attended a class or appointment for the first time in the last week. Sign a new client in to a class in Mindbody, then fetch again.',
		searchWords: ['first visit', 'first class', 'first timer', 'new student', 'welcome'],
	},
	webhookSafetyNet: {
		value: 'webhookSafetyNet',
		name: 'Webhook Safety Net',
		description:
			"What this workflow's Mindbody Trigger missed while n8n was down or unreachable, read from Mindbody's lists and passed on once; it also switches a subscription Mindbody turned off back on, and reports the outage",
		eventIds: [
			'client.created',
			'clientSale.created',
			'clientContract.created',
			'classRosterBooking.created',
			'appointmentBooking.created',
			'webhookOutage.ended',
		],
		searchWords: ['safety net', 'missed events', 'missed webhooks', 'outage', 'catch up', 'resync', 'nothing lost'],
	},
} as const;

/** The follow-up events: a case each, read from what clients hold and attend; they always start from now. */
export const FOLLOW_UP_EVENTS = ['clientLapsed', 'contractEnding', 'sessionsLow', 'birthday', 'firstVisit'];

/** Events that read the client list, which only a staff member's token may read. */
export const STAFF_EVENTS = [
	EVENT_CHOICES.clientCreated.value,
	EVENT_CHOICES.clientUpdated.value,
	EVENT_CHOICES.webhookSafetyNet.value,
	...FOLLOW_UP_EVENTS,
];

/** The most days or sessions a follow-up field takes (ten years). */
export const FOLLOW_UP_SETTING_MAX = 3650;

/**
 * The follow-up events' number fields, as the node names them: the least value that means
 * something (`min`, the form's minValue; a poll refuses a smaller one an expression gives), why,
 * and the default.
 */
export const FOLLOW_UP_SETTINGS = {
	daysWithoutVisit: {
		label: 'Days Without Visit',
		min: 1,
		why: 'A client is lapsed after more than this many days without a visit: at 0, one who came yesterday would be.',
		fallback: 30,
	},
	daysAhead: {
		label: 'Days Ahead',
		min: 0,
		why: 'It counts the days before an end or expiry date to pass it on: 0 is the day itself.',
		fallback: 14,
	},
	lapsedBacklogDays: {
		label: 'Lapsed Backlog (Days)',
		min: 0,
		why: 'It is how many days before Days Without Visit the first poll looks back for clients lapsed already: 0 leaves them out.',
		fallback: 0,
	},
	sessionsLeft: {
		label: 'Sessions Left',
		min: 1,
		why: 'The trigger reads current pricing options only, and a used-up one is not current: at 0, none would be passed on for its sessions.',
		fallback: 1,
	},
} as const;
