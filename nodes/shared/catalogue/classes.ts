import { LISTS } from './listSources';
import { pathParam, queryParam } from './params';
import type { Operation } from './types';

const CLASS_HINT =
	'Capacity fields (MaxCapacity, TotalBooked, TotalBookedWaitlist, TotalWebBooked, WebCapacity) are null without a staff token when the business hides open spaces';

export const classOperations: Operation[] = [
	{
		service: 'rest',
		resource: 'class',
		operation: 'getByQuery',
		name: 'Get via Alternate Route',
		action: 'Get class via alternate route',
		description: `Returns the same class as Get, asked for on another route (the class ID in the query string). ${CLASS_HINT}.`,
		method: 'GET',
		path: '/Business/Schedules/Classes',
		userToken: true,
		params: [queryParam('classInstanceId', 'int32', 'Class Instance ID', { required: true })],
		output: 'object',
	},
	{
		service: 'rest',
		resource: 'class',
		operation: 'get',
		name: 'Get',
		action: 'Get class',
		description: `Returns one class (one session on the schedule) by its ID. ${CLASS_HINT}.`,
		method: 'GET',
		path: '/Business/Schedules/Classes/{classInstanceId}',
		userToken: true,
		params: [pathParam('classInstanceId', 'int32', 'Class Instance ID')],
		output: 'object',
	},
	{
		service: 'rest',
		resource: 'class',
		operation: 'getLocation',
		name: 'Get Location',
		action: 'Get location of class',
		description: 'Returns a short record of one class with its location',
		method: 'GET',
		path: '/Business/Schedules/Classes/{classInstanceId}/Location',
		userToken: true,
		params: [pathParam('classInstanceId', 'int32', 'Class Instance ID')],
		output: 'object',
	},
	{
		service: 'rest',
		resource: 'class',
		operation: 'getUpcoming',
		name: 'Get Upcoming',
		action: 'Get upcoming classes',
		description: 'Returns the upcoming class schedules of the subscriber (none: no items)',
		method: 'GET',
		path: '/Business/Schedules/Classes/Upcoming',
		userToken: true,
		params: [
			queryParam('startDateTime', 'dateTime', 'Start Date Time'),
			queryParam('endDateTime', 'dateTime', 'End Date Time'),
			queryParam('locationId', 'int32', 'Location', { listSource: LISTS.locations }),
		],
		output: 'list',
		large: true,
	},
	{
		service: 'rest',
		resource: 'enrollment',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many enrollments',
		description: 'Returns enrollments, filtered by locations, service categories and dates',
		method: 'GET',
		path: '/Business/Schedules/Enrollments',
		userToken: true,
		params: [
			queryParam('request.locationIds', 'int32', 'Location IDs', {
				array: 'comma',
				listSource: LISTS.locations,
			}),
			queryParam('request.serviceCategoryIds', 'int32', 'Service Category IDs', {
				array: 'comma',
				listSource: LISTS.categories,
			}),
			queryParam('request.startDate', 'dateTime', 'Start Date', { description: 'Default: today' }),
			queryParam('request.endDate', 'dateTime', 'End Date', { description: 'Default: the start date' }),
			queryParam('request.active', 'boolean', 'Active Only', {
				description: 'Whether to return only active enrollments (business users only, not consumers)',
			}),
		],
		output: 'list',
	},
];
