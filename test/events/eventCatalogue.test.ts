import { z } from 'zod';

import {
	checkEnvelope,
	checkEventData,
	eventGroups,
	eventIds,
	events,
	findEvent,
} from '../../nodes/shared/events/eventCatalogue';
import { createPayloadGenerator } from '../../sandbox/webhooks/payloads';
import { parseFields, SPEC_CATALOG, SPEC_ROWS } from '../../sandbox/reading/events';

/** The transcription's notation for a zod type (see catalogSpec.ts). */
function typeCode(type: z.ZodTypeAny): string {
	if (type instanceof z.ZodNullable) return `${typeCode(type.unwrap())}?`;
	if (type instanceof z.ZodNumber) return type.isInt ? 'i' : 'n';
	if (type instanceof z.ZodString) return 's';
	if (type instanceof z.ZodBoolean) return 'b';
	if (type instanceof z.ZodArray) {
		return type.element instanceof z.ZodObject ? '[obj]' : `[${typeCode(type.element)}]`;
	}
	return type.constructor.name;
}

function typeCodes(shape: z.ZodRawShape): Record<string, string> {
	return Object.fromEntries(Object.entries(shape).map(([name, type]) => [name, typeCode(type)]));
}

/** The Catalog table of webhooks.md, in order. */
const SPEC_EVENT_IDS = [
	'site.created',
	'site.updated',
	'site.deactivated',
	'siteBusinessDayClosure.created',
	'siteBusinessDayClosure.cancelled',
	'location.created',
	'location.updated',
	'location.deactivated',
	'appointmentBooking.created',
	'appointmentBooking.updated',
	'appointmentBooking.cancelled',
	'appointmentAddOn.created',
	'appointmentAddOn.deleted',
	'classSchedule.created',
	'classSchedule.updated',
	'classSchedule.cancelled',
	'class.updated',
	'classRosterBooking.created',
	'classRosterBookingStatus.updated',
	'classRosterBooking.cancelled',
	'classWaitlistRequest.created',
	'classWaitlistRequest.cancelled',
	'classDescription.updated',
	'client.created',
	'client.updated',
	'client.deactivated',
	'clientProfileMerger.created',
	'clientMembershipAssignment.created',
	'clientMembershipAssignment.cancelled',
	'clientContract.created',
	'clientContract.updated',
	'clientContract.cancelled',
	'clientSale.created',
	'staff.created',
	'staff.updated',
	'staff.deactivated',
	'pickASpotReservation.created',
	'pickASpotReservation.updated',
	'pickASpotReservation.deleted',
];

const generator = createPayloadGenerator(7, { strict: true });
const sample = (eventId: string) =>
	generator.generate(eventId, { siteId: -99, now: Date.parse('2025-03-01T10:00:00Z') });

describe('event catalog', () => {
	it("holds exactly the event ids of the spec's Catalog table, in its order", () => {
		expect(eventIds).toEqual(SPEC_EVENT_IDS);
		expect(new Set(eventIds).size).toBe(SPEC_EVENT_IDS.length);
	});

	it('gives every event a group, display name and description', () => {
		for (const event of events) {
			expect(event.group).toBeTruthy();
			expect(event.displayName).toMatch(/^[A-Z]/);
			expect(event.description.length).toBeGreaterThan(5);
		}
		expect(new Set(events.map((event) => event.displayName)).size).toBe(events.length);
	});

	it('groups the ids without losing or repeating one', () => {
		expect(eventGroups.flatMap((entry) => entry.eventIds)).toEqual(SPEC_EVENT_IDS);
		expect(eventGroups.map((entry) => entry.group)).toEqual([
			'Site',
			'Location',
			'Appointment',
			'Class',
			'Client',
			'Contract/Membership',
			'Sale',
			'Staff',
			'Pick-a-Spot',
		]);
	});

	it('finds events by id and answers undefined for others', () => {
		expect(findEvent('clientSale.created')?.group).toBe('Sale');
		expect(findEvent('client.checkedIn')).toBeUndefined();
	});

	it.each(SPEC_EVENT_IDS)('accepts a complete generated %s payload', (eventId) => {
		const data = sample(eventId);
		expect(checkEventData(eventId, data)).toEqual({ ok: true, problems: [] });
		for (const name of Object.keys(findEvent(eventId)!.eventData.shape)) {
			expect(data[name]).not.toBeUndefined();
		}
	});

	it.each(SPEC_EVENT_IDS)('lists every field of %s with the type the spec states', (eventId) => {
		const { shape } = findEvent(eventId)!.eventData;
		expect(typeCodes(shape)).toEqual(parseFields(SPEC_CATALOG[eventId]));
		for (const [name, type] of Object.entries(shape)) {
			if (!(type instanceof z.ZodArray) || !(type.element instanceof z.ZodObject)) continue;
			expect([name, typeCodes(type.element.shape)]).toEqual([name, parseFields(SPEC_ROWS[name])]);
		}
	});
});

