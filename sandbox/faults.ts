import { assertOperationKey, globToRegExp } from './requestLog';

/**
 * rateLimit: 429 with Retry-After, before the handler runs (nothing is done, as a throttling
 * service refuses a request it did not process); serverError: 500; badGateway: 502; latency:
 * waits, then the request goes on; malformedJson: the handler runs, the 200 answer's JSON is cut
 * short; connectionReset: the socket is destroyed without an answer; answerLost: the handler runs,
 * then the socket is destroyed.
 */
export const FAULT_KINDS = [
	'rateLimit',
	'serverError',
	'badGateway',
	'latency',
	'malformedJson',
	'connectionReset',
	'answerLost',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
	kind: FaultKind;
	service?: 'rest' | 'webhooks';
	method?: string;
	/** Path relative to the service base: exact, `{param}` template or `*` glob (any case). */
	path?: string;
	/**
	 * The operation, by the sandbox's key (reading/operations.ts): the v6 document's operation id, e.g.
	 * `AddClientToClass`, or method and path of a listed one, e.g. `POST /Business/Schedules/Appointments/Complete`.
	 */
	operation?: string;
	/** How many matching requests it hits (default 1), or 'always'. */
	times?: number | 'always';
	/** Hits only every nth matching request (the nth, the 2nth, …), as a service throttling a burst would. */
	every?: number;
	/** Seconds, for rateLimit (default 1). */
	retryAfter?: number;
	/** Milliseconds, for latency (default 100). */
	latencyMs?: number;
}

export interface Fault extends FaultSpec {
	id: number;
	/** Hits left; Infinity for 'always'. */
	remaining: number;
	hits: number;
	/** Matching requests seen, for `every`. */
	seen: number;
}

export interface FaultTarget {
	service: string;
	method: string;
	path: string;
	operation?: string;
}

/** Faults to inject, matched per route; each spends one of its `times` per request it hits. */
export class Faults {
	private faults: Fault[] = [];

	private nextId = 1;

	add(spec: FaultSpec): Fault {
		assertOperationKey(spec.operation);
		if (!FAULT_KINDS.includes(spec.kind)) {
			throw new Error(`Unknown fault kind ${String(spec.kind)}; use one of ${FAULT_KINDS.join(', ')}`);
		}
		if (spec.every !== undefined && !(Number.isInteger(spec.every) && spec.every >= 1)) {
			throw new Error(`every must be a whole number from 1, not ${String(spec.every)}`);
		}
		const times = spec.times ?? 1;
		const fault: Fault = {
			...spec,
			id: this.nextId++,
			remaining: times === 'always' ? Infinity : times,
			hits: 0,
			seen: 0,
		};
		this.faults.push(fault);
		return fault;
	}

	list(): Fault[] {
		return this.faults.filter((fault) => fault.remaining > 0);
	}

	remove(id: number): void {
		this.faults = this.faults.filter((fault) => fault.id !== id);
	}

	clear(): void {
		this.faults = [];
	}

	/** The faults a request meets: any latency first, then at most one that decides the answer. */
	take(target: FaultTarget): { latencyMs: number; fault?: Fault } {
		const matching = this.faults.filter((fault) => fault.remaining > 0 && matches(fault, target) && due(fault));
		const latency = matching.filter((fault) => fault.kind === 'latency');
		const fault = matching.find((f) => f.kind !== 'latency');
		for (const spent of [...latency, ...(fault ? [fault] : [])]) {
			spent.remaining -= 1;
			spent.hits += 1;
		}
		const latencyMs = latency.reduce((sum, f) => sum + (f.latencyMs ?? 100), 0);
		return { latencyMs, fault };
	}
}

/** Counts a matching request; whether the fault hits it (every one, or every nth with `every`). */
function due(fault: Fault): boolean {
	fault.seen += 1;
	return !fault.every || fault.seen % fault.every === 0;
}

function matches(fault: Fault, target: FaultTarget): boolean {
	if (fault.service && fault.service !== target.service) return false;
	if (fault.method && fault.method.toUpperCase() !== target.method) return false;
	if (fault.operation && fault.operation !== target.operation) return false;
	return !fault.path || globToRegExp(fault.path).test(target.path);
}
