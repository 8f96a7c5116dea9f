import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Payroll operations. */
export const payrollOperations: Operation[] = [
	fromDocument(V6.GetCommissions, {
		resource: 'payroll',
		operation: 'getCommissions',
		name: 'Get Commissions',
		action: 'Get commissions',
		description: 'DRAFT GET /payroll/commissions',
	}),
	fromDocument(V6.GetScheduledServiceEarnings, {
		resource: 'payroll',
		operation: 'getScheduledServiceEarnings',
		name: 'Get Scheduled Service Earnings',
		action: 'Get scheduled service earnings',
		description: 'DRAFT GET /payroll/scheduledserviceearnings',
	}),
	fromDocument(V6.GetTimeCards, {
		resource: 'payroll',
		operation: 'getTimeCards',
		name: 'Get Time Cards',
		action: 'Get time cards',
		description: 'DRAFT GET /payroll/timecards',
	}),
	fromDocument(V6.GetTips, {
		resource: 'payroll',
		operation: 'getTips',
		name: 'Get Tips',
		action: 'Get tips',
		description: 'DRAFT GET /payroll/tips',
	}),
];
