import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { handOverToken } from '../auth/credentialHooks';
import { mindbodyHeaders } from '../auth/headers';
import { restBaseOf, webhooksBaseOf } from '../auth/scope';
import { OAUTH_CREDENTIAL_LABEL, SignInRenewalFailed } from '../auth/oauth';
import { LoginFailed, type TokenSession } from '../auth/tokenSession';
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
import { mayResend, retryDelay, retryFits } from './retryPolicy';
import { CREDENTIAL_NAME, SIGN_IN_CREDENTIAL_NAME, type RunSession } from './runSession';

export { WEBHOOK_ERRORS } from './webhookErrors';
export { NotSent } from './inFlight';
export {
	CREDENTIAL_NAME,
	SIGN_IN_CREDENTIAL_NAME,
	credentialNameOf,
	RunSession,
	type MindbodyFunctions,
} from './runSession';

export const TRANSACTION_KEY_MAX = 50;
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface MindbodyRequest {
	/**
	 * The catalogue operation called: it decides the service and base URL, the method, the user
	 * token, the headers that apply, the body and whether the call may be sent again.
	 */
	operation: Operation;
	/** Path relative to the service's base URL, placeholders already filled. */
	path: string;
	/** Query in order; a key given several times is sent as repeated keys. */
	query?: Array<[string, string]>;
	/** Sent as JSON; only an operation with a body takes one. */
	body?: unknown;
	/** Overrides the credential's Site ID (accounts linked to several businesses); REST only. */
	siteId?: number;
	/** Already cut to 50 characters (see cutTransactionKey); REST only. */
	transactionKey?: string;
	/** Skips the service's deduplication of identical POSTs in quick succession (rule 5). */
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

function serializeQuery(query: Array<[string, string]> = []): string {
	const params = new URLSearchParams();
	for (const [key, value] of query) params.append(key, value);
	const text = params.toString();
	return text ? `?${text}` : '';
}

/**
 * Whether the call carries the user token: REST operations that need one, and the v6 document's
 * whenever the credential holds one; never a call to the webhook service.
 */
const takesToken = (operation: Operation) =>
	operation.service === 'rest' && (operation.userToken || operation.tokenWhenHeld === true);

/**
 * The headers of one try: Mindbody's (`mindbodyHeaders`, from the operation, the request and the
 * token of this try) and how the body is read and sent (JSON).
 */
function headersOf(
	credentials: ICredentialDataDecryptedObject,
	request: MindbodyRequest,
	token: string | undefined,
): IDataObject {
	const { operation } = request;
	return {
		Accept: 'application/json',
		...mindbodyHeaders(credentials, {
			service: operation.service,
			method: operation.method,
			token,
			siteId: request.siteId,
			transactionKey: request.transactionKey,
			// Only where the service deduplicates (an option left in a saved workflow sends nothing elsewhere).
			skipDeduplication: request.skipDeduplication && operation.deduplicated === true,
		}),
		...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
	};
}

/** The options of every try but their headers and time limit. */
function optionsOf(
	credentials: ICredentialDataDecryptedObject,
	request: MindbodyRequest,
	label: string,
): IHttpRequestOptions {
	const { operation } = request;
	const baseUrl = operation.service === 'webhooks' ? webhooksBaseOf(credentials) : restBaseOf(credentials);
	const options: IHttpRequestOptions = {
		method: operation.method,
		url: `${baseUrl}${request.path}${serializeQuery(request.query)}`,
		json: true,
		// Parsed here, so an answer that is not JSON is told apart from a JSON string.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.body !== undefined) {
		if (!operation.body) throw new Error(`${label} takes no request body`);
		// Sent as JSON text: n8n's helper drops an empty object or list, which the service would
		// read as no body at all, while `{}` and `[]` are what the user asked to send.
		options.body = JSON.stringify(request.body);
	}
	return options;
}

/**
 * Every request of the nodes goes through here, within its run's session: the operation decides
 * what goes on the wire, the session supplies the credential's headers and token (no lookup per
 * request), each try waits for a place among the run's requests in flight, and the call gets a
 * time limit, resends where the service did not act or the call is safe to repeat, and errors
 * that say what to do.
 */
export async function mindbodyRequest(session: RunSession, request: MindbodyRequest): Promise<MindbodyResponse> {
	const node = session.ctx.getNode();
	const { credentials, tokens } = await session.credentials();
	const { operation, itemIndex } = request;
	const label = request.label ?? `${operation.method} ${request.path}`;
	if (tokens.oauth && !tokens.held && takesToken(operation)) {
		throw new NodeOperationError(node, `${label} acts as a user, but the ${OAUTH_CREDENTIAL_LABEL} is not connected`, {
			itemIndex,
			description: `Open the ${OAUTH_CREDENTIAL_LABEL} and connect it (sign in to Mindbody). Nothing was sent.`,
		});
	}
	if (operation.userToken && !tokens.held) {
		throw new NodeOperationError(
			node,
			`${label} acts as a user and needs a user token, but the Mindbody credential holds none`,
			{
				itemIndex,
				description:
					'Open the Mindbody credential and set User Token to "Staff Login" (staff username and password) or to "Paste a Token" with a token. Nothing was sent.',
			},
		);
	}
	const timeoutMs = request.timeoutMs && request.timeoutMs > 0 ? request.timeoutMs : DEFAULT_TIMEOUT_MS;
	// The limit is the whole call's, retries and the waits between them included: "60 s" means
	// the call has ended, one way or the other, about 60 s after it started.
	const deadline = Date.now() + timeoutMs;
	const options = optionsOf(credentials, request, label);
	const withToken = takesToken(operation);
	let replaced = false;
	let attempt = 1;
	/** What a failed try (no answer, or no login) is reported as. */
	const failure = (error: unknown) =>
		error instanceof LoginFailed
			? loginError(node, error.login, itemIndex, error.again)
			: error instanceof SignInRenewalFailed
				? new NodeOperationError(node, error.message, { itemIndex, description: error.remedy, level: 'warning' })
				: // A time-out used up the call's time: it is reported, not tried again.
					isTimeout(error)
					? timeoutError(node, label, timeoutMs, attempt, itemIndex)
					: requestError(node, error, itemIndex);
	/** One try, in a place among the requests in flight: the token (a login first where due), the run's hold, the request. */
	const tryOnce = async () => {
		try {
			const token = await tokens.tokenFor(withToken);
			// Signed in with Mindbody: n8n puts the OAuth token on; the refreshes made before this try.
			const signedIn = withToken && tokens.oauth ? tokens.signInGeneration() : undefined;
			await session.pace(deadline);
			const headers = headersOf(credentials, request, token);
			// Each try waits only for what is left of the call's time.
			const response = await send(
				session,
				{ ...options, headers, timeout: timeLeft(deadline) },
				tokens,
				signedIn !== undefined,
			);
			return { token, signedIn, response };
		} catch (error) {
			throw failure(error);
		}
	};

	for (;;) {
		// A try sent again queues behind the calls already waiting, as a throttled call should.
		const { token, signedIn, response } = await session.inFlight.run(tryOnce);
		const status = response.statusCode;
		if (status === 401 && signedIn !== undefined && !replaced && timeLeft(deadline) > 1) {
			// The OAuth token was refused (expired): one refresh for the run, and this call is sent once more.
			replaced = true;
			await tokens.renewSignIn(signedIn).catch((error: unknown) => {
				throw failure(error);
			});
			continue;
		}
		if (status === 401 && token && tokens.staffLogin && !replaced && timeLeft(deadline) > 1) {
			// The service refused the staff token: one login replaces it for the run, and this call is sent once more.
			replaced = true;
			await tokens.refused(token).catch((error: unknown) => {
				throw failure(error);
			});
			continue;
		}
		const body = parseBody(response.body);
		if (status < 400) {
			if (body.notJson) throw notJsonError(node, label, status, String(body.value), itemIndex);
			return { status, body: body.value };
		}
		const responseHeaders = lowerCaseKeys(response.headers ?? {});
		const wait = retryDelay(attempt, responseHeaders['retry-after']);
		if (status === 429) session.holdBack(wait);
		// A wait that would end past the limit is not started: the answer is reported now.
		if (mayResend(operation, status, attempt) && retryFits(wait, deadline)) {
			attempt++;
			await sleep(wait);
			continue;
		}
		const error = responseError(
			node,
			{
				status,
				headers: responseHeaders,
				body: body.value,
				service: operation.service,
				operation: label,
				attempts: attempt,
				contentType: String(responseHeaders['content-type'] ?? ''),
			},
			itemIndex,
		);
		if (signedIn !== undefined && status === 401) {
			// Refused again after the refresh: the token is good, but not for this site (or not with this key).
			error.description =
				`${String(error.description ?? '').replace(/ Check the API Key of the Mindbody credential;.*$/, '')} The ${OAUTH_CREDENTIAL_LABEL}'s sign-in was renewed and still refused: a sign-in holds for the site signed in to. Check Site ID (the business the person signed in to) and API Key in the credential; after changing Site ID, reconnect the credential.`.trim();
		}
		if (signedIn !== undefined && status === 403) {
			// The OAuth token is the signed-in person's own: a consumer's cannot do what needs staff.
			error.description =
				`${error.description ?? ''} With the ${OAUTH_CREDENTIAL_LABEL}, the operation acts as the person who signed in: an operation for staff needs a staff member's sign-in, not a consumer's. Reconnect the credential signing in as a staff member.`.trim();
		}
		throw error;
	}
}

/** Milliseconds left before the call's deadline; at least 1, as n8n's helper reads 0 as "no limit". */
const timeLeft = (deadline: number) => Math.max(1, deadline - Date.now());

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

/**
 * One try, through n8n's request helper (its proxy settings apply) with the headers already set.
 * The request after the run obtained a staff token goes through n8n's authenticated helper
 * instead, with a hand-over of that token (`handOverToken`): n8n stores it with the credential,
 * so later runs and other executions use it.
 */
async function send(
	session: RunSession,
	options: IHttpRequestOptions,
	tokens: TokenSession,
	signedIn = false,
): Promise<FullResponse> {
	const { ctx } = session;
	if (signedIn) {
		// n8n signs the request with the OAuth credential's access token; a 401 comes back to the caller, which refreshes.
		return (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			SIGN_IN_CREDENTIAL_NAME,
			options,
		)) as FullResponse;
	}
	const unsaved = tokens.takeUnsaved();
	if (!unsaved) {
		const cancel = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
		return (await ctx.helpers.httpRequest(cancel ? { ...options, abortSignal: cancel } : options)) as FullResponse;
	}
	const { credentials } = await session.credentials();
	const handOver = handOverToken(credentials, unsaved);
	const stored = ctx.getNode().credentials?.[CREDENTIAL_NAME];
	try {
		return (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, options, {
			credentialsDecrypted: {
				id: String(stored?.id ?? ''),
				name: stored?.name ?? '',
				type: CREDENTIAL_NAME,
				data: handOver.credentials,
			},
		})) as FullResponse;
	} finally {
		// Not taken: the request failed before n8n took the token; the next request hands it over.
		if (!handOver.taken) tokens.keepUnsaved(unsaved);
	}
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
