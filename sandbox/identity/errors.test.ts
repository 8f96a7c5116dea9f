import { API_KEYS } from '../data/accounts';
import { useSandbox } from '../test/harness';
import { identityFlow, N8N_CALLBACK, pkce } from './oauthFlow';

const h = useSandbox();
const flow = identityFlow(h);

/** The error a redirect to the client carries. */
const redirectError = (location: URL | undefined) => ({
	error: location?.searchParams.get('error'),
	description: location?.searchParams.get('error_description'),
});

describe('Sign in with Mindbody: what is refused, and how it is named', () => {
	afterEach(() => h.sandbox.reset());

	it('a client ID no client has: the form is not shown, and the token call answers invalid_client', async () => {
		const { challenge } = pkce();
		const form = await flow.openForm(flow.request(challenge, { client_id: 'no-such-client' }));
		expect([form.status, form.location, form.text]).toEqual([
			400,
			undefined,
			"invalid_client: No OAuth client has the client_id 'no-such-client'.",
		]);
		const { code, verifier } = await flow.codeFor(h.sandbox.staffLogin);
		const answer = await flow.tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: N8N_CALLBACK,
			code_verifier: verifier,
			client_id: 'no-such-client',
		});
		expect([answer.status, answer.json]).toEqual([
			401,
			{ error: 'invalid_client', error_description: "No OAuth client has the client_id 'no-such-client'." },
		]);
	});

	it('a wrong or missing client secret is invalid_client, in the form or the Basic header', async () => {
		const { code, verifier } = await flow.codeFor(h.sandbox.staffLogin);
		const form = { grant_type: 'authorization_code', code, redirect_uri: N8N_CALLBACK, code_verifier: verifier };
		const { clientId, clientSecret } = h.sandbox.oauthClient;
		const wrong = await flow.tokenCall({ ...form, client_id: clientId, client_secret: 'not-the-secret' });
		expect([wrong.status, wrong.json.error, wrong.json.error_description]).toEqual([
			401,
			'invalid_client',
			`The client_secret is wrong for client '${clientId}'.`,
		]);
		const basic = `Basic ${Buffer.from(`${clientId}:not-the-secret`).toString('base64')}`;
		const wrongBasic = await flow.tokenCall(form, { Authorization: basic });
		expect([wrongBasic.status, wrongBasic.json.error, wrongBasic.headers.get('www-authenticate')]).toEqual([
			401,
			'invalid_client',
			'Basic realm="identity"',
		]);
		const missing = await flow.tokenCall({ ...form, client_id: clientId });
		expect(missing.json.error_description).toBe(
			`Client '${clientId}' has a secret: send client_secret (in the form or the Basic header).`,
		);
		// A failed client authentication does not spend the code: the right secret, in the Basic header, still gets tokens.
		const right = await flow.tokenCall(form, {
			Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
		});
		expect(right.status).toBe(200);
	});

	it('a redirect URI the client does not have is shown, never redirected to; a different one at the token call is invalid_grant', async () => {
		const { challenge } = pkce();
		const elsewhere = 'https://attacker.example/callback';
		const form = await flow.openForm(flow.request(challenge, { redirect_uri: elsewhere }));
		expect(form.status).toBe(400);
		expect(form.location).toBeUndefined();
		expect(form.text).toBe(
			`invalid_request: redirect_uri '${elsewhere}' is not registered for client 'sandbox-oauth-client' (registered: ${h.sandbox.oauthClient.redirectUris.join(', ')}).`,
		);
		// Any port of n8n's callback is registered, the path is not free.
		const otherPath = await flow.openForm(flow.request(challenge, { redirect_uri: 'http://localhost:5678/callback' }));
		expect(otherPath.status).toBe(400);
		const otherPort = await flow.openForm(
			flow.request(challenge, { redirect_uri: 'http://localhost:8443/rest/oauth2-credential/callback' }),
		);
		expect(otherPort.status).toBe(200);

		const { code, verifier } = await flow.codeFor(h.sandbox.staffLogin);
		const answer = await flow.tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback',
			code_verifier: verifier,
			...flow.secretOf(),
		});
		expect([answer.status, answer.json.error]).toEqual([400, 'invalid_grant']);
		expect(answer.json.error_description).toContain(`is not the one the code was issued for ('${N8N_CALLBACK}')`);
	});

	it('a PKCE verifier that does not match is invalid_grant, and the code is spent by it', async () => {
		const { code } = await flow.codeFor(h.sandbox.staffLogin);
		const form = { grant_type: 'authorization_code', code, redirect_uri: N8N_CALLBACK, ...flow.secretOf() };
		const wrong = await flow.tokenCall({ ...form, code_verifier: pkce().verifier });
		expect([wrong.status, wrong.json]).toEqual([
			400,
			{
				error: 'invalid_grant',
				error_description: 'code_verifier does not match the code_challenge of the authorization request (S256).',
			},
		]);
		const missing = await flow.tokenCall(form);
		expect(missing.json).toEqual({
			error: 'invalid_request',
			error_description: 'code_verifier is missing (PKCE is required).',
		});
		const spent = await flow.tokenCall({ ...form, code_verifier: pkce().verifier });
		expect(spent.json.error).toBe('invalid_grant');
		expect(spent.json.error_description).toMatch(/already presented at .* \(refused: code_verifier\)/);
	});

	it('PKCE is required at the authorize step, S256 only: refused by a redirect carrying the error and the state', async () => {
		const { challenge } = pkce();
		const none = await flow.openForm(flow.request(challenge, { code_challenge: undefined, state: 's1' }));
		expect(none.status).toBe(302);
		expect(none.location!.searchParams.get('state')).toBe('s1');
		expect(redirectError(none.location)).toEqual({
			error: 'invalid_request',
			description: 'PKCE is required: send code_challenge with code_challenge_method=S256.',
		});
		const plain = await flow.openForm(flow.request(challenge, { code_challenge_method: 'plain' }));
		expect(redirectError(plain.location).error).toBe('invalid_request');
		expect(redirectError(plain.location).description).toContain("code_challenge_method must be S256, not 'plain'");
	});

	it('a Site ID the API key cannot reach is unauthorized_client, naming the site and the sites it reaches', async () => {
		await h.admin('POST', '/identity/clients', {
			clientId: 'other-source-client',
			clientSecret: 'other-secret',
			redirectUris: [N8N_CALLBACK],
			apiKey: API_KEYS.otherSource,
		});
		const { challenge } = pkce();
		const foreign = await flow.openForm(
			flow.request(challenge, { client_id: 'other-source-client', subscriberId: String(h.sandbox.secondSiteId) }),
		);
		expect(foreign.status).toBe(302);
		expect(redirectError(foreign.location)).toEqual({
			error: 'unauthorized_client',
			description:
				"subscriberId -98 is not a site the API key of client 'other-source-client' reaches (it reaches -99).",
		});
		// The main key's client reaches -98.
		expect((await flow.openForm(flow.request(challenge, { subscriberId: '-98' }))).status).toBe(200);
		const missing = await flow.openForm(flow.request(challenge, { subscriberId: undefined }));
		expect(redirectError(missing.location).error).toBe('invalid_request');
		expect(redirectError(missing.location).description).toContain('subscriberId');
	});

	it('subscriberId at the token call, when sent, must be the site signed in to', async () => {
		const { code, verifier } = await flow.codeFor(h.sandbox.staffLogin);
		const answer = await flow.tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: N8N_CALLBACK,
			code_verifier: verifier,
			subscriberId: '-98',
			...flow.secretOf(),
		});
		expect([answer.status, answer.json.error, answer.json.error_description]).toEqual([
			400,
			'invalid_grant',
			'subscriberId -98 is not the site this sign-in was for (-99).',
		]);
	});

	it('a code is good once: a second exchange is invalid_grant and takes back the access token the first gave', async () => {
		const { code, verifier } = await flow.codeFor(h.sandbox.staffLogin);
		const form = {
			grant_type: 'authorization_code',
			code,
			redirect_uri: N8N_CALLBACK,
			code_verifier: verifier,
			...flow.secretOf(),
		};
		const first = await flow.tokenCall(form);
		expect(first.status).toBe(200);
		expect((await h.call('GET', '/Dashboard/Summary', { token: first.json.access_token })).status).toBe(200);
		const second = await flow.tokenCall(form);
		expect([second.status, second.json.error]).toEqual([400, 'invalid_grant']);
		expect((await h.call('GET', '/Dashboard/Summary', { token: first.json.access_token })).status).toBe(401);
		const refresh = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: first.json.refresh_token,
			...flow.secretOf(),
		});
		expect(refresh.json.error).toBe('invalid_grant');
	});

	it('a code expires 5 minutes after the sign-in, on the sandbox clock', async () => {
		const late = await flow.codeFor(h.sandbox.staffLogin);
		const onTime = await flow.codeFor(h.sandbox.staffLogin);
		const exchange = (got: typeof late) =>
			flow.tokenCall({
				grant_type: 'authorization_code',
				code: got.code,
				redirect_uri: N8N_CALLBACK,
				code_verifier: got.verifier,
				...flow.secretOf(),
			});
		await h.sandbox.clock.advance(5 * 60 * 1000 - 1000);
		expect((await exchange(onTime)).status).toBe(200);
		await h.sandbox.clock.advance(1000);
		const expired = await exchange(late);
		expect([expired.status, expired.json.error]).toEqual([400, 'invalid_grant']);
		expect(expired.json.error_description).toMatch(/^The code expired at /);
	});

	it('names a missing or unserved grant type, a body that is not a form, and another method', async () => {
		const none = await flow.tokenCall({ ...flow.secretOf() });
		expect(none.json).toEqual({ error: 'invalid_request', error_description: 'grant_type is missing.' });
		const password = await flow.tokenCall({ grant_type: 'password', ...flow.secretOf() });
		expect([password.status, password.json.error]).toEqual([400, 'unsupported_grant_type']);
		const asJson = await fetch(`${h.sandbox.identityBaseUrl}/connect/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ grant_type: 'refresh_token' }),
		});
		expect([asJson.status, ((await asJson.json()) as any).error]).toEqual([400, 'invalid_request']);
		const get = await fetch(`${h.sandbox.identityBaseUrl}/connect/token`);
		expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
	});

	it('an unknown scope, or none that reaches the API, is invalid_scope', async () => {
		const { challenge } = pkce();
		const unknown = await flow.openForm(flow.request(challenge, { scope: 'openid Mindbody.Api.Public.v6 admin' }));
		expect(redirectError(unknown.location).error).toBe('invalid_scope');
		expect(redirectError(unknown.location).description).toContain('Unknown scope admin');
		const noApi = await flow.openForm(flow.request(challenge, { scope: 'openid profile' }));
		expect(redirectError(noApi.location)).toEqual({
			error: 'invalid_scope',
			description: 'scope must include Mindbody.Api.Public.v6 for a token the API accepts.',
		});
	});

	it('the admin API refuses a client without redirect URIs, and a clientId already taken', async () => {
		const empty = await h.admin('POST', '/identity/clients', { clientId: 'x', redirectUris: [] });
		expect(empty.status).toBe(400);
		expect(empty.json.error).toContain('redirectUris');
		const taken = await h.admin('POST', '/identity/clients', {
			clientId: h.sandbox.oauthClient.clientId,
			redirectUris: [N8N_CALLBACK],
		});
		expect(taken.status).toBe(409);
		const unknownToken = await h.admin('POST', '/identity/revoke', { refreshToken: 'nope' });
		expect(unknownToken.status).toBe(404);
	});
});
