import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../nodes/shared/catalogue';
import { PAGE_OVERLAP, readInOrder, readOn, readPage } from '../../nodes/shared/transport/pages';

/**
 * The page reader over a list that moves while it is read (pure helper: the list is an array the
 * test changes between requests, answered the way a v6 list is, with its total).
 */
const operation = {
	resource: 'client',
	operation: 'getMany',
	paging: { limit: 'request.limit', offset: 'request.offset', pageSize: 10, list: 'Clients' },
} as unknown as Operation;

const row = (id: number, stamp = 0): IDataObject => ({ Id: id, Stamp: stamp });
const keyOf = (record: IDataObject) => String(record.Id);

/** A list ordered by stamp, then id (the sandbox's order for changed clients), with a hook before each answer. */
function movingList(ids: number[], beforeAnswer: (list: IDataObject[], request: number) => void = () => {}) {
	const list = ids.map((id) => row(id));
	const requests: Array<[number, number]> = [];
	const request = async (offset: number, size: number) => {
		requests.push([offset, size]);
		beforeAnswer(list, requests.length);
		list.sort((a, b) => Number(a.Stamp) - Number(b.Stamp) || Number(a.Id) - Number(b.Id));
		return { Clients: list.slice(offset, offset + size), PaginationResponse: { TotalResults: list.length } };
	};
	return { list, requests, request };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (records: IDataObject[]) => records.map((record) => Number(record.Id)).sort((a, b) => a - b);

describe('readInOrder', () => {
	test('a list that stands still: every record once, one request per page and PAGE_OVERLAP rows read again', async () => {
		const { request, requests } = movingList(range(1, 35));
		const reading = await readInOrder(operation, request, { keyOf });
		expect(reading.whole).toBe(true);
		expect(ids(reading.records)).toEqual(range(1, 35));
		// Pages of 10 from 0, then each from PAGE_OVERLAP rows before the last one ended.
		expect(PAGE_OVERLAP).toBe(5);
		expect(requests.map(([offset]) => offset)).toEqual([0, 5, 10, 15, 20, 25]);
	});

	test('an idle list is one request', async () => {
		const { request, requests } = movingList([1, 2]);
		expect((await readInOrder(operation, request, { keyOf })).records).toHaveLength(2);
		expect(requests).toHaveLength(1);
	});

	test('records changing before the page start move to the end: none that stayed is skipped', async () => {
		// Before the second and third pages, two records already read change (a newer stamp moves them
		// to the end), so every unread row moves two places back past where the next page begins.
		let stamp = 1;
		const { request } = movingList(range(1, 40), (list, n) => {
			if (n === 2 || n === 3)
				for (const record of list.filter((r) => Number(r.Id) <= 6).slice(0, 2)) record.Stamp = stamp++;
		});
		const reading = await readInOrder(operation, request, { keyOf });
		expect(reading.whole).toBe(true);
		expect(ids(reading.records)).toEqual(range(1, 40));
	});

	test('more records leaving than the overlap covers: it steps back a page and still reads every record', async () => {
		let stamp = 1;
		const { request, requests } = movingList(range(1, 40), (list, n) => {
			if (n === 2) for (const record of list.filter((r) => Number(r.Id) <= 8)) record.Stamp = stamp++;
		});
		const reading = await readInOrder(operation, request, { keyOf });
		expect(reading.whole).toBe(true);
		expect(ids(reading.records)).toEqual(range(1, 40));
		expect(requests.length).toBeGreaterThan(1 + Math.ceil(30 / (10 - PAGE_OVERLAP)));
	});

	test('records coming in before the page start: nothing read twice is kept twice', async () => {
		const { request, list } = movingList(range(10, 40), (rows, n) => {
			if (n === 2) rows.push(row(1, -1), row(2, -1), row(3, -1));
		});
		const reading = await readInOrder(operation, request, { keyOf });
		expect(reading.whole).toBe(true);
		expect(reading.records).toHaveLength(new Set(reading.records.map(keyOf)).size);
		expect(ids(reading.records)).toEqual(expect.arrayContaining(range(10, 40)));
		expect(list).toHaveLength(34);
	});

	test('the page end itself changed and moved away: not whole', async () => {
		const { request } = movingList(range(1, 30), (list, n) => {
			if (n === 2) {
				const end = list.find((r) => r.Id === 10)!;
				end.Stamp = 99;
				for (const record of list.filter((r) => Number(r.Id) < 10)) record.Stamp = 50;
			}
		});
		const reading = await readInOrder(operation, request, { keyOf });
		expect(reading.whole).toBe(false);
	});

	test('a reading cut short (pages or time) is not whole', async () => {
		const { request } = movingList(range(1, 30));
		expect((await readInOrder(operation, request, { keyOf, maxPages: 1 })).whole).toBe(false);
		expect((await readInOrder(operation, request, { keyOf, goOn: () => false })).whole).toBe(false);
	});
});

describe('readPage', () => {
	test('gives the next offset while the total is not reached, and none at the end', async () => {
		const { request } = movingList(range(1, 15));
		expect((await readPage(operation, request, 0, 10)).next).toBe(10);
		expect((await readPage(operation, request, 10, 10)).next).toBeUndefined();
	});
});

describe('readOn', () => {
	/** Pages of 10 from a list of `length`, each read logged by its offset. */
	function pagesOf(length: number) {
		const reads: number[] = [];
		const readAt = async (offset: number) => {
			reads.push(offset);
			const entries = Array.from({ length: Math.max(0, Math.min(10, length - offset)) }, (_, i) => offset + i);
			return offset + entries.length < length ? { entries, next: offset + entries.length } : { entries };
		};
		return { reads, readAt };
	}

	test('reads on until what was found is enough, and gives the next offset', async () => {
		const { reads, readAt } = pagesOf(100);
		const result = await readOn(20, readAt, (found) => found.length >= 25);
		expect(reads).toEqual([20, 30, 40]);
		expect(result).toEqual({ found: Array.from({ length: 30 }, (_, i) => 20 + i), next: 50 });
	});

	test('stops at the end of the list with no next offset', async () => {
		const { reads, readAt } = pagesOf(25);
		expect(await readOn(0, readAt, () => false)).toEqual({ found: Array.from({ length: 25 }, (_, i) => i) });
		expect(reads).toEqual([0, 10, 20]);
	});

	test('reads at most maxPages, and none when what it starts with is enough', async () => {
		const { reads, readAt } = pagesOf(100);
		const filtered = async (offset: number) => ({ ...(await readAt(offset)), entries: [] as number[] });
		expect(await readOn(0, filtered, (found) => found.length > 0, 5)).toEqual({ found: [], next: 50 });
		expect(reads).toEqual([0, 10, 20, 30, 40]);
		expect(await readOn(0, readAt, () => true)).toEqual({ found: [], next: 0 });
		expect(reads).toHaveLength(5);
	});
});
