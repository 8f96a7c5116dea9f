import { useSandbox } from '../test/harness';
import { ALL_SCOPES, API_SCOPE, claimsOf, identityFlow, N8N_CALLBACK, pkce } from './oauthFlow';

const h = useSandbox();
const flow = identityFlow(h);

const HOUR = 3600 * 1000;

describe('Sign in with Mindbody: the code flow with PKCE', () => {
	afterEach(() => h.sandbox.reset());

	it('GET /connect/authorize shows a sign-in form naming the client and the site, carrying the request', async () => {
		const { challenge } = pkce();
		const form = await flow.openForm(flow.request(challenge, { state: 'xyz-state' }));
		expect(form.status).toBe(200);
		expect(form.text).toContain('<form method="post">');
		expect(form.text).toContain('Sandbox Integration');
		expect(form.text).toContain('Sandbox Wellness Studio');
		expect(form.text).toContain(`name="code_challenge" value="${challenge}"`);
		expect(form.text).toContain('name="state" value="xyz-state"');
	});

	it('a staff login: a code with the state, then an access token the REST API takes as that staff member’s user token', async () => {
		const owner = h.site().logins.find((login) => login.Username === h.sandbox.staffLogin.username)!;
		const { code, verifier, location, sent } = await flow.codeFor(h.sandbox.staffLogin);
		expect(`${location.origin}${location.pathname}`).toBe(N8N_CALLBACK);
		expect(location.searchParams.get('state')).toBe(sent.state);
		const answer = await flow.tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: N8N_CALLBACK,
			code_verifier: verifier,
			...flow.secretOf(),
		});
		expect(answer.status).toBe(200);
		expect(answer.headers.get('cache-control')).toBe('no-store');
		expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: ALL_SCOPES });
		expect(typeof answer.json.refresh_token).toBe('string');
		const claims = claimsOf(answer.json.access_token);
		expect(claims).toMatchObject({
			sub: String(owner.UserId),
			user_type: 'Staff',
			subscriberId: -99,
			client_id: h.sandbox.oauthClient.clientId,
			aud: API_SCOPE,
			iss: h.sandbox.identityBaseUrl,
		});
		expect(claims.exp - claims.iat).toBe(3600);
		expect(claimsOf(answer.json.id_token)).toMatchObject({
			sub: String(owner.UserId),
			aud: h.sandbox.oauthClient.clientId,
		});

		expect((await h.call('GET', '/Dashboard/Summary')).status).toBe(401);
		const summary = await h.call('GET', '/Dashboard/Summary', { token: answer.json.access_token });
		expect(summary.status).toBe(200);
		// The token is the user's at the site signed in to, not at another.
		const elsewhere = await h.call('GET', '/Dashboard/Summary', { token: answer.json.access_token, siteId: -98 });
		expect(elsewhere.status).toBe(401);
	});

	it('a consumer login: the access token reaches her own client only, and a staff operation answers 403', async () => {
		const consumer = h.site().logins.find((login) => login.Type === 'Consumer')!;
		const tokens = await flow.tokensFor(h.sandbox.consumerLogin);
		expect(claimsOf(tokens.access_token)).toMatchObject({ sub: String(consumer.UserId), user_type: 'Consumer' });
		const own = await h.call('GET', '/client/clientcompleteinfo', {
			token: tokens.access_token,
			query: { 'request.clientId': String(consumer.UserId) },
		});
		expect(own.status).toBe(200);
		const other = h.site().clients.find((client) => client.Id !== consumer.UserId)!;
		const foreign = await h.call('GET', '/client/clientcompleteinfo', {
			token: tokens.access_token,
			query: { 'request.clientId': other.ClientId },
		});
		expect(foreign.status).toBe(403);
		const staffOnly = await h.call('GET', '/Dashboard/Summary', { token: tokens.access_token });
		expect([staffOnly.status, staffOnly.text]).toEqual([403, 'This operation needs a staff user token.']);
	});

	it('the access token expires 3,600 s after it was issued, on the sandbox clock', async () => {
		const tokens = await flow.tokensFor(h.sandbox.staffLogin);
		await h.sandbox.clock.advance(HOUR - 1000);
		expect((await h.call('GET', '/Dashboard/Summary', { token: tokens.access_token })).status).toBe(200);
		await h.sandbox.clock.advance(1000);
		const expired = await h.call('GET', '/Dashboard/Summary', { token: tokens.access_token });
		expect([expired.status, expired.text]).toEqual([401, 'The user token has expired: renew or issue a new one.']);
	});

	it('a refresh gives a new access token and a new refresh token; the used refresh token is refused with invalid_grant', async () => {
		const first = await flow.tokensFor(h.sandbox.staffLogin);
		await h.sandbox.clock.advance(HOUR + 1000);
		const refreshed = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: first.refresh_token!,
			...flow.secretOf(),
		});
		expect(refreshed.status).toBe(200);
		expect(refreshed.json.refresh_token).toEqual(expect.any(String));
		expect(refreshed.json.refresh_token).not.toBe(first.refresh_token);
		expect(refreshed.json.access_token).not.toBe(first.access_token);
		expect((await h.call('GET', '/Dashboard/Summary', { token: refreshed.json.access_token })).status).toBe(200);

		const again = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: first.refresh_token!,
			...flow.secretOf(),
		});
		expect(again.status).toBe(400);
		expect(again.json.error).toBe('invalid_grant');
		expect(again.json.error_description).toMatch(/already used/);
		// The one the refresh gave works once in turn.
		const next = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: refreshed.json.refresh_token,
			...flow.secretOf(),
		});
		expect(next.status).toBe(200);
	});

	it('a refresh token revoked through the admin API is refused with invalid_grant, by token or by user', async () => {
		const byToken = await flow.tokensFor(h.sandbox.staffLogin);
		expect((await h.admin('POST', '/identity/revoke', { refreshToken: byToken.refresh_token })).json).toEqual({
			revoked: 1,
		});
		const refused = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: byToken.refresh_token!,
			...flow.secretOf(),
		});
		expect([refused.status, refused.json.error]).toEqual([400, 'invalid_grant']);
		expect(refused.json.error_description).toMatch(/revoked/);

		const consumer = await flow.tokensFor(h.sandbox.consumerLogin);
		const staff = await flow.tokensFor(h.sandbox.staffLogin);
		const byUser = await h.admin('POST', '/identity/revoke', { username: h.sandbox.consumerLogin.username });
		expect(byUser.json).toEqual({ revoked: 1 });
		const consumerRefresh = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: consumer.refresh_token!,
			...flow.secretOf(),
		});
		expect(consumerRefresh.json.error).toBe('invalid_grant');
		const staffRefresh = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: staff.refresh_token!,
			...flow.secretOf(),
		});
		expect(staffRefresh.status).toBe(200);
	});

	it('without offline_access there is no refresh token; without openid no id token', async () => {
		const tokens = await flow.tokensFor(h.sandbox.staffLogin, { scope: API_SCOPE });
		expect(tokens.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
		expect(tokens.refresh_token).toBeUndefined();
		expect(tokens.id_token).toBeUndefined();
	});

	it('a wrong password shows the form again with the reason; Cancel redirects with access_denied', async () => {
		const { challenge } = pkce();
		const sent = flow.request(challenge);
		const wrong = await flow.submit(sent, { username: h.sandbox.staffLogin.username, password: 'not-it' });
		expect(wrong.status).toBe(401);
		expect(wrong.location).toBeUndefined();
		expect(wrong.text).toContain('The username or password is wrong.');
		const cancelled = await flow.submit(sent, { username: '', password: '' }, 'cancel');
		expect(cancelled.status).toBe(302);
		expect(Object.fromEntries(cancelled.location!.searchParams)).toEqual({
			error: 'access_denied',
			error_description: 'The user cancelled the sign-in.',
			state: sent.state,
		});
	});

	it('a public client registered through the admin API signs in with PKCE alone, on its own redirect URI', async () => {
		const registered = await h.admin('POST', '/identity/clients', {
			clientId: 'spa-client',
			redirectUris: ['http://localhost:3000/callback'],
		});
		expect(registered.status).toBe(201);
		const { code, verifier } = await flow.codeFor(h.sandbox.consumerLogin, {
			client_id: 'spa-client',
			redirect_uri: 'http://localhost:3000/callback',
		});
		const answer = await flow.tokenCall({
			grant_type: 'authorization_code',
			code,
			redirect_uri: 'http://localhost:3000/callback',
			code_verifier: verifier,
			client_id: 'spa-client',
			subscriberId: '-99',
		});
		expect(answer.status).toBe(200);
		expect(claimsOf(answer.json.access_token).client_id).toBe('spa-client');
		// The seeded client's n8n callback is not this client's.
		const { challenge } = pkce();
		const refused = await flow.openForm(flow.request(challenge, { client_id: 'spa-client' }));
		expect(refused.status).toBe(400);
	});

	it('records sign-ins and tokens issued with the tokens masked', async () => {
		const tokens = await flow.tokensFor(h.sandbox.staffLogin);
		const activity = h.sandbox.identityActivity();
		expect(activity.map((entry) => entry.kind)).toEqual(['signIn', 'tokenIssued']);
		expect(activity[1]).toMatchObject({
			grantType: 'authorization_code',
			siteId: -99,
			user: expect.stringMatching(/^Staff \d+ /),
		});
		const recorded = JSON.stringify(activity);
		expect(recorded).not.toContain(tokens.access_token);
		expect(recorded).not.toContain(tokens.refresh_token);
		expect(activity[1].accessToken).toBe(`${tokens.access_token.slice(0, 4)}…${tokens.access_token.slice(-4)}`);
		expect((await h.admin('GET', '/identity/activity')).json).toEqual(activity);
	});

	it('publishes its OpenID configuration with the endpoints and S256 only', async () => {
		const answer = await fetch(`${h.sandbox.identityBaseUrl}/.well-known/openid-configuration`);
		const config = (await answer.json()) as any;
		expect(config).toMatchObject({
			issuer: h.sandbox.identityBaseUrl,
			authorization_endpoint: `${h.sandbox.identityBaseUrl}/connect/authorize`,
			token_endpoint: `${h.sandbox.identityBaseUrl}/connect/token`,
			code_challenge_methods_supported: ['S256'],
		});
		expect(config.scopes_supported).toEqual(expect.arrayContaining(ALL_SCOPES.split(' ')));
	});
});
