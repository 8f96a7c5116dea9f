import type { ClockTimer, SandboxClock } from './context';
import { isoAt } from './data/dates';

export interface ClockOptions {
	/** Start time (epoch ms); default: the real time now. */
	startAt?: number;
	/** Let time flow with the wall clock and fire due timers as it passes (npm run sandbox). */
	realTime?: boolean;
	/** How often the real-time ticker looks for due timers. */
	tickMs?: number;
}

interface Timer {
	at: number;
	seq: number;
	fn: () => void | Promise<void>;
	cancelled: boolean;
}

/**
 * The sandbox's time. Tests freeze it and move it with advance(), so three hours of webhook
 * resends play in milliseconds; `npm run sandbox` lets it run with the wall clock instead.
 */
export class Clock implements SandboxClock {
	private offset = 0;

	private readonly base: number;

	private timers: Timer[] = [];

	private seq = 0;

	private ticker?: NodeJS.Timeout;

	/** Serialises advance() and ticks so timers never fire twice or out of order. */
	private queue: Promise<void> = Promise.resolve();

	/** Errors thrown by timers; a timer's failure must not stop time. */
	readonly errors: unknown[] = [];

	constructor(private readonly options: ClockOptions = {}) {
		this.base = options.startAt ?? Date.now();
		if (options.startAt !== undefined && options.realTime) this.offset = options.startAt - Date.now();
		if (options.realTime) this.startTicker();
	}

	now(): number {
		return (this.options.realTime ? Date.now() : this.base) + this.offset;
	}

	iso(at = this.now()): string {
		return isoAt(at);
	}

	advance(ms: number): Promise<void> {
		if (!(ms >= 0)) return Promise.reject(new Error('advance() needs a non-negative number of ms'));
		return this.serialise(async () => {
			const target = this.now() + ms;
			await this.fireDue(target);
			this.moveTo(target);
		});
	}

	schedule(at: number, fn: () => void | Promise<void>): ClockTimer {
		const timer: Timer = { at, seq: this.seq++, fn, cancelled: false };
		this.timers.push(timer);
		return {
			at,
			cancel: () => {
				timer.cancelled = true;
				this.timers = this.timers.filter((t) => t !== timer);
			},
		};
	}

	/** Timers not yet fired, earliest first. */
	pending(): number[] {
		return this.ordered().map((timer) => timer.at);
	}

	/** Drops every timer (reset) without firing it. */
	clearTimers(): void {
		this.timers.forEach((timer) => (timer.cancelled = true));
		this.timers = [];
	}

	stop(): void {
		if (this.ticker) clearInterval(this.ticker);
		this.ticker = undefined;
		this.clearTimers();
	}

	private startTicker(): void {
		this.ticker = setInterval(() => {
			void this.serialise(() => this.fireDue(this.now()));
		}, this.options.tickMs ?? 250);
		this.ticker.unref();
	}

	private serialise(work: () => Promise<void>): Promise<void> {
		const run = this.queue.then(work);
		this.queue = run.catch(() => undefined);
		return run;
	}

	/** Fires timers due by `target` in time order; timers they schedule before it fire too. */
	private async fireDue(target: number): Promise<void> {
		for (;;) {
			const next = this.ordered()[0];
			if (!next || next.at > target) return;
			this.timers = this.timers.filter((timer) => timer !== next);
			this.moveTo(next.at);
			try {
				await next.fn();
			} catch (error) {
				this.errors.push(error);
			}
		}
	}

	private ordered(): Timer[] {
		return [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq);
	}

	/** Time only moves forward. */
	private moveTo(at: number): void {
		if (at > this.now()) this.offset += at - this.now();
	}
}
