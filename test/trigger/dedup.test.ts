import {
	DEDUP_MAX_MESSAGES,
	DEDUP_WINDOW_MS,
	prune,
	remember,
	type SeenMessage,
} from '../../nodes/MindbodyTrigger/dedup';

const T0 = Date.parse('2025-01-01T00:00:00Z');

describe('dedup window', () => {
	test('a messageId seen before is a duplicate; a new one is recorded', () => {
		const first = remember(undefined, 'm-1', T0);
		expect(first.duplicate).toBe(false);
		const again = remember(first.seen, 'm-1', T0 + 1000);
		expect(again.duplicate).toBe(true);
		expect(remember(again.seen, 'm-2', T0 + 2000).duplicate).toBe(false);
	});

	test(`keeps at most ${DEDUP_MAX_MESSAGES} ids, dropping the oldest`, () => {
		let seen: SeenMessage[] = [];
		for (let i = 0; i < DEDUP_MAX_MESSAGES + 50; i++) seen = remember(seen, `m-${i}`, T0 + i).seen;
		expect(seen).toHaveLength(DEDUP_MAX_MESSAGES);
		expect(seen[0].id).toBe('m-50');
		// The 50 oldest are forgotten, so they would run again; the newest are still known.
		expect(remember(seen, 'm-0', T0 + 5000).duplicate).toBe(false);
		expect(remember(seen, `m-${DEDUP_MAX_MESSAGES + 49}`, T0 + 5000).duplicate).toBe(true);
	});

	test('forgets ids older than 24 hours', () => {
		const { seen } = remember(undefined, 'm-old', T0);
		expect(remember(seen, 'm-old', T0 + DEDUP_WINDOW_MS - 1).duplicate).toBe(true);
		expect(remember(seen, 'm-old', T0 + DEDUP_WINDOW_MS).duplicate).toBe(false);
		expect(prune(seen, T0 + DEDUP_WINDOW_MS)).toEqual([]);
	});

	test('ignores malformed stored data instead of failing the delivery', () => {
		const stored = [{ id: 'm-1', at: T0 }, { id: 7 }, 'junk', null] as unknown;
		expect(prune(stored, T0)).toEqual([{ id: 'm-1', at: T0 }]);
		expect(remember('not a list', 'm-1', T0).duplicate).toBe(false);
	});
});
