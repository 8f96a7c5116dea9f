import { LISTS } from '../listSources';
import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument, type V6ParamWords } from './fromDocument';

/** The filters every payroll report shares: a period of at most 14 days, a staff member, a location. */
const PERIOD: Record<string, V6ParamWords> = {
	'request.startDateTime': {
		displayName: 'Start Date',
		description: 'Start of the period, at most 14 days before its end; by default 7 days before the end',
	},
	'request.endDateTime': { displayName: 'End Date', description: 'End of the period; by default today' },
	'request.staffId': {
		description: 'Only this staff member; by default every active staff member',
		listSource: LISTS.staff,
	},
	'request.locationId': {
		description: 'Only this location; by default every location',
		listSource: LISTS.locations,
	},
};

/** The v6 document's Payroll operations: what staff earned over a period of up to 14 days. */
export const payrollOperations: Operation[] = [
	fromDocument(V6.GetCommissions, {
		resource: 'payroll',
		operation: 'getCommissions',
		name: 'Get Commissions',
		action: 'Get commissions',
		description: 'Returns the commissions staff members earned on sales, over a period of up to 14 days',
		params: PERIOD,
	}),
	fromDocument(V6.GetScheduledServiceEarnings, {
		resource: 'payroll',
		operation: 'getScheduledServiceEarnings',
		name: 'Get Scheduled Service Earnings',
		action: 'Get scheduled service earnings',
		description:
			'Returns what staff members earned for the classes and appointments they gave, over a period of up to 14 days',
		params: {
			...PERIOD,
			'request.scheduledServiceType': {
				displayName: 'Service Type',
				description: 'Only earnings of this kind of service',
				values: ['Class', 'Appointment'],
			},
			'request.scheduledServiceId': {
				description: 'Only earnings of this one class or appointment; needs Service Type too',
			},
		},
	}),
	fromDocument(V6.GetTimeCards, {
		resource: 'payroll',
		operation: 'getTimeCards',
		name: 'Get Time Cards',
		action: 'Get time cards',
		description:
			'Returns the time card entries of staff members with hours worked and pay, over a period of up to 14 days',
		params: PERIOD,
	}),
	fromDocument(V6.GetTips, {
		resource: 'payroll',
		operation: 'getTips',
		name: 'Get Tips',
		action: 'Get tips',
		description: 'Returns the tips staff members received, over a period of up to 14 days',
		params: PERIOD,
	}),
];
