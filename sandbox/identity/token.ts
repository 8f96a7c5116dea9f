import { timingSafeEqual } from 'node:crypto';

import type { SandboxResponse } from '../context';
import type { UserToken } from '../data/store';
import type { OAuthClient } from './clients';
import { signJwt } from './jwt';
import {
	ACCESS_TOKEN_LIFETIME_MS,
	API_SCOPE,
	formOf,
	headerOf,
	mask,
	mediaTypeOf,
	oauthError,
	randomToken,
	s256,
	singleParams,
	type Grant,
	type IdentityRequest,
	type IdentityState,
} from './state';

const sameText = (a: string, b: string) =>
	a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** client_secret_basic (each part form-encoded, RFC 6749 2.3.1), else client_id and client_secret in the form. */
function authenticate(
	state: IdentityState,
	req: IdentityRequest,
	params: Record<string, string>,
): { client: OAuthClient } | SandboxResponse {
	const authorization = headerOf(req, 'authorization')?.trim();
	let basic: { id: string; secret: string } | undefined;
	if (authorization) {
		const encoded = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
		const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
		if (!decoded.includes(':')) {
			return oauthError(
				401,
				'invalid_client',
				'The Authorization header must be Basic base64(client_id:client_secret).',
				{
					'WWW-Authenticate': 'Basic realm="identity"',
				},
			);
		}
		const [id, secret] = decoded.split(/:(.*)/s).map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
		basic = { id, secret };
		if (params.client_secret !== undefined) {
			return oauthError(
				400,
				'invalid_request',
				'Send the client secret one way: the Basic header or the form, not both.',
			);
		}
		if (params.client_id !== undefined && params.client_id !== id) {
			return oauthError(
				400,
				'invalid_request',
				`client_id '${params.client_id}' differs from the Basic header's '${id}'.`,
			);
		}
	}
	const challenge = basic ? { 'WWW-Authenticate': 'Basic realm="identity"' } : undefined;
	const clientId = basic?.id ?? params.client_id;
	if (!clientId) return oauthError(401, 'invalid_client', 'client_id is missing.', challenge);
	const client = state.client(clientId);
	if (!client) return oauthError(401, 'invalid_client', `No OAuth client has the client_id '${clientId}'.`, challenge);
	const secret = basic?.secret ?? params.client_secret;
	if (client.clientSecret === undefined) {
		if (secret) {
			return oauthError(
				401,
				'invalid_client',
				`Client '${clientId}' is a public client without a secret: send no client_secret.`,
				challenge,
			);
		}
		return { client };
	}
	if (!secret) {
		return oauthError(
			401,
			'invalid_client',
			`Client '${clientId}' has a secret: send client_secret (in the form or the Basic header).`,
			challenge,
		);
	}
	if (!sameText(secret, client.clientSecret)) {
		return oauthError(401, 'invalid_client', `The client_secret is wrong for client '${clientId}'.`, challenge);
	}
	return { client };
}

/** subscriberId on the token call is optional; when sent it must name the site signed in to. */
function checkSubscriber(params: Record<string, string>, grant: Grant): SandboxResponse | undefined {
	const sent = params.subscriberId?.trim();
	if (sent === undefined || sent === '') return undefined;
	if (!/^-?\d+$/.test(sent))
		return oauthError(400, 'invalid_request', `subscriberId must be a Site ID, not '${sent}'.`);
	if (Number(sent) !== grant.siteId) {
		return oauthError(
			400,
			'invalid_grant',
			`subscriberId ${sent} is not the site this sign-in was for (${grant.siteId}).`,
		);
	}
	return undefined;
}

