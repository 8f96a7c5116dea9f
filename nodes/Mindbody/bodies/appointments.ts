import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { LISTS } from '../../shared/catalogue';
import { fieldError, idList, idValue, isoDateTime } from '../fields/fieldValues';
import { bodyId, hasId, listedIdField, requiredId, typedIdField } from './idFields';
import type { BodyInput } from './types';

type Ctx = Parameters<BodyInput['read']>[0];

const ref = (id: number) => ({ Id: id });

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
	listedIdField('Appointment Type', 'appointmentTypeId', LISTS.appointmentTypes),
	typedIdField('Availability ID', 'availabilityId'),
	typedIdField('Consumer ID', 'consumerId'),
	{
		displayName: 'End',
		name: 'end',
		type: 'dateTime',
		default: '',
		description: 'End of the appointment (with Start)',
	},
	listedIdField('Location', 'locationId', LISTS.locations),
	{
		displayName: 'Resource IDs',
		name: 'resourceIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 12345, 12346',
		description: 'Comma-separated resource IDs',
	},
	typedIdField('Staff ID', 'staffId'),
	{
		displayName: 'Start',
		name: 'start',
		type: 'dateTime',
		default: '',
		description: 'Start of the appointment (with End)',
	},
];

/** One confirmation item per input item; unset references keep what the request asked for. */
export const approveItemsInput: BodyInput = {
	properties: () => [
		typedIdField('Appointment Request ID', 'appointmentRequestId', { required: true }),
		{
			displayName: 'Confirmation Fields',
			name: 'confirmationFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: approveOptions,
		},
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('confirmationFields', i, {}) as IDataObject;
		const requestId = requiredId(
			ctx,
			i,
			'Appointment Request ID',
			ctx.getNodeParameter('appointmentRequestId', i),
			'int64',
		);
		const item: IDataObject = { AppointmentRequestReference: ref(requestId) };
		// Spec id types: staff and clients int64, appointment types, locations and availabilities int32.
		const refs: Array<[string, string, string, 'int32' | 'int64']> = [
			['staffId', 'StaffReference', 'Staff ID', 'int64'],
			['appointmentTypeId', 'AppointmentTypeReference', 'Appointment Type', 'int32'],
			['consumerId', 'ConsumerReference', 'Consumer ID', 'int64'],
			['locationId', 'LocationReference', 'Location', 'int32'],
			['availabilityId', 'AvailabilityReference', 'Availability ID', 'int32'],
		];
		for (const [field, apiName, label, type] of refs) {
			if (hasId(fields[field])) item[apiName] = ref(idValue(ctx, i, label, bodyId(fields[field]), type));
		}
		if (fields.resourceIds) {
			item.ResourceReferences = idList(ctx, i, 'Resource IDs', fields.resourceIds, 'int64').map(ref);
		}
		if (fields.start || fields.end) item.Range = range(ctx, i, fields.start, fields.end);
		return [item];
	},
};

export const modifyAppointmentsInput: BodyInput = {
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
						{ displayName: 'End Date Time', name: 'endDateTime', type: 'dateTime', default: '' },
						typedIdField('ID', 'id', { required: true }),
						{ displayName: 'Notes', name: 'notes', type: 'string', default: '' },
						{
							displayName: 'Other Fields (JSON)',
							name: 'otherFields',
							type: 'json',
							default: '{}',
							description: 'Further appointment fields to change, as the API names them',
						},
						typedIdField('Staff ID', 'staffId'),
						{ displayName: 'Start Date Time', name: 'startDateTime', type: 'dateTime', default: '' },
					],
				},
			],
		},
		{
			displayName: 'Send Email',
			name: 'sendEmail',
			type: 'boolean',
			default: false,
			description: 'Whether to e-mail the clients about the change',
		},
	],
	read: (ctx, i) => {
		const entries = ((ctx.getNodeParameter('appointments', i, {}) as IDataObject).appointment ?? []) as IDataObject[];
		// The request is "a list of appointment objects" to change: without one it asks for nothing.
		if (!entries.length) throw fieldError(ctx, i, 'Appointments', 'is required (at least one appointment to modify)');
		const appointments = entries.map((entry, n) => {
			const appointment: IDataObject = {
				...jsonObject(ctx, i, `Appointments[${n}].Other Fields`, entry.otherFields),
				Id: requiredId(ctx, i, `Appointments[${n}].ID`, entry.id, 'int64'),
			};
			if (entry.startDateTime)
				appointment.StartDateTime = isoDateTime(ctx, i, `Appointments[${n}].Start Date Time`, entry.startDateTime);
			if (entry.endDateTime)
				appointment.EndDateTime = isoDateTime(ctx, i, `Appointments[${n}].End Date Time`, entry.endDateTime);
			if (hasId(entry.staffId))
				appointment.StaffId = idValue(ctx, i, `Appointments[${n}].Staff ID`, entry.staffId, 'int64');
			if (entry.notes) appointment.Notes = entry.notes;
			return appointment;
		});
		return { Appointments: appointments, SendEmail: ctx.getNodeParameter('sendEmail', i) };
	},
};

export const bookingTemplatesInput: BodyInput = {
	properties: () => [
		typedIdField('Consumer ID', 'consumerId', { required: true }),
		{
			displayName: 'Max Days',
			name: 'maxDays',
			type: 'number',
			default: 90,
			required: true,
			description: 'How many days of past appointments to look at',
		},
	],
	read: (ctx, i) => ({
		ConsumerId: requiredId(ctx, i, 'Consumer ID', ctx.getNodeParameter('consumerId', i), 'int64'),
		MaxDays: ctx.getNodeParameter('maxDays', i),
	}),
};

export const bookingRequestItemsInput: BodyInput = {
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
						listedIdField('Appointment Type', 'appointmentTypeId', LISTS.appointmentTypes, { required: true }),
						{ displayName: 'End', name: 'end', type: 'dateTime', default: '', required: true },
						{ displayName: 'Notes', name: 'notes', type: 'string', default: '' },
						typedIdField('Staff ID', 'staffId', { required: true }),
						{ displayName: 'Start', name: 'start', type: 'dateTime', default: '', required: true },
					],
				},
			],
		},
	],
	read: (ctx, i) => {
		const entries = ((ctx.getNodeParameter('bookings', i, {}) as IDataObject).booking ?? []) as IDataObject[];
		// The body is "an array of appointment booking requests": an empty one books nothing.
		if (!entries.length) throw fieldError(ctx, i, 'Appointments', 'is required (at least one appointment to book)');
		return entries.map((entry, n) => ({
			StaffReference: ref(requiredId(ctx, i, `Appointments[${n}].Staff ID`, entry.staffId, 'int64')),
			AppointmentTypeReference: ref(
				requiredId(ctx, i, `Appointments[${n}].Appointment Type`, entry.appointmentTypeId, 'int32'),
			),
			Range: range(ctx, i, entry.start, entry.end, `Appointments[${n}]`),
			...(entry.notes ? { Notes: entry.notes } : {}),
		}));
	},
};
