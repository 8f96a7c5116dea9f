import { LARGE_PAGE, largePages } from '../../nodes/shared/transport/pages';

/**
 * Lists without a total (pure helper): after a full first page of 100, pages of LARGE_PAGE. Over
 * many list lengths and service maximums, every entry arrives once, in order, and the requests
 * never outnumber pages of 100 read until a short page (a refused size costs one more).
 */
type Service = { cap: number; refuse: boolean };

async function readAll(total: number, service: Service): Promise<{ entries: number[]; requests: number }> {
	const list = Array.from({ length: total }, (_, n) => n);
	let requests = 0;
	const page = async (offset: number, size: number) => {
		requests++;
		if (size > service.cap && service.refuse) throw Object.assign(new Error('too large'), { httpCode: '400' });
		return { entries: list.slice(offset, offset + Math.min(size, service.cap)) };
	};
	const first = (await page(0, 100)).entries;
	if (first.length < 100) return { entries: first, requests };
	return { entries: (await largePages([...first], first.length, Infinity, page)) as number[], requests };
}

const pagesOf100 = (total: number) => Math.floor(total / 100) + 1;

const LENGTHS = [0, 1, 99, 100, 101, 150, 199, 200, 250, 999, 1000, 1099, 1100, 1101, 2100, 2250, 3000, 5432];
const CAPS = [100, 120, 150, 200, 500, 999, 1000, 1500, Infinity];

describe('largePages', () => {
	test.each(CAPS.map((cap) => [cap]))('a service that cuts pages to %s', async (cap) => {
		for (const total of LENGTHS) {
			const { entries, requests } = await readAll(total, { cap, refuse: false });
			expect([total, entries]).toEqual([total, Array.from({ length: total }, (_, n) => n)]);
			expect([total, requests <= pagesOf100(total)]).toEqual([total, true]);
		}
	});

	test.each(CAPS.filter((cap) => cap < LARGE_PAGE).map((cap) => [cap]))(
		'a service that refuses more than %s',
		async (cap) => {
			for (const total of LENGTHS) {
				const { entries, requests } = await readAll(total, { cap, refuse: true });
				expect([total, entries]).toEqual([total, Array.from({ length: total }, (_, n) => n)]);
				expect([total, requests <= pagesOf100(total) + 1]).toEqual([total, true]);
			}
		},
	);

	test('10,000 entries without a maximum: 11 requests where pages of 100 take 101', async () => {
		expect((await readAll(10_000, { cap: Infinity, refuse: false })).requests).toBe(11);
		expect(pagesOf100(10_000)).toBe(101);
	});

	test('Limit: never asks for more than it still needs', async () => {
		const asked: number[] = [];
		const list = Array.from({ length: 5000 }, (_, n) => n);
		const page = async (offset: number, size: number) => {
			asked.push(size);
			return { entries: list.slice(offset, offset + size) };
		};
		const read = await largePages(list.slice(0, 100), 100, 1234, page);
		expect(read).toEqual(list.slice(0, 1234));
		expect(asked).toEqual([1000, 134]);
	});
});
