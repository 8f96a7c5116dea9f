import type { IDataObject } from 'n8n-workflow';

import { LISTS } from '../../shared/catalogue';
import { datePart, idValue, isoDateTime } from '../fields/fieldValues';
import { bodyId, hasId, listedIdField, typedIdField } from './idFields';
import type { BodyInput } from './types';

/** The days offered in the field; the spec states no values (an expression can send others). */
const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** One schedule per input item; batching sends the schedules of many items at once. */
export const availabilitySchedulesInput: BodyInput = {
	properties: () => [
		{
			displayName: 'Days of Week',
			name: 'daysOfWeek',
			type: 'multiOptions',
			default: [],
			required: true,
			options: DAYS_OF_WEEK.map((day) => ({ name: day, value: day })),
		},
		{
			displayName: 'Start Time',
			name: 'startTime',
			type: 'string',
			default: '09:00',
			required: true,
			placeholder: 'e.g. 09:00',
			description: 'Time of day the availability starts (HH:mm)',
		},
		{
			displayName: 'End Time',
			name: 'endTime',
			type: 'string',
			default: '17:00',
			required: true,
			placeholder: 'e.g. 17:00',
			description: 'Time of day the availability ends (HH:mm)',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'First day of the schedule (only the date is used)',
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Last day of the schedule (only the date is used)',
		},
		{
			displayName: 'Schedule Fields',
			name: 'scheduleFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				typedIdField('Group ID', 'groupId'),
				listedIdField('Location', 'locationId', LISTS.locations),
				typedIdField('Schedule ID', 'id', { description: 'ID of an existing schedule (for Group)' }),
				typedIdField('Staff ID', 'staffId'),
			],
		},
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('scheduleFields', i, {}) as IDataObject;
		// The spec states no format for the times: they are sent as typed.
		const time = (name: string) => String(ctx.getNodeParameter(name, i)).trim();
		const schedule: IDataObject = {
			DaysOfWeek: ctx.getNodeParameter('daysOfWeek', i),
			StartTime: time('startTime'),
			EndTime: time('endTime'),
			StartDate: datePart(isoDateTime(ctx, i, 'Start Date', ctx.getNodeParameter('startDate', i), 'wallClock')),
			EndDate: datePart(isoDateTime(ctx, i, 'End Date', ctx.getNodeParameter('endDate', i), 'wallClock')),
		};
		// Spec id types: availability schedules and locations int32, staff int64; groups are not typed.
		const optional: Array<[string, string, string, 'int32' | 'int64']> = [
			['id', 'Id', 'Schedule ID', 'int32'],
			['groupId', 'GroupId', 'Group ID', 'int64'],
			['staffId', 'StaffId', 'Staff ID', 'int64'],
			['locationId', 'LocationId', 'Location', 'int32'],
		];
		for (const [field, apiName, label, type] of optional) {
			if (hasId(fields[field])) schedule[apiName] = idValue(ctx, i, label, bodyId(fields[field]), type);
		}
		return [schedule];
	},
};