function issue(state: IdentityState, grant: Grant, grantType: string, scopes: string[]): SandboxResponse {
	const now = state.now;
	const iat = Math.floor(now / 1000);
	const exp = Math.floor((now + ACCESS_TOKEN_LIFETIME_MS) / 1000);
	const issuer = state.deps.issuer();
	const { login, siteId } = grant;
	const accessToken = signJwt(
		{
			iss: issuer,
			aud: API_SCOPE,
			client_id: grant.clientId,
			sub: String(login.UserId),
			user_type: login.Type,
			subscriberId: siteId,
			scope: scopes,
			auth_time: Math.floor(grant.signedInAt / 1000),
			iat,
			nbf: iat,
			exp,
			jti: randomToken(),
		},
		state.secret,
	);
	// The REST API takes it as a user token of this user at this site, as if issued by /usertoken/issue.
	const userToken: UserToken = {
		AccessToken: accessToken,
		SiteId: siteId,
		Type: login.Type,
		UserId: login.UserId,
		ReadsAllCalendars: login.ReadsAllCalendars,
		Expires: now + ACCESS_TOKEN_LIFETIME_MS,
	};
	state.deps.store.tokens.set(accessToken, userToken);
	state.accessTokens.set(accessToken, grant);
	const body: Record<string, unknown> = {
		access_token: accessToken,
		token_type: 'Bearer',
		expires_in: ACCESS_TOKEN_LIFETIME_MS / 1000,
		scope: scopes.join(' '),
	};
	if (grant.scopes.includes('offline_access')) {
		const refreshToken = randomToken();
		state.refreshTokens.set(refreshToken, { token: refreshToken, grant, issuedAt: now });
		body.refresh_token = refreshToken;
	}
	if (scopes.includes('openid')) {
		const person = state.person(siteId, login);
		body.id_token = signJwt(
			{
				iss: issuer,
				aud: grant.clientId,
				sub: String(login.UserId),
				user_type: login.Type,
				subscriberId: siteId,
				auth_time: Math.floor(grant.signedInAt / 1000),
				iat,
				exp,
				...(grant.nonce ? { nonce: grant.nonce } : {}),
				...(scopes.includes('profile')
					? {
							given_name: person.firstName,
							family_name: person.lastName,
							name: `${person.firstName} ${person.lastName}`,
						}
					: {}),
				...(scopes.includes('email') && person.email ? { email: person.email } : {}),
			},
			state.secret,
		);
	}
	state.record({
		kind: 'tokenIssued',
		clientId: grant.clientId,
		siteId,
		user: state.describe(grant),
		grantType,
		accessToken: mask(accessToken),
		...(typeof body.refresh_token === 'string' ? { refreshToken: mask(body.refresh_token) } : {}),
	});
	return { status: 200, body, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
}

/** A code spent twice takes back what the first exchange gave (RFC 6749 4.1.2). */
function withdraw(state: IdentityState, grant: Grant): void {
	for (const [token, from] of state.accessTokens) if (from.id === grant.id) state.deps.store.tokens.delete(token);
	for (const refresh of state.refreshTokens.values()) {
		if (refresh.grant.id === grant.id) refresh.revoked ??= state.now;
	}
}

function authorizationCode(state: IdentityState, client: OAuthClient, params: Record<string, string>) {
	for (const name of ['code', 'redirect_uri', 'code_verifier']) {
		if (!params[name]) {
			const why = name === 'code_verifier' ? ' (PKCE is required)' : '';
			return oauthError(400, 'invalid_request', `${name} is missing${why}.`);
		}
	}
	const code = state.codes.get(params.code);
	if (!code)
		return oauthError(400, 'invalid_grant', 'The code is not one this service issued (or the sandbox was reset).');
	if (code.grant.clientId !== client.clientId) {
		return oauthError(
			400,
			'invalid_grant',
			`The code was issued to client '${code.grant.clientId}', not '${client.clientId}'.`,
		);
	}
	const now = state.now;
	const iso = (at: number) => state.deps.context.clock.iso(at);
	if (code.spent) {
		withdraw(state, code.grant);
		return oauthError(
			400,
			'invalid_grant',
			`The code was already presented at ${iso(code.spent.at)} (${code.spent.outcome}): a code is good for one token request; the tokens it gave are revoked.`,
		);
	}
	// Spent by the first request of its own client, whatever comes of it.
	const spend = (outcome: string, answer: SandboxResponse) => ((code.spent = { at: now, outcome }), answer);
	if (code.expires <= now) {
		return spend(
			'refused: expired',
			oauthError(
				400,
				'invalid_grant',
				`The code expired at ${iso(code.expires)} (codes live 5 minutes on the sandbox clock).`,
			),
		);
	}
	if (params.redirect_uri !== code.redirectUri) {
		return spend(
			'refused: redirect_uri',
			oauthError(
				400,
				'invalid_grant',
				`redirect_uri '${params.redirect_uri}' is not the one the code was issued for ('${code.redirectUri}').`,
			),
		);
	}
	if (!/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_verifier)) {
		return spend(
			'refused: code_verifier',
			oauthError(
				400,
				'invalid_request',
				'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636).',
			),
		);
	}
	if (s256(params.code_verifier) !== code.challenge) {
		return spend(
			'refused: code_verifier',
			oauthError(
				400,
				'invalid_grant',
				'code_verifier does not match the code_challenge of the authorization request (S256).',
			),
		);
	}
	const subscriber = checkSubscriber(params, code.grant);
	if (subscriber) return spend('refused: subscriberId', subscriber);
	return spend('tokens issued', issue(state, code.grant, 'authorization_code', code.grant.scopes));
}

