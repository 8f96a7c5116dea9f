import type { INodeProperties } from 'n8n-workflow';

import { EVENT_CHOICES, STAFF_EVENTS } from './eventChoices';

/** The poll trigger's parameters; n8n adds Poll Times (how often to poll) to a polling node itself. */

export const DEFAULT_OVERLAP_MINUTES = 5;

/** The days after today a window event watches (from yesterday on): more days, more requests. */
const lookAhead = (event: string, days: number, description: string): INodeProperties => ({
	displayName: 'Look Ahead (Days)',
	name: 'lookAheadDays',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 365 },
	default: days,
	displayOptions: { show: { event: [event] } },
	description,
});

export const pollTriggerProperties: INodeProperties[] = [
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
	{
		displayName:
			'The client list is only for staff: set User Token to "Staff Login" in the Mindbody credential for this event',
		name: 'staffNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: STAFF_EVENTS } },
	},
	lookAhead(
		'classBookingCreated',
		30,
		'How many days after today to watch classes. A booking made further ahead is not passed on; each day the rosters of the classes coming into view are read once (one request per class).',
	),
	lookAhead(
		'appointmentChanged',
		14,
		'How many days after today to watch appointments. Every poll reads all appointments of these days: one request per 100 appointments.',
	),
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
				displayOptions: { hide: { '/event': ['appointmentChanged'] } },
				description:
					"At the first activation, pass on what changed since this time (in the site's time zone) instead of starting from now",
			},
		],
	},
];
