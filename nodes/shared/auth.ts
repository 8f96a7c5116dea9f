import { createHash } from 'node:crypto';

import { UserError } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { matchListedOperation } from './catalogue/listed';
import type { Service } from './catalogue/types';

export const DEFAULT_REST_BASE_URL = 'https://api.mindbodyonline.com/public/v6';
export const DEFAULT_WEBHOOKS_BASE_URL = 'https://mb-api.mindbodyonline.com/push/api/v1';
export const DEFAULT_SITE_ID = -99;

/** A token this close to the expiry the service gave counts as expired: clocks differ. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

const LOGIN_TIMEOUT_MS = 60_000;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const restBaseOf = (credentials: ICredentialDataDecryptedObject) =>
	trimSlash(String(credentials.baseUrl || DEFAULT_REST_BASE_URL));

export const webhooksBaseOf = (credentials: ICredentialDataDecryptedObject) =>
	trimSlash(String(credentials.webhooksBaseUrl || DEFAULT_WEBHOOKS_BASE_URL));

/** The user token the credential holds in its mode, or '' when there is none. */
export function currentUserToken(credentials: ICredentialDataDecryptedObject): string {
	if (credentials.userMode === 'token') return String(credentials.userToken ?? '');
	if (credentials.userMode === 'staffLogin') return String(credentials.accessToken ?? '');
	return '';
}

/**
 * Whether a REST call takes the user token: operations that need one, those of the v6 document
 * (whenever the credential holds one) and paths the catalogue does not know.
 */
