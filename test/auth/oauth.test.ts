import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { sandboxKey } from '../node/support';
import { connected, OAuthCredentialsHelper, oauthCredentialData, pollWithOAuth, runWithOAuth } from './oauthSupport';

/**
 * The Mindbody node and the Poll Trigger with the OAuth credential (Authentication: OAuth2), in
 * n8n's engine against the sandbox, whose identity service the tokens come from: n8n signs the
 * requests that act for the person signed in, and refreshes an expired token once.
 */
let sandbox: Sandbox;
const HOUR = 3600 * 1000;

beforeAll(async () => {
	sandbox = await startSandbox({ seed: 7, startAt: Date.now() });
});
afterAll(async () => {
	await sandbox?.stop();
});
beforeEach(() => sandbox.reset());

const summary = (clientId: string) => ({
	resource: 'frontDesk',
	operation: 'clientSummary',
	clientId: { __rl: true, mode: 'id', value: clientId },
});

const someClient = () => sandbox.state.main.clients[0].ClientId;

/** REST requests of a node operation, as the sandbox logged them. */
const callsOf = (operation: string) =>
	sandbox.log.list().filter((request) => request.service === 'rest' && request.operation === sandboxKey(operation));

const refreshes = () =>
	sandbox.identityActivity().filter((entry) => entry.kind === 'tokenIssued' && entry.grantType === 'refresh_token');

/** Nothing secret of the credential in what a run gives back. */
function expectNoSecrets(text: string, tokens: IDataObject) {
	for (const secret of [tokens.access_token, tokens.refresh_token, sandbox.oauthClient.clientSecret]) {
		expect(typeof secret).toBe('string');
		expect(text).not.toContain(secret as string);
	}
}

describe('Mindbody OAuth2 credential in the Mindbody node', () => {
	test('a Front Desk task acts as the staff member signed in: the bearer token beside the API key and Site ID', async () => {
		const { credentials, tokens } = await connected(sandbox);
		const result = await runWithOAuth(credentials, summary(someClient()));
		expect(result.error?.message).toBeUndefined();
		expect(result.status).toBe('success');
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toHaveProperty('clientId');

		const info = callsOf('client.getCompleteInfo');
		expect(info).toHaveLength(1);
		expect(info[0].headers.authorization).toBe(`Bearer ${String(tokens.access_token)}`);
		expect(info[0].headers['api-key']).toBe(sandbox.apiKey);
		expect(info[0].headers.siteid).toBe(String(sandbox.siteId));
		// Every request went to the REST base, each signed one with the token the sign-in gave.
		const signed = sandbox.log.list().filter((request) => request.headers.authorization !== undefined);
		expect(signed.length).toBeGreaterThan(0);
		expect(signed.every((request) => request.service === 'rest' && request.status === 200)).toBe(true);
		expect(refreshes()).toHaveLength(0);
		expectNoSecrets(JSON.stringify(result.json), tokens);
	});

	test('the access token expired on the sandbox clock: one refresh, stored with the credential, and the call succeeds', async () => {
		const { credentials, tokens } = await connected(sandbox);
		await sandbox.clock.advance(2 * HOUR);
		const result = await runWithOAuth(credentials, summary(someClient()));
		expect(result.error?.message).toBeUndefined();
		expect(result.status).toBe('success');
		expect(refreshes()).toHaveLength(1);
		expect(credentials.storedTokens).toHaveLength(1);
		const renewed = credentials.get('oauth')!.oauthTokenData as IDataObject;
		expect(renewed.access_token).not.toBe(tokens.access_token);
		// One try refused with the expired token, sent again with the new one; every later one carries the new one.
		const signed = sandbox.log.list().filter((request) => request.headers.authorization !== undefined);
		expect(signed[0]).toMatchObject({
			status: 401,
			headers: { authorization: `Bearer ${String(tokens.access_token)}` },
		});
		expect(signed[1].operation).toBe(signed[0].operation);
		for (const request of signed.slice(1)) {
			expect(request).toMatchObject({
				status: 200,
				headers: { authorization: `Bearer ${String(renewed.access_token)}` },
			});
		}
		expect(callsOf('client.getCompleteInfo').map((request) => request.status)).toEqual([200]);

		// The next run uses the stored token: no refresh.
		const again = await runWithOAuth(credentials, summary(someClient()));
		expect(again.status).toBe('success');
		expect(refreshes()).toHaveLength(1);
	});

	test('the refresh token revoked: the run fails saying to reconnect the credential, and the operation was not made', async () => {
		const { credentials, tokens } = await connected(sandbox);
		const revoked = await fetch(`${sandbox.adminUrl}/identity/revoke`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ refreshToken: tokens.refresh_token }),
		});
		expect(revoked.status).toBe(200);
		await sandbox.clock.advance(2 * HOUR);
		const result = await runWithOAuth(credentials, summary(someClient()));
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/no longer accepts this credential's sign-in.*invalid_grant/);
		expect(result.error?.description).toMatch(/reconnect it/);
		expect(result.error?.description).toMatch(/Nothing was sent/);
		// The one try with the expired token was refused; after the refused refresh, nothing more was sent.
		const signed = sandbox.log.list().filter((request) => request.headers.authorization !== undefined);
		expect(signed.map((request) => request.status)).toEqual([401]);
		expect(callsOf('client.getCompleteInfo')).toHaveLength(0);
		expect(sandbox.identityActivity().some((entry) => entry.kind === 'tokenRefused')).toBe(true);
		expect(refreshes()).toHaveLength(0);
		expectNoSecrets(JSON.stringify(result.run.data.resultData), tokens);
	});

	test("a consumer's sign-in on an operation for staff: refused, naming staff", async () => {
		const { credentials, tokens } = await connected(sandbox, sandbox.consumerLogin);
		const result = await runWithOAuth(credentials, { resource: 'dashboard', operation: 'getSummary' });
		expect(result.status).toBe('error');
		const text = `${result.error?.message ?? ''} ${result.error?.description ?? ''}`;
		expect(text).toMatch(/staff/i);
		expect(result.error?.description).toMatch(/staff member's sign-in, not a consumer's/);
		expectNoSecrets(JSON.stringify(result.run.data.resultData), tokens);
	});

	test('a credential never connected: refused before anything is sent', async () => {
		const credentials = new OAuthCredentialsHelper();
		credentials.set('oauth', oauthCredentialData(sandbox));
		const result = await runWithOAuth(credentials, summary(someClient()));
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/Mindbody OAuth2 API credential is not connected/);
		expect(sandbox.log.list().filter((request) => request.service === 'rest')).toHaveLength(0);
	});
});

describe('Mindbody OAuth2 credential in the Poll Trigger', () => {
	test('New Client polls with the staff sign-in', async () => {
		const { credentials, tokens } = await connected(sandbox);
		await pollWithOAuth(credentials, { event: 'clientCreated' });
		const reads = sandbox.log
			.list()
			.filter((request) => request.service === 'rest' && request.path.toLowerCase().startsWith('/client/clients'));
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.every((request) => request.status === 200)).toBe(true);
		expect(reads[0].headers.authorization).toBe(`Bearer ${String(tokens.access_token)}`);
		expect(reads[0].headers['api-key']).toBe(sandbox.apiKey);
	});
});
