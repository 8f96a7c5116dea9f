import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	IPollFunctions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	dropToken,
	dropTokenForRenewal,
	failedLoginOf,
	restBaseOf,
	takesUserToken,
	tokenDueForRenewal,
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
import { MAX_RETRIES, mayResend, retriableStatus, retryDelay, retryFits } from './retryPolicy';

export { WEBHOOK_ERRORS } from './webhookErrors';

export const CREDENTIAL_NAME = 'mindbodyApi';
export const TRANSACTION_KEY_MAX = 50;
export const DEFAULT_TIMEOUT_MS = 60_000;

export type MindbodyFunctions =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

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
	/** Milliseconds the whole call may take, retries included (default 60 s). */
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

/**
 * The staff login under way in a node run. n8n logs in before a request whenever the copy of
 * the credential it is given holds no token; a run's items send together, each with its own
 * copy, so without this every item would log in. The first request logs in; the others wait
 * for it and take its token (or its failure).
 */
const loginsUnderWay = new WeakMap<object, Promise<IssuedToken | undefined>>();

type IssuedToken = Pick<ICredentialDataDecryptedObject, 'accessToken' | 'loginExpires'>;

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
	// Set when this request is the one that logs in for the run: called once its first try ends.
	let loginDone: (() => void) | undefined;
	if (tokenSource === 'staffLogin' && !credentials.accessToken) {
		// n8n logs in before any request while no token is stored; one that failed earlier in
		// this run is not tried again for every item, and one under way is waited for.
		const underWay = loginsUnderWay.get(ctx);
		const issued = underWay ? await underWay : undefined;
		const failed = failedLogins.get(ctx);
		if (failed) throw loginError(ctx.getNode(), failed, request.itemIndex, true);
		if (issued?.accessToken) {
			credentials.accessToken = issued.accessToken;
			credentials.loginExpires = issued.loginExpires ?? '';
		} else {
			let finish: (issued: IssuedToken | undefined) => void = () => {};
			loginsUnderWay.set(ctx, new Promise((resolve) => (finish = resolve)));
			loginDone = () => {
				loginsUnderWay.delete(ctx);
				finish(
					credentials.accessToken
						? { accessToken: credentials.accessToken, loginExpires: credentials.loginExpires }
						: undefined,
				);
			};
		}
	}
	// A token past its stated expiry would only be refused: log in first instead.
	if (staffToken && tokenExpired(credentials)) dropToken(credentials);
	// In its last hour a token is renewed before it is sent, keeping it good for every holder.
	else if (staffToken && tokenDueForRenewal(credentials)) dropTokenForRenewal(credentials);

	const baseUrl = service === 'webhooks' ? webhooksBaseOf(credentials) : restBaseOf(credentials);
	const headers: IDataObject = { Accept: 'application/json' };
	if (request.siteId !== undefined) headers.SiteId = String(request.siteId);
	if (request.transactionKey) headers['Transaction-Key'] = request.transactionKey;
	if (request.skipDeduplication) headers['X-RequestDeduplication-Skip'] = 'true';

	const timeoutMs = request.timeoutMs && request.timeoutMs > 0 ? request.timeoutMs : DEFAULT_TIMEOUT_MS;
	// The limit is the whole call's, retries and the waits between them included: "60 s" means
	// the call has ended, one way or the other, about 60 s after it started.
	const deadline = Date.now() + timeoutMs;
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
			await runPace(ctx, deadline);
			// Each try waits only for what is left of the call's time.
			response = await sendOnce(ctx, { ...options, timeout: timeLeft(deadline) }, credentials);
		} catch (error) {
			const login = failedLoginOf(credentials);
			if (login) failedLogins.set(ctx, login);
			loginDone?.();
			loginDone = undefined;
			if (login) throw loginError(ctx.getNode(), login, request.itemIndex);
			// A time-out used up the call's time: it is reported, not tried again.
			throw isTimeout(error)
				? timeoutError(ctx.getNode(), label, timeoutMs, attempt, request.itemIndex)
				: requestError(ctx.getNode(), error, request.itemIndex);
		}
		loginDone?.();
		loginDone = undefined;
		const status = response.statusCode;
		if (status === 401 && staffToken && !renewed && timeLeft(deadline) > 1) {
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
		if (status === 429) holdRun(ctx, retryDelay(attempt, responseHeaders['retry-after']));
		if (mayRetry && retriableStatus(status) && attempt <= MAX_RETRIES) {
			const wait = retryDelay(attempt, responseHeaders['retry-after']);
			// A wait that would end past the limit is not started: the answer is reported now.
			if (retryFits(wait, deadline)) {
				attempt++;
				await sleep(wait);
				continue;
			}
		}
		throw responseError(
			ctx.getNode(),
			{
				status,
				headers: responseHeaders,
				body: body.value,
				service,
				operation: label,
				attempts: attempt,
				contentType: String(responseHeaders['content-type'] ?? ''),
			},
			request.itemIndex,
		);
	}
}

/**
 * When the run may send next: a 429 (Too Many Requests) holds back every request of the run, not
 * only the one that got it, until its Retry-After (or the backoff) has passed.
 */
const paces = new WeakMap<object, { until: number }>();

function holdRun(ctx: MindbodyFunctions, ms: number): void {
	const pace = paces.get(ctx) ?? { until: 0 };
	pace.until = Math.max(pace.until, Date.now() + ms);
	paces.set(ctx, pace);
}

/** Waits while the run is held back, never past the call's deadline. */
async function runPace(ctx: MindbodyFunctions, deadline: number): Promise<void> {
	const until = Math.min(paces.get(ctx)?.until ?? 0, deadline - 1);
	if (until > Date.now()) await sleep(until - Date.now());
}

/** Milliseconds left before the call's deadline; at least 1, as n8n's helper reads 0 as "no limit". */
const timeLeft = (deadline: number) => Math.max(1, deadline - Date.now());

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
