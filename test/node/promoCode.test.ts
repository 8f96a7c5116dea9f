import type { INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { bodyOf, expectHeaders, pairs, useNodeSandbox } from './support';

// 230 promo codes: Return All takes three pages (100, 100, 30).
const h = useNodeSandbox({ size: { promoCodes: 230 } });
const PATH = '/Business/PromoCodes';

describe('promoCode', () => {
	test('Get Many, Return All: a page of 100, then larger pages with request.limit / request.offset, no token', async () => {
		const result = await h.run({ resource: 'promoCode', operation: 'getMany', returnAll: true });
		expect(result.status).toBe('success');
		const requests = h.requests(PATH, 'GET');
		// 130 of 1000 could be a service's cap (more than the first page): an empty page ends it.
		expect(requests.map((r) => r.rawQuery)).toEqual([
			'request.limit=100&request.offset=0',
			'request.limit=1000&request.offset=100',
			'request.limit=1000&request.offset=230',
		]);
		for (const request of requests) expectHeaders(h, request, false);
		expect(result.items).toHaveLength(230);
		expect(result.items.map((i) => i.json.Id)).toEqual(h.site().promoCodes.map((p) => p.Id));
		expect(new Set(pairs(result.items))).toEqual(new Set([0]));
	});

	test('Get Many, Limit 120: pages of 100 then 20', async () => {
		const result = await h.run({ resource: 'promoCode', operation: 'getMany', returnAll: false, limit: 120 });
		expect(h.requests(PATH, 'GET').map((r) => r.rawQuery)).toEqual([
			'request.limit=100&request.offset=0',
			'request.limit=20&request.offset=100',
		]);
		expect(result.items).toHaveLength(120);
	});

	test('Get Many: every filter serialized in catalogue order, ids as repeated keys', async () => {
		const [a, b] = h.site().promoCodes;
		const result = await h.run({
			resource: 'promoCode',
			operation: 'getMany',
			returnAll: true,
			filters: {
				activeOnly: false,
				onlineOnly: true,
				ids: [a.Id, b.Id],
				startDate: '2020-01-01T00:00:00Z',
				endDate: '2030-01-01T00:00:00Z',
				orderBy: 'Name',
			},
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest(PATH, 'GET');
		expect(request.rawQuery).toBe(
			`request.activeOnly=false&request.onlineOnly=true&request.ids=${a.Id}&request.ids=${b.Id}` +
				'&request.startDate=2020-01-01T00%3A00%3A00Z&request.endDate=2030-01-01T00%3A00%3A00Z&request.orderBy=Name' +
				'&request.limit=100&request.offset=0',
		);
		expect(request.query['request.ids']).toEqual([String(a.Id), String(b.Id)]);
		expect(result.items.every((i) => [a.Id, b.Id].includes(i.json.Id as number))).toBe(true);
	});

	test('Get Many: a refused order is a 400 NodeApiError', async () => {
		const result = await h.run({ resource: 'promoCode', operation: 'getMany', filters: { orderBy: 'Price' } });
		expect(result.status).toBe('error');
		expect(h.lastRequest(PATH, 'GET').rawQuery).toBe('request.orderBy=Price&request.limit=50&request.offset=0');
		expect((result.nodeError('Mindbody') as unknown as { httpCode: string }).httpCode).toBe('400');
	});

	test('Create: body from the fields, no token, 201 object; Transaction-Key sent, no deduplication skip (rule 5 names bookings only)', async () => {
		const result = await h.run({
			resource: 'promoCode',
			operation: 'create',
			name: 'Launch',
			code: 'LAUNCH-NODE',
			discountType: 'Amount',
			discountAmount: 5,
			promoCodeFields: { maxUses: 10, activationDate: '2026-03-01T00:00:00Z' },
			options: { transactionKey: 'short-key', skipDeduplication: true },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest(PATH, 'POST');
		expect(request.status).toBe(201);
		expect(bodyOf(request)).toEqual({
			Name: 'Launch',
			Code: 'LAUNCH-NODE',
			MaxUses: 10,
			ActivationDate: '2026-03-01T00:00:00Z',
			Discount: { Type: 'Amount', Amount: 5 },
		});
		expect(request.headers.authorization).toBeUndefined();
		expect(request.headers.siteid).toBe('-99');
		expect(request.headers['transaction-key']).toBe('short-key');
		// The option, left in a workflow saved when it was offered here, sends nothing.
		expect(request.headers['x-requestdeduplication-skip']).toBeUndefined();
		expect(result.hints('Mindbody')).toEqual([]);
		expect(result.items).toEqual([
			{ json: expect.objectContaining({ Id: expect.any(Number), Code: 'LAUNCH-NODE' }), pairedItem: { item: 0 } },
		]);
	});

	test('Create with Limits: the discount type is picked from the document’s words, the one it opens on sent too', async () => {
		const fields = new Mindbody().description.properties.filter(
			(p) => p.name === 'additionalFields' && p.displayOptions?.show?.operation?.includes('add'),
		);
		const discount = (fields[0].options as INodeProperties[]).find((p) => p.name === 'discount')!;
		const type = (discount.options as Array<{ values: INodeProperties[] }>)[0].values.find((p) => p.name === 'type')!;
		expect([type.type, type.default, type.options]).toEqual([
			'options',
			'percentage',
			[
				{ name: 'Percentage', value: 'percentage' },
				{ name: 'Amount', value: 'amount' },
			],
		]);
		for (const [code, entry, sent] of [
			['WORDS-A', { amount: 10 }, { Type: 'percentage', Amount: 10 }],
			['WORDS-B', { type: 'amount', amount: 4 }, { Type: 'amount', Amount: 4 }],
		] as const) {
			h.sandbox.log.clear();
			const result = await h.run({
				resource: 'promoCode',
				operation: 'add',
				name: code,
				code,
				additionalFields: { discount: { entry } },
			});
			expect([result.status, result.error?.message]).toEqual(['success', undefined]);
			expect(bodyOf(h.lastRequest('/site/addpromocode', 'POST'))).toMatchObject({ Code: code, Discount: sent });
			expect(h.site().promoCodes.at(-1)).toMatchObject({ Code: code, Discount: { Amount: sent.Amount } });
		}
	});

	test('Create: a duplicate code is refused by the server (NodeApiError)', async () => {
		const existing = h.site().promoCodes[0];
		const result = await h.run({
			resource: 'promoCode',
			operation: 'create',
			name: 'Again',
			code: existing.Code,
			discountType: 'Percent',
			discountAmount: 1,
		});
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { name: string; httpCode: string; message: string };
		expect(error.name).toBe('NodeApiError');
		expect(Number(error.httpCode)).toBeGreaterThanOrEqual(400);
		expect(error.message.length).toBeGreaterThan(0);
	});

	test('Update: id from the resource locator in the path, only given fields in the body', async () => {
		const code = h.site().promoCodes[1];
		const result = await h.run({
			resource: 'promoCode',
			operation: 'update',
			id: { __rl: true, mode: 'id', value: String(code.Id) },
			updateFields: { active: false, maxUses: 7 },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest(`${PATH}/${code.Id}`);
		expect(request.method).toBe('PUT');
		expect(bodyOf(request)).toEqual({ Active: false, MaxUses: 7 });
		expectHeaders(h, request, false);
		expect(result.items).toEqual([
			{ json: expect.objectContaining({ Id: code.Id, Active: false, MaxUses: 7 }), pairedItem: { item: 0 } },
		]);
	});

	test('Update: an unknown id is a 404 with the server string; continueOnFail gives an error item', async () => {
		const code = h.site().promoCodes[2];
		const result = await h.run(
			{
				resource: 'promoCode',
				operation: 'update',
				id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				updateFields: { maxUses: 3 },
			},
			{ items: [{ id: 9999 }, { id: code.Id }], continueOnFail: true },
		);
		expect(result.status).toBe('success');
		expect(pairs(result.items)).toEqual([0, 1]);
		expect(result.items[0].json).toMatchObject({ error: 'Promo code 9999 was not found.', status: 404 });
		expect(result.items[1].json).toMatchObject({ Id: code.Id, MaxUses: 3 });
	});

	test('Site ID option: the header carries the override', async () => {
		await h.run({ resource: 'promoCode', operation: 'getMany', limit: 1, options: { siteId: h.sandbox.secondSiteId } });
		expect(h.lastRequest(PATH, 'GET').headers.siteid).toBe(String(h.sandbox.secondSiteId));
	});

	test("Site ID option left at 0: the credential's site is sent", async () => {
		await h.run({ resource: 'promoCode', operation: 'getMany', limit: 1, options: { siteId: 0 } });
		expect(h.lastRequest(PATH, 'GET').headers.siteid).toBe(String(h.sandbox.siteId));
	});
});
