/**
 * What the service contract states for each endpoint of the REST API and the webhook service:
 * method, path, whether a staff user token is needed, each path (P) and query (Q) parameter with its
 * wire type, list form, whether it is required, the default the server applies and the values it
 * accepts where the contract names them, whether a request body is sent, and the first success status.
 * Written down once from the contract, apart from the catalogue, so a slip in either shows up as a
 * difference in catalogue.test.ts. `comma` lists travel as one comma-separated value, `repeated`
 * ones as the parameter repeated.
 */

export type WireType = 'int32' | 'int64' | 'string' | 'boolean' | 'dateTime';

export interface SpecParam {
	name: string;
	location: 'path' | 'query';
	type: WireType;
	array?: 'repeated' | 'comma';
	required: boolean;
	serverDefault?: number | boolean;
	options?: string[];
}

export interface SpecOperation {
	service: 'rest' | 'webhooks';
	method: string;
	path: string;
	userToken: boolean;
	params: SpecParam[];
	hasBody: boolean;
	successStatus: number;
}

export const SPEC_OPERATIONS: SpecOperation[] = [
	{
		service: 'rest', method: 'POST', path: '/AutoPay/region/{regionId}/covid19/close/enddate/{endDate}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'regionId', location: 'path', type: 'int32', required: true },
			{ name: 'endDate', location: 'path', type: 'dateTime', required: true },
		],
	},
	{
		service: 'rest', method: 'POST', path: '/AutoPay/region/{regionId}/covid19/Suspend/startdate/{startDate}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'regionId', location: 'path', type: 'int32', required: true },
			{ name: 'startDate', location: 'path', type: 'dateTime', required: true },
		],
	},
	{
		service: 'rest', method: 'POST', path: '/AutoPay/subscriber/{subscriberId}/covid19/close/enddate/{endDate}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'subscriberId', location: 'path', type: 'int32', required: true },
			{ name: 'endDate', location: 'path', type: 'dateTime', required: true },
		],
	},
	{
		service: 'rest', method: 'POST', path: '/AutoPay/subscriber/{subscriberId}/covid19/Suspend/startdate/{startDate}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'subscriberId', location: 'path', type: 'int32', required: true },
			{ name: 'startDate', location: 'path', type: 'dateTime', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Calendars/Staff/{staffId}', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'staffId', location: 'path', type: 'int64', required: true },
			{ name: 'request.startDateTime', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.endDateTime', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.includeAppointments', location: 'query', type: 'boolean', required: false },
			{ name: 'request.includeClasses', location: 'query', type: 'boolean', required: false },
			{ name: 'request.includeEnrollments', location: 'query', type: 'boolean', required: false },
			{ name: 'request.includeUnavailabilities', location: 'query', type: 'boolean', required: false },
			{ name: 'request.locationIds', location: 'query', type: 'int32', array: 'repeated', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Categories', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'verticalIds', location: 'query', type: 'int32', array: 'repeated', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Subcategories', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'categoryIds', location: 'query', type: 'int32', array: 'repeated', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Closures', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'startDate', location: 'query', type: 'dateTime', required: true },
			{ name: 'endDate', location: 'query', type: 'dateTime', required: true },
		],
	},
	{ service: 'rest', method: 'GET', path: '/Business/Features', userToken: false, hasBody: false, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'PATCH', path: '/Business/Features/{featureDescriptor}', userToken: false, hasBody: true, successStatus: 200,
		params: [
			{ name: 'featureDescriptor', location: 'path', type: 'string', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/PromoCodes', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'request.activeOnly', location: 'query', type: 'boolean', required: false },
			{ name: 'request.onlineOnly', location: 'query', type: 'boolean', required: false },
			{ name: 'request.ids', location: 'query', type: 'int32', array: 'repeated', required: false },
			{ name: 'request.startDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.endDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.orderBy', location: 'query', type: 'string', required: false, options: ['Name', 'CreationDate', 'ActivationDate', 'Id'] },
			{ name: 'request.limit', location: 'query', type: 'int32', required: false, serverDefault: 100 },
			{ name: 'request.offset', location: 'query', type: 'int32', required: false, serverDefault: 0 },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/PromoCodes', userToken: false, hasBody: true, successStatus: 201, params: [] },
	{
		service: 'rest', method: 'PUT', path: '/Business/PromoCodes/{id}', userToken: false, hasBody: true, successStatus: 200,
		params: [
			{ name: 'id', location: 'path', type: 'int32', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Sales/{saleId}/EventDetails', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'saleId', location: 'path', type: 'int64', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Sales/SalesDetails', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'request.saleId', location: 'query', type: 'int64', required: false },
			{ name: 'request.startDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.endDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.excludedRevenueCategoryIds', location: 'query', type: 'int32', array: 'repeated', required: false },
			{ name: 'request.clientId', location: 'query', type: 'int64', required: false },
			{ name: 'request.limit', location: 'query', type: 'int32', required: false, serverDefault: 100 },
			{ name: 'request.offset', location: 'query', type: 'int32', required: false, serverDefault: 0 },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/Sales/User/ServicePaymentOptions/Apply', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'GET', path: '/Clients/Directory', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'date', location: 'query', type: 'string', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/AppointmentRequests/{id}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'id', location: 'path', type: 'int64', required: true },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/AppointmentRequests/Approve', userToken: true, hasBody: true, successStatus: 201, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/AppointmentRequests/Deny', userToken: true, hasBody: true, successStatus: 201, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/AppointmentRequests/deny-multiple', userToken: true, hasBody: true, successStatus: 201, params: [] },
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Appointments', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'appointmentId', location: 'query', type: 'int64', array: 'repeated', required: true },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Modify', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Complete', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Recurring', userToken: false, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Recurring/Validate', userToken: false, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Addons/Add', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Appointments/Addons/Addons', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'appointmentId', location: 'query', type: 'int64', array: 'repeated', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Appointments/Addons/GetAddons', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'addonId', location: 'query', type: 'int64', array: 'repeated', required: true },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Addons/Modify', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Addons/Complete', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Appointments/Addons/Delete', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Scheduling/Appointments/BookingTemplates', userToken: false, hasBody: true, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Availability', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'availabilityId', location: 'query', type: 'int32', array: 'repeated', required: true },
		],
	},
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Availability/Add', userToken: true, hasBody: true, successStatus: 201, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Availability/Group', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{ service: 'rest', method: 'POST', path: '/Business/Schedules/Availability/Search', userToken: true, hasBody: true, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Classes', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'classInstanceId', location: 'query', type: 'int32', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Classes/{classInstanceId}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'classInstanceId', location: 'path', type: 'int32', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Classes/{classInstanceId}/Location', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'classInstanceId', location: 'path', type: 'int32', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Classes/Upcoming', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'startDateTime', location: 'query', type: 'dateTime', required: false },
			{ name: 'endDateTime', location: 'query', type: 'dateTime', required: false },
			{ name: 'locationId', location: 'query', type: 'int32', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Business/Schedules/Enrollments', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'request.locationIds', location: 'query', type: 'int32', array: 'comma', required: false },
			{ name: 'request.serviceCategoryIds', location: 'query', type: 'int32', array: 'comma', required: false },
			{ name: 'request.startDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.endDate', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.active', location: 'query', type: 'boolean', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Sales/User/Location/{LocationId}/ServicePaymentOptions', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'locationId', location: 'query', type: 'string', required: true },
			{ name: 'request.locationId', location: 'query', type: 'int32', required: false },
			{ name: 'request.appointmentTypeId', location: 'query', type: 'int32', required: false },
			{ name: 'request.start', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.end', location: 'query', type: 'dateTime', required: false },
			{ name: 'request.dependentId', location: 'query', type: 'string', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Schedules/Appointments/AppointmentTypes', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'id', location: 'query', type: 'int32', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Schedules/Appointments/AppointmentTypes/{id}', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'id', location: 'path', type: 'int32', required: true },
		],
	},
	{ service: 'rest', method: 'GET', path: '/Consumer/Schedules/Appointments/Locations', userToken: true, hasBody: false, successStatus: 200, params: [] },
	{
		service: 'rest', method: 'POST', path: '/Consumer/Schedules/Location/{locationId}/Appointments', userToken: true, hasBody: true, successStatus: 201,
		params: [
			{ name: 'locationId', location: 'path', type: 'int32', required: true },
			{ name: 'checkVerified', location: 'query', type: 'boolean', required: false },
			{ name: 'searchId', location: 'query', type: 'int32', required: false },
			{ name: 'userId', location: 'query', type: 'string', required: false },
			{ name: 'creditCardTokenId', location: 'query', type: 'string', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Schedules/Location/{locationId}/Appointments/StaffBookableTimeRanges', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'locationId', location: 'path', type: 'int32', required: true },
			{ name: 'appointmentTypeId', location: 'query', type: 'int32', required: true },
			{ name: 'staffId', location: 'query', type: 'int64', array: 'repeated', required: true },
			{ name: 'start', location: 'query', type: 'dateTime', required: true },
			{ name: 'end', location: 'query', type: 'dateTime', required: true },
			{ name: 'dependentId', location: 'query', type: 'string', required: false },
			{ name: 'ignoreMembershipRestrictions', location: 'query', type: 'boolean', required: false, serverDefault: false },
		],
	},
	{
		service: 'rest', method: 'POST', path: '/Consumer/Schedules/Location/{locationId}/Appointments-Addons', userToken: true, hasBody: true, successStatus: 200,
		params: [
			{ name: 'locationId', location: 'path', type: 'int32', required: true },
			{ name: 'userId', location: 'query', type: 'string', required: false },
			{ name: 'creditCardTokenId', location: 'query', type: 'string', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Users/Location/{locationId}/Staff/StaffAvailableAppointmentTypes', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'locationId', location: 'path', type: 'int32', required: true },
			{ name: 'staffId', location: 'query', type: 'int64', required: true },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Consumer/Users/Staff/StaffAvailableAppointmentTypes', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'staffId', location: 'query', type: 'int64', required: true },
			{ name: 'appointmentTypeId', location: 'query', type: 'int32', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Dashboard/ByCategory/GetTotalSales', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'requestModel.dateRange.start', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.dateRange.end', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.locationIds', location: 'query', type: 'int32', array: 'repeated', required: false },
			{ name: 'requestModel.accrual', location: 'query', type: 'boolean', required: false },
			{ name: 'requestModel.yearOverYear', location: 'query', type: 'boolean', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Dashboard/Summary', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'requestModel.dateRange.start', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.dateRange.end', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.locationIds', location: 'query', type: 'int32', array: 'repeated', required: false },
			{ name: 'requestModel.accrual', location: 'query', type: 'boolean', required: false },
			{ name: 'requestModel.yearOverYear', location: 'query', type: 'boolean', required: false },
		],
	},
	{
		service: 'rest', method: 'GET', path: '/Dashboard/YoY/GetMonthlyActiveMembers', userToken: true, hasBody: false, successStatus: 200,
		params: [
			{ name: 'requestModel.dateRange.start', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.dateRange.end', location: 'query', type: 'dateTime', required: false },
			{ name: 'requestModel.locationIds', location: 'query', type: 'int32', array: 'repeated', required: false },
			{ name: 'requestModel.accrual', location: 'query', type: 'boolean', required: false },
			{ name: 'requestModel.yearOverYear', location: 'query', type: 'boolean', required: false },
		],
	},
	{ service: 'webhooks', method: 'GET', path: '/subscriptions', userToken: false, hasBody: false, successStatus: 200, params: [] },
	{
		service: 'webhooks', method: 'GET', path: '/subscriptions/{subscriptionId}', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'subscriptionId', location: 'path', type: 'string', required: true },
		],
	},
	{ service: 'webhooks', method: 'POST', path: '/subscriptions', userToken: false, hasBody: true, successStatus: 200, params: [] },
	{
		service: 'webhooks', method: 'PATCH', path: '/subscriptions/{subscriptionId}', userToken: false, hasBody: true, successStatus: 200,
		params: [
			{ name: 'subscriptionId', location: 'path', type: 'string', required: true },
		],
	},
	{
		service: 'webhooks', method: 'DELETE', path: '/subscriptions/{subscriptionId}', userToken: false, hasBody: false, successStatus: 200,
		params: [
			{ name: 'subscriptionId', location: 'path', type: 'string', required: true },
		],
	},
	{ service: 'webhooks', method: 'GET', path: '/metrics', userToken: false, hasBody: false, successStatus: 200, params: [] },
];
