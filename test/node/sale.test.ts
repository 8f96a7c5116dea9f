import { currentSeries } from '../../sandbox/rest/booking';
import { bodyOf, expectHeaders, pairs, useNodeSandbox } from './support';

// 250 sales: Return All takes three pages (100, 100, 50).
const h = useNodeSandbox({ size: { sales: 250 } });
const DETAILS = '/Business/Sales/SalesDetails';

const payable = () =>
	h.site().appointments.filter((a) => a.Status === 'Booked' && !a.PaymentApplied && currentSeries(h.site(), a));

describe('sale', () => {
	test('Get Event Details: sale id in the path, no token, one item per event', async () => {
		const sale = h.site().sales.find((s) => s.Events.length > 1) ?? h.site().sales.find((s) => s.Events.length > 0)!;
		const result = await h.run({ resource: 'sale', operation: 'getEventDetails', saleId: sale.Id, simplify: false });
		expect(result.status).toBe('success');
		const request = h.lastRequest(`/Business/Sales/${sale.Id}/EventDetails`);
		expect(request.method).toBe('GET');
		expect(request.rawQuery).toBe('');
		expectHeaders(h, request, false);
		expect(result.items.map((i) => i.json)).toEqual(sale.Events.map((event) => ({ ...event, SaleId: sale.Id })));
		expect(pairs(result.items)).toEqual(sale.Events.map(() => 0));
	});

	test('Get Event Details with Simplify keeps only top-level fields', async () => {
		const sale = h.site().sales.find((s) => s.Events.length > 0)!;
		const result = await h.run({ resource: 'sale', operation: 'getEventDetails', saleId: sale.Id, simplify: true });
		expect(result.status).toBe('success');
		for (const item of result.items) {
			expect(Object.values(item.json).every((value) => value === null || typeof value !== 'object')).toBe(true);
		}
	});

	test('Get Event Details: an unknown sale is a 400 with the server string', async () => {
		const result = await h.run({ resource: 'sale', operation: 'getEventDetails', saleId: 1 });
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { httpCode: string; message: string };
		expect([error.httpCode, error.message]).toEqual(['400', 'Sale 1 was not found.']);
	});

	test('Get Details, Return All: a page of 100, then pages of 1000 with request.limit / request.offset', async () => {
		const result = await h.run({ resource: 'sale', operation: 'getDetails', returnAll: true });
		expect(result.status).toBe('success');
		const requests = h.requests(DETAILS, 'GET');
		// 150 of 1000 might be a service's cap (more than the first page held): an empty page ends it.
		expect(requests.map((r) => r.rawQuery)).toEqual([
			'request.limit=100&request.offset=0',
			'request.limit=1000&request.offset=100',
			'request.limit=1000&request.offset=250',
		]);
		for (const request of requests) expectHeaders(h, request, false);
		expect(result.items).toHaveLength(250);
		expect(result.items.map((i) => i.json.SaleId)).toEqual(h.site().sales.map((s) => s.Id));
		expect(new Set(pairs(result.items))).toEqual(new Set([0]));
	});

	describe('Get Details, Return All against a service with a maximum page size', () => {
		afterEach(() => {
			h.sandbox.state.maxPageSize = undefined;
			h.sandbox.state.oversizedPages = 'cap';
		});
		const salesInOrder = () => h.site().sales.map((s) => s.Id);

		test('2,250 sales: full pages of 1000, then a shorter page ends the list (4 requests, not 23)', async () => {
			const site = h.site();
			const seeded = site.sales.length;
			const firstId = Math.max(...site.sales.map((s) => s.Id)) + 1;
			site.sales.push(...Array.from({ length: 2000 }, (_, n) => ({ ...site.sales[n % seeded], Id: firstId + n })));
			try {
				const result = await h.run({ resource: 'sale', operation: 'getDetails', returnAll: true });
				expect(h.requests(DETAILS, 'GET').map((r) => r.rawQuery)).toEqual([
					'request.limit=100&request.offset=0',
					'request.limit=1000&request.offset=100',
					'request.limit=1000&request.offset=1100',
					'request.limit=1000&request.offset=2100',
				]);
				expect(result.items.map((i) => i.json.SaleId)).toEqual(salesInOrder());
			} finally {
				site.sales.splice(seeded);
			}
		});

		test('a service that cuts pages to 120: a page shorter than one it answered ends the list', async () => {
			h.sandbox.state.maxPageSize = 120;
			const result = await h.run({ resource: 'sale', operation: 'getDetails', returnAll: true });
			expect(result.status).toBe('success');
			// 100, 120 (perhaps the cap: read on), then 30 (fewer than 120: the end, no empty page).
			expect(h.requests(DETAILS, 'GET').map((r) => r.rawQuery)).toEqual([
				'request.limit=100&request.offset=0',
				'request.limit=1000&request.offset=100',
				'request.limit=1000&request.offset=220',
			]);
			expect(result.items.map((i) => i.json.SaleId)).toEqual(salesInOrder());
		});

		test('a service that refuses more than 100: one 400, then pages of 100; nothing is lost', async () => {
			h.sandbox.state.maxPageSize = 100;
			h.sandbox.state.oversizedPages = 'refuse';
			const result = await h.run({ resource: 'sale', operation: 'getDetails', returnAll: true });
			expect([result.status, result.nodeError('Mindbody')?.message]).toEqual(['success', undefined]);
			expect(h.requests(DETAILS, 'GET').map((r) => [r.status, r.rawQuery])).toEqual([
				[200, 'request.limit=100&request.offset=0'],
				[400, 'request.limit=1000&request.offset=100'],
				[200, 'request.limit=100&request.offset=100'],
				[200, 'request.limit=100&request.offset=200'],
			]);
			expect(result.items.map((i) => i.json.SaleId)).toEqual(salesInOrder());
		});

		test('a 400 at a size the service has answered reaches the user', async () => {
			h.sandbox.state.maxPageSize = 50;
			h.sandbox.state.oversizedPages = 'refuse';
			const result = await h.run({ resource: 'sale', operation: 'getDetails', returnAll: true });
			expect(result.status).toBe('error');
			const error = result.nodeError('Mindbody') as unknown as { httpCode: string; message: string };
			expect([error.httpCode, error.message]).toEqual(['400', 'request.limit must be at most 50.']);
			expect(h.requests(DETAILS, 'GET')).toHaveLength(1);
		});
	});

	test('Get Details, Limit 150: two pages (100, then 50); filters serialized before paging, repeated keys', async () => {
		const result = await h.run({
			resource: 'sale',
			operation: 'getDetails',
			returnAll: false,
			limit: 150,
			filters: { startDate: '2020-01-01T00:00:00', excludedRevenueCategoryIds: ['901', '902'] },
		});
		expect(result.status).toBe('success');
		expect(h.requests(DETAILS, 'GET').map((r) => r.rawQuery)).toEqual([
			'request.startDate=2020-01-01T00%3A00%3A00&request.excludedRevenueCategoryIds=901&request.excludedRevenueCategoryIds=902&request.limit=100&request.offset=0',
			'request.startDate=2020-01-01T00%3A00%3A00&request.excludedRevenueCategoryIds=901&request.excludedRevenueCategoryIds=902&request.limit=50&request.offset=100',
		]);
		expect(result.items).toHaveLength(150);
	});

	test('Get Details, default Limit 50: one request of 50; one sale by id', async () => {
		const result = await h.run({ resource: 'sale', operation: 'getDetails' });
		expect(h.requests(DETAILS, 'GET').map((r) => r.rawQuery)).toEqual(['request.limit=50&request.offset=0']);
		expect(result.items).toHaveLength(50);

		const sale = h.site().sales[3];
		h.sandbox.log.clear();
		const one = await h.run({
			resource: 'sale',
			operation: 'getDetails',
			returnAll: true,
			filters: { saleId: sale.Id },
		});
		expect(h.requests(DETAILS, 'GET').map((r) => r.rawQuery)).toEqual([
			`request.saleId=${sale.Id}&request.limit=100&request.offset=0`,
		]);
		expect(one.items.map((i) => i.json.SaleId)).toEqual([sale.Id]);
	});

	test('Get Details: a GET is retried after 429 (Retry-After: 1), 2 requests, then the page', async () => {
		h.sandbox.faults.add({ kind: 'rateLimit', operation: 'GET /Business/Sales/SalesDetails', retryAfter: 1 });
		const result = await h.run({ resource: 'sale', operation: 'getDetails', limit: 5 });
		expect(result.status).toBe('success');
		expect(h.requests(DETAILS, 'GET').map((r) => [r.status, r.rawQuery])).toEqual([
			[429, 'request.limit=5&request.offset=0'],
			[200, 'request.limit=5&request.offset=0'],
		]);
		expect(result.items).toHaveLength(5);
	});

	test('Apply Service Payment: id list body, token, object output', async () => {
		const appointment = payable()[0];
		const result = await h.run({ resource: 'sale', operation: 'applyPaymentOptions', ids: [String(appointment.Id)] });
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Sales/User/ServicePaymentOptions/Apply');
		expect(request.method).toBe('POST');
		expect(bodyOf(request)).toEqual([appointment.Id]);
		expectHeaders(h, request, true);
		expect(result.items).toEqual([
			{ json: { Results: [expect.objectContaining({ AppointmentId: appointment.Id })] }, pairedItem: { item: 0 } },
		]);
	});

	test('Apply Service Payment batched: 3 items, batch size 2 → 2 requests, pairing kept', async () => {
		const ids = payable()
			.slice(0, 3)
			.map((a) => a.Id);
		const result = await h.run(
			{
				resource: 'sale',
				operation: 'applyPaymentOptions',
				ids: '={{ $json.id }}',
				options: { batch: true, batchSize: 2 },
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		expect(h.requests('/Business/Sales/User/ServicePaymentOptions/Apply').map((r) => bodyOf(r))).toEqual([
			ids.slice(0, 2),
			ids.slice(2),
		]);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
	});

	test('Apply Service Payment: applying twice is a 400 in the server words; continueOnFail keeps going', async () => {
		const done = h.site().appointments.find((a) => a.PaymentApplied)!;
		const fresh = payable()[0];
		const result = await h.run(
			{ resource: 'sale', operation: 'applyPaymentOptions', ids: '={{ $json.id }}', options: { batch: false } },
			{ items: [{ id: done.Id }, { id: fresh.Id }], continueOnFail: true },
		);
		expect(result.status).toBe('success');
		expect(pairs(result.items)).toEqual([0, 1]);
		expect(result.items[0].json).toMatchObject({ error: expect.stringMatching(/already applied/), status: 400 });
		expect(result.items[1].json).toMatchObject({ Results: [expect.objectContaining({ AppointmentId: fresh.Id })] });
	});

	test('Apply Service Payment (charges) is not retried: a 500 fault → 1 request and an error', async () => {
		const appointment = payable()[0];
		h.sandbox.faults.add({ kind: 'serverError', operation: 'POST /Business/Sales/User/ServicePaymentOptions/Apply' });
		const result = await h.run({ resource: 'sale', operation: 'applyPaymentOptions', ids: [String(appointment.Id)] });
		expect(result.status).toBe('error');
		expect(h.requests('/Business/Sales/User/ServicePaymentOptions/Apply')).toHaveLength(1);
		expect(appointment.PaymentApplied).toBe(false);
	});
});
