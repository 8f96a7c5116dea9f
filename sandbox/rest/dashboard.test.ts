import type { Sale } from '../data/types';
import { TEST_START, useSandbox } from '../test/harness';

const h = useSandbox({ size: { sales: 1500 } });
const now = Date.parse(TEST_START);
const round = (n: number) => Math.round(n * 100) / 100;

describe('dashboard', () => {
	const inRange = (sale: Sale, start: string, end: string) => sale.SaleDateTime >= start && sale.SaleDateTime <= end;

	it('totals the month’s sales by category name', async () => {
		const query = {
			'requestModel.dateRange.start': '2026-02-01',
			'requestModel.dateRange.end': '2026-02-28',
		};
		const answer = await h.call('GET', '/Dashboard/ByCategory/GetTotalSales', {
			token: await h.staffToken(),
			query,
		});
		expect(answer.status).toBe(200);
		const expected: Record<string, number> = {};
		for (const sale of h.site().sales.filter((s) => inRange(s, '2026-02-01', '2026-02-28T23:59:59Z'))) {
			for (const item of sale.Items)
				expected[item.CategoryName] = round((expected[item.CategoryName] ?? 0) + item.Amount);
		}
		expect(answer.json).toEqual(expected);
		const defaultMonth = await h.call('GET', '/Dashboard/ByCategory/GetTotalSales', {
			token: await h.staffToken(),
		});
		const march = h.site().sales.filter((s) => inRange(s, '2026-03-01', TEST_START));
		expect(Object.values(defaultMonth.json as Record<string, number>).reduce((a, b) => a + b, 0)).toBeCloseTo(
			march.reduce((a, s) => a + s.TotalAmount, 0),
			1,
		);
	});

	it('summarises sales with cash/accrual, locations and a year-over-year comparison', async () => {
		const token = await h.staffToken();
		const range = {
			'requestModel.dateRange.start': '2026-01-01',
			'requestModel.dateRange.end': '2026-01-31',
		};
		const total = (sales: Sale[]) => round(sales.reduce((a, s) => a + s.TotalAmount, 0));
		const january = h.site().sales.filter((s) => inRange(s, '2026-01-01', '2026-01-31T23:59:59Z'));
		const accrual = await h.call('GET', '/Dashboard/Summary', {
			token,
			query: { ...range, 'requestModel.yearOverYear': true },
		});
		expect(accrual.status).toBe(200);
		expect(accrual.json).toMatchObject({
			TotalSales: total(january),
			SaleCount: january.length,
			Basis: 'Accrual',
			Comparison: 'YearOverYear',
		});
		const lastYear = h.site().sales.filter((s) => inRange(s, '2025-01-01', '2025-01-31T23:59:59Z'));
		expect(accrual.json.PreviousPeriodTotalSales).toBe(total(lastYear));
		const cash = await h.call('GET', '/Dashboard/Summary', {
			token,
			query: { ...range, 'requestModel.accrual': false },
		});
		expect(cash.json.TotalSales).toBe(total(january.filter((s) => s.Payments.every((p) => p.MethodId !== 4))));
		const located = await h.call('GET', '/Dashboard/Summary', {
			token,
			query: { ...range, 'requestModel.locationIds': [1] },
		});
		expect(located.json.SaleCount).toBe(january.filter((s) => s.LocationId === 1).length);
		expect(
			(
				await h.call('GET', '/Dashboard/Summary', {
					token,
					query: {
						'requestModel.dateRange.start': '2026-02-01',
						'requestModel.dateRange.end': '2026-01-01',
					},
				})
			).status,
		).toBe(400);
	});

	it('counts monthly active members (clients buying a membership) month by month', async () => {
		const token = await h.staffToken();
		const query = {
			'requestModel.dateRange.start': '2025-12-01',
			'requestModel.dateRange.end': '2026-02-28',
		};
		const answer = await h.call('GET', '/Dashboard/YoY/GetMonthlyActiveMembers', { token, query });
		expect(answer.status).toBe(200);
		expect(answer.json.Months.map((m: { Month: string }) => m.Month)).toEqual(['2025-12', '2026-01', '2026-02']);
		const members = (month: string) =>
			new Set(
				h
					.site()
					.sales.filter((s) => s.SaleDateTime.startsWith(month) && s.Items.some((i) => i.Type === 'Contract'))
					.map((s) => s.ClientId),
			).size;
		expect(answer.json.Months[1]).toEqual({
			Month: '2026-01',
			ActiveMembers: members('2026-01'),
			ComparisonMonth: '2025-12',
			ComparisonActiveMembers: members('2025-12'),
		});
		const yoy = await h.call('GET', '/Dashboard/YoY/GetMonthlyActiveMembers', {
			token,
			query: { ...query, 'requestModel.yearOverYear': true },
		});
		expect(yoy.json.Months[0]).toMatchObject({ ComparisonMonth: '2024-12' });
		expect((await h.call('GET', '/Dashboard/YoY/GetMonthlyActiveMembers', { token })).json.Months).toHaveLength(12);
	});

	it('counts a sale added to the store (state read back)', async () => {
		const token = await h.staffToken();
		const before = await h.call('GET', '/Dashboard/Summary', { token });
		h.site().sales.push({
			...h.site().sales.at(-1)!,
			Id: 999999,
			SaleDateTime: TEST_START,
			TotalAmount: 10,
			Payments: [],
		});
		const after = await h.call('GET', '/Dashboard/Summary', { token });
		expect(after.json.SaleCount).toBe(before.json.SaleCount + 1);
		expect(now).toBe(h.sandbox.clock.now());
	});
});
