import type { BodyInput } from './types';
import { fieldError } from '../fields/fieldValues';

const SENT_AS_WRITTEN =
	'The spec does not list the fields; the template shows common ones. Every field is sent as written.';

/**
 * Bodies whose fields the spec does not state: one JSON field, sent as written. The default is a
 * template of field names whose values are null, to be filled in: no demo IDs or dates that
 * could be sent by mistake, and a template sent untouched is refused before anything goes out.
 * `entries` names what a body that is a list holds: such a body must hold at least one. Any
 * other JSON, `{}` included, is sent as written.
 */
export function jsonBody(template: unknown, description: string, entries?: string): BodyInput {
	const untouched = JSON.stringify(template);
	return {
		properties: () => [
			{
				displayName: 'Body (JSON)',
				name: 'jsonBody',
				type: 'json',
				default: JSON.stringify(template, null, 2),
				required: true,
				description,
			},
		],
		read: (ctx, i) => {
			const value = ctx.getNodeParameter('jsonBody', i);
			let body: unknown = value;
			if (typeof value === 'string') {
				try {
					body = JSON.parse(value) as unknown;
				} catch {
					throw fieldError(ctx, i, 'Body (JSON)', 'is not valid JSON');
				}
			}
			if (JSON.stringify(body) === untouched) {
				throw fieldError(ctx, i, 'Body (JSON)', 'still holds the empty template: replace each null with a value');
			}
			if (entries && Array.isArray(body) && body.length === 0) {
				throw fieldError(ctx, i, 'Body (JSON)', `is an empty list: it must hold at least one of the ${entries}`);
			}
			return body;
		},
	};
}

export const recurringRequestInput = jsonBody(
	{
		ClientId: null,
		LocationId: null,
		StaffId: null,
		AppointmentTypeId: null,
		StartDateTime: null,
		Frequency: 'Weekly',
		Interval: 1,
		Occurrences: 4,
	},
	`The recurring request as JSON, e.g. {"ClientId": "100015", "LocationId": 1, "StaffId": 12, "AppointmentTypeId": 7, "StartDateTime": "2026-12-01T09:00:00", "Frequency": "Weekly", "Interval": 1, "Occurrences": 4}. ${SENT_AS_WRITTEN}`,
);

export const addOnItemsInput = jsonBody(
	[{ AppointmentId: null, AddOnTypeId: null, StaffId: null }],
	`A list of add-ons as JSON, e.g. [{"AppointmentId": 12345, "AddOnTypeId": 7, "StaffId": 12}]. ${SENT_AS_WRITTEN}`,
	'add-ons to add',
);

export const appointmentsWithAddOnsInput = jsonBody(
	{
		Appointments: [
			{
				StaffReference: { Id: null },
				AppointmentTypeReference: { Id: null },
				Range: { Start: null, End: null },
			},
		],
		AddOns: [{ AppointmentTypeReference: { Id: null } }],
	},
	`The appointments and their add-ons as JSON, e.g. {"Appointments": [{"StaffReference": {"Id": 12}, "AppointmentTypeReference": {"Id": 7}, "Range": {"Start": "2026-12-01T09:00:00", "End": "2026-12-01T10:00:00"}}], "AddOns": [{"AppointmentTypeReference": {"Id": 8}}]}. ${SENT_AS_WRITTEN}`,
);
