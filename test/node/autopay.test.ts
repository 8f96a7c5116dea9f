import { expectHeaders, useNodeSandbox } from './support';

const h = useNodeSandbox();

describe('autopay', () => {
	test.each([
		['Region', 'region', 'regionId', 1],
		['Subscriber', 'subscriber', 'subscriberId', -99],
	])(
		'Suspend %s, then End Suspension: ids and dates in the path, token, object output',
		async (label, scope, idField, id) => {
			const suspended = await h.run({
				resource: 'autopay',
				operation: `suspend${label}`,
				[idField]: id,
				startDate: '2026-03-10T00:00:00Z',
			});
			expect(suspended.status).toBe('success');
			const request = h.lastRequest(`/AutoPay/${scope}/${id}/covid19/Suspend/startdate/*`);
			expect(request.method).toBe('POST');
			expect(decodeURIComponent(request.path)).toBe(
				`/AutoPay/${scope}/${id}/covid19/Suspend/startdate/2026-03-10T00:00:00Z`,
			);
			expect(request.rawQuery).toBe('');
			expect(request.rawBody).toBe('');
			expectHeaders(h, request, true);
			expect(suspended.items).toEqual([
				{
					json: expect.objectContaining({ Status: 'Suspended', StartDate: '2026-03-10T00:00:00Z', EndDate: null }),
					pairedItem: { item: 0 },
				},
			]);

			const closed = await h.run({
				resource: 'autopay',
				operation: `close${label}`,
				[idField]: id,
				endDate: '2026-04-01',
			});
			expect(closed.status).toBe('success');
			const closing = h.lastRequest(`/AutoPay/${scope}/${id}/covid19/close/enddate/*`);
			expect(decodeURIComponent(closing.path)).toBe(`/AutoPay/${scope}/${id}/covid19/close/enddate/2026-04-01`);
			expectHeaders(h, closing, true);
			expect(closed.items).toEqual([
				{
					json: expect.objectContaining({ Status: 'Closed', EndDate: '2026-04-01T00:00:00Z' }),
					pairedItem: { item: 0 },
				},
			]);

			const again = await h.run({
				resource: 'autopay',
				operation: `close${label}`,
				[idField]: id,
				endDate: '2026-04-02',
			});
			expect(again.status).toBe('error');
			const error = again.nodeError('Mindbody') as unknown as { httpCode: string; message: string };
			expect(error.httpCode).toBe('400');
			expect(error.message.length).toBeGreaterThan(0);
		},
	);

	test('Region ID 0 is refused before sending', async () => {
		const zero = await h.run({
			resource: 'autopay',
			operation: 'suspendRegion',
			regionId: 0,
			startDate: '2026-03-10T00:00:00Z',
		});
		expect(zero.nodeError('Mindbody')!.message).toBe('Region ID: must be a positive ID');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('a bad date is a field error naming the field; nothing sent', async () => {
		const result = await h.run({ resource: 'autopay', operation: 'suspendRegion', regionId: 1, startDate: 'soon' });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toMatch(/^Start Date: "soon" is not a date-time/);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('without a user token: refused before sending', async () => {
		const result = await h.run(
			{ resource: 'autopay', operation: 'suspendRegion', regionId: 1, startDate: '2026-05-10T00:00:00Z' },
			{ credential: 'noUser' },
		);
		expect(result.status).toBe('error');
		expect(h.requests('/AutoPay/region/1/covid19/Suspend/startdate/*')).toHaveLength(0);
		expect(result.nodeError('Mindbody')!.message).toContain('needs a user token');
	});
});
