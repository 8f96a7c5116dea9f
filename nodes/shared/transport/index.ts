import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	dropToken,
	failedLoginOf,
	restBaseOf,
	takesUserToken,
	tokenExpired,
	webhooksBaseOf,
	type StaffLoginError,
} from '../auth';
import type { Operation } from '../catalogue';
import {
	isTimeout,
	loginError,
	lowerCaseKeys,
	notJsonError,
	requestError,
	responseError,
	timeoutError,
} from './errors';
import { MAX_RETRIES, mayResend, retriableStatus, retryDelay } from './retryPolicy';

export { WEBHOOK_ERRORS } from './webhookErrors';

export const CREDENTIAL_NAME = 'mindbodyApi';
export const TRANSACTION_KEY_MAX = 50;
export const DEFAULT_TIMEOUT_MS = 60_000;

export type MindbodyFunctions = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface MindbodyRequest {
	/**
	 * The catalogue operation called: it decides the base URL, the method, whether a user token
	 * is needed and whether the call may be sent again.
	 */
	operation: Operation;
	/** Path relative to the service's base URL, placeholders already filled. */
	path: string;
	/** Query in order; a key given several times is sent as repeated keys. */
	query?: Array<[string, string]>;
	body?: unknown;
	/** Overrides the credential's Site ID (accounts linked to several businesses). */
	siteId?: number;
	/** Already cut to 50 characters (see cutTransactionKey). */
	transactionKey?: string;
	skipDeduplication?: boolean;
	itemIndex?: number;
	/** How errors name the call, e.g. "Client: Get Directory"; the method and path by default. */
	label?: string;
	/** Milliseconds to wait for an answer (default 60 s). */
	timeoutMs?: number;
}

export interface MindbodyResponse {
	status: number;
	body: unknown;
}

/** The spec truncates longer keys; we cut them ourselves so the node can say so. */
export function cutTransactionKey(key: string): { key: string; truncated: boolean } {
	return key.length > TRANSACTION_KEY_MAX
		? { key: key.slice(0, TRANSACTION_KEY_MAX), truncated: true }
		: { key, truncated: false };
}

export function serializeQuery(query: Array<[string, string]> = []): string {
	const params = new URLSearchParams();
	for (const [key, value] of query) params.append(key, value);
	const text = params.toString();
	return text ? `?${text}` : '';
}

/**
 * The credential, read and decrypted once per node run and item (so once per request, page
 * or batch), and handed to n8n's request helper so it does not read it again. A token the
 * helper issues lands in the same object and serves the item's later pages.
 */
const credentialReads = new WeakMap<object, Map<number, Promise<ICredentialDataDecryptedObject>>>();

/** Staff logins that failed in a node run, so the next items do not try the same password again. */
const failedLogins = new WeakMap<object, StaffLoginError>();

function readCredentials(ctx: MindbodyFunctions, itemIndex?: number) {
	let reads = credentialReads.get(ctx);
	if (!reads) credentialReads.set(ctx, (reads = new Map()));
	const key = itemIndex ?? -1;
	let read = reads.get(key);
	if (!read) {
		read = ctx.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_NAME, itemIndex);
		reads.set(key, read);
	}
	return read;
}

/** Which token the call will carry: the staff login's (renewable), a pasted one, or none at all. */
function userTokenSource(credentials: ICredentialDataDecryptedObject): 'staffLogin' | 'token' | undefined {
	if (credentials.userMode === 'staffLogin') return 'staffLogin';
	if (credentials.userMode === 'token' && String(credentials.userToken ?? '')) return 'token';
	return undefined;
}

/**
 * Every request of both nodes goes through here: n8n's request helper with the Mindbody
 * credential (so proxies and credential injection apply), headers the call asks for, a time
 * limit, retries where safe, and every failure turned into an error that says what to do.
 */
