import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { integerList, isoDateTime, toInteger, fieldError } from '../actions/values';
import type { BodyInput } from './types';

type Ctx = Parameters<BodyInput['read']>[0];

const ref = (id: unknown) => ({ Id: id });

function range(ctx: Ctx, i: number, start: unknown, end: unknown, label = 'Range') {
	return {
		Start: isoDateTime(ctx, i, `${label} Start`, start),
		End: isoDateTime(ctx, i, `${label} End`, end),
	};
}

function jsonObject(ctx: Ctx, i: number, field: string, value: unknown): IDataObject {
	if (value === undefined || value === '' || value === null) return {};
	const parsed = typeof value === 'string' ? safeParse(value) : value;
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw fieldError(ctx, i, field, 'must be a JSON object');
	}
	return parsed as IDataObject;
}

const safeParse = (text: string) => {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
};

const approveOptions: INodeProperties[] = [
	{ displayName: 'Appointment Type ID', name: 'appointmentTypeId', type: 'number', default: 0 },
	{ displayName: 'Availability ID', name: 'availabilityId', type: 'number', default: 0 },
	{ displayName: 'Consumer ID', name: 'consumerId', type: 'number', default: 0 },
	{ displayName: 'End', name: 'end', type: 'dateTime', default: '', description: 'End of the appointment (with Start)' },
	{ displayName: 'Location ID', name: 'locationId', type: 'number', default: 0 },
	{ displayName: 'Resource IDs', name: 'resourceIds', type: 'string', default: '', description: 'Comma-separated resource IDs' },
	{ displayName: 'Staff ID', name: 'staffId', type: 'number', default: 0 },
	{ displayName: 'Start', name: 'start', type: 'dateTime', default: '', description: 'Start of the appointment (with End)' },
];

/** One confirmation item per input item; unset references keep what the request asked for. */
export const approveItems: BodyInput = {
	properties: () => [
		{ displayName: 'Appointment Request ID', name: 'appointmentRequestId', type: 'number', default: 0, required: true },
		{ displayName: 'Confirmation Fields', name: 'confirmationFields', type: 'collection', placeholder: 'Add Field', default: {}, options: approveOptions },
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('confirmationFields', i, {}) as IDataObject;
		const requestId = toInteger(ctx.getNodeParameter('appointmentRequestId', i));
		if (requestId === undefined || requestId < 1) {
			throw fieldError(ctx, i, 'Appointment Request ID', 'is required (a positive whole number)');
		}
		const item: IDataObject = { AppointmentRequestReference: ref(requestId) };
		const refs: Array<[string, string]> = [
			['staffId', 'StaffReference'],
			['appointmentTypeId', 'AppointmentTypeReference'],
			['consumerId', 'ConsumerReference'],
			['locationId', 'LocationReference'],
			['availabilityId', 'AvailabilityReference'],
		];
		for (const [field, apiName] of refs) if (fields[field]) item[apiName] = ref(fields[field]);
		if (fields.resourceIds) {
			item.ResourceReferences = integerList(ctx, i, 'Resource IDs', fields.resourceIds).map(ref);
		}
		if (fields.start || fields.end) item.Range = range(ctx, i, fields.start, fields.end);
		return [item];
	},
};

export const modifyAppointments: BodyInput = {
	properties: () => [
		{
			displayName: 'Appointments',
			name: 'appointments',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			default: {},
			required: true,
			placeholder: 'Add Appointment',
			options: [
				{
					displayName: 'Appointment',
					name: 'appointment',
					values: [
						{ displayName: 'ID', name: 'id', type: 'number', default: 0, required: true },
						{ displayName: 'Start Date Time', name: 'startDateTime', type: 'dateTime', default: '' },
						{ displayName: 'End Date Time', name: 'endDateTime', type: 'dateTime', default: '' },
						{ displayName: 'Staff ID', name: 'staffId', type: 'number', default: 0 },
						{ displayName: 'Notes', name: 'notes', type: 'string', default: '' },
						{ displayName: 'Other Fields (JSON)', name: 'otherFields', type: 'json', default: '{}', description: 'Further appointment fields to change, as the API names them' },
					],
				},
			],
		},
		{ displayName: 'Send Email', name: 'sendEmail', type: 'boolean', default: false, description: 'Whether to e-mail the clients about the change' },
	],
	read: (ctx, i) => {
		const entries = ((ctx.getNodeParameter('appointments', i, {}) as IDataObject).appointment ?? []) as IDataObject[];
		const appointments = entries.map((entry, n) => {
			const appointment: IDataObject = { ...jsonObject(ctx, i, `Appointments[${n}].Other Fields`, entry.otherFields), Id: toInteger(entry.id) ?? entry.id };
			if (entry.startDateTime) appointment.StartDateTime = isoDateTime(ctx, i, `Appointments[${n}].Start Date Time`, entry.startDateTime);
			if (entry.endDateTime) appointment.EndDateTime = isoDateTime(ctx, i, `Appointments[${n}].End Date Time`, entry.endDateTime);
			if (entry.staffId) appointment.StaffId = entry.staffId;
			if (entry.notes) appointment.Notes = entry.notes;
			return appointment;
		});
		return { Appointments: appointments, SendEmail: ctx.getNodeParameter('sendEmail', i) };
	},
};

export const bookingTemplates: BodyInput = {
	properties: () => [
		{ displayName: 'Consumer ID', name: 'consumerId', type: 'number', default: 0, required: true },
		{ displayName: 'Max Days', name: 'maxDays', type: 'number', default: 90, required: true, typeOptions: { minValue: 1, maxValue: 365 }, description: 'How many days of past appointments to look at' },
	],
	read: (ctx, i) => ({ ConsumerId: ctx.getNodeParameter('consumerId', i), MaxDays: ctx.getNodeParameter('maxDays', i) }),
};

export const bookingRequestItems: BodyInput = {
	properties: () => [
		{
			displayName: 'Appointments',
			name: 'bookings',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			default: {},
			required: true,
			placeholder: 'Add Appointment',
			options: [
				{
					displayName: 'Appointment',
					name: 'booking',
					values: [
						{ displayName: 'Staff ID', name: 'staffId', type: 'number', default: 0, required: true },
						{ displayName: 'Appointment Type ID', name: 'appointmentTypeId', type: 'number', default: 0, required: true },
						{ displayName: 'Start', name: 'start', type: 'dateTime', default: '', required: true },
						{ displayName: 'End', name: 'end', type: 'dateTime', default: '', required: true },
						{ displayName: 'Notes', name: 'notes', type: 'string', default: '' },
					],
				},
			],
		},
	],
	read: (ctx, i) => {
		const entries = ((ctx.getNodeParameter('bookings', i, {}) as IDataObject).booking ?? []) as IDataObject[];
		return entries.map((entry, n) => ({
			StaffReference: ref(entry.staffId),
			AppointmentTypeReference: ref(entry.appointmentTypeId),
			Range: range(ctx, i, entry.start, entry.end, `Appointments[${n}]`),
			...(entry.notes ? { Notes: entry.notes } : {}),
		}));
	},
};
