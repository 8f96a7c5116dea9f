import type { IncomingHttpHeaders } from 'node:http';

import { operations } from './reading/operations';

export type LoggedService = 'rest' | 'webhooks' | 'unknown';

export interface LoggedRequest {
	seq: number;
	/** Sandbox clock time the request arrived (ISO). */
	at: string;
	method: string;
	service: LoggedService;
	/** Path relative to the service's base path (the full path for unknown routes). */
	path: string;
	rawQuery: string;
	query: Record<string, string[]>;
	/** Header names lower-cased, as node:http gives them. */
	headers: IncomingHttpHeaders;
	rawBody: string;
	/** Status sent; 0 while in flight or when the connection was reset. */
	status: number;
	/**
	 * The operation the route names, by the sandbox's key: the v6 document's operation id
	 * (`AddClientToClass`) or method and path for a listed one (`POST /Business/PromoCodes`).
	 */
	operation?: string;
	/** The fault injected into this request, if any. */
	fault?: string;
}

export interface LogFilter {
	service?: string;
	/** Exact path (case-insensitive) or, with `*`, a glob. */
	path?: string;
	method?: string;
	operation?: string;
}

const KNOWN_KEYS = new Set(operations.map((op) => op.id));

/**
 * Refuses a key no operation is logged under, so a filter or fault written with another name (the
 * node's `class.addClient`) fails loudly instead of matching nothing.
 */
export function assertOperationKey(key: string | undefined): void {
	if (key === undefined || KNOWN_KEYS.has(key)) return;
	throw new Error(
		`No operation is keyed "${key}": use the v6 document's operation id (AddClientToClass) or method and path (GET /Business/Categories)`,
	);
}

/** Every call to the REST and webhook services, for tests to assert what the node sent. */
export class RequestLog {
	private entries: LoggedRequest[] = [];

	private seq = 0;

	private readonly listeners: Array<(entry: LoggedRequest) => void> = [];

	record(entry: Omit<LoggedRequest, 'seq' | 'status'>): LoggedRequest {
		const logged: LoggedRequest = { ...entry, seq: ++this.seq, status: 0 };
		this.entries.push(logged);
		for (const listener of this.listeners) listener(logged);
		return logged;
	}

	/** Calls `listener` with each request as it arrives (the console notes its caller then). */
	onRecord(listener: (entry: LoggedRequest) => void): void {
		this.listeners.push(listener);
	}

	list(filter: LogFilter = {}): LoggedRequest[] {
		assertOperationKey(filter.operation);
		const pathPattern = filter.path ? globToRegExp(filter.path) : undefined;
		return this.entries.filter(
			(entry) =>
				(!filter.service || entry.service === filter.service) &&
				(!filter.method || entry.method === filter.method.toUpperCase()) &&
				(!filter.operation || entry.operation === filter.operation) &&
				(!pathPattern || pathPattern.test(entry.path)),
		);
	}

	last(filter: LogFilter = {}): LoggedRequest | undefined {
		return this.list(filter).at(-1);
	}

	clear(): void {
		this.entries = [];
	}
}

/** `*` matches within a path segment, `**` across segments; case-insensitive like the routes. */
export function globToRegExp(pattern: string): RegExp {
	const escaped = pattern
		.replace(/[.+?^$()|[\]\\]/g, '\\$&')
		.replace(/\{[^}]+\}/g, '[^/]+')
		.replace(/\*\*/g, '\u0000')
		.replace(/\*/g, '[^/]*')
		.replace(/\u0000/g, '.*');
	return new RegExp(`^${escaped}/?$`, 'i');
}
