import { Clock } from './clock';

const START = Date.parse('2026-03-02T08:00:00Z');
const MINUTE = 60_000;

describe('sandbox clock', () => {
	it('starts where told, stands still and formats ISO without milliseconds', () => {
		const clock = new Clock({ startAt: START + 123 });
		expect(clock.now()).toBe(START + 123);
		expect(clock.iso()).toBe('2026-03-02T08:00:00Z');
		expect(clock.iso(START + 90 * MINUTE)).toBe('2026-03-02T09:30:00Z');
	});

	it('fires due timers in time order, at their time, and awaits their work', async () => {
		const clock = new Clock({ startAt: START });
		const fired: string[] = [];
		clock.schedule(START + 20 * MINUTE, async () => {
			await new Promise((resolve) => setTimeout(resolve, 5));
			fired.push(`b@${clock.iso()}`);
		});
		clock.schedule(START + 10 * MINUTE, () => void fired.push(`a@${clock.iso()}`));
		clock.schedule(START + 60 * MINUTE, () => void fired.push('late'));
		await clock.advance(30 * MINUTE);
		expect(fired).toEqual(['a@2026-03-02T08:10:00Z', 'b@2026-03-02T08:20:00Z']);
		expect(clock.now()).toBe(START + 30 * MINUTE);
		expect(clock.pending()).toEqual([START + 60 * MINUTE]);
	});

	it('plays three hours of 15-minute resends in milliseconds, timers scheduling timers', async () => {
		const clock = new Clock({ startAt: START });
		const attempts: string[] = [];
		const attempt = () => {
			attempts.push(clock.iso());
			const next = clock.now() + 15 * MINUTE;
			if (next <= START + 180 * MINUTE) clock.schedule(next, attempt);
		};
		clock.schedule(START, attempt);
		const began = Date.now();
		await clock.advance(3 * 60 * MINUTE);
		// Three hours of real time would be 10,800 s; the limit leaves room for a busy machine.
		expect(Date.now() - began).toBeLessThan(20_000);
		expect(attempts).toHaveLength(13);
		expect(attempts.at(-1)).toBe('2026-03-02T11:00:00Z');
	});

	it('cancels timers, keeps going after a failing one and clears on demand', async () => {
		const clock = new Clock({ startAt: START });
		const fired: number[] = [];
		const timer = clock.schedule(START + MINUTE, () => void fired.push(1));
		clock.schedule(START + 2 * MINUTE, () => {
			throw new Error('boom');
		});
		clock.schedule(START + 3 * MINUTE, () => void fired.push(3));
		timer.cancel();
		await clock.advance(5 * MINUTE);
		expect(fired).toEqual([3]);
		expect(clock.errors).toHaveLength(1);
		clock.schedule(START + 10 * MINUTE, () => void fired.push(10));
		clock.clearTimers();
		await clock.advance(10 * MINUTE);
		expect(fired).toEqual([3]);
		await expect(clock.advance(-1)).rejects.toThrow();
	});

	it('serialises overlapping advances', async () => {
		const clock = new Clock({ startAt: START });
		const fired: number[] = [];
		clock.schedule(START + MINUTE, () => void fired.push(1));
		clock.schedule(START + 2 * MINUTE, () => void fired.push(2));
		await Promise.all([clock.advance(MINUTE), clock.advance(MINUTE)]);
		expect(fired).toEqual([1, 2]);
		expect(clock.now()).toBe(START + 2 * MINUTE);
	});

	it('with the real-time ticker, flows with the wall clock and fires timers as time passes', async () => {
		const clock = new Clock({ realTime: true, tickMs: 10 });
		try {
			const before = clock.now();
			let fired = false;
			clock.schedule(before + 30, () => void (fired = true));
			await new Promise((resolve) => setTimeout(resolve, 120));
			expect(fired).toBe(true);
			expect(clock.now()).toBeGreaterThanOrEqual(before + 100);
			await clock.advance(60 * MINUTE);
			expect(clock.now()).toBeGreaterThanOrEqual(before + 60 * MINUTE);
		} finally {
			clock.stop();
		}
	});
});
