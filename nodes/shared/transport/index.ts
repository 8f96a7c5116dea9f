import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { DEFAULT_REST_BASE_URL, DEFAULT_WEBHOOKS_BASE_URL, trimSlash, wantsUserToken } from '../auth';
import type { Service } from '../catalogue';
import { lowerCaseKeys, requestError, responseError } from './errors';

export const CREDENTIAL_NAME = 'mindbodyApi';
export const TRANSACTION_KEY_MAX = 50;

export type MindbodyFunctions =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface MindbodyRequest {
	service: Service;
	method: IHttpRequestMethods;
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
	/** Whether 429 and 5xx answers may be retried; never for calls that can book or charge. */
	retry: boolean;
	itemIndex?: number;
}

export interface MindbodyResponse {
	status: number;
	body: unknown;
}

const MAX_RETRIES = 3;
const MAX_WAIT_MS = 30_000;

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

function retryDelay(attempt: number, retryAfter: unknown): number {
	const seconds = Number(retryAfter);
	if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_WAIT_MS);
	return Math.min(500 * 2 ** attempt, MAX_WAIT_MS);
}

const retriable = (status: number) => status === 429 || status >= 500;

/**
 * Every request of both nodes goes through here: n8n's request helper with the Mindbody
 * credential (so proxies and credential injection apply), headers the call asks for,
 * retries where safe, and every failure turned into a NodeApiError in the server's words.
 */
export async function mindbodyRequest(
	ctx: MindbodyFunctions,
	request: MindbodyRequest,
): Promise<MindbodyResponse> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME, request.itemIndex);
	const baseUrl =
		request.service === 'webhooks'
			? trimSlash(String(credentials.webhooksBaseUrl || DEFAULT_WEBHOOKS_BASE_URL))
			: trimSlash(String(credentials.baseUrl || DEFAULT_REST_BASE_URL));
	const headers: IDataObject = { Accept: 'application/json' };
	if (request.siteId !== undefined) headers.SiteId = String(request.siteId);
	if (request.transactionKey) headers['Transaction-Key'] = request.transactionKey;
	if (request.skipDeduplication) headers['X-RequestDeduplication-Skip'] = 'true';

	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}${serializeQuery(request.query)}`,
		headers,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.body !== undefined) options.body = request.body as IDataObject;
	const staffToken =
		request.service === 'rest' &&
		credentials.userMode === 'staffLogin' &&
		wantsUserToken(credentials, options, options.url);

	for (let attempt = 0; ; attempt++) {
		let response: FullResponse;
		try {
			response = await send(ctx, options);
			if (response.statusCode === 401 && staffToken) response = await refreshAndRetry(ctx, options, response);
		} catch (error) {
			throw requestError(ctx.getNode(), error, request.itemIndex);
		}
		const status = response.statusCode;
		if (status < 400) return { status, body: response.body };
		const headers = lowerCaseKeys(response.headers ?? {});
		if (request.retry && retriable(status) && attempt < MAX_RETRIES) {
			await sleep(retryDelay(attempt, headers['retry-after']));
			continue;
		}
		throw responseError(ctx.getNode(), { status, headers, body: response.body }, request.itemIndex);
	}
}

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

async function send(ctx: MindbodyFunctions, options: IHttpRequestOptions): Promise<FullResponse> {
	return (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, {
		...options,
		headers: { ...options.headers },
	})) as FullResponse;
}

/**
 * n8n renews a pre-authenticated credential only when a request throws a 401: send the call
 * once more in that mode, so it issues a new user token (stored for later runs) and retries
 * once. A 401 after that is final and reported with the server's words from the first answer.
 */
async function refreshAndRetry(
	ctx: MindbodyFunctions,
	options: IHttpRequestOptions,
	refused: FullResponse,
): Promise<FullResponse> {
	try {
		return await send(ctx, { ...options, ignoreHttpStatusErrors: false });
	} catch (error) {
		const status = Number((error as { httpCode?: string }).httpCode);
		if (status === 401) return refused;
		throw requestError(ctx.getNode(), error);
	}
}