function refresh(state: IdentityState, client: OAuthClient, params: Record<string, string>) {
	if (!params.refresh_token) return oauthError(400, 'invalid_request', 'refresh_token is missing.');
	const held = state.refreshTokens.get(params.refresh_token);
	if (!held)
		return oauthError(
			400,
			'invalid_grant',
			'The refresh token is not one this service issued (or the sandbox was reset).',
		);
	const { grant } = held;
	if (grant.clientId !== client.clientId) {
		return oauthError(
			400,
			'invalid_grant',
			`The refresh token was issued to client '${grant.clientId}', not '${client.clientId}'.`,
		);
	}
	const iso = (at: number) => state.deps.context.clock.iso(at);
	if (held.revoked !== undefined)
		return oauthError(400, 'invalid_grant', `The refresh token was revoked at ${iso(held.revoked)}.`);
	if (held.used !== undefined) {
		return oauthError(
			400,
			'invalid_grant',
			`The refresh token was already used at ${iso(held.used)}: each is good once; use the refresh_token that answer gave.`,
		);
	}
	if (grant.refreshUntil <= state.now) {
		return oauthError(
			400,
			'invalid_grant',
			`The refresh token expired at ${iso(grant.refreshUntil)} (30 days after the sign-in): sign in again.`,
		);
	}
	const asked = params.scope?.split(' ').filter(Boolean);
	const extra = asked?.filter((scope) => !grant.scopes.includes(scope)) ?? [];
	if (extra.length) {
		return oauthError(
			400,
			'invalid_scope',
			`The sign-in did not grant ${extra.join(', ')} (it granted ${grant.scopes.join(' ')}).`,
		);
	}
	const subscriber = checkSubscriber(params, grant);
	if (subscriber) return subscriber;
	held.used = state.now;
	return issue(state, grant, 'refresh_token', asked?.length ? asked : grant.scopes);
}

/** POST /connect/token: authorization_code (with PKCE) and refresh_token. */
export function token(state: IdentityState, req: IdentityRequest): SandboxResponse {
	if (req.method !== 'POST') {
		return {
			...oauthError(405, 'invalid_request', 'Use POST.'),
			headers: { Allow: 'POST', 'Cache-Control': 'no-store' },
		};
	}
	const answer = exchange(state, req);
	const params = formOf(req.rawBody);
	for (const verifier of params.code_verifier ?? []) state.verifiersReceived.add(verifier);
	const fields = Object.keys(params);
	if (answer.status !== 200) {
		const body = answer.body as { error: string; error_description: string };
		state.record({
			kind: 'tokenRefused',
			clientId: params.client_id?.[0],
			grantType: params.grant_type?.[0],
			fields,
			error: body.error,
			detail: body.error_description,
		});
	} else {
		// issue() recorded the tokens; the entry also says which fields the call carried.
		const issued = state.activity.at(-1);
		if (issued?.kind === 'tokenIssued') issued.fields = fields;
	}
	return answer;
}

function exchange(state: IdentityState, req: IdentityRequest): SandboxResponse {
	if (mediaTypeOf(req) !== 'application/x-www-form-urlencoded') {
		return oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
	}
	const single = singleParams(formOf(req.rawBody));
	if ('repeated' in single) return oauthError(400, 'invalid_request', `${single.repeated} is sent more than once.`);
	const { params } = single;
	const authenticated = authenticate(state, req, params);
	if ('status' in authenticated) return authenticated;
	const { client } = authenticated;
	switch (params.grant_type) {
		case 'authorization_code':
			return authorizationCode(state, client, params);
		case 'refresh_token':
			return refresh(state, client, params);
		case undefined:
		case '':
			return oauthError(400, 'invalid_request', 'grant_type is missing.');
		default:
			return oauthError(
				400,
				'unsupported_grant_type',
				`grant_type '${params.grant_type}' is not served: use authorization_code or refresh_token.`,
			);
	}
}

/** POST /connect/revocation (RFC 7009): a refresh or access token of the calling client stops working. */
export function revocation(state: IdentityState, req: IdentityRequest): SandboxResponse {
	if (req.method !== 'POST') return { ...oauthError(405, 'invalid_request', 'Use POST.'), headers: { Allow: 'POST' } };
	if (mediaTypeOf(req) !== 'application/x-www-form-urlencoded') {
		return oauthError(400, 'invalid_request', 'Send the revocation as application/x-www-form-urlencoded.');
	}
	const single = singleParams(formOf(req.rawBody));
	if ('repeated' in single) return oauthError(400, 'invalid_request', `${single.repeated} is sent more than once.`);
	const { params } = single;
	const authenticated = authenticate(state, req, params);
	if ('status' in authenticated) return authenticated;
	if (!params.token) return oauthError(400, 'invalid_request', 'token is missing.');
	const held = state.refreshTokens.get(params.token);
	if (held && held.grant.clientId === authenticated.client.clientId) {
		held.revoked ??= state.now;
		state.record({
			kind: 'revoked',
			clientId: held.grant.clientId,
			siteId: held.grant.siteId,
			refreshToken: mask(held.token),
		});
	}
	const access = state.accessTokens.get(params.token);
	if (access && access.clientId === authenticated.client.clientId && state.deps.store.tokens.delete(params.token)) {
		state.record({
			kind: 'revoked',
			clientId: access.clientId,
			siteId: access.siteId,
			accessToken: mask(params.token),
		});
	}
	// An unknown token is answered 200 too: the caller cannot tell (RFC 7009 2.2).
	return { status: 200, headers: { 'Cache-Control': 'no-store' } };
}
