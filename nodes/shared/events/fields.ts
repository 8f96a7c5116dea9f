import { z } from 'zod';

/**
 * Field builders for event payloads, named after the spec's types. Only the stated type is
 * checked: formats (dates, hex colours) and enum values are not shown by the spec, and a strict
 * check would reject real deliveries the trigger should still pass on.
 */

export const num = z.number();
export const int = z.number().int();
export const str = z.string();
export const bool = z.boolean();

export const nullableNum = num.nullable();
export const nullableStr = str.nullable();

/** Every payload object keeps fields the catalog does not list. */
export function fields<T extends z.ZodRawShape>(shape: T) {
	return z.object(shape).passthrough();
}

export function listOf<T extends z.ZodRawShape>(shape: T) {
	return z.array(fields(shape));
}

/** The same type for several names: `same(num, 'siteId', 'locationId')`. */
export function same<K extends string, T extends z.ZodTypeAny>(type: T, ...names: K[]): Record<K, T> {
	return Object.fromEntries(names.map((name) => [name, type])) as Record<K, T>;
}

/** `{ id number, name string }`, the resource rows of appointments and classes. */
export const resourceList = listOf({ id: num, name: str });

export type EventGroup =
	| 'Site'
	| 'Location'
	| 'Appointment'
	| 'Class'
	| 'Client'
	| 'Contract/Membership'
	| 'Sale'
	| 'Staff'
	| 'Pick-a-Spot';

export type EventDataSchema = z.ZodObject<z.ZodRawShape, 'passthrough'>;

export interface EventDefinition {
	eventId: string;
	group: EventGroup;
	displayName: string;
	/** When the service sends it (the catalog's Trigger column). */
	description: string;
	eventData: EventDataSchema;
}

/** Fills the display name from the id's words unless given. */
export function defineEvent(
	eventId: string,
	group: EventGroup,
	description: string,
	eventData: EventDataSchema,
	displayName = displayNameOf(eventId),
): EventDefinition {
	return { eventId, group, displayName, description, eventData };
}

/** `classRosterBookingStatus.updated` → `Class Roster Booking Status Updated`. */
export function displayNameOf(eventId: string): string {
	return eventId
		.split('.')
		.map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2'))
		.join(' ')
		.replace(/\b\w/g, (c) => c.toUpperCase());
}
