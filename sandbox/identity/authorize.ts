import type { SandboxResponse } from '../context';
import { redirectAllowed, type OAuthClient } from './clients';
import { signInPage } from './page';
import {
	API_SCOPE,
	CODE_LIFETIME_MS,
	formOf,
	mediaTypeOf,
	randomToken,
	REFRESH_LIFETIME_MS,
	SCOPES,
	singleParams,
	type IdentityRequest,
	type IdentityState,
} from './state';

/** The parameters of an authorization request the sign-in form carries through. */
const CARRIED = [
	'client_id',
	'redirect_uri',
	'response_type',
	'scope',
	'state',
	'nonce',
	'code_challenge',
	'code_challenge_method',
	'subscriberId',
];

/** Before the redirect URI is known good, errors are shown, never sent to it (RFC 6749 4.1.2.1). */
const shown = (error: string, description: string): SandboxResponse => ({
	status: 400,
	body: `${error}: ${description}`,
});

function redirect(uri: string, fields: Record<string, string | undefined>): SandboxResponse {
	const url = new URL(uri);
	for (const [name, value] of Object.entries(fields)) if (value !== undefined) url.searchParams.set(name, value);
	return { status: 302, headers: { Location: url.toString(), 'Cache-Control': 'no-store' } };
}

interface ValidRequest {
	client: OAuthClient;
	params: Record<string, string>;
	redirectUri: string;
	scopes: string[];
	siteId: number;
}

/** Checks an authorization request: an answer to send, or the request to sign in to. */
function check(state: IdentityState, lists: Record<string, string[]>): ValidRequest | SandboxResponse {
	const single = singleParams(lists);
	if ('repeated' in single) return shown('invalid_request', `${single.repeated} is sent more than once.`);
	const { params } = single;
	if (!params.client_id) return shown('invalid_request', 'client_id is missing.');
	const client = state.client(params.client_id);
	if (!client) return shown('invalid_client', `No OAuth client has the client_id '${params.client_id}'.`);
	const redirectUri = params.redirect_uri;
	if (!redirectUri) return shown('invalid_request', 'redirect_uri is missing.');
	if (!redirectAllowed(client, redirectUri)) {
		return shown(
			'invalid_request',
			`redirect_uri '${redirectUri}' is not registered for client '${client.clientId}' (registered: ${client.redirectUris.join(', ')}).`,
		);
	}
	const refuse = (error: string, description: string) =>
		redirect(redirectUri, { error, error_description: description, state: params.state });
	if (params.response_type !== 'code') {
		return refuse('unsupported_response_type', `response_type must be 'code', not '${params.response_type ?? ''}'.`);
	}
	const scopes = (params.scope ?? '').split(' ').filter(Boolean);
	const unknown = scopes.filter((scope) => !SCOPES.includes(scope));
	if (unknown.length)
		return refuse('invalid_scope', `Unknown scope ${unknown.join(', ')} (known: ${SCOPES.join(' ')}).`);
	if (!scopes.includes(API_SCOPE))
		return refuse('invalid_scope', `scope must include ${API_SCOPE} for a token the API accepts.`);
	if (!params.code_challenge) {
		return refuse('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
	}
	if (params.code_challenge_method !== 'S256') {
		return refuse(
			'invalid_request',
			`code_challenge_method must be S256, not '${params.code_challenge_method ?? ''}' (plain is not accepted).`,
		);
	}
	if (!/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
		return refuse('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code_verifier.');
	}
	const subscriber = params.subscriberId?.trim();
	if (!subscriber)
		return refuse('invalid_request', 'subscriberId (the Site ID of the business to sign in to) is missing.');
	if (!/^-?\d+$/.test(subscriber))
		return refuse('invalid_request', `subscriberId must be a Site ID, not '${subscriber}'.`);
	const siteId = Number(subscriber);
	const account = state.deps.context.findAccount(client.apiKey);
	if (!account?.siteIds.includes(siteId) || !state.deps.store.site(siteId)) {
		return refuse(
			'unauthorized_client',
			`subscriberId ${siteId} is not a site the API key of client '${client.clientId}' reaches (it reaches ${account?.siteIds.join(', ') ?? 'none'}).`,
		);
	}
	return { client, params, redirectUri, scopes, siteId };
}

function page(state: IdentityState, request: ValidRequest, problem?: string, username?: string): string {
	const site = state.deps.store.site(request.siteId)!;
	const params = Object.fromEntries(
		CARRIED.filter((name) => name in request.params).map((name) => [name, request.params[name]]),
	);
	return signInPage({
		params,
		clientName: request.client.name,
		siteName: site.settings.Name,
		siteId: request.siteId,
		problem,
		username,
		logins: site.logins.map((login) => ({ kind: login.Type, username: login.Username, password: login.Password })),
	});
}

const html = (status: number, body: string): SandboxResponse => ({
	status,
	body,
	headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
});

/** GET shows the sign-in form; POST is its submit, answered by a redirect with a code (or the form again). */
export function authorize(state: IdentityState, req: IdentityRequest): SandboxResponse {
	if (req.method === 'GET') {
		const request = check(state, req.query);
		return 'status' in request ? request : html(200, page(state, request));
	}
	if (req.method !== 'POST') return { status: 405, body: 'Use GET or POST.', headers: { Allow: 'GET, POST' } };
	if (mediaTypeOf(req) !== 'application/x-www-form-urlencoded') {
		return shown('invalid_request', 'The sign-in form posts application/x-www-form-urlencoded.');
	}
	const { username, password, action, ...lists } = formOf(req.rawBody);
	const request = check(state, lists);
	if ('status' in request) return request;
	const { client, siteId } = request;
	if (action?.[0] === 'cancel') {
		state.record({ kind: 'signInCancelled', clientId: client.clientId, siteId });
		return redirect(request.redirectUri, {
			error: 'access_denied',
			error_description: 'The user cancelled the sign-in.',
			state: request.params.state,
		});
	}
	const name = username?.[0] ?? '';
	const login = state.deps.store
		.site(siteId)!
		.logins.find((one) => one.Username.toLowerCase() === name.toLowerCase() && one.Password === password?.[0]);
	if (!login) {
		state.record({
			kind: 'signInRefused',
			clientId: client.clientId,
			siteId,
			username: name,
			detail: 'wrong username or password',
		});
		return html(401, page(state, request, 'The username or password is wrong.', name));
	}
	const now = state.now;
	const grant = state.newGrant({
		clientId: client.clientId,
		siteId,
		scopes: request.scopes,
		login,
		signedInAt: now,
		nonce: request.params.nonce,
		refreshUntil: now + REFRESH_LIFETIME_MS,
	});
	const code = randomToken();
	state.codes.set(code, {
		code,
		grant,
		redirectUri: request.redirectUri,
		challenge: request.params.code_challenge,
		expires: now + CODE_LIFETIME_MS,
	});
	state.record({
		kind: 'signIn',
		clientId: client.clientId,
		siteId,
		username: login.Username,
		user: state.describe(grant),
	});
	return redirect(request.redirectUri, { code, state: request.params.state });
}
