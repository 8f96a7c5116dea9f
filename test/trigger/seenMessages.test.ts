import {
	SEEN_MAX,
	SEEN_WINDOW_MS,
	RETRY_WINDOW_MS,
	SeenMessages,
	UNCONFIRMED_RETRY_MS,
} from '../../nodes/MindbodyTrigger/seenMessages';

const T0 = Date.UTC(2026, 0, 1);

describe('the in-process record of messageIds', () => {
	test('an id is let through once; the record keeps it for more than the retry window', () => {
		const seen = new SeenMessages();
		expect(seen.admit('m-1', T0)).toBe(true);
		seen.confirm(['m-1']);
		expect(seen.admit('m-1', T0 + 1)).toBe(false);
		expect(seen.admit('m-1', T0 + RETRY_WINDOW_MS)).toBe(false);
		expect(SEEN_WINDOW_MS).toBeGreaterThan(RETRY_WINDOW_MS);
		expect(seen.admit('m-1', T0 + SEEN_WINDOW_MS)).toBe(true);
	});

	test('20,000 other ids in between do not push an id out (the cap is higher)', () => {
		const seen = new SeenMessages();
		seen.admit('first', T0);
		seen.confirm(['first']);
		for (let i = 0; i < 20_000; i++) seen.admit(`other-${i}`, T0 + i);
		expect(seen.admit('first', T0 + RETRY_WINDOW_MS)).toBe(false);
		expect(SEEN_MAX).toBeGreaterThanOrEqual(20_000);
	});

	test(`beyond ${SEEN_MAX} ids the oldest go first`, () => {
		const seen = new SeenMessages(SEEN_WINDOW_MS, 3);
		for (const id of ['a', 'b', 'c', 'd']) seen.admit(id, T0);
		seen.confirm(['a', 'b', 'c', 'd']);
		expect(seen.size).toBe(3);
		expect(seen.admit('d', T0)).toBe(false);
		expect(seen.admit('a', T0)).toBe(true);
	});

	test('an id whose run never started is let through again on a later resend, not at once', () => {
		const seen = new SeenMessages();
		expect(seen.admit('lost', T0)).toBe(true);
		expect(seen.admit('lost', T0 + 1000)).toBe(false);
		expect(seen.admit('lost', T0 + UNCONFIRMED_RETRY_MS)).toBe(true);
		seen.confirm(['lost']);
		expect(seen.admit('lost', T0 + 2 * UNCONFIRMED_RETRY_MS)).toBe(false);
	});
});