describe('checkEventData', () => {
	it('names a field of the wrong type and a missing one', () => {
		const data = { ...sample('client.created'), clientUniqueId: '12', email: undefined };
		const result = checkEventData('client.created', data);
		expect(result.ok).toBe(false);
		expect(result.problems).toEqual([
			'clientUniqueId: expected number, got string',
			'email: missing (expected string)',
		]);
	});

	it('names fields inside lists', () => {
		const data = sample('clientSale.created');
		const payments = data.payments as Array<Record<string, unknown>>;
		payments[0].paymentAmountPaid = '12.50';
		expect(checkEventData('clientSale.created', data).problems).toEqual([
			'payments[0].paymentAmountPaid: expected number, got string',
		]);
	});

	it('accepts null exactly where the spec says nullable', () => {
		const booking = {
			...sample('classRosterBooking.created'),
			clientPassId: null,
			itemSiteId: null,
		};
		expect(checkEventData('classRosterBooking.created', booking).ok).toBe(true);
		const status = { ...sample('classRosterBookingStatus.updated'), itemSiteId: null };
		expect(checkEventData('classRosterBookingStatus.updated', status).problems).toEqual([
			'itemSiteId: expected number, got null',
		]);
	});

	it('checks ints where the spec says int', () => {
		const data = { ...sample('siteBusinessDayClosure.created'), businessDayClosureId: 1.5 };
		expect(checkEventData('siteBusinessDayClosure.created', data).problems[0]).toMatch(/^businessDayClosureId: /);
	});

	it('keeps unknown fields and accepts any pick-a-spot object', () => {
		const data = { ...sample('staff.created'), addedLater: 'x' };
		expect(checkEventData('staff.created', data).ok).toBe(true);
		expect(findEvent('staff.created')!.eventData.parse(data)).toMatchObject({ addedLater: 'x' });
		expect(checkEventData('pickASpotReservation.deleted', { anything: 1 }).ok).toBe(true);
	});

	it('never throws, whatever it is given', () => {
		expect(checkEventData('nope', {}).problems).toEqual(['eventId: unknown event "nope"']);
		expect(checkEventData('site.created', null).problems).toEqual(['eventData: expected object, got null']);
		expect(checkEventData('site.created', 'text').ok).toBe(false);
	});
});

describe('checkEnvelope', () => {
	const envelope = {
		messageId: 'b0d4',
		eventId: 'site.created',
		eventSchemaVersion: 1,
		eventInstanceOriginationDateTime: '2025-03-01T10:00:00Z',
		eventData: {},
	};

	it('accepts a delivery with or without transactionKey', () => {
		expect(checkEnvelope(envelope).ok).toBe(true);
		expect(checkEnvelope({ ...envelope, transactionKey: 'tk-1' }).ok).toBe(true);
	});

	it('names what is wrong', () => {
		const { messageId: _dropped, ...rest } = envelope;
		expect(checkEnvelope({ ...rest, eventSchemaVersion: 2 }).problems).toEqual([
			'messageId: missing (expected string)',
			'eventSchemaVersion: Invalid literal value, expected 1',
		]);
	});
});
