import { z } from 'zod';

import { findEvent } from '../reading/events';
import { isoSeconds, sceneValues, seededRandom } from './payloadScene';

/**
 * Deterministic, complete event payloads: every field the catalog lists for the event, with
 * its stated type, drawn from one consistent scene. Values that depend on the event's family
 * (a name, a status) come from the tables below.
 */

type Values = Record<string, unknown>;
const DAY = 86_400_000;

const byFamily: Record<string, (scene: Values) => Values> = {
	site: () => ({
		name: 'Harbor Yoga Collective',
		description: 'Yoga, pilates and massage by the harbour.',
		logoURL: 'https://clients.mindbodyonline.com/studios/HarborYoga/logo.png',
		acceptsVisa: true,
		acceptsDiscover: false,
		acceptsMasterCard: true,
		acceptsAmericanExpress: true,
		isEmailContactApproved: true,
		isSmsPackageEnabled: false,
		pricingLevel: 'Accelerate',
		subscriptionLevel: 'Accelerate',
	}),
	siteBusinessDayClosure: (scene) => {
		// A closure covers whole days: first and last day of the range.
		const first = Date.parse(String(scene.startDate));
		return {
			nameClosedDay: 'Independence Day',
			startDateTime: isoSeconds(first),
			endDateTime: isoSeconds(first + DAY),
		};
	},
	location: () => ({
		name: 'Harbor Downtown',
		description: 'Two studios and a massage suite, street parking.',
		phoneExtension: '12',
		latitude: 35.2828,
		longitude: -120.6596,
		tax1: 0.0725,
		tax2: 0.01,
		tax3: 0,
		tax4: 0,
		tax5: 0,
	}),
	appointmentBooking: (scene) => ({
		status: 'Booked',
		appointmentName: 'Deep Tissue Massage 60 min',
		resources: [{ id: (scene.resources as Array<{ id: number }>)[0].id, name: 'Massage Room 1' }],
	}),
	appointmentAddOn: () => ({ addOnName: 'Hot Stones' }),
	classRosterBookingStatus: (scene) => ({ itemSiteId: scene.siteId, signedInStatus: 'Arrived' }),
	classWaitlistRequest: (scene) => ({
		ClassId: scene.classId,
		ClientId: scene.clientId,
		ClientUniqueId: scene.clientUniqueId,
	}),
	classDescription: (scene) => ({
		id: scene.classDescriptionId,
		name: 'Vinyasa Flow',
		description: 'A flowing practice linking breath and movement; all levels.',
	}),
	client: () => ({ status: 'Active', notes: 'Recovering from a knee injury: no deep lunges.' }),
	staff: () => ({ gender: 'Male' }),
	// The spec shows no pick-a-spot payload: these fields are invented and plausible.
	pickASpotReservation: (scene) => ({
		siteId: scene.siteId,
		locationId: scene.locationId,
		classId: scene.classId,
		classStartDateTime: scene.classStartDateTime,
		reservationId: `${scene.classId}-${scene.clientUniqueId}`,
		spotNumber: 12,
		spotLabel: 'Bike 12',
		roomLayoutId: 3,
		clientId: scene.clientId,
		clientUniqueId: scene.clientUniqueId,
		clientFirstName: scene.clientFirstName,
		clientLastName: scene.clientLastName,
	}),
};

const byEvent: Record<string, Values> = {
	'site.deactivated': { isActive: false },
	'client.deactivated': { status: 'Inactive' },
	'pickASpotReservation.updated': { spotNumber: 7, spotLabel: 'Bike 7' },
};

/** Stand-in for a field no table names; strict generators refuse to use it. */
function fallback(type: z.ZodTypeAny, name: string): unknown {
	if (type instanceof z.ZodNullable) return fallback(type.unwrap(), name);
	if (type instanceof z.ZodNumber) return 1;
	if (type instanceof z.ZodBoolean) return false;
	if (type instanceof z.ZodArray) return [];
	if (type instanceof z.ZodObject) return {};
	return name;
}

export interface GenerateOptions {
	siteId: number;
	/** Clock time the scene is built around (ms). */
	now: number;
}

export interface PayloadGenerator {
	generate(eventId: string, options: GenerateOptions): Values;
}

/** `strict`: throw when a catalog field has no realistic value (used by the catalog tests). */
export function createPayloadGenerator(seed = 1, { strict = false } = {}): PayloadGenerator {
	const rand = seededRandom(seed);
	return {
		generate(eventId, { siteId, now }) {
			const event = findEvent(eventId);
			if (!event) throw new Error(`unknown event id "${eventId}"`);
			const scene = sceneValues(rand, siteId, now);
			const family = byFamily[eventId.split('.')[0]]?.(scene) ?? {};
			const values: Values = { ...scene, ...family, ...byEvent[eventId] };
			const shape = event.eventData.shape;
			const names = Object.keys(shape);
			if (names.length === 0) return { ...family, ...byEvent[eventId] };
			const data: Values = {};
			for (const name of names) {
				if (name in values) data[name] = values[name];
				else if (strict) throw new Error(`${eventId}: no value for ${name}`);
				else data[name] = fallback(shape[name], name);
			}
			return data;
		},
	};
}
