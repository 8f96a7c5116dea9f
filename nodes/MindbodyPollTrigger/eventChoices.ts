/**
 * The events the poll trigger offers, as its Event list shows them (in this order). The node's
 * description reads only this file; what each event reads is in events.ts, loaded when a poll runs.
 */
export const EVENT_CHOICES = {
	classBookingCreated: {
		value: 'classBookingCreated',
		name: 'New Class Booking',
		description: 'A client is booked into a class in the look-ahead window',
		eventIds: ['classRosterBooking.created'],
	},
	clientCreated: {
		value: 'clientCreated',
		name: 'New Client',
		description: 'A client is added (read from clients changed since the last poll)',
		eventIds: ['client.created'],
	},
	clientContractCreated: {
		value: 'clientContractCreated',
		name: 'New Client Contract',
		description: "A contract is sold (read from new sales with a contract, then the client's contracts)",
		eventIds: ['clientContract.created'],
	},
	saleCreated: {
		value: 'saleCreated',
		name: 'New Sale',
		description: 'A sale is completed (read from sales made since the last poll)',
		eventIds: ['clientSale.created'],
	},
	appointmentChanged: {
		value: 'appointmentChanged',
		name: 'New or Changed Appointment',
		description:
			'An appointment in the look-ahead window is booked or changes, including its status; a request waiting for approval counts as booked once approved',
		eventIds: ['appointmentBooking.created', 'appointmentBooking.updated'],
	},
	appointmentRequested: {
		value: 'appointmentRequested',
		name: 'New Appointment Request',
		description:
			'A client asks for an appointment in the look-ahead window that waits for staff approval; its Appointment ID is the one Approve and Deny take',
		eventIds: ['appointmentRequest.created'],
	},
	clientUpdated: {
		value: 'clientUpdated',
		name: 'Updated Client',
		description: 'A client changes, including being deactivated; several changes between two polls arrive as one',
		eventIds: ['client.updated'],
	},
	clientLapsed: {
		value: 'clientLapsed',
		name: 'Client Lapsed',
		description: "An active client's last attended visit is more than Days Without Visit ago",
		eventIds: ['client.lapsed'],
	},
	contractEnding: {
		value: 'contractEnding',
		name: 'Membership or Contract Ending',
		description: "A client's contract or membership ends, or makes its last autopay, within Days Ahead",
		eventIds: ['clientContract.ending'],
	},
	sessionsLow: {
		value: 'sessionsLow',
		name: 'Sessions Running Low',
		description: "A client's pricing option has at most Sessions Left sessions, or expires within Days Ahead",
		eventIds: ['clientService.runningLow'],
	},
	birthday: {
		value: 'birthday',
		name: 'Birthday',
		description: "Today is an active client's birthday, in the studio's time zone",
		eventIds: ['client.birthday'],
	},
	firstVisit: {
		value: 'firstVisit',
		name: 'First Visit',
		description: 'A client attends a class or appointment for the first time',
		eventIds: ['client.firstVisit'],
	},
} as const;

/** The follow-up events: a case each, read from what clients hold and attend; they always start from now. */
export const FOLLOW_UP_EVENTS = ['clientLapsed', 'contractEnding', 'sessionsLow', 'birthday', 'firstVisit'];

/** Events that read the client list, which only a staff member's token may read. */
export const STAFF_EVENTS = [EVENT_CHOICES.clientCreated.value, EVENT_CHOICES.clientUpdated.value, ...FOLLOW_UP_EVENTS];
