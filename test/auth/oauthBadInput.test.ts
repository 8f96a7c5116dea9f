import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { connected, runWithOAuth } from './oauthSupport';

/**
 * What a run with the OAuth credential says when the credential is wrong after connecting: each
 * error names the field to fix, and no token or secret is in it. (The identity service's own
 * refusals of a wrong client, redirect URI, verifier or site at sign-in are sandbox/identity's tests.)
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

const summary = () => ({
	resource: 'frontDesk',
	operation: 'clientSummary',
	clientId: { __rl: true, mode: 'id', value: sandbox.state.main.clients[0].ClientId },
});

function expectNoSecrets(text: string, tokens: IDataObject) {
	for (const secret of [tokens.access_token, tokens.refresh_token, sandbox.oauthClient.clientSecret]) {
		expect(text).not.toContain(secret as string);
	}
}

const restCalls = () => sandbox.log.list().filter((request) => request.service === 'rest');

describe('Mindbody OAuth2 credential: bad input names what to fix', () => {
	test('a wrong client secret at the refresh names Client ID and Client Secret; nothing more is sent', async () => {
		const { credentials, tokens } = await connected(sandbox, sandbox.staffLogin, { clientSecret: 'not-the-secret' });
		await sandbox.clock.advance(2 * HOUR);
		const result = await runWithOAuth(credentials, summary());
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/refused the OAuth client's ID or secret/);
		expect(result.error?.description).toMatch(/Correct Client ID and Client Secret/);
		expect(restCalls().map((request) => request.status)).toEqual([401]);
		expectNoSecrets(JSON.stringify(result.run.data.resultData), tokens);
	});

	test('a wrong client ID at the refresh is refused the same way', async () => {
		const { credentials } = await connected(sandbox, sandbox.staffLogin, { clientId: 'no-such-client' });
		await sandbox.clock.advance(2 * HOUR);
		const result = await runWithOAuth(credentials, summary());
		expect(result.error?.description).toMatch(/Correct Client ID and Client Secret/);
	});

	test('a Site ID the API key cannot reach: the error names the site and says to check Site ID', async () => {
		const { credentials, tokens } = await connected(sandbox, sandbox.staffLogin, { siteId: 123456 });
		const result = await runWithOAuth(credentials, summary());
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/not linked to site 123456/);
		expect(result.error?.description).toMatch(/API key is linked to the Site ID/);
		expectNoSecrets(JSON.stringify(result.run.data.resultData), tokens);
	});

	test('Site ID changed to another site than the one signed in to: refreshed once, then the error says to check Site ID and reconnect', async () => {
		const { credentials, tokens } = await connected(sandbox, sandbox.staffLogin, { siteId: sandbox.secondSiteId });
		const result = await runWithOAuth(credentials, summary());
		expect(result.status).toBe('error');
		expect(result.error?.description).toMatch(/sign-in holds for the site signed in to\. Check Site ID/);
		expect(result.error?.description).toMatch(/reconnect the credential/);
		expect(result.error?.description).not.toMatch(/Staff Login|Paste a Token/);
		// One try, one refresh, one try again: then the error, nothing more.
		expect(restCalls().map((request) => request.status)).toEqual([401, 401]);
		const refreshes = sandbox
			.identityActivity()
			.filter((entry) => entry.kind === 'tokenIssued' && entry.grantType === 'refresh_token');
		expect(refreshes).toHaveLength(1);
		expectNoSecrets(JSON.stringify(result.run.data.resultData), tokens);
	});
});