export function takesUserToken(method: string, path: string): boolean {
	if (/^\/usertoken\//i.test(path)) return false;
	// Every v6 operation takes it whenever the credential holds one; so does any path not listed.
	const operation = matchListedOperation('rest', method, path);
	return operation ? operation.userToken : true;
}

/**
 * How long before its stated expiry a staff token is renewed (`usertoken/renew`) instead of
 * replaced by a new login: the renewed token keeps serving every execution and worker that
 * holds it, and the password is not sent again (rest-api.md, Authentication 2).
 */
export const RENEW_WINDOW_MS = 60 * 60_000;

/** Whether the stored token is in its last hour but still good: worth renewing before it is sent. */
export function tokenDueForRenewal(credentials: ICredentialDataDecryptedObject, now = Date.now()): boolean {
	const expires = Date.parse(String(credentials.loginExpires ?? ''));
	return Number.isFinite(expires) && expires - RENEW_WINDOW_MS <= now && expires - TOKEN_EXPIRY_MARGIN_MS > now;
}

/** Whether the stored staff token has reached the expiry the service gave with it. */
export function tokenExpired(credentials: ICredentialDataDecryptedObject, now = Date.now()): boolean {
	const expires = Date.parse(String(credentials.loginExpires ?? ''));
	return Number.isFinite(expires) && expires - TOKEN_EXPIRY_MARGIN_MS <= now;
}

interface UrlOptions {
	url?: unknown;
	uri?: unknown;
	baseURL?: unknown;
}

const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * The URL a request goes to, whichever option carries it: `url`, or `uri` of n8n's legacy
 * request options (the HTTP Request node), relative ones joined to `baseURL` as axios joins them.
 */
export function requestUrl(options: UrlOptions): URL | undefined {
	const raw = options.url ?? options.uri;
	const target = raw === undefined || raw === null ? '' : String(raw);
	const base = options.baseURL ? String(options.baseURL) : '';
	const full =
		base && !ABSOLUTE.test(target)
			? target
				? `${base.replace(/\/+$/, '')}/${target.replace(/^\/+/, '')}`
				: base
			: target;
	try {
		return new URL(full);
	} catch {
		return undefined;
	}
}

/** The path of `target` below `base`, or undefined when it is not under it (same origin, whole segments). */
function pathBelow(base: string, target: URL): string | undefined {
	let baseUrl: URL;
	try {
		baseUrl = new URL(base);
	} catch {
		return undefined;
	}
	if (baseUrl.origin !== target.origin) return undefined;
	const basePath = baseUrl.pathname.replace(/\/+$/, '').toLowerCase();
	const path = target.pathname;
	if (path.toLowerCase() === basePath) return '/';
	if (!path.toLowerCase().startsWith(`${basePath}/`)) return undefined;
	return path.slice(basePath.length);
}

export interface RequestScope {
	service: Service;
	/** Path below the service's base URL, without the query. */
	path: string;
}

/** Which of the credential's services a request goes to; undefined for any other address. */
export function scopeOf(credentials: ICredentialDataDecryptedObject, options: UrlOptions): RequestScope | undefined {
	const target = requestUrl(options);
	if (!target) return undefined;
	// The longer base first, in case one base lies below the other.
	const bases: Array<[Service, string]> = [
		['rest', restBaseOf(credentials)],
		['webhooks', webhooksBaseOf(credentials)],
	];
	bases.sort((a, b) => b[1].length - a[1].length);
	for (const [service, base] of bases) {
		const path = pathBelow(base, target);
		if (path !== undefined) return { service, path };
	}
	return undefined;
}

function setHeader(headers: IDataObject, name: string, value: string) {
	for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
	headers[name] = value;
}

const hasHeader = (headers: IDataObject, name: string) =>
	Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/**
 * Whether the last request authenticated with a credentials object carried the user token. n8n
 * hands the same object to authenticate() and, after that request fails, to preAuthentication().
 */
const carriedToken = new WeakMap<ICredentialDataDecryptedObject, boolean>();

/**
 * Adds what the credential supplies, only to its own services: on the REST API `API-Key`,
 * `SiteId` (unless the request sets one) and, on calls that take it, `Authorization: Bearer`;
 * on the webhook service `API-Key` alone; nothing anywhere else.
 */
export function applyCredentialHeaders<T extends UrlOptions & { headers?: IDataObject; method?: string }>(
	credentials: ICredentialDataDecryptedObject,
	options: T,
): T {
	const scope = scopeOf(credentials, options);
	carriedToken.set(credentials, false);
	if (!scope) return options;
	const headers: IDataObject = { ...(options.headers ?? {}) };
	setHeader(headers, 'API-Key', String(credentials.apiKey ?? ''));
	if (scope.service === 'rest') {
		if (!hasHeader(headers, 'SiteId')) headers.SiteId = String(credentials.siteId ?? DEFAULT_SITE_ID);
		const token = currentUserToken(credentials);
		// Always from the credential: after a new login n8n authenticates the same options again.
		if (token && takesUserToken(String(options.method ?? 'GET'), scope.path)) {
			setHeader(headers, 'Authorization', `Bearer ${token}`);
			carriedToken.set(credentials, true);
		}
	}
	return { ...options, headers };
}

/** A staff login the service refused or that could not be made; n8n shows it for the calling node. */
export class StaffLoginError extends UserError {}

const failedLogins = new WeakMap<ICredentialDataDecryptedObject, StaffLoginError>();

/** The staff login that failed for this credentials object (n8n's error wrapping drops the cause). */
export const failedLoginOf = (credentials: ICredentialDataDecryptedObject) => failedLogins.get(credentials);

/**
 * The credential's preAuthentication. n8n runs it when the stored token is empty (first use, or
 * the node cleared it after the service refused it), when testing the credential, and, through
 * the HTTP Request node, after any failed request. A login happens only in the first two cases
 * and, after a failure, when the request carried a token that has reached its stated expiry:
 * n8n then sends the request again, so nothing else may return a new token.
 */
export async function preAuthenticate(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	if (credentials.userMode !== 'staffLogin') return {};
	// n8n retries a failed login once more on the same object: the answer will not change.
	const failed = failedLogins.get(credentials);
	if (failed) throw failed;
	// Nothing authenticated with this object yet while a token is stored: n8n is testing the credential.
	const sent = carriedToken.get(credentials);
	const login = !credentials.accessToken || sent === undefined || (sent && tokenExpired(credentials));
	if (!login) return {};
	const issued = await sharedLogin(helper, credentials);
	if (issued instanceof StaffLoginError) {
		failedLogins.set(credentials, issued);
		throw issued;
	}
	return issued;
}

/**
 * Logins of this process, by staff login and the token they replace. Executions that meet a
 * refused token at the same moment (each with its own copy of the credential) share one login,
 * and one that still read the old token from the database takes the new one instead of logging
 * in again: one login per process when a token expires. A login is shared only for a minute
 * after it started, and failures are not shared, so a corrected password is tried at once.
 */
const logins = new Map<string, { startedAt: number; issued: Promise<IDataObject | StaffLoginError> }>();
const LOGIN_SHARED_MS = 60_000;
const LOGINS_KEPT = 100;

/** The token the node cleared from this credentials object because it was refused or expired. */
const replacedTokens = new WeakMap<ICredentialDataDecryptedObject, string>();

/** Clears the token so n8n logs in before the next request, remembering which one it was. */
export function dropToken(credentials: ICredentialDataDecryptedObject): void {
	if (credentials.accessToken) replacedTokens.set(credentials, String(credentials.accessToken));
	credentials.accessToken = '';
}

/** Tokens cleared to be renewed rather than replaced: still good, near their stated expiry. */
const renewableTokens = new WeakMap<ICredentialDataDecryptedObject, string>();

/** Clears a token near its expiry so n8n's pre-authentication renews it before the next request. */
export function dropTokenForRenewal(credentials: ICredentialDataDecryptedObject): void {
	if (credentials.accessToken) renewableTokens.set(credentials, String(credentials.accessToken));
	dropToken(credentials);
}

/** A renewal of the cleared token where one is due, else (or when the service refuses it) a login. */
async function renewOrIssue(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject | StaffLoginError> {
	const token = renewableTokens.get(credentials);
	renewableTokens.delete(credentials);
	if (token) {
		const renewed = await renewUserToken(helper, credentials, token);
		if (renewed) return renewed;
	}
	return await issueUserToken(helper, credentials);
}

function loginKey(credentials: ICredentialDataDecryptedObject, replaced: string): string {
	const who = [
		restBaseOf(credentials),
		credentials.apiKey,
		credentials.siteId,
		credentials.username,
		credentials.password,
	];
	return createHash('sha256')
		.update(JSON.stringify([...who, replaced]))
		.digest('base64');
}

async function sharedLogin(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject | StaffLoginError> {
	// A test of the credential (a token stored, nothing sent with it yet) must prove the login, and
	// a first login replaces no known token: only replacing a refused or expired one is shared.
	const replaced = String(credentials.accessToken || replacedTokens.get(credentials) || '');
	if (!replaced || (credentials.accessToken && carriedToken.get(credentials) === undefined)) {
		return await issueUserToken(helper, credentials);
	}
	const key = loginKey(credentials, replaced);
	const now = Date.now();
	const shared = logins.get(key);
	if (shared && now - shared.startedAt < LOGIN_SHARED_MS) return await shared.issued;
	const issued = renewOrIssue(helper, credentials);
	logins.delete(key);
	if (logins.size >= LOGINS_KEPT) logins.delete(logins.keys().next().value as string);
	logins.set(key, { startedAt: now, issued });
	const result = await issued;
	if (result instanceof StaffLoginError && logins.get(key)?.issued === issued) logins.delete(key);
	return result;
}

interface IssueAnswer {
	statusCode: number;
	body: unknown;
}

const sentence = (text: string) => text.trim().replace(/[.\s]+$/, '');

function loginError(reason: string, remedy: string): StaffLoginError {
	return new StaffLoginError(`Staff login failed: ${reason}. ${remedy}`, { level: 'warning' });
}

function textOf(body: unknown): string {
	if (typeof body !== 'string') return body === undefined || body === null ? '' : JSON.stringify(body);
	try {
		const parsed: unknown = JSON.parse(body);
		return typeof parsed === 'string' ? parsed : body;
	} catch {
		return body;
	}
}

/**
 * POST UserToken/Issue with the staff login: the token and its expiry for the hidden fields, or
 * the reason it failed (returned, so the caller throws it outside any catch).
 */
export async function issueUserToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject | StaffLoginError> {
	const url = `${restBaseOf(credentials)}/usertoken/issue`;
	let answer: IssueAnswer | undefined;
	let unreachable = '';
	try {
		answer = (await helper.helpers.httpRequest({
			method: 'POST',
			url,
			headers: {
				'API-Key': String(credentials.apiKey ?? ''),
				SiteId: String(credentials.siteId ?? DEFAULT_SITE_ID),
			},
			body: { Username: credentials.username, Password: credentials.password },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: LOGIN_TIMEOUT_MS,
		})) as IssueAnswer;
	} catch (error) {
		// Only the message: the request error carries the password in its config.
		unreachable = (error as Error).message ?? 'no answer';
	}
	if (!answer) {
		return loginError(
			`${url} could not be reached (${sentence(unreachable)})`,
			'Check the REST API Base URL of the Mindbody credential.',
		);
	}
	if (answer.statusCode >= 400) {
		const said = sentence(textOf(answer.body));
		return loginError(
			`${said ? `${said} ` : ''}(HTTP ${answer.statusCode})`,
			answer.statusCode === 401 || answer.statusCode === 400
				? 'Check the Staff Username and Staff Password of the Mindbody credential, and its API Key.'
				: 'Check the API Key, Site ID and REST API Base URL of the Mindbody credential.',
		);
	}
	const body = (typeof answer.body === 'string' ? safeJson(answer.body) : answer.body) as
		| { AccessToken?: unknown; Expires?: unknown }
		| undefined;
	if (typeof body?.AccessToken !== 'string' || !body.AccessToken) {
		return loginError(
			'the answer to UserToken/Issue held no AccessToken',
			'Check the REST API Base URL of the Mindbody credential.',
		);
	}
	// An expiry already past by this machine's clock means the clocks disagree: not relied on.
	const expiresAt = typeof body.Expires === 'string' ? Date.parse(body.Expires) : NaN;
	const expires = expiresAt - TOKEN_EXPIRY_MARGIN_MS > Date.now() ? (body.Expires as string) : '';
	return { accessToken: body.AccessToken, loginExpires: expires };
}

/**
 * POST UserToken/Renew with the token to extend: the same token and its new expiry, or undefined
 * when it could not be renewed (refused, renewed too often, unreachable): a login follows then.
 */
export async function renewUserToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	token: string,
): Promise<IDataObject | undefined> {
	let answer: IssueAnswer;
	try {
		answer = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${restBaseOf(credentials)}/usertoken/renew`,
			headers: {
				'API-Key': String(credentials.apiKey ?? ''),
				SiteId: String(credentials.siteId ?? DEFAULT_SITE_ID),
				Authorization: `Bearer ${token}`,
			},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: LOGIN_TIMEOUT_MS,
		})) as IssueAnswer;
	} catch {
		return undefined;
	}
	if (answer.statusCode >= 400) return undefined;
	const body = (typeof answer.body === 'string' ? safeJson(answer.body) : answer.body) as
		| { AccessToken?: unknown; Expires?: unknown }
		| undefined;
	const accessToken = typeof body?.AccessToken === 'string' && body.AccessToken ? body.AccessToken : token;
	const expiresAt = typeof body?.Expires === 'string' ? Date.parse(body.Expires) : NaN;
	if (!(expiresAt - TOKEN_EXPIRY_MARGIN_MS > Date.now())) return undefined;
	return { accessToken, loginExpires: body!.Expires as string };
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