export async function mindbodyRequest(ctx: MindbodyFunctions, request: MindbodyRequest): Promise<MindbodyResponse> {
	const credentials = await readCredentials(ctx, request.itemIndex);
	const { service, method } = request.operation;
	const label = request.label ?? `${method} ${request.path}`;
	const tokenSource = userTokenSource(credentials);
	if (request.operation.userToken && !tokenSource) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} acts as a user and needs a user token, but the Mindbody credential holds none`,
			{
				itemIndex: request.itemIndex,
				description:
					'Open the Mindbody credential and set User Token to "Staff Login" (staff username and password) or to "Paste a Token" with a token. Nothing was sent.',
			},
		);
	}
	// What the credential's authenticate() will do: the staff token goes on calls that take one.
	const staffToken = tokenSource === 'staffLogin' && service === 'rest' && takesUserToken(method, request.path);
	if (tokenSource === 'staffLogin' && !credentials.accessToken) {
		// n8n logs in before any request while no token is stored; one that failed earlier in
		// this run is not tried again for every item.
		const failed = failedLogins.get(ctx);
		if (failed) throw loginError(ctx.getNode(), failed, request.itemIndex, true);
	}
	// A token past its stated expiry would only be refused: log in first instead.
	if (staffToken && tokenExpired(credentials)) dropToken(credentials);

	const baseUrl = service === 'webhooks' ? webhooksBaseOf(credentials) : restBaseOf(credentials);
	const headers: IDataObject = { Accept: 'application/json' };
	if (request.siteId !== undefined) headers.SiteId = String(request.siteId);
	if (request.transactionKey) headers['Transaction-Key'] = request.transactionKey;
	if (request.skipDeduplication) headers['X-RequestDeduplication-Skip'] = 'true';

	const timeoutMs = request.timeoutMs && request.timeoutMs > 0 ? request.timeoutMs : DEFAULT_TIMEOUT_MS;
	const options: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${request.path}${serializeQuery(request.query)}`,
		headers,
		json: true,
		// Parsed here, so an answer that is not JSON is told apart from a JSON string.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (request.body !== undefined) {
		// Sent as JSON text: n8n's helper drops an empty object or list, which the service would
		// read as no body at all, while `{}` and `[]` are what the user asked to send.
		options.body = JSON.stringify(request.body);
		headers['Content-Type'] = 'application/json';
	}
	const mayRetry = mayResend(request.operation);
	let renewed = false;
	let attempt = 1;

	for (;;) {
		let response: FullResponse;
		try {
			response = await sendOnce(ctx, options, credentials);
		} catch (error) {
			const timedOut = isTimeout(error);
			if (timedOut && mayRetry && attempt <= MAX_RETRIES) {
				await sleep(retryDelay(attempt++, undefined));
				continue;
			}
			const login = failedLoginOf(credentials);
			if (login) {
				failedLogins.set(ctx, login);
				throw loginError(ctx.getNode(), login, request.itemIndex);
			}
			throw timedOut
				? timeoutError(ctx.getNode(), label, timeoutMs, attempt, request.itemIndex)
				: requestError(ctx.getNode(), error, request.itemIndex);
		}
		const status = response.statusCode;
		if (status === 401 && staffToken && !renewed) {
			// The service refused the staff token: emptied, it makes n8n log in before the one retry.
			renewed = true;
			dropToken(credentials);
			continue;
		}
		const body = parseBody(response.body);
		if (status < 400) {
			if (body.notJson) throw notJsonError(ctx.getNode(), label, status, String(body.value), request.itemIndex);
			return { status, body: body.value };
		}
		const responseHeaders = lowerCaseKeys(response.headers ?? {});
		if (mayRetry && retriableStatus(status) && attempt <= MAX_RETRIES) {
			await sleep(retryDelay(attempt++, responseHeaders['retry-after']));
			continue;
		}
		throw responseError(
			ctx.getNode(),
			{ status, headers: responseHeaders, body: body.value, service, operation: label, attempts: attempt },
			request.itemIndex,
		);
	}
}

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

async function sendOnce(
	ctx: MindbodyFunctions,
	options: IHttpRequestOptions,
	credentials: ICredentialDataDecryptedObject,
): Promise<FullResponse> {
	const stored = ctx.getNode().credentials?.[CREDENTIAL_NAME];
	return (await ctx.helpers.httpRequestWithAuthentication.call(
		ctx,
		CREDENTIAL_NAME,
		{ ...options, headers: { ...options.headers } },
		{
			credentialsDecrypted: {
				id: String(stored?.id ?? ''),
				name: stored?.name ?? '',
				type: CREDENTIAL_NAME,
				data: credentials,
			},
		},
	)) as FullResponse;
}

/** The body as JSON; an empty body is undefined, anything else that is not JSON is kept as text. */
function parseBody(raw: unknown): { value: unknown; notJson?: boolean } {
	if (typeof raw !== 'string') return { value: raw };
	if (!raw.trim()) return { value: undefined };
	try {
		return { value: JSON.parse(raw) as unknown };
	} catch {
		return { value: raw, notJson: true };
	}
}
