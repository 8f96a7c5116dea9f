import type { Logger } from 'n8n-workflow';

/**
 * Refused deliveries are logged in bounded volume: unauthenticated traffic must not grow the
 * log. The first refusal of a burst is logged with its reason; later ones are counted and
 * summarised in one line once a minute has passed (on the next refusal or delivery).
 */

export const REFUSAL_SUMMARY_MS = 60_000;

export class RefusalLog {
	private since: number | undefined;
	private readonly counts = new Map<string, number>();

	constructor(private readonly label: string) {}

	refused(logger: Logger, reason: string, now: number): void {
		this.flush(logger, now);
		if (this.since === undefined) {
			this.since = now;
			logger.warn(
				`${this.label} refused a delivery: ${reason}. Further refusals are counted and reported at most once a minute.`,
			);
			return;
		}
		this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
	}

	/** Reports what was counted once the minute is over, and starts a new burst. */
	flush(logger: Logger, now: number): void {
		if (this.since === undefined || now - this.since < REFUSAL_SUMMARY_MS) return;
		const total = [...this.counts.values()].reduce((sum, count) => sum + count, 0);
		if (total > 0) {
			const reasons = [...this.counts].map(([reason, count]) => `${reason}: ${count}`).join('; ');
			const seconds = Math.round((now - this.since) / 1000);
			logger.warn(`${this.label} refused ${total} more deliveries in the last ${seconds} s (${reasons})`);
		}
		this.since = undefined;
		this.counts.clear();
	}
}

const logs = new Map<string, RefusalLog>();

/** The log of one trigger node; `label` is asked for only when the log is made. */
export function refusalLogOf(key: string, label: () => string): RefusalLog {
	let log = logs.get(key);
	if (!log) {
		log = new RefusalLog(label());
		logs.set(key, log);
	}
	return log;
}
