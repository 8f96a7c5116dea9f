import type { IDataObject } from 'n8n-workflow';

import { DAYS_OF_WEEK } from '../../shared/schemas';
import { datePart, fieldError, isoDateTime } from '../actions/values';
import type { BodyInput } from './types';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** One schedule per input item; batching sends the schedules of many items at once. */
export const availabilitySchedules: BodyInput = {
	properties: () => [
		{
			displayName: 'Days of Week',
			name: 'daysOfWeek',
			type: 'multiOptions',
			default: [],
			required: true,
			options: DAYS_OF_WEEK.map((day) => ({ name: day, value: day })),
		},
		{ displayName: 'Start Time', name: 'startTime', type: 'string', default: '09:00', required: true, placeholder: 'HH:mm', description: 'Time of day the availability starts (HH:mm)' },
		{ displayName: 'End Time', name: 'endTime', type: 'string', default: '17:00', required: true, placeholder: 'HH:mm', description: 'Time of day the availability ends (HH:mm)' },
		{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', required: true, description: 'First day of the schedule (only the date is used)' },
		{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', required: true, description: 'Last day of the schedule (only the date is used)' },
		{
			displayName: 'Schedule Fields',
			name: 'scheduleFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{ displayName: 'Group ID', name: 'groupId', type: 'number', default: 0 },
				{ displayName: 'Location ID', name: 'locationId', type: 'number', default: 0 },
				{ displayName: 'Schedule ID', name: 'id', type: 'number', default: 0, description: 'ID of an existing schedule (for Group)' },
				{ displayName: 'Staff ID', name: 'staffId', type: 'number', default: 0 },
			],
		},
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('scheduleFields', i, {}) as IDataObject;
		const time = (name: string, label: string) => {
			const value = String(ctx.getNodeParameter(name, i)).trim();
			if (!TIME_OF_DAY.test(value)) throw fieldError(ctx, i, label, `"${value}" is not a time of day (use HH:mm, e.g. 09:00)`);
			return value;
		};
		const schedule: IDataObject = {
			DaysOfWeek: ctx.getNodeParameter('daysOfWeek', i),
			StartTime: time('startTime', 'Start Time'),
			EndTime: time('endTime', 'End Time'),
			StartDate: datePart(isoDateTime(ctx, i, 'Start Date', ctx.getNodeParameter('startDate', i))),
			EndDate: datePart(isoDateTime(ctx, i, 'End Date', ctx.getNodeParameter('endDate', i))),
		};
		const optional: Array<[string, string]> = [
			['id', 'Id'],
			['groupId', 'GroupId'],
			['staffId', 'StaffId'],
			['locationId', 'LocationId'],
		];
		for (const [field, apiName] of optional) if (fields[field]) schedule[apiName] = fields[field];
		return [schedule];
	},
};
