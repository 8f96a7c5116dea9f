import { availabilityAdd, availabilitySchedules } from '../schemas/bodies';
import { queryParam } from './params';
import type { Operation } from './types';

const schedulesBody = {
	schema: availabilitySchedules,
	batchable: true,
} as const;

// The spec states required fields only for schedules being added.
const addBody = { ...schedulesBody, schema: availabilityAdd } as const;

export const availabilityOperations: Operation[] = [
	{
		service: 'rest',
		resource: 'availability',
		operation: 'get',
		name: 'Get by IDs',
		action: 'Get availability schedules by IDs',
		description: 'Returns staff availability schedules by ID',
		method: 'GET',
		path: '/Business/Schedules/Availability',
		userToken: true,
		params: [
			queryParam('availabilityId', 'int32', 'Availability IDs', { array: 'repeated', required: true, selects: true }),
		],
		output: 'list',
	},
	{
		service: 'rest',
		resource: 'availability',
		operation: 'add',
		name: 'Add Schedules',
		action: 'Add availability schedules',
		description:
			'Adds staff availability schedules, each with its days, times and dates; the answer returns them with their new ID (Add for Several Staff adds times over a date range)',
		method: 'POST',
		path: '/Business/Schedules/Availability/Add',
		userToken: true,
		params: [],
		body: addBody,
		output: 'list',
	},
	{
		service: 'rest',
		resource: 'availability',
		operation: 'group',
		name: 'Group',
		action: 'Group availability schedules',
		description: 'Updates the schedule group; the answer returns the schedules with their group ID',
		method: 'POST',
		path: '/Business/Schedules/Availability/Group',
		userToken: true,
		params: [],
		body: schedulesBody,
		output: 'list',
	},
	{
		service: 'rest',
		resource: 'availability',
		operation: 'search',
		name: 'Search',
		action: 'Search availability schedules',
		description: 'Searches the availability of specific staff members',
		method: 'POST',
		path: '/Business/Schedules/Availability/Search',
		userToken: true,
		params: [],
		body: schedulesBody,
		output: 'list',
	},
];
