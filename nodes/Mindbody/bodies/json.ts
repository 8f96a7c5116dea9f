import type { BodyInput } from './types';
import { fieldError } from '../actions/values';

/** Bodies whose fields the spec does not state: one JSON field, checked against the schema. */
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

export const recurringRequest = jsonBody(
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
	'The recurring series: ClientId, LocationId, StaffId, AppointmentTypeId, StartDateTime, Frequency (Daily, Weekly, Monthly), Interval and Occurrences (1–52)',
);

export const addOnItems = jsonBody(
	[{ AppointmentId: 1, AddOnTypeId: 1, StaffId: 1 }],
	'A list of add-ons, each with AppointmentId, AddOnTypeId and optionally StaffId',
);

export const appointmentsWithAddOns = jsonBody(
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
	'Appointments (StaffReference, AppointmentTypeReference, Range) and their AddOns',
);
