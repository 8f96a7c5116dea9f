import { dashboardParams } from './params';
import type { Operation } from './types';

const dashboard = (operation: string, name: string, action: string, description: string, path: string): Operation => ({
	service: 'rest',
	resource: 'dashboard',
	operation,
	name,
	action,
	description,
	method: 'GET',
	path,
	userToken: true,
	params: dashboardParams,
	output: 'object',
});

export const dashboardOperations: Operation[] = [
	dashboard(
		'getTotalSalesByCategory',
		'Get Sales by Category',
		'Get total sales by category',
		'Returns sales for the month by category: an object mapping each category name to an amount',
		'/Dashboard/ByCategory/GetTotalSales',
	),
	dashboard('getSummary', 'Get Summary', 'Get dashboard summary', 'Returns the summary figures', '/Dashboard/Summary'),
	dashboard(
		'getMonthlyActiveMembers',
		'Get Monthly Active Members',
		'Get monthly active members',
		'Returns monthly active member figures between two dates, year over year or month over month',
		'/Dashboard/YoY/GetMonthlyActiveMembers',
	),
];
