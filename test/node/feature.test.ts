import { expectHeaders, pairedItems, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });
const enabledNames = () => h.sandbox.state.main.features.filter((f) => f.Enabled).map((f) => f.Name);

describe('Feature', () => {
	test('Get Many: the list of strings becomes one item per feature ({ value })', async () => {
		const result = await h.run({ resource: 'feature', operation: 'getMany' });
		expect(result.status).toBe('success');
		const request = h.only('feature.getMany');
		expect([request.method, request.path, request.rawQuery]).toEqual(['GET', '/Business/Features', '']);
		expectHeaders(h, request, false);
		expect(result.jsonItems).toEqual(enabledNames().map((value) => ({ value })));
		expect(pairedItems(result)).toEqual(result.jsonItems.map(() => ({ item: 0 })));
	});

	test('Update: PATCH with the JSON body { Enabled }, no answer body → { success: true }; the change reads back', async () => {
		const result = await h.run({
			resource: 'feature',
			operation: 'update',
			featureDescriptor: { __rl: true, mode: 'list', value: 'PickASpot' },
			enabled: true,
		});
		expect(result.status).toBe('success');
		const request = h.only('feature.update');
		expect([request.method, request.path, request.rawQuery]).toEqual(['PATCH', '/Business/Features/PickASpot', '']);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.rawBody)).toEqual({ Enabled: true });
		expectHeaders(h, request, false);
		expect(result.jsonItems).toEqual([{ success: true }]);
		expect(enabledNames()).toContain('PickASpot');

		await h.run({
			resource: 'feature',
			operation: 'update',
			featureDescriptor: { __rl: true, mode: 'id', value: 'OnlineStore' },
			enabled: false,
		});
		expect(JSON.parse(h.calls('feature.update')[1].rawBody)).toEqual({ Enabled: false });
		expect(enabledNames()).not.toContain('OnlineStore');
	});

	test('Update of a locked feature: the 403 text is the error message', async () => {
		const result = await h.run({
			resource: 'feature',
			operation: 'update',
			featureDescriptor: { __rl: true, mode: 'id', value: 'BrandedApp' },
			enabled: true,
		});
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { message: string; httpCode: string; name: string };
		expect(error.message).toBe('The feature BrandedApp needs a higher subscription level.');
		expect(error.httpCode).toBe('403');
		expect(error.name).toBe('NodeApiError');
	});

	test('dropdown searchFeatures: the feature strings, searchable', async () => {
		const options = await h.loadOptions('searchFeatures');
		expect(options.map((o) => o.value).sort()).toEqual([...enabledNames()].sort());
		expect(options[0]).toEqual({ name: options[0].value, value: options[0].value });
		const search = await h.listSearch('searchFeatures', 'store');
		expect(search.results).toEqual([{ name: 'OnlineStore', value: 'OnlineStore' }]);
	});
});
