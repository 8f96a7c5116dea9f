/**
 * What the parts of the sandbox share. The server (server.ts) owns the HTTP listener, the
 * clock, faults and the request log; the REST service (rest/) and the webhook service
 * (webhooks/) are handed this context and plug into it.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface SandboxRequest {
	service: 'rest' | 'webhooks';
	method: string;
	/** Path relative to the service's base path, e.g. `/Business/Categories` or `/subscriptions/abc`. */
	path: string;
	/** Parsed query: every value as the list of its repeated keys, in order. */
	query: Record<string, string[]>;
	/** Raw query string, exactly as received (without `?`). */
	rawQuery: string;
	headers: IncomingHttpHeaders;
	/** Raw body as received. */
	rawBody: string;
	/** Body parsed from JSON or form encoding; undefined when empty; `malformed` when it did not parse. */
	body: unknown;
	bodyMalformed: boolean;
}

export interface SandboxResponse {
	status: number;
	/** Strings are sent as text/plain (the spec's plain-string errors); anything else as JSON. */
	body?: unknown;
	headers?: Record<string, string>;
}

export interface ClockTimer {
	at: number;
	cancel(): void;
}

/** A controllable clock: `now()` starts at real time; tests advance it and due timers fire in order. */
export interface SandboxClock {
	now(): number;
	/** ISO 8601 UTC without milliseconds (YYYY-MM-DDTHH:mm:ssZ), the services' date format. */
	iso(at?: number): string;
	/** Moves time forward, firing due timers in time order; resolves once their work settled. */
	advance(ms: number): Promise<void>;
	/** Runs fn when the clock reaches `at` (through advance, or the real-time ticker when enabled). */
	schedule(at: number, fn: () => void | Promise<void>): ClockTimer;
}

/** An API key of a developer account (both services accept the same keys). */
export interface ApiKeyAccount {
	apiKey: string;
	/** Source name: events carry transactionKey only when the calling source equals the subscription's. */
	sourceName: string;
	/** Developer account with live access (webhook service answers 403 14030002 otherwise). */
	liveAccess: boolean;
	/** Business sites this account is linked to. */
	siteIds: number[];
}

/** Emitted by REST operations that the spec ties to webhook events. */
export interface EventCause {
	siteId: number;
	/** Source name of the API key that made the call. */
	sourceName: string;
	/** Transaction-Key of the call, already cut to 50 characters. */
	transactionKey?: string;
}

export interface SentEmail {
	at: string;
	to: string;
	kind: string;
	subject: string;
	detail?: Record<string, unknown>;
}

export interface SandboxContext {
	clock: SandboxClock;
	accounts: ApiKeyAccount[];
	findAccount(apiKey: string | undefined): ApiKeyAccount | undefined;
	/** E-mails the service would send (confirmation, denial, subscription deactivated, …). */
	emails: SentEmail[];
	recordEmail(email: Omit<SentEmail, 'at'>): void;
	/** Queue an event for delivery to Active subscriptions that list it (webhooks/ implements). */
	emitEvent(eventId: string, eventData: Record<string, unknown>, cause: EventCause): void;
	/** Whether plain-http webhook URLs on loopback are accepted (off by default, as the real service). */
	allowLoopbackHttp: boolean;
}
