import { startSandbox, type Sandbox, type SandboxOptions } from '..';
import type { SiteData } from '../data/types';
import { findEvent } from '../reading/events';

/** A Monday morning, so weekday availability and "today" are predictable. */
export const TEST_START = '2026-03-02T08:00:00Z';

export interface CallOptions {
	query?: Record<string, string | number | boolean | Array<string | number>>;
	body?: unknown;
	/** A user token, sent as `Authorization: Bearer …`. */
	token?: string;
	/** Replaces the default API-Key / SiteId headers (null leaves one out). */
	apiKey?: string | null;
	siteId?: string | number | null;
	headers?: Record<string, string>;
	/** Send the body as a raw string with this content type. */
	rawBody?: { contentType: string; text: string };
}

export interface Answer {
	status: number;
	contentType: string;
	text: string;
	/** The body parsed as JSON, or undefined. */
	json: any;
	headers: Headers;
}

export function queryString(query: CallOptions['query'] = {}): string {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
	}
	const text = params.toString();
	return text ? `?${text}` : '';
}

export interface Harness {
	sandbox: Sandbox;
	site: () => SiteData;
	/** A REST call relative to /public/v6 with the main key and site -99. */
	call(method: string, path: string, options?: CallOptions): Promise<Answer>;
	/** An owner staff token, issued again once the held one is gone or expired. */
	staffToken(): Promise<string>;
	admin(method: string, path: string, body?: unknown): Promise<Answer>;
}

async function answerOf(response: Response): Promise<Answer> {
	const text = await response.text();
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return {
		status: response.status,
		contentType: response.headers.get('content-type') ?? '',
		text,
		json,
		headers: response.headers,
	};
}

/** Starts a sandbox around TEST_START with seed 7; tests reach data through `site()`. */
export function useSandbox(options: SandboxOptions = {}): Harness {
	let token: string | undefined;
	const harness: Harness = {
		sandbox: undefined as unknown as Sandbox,
		site: () => harness.sandbox.state.main,
		async call(method, path, options = {}) {
			const { sandbox } = harness;
			const headers: Record<string, string> = { ...options.headers };
			if (options.apiKey !== null) headers['API-Key'] = options.apiKey ?? sandbox.apiKey;
			if (options.siteId !== null) headers.SiteId = String(options.siteId ?? sandbox.siteId);
			if (options.token) headers.Authorization = `Bearer ${options.token}`;
			let body: string | undefined;
			if (options.rawBody) {
				headers['Content-Type'] = options.rawBody.contentType;
				body = options.rawBody.text;
			} else if (options.body !== undefined) {
				headers['Content-Type'] = 'application/json';
				body = JSON.stringify(options.body);
			}
			const url = `${sandbox.restBaseUrl}${path}${queryString(options.query)}`;
			return answerOf(await fetch(url, { method, headers, body }));
		},
		async staffToken() {
			const held = token ? harness.sandbox.state.tokens.get(token) : undefined;
			if (token && held && held.Expires > harness.sandbox.clock.now()) return token;
			const issued = await harness.call('POST', '/usertoken/issue', {
				body: {
					Username: harness.sandbox.staffLogin.username,
					Password: harness.sandbox.staffLogin.password,
				},
			});
			token = issued.json.AccessToken as string;
			return token;
		},
		async admin(method, path, body) {
			const init: RequestInit = { method };
			if (body !== undefined) {
				init.body = JSON.stringify(body);
				init.headers = { 'Content-Type': 'application/json' };
			}
			return answerOf(await fetch(`${harness.sandbox.adminUrl}${path}`, init));
		},
	};
	beforeAll(async () => {
		harness.sandbox = await startSandbox({ seed: 7, startAt: TEST_START, ...options });
	});
	afterAll(async () => {
		await harness.sandbox?.stop();
	});
	return harness;
}

export const isPlainText = (answer: Answer) => answer.contentType.startsWith('text/plain');

/** After a file's tests: every appointment event the calls emitted matches the webhook catalog. */
export function checkEmittedEvents(h: Harness): void {
	afterAll(() => {
		for (const event of h.sandbox.events) {
			const definition = event.eventId.startsWith('appointment') ? findEvent(event.eventId) : undefined;
			expect([event.eventId, definition?.eventData.safeParse(event.eventData).success]).toEqual([event.eventId, true]);
		}
	});
}
