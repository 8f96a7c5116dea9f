import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { StaffLoginError } from '../auth/staffLogin';
import type { Service } from '../catalogue';
import { MAX_RETRIES, MAX_THROTTLED_RETRIES } from './retryPolicy';
import { webhookErrorHint } from './webhookErrors';

export interface FailedResponse {
	status: number;
	headers: Record<string, unknown>;
	body: unknown;
	service?: Service;
	/** How the error names the call. */
	operation?: string;
	/** Requests sent for this call, retries included. */
	attempts?: number;
	/** The answer's Content-Type, to tell a web page from the service's own words. */
	contentType?: string;
}

export const lowerCaseKeys = (headers: Record<string, unknown>) =>
	Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));

interface WebhookServiceError {
	errorCode?: string;
	errorType?: string;
	errorMessage?: string;
}

/** The server's own words, from a plain string, the webhook `errors[]` or a typed body. */
export function serverMessage(body: unknown): { message: string; code?: string; type?: string } {
	if (typeof body === 'string') return { message: unquote(body) };
	if (body && typeof body === 'object') {
		const record = body as Record<string, unknown>;
		const errors = (record.errors ?? record.Errors) as unknown;
		if (Array.isArray(errors) && errors.length) {
			const first = errors[0] as WebhookServiceError & Record<string, unknown>;
			if (first.errorCode !== undefined) {
				const message = errors
					.map((e: WebhookServiceError) => `${e.errorMessage ?? e.errorType} (${e.errorCode} ${e.errorType})`)
					.join('; ');
				return { message, code: String(first.errorCode), type: first.errorType };
			}
			return { message: errors.map(describeItemError).join('; '), code: v6Code(first) };
		}
		const nested = (record.Error ?? record.error) as Record<string, unknown> | undefined;
		if (nested && typeof nested === 'object') {
			return {
				message: String(nested.Message ?? nested.message ?? JSON.stringify(nested)),
				code: v6Code(nested),
			};
		}
		for (const key of ['Message', 'message', 'ErrorMessage']) {
			if (typeof record[key] === 'string') return { message: record[key] as string, code: v6Code(record) };
		}
		return { message: JSON.stringify(body) };
	}
	return { message: '' };
}

