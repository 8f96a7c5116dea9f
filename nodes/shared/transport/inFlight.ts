/** Raised for requests that were never sent because the run stopped at an earlier error. */
export class NotSent extends Error {}

/**
 * A bound on requests in flight, shared by every request of one run: a call waits for a free
 * place before it sends. Once closed (an item failed and the run stops), calls that have not
 * started are not sent.
 */
export class InFlight {
	private running = 0;

	private readonly waiting: Array<() => void> = [];

	private closed?: Error;

	constructor(readonly limit: number) {}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
		if (this.closed) {
			this.release();
			throw new NotSent(this.closed.message);
		}
		this.running++;
		try {
			return await task();
		} finally {
			this.running--;
			this.release();
		}
	}

	/** Stops sending: every call still waiting for a place fails unsent. */
	close(reason: Error): void {
		this.closed ??= reason;
	}

	private release(): void {
		this.waiting.shift()?.();
	}
}
