import type { BodyInput } from './types';
import { fieldError } from '../fields/fieldValues';

/** Bodies whose fields the spec does not state: one JSON field, sent as written. */
export function jsonBody(example: unknown, description: string): BodyInput {
	return {
		properties: () => [
			{
				displayName: 'Body (JSON)',
				name: 'jsonBody',
				type: 'json',
				default: JSON.stringify(example, null, 2),
				required: true,
				description,
			},
		],
		read: (ctx, i) => {
			const value = ctx.getNodeParameter('jsonBody', i);
			if (typeof value !== 'string') return value;
			try {
				return JSON.parse(value) as unknown;
			} catch {
				throw fieldError(ctx, i, 'Body (JSON)', 'is not valid JSON');
			}
		},
	};
}

export const recurringRequestInput = jsonBody(
	{
		ClientId: '100000001',
		LocationId: 1,
		StaffId: 1,
		AppointmentTypeId: 1,
		StartDateTime: '2026-12-01T09:00:00',
		Frequency: 'Weekly',
		Interval: 1,
		Occurrences: 4,
	},
	'The recurring request as JSON. The spec does not list its fields; the example shows common ones. Every field is sent as written.',
);

export const addOnItemsInput = jsonBody(
	[{ AppointmentId: 1, AddOnTypeId: 1, StaffId: 1 }],
	'A list of add-ons as JSON. The spec does not list their fields; the example shows common ones. Every field is sent as written.',
);

export const appointmentsWithAddOnsInput = jsonBody(
	{
		Appointments: [
			{
				StaffReference: { Id: 1 },
				AppointmentTypeReference: { Id: 1 },
				Range: { Start: '2026-12-01T09:00:00', End: '2026-12-01T10:00:00' },
			},
		],
		AddOns: [{ AppointmentTypeReference: { Id: 2 } }],
	},
	'The appointments and their add-ons as JSON. The spec does not list the fields; the example shows common ones. Every field is sent as written.',
);