/** A V6 error's code (spec: "a code and a description", e.g. ClassOnlineSignUpsFull). */
function v6Code(record: unknown): string | undefined {
	const code =
		(record as Record<string, unknown> | undefined)?.Code ?? (record as Record<string, unknown> | undefined)?.ErrorCode;
	return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

function describeItemError(item: unknown): string {
	if (typeof item === 'string') return item;
	const record = (item ?? {}) as Record<string, unknown>;
	const text = record.Message ?? record.message ?? record.ErrorMessage ?? JSON.stringify(item);
	const id = record.Id ?? record.AppointmentRequestId ?? record.AppointmentId;
	return id !== undefined ? `${String(id)}: ${String(text)}` : String(text);
}

const unquote = (text: string) => {
	const trimmed = text.trim();
	if (trimmed.startsWith('"') && trimmed.endsWith('"')) {
		try {
			return JSON.parse(trimmed) as string;
		} catch {
			return trimmed;
		}
	}
	return trimmed;
};

const RESENT_429 = `The service did not act on a request it answered 429, so any call, a POST too, is sent again after the wait it asks for, up to ${MAX_THROTTLED_RETRIES} times while the time limit of the call (Options → Timeout) allows.`;

const RESENT_5XX = `GET, PUT, PATCH and DELETE calls are retried up to ${MAX_RETRIES} times while the time limit of the call (Options → Timeout) allows; a POST is never resent after a server error, since the service may have acted on it.`;

/**
 * What each status means for the service (from the specs) and what the user can do about it.
 * `coded`: the service answered in its own error format, with its code (a V6 `Error.Code`, a
 * webhook `errorCode`), so it read the request and speaks of its content: a 404 then names a
 * record it does not have ("Client 100012 is not booked into class 5"), not an unknown address.
 */
function statusAdvice(status: number, service: Service, coded = false): { meaning: string; remedy: string } {
	if (
		service === 'webhooks' &&
		status >= 400 &&
		status < 500 &&
		status !== 401 &&
		status !== 403 &&
		status !== 404 &&
		status !== 429
	) {
		return {
			meaning: 'the webhook service found the information sent invalid (a required field missing or a rule broken)',
			remedy: 'Correct the fields named in the message.',
		};
	}
	switch (status) {
		case 400:
			return {
				meaning:
					'the service refused the request as invalid (a required parameter missing, a value or a rule of the operation broken)',
				remedy: 'Correct the fields named in the message.',
			};
		case 401:
			return service === 'webhooks'
				? { meaning: 'the API key is missing or not valid', remedy: 'Check the API Key of the Mindbody credential.' }
				: {
						meaning: 'the API key, or the user token the operation needs, is missing, not valid or expired',
						remedy:
							'Check the API Key of the Mindbody credential; for operations that act as a user, set User Token in the credential (Staff Login, or Paste a Token with a valid token).',
					};
		case 403:
			return {
				meaning: 'the API key, site or user may not do this (permissions are checked per operation)',
				remedy:
					'Check that the API key is linked to the Site ID and active, and that the staff member of the user token has the permission.',
			};
		case 404:
			if (coded) {
				return {
					meaning: 'the service has no record of an ID sent, as its message says',
					remedy:
						'Check the ID the message names: a record picked from a list may have been picked for another value of a field above it, or removed since. Pick it again.',
				};
			}
			// No words of the service's own: a gateway's or the server's answer to an unknown path.
			return {
				meaning: 'nothing exists at this address: an ID sent, or the path, is unknown to the service',
				remedy: 'Check the IDs sent, and the base URLs of the Mindbody credential.',
			};
		case 413:
		case 414:
		case 431:
			return {
				meaning: 'the request is larger than the service accepts',
				remedy: 'Send fewer IDs or entries per request.',
			};
		case 429:
			return {
				meaning: 'too many requests in a short time (the service publishes no rate limit)',
				remedy: `Wait and try again, or send fewer requests (batching helps). ${RESENT_429}`,
			};
		case 502:
			return {
				meaning:
					'a gateway or proxy in front of the service got no valid answer from it (the service is down or restarting)',
				remedy: `Try again in a few minutes. ${RESENT_5XX}`,
			};
		case 503:
			return {
				meaning: 'the service is unavailable for now (overloaded, or down for maintenance)',
				remedy: `Try again in a few minutes. ${RESENT_5XX}`,
			};
		case 504:
			return {
				meaning: 'a gateway or proxy in front of the service waited too long for its answer',
				remedy: `Try again in a few minutes. ${RESENT_5XX}`,
			};
		default:
			return status >= 500
				? { meaning: 'the service failed', remedy: `Try again later. ${RESENT_5XX}` }
				: { meaning: 'the service refused the request', remedy: 'Check the request against the message.' };
	}
}

const serviceName = (service: Service) => (service === 'webhooks' ? 'Mindbody webhook service' : 'Mindbody API');

/**
 * A NodeApiError built from the status and body only: the request (and so the API key and
 * token in its headers) never travels with it. The message is the server's words with its
 * error code, or what the status means when the server said nothing; the description adds the
 * status, its meaning and what to do.
 */
export function responseError(node: INode, failed: FailedResponse, itemIndex?: number): NodeApiError {
	const service = failed.service ?? 'rest';
	const page = webPageOf(failed.body, failed.contentType);
	const said = page === undefined ? serverMessage(failed.body) : { message: '' };
	const { meaning, remedy } = statusAdvice(failed.status, service, Boolean(said.code && said.message.trim()));
	const hint = webhookErrorHint(said.code);
	let message = said.message.trim();
	if (page !== undefined) {
		// A proxy's or server's HTML page is not the service's words: say what the status means.
		message = `The ${serviceName(service)} answered HTTP ${failed.status} with a web page instead of an error message: ${meaning}. ${firstSentence(remedy)}`;
	} else if (!message) {
		message = `The ${serviceName(service)} answered HTTP ${failed.status} without a message: ${meaning}`;
	} else if (said.code && !message.includes(said.code)) message = `${message.replace(/\.$/, '')} (${said.code})`;
	const tries = failed.attempts && failed.attempts > 1 ? ` after ${failed.attempts} attempts` : '';
	const quoted = page === undefined ? '' : ` The page begins: "${page}"`;
	// The webhook codes' own hints already say what happened and what to do (the trigger leads with them).
	const description =
		hint ??
		`${failed.operation ? `${failed.operation}: ` : ''}HTTP ${failed.status}${tries}, ${meaning}. ${remedy}${quoted}`;
	const details = {
		status: failed.status,
		body: (page ?? failed.body) as JsonObject,
		...(said.code ? { errorCode: said.code } : {}),
		...(said.type ? { errorType: said.type } : {}),
	};
	const apiError = new NodeApiError(node, details as JsonObject, {
		message,
		description,
		httpCode: String(failed.status),
		itemIndex,
	});
	// NodeApiError rewrites messages that merely contain words like "NotFound" into network
	// errors (14040001 resourceNotFound would read as a DNS failure): keep the server's words.
	apiError.message = message;
	apiError.description = description;
	apiError.context.data = details;
	return apiError;
}

/** How many characters of a page or a body that is not JSON an error quotes. */
const QUOTED_CHARS = 200;

/** The start of a text, on one line, cut at QUOTED_CHARS (with … when longer). */
function quoteStart(text: string): string {
	const flat = text.trim().replace(/\s+/g, ' ');
	return flat.length > QUOTED_CHARS ? `${flat.slice(0, QUOTED_CHARS)}…` : flat;
}

/**
 * The start of an error answer that is a web page (HTML, as gateways, proxies and servers
 * answer for themselves), or undefined when the body may be the service's own words.
 */
function webPageOf(body: unknown, contentType = ''): string | undefined {
	if (typeof body !== 'string' || !body.trim()) return undefined;
	if (!/html/i.test(contentType) && !body.trim().startsWith('<')) return undefined;
	return quoteStart(body);
}

const firstSentence = (text: string) => text.replace(/^(.*?\.)\s.*$/s, '$1');

/** A 2xx answer that is not JSON (a maintenance page, a cut-off body): quoted, never passed on as data. */
export function notJsonError(
	node: INode,
	operation: string,
	status: number,
	text: string,
	itemIndex?: number,
): NodeApiError {
	const start = text.trim().replace(/\s+/g, ' ').slice(0, QUOTED_CHARS);
	const message = `${operation}: the service answered HTTP ${status} with a body that is not JSON: "${quoteStart(text)}"`;
	const description =
		'The answer is not the JSON this operation returns; a proxy, a maintenance page or a connection cut short may have produced it. Check the REST API Base URL of the Mindbody credential, then try again.';
	const error = new NodeApiError(node, { message } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex,
	});
	error.message = message;
	error.context.data = { status, body: start };
	return error;
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/**
 * Whether a request failed because no answer came within its time limit. n8n wraps axios'
 * error in a NodeApiError whose code and first words are all that is left of it.
 */
export function isTimeout(error: unknown): boolean {
	const failure = error as { code?: unknown; httpCode?: unknown; message?: unknown; messages?: unknown };
	const code = String(failure?.code ?? failure?.httpCode ?? '');
	const words = [failure?.message, ...(Array.isArray(failure?.messages) ? failure.messages : [])].map(String);
	return TIMEOUT_CODES.has(code) && words.some((text) => /timeout/i.test(text));
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

export function timeoutError(
	node: INode,
	operation: string,
	timeoutMs: number,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	const message = `${operation} got no answer within ${seconds(timeoutMs)}${attempts > 1 ? ` (${attempts} attempts)` : ''}`;
	const description = `The service did not answer in time. Options → Timeout limits the whole call, retries included, so a call that times out is not sent again (every call is resent after a 429 and GET, PUT, PATCH and DELETE calls after a 5xx while time is left; a POST never is after a 5xx). Raise Options → Timeout if the service is slow, or try again later.`;
	const error = new NodeApiError(node, { message } as JsonObject, { message, description, itemIndex });
	error.message = message;
	error.context.data = { timeoutMs, attempts };
	return error;
}

/** A failure that produced no HTTP answer (connection refused, …) as NodeApiError. */
export function requestError(node: INode, error: unknown, itemIndex?: number): NodeApiError {
	// n8n's words for the failure (its NodeApiError names refused connections, unknown hosts, …).
	const told = error instanceof NodeApiError ? error : new NodeApiError(node, error as JsonObject);
	// A new error with the words only: the request error's config holds the headers.
	const message = told.message || 'The request failed without an answer';
	const description = told.description ?? undefined;
	const failure = new NodeApiError(node, { message } as JsonObject, { message, description, itemIndex });
	failure.message = message;
	return failure;
}

const LOGIN_REMEDY =
	'Check the Staff Username and Staff Password of the Mindbody credential. Its User Token is set to Staff Login, so a login comes before the first request whenever no token is stored, whatever the operation; if no operation you use acts as a user, set User Token to None instead.';

/**
 * The staff login failed (wrong password, unknown API key, service unreachable). n8n runs the
 * login before any request of a Staff Login credential that holds no token, also for operations
 * that need no user token: the error speaks of the login, not of the operation.
 */
export function loginError(node: INode, login: StaffLoginError, itemIndex?: number, again = false): NodeApiError {
	const error = new NodeApiError(node, { message: login.message } as JsonObject, {
		message: login.message,
		description: again
			? `The staff login failed earlier in this run and was not tried again, so the staff account is not locked by repeated attempts. ${LOGIN_REMEDY}`
			: LOGIN_REMEDY,
		itemIndex,
	});
	error.message = login.message;
	return error;
}
