import { DEFAULT_BATCH_SIZE } from '../../nodes/Mindbody/fields/nodeOptions';
import { bodyOf, pairs, useNodeSandbox } from './support';

/** Batching is on by default where the body is an id or entry list. */
const h = useNodeSandbox();
const PATH = '/Business/Schedules/Appointments/Complete';

/** `count` booked appointments (copies of seeded ones) with fresh ids. */
function bookedIds(count: number): number[] {
	const site = h.site();
	const seeded = site.appointments.find((a) => a.Status === 'Booked')!;
	const start = 500001 + site.appointments.length;
	const ids = Array.from({ length: count }, (_, n) => start + n);
	site.appointments.push(...ids.map((Id) => ({ ...seeded, Id })));
	return ids;
}

describe('batching by default', () => {
	test.each([1000, 2500])(
		'%i items → ceil(items / batch size) requests, every output paired to its item',
		async (count) => {
			const ids = bookedIds(count);
			const result = await h.run(
				{ resource: 'appointment', operation: 'complete', ids: '={{ [$json.id] }}' },
				{ items: ids.map((id) => ({ id })) },
			);
			expect(result.status).toBe('success');
			const requests = h.requests(PATH, 'POST');
			expect(requests).toHaveLength(Math.ceil(count / DEFAULT_BATCH_SIZE));
			expect(requests.flatMap((r) => bodyOf(r) as number[])).toEqual(ids);
			expect(result.items).toHaveLength(count);
			expect(pairs(result.items)).toEqual(ids.map((_, index) => index));
			expect(result.items.every((item) => item.json.success === true)).toBe(true);
		},
		120_000,
	);

	test('an error answer maps to every item of its batch (continueOnFail)', async () => {
		const [one, two] = bookedIds(2);
		const result = await h.run(
			{ resource: 'appointment', operation: 'complete', ids: '={{ [$json.id] }}' },
			{ items: [{ id: one }, { id: 999999 }, { id: two }], continueOnFail: true },
		);
		expect(result.status).toBe('success');
		expect(h.requests(PATH, 'POST').map((r) => bodyOf(r))).toEqual([[one, 999999, two]]);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		for (const item of result.items) expect(item.json).toMatchObject({ error: expect.any(String), status: 400 });
	});

	test('Batch Items off: one request per item', async () => {
		const ids = bookedIds(3);
		const result = await h.run(
			{ resource: 'appointment', operation: 'complete', ids: '={{ [$json.id] }}', options: { batch: false } },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		expect(h.requests(PATH, 'POST').map((r) => bodyOf(r))).toEqual(ids.map((id) => [id]));
	});
});
