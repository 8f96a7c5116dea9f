import { expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

describe('Enrollment', () => {
	test('Get Many: location and category IDs comma-delimited in one key each; every filter; one item per enrollment', async () => {
		const site = h.sandbox.state.main;
		const running = site.enrollments.filter((e) => e.StartDate <= '2026-03-31' && e.EndDate >= '2026-03-01');
		expect(running.length).toBeGreaterThan(0);
		const locationIds = [...new Set(site.locations.map((l) => l.Id))].slice(0, 3);
		if (!locationIds.includes(running[0].LocationId)) locationIds.push(running[0].LocationId);
		const categoryIds = [...new Set(site.enrollments.map((e) => e.ServiceCategoryId))];
		const result = await h.run({
			resource: 'enrollment',
			operation: 'getMany',
			filters: {
				locationIds: locationIds.map(String),
				serviceCategoryIds: categoryIds.map(String),
				startDate: '2026-03-01T00:00:00Z',
				endDate: '2026-03-31T00:00:00Z',
				active: true,
			},
		});
		expect(result.status).toBe('success');
		const request = h.only('enrollment.getMany');
		expect([request.method, request.path]).toEqual(['GET', '/Business/Schedules/Enrollments']);
		expect(queryPairs(request)).toEqual([
			['request.locationIds', locationIds.join(',')],
			['request.serviceCategoryIds', categoryIds.join(',')],
			['request.startDate', '2026-03-01T00:00:00Z'],
			['request.endDate', '2026-03-31T00:00:00Z'],
			['request.active', 'true'],
		]);
		// The raw query carries one key each, the commas encoded.
		expect(request.rawQuery.match(/request\.locationIds=/g)).toHaveLength(1);
		expectHeaders(h, request, true);
		const direct = (await replay(h.sandbox, request)).json as unknown[];
		expect(direct.length).toBeGreaterThan(0);
		expect(result.jsonItems).toEqual(direct);
		expect(pairedItems(result)).toEqual(direct.map(() => ({ item: 0 })));
	});

	test('Get Many: a single location is one value; no filters, no query', async () => {
		const location = h.sandbox.state.main.locations[0].Id;
		await h.run({ resource: 'enrollment', operation: 'getMany', filters: { locationIds: [String(location)] } });
		await h.run({ resource: 'enrollment', operation: 'getMany' });
		const [one, none] = h.calls('enrollment.getMany');
		expect(queryPairs(one)).toEqual([['request.locationIds', String(location)]]);
		expect(none.rawQuery).toBe('');
	});

	test('Get Many: a non-numeric ID fails before anything is sent', async () => {
		const result = await h.run({
			resource: 'enrollment',
			operation: 'getMany',
			filters: { serviceCategoryIds: '1, x' },
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Service Category IDs: "x" is not a whole number');
		expect(h.calls('enrollment.getMany')).toHaveLength(0);
	});
});
