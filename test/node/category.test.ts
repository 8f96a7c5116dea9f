import { expectHeaders, pairedItems, plain, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

describe('Category', () => {
	test('Get Many: no filter → GET /Business/Categories, one item per category, no token', async () => {
		const result = await h.run({ resource: 'category', operation: 'getMany' });
		expect(result.status).toBe('success');
		const request = h.only('category.getMany');
		expect([request.method, request.path, request.rawQuery]).toEqual(['GET', '/Business/Categories', '']);
		expectHeaders(h, request, false);
		expect(result.jsonItems).toEqual(plain(h.sandbox.state.main.categories));
		expect(pairedItems(result)).toEqual(result.jsonItems.map(() => ({ item: 0 })));
	});

	test('Get Many: vertical IDs go as repeated keys, and filter the answer', async () => {
		const verticals = [...new Set(h.sandbox.state.main.categories.map((c) => c.VerticalId))].slice(0, 2);
		const result = await h.run({
			resource: 'category',
			operation: 'getMany',
			filters: { verticalIds: verticals.map(String) },
		});
		const request = h.only('category.getMany');
		expect(queryPairs(request)).toEqual(verticals.map((id) => ['verticalIds', String(id)]));
		expect(result.jsonItems).toEqual(
			plain(h.sandbox.state.main.categories.filter((c) => verticals.includes(c.VerticalId))),
		);
	});

	test('Get Subcategories: category IDs repeated; per input item one request, items paired', async () => {
		const [first, second] = h.sandbox.state.main.categories;
		const result = await h.run(
			{ resource: 'category', operation: 'getSubcategories', filters: { categoryIds: '={{ $json.ids }}' } },
			{ items: [{ ids: [first.Id, second.Id] }, { ids: [second.Id] }] },
		);
		expect(result.status).toBe('success');
		const [a, b] = h.calls('category.getSubcategories');
		expect([a.method, a.path]).toEqual(['GET', '/Business/Subcategories']);
		expect(queryPairs(a)).toEqual([
			['categoryIds', String(first.Id)],
			['categoryIds', String(second.Id)],
		]);
		expect(queryPairs(b)).toEqual([['categoryIds', String(second.Id)]]);
		expectHeaders(h, a, false);
		const subs = h.sandbox.state.main.subcategories;
		const ofBoth = plain(subs.filter((s) => s.CategoryId === first.Id || s.CategoryId === second.Id));
		const ofSecond = plain(subs.filter((s) => s.CategoryId === second.Id));
		expect(ofSecond.length).toBeGreaterThan(0);
		expect(result.jsonItems).toEqual([...ofBoth, ...ofSecond]);
		expect(pairedItems(result)).toEqual([...ofBoth.map(() => ({ item: 0 })), ...ofSecond.map(() => ({ item: 1 }))]);
	});

	test('dropdowns: searchCategories (listSearch, filtered) and loadOptions through a LoadOptionsContext', async () => {
		const categories = h.sandbox.state.main.categories;
		const options = await h.loadOptions('searchCategories');
		expect(options.map((o) => o.value).sort()).toEqual(categories.map((c) => String(c.Id)).sort());
		expect(options).toContainEqual({
			name: `${categories[0].Name} (${categories[0].Id})`,
			value: String(categories[0].Id),
		});
		const search = await h.listSearch('searchCategories', categories[0].Name.slice(0, 4));
		expect(search.results.length).toBeGreaterThan(0);
		expect(
			search.results.every((r) => r.name.toLowerCase().includes(categories[0].Name.slice(0, 4).toLowerCase())),
		).toBe(true);
		const request = h.calls('category.getMany')[0];
		expectHeaders(h, request, false);
	});

	test('dropdown searchPromoCodes (listSearch and loadOptions): the promo codes by name, searchable', async () => {
		const codes = h.sandbox.state.main.promoCodes;
		const options = await h.loadOptions('searchPromoCodes');
		const request = h.only('promoCode.getMany');
		// Read page by page: 25 codes fit in the first page of 100.
		expect([request.method, request.path, request.rawQuery]).toEqual([
			'GET',
			'/Business/PromoCodes',
			'request.limit=100&request.offset=0',
		]);
		expectHeaders(h, request, false);
		const served = (await replay(h.sandbox, request)).json as Array<{ Id: number; Name: string }>;
		expect(served.length).toBeGreaterThan(0);
		expect(options.map((o) => o.value).sort()).toEqual(served.map((c) => String(c.Id)).sort());
		expect(options).toContainEqual({ name: `${served[0].Name} (${served[0].Id})`, value: String(served[0].Id) });
		expect(served.length).toBe(Math.min(codes.length, 100));
		const needle = served[0].Name.slice(0, 5);
		const search = await h.listSearch('searchPromoCodes', needle);
		expect(search.results.map((r) => r.value)).toContain(String(served[0].Id));
		expect(search.results.every((r) => r.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);
	});
});
