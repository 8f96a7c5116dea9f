import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { events } from '../shared/events/eventCatalogue';

/**
 * The trigger's parameters. Events are one list, each named by its event alone ("Client Created":
 * the names start with the object, so the sorted list reads grouped by it); ids the catalog lacks
 * (the spec only mentions some kinds) go in Custom Event IDs. n8n's nodes panel lists each option
 * as a trigger of its own, under the option's action when it has one ("On Client Created"), else
 * "On" and the name in lower case.
 */

export const eventOptions: INodePropertyOptions[] = events
	.map((event) => ({
		name: event.displayName,
		value: event.eventId,
		description: `${event.description} (${event.eventId})`,
		action: `On ${event.displayName}`,
	}))
	.sort((a, b) => a.name.localeCompare(b.name));

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Mindbody only delivers to HTTPS URLs that answer within 10 seconds: serve n8n over HTTPS (set WEBHOOK_URL, e.g. behind a tunnel) before activating',
		name: 'httpsNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: eventOptions,
		default: [],
		description: 'The events to subscribe to. Pick at least one here or under Custom Event IDs.',
	},
	{
		displayName: 'Custom Event IDs',
		name: 'customEventIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. clientVisit.created',
		description:
			'Comma-separated event IDs that are not in the list (kinds the service mentions without documenting). Their payloads are passed on unchecked.',
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
					'Whether each item is only the event payload (eventData) instead of the whole event with messageId, eventId and times',
			},
			{
				displayName: 'Only Location IDs',
				name: 'locationIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1, 2',
				description:
					'Comma-separated location IDs: events of other locations are acknowledged and dropped. Events without a locationId pass.',
			},
			{
				displayName: 'Only Site IDs',
				name: 'siteIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 123456',
				description:
					'Comma-separated site IDs: events of other sites are acknowledged and dropped. Events without a siteId pass.',
			},
		],
	},
];
