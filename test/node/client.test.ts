import { expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });

describe('Client', () => {
	test('Get Directory: date in the query, a staff token in Authorization, one item per client', async () => {
		const day = h.sandbox.state.main.appointments.find((a) => a.Status === 'Booked')!.StartDateTime.slice(0, 10);
		const result = await h.run({ resource: 'client', operation: 'getDirectory', filters: { date: day } });
		expect(result.status).toBe('success');
		const request = h.only('client.getDirectory');
		expect([request.method, request.path]).toEqual(['GET', '/Clients/Directory']);
		expect(queryPairs(request)).toEqual([['date', day]]);
		expectHeaders(h, request, true);
		const direct = (await replay(h.sandbox, request)).json as unknown[];
		expect(direct.length).toBeGreaterThan(0);
		expect(result.jsonItems).toEqual(direct);
		expect(pairedItems(result)).toEqual(direct.map(() => ({ item: 0 })));
	});

	test('Get Directory without a date sends no query; a day without services is the 404 text', async () => {
		await h.run({ resource: 'client', operation: 'getDirectory' });
		expect(h.only('client.getDirectory').rawQuery).toBe('');
		const result = await h.run({ resource: 'client', operation: 'getDirectory', filters: { date: '1999-01-01' } });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('No clients have services on 1999-01-01.');
	});
});
