/** What the identity tests share: PKCE pairs, the sign-in form's submit and the token call. */
import { createHash, randomBytes } from 'node:crypto';

import type { Harness } from '../test/harness';

export const API_SCOPE = 'Mindbody.Api.Public.v6';
export const ALL_SCOPES = `openid profile email offline_access ${API_SCOPE}`;
/** An n8n callback on a port of its own. */
export const N8N_CALLBACK = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';

export function pkce() {
	const verifier = randomBytes(48).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
	client_id?: string;
	redirect_uri?: string;
	response_type?: string;
	scope?: string;
	state?: string;
	code_challenge?: string;
	code_challenge_method?: string;
	subscriberId?: string;
	nonce?: string;
}

export interface Redirected {
	status: number;
	text: string;
	/** The Location header, parsed, when the answer is a redirect. */
	location?: URL;
}

export function identityFlow(h: Harness) {
	const base = () => h.sandbox.identityBaseUrl;

	/** A complete authorization request of the seeded client for site -99; `params` overrides or (undefined) leaves out. */
	function request(challenge: string, params: AuthorizeParams = {}): Record<string, string> {
		const full: Record<string, string | undefined> = {
			client_id: h.sandbox.oauthClient.clientId,
			redirect_uri: N8N_CALLBACK,
			response_type: 'code',
			scope: ALL_SCOPES,
			state: randomBytes(6).toString('hex'),
			code_challenge: challenge,
			code_challenge_method: 'S256',
			subscriberId: String(h.sandbox.siteId),
			...params,
		};
		return Object.fromEntries(Object.entries(full).filter(([, value]) => value !== undefined)) as Record<
			string,
			string
		>;
	}

	async function redirected(response: Response): Promise<Redirected> {
		const location = response.headers.get('location');
		return { status: response.status, text: await response.text(), location: location ? new URL(location) : undefined };
	}

	async function openForm(params: Record<string, string>): Promise<Redirected> {
		const url = `${base()}/connect/authorize?${new URLSearchParams(params)}`;
		return redirected(await fetch(url, { redirect: 'manual' }));
	}

	/** Submits the sign-in form as a browser would: the request's fields and the login. */
	async function submit(
		params: Record<string, string>,
		login: { username: string; password: string },
		action = 'sign-in',
	) {
		return redirected(
			await fetch(`${base()}/connect/authorize`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ ...params, ...login, action }),
			}),
		);
	}

	async function tokenCall(form: Record<string, string>, headers: Record<string, string> = {}) {
		const response = await fetch(`${base()}/connect/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
			body: new URLSearchParams(form),
		});
		const text = await response.text();
		return { status: response.status, json: text ? JSON.parse(text) : undefined, headers: response.headers };
	}

	const secretOf = () => ({
		client_id: h.sandbox.oauthClient.clientId,
		client_secret: h.sandbox.oauthClient.clientSecret!,
	});

	/** Signs a login in and returns the code, the verifier and the request it answered. */
	async function codeFor(login: { username: string; password: string }, params: AuthorizeParams = {}) {
		const { verifier, challenge } = pkce();
		const sent = request(challenge, params);
		const answer = await submit(sent, login);
		if (answer.status !== 302 || !answer.location?.searchParams.get('code')) {
			throw new Error(`sign-in gave no code: ${answer.status} ${answer.location ?? answer.text}`);
		}
		return { code: answer.location.searchParams.get('code')!, verifier, sent, location: answer.location };
	}

	/** Sign-in and code exchange: the token answer's JSON. */
	async function tokensFor(login: { username: string; password: string }, params: AuthorizeParams = {}) {
		const { code, verifier, sent } = await codeFor(login, params);
		const answer = await tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: sent.redirect_uri,
			code_verifier: verifier,
			...secretOf(),
		});
		if (answer.status !== 200) throw new Error(`token call failed: ${JSON.stringify(answer.json)}`);
		return answer.json as {
			access_token: string;
			refresh_token?: string;
			id_token?: string;
			expires_in: number;
			scope: string;
		};
	}

	return { request, openForm, submit, tokenCall, secretOf, codeFor, tokensFor };
}

/** The claims of a JWT, unverified. */
export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
