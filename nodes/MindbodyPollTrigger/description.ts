import type { INodeProperties } from 'n8n-workflow';
import { cronNodeOptions } from 'n8n-workflow';

import { authenticationProperty } from '../shared/auth/authentication';
import { UTC_TIME, withDateForm } from '../shared/catalogue/dateWords';
import {
	EVENT_CHOICES,
	FOLLOW_UP_EVENTS,
	FOLLOW_UP_SETTINGS,
	FOLLOW_UP_SETTING_MAX,
	STAFF_EVENTS,
} from './eventChoices';

/** The poll trigger's parameters. */

export const DEFAULT_OVERLAP_MINUTES = 5;

/** How often a new trigger polls unless the user says otherwise. */
export const DEFAULT_POLL_MINUTES = 15;

/**
 * n8n's own Poll Times (the same options and name n8n adds to a polling node) with another
 * default: every poll is billed, and n8n's every minute is 1,440 requests a day on its own.
 */
export const pollTimesProperty: INodeProperties = {
	displayName: 'Poll Times',
	name: 'pollTimes',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Poll Time' },
	default: { item: [{ mode: 'everyX', value: DEFAULT_POLL_MINUTES, unit: 'minutes' }] },
	description: 'When to ask Mindbody what changed',
	placeholder: 'Add Poll Time',
	options: cronNodeOptions,
};

const costNotice: INodeProperties = {
	displayName:
		'Each poll is at least one request to Mindbody, which bills calls past a daily allowance: every 15 minutes is 96 a day, every 5 minutes 288, every minute 1,440',
	name: 'pollCostNotice',
	type: 'notice',
	default: '',
};

/** The days after today a window event watches (from yesterday on): more days, more requests. */
const lookAhead = (events: string[], days: number, description: string): INodeProperties => ({
	displayName: 'Look Ahead (Days)',
	name: 'lookAheadDays',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 365 },
	default: days,
	displayOptions: { show: { event: events } },
	description,
});

