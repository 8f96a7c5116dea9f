import type { IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_IN_FLIGHT } from '../fields/nodeOptions';

/** Raised for requests that were never sent because the run stopped at an earlier error. */
export class NotSent extends Error {}

/**
 * A bound on requests in flight, shared by every item and page of one node run: a task waits
 * for a free place before it sends. Once closed (an item failed and the run stops), tasks that
 * have not started are not sent.
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

	/** Stops sending: every task still waiting for a place fails unsent. */
	close(reason: Error): void {
		this.closed ??= reason;
	}

	private release(): void {
		this.waiting.shift()?.();
	}
}

const runs = new WeakMap<IExecuteFunctions, InFlight>();

/** The bound of this node run, from Options → Requests in Flight. */
export function inFlightOf(ctx: IExecuteFunctions): InFlight {
	let bound = runs.get(ctx);
	if (!bound) {
		const wanted = Number(ctx.getNodeParameter('options.concurrency', 0, DEFAULT_IN_FLIGHT));
		bound = new InFlight(Number.isFinite(wanted) && wanted >= 1 ? Math.floor(wanted) : DEFAULT_IN_FLIGHT);
		runs.set(ctx, bound);
	}
	return bound;
}
