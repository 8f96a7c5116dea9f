import { inclusiveEnd, isoAt, monthStart } from '../data/dates';
import type { Sale, SiteData } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';

/** Sales paid on account are revenue on an accrual basis but not yet cash. */
const ON_ACCOUNT_METHOD = 4;

interface Filters {
	start: number;
	end: number;
	locationIds?: number[];
	accrual: boolean;
	yearOverYear: boolean;
}

function filtersOf(call: RestCall, defaultStart: number): Filters | string {
	const p = (name: string) => `requestModel.${name}`;
	const start = call.params.time(p('dateRange.start')) ?? defaultStart;
	const end = inclusiveEnd(call.params.time(p('dateRange.end')) ?? call.now);
	if (end < start) return 'The date range ends before it starts.';
	return {
		start,
		end,
		locationIds: call.params.ints(p('locationIds')),
		accrual: call.params.bool(p('accrual')) ?? true,
		yearOverYear: call.params.bool(p('yearOverYear')) ?? false,
	};
}

/** The same range a year or a month earlier. */
function comparisonRange(f: Filters): [number, number] {
	const months = f.yearOverYear ? -12 : -1;
	const shift = (at: number) => {
		const date = new Date(at);
		return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()) + (at % 86_400_000);
	};
	return [shift(f.start), shift(f.end)];
}

function salesIn(site: SiteData, f: Filters, start: number, end: number): Sale[] {
	return site.sales.filter((sale) => {
		const when = Date.parse(sale.SaleDateTime);
		return (
			when >= start &&
			when <= end &&
			(!f.locationIds || f.locationIds.includes(sale.LocationId)) &&
			(f.accrual || sale.Payments.every((payment) => payment.MethodId !== ON_ACCOUNT_METHOD))
		);
	});
}

const round = (amount: number) => Math.round(amount * 100) / 100;
const totalOf = (sales: Sale[]) => round(sales.reduce((sum, sale) => sum + sale.TotalAmount, 0));

/** Wraps a figure: bad filters answer 400, good ones reach the figure with the filters. */
const figure =
	(defaultStart: (now: number) => number, compute: (call: RestCall, f: Filters) => unknown) => (call: RestCall) => {
		const f = filtersOf(call, defaultStart(call.now));
		return typeof f === 'string' ? text(400, f) : json(compute(call, f));
	};

/** Sales of the month (by default) per category name. */
const totalSalesByCategory = figure(monthStart, (call, f) => {
	const totals: Record<string, number> = {};
	for (const sale of salesIn(call.site, f, f.start, f.end)) {
		for (const item of sale.Items) totals[item.CategoryName] = round((totals[item.CategoryName] ?? 0) + item.Amount);
	}
	return totals;
});

const summary = figure(monthStart, (call, f) => {
	const sales = salesIn(call.site, f, f.start, f.end);
	const [compareStart, compareEnd] = comparisonRange(f);
	const previous = totalOf(salesIn(call.site, f, compareStart, compareEnd));
	const total = totalOf(sales);
	const appointments = call.site.appointments.filter((a) => {
		const when = Date.parse(a.StartDateTime);
		return (
			when >= f.start &&
			when <= f.end &&
			a.Status !== 'Cancelled' &&
			(!f.locationIds || f.locationIds.includes(a.LocationId))
		);
	});
	return {
		StartDate: isoAt(f.start),
		EndDate: isoAt(f.end),
		Basis: f.accrual ? 'Accrual' : 'Cash',
		Comparison: f.yearOverYear ? 'YearOverYear' : 'MonthOverMonth',
		TotalSales: total,
		SaleCount: sales.length,
		AverageSale: sales.length ? round(total / sales.length) : 0,
		UniqueClients: new Set(sales.map((sale) => sale.ClientId)).size,
		Appointments: appointments.length,
		CompletedAppointments: appointments.filter((a) => a.Status === 'Completed').length,
		PreviousPeriodTotalSales: previous,
		ChangePercent: previous ? round(((total - previous) / previous) * 100) : null,
	};
});

/** Clients who bought a membership (contract) in the month. */
function activeMembers(site: SiteData, f: Filters, month: number): number {
	const sales = salesIn(site, f, month, monthStart(month, 1) - 1);
	return new Set(sales.filter((s) => s.Items.some((item) => item.Type === 'Contract')).map((s) => s.ClientId)).size;
}

/** Per month of the range (default: the last twelve), with the month a year or a month earlier. */
const monthlyActiveMembers = figure(
	(now) => monthStart(now, -11),
	(call, f) => {
		const months = [];
		for (let month = monthStart(f.start); month <= f.end; month = monthStart(month, 1)) {
			const compared = monthStart(month, f.yearOverYear ? -12 : -1);
			months.push({
				Month: isoAt(month).slice(0, 7),
				ActiveMembers: activeMembers(call.site, f, month),
				ComparisonMonth: isoAt(compared).slice(0, 7),
				ComparisonActiveMembers: activeMembers(call.site, f, compared),
			});
		}
		return {
			StartDate: isoAt(f.start),
			EndDate: isoAt(f.end),
			Comparison: f.yearOverYear ? 'YearOverYear' : 'MonthOverMonth',
			Months: months,
		};
	},
);

export const dashboardHandlers: HandlerTable = {
	'GET /Dashboard/ByCategory/GetTotalSales': totalSalesByCategory,
	'GET /Dashboard/Summary': summary,
	'GET /Dashboard/YoY/GetMonthlyActiveMembers': monthlyActiveMembers,
};