export const pollTriggerProperties: INodeProperties[] = [
	pollTimesProperty,
	authenticationProperty,
	costNotice,
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: Object.values(EVENT_CHOICES).map((event) => ({
			name: event.name,
			value: event.value,
			description: `${event.description} (${event.eventIds.join(', ')})`,
		})),
		default: 'clientCreated',
		description: 'What starts the workflow. Each poll asks Mindbody what changed since the last one.',
	},
	// n8n shows a notice by the node's parameters only (never by a credential's values), so the
	// words hold whichever User Token the credential has; a credential without one is refused at
	// activation and on Fetch Test Event, before any request (the transport's check).
	{
		displayName:
			'This event reads the client list, which Mindbody opens to staff only: it needs a Mindbody credential whose User Token is "Staff Login" or a pasted staff token. Without one, the trigger is refused when activated, and nothing is read.',
		name: 'staffNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: STAFF_EVENTS } },
	},
	lookAhead(
		['classBookingCreated'],
		30,
		'How many days after today to watch classes. A booking made further ahead is not passed on; each day the rosters of the classes coming into view are read once (one request per class).',
	),
	lookAhead(
		['appointmentChanged', 'appointmentRequested'],
		14,
		'How many days after today to watch appointments. Every poll reads all appointments of these days: one request per 100 appointments.',
	),
	{
		displayName:
			"Put this trigger in the same workflow as a Mindbody Trigger and connect both to the same nodes. Each client, sale, contract or booking then runs once, whichever trigger has it first: the Mindbody Trigger at once, this one from Mindbody's lists when a delivery never came (n8n down or unreachable for longer than Mindbody's 3 hours of resends). It also switches the Mindbody Trigger's subscription back on when Mindbody turned it off, and passes on one \"webhookOutage.ended\" item when deliveries work again: route it with a Switch on eventId.",
		name: 'safetyNetNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['webhookSafetyNet'] } },
	},
	{
		displayName: 'Webhook Events to Cover',
		name: 'safetyNetEvents',
		type: 'multiOptions',
		options: [
			{ name: 'Appointment Booked (appointmentBooking.created)', value: 'appointmentBooking.created' },
			{ name: 'Class Booking (classRosterBooking.created)', value: 'classRosterBooking.created' },
			{ name: 'Client Added (client.created)', value: 'client.created' },
			{ name: 'Contract Sold (clientContract.created)', value: 'clientContract.created' },
			{ name: 'Sale (clientSale.created)', value: 'clientSale.created' },
		],
		default: [
			'appointmentBooking.created',
			'classRosterBooking.created',
			'client.created',
			'clientContract.created',
			'clientSale.created',
		],
		displayOptions: { show: { event: ['webhookSafetyNet'] } },
		description:
			"The events of the Mindbody Trigger to read again from Mindbody's lists. Each costs requests on every poll: about one each for clients, sales and contracts, one per 100 appointments in the window, and one per class whose roster changed.",
	},
	lookAhead(
		['webhookSafetyNet'],
		30,
		'How many days after today to watch class rosters and appointments for bookings. A booking further ahead that the webhook missed is not recovered. The first poll reads the roster of every class in these days once (about 900 requests for 30 busy days).',
	),
	{
		displayName: 'Days Without Visit',
		name: 'daysWithoutVisit',
		type: 'number',
		typeOptions: { minValue: FOLLOW_UP_SETTINGS.daysWithoutVisit.min, maxValue: FOLLOW_UP_SETTING_MAX },
		default: 30,
		displayOptions: { show: { event: ['clientLapsed'] } },
		description:
			'How many days (1 or more) after her last attended class or appointment an active client counts as lapsed. She is passed on once; again only after a new visit and a new lapse.',
	},
	{
		displayName: 'Lapsed Backlog (Days)',
		name: 'lapsedBacklogDays',
		type: 'number',
		typeOptions: { minValue: FOLLOW_UP_SETTINGS.lapsedBacklogDays.min, maxValue: FOLLOW_UP_SETTING_MAX },
		default: 0,
		displayOptions: { show: { event: ['clientLapsed'] } },
		description:
			'On the first poll, also pass on clients whose last visit was up to this many days before Days Without Visit: those lapsed already. 0 (the default) leaves them out: only clients lapsing from the first morning on are passed on. Each day back costs the first poll about one request per class of that day, and one per client found.',
	},
	{
		displayName: 'Include Clients With a Booking',
		name: 'includeBookedClients',
		type: 'boolean',
		default: false,
		displayOptions: { show: { event: ['clientLapsed'] } },
		description:
			"Whether to pass on a client who has a class or appointment booked ahead. Off: she is left out until that booking's day, and passed on then if she did not come. Each item carries the client's next booking either way.",
	},
	{
		displayName: 'Days Ahead',
		name: 'daysAhead',
		type: 'number',
		typeOptions: { minValue: FOLLOW_UP_SETTINGS.daysAhead.min, maxValue: FOLLOW_UP_SETTING_MAX },
		default: 14,
		displayOptions: { show: { event: ['contractEnding', 'sessionsLow'] } },
		description: 'How many days before an end or expiry date to pass it on (0: on the day itself)',
	},
	{
		displayName: 'Sessions Left',
		name: 'sessionsLeft',
		type: 'number',
		typeOptions: { minValue: FOLLOW_UP_SETTINGS.sessionsLeft.min, maxValue: FOLLOW_UP_SETTING_MAX },
		default: 1,
		displayOptions: { show: { event: ['sessionsLow'] } },
		description:
			'Pass a pricing option on when it has this many sessions (1 or more) or fewer remaining; one used up is no longer read',
	},
	{
		displayName:
			'The first poll reads what every active client holds or attended (a request per 100 clients, plus one per client for contracts or per class for visits) and passes on what is due that morning; later polls read only what changed',
		name: 'followUpNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: FOLLOW_UP_EVENTS } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Emit Event Data Only',
				name: 'eventDataOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether each item is only the event payload (eventData) instead of the whole event with messageId, eventId and time, as the Mindbody Trigger emits them',
			},
			{
				displayName: 'Overlap (Minutes)',
				name: 'overlapMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_OVERLAP_MINUTES,
				description:
					"How long after its time a change may take to show in Mindbody's lists. Changes are read again for this long, and passed on once; one that shows later is missed.",
			},
			{
				displayName: 'Start From',
				name: 'startFrom',
				type: 'dateTime',
				default: '',
				// Appointments carry no time they were booked: they always start from now.
				displayOptions: { hide: { '/event': ['appointmentChanged', 'appointmentRequested', ...FOLLOW_UP_EVENTS] } },
				// The times it is compared with (LastModifiedDateTime, SaleDateTime) are UTC in the document.
				description: withDateForm(
					'At the first activation, pass on what changed since this time instead of starting from now',
					UTC_TIME,
				),
			},
		],
	},
];
