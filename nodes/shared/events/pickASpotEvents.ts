import { defineEvent, fields, type EventDefinition } from './fields';

/** The spec shows no payload for these events: any object is accepted and passed on. */
const reservation = fields({});

const group = 'Pick-a-Spot';

export const pickASpotEvents: EventDefinition[] = [
	defineEvent(
		'pickASpotReservation.created',
		group,
		"A member's spot reservation is confirmed",
		reservation,
		'Spot Reservation Created',
	),
	defineEvent(
		'pickASpotReservation.updated',
		group,
		"A member's spot assignment changes",
		reservation,
		'Spot Reservation Updated',
	),
	defineEvent(
		'pickASpotReservation.deleted',
		group,
		'A spot is released or its class booking is cancelled',
		reservation,
		'Spot Reservation Deleted',
	),
];
