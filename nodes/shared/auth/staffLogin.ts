import { createHash } from 'node:crypto';

import { UserError } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';

import { mindbodyHeaders } from './headers';
import { restBaseOf } from './scope';

/** The staff login: issuing and renewing the user token, and when a held token is due for either. */

/** A token this close to the expiry the service gave counts as expired: clocks differ. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/**
 * How long before its stated expiry a staff token is renewed (`usertoken/renew`) instead of
 * replaced by a new login: the renewed token keeps serving every execution and worker that
 * holds it, and the password is not sent again (rest-api.md, Authentication 2).
 */
const RENEW_WINDOW_MS = 60 * 60_000;

const LOGIN_TIMEOUT_MS = 60_000;

/** What a login or a renewal gives the credential's hidden fields. */
export interface IssuedToken {
	accessToken: string;
	loginExpires: string;
}

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

/** A staff login the service refused or that could not be made; n8n shows it for the calling node. */
export class StaffLoginError extends UserError {}

/**
 * Logins of this process, by staff login and the token they replace. Executions that meet a
 * refused token at the same moment (each with its own copy of the credential) share one login,
 * and one that still read the old token from the database takes the new one instead of logging
 * in again: one login per process when a token expires. A login is shared only for a minute
 * after it started, and failures are not shared, so a corrected password is tried at once.
 * Process-wide on purpose (docs/queue-mode-and-crashes.md, "Renewal logins").
 */
const logins = new Map<string, { startedAt: number; issued: Promise<IssuedToken | StaffLoginError> }>();
const LOGIN_SHARED_MS = 60_000;
const LOGINS_KEPT = 100;

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

/**
 * A token in place of `replaced` (refused, expired, or due for renewal when `renew` is set: then
 * renewed where the service allows, else issued), shared by every execution of this process
 * that replaces the same token.
 */
export async function replaceToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	replaced: string,
	renew: boolean,
): Promise<IssuedToken | StaffLoginError> {
	const key = loginKey(credentials, replaced);
	const now = Date.now();
	const shared = logins.get(key);
	if (shared && now - shared.startedAt < LOGIN_SHARED_MS) return await shared.issued;
	const issued = (async () =>
		(renew ? await renewUserToken(helper, credentials, replaced) : undefined) ??
		(await issueUserToken(helper, credentials)))();
	logins.delete(key);
	if (logins.size >= LOGINS_KEPT) logins.delete(logins.keys().next().value as string);
	logins.set(key, { startedAt: now, issued });
	const result = await issued;
	if (result instanceof StaffLoginError && logins.get(key)?.issued === issued) logins.delete(key);
	return result;
}

interface LoginAnswer {
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

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** The AccessToken and Expires of a login or renewal answer. */
function tokenOf(answer: LoginAnswer): { AccessToken?: unknown; Expires?: unknown } | undefined {
	return (typeof answer.body === 'string' ? safeJson(answer.body) : answer.body) as
		| { AccessToken?: unknown; Expires?: unknown }
		| undefined;
}

/**
 * POST UserToken/Issue with the staff login: the token and its expiry for the hidden fields, or
 * the reason it failed (returned, so the caller throws it outside any catch).
 */
export async function issueUserToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IssuedToken | StaffLoginError> {
	const url = `${restBaseOf(credentials)}/usertoken/issue`;
	let answer: LoginAnswer | undefined;
	let unreachable = '';
	try {
		answer = (await helper.helpers.httpRequest({
			method: 'POST',
			url,
			headers: mindbodyHeaders(credentials, { service: 'rest', method: 'POST' }),
			body: { Username: credentials.username, Password: credentials.password },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: LOGIN_TIMEOUT_MS,
		})) as LoginAnswer;
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
	const body = tokenOf(answer);
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
async function renewUserToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	token: string,
): Promise<IssuedToken | undefined> {
	let answer: LoginAnswer;
	try {
		answer = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${restBaseOf(credentials)}/usertoken/renew`,
			headers: mindbodyHeaders(credentials, { service: 'rest', method: 'POST', token }),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: LOGIN_TIMEOUT_MS,
		})) as LoginAnswer;
	} catch {
		return undefined;
	}
	if (answer.statusCode >= 400) return undefined;
	const body = tokenOf(answer);
	const accessToken = typeof body?.AccessToken === 'string' && body.AccessToken ? body.AccessToken : token;
	const expiresAt = typeof body?.Expires === 'string' ? Date.parse(body.Expires) : NaN;
	if (!(expiresAt - TOKEN_EXPIRY_MARGIN_MS > Date.now())) return undefined;
	return { accessToken, loginExpires: body!.Expires as string };
}
