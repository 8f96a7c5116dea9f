import { expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

describe('Closure', () => {
	test('Get Many: both dates in the query, the closures object as one item', async () => {
		const result = await h.run({
			resource: 'closure',
			operation: 'getMany',
			startDate: '2026-01-01T00:00:00Z',
			endDate: '2026-12-31T00:00:00Z',
		});
		expect(result.status).toBe('success');
		const request = h.only('closure.getMany');
		expect([request.method, request.path]).toEqual(['GET', '/Business/Closures']);
		expect(queryPairs(request)).toEqual([
			['startDate', '2026-01-01T00:00:00Z'],
			['endDate', '2026-12-31T00:00:00Z'],
		]);
		expectHeaders(h, request, false);
		const direct = await replay(h.sandbox, request);
		expect(result.jsonItems).toEqual([direct.json]);
		expect((result.jsonItems[0].Closures as unknown[]).length).toBeGreaterThan(0);
		expect(pairedItems(result)).toEqual([{ item: 0 }]);
	});

	test('a date that is no date fails before anything is sent', async () => {
		const result = await h.run({ resource: 'closure', operation: 'getMany', startDate: 'soon', endDate: '2026-12-31' });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toContain('Start Date: "soon" is not a date-time');
		expect(h.calls('closure.getMany')).toHaveLength(0);
	});

	test('continueOnFail: the server refusal of one item becomes its error item, the other item still runs', async () => {
		const result = await h.run(
			{ resource: 'closure', operation: 'getMany', startDate: '={{ $json.start }}', endDate: '={{ $json.end }}' },
			{
				continueOnFail: true,
				items: [
					{ start: '2026-06-01T00:00:00Z', end: '2026-05-01T00:00:00Z' },
					{ start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' },
				],
			},
		);
		expect(result.status).toBe('success');
		expect(h.calls('closure.getMany')).toHaveLength(2);
		expect(result.jsonItems[0]).toMatchObject({ error: 'endDate lies before startDate.', status: 400 });
		expect(result.jsonItems[1]).toHaveProperty('Closures');
		expect(pairedItems(result)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
