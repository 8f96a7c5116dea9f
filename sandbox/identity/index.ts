import { randomBytes } from 'node:crypto';

import type { SandboxResponse } from '../context';
import { authorize } from './authorize';
import type { OAuthClient } from './clients';
import { mask, SCOPES, IdentityState, type IdentityActivity, type IdentityDeps, type IdentityRequest } from './state';
import { revocation, token } from './token';

export type { OAuthClient } from './clients';
export { SEEDED_OAUTH_CLIENT } from './clients';
export type { IdentityActivity, IdentityDeps, IdentityRequest } from './state';
export { ACCESS_TOKEN_LIFETIME_MS, API_SCOPE, CODE_LIFETIME_MS, SCOPES } from './state';

export interface IdentitySecrets {
	accessTokens: string[];
	refreshTokens: string[];
	codeVerifiers: string[];
	clientSecrets: string[];
}

export interface IdentityService {
	/** A request below the service's base path (`/connect/authorize`, `/connect/token`, …). */
	handle(req: IdentityRequest): SandboxResponse;
	/** The admin API's `/_sandbox/identity/*`. */
	admin(method: string, subPath: string, body: unknown): SandboxResponse;
	/** Sign-ins, refusals and tokens issued, oldest first, tokens masked: what a console may show. */
	activity(): IdentityActivity[];
	clients(): OAuthClient[];
	/** Every token and secret the service issued or was sent, whole: in-process only, for tests that check none leaks. */
	secrets(): IdentitySecrets;
	/** Back to the seeded client, with no codes, tokens or activity. */
	reset(): void;
}

const ok = (body: unknown, status = 200): SandboxResponse => ({ status, body });
const fail = (status: number, error: string): SandboxResponse => ({ status, body: { error } });

function discovery(issuer: string) {
	return {
		issuer,
		authorization_endpoint: `${issuer}/connect/authorize`,
		token_endpoint: `${issuer}/connect/token`,
		revocation_endpoint: `${issuer}/connect/revocation`,
		scopes_supported: SCOPES,
		response_types_supported: ['code'],
		response_modes_supported: ['query'],
		grant_types_supported: ['authorization_code', 'refresh_token'],
		code_challenge_methods_supported: ['S256'],
		token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
		subject_types_supported: ['public'],
		id_token_signing_alg_values_supported: ['HS256'],
	};
}

const URI = /^https?:\/\/[^\s/?#]+(\/[^\s#]*)?$/;

/** POST /identity/clients: a client registered under an API key, with its redirect URIs. */
function register(state: IdentityState, body: unknown): SandboxResponse {
	const sent = (body ?? {}) as Partial<Record<keyof OAuthClient, unknown>>;
	const usage =
		'Send {"redirectUris": ["http://127.0.0.1:*/callback", …], "clientId"?, "clientSecret"? (none: a public client), "name"?, "apiKey"?}.';
	const uris = sent.redirectUris;
	if (!Array.isArray(uris) || !uris.length || !uris.every((uri) => typeof uri === 'string' && URI.test(uri))) {
		return fail(400, `redirectUris must be a list of http(s) URIs. ${usage}`);
	}
	for (const field of ['clientId', 'clientSecret', 'name', 'apiKey'] as const) {
		if (sent[field] !== undefined && (typeof sent[field] !== 'string' || !sent[field])) {
			return fail(400, `${field} must be a non-empty string. ${usage}`);
		}
	}
	const apiKey = (sent.apiKey as string | undefined) ?? state.clients[0]?.apiKey ?? '';
	const account = state.deps.context.findAccount(apiKey);
	if (!account) return fail(400, `apiKey '${apiKey}' is not one of the sandbox's API keys.`);
	const clientId = (sent.clientId as string | undefined) ?? `sandbox-client-${randomBytes(6).toString('hex')}`;
	if (state.client(clientId)) return fail(409, `A client with clientId '${clientId}' is registered already.`);
	const client: OAuthClient = {
		clientId,
		name: (sent.name as string | undefined) ?? account.sourceName,
		redirectUris: uris as string[],
		apiKey,
		...(sent.clientSecret ? { clientSecret: sent.clientSecret as string } : {}),
	};
	state.clients.push(client);
	return ok(client, 201);
}

/** POST /identity/revoke: one refresh token, or every one of a login (at a site, of a client). */
function revoke(state: IdentityState, body: unknown): SandboxResponse {
	const { refreshToken, username, siteId, clientId } = (body ?? {}) as Record<string, unknown>;
	const now = state.now;
	if (typeof refreshToken === 'string') {
		const held = state.refreshTokens.get(refreshToken);
		if (!held) return fail(404, 'No refresh token of that value was issued.');
		held.revoked ??= now;
		state.record({
			kind: 'revoked',
			clientId: held.grant.clientId,
			siteId: held.grant.siteId,
			refreshToken: mask(refreshToken),
		});
		return ok({ revoked: 1 });
	}
	if (typeof username !== 'string') {
		return fail(400, 'Send {"refreshToken": "…"} or {"username": "…", "siteId"?: -99, "clientId"?: "…"}.');
	}
	let revoked = 0;
	for (const held of state.refreshTokens.values()) {
		const { grant } = held;
		if (
			held.revoked === undefined &&
			held.used === undefined &&
			grant.login.Username.toLowerCase() === username.toLowerCase() &&
			(siteId === undefined || grant.siteId === siteId) &&
			(clientId === undefined || grant.clientId === clientId)
		) {
			held.revoked = now;
			revoked++;
			state.record({
				kind: 'revoked',
				clientId: grant.clientId,
				siteId: grant.siteId,
				username: grant.login.Username,
				refreshToken: mask(held.token),
			});
		}
	}
	return ok({ revoked });
}

/**
 * The identity service Mindbody signs users in with (OAuth 2.0 and OpenID Connect): the sign-in
 * form and its code, the token endpoint, revocation and discovery. Its access tokens are the REST
 * API's user tokens of the user who signed in, at the site signed in to.
 */
export function createIdentityService(deps: IdentityDeps): IdentityService {
	const state = new IdentityState(deps);
	return {
		handle(req) {
			const path = req.path.replace(/\/+$/, '').toLowerCase() || '/';
			if (path === '/connect/authorize') return authorize(state, req);
			if (path === '/connect/token') return token(state, req);
			if (path === '/connect/revocation') return revocation(state, req);
			if (path === '/.well-known/openid-configuration' && req.method === 'GET') return ok(discovery(deps.issuer()));
			return { status: 404, body: `No identity route ${req.method} ${req.path}.` };
		},
		admin(method, subPath, body) {
			const path = subPath.replace(/\/+$/, '') || '/';
			if (path === '/clients' && method === 'GET') return ok(state.clients);
			if (path === '/clients' && method === 'POST') return register(state, body);
			if (path === '/revoke' && method === 'POST') return revoke(state, body);
			if (path === '/activity' && method === 'GET') return ok(state.activity);
			return fail(404, `No admin route ${method} /identity${path}.`);
		},
		activity: () => state.activity.map((entry) => ({ ...entry })),
		clients: () => state.clients.map((client) => ({ ...client, redirectUris: [...client.redirectUris] })),
		secrets: () => ({
			accessTokens: [...state.accessTokens.keys()],
			refreshTokens: [...state.refreshTokens.keys()],
			codeVerifiers: [...state.verifiersReceived],
			clientSecrets: state.clients.flatMap((client) => (client.clientSecret ? [client.clientSecret] : [])),
		}),
		reset: () => state.reset(),
	};
}
