import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { LOCAL_TIME, UTC_TIME, WALL_CLOCK } from '../../nodes/shared/catalogue/dateWords';

/**
 * Every date-time field says what to send: ISO 8601, and how the operation reads a time written
 * without an offset (sandbox/README.md, "Time zones"): a person writing the description of a
 * `$fromAI` value (n8n's ✨ button leaves it empty) finds the form there.
 */
type Field = { where: string; name: string; description?: string };

const properties = new Mindbody().description.properties;
/** Every "resource.operation" of the node. */
const operations = new Set(
	properties
		.filter((field) => field.name === 'operation')
		.flatMap((field) =>
			(field.options as INodePropertyOptions[]).map(
				(option) => `${String(field.displayOptions?.show?.resource)}.${String(option.value)}`,
			),
		),
);

/**
 * The node's fields of a type, at any depth, once for each operation that shows them (the node
 * stores a field alike for several once).
 */
function fieldsOfType(type: string, list: readonly INodeProperties[], where?: string): Field[] {
	return list.flatMap((field) => {
		const show = field.displayOptions?.show;
		const places = where
			? [where]
			: (show?.resource ?? []).flatMap((resource) =>
					(show?.operation ?? []).map((op) => `${String(resource)}.${String(op)}`).filter((at) => operations.has(at)),
				);
		return places.flatMap((place) => {
			const inside = (field.options ?? []).flatMap((option) => {
				if ('values' in option) return fieldsOfType(type, option.values, place);
				return 'type' in option ? fieldsOfType(type, [option], place) : [];
			});
			const own = field.type === type ? [{ where: place, name: field.name, description: field.description }] : [];
			return [...own, ...inside];
		});
	});
}

const fields = fieldsOfType('dateTime', properties);
const formOf = (description = '') => [UTC_TIME, LOCAL_TIME, WALL_CLOCK].find((form) => description.endsWith(form));

/** The fields read in the business's time, as the sandbox reads them, and in which way. */
const LOCAL: Record<string, string> = {
	'appointment.book startDateTime': LOCAL_TIME,
	'appointment.book endDateTime': LOCAL_TIME,
	'appointment.update startDateTime': LOCAL_TIME,
	'appointment.update endDateTime': LOCAL_TIME,
	'availability.addForStaff startDateTime': WALL_CLOCK,
	'availability.addForStaff endDateTime': WALL_CLOCK,
	'availability.update startDateTime': WALL_CLOCK,
	'availability.update endDateTime': WALL_CLOCK,
	...Object.fromEntries(
		['classSchedule.create', 'classSchedule.update', 'enrollment.createSchedule', 'enrollment.updateSchedule'].flatMap(
			(operation) =>
				['startDate', 'endDate', 'startTime', 'endTime'].map((name) => [`${operation} ${name}`, WALL_CLOCK]),
		),
	),
};

describe('date-time fields say their form', () => {
	test('every one: ISO 8601 with an example, and the zone of a time without an offset', () => {
		expect(fields.length).toBeGreaterThan(150);
		for (const field of fields) {
			expect([field.where, field.name, field.description]).toEqual([
				field.where,
				field.name,
				expect.stringMatching(
					/ISO 8601, e\.g\. 2026-11-25T18:00:00Z?; (without an offset, (UTC|the business's local time)|its date and time of day are the business's local time)$/,
				),
			]);
		}
	});

	test("the business's local time where the operation reads it so, UTC everywhere else", () => {
		const local = fields.filter((field) => formOf(field.description) !== UTC_TIME);
		expect(
			Object.fromEntries(local.map((field) => [`${field.where} ${field.name}`, formOf(field.description)])),
		).toEqual(LOCAL);
		// Words of their own come first: "When the appointment starts. ISO 8601, …".
		const booked = fields.find((field) => field.where === 'appointment.book' && field.name === 'startDateTime')!;
		expect(booked.description).toBe(`When the appointment starts. ${LOCAL_TIME}`);
		const filter = fields.find((field) => field.where === 'class.getMany' && field.name === 'startDateTime')!;
		expect(filter.description).toBe(`Classes on or after this date. Default: today. ${UTC_TIME}`);
	});

	test("JSON fields say which times inside them are the business's local time, and no others say it", () => {
		const local = fieldsOfType('json', properties).filter((field) => field.description?.includes(LOCAL_TIME));
		const said = `StartDateTime and EndDateTime: ${LOCAL_TIME}`;
		const shown = local.map((field) => [`${field.where} ${field.name}`, field.description?.includes(said)]);
		expect(shown.sort()).toEqual([
			['appointment.bookMultiple addAppointmentRequests', true],
			// Sell shows Checkout's fields.
			['frontDesk.sell appointmentBookingRequests', true],
			['sale.checkout appointmentBookingRequests', true],
			['sale.initiateCheckout appointmentBookingRequests', true],
		]);
	});
});
