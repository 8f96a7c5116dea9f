import type { IDataObject } from 'n8n-workflow';

import { TEST_START, expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });
const now = Date.parse(TEST_START);
const upcomingClass = () =>
	h.sandbox.state.main.classes.find((c) => !c.Hidden && !c.IsCanceled && Date.parse(c.StartDateTime) > now)!;

describe('Class', () => {
	test('Get (Query): classInstanceId in the query, a token, the instance as one item', async () => {
		const id = upcomingClass().Id;
		const result = await h.run({ resource: 'class', operation: 'getByQuery', classInstanceId: id });
		expect(result.status).toBe('success');
		const request = h.only('class.getByQuery');
		expect([request.method, request.path]).toEqual(['GET', '/Business/Schedules/Classes']);
		expect(queryPairs(request)).toEqual([['classInstanceId', String(id)]]);
		expectHeaders(h, request, true);
		expect(result.jsonItems).toEqual([(await replay(h.sandbox, request)).json]);
		expect(result.jsonItems[0].Id).toBe(id);
		// Staff token: capacity is shown.
		expect(result.jsonItems[0].MaxCapacity).not.toBeNull();
		expect(pairedItems(result)).toEqual([{ item: 0 }]);
	});

	test('Get: the id fills the path, nothing in the query', async () => {
		const id = upcomingClass().Id;
		const result = await h.run({ resource: 'class', operation: 'get', classInstanceId: id });
		const request = h.only('class.get');
		expect([request.method, request.path, request.rawQuery]).toEqual(['GET', `/Business/Schedules/Classes/${id}`, '']);
		expectHeaders(h, request, true);
		expect(result.jsonItems).toEqual([(await replay(h.sandbox, request)).json]);
	});

	test('Get: an unknown id is the 404 text; a non-positive id fails before sending', async () => {
		const missing = await h.run({ resource: 'class', operation: 'get', classInstanceId: 987654 });
		expect(missing.nodeError('Mindbody')?.message).toBe('Class instance 987654 was not found.');
		const zero = await h.run({ resource: 'class', operation: 'get', classInstanceId: 0 });
		expect(zero.nodeError('Mindbody')?.message).toContain('must be a positive ID');
		expect(h.calls('class.get')).toHaveLength(1);
	});

	test('Get Location: short instance with its location as one item', async () => {
		const instance = upcomingClass();
		const result = await h.run({ resource: 'class', operation: 'getLocation', classInstanceId: instance.Id });
		const request = h.only('class.getLocation');
		expect([request.method, request.path, request.rawQuery]).toEqual([
			'GET',
			`/Business/Schedules/Classes/${instance.Id}/Location`,
			'',
		]);
		expectHeaders(h, request, true);
		expect(result.jsonItems).toHaveLength(1);
		expect(result.jsonItems[0]).toMatchObject({ Id: instance.Id, Location: { Id: instance.LocationId } });
	});

	test('Get Upcoming: every filter on the wire, one item per class schedule', async () => {
		const instance = upcomingClass();
		const result = await h.run({
			resource: 'class',
			operation: 'getUpcoming',
			simplify: false,
			filters: {
				startDateTime: '2026-03-02T00:00:00Z',
				endDateTime: '2026-03-09T00:00:00Z',
				locationId: { __rl: true, mode: 'list', value: String(instance.LocationId) },
			},
		});
		expect(result.status).toBe('success');
		const request = h.only('class.getUpcoming');
		expect([request.method, request.path]).toEqual(['GET', '/Business/Schedules/Classes/Upcoming']);
		expect(queryPairs(request)).toEqual([
			['startDateTime', '2026-03-02T00:00:00Z'],
			['endDateTime', '2026-03-09T00:00:00Z'],
			['locationId', String(instance.LocationId)],
		]);
		expectHeaders(h, request, true);
		const direct = (await replay(h.sandbox, request)).json as Array<{ Location: { Id: number } }>;
		expect(direct.length).toBeGreaterThan(0);
		expect(result.jsonItems).toEqual(direct);
		expect(result.jsonItems.every((s) => (s.Location as { Id: number }).Id === instance.LocationId)).toBe(true);
		expect(pairedItems(result)).toEqual(direct.map(() => ({ item: 0 })));
	});

	test('Get Upcoming: Simplify is on by default, n8n-style: at most 10 flat fields, ids first, nested Id/Name flattened', async () => {
		const full = await h.run({ resource: 'class', operation: 'getUpcoming', simplify: false });
		const byDefault = await h.run({ resource: 'class', operation: 'getUpcoming' });
		const explicit = await h.run({ resource: 'class', operation: 'getUpcoming', simplify: true });
		expect(full.jsonItems.length).toBeGreaterThan(0);
		expect(full.jsonItems[0]).toHaveProperty('ClassDescription');
		expect(full.jsonItems[0]).toHaveProperty('Classes');
		expect(byDefault.jsonItems).toEqual(explicit.jsonItems);
		expect(byDefault.jsonItems).toHaveLength(full.jsonItems.length);
		byDefault.jsonItems.forEach((item, i) => {
			const raw = full.jsonItems[i] as IDataObject;
			const location = raw.Location as IDataObject;
			const description = raw.ClassDescription as IDataObject;
			expect(Object.keys(item).length).toBeLessThanOrEqual(10);
			expect(Object.values(item).every((value) => value === null || typeof value !== 'object')).toBe(true);
			expect(item).toMatchObject({
				Id: raw.Id,
				LocationId: location.Id,
				LocationName: location.Name,
				ClassDescriptionName: description.Name,
			});
			expect(item).not.toHaveProperty('Classes');
			// Every kept field is the answer's own value, or a nested Id/Name under its parent's name.
			for (const [key, value] of Object.entries(item)) {
				if (key in raw) {
					expect(value).toEqual(raw[key]);
					continue;
				}
				const parent = Object.keys(raw).find((name) => key === `${name}Id` || key === `${name}Name`)!;
				expect(value).toEqual((raw[parent] as IDataObject)[key.slice(parent.length)]);
			}
		});
		expect(JSON.stringify(byDefault.jsonItems).length).toBeLessThan(JSON.stringify(full.jsonItems).length / 2);
		// Simplify is the node's business: the three requests were the same.
		expect(new Set(h.calls('class.getUpcoming').map((call) => call.rawQuery))).toEqual(new Set(['']));
	});

	test('Get Upcoming answered 204 (no classes in the window): success with no items', async () => {
		const result = await h.run({
			resource: 'class',
			operation: 'getUpcoming',
			filters: { startDateTime: '2040-01-01T00:00:00Z', endDateTime: '2040-01-02T00:00:00Z' },
		});
		expect(result.status).toBe('success');
		expect(h.only('class.getUpcoming').status).toBe(204);
		expect(result.jsonItems).toEqual([]);
	});
});
