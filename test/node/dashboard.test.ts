import { expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

const OPERATIONS: Array<[string, string]> = [
	['getTotalSalesByCategory', '/Dashboard/ByCategory/GetTotalSales'],
	['getSummary', '/Dashboard/Summary'],
	['getMonthlyActiveMembers', '/Dashboard/YoY/GetMonthlyActiveMembers'],
];

describe('Dashboard', () => {
	test.each(OPERATIONS)(
		'%s: the five requestModel parameters (locations repeated), a token, one object item',
		async (operation, path) => {
			const locations = h.sandbox.state.main.locations.slice(0, 2).map((l) => l.Id);
			const result = await h.run({
				resource: 'dashboard',
				operation,
				filters: {
					dateRangeStart: '2026-01-01T00:00:00Z',
					dateRangeEnd: '2026-02-28T00:00:00Z',
					locationIds: locations.map(String),
					accrual: true,
					yearOverYear: false,
				},
			});
			expect(result.status).toBe('success');
			const request = h.only(`dashboard.${operation}`);
			expect([request.method, request.path]).toEqual(['GET', path]);
			expect(queryPairs(request)).toEqual([
				['requestModel.dateRange.start', '2026-01-01T00:00:00Z'],
				['requestModel.dateRange.end', '2026-02-28T00:00:00Z'],
				...locations.map((id): [string, string] => ['requestModel.locationIds', String(id)]),
				['requestModel.accrual', 'true'],
				['requestModel.yearOverYear', 'false'],
			]);
			expectHeaders(h, request, true);
			const direct = await replay(h.sandbox, request);
			expect(direct.status).toBe(200);
			expect(result.jsonItems).toEqual([direct.json]);
			expect(pairedItems(result)).toEqual([{ item: 0 }]);
		},
	);

	test('no filters: no query at all', async () => {
		await h.run({ resource: 'dashboard', operation: 'getSummary' });
		expect(h.only('dashboard.getSummary').rawQuery).toBe('');
	});

	test('sales by category: the name → amount map stays one item, keys kept', async () => {
		const result = await h.run({
			resource: 'dashboard',
			operation: 'getTotalSalesByCategory',
			filters: { dateRangeStart: '2026-01-01T00:00:00Z', dateRangeEnd: '2026-02-28T00:00:00Z' },
		});
		expect(result.status).toBe('success');
		expect(result.jsonItems).toHaveLength(1);
		const values = Object.values(result.jsonItems[0]);
		expect(values.length).toBeGreaterThan(0);
		expect(values.every((v) => typeof v === 'number')).toBe(true);
	});
});
