/**
 * Sign in with Mindbody in a real n8n: the Mindbody OAuth2 API credential is made in the editor
 * (headless Chromium) with the values docs/oauth.md gives for the sandbox (README links its steps), connected through n8n's popup
 * and the sandbox's sign-in page, and used by a Front Desk task, a Poll Trigger and examples/08's MCP server. The sandbox's
 * clock moves past the access token's life: the next run refreshes once and succeeds. The sign-in
 * revoked: the run fails saying to reconnect, and the operation is not made. A wrong client secret
 * is refused at Connect, saying so. No token, client secret or code verifier is in any stored
 * execution, n8n's database or its log.
 */
import * as fs from 'fs';
import * as path from 'path';

import { openEditor, type EditorSession } from '../../scripts/screenshot';
import type { IdentityActivity, Sandbox } from '../../sandbox';
import { connectMcp } from './support/mcpSdk';
import { admin, exampleWith, nodeOutput, startE2eSandbox, tarball, until, VERSION } from './support/mindbody';
import type { Execution, N8n, WorkflowJson } from './support/n8n';
import {
	connectInEditor,
	documentedOAuthFields,
	OAUTH_CREDENTIAL_TYPE,
	sandboxOAuthFields,
	signInFromEditor,
} from './support/oauthEditor';
import {
	addClients,
	firstNames,
	nextPoll,
	pollStateStored,
	pollWaitMs,
	pollWorkflow,
	POLL_NODE,
} from './support/pollTrigger';
import { sharedN8n } from './support/sharedN8n';

jest.setTimeout(180_000);

const OWNER = { email: 'owner@example.com', password: 'E2e-password-1' };
const HOUR = 3600 * 1000;
const TASK_PATH = 'oauth-client-summary';
const TASK_NODE = 'Client Summary';
const MCP_PATH = 'mindbody-oauth';
const MCP_TOKEN = 'e2e-mcp-oauth-token-0123456789';

function taskWorkflow(credentialId: string, clientId: string): WorkflowJson {
	return {
		name: 'oauth: Front Desk client summary',
		nodes: [
			{
				id: '0a0e0001-0000-4000-8000-000000000001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0a0e0001-0000-4000-8000-0000000000aa',
				parameters: { httpMethod: 'POST', path: TASK_PATH, responseMode: 'onReceived', options: {} },
			},
			{
				id: '0a0e0001-0000-4000-8000-000000000002',
				name: TASK_NODE,
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					authentication: 'oAuth2',
					resource: 'frontDesk',
					operation: 'clientSummary',
					clientId: { __rl: true, mode: 'id', value: clientId },
				},
				credentials: { [OAUTH_CREDENTIAL_TYPE]: { id: credentialId, name: 'Mindbody OAuth2' } },
			},
		],
		connections: { Webhook: { main: [[{ node: TASK_NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

const refreshes = (activity: IdentityActivity[]) =>
	activity.filter((entry) => entry.kind === 'tokenIssued' && entry.grantType === 'refresh_token');

describe(`Sign in with Mindbody in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let editor: EditorSession;
	let credentialId = '';
	let taskId = '';
	let pollId = '';
	let mcpId = '';
	const clientId = () => sandbox.state.main.clients[0].ClientId;

	/** Runs the Front Desk task once through its webhook; the new execution, finished. */
	async function runTask(): Promise<Execution> {
		const before = (await n8n.executions(taskId)).length;
		expect((await n8n.webhook(TASK_PATH, { body: {} })).status).toBe(200);
		const runs = await n8n.waitForExecutions(taskId, before + 1);
		return runs[0];
	}

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		n8n = await sharedN8n(VERSION, tarball());
		editor = await openEditor({ editorUrl: n8n.baseUrl, ...OWNER, timeoutMs: 30_000 });
	});

	afterAll(async () => {
		await editor?.close();
		for (const id of [pollId, taskId, mcpId]) if (id) await n8n.deactivate(id).catch(() => undefined);
		await sandbox?.stop();
	});

	it('the credential made in the editor connects through the sandbox sign-in page in the popup', async () => {
		const startedAt = Date.now();
		// What docs/oauth.md tells a newcomer: its values are the sandbox's, and they connect.
		const documented = documentedOAuthFields(sandbox);
		expect(documented.fields).toEqual(sandboxOAuthFields(sandbox));
		const { username, password } = sandbox.staffLogin;
		expect(documented.steps).toContain(`\`${username}\` / \`${password}\``);
		// Where npm start's n8n makes a credential: its editor's page for a new one.
		expect(documented.steps).toMatch(/http:\/\/127\.0\.0\.1:5678\/home\/credentials\/create/);
		const connected = await connectInEditor(editor.page, editor.origin, documented.fields, sandbox.staffLogin);
		expect(connected.banner).toMatch(/Account connected/);
		expect(connected.redirectUrl).toBe(`${n8n.baseUrl}/rest/oauth2-credential/callback`);
		// n8n's authorize call: PKCE (S256), the scopes, the site as subscriberId, its own callback.
		const asked = connected.authorizeUrl.searchParams;
		expect(`${connected.authorizeUrl.origin}${connected.authorizeUrl.pathname}`).toBe(
			`${sandbox.identityBaseUrl}/connect/authorize`,
		);
		expect(asked.get('code_challenge_method')).toBe('S256');
		expect(asked.get('subscriberId')).toBe(String(sandbox.siteId));
		expect(asked.get('scope')).toBe('email profile openid offline_access Mindbody.Api.Public.v6');
		expect(asked.get('redirect_uri')).toBe(connected.redirectUrl);

		const activity = sandbox.identityActivity();
		expect(activity.map((entry) => entry.kind)).toEqual(['signIn', 'tokenIssued']);
		expect(activity[0]).toMatchObject({ username: sandbox.staffLogin.username, siteId: sandbox.siteId });
		// n8n's token call sends the PKCE verifier, and not subscriberId (the sign-in named the site).
		expect(activity[1].grantType).toBe('authorization_code');
		expect(activity[1].fields).toEqual(expect.arrayContaining(['code', 'code_verifier', 'redirect_uri']));
		expect(activity[1].fields).not.toContain('subscriberId');

		// The editor saved it, connected, as one of the owner's credentials.
		const listed = await n8n.api('GET', '/credentials');
		const mine = ((listed.json as { data: Array<{ id: string; type: string; createdAt: string }> }).data ?? []).filter(
			(credential) => credential.type === OAUTH_CREDENTIAL_TYPE && Date.parse(credential.createdAt) >= startedAt - 1000,
		);
		expect(mine).toHaveLength(1);
		credentialId = mine[0].id;
	});

	it('a Front Desk task runs as the staff member signed in; past the token’s life the next run refreshes once', async () => {
		expect(credentialId).not.toBe('');
		taskId = await n8n.importWorkflow(taskWorkflow(credentialId, clientId()));

		const first = await runTask();
		expect(first.status).toBe('success');
		const [summary] = nodeOutput(first, TASK_NODE);
		expect(summary).toHaveProperty('clientId');
		const signed = sandbox.log.list({ service: 'rest' }).filter((request) => request.headers.authorization);
		expect(signed.length).toBeGreaterThan(0);
		expect(signed.every((request) => request.status === 200 && request.headers['api-key'] === sandbox.apiKey)).toBe(
			true,
		);
		expect(refreshes(sandbox.identityActivity())).toHaveLength(0);

		await admin(sandbox, 'POST', 'clock/advance', { ms: 2 * HOUR });
		const afterExpiry = await runTask();
		expect(afterExpiry.status).toBe('success');
		expect(nodeOutput(afterExpiry, TASK_NODE)[0]).toHaveProperty('clientId');
		expect(refreshes(sandbox.identityActivity())).toHaveLength(1);

		// The refreshed token, stored by n8n, serves the next run without another refresh.
		expect((await runTask()).status).toBe('success');
		expect(refreshes(sandbox.identityActivity())).toHaveLength(1);
	});

	it('a Poll Trigger on the OAuth credential passes a new client on once', async () => {
		const seq = sandbox.log.list().at(-1)?.seq ?? 0;
		const workflow = pollWorkflow(credentialId, VERSION, { event: 'clientCreated', authentication: 'oAuth2' });
		pollId = await n8n.importWorkflow({
			...workflow,
			name: 'oauth: poll clientCreated',
			nodes: workflow.nodes.map((node) => ({
				...node,
				credentials: { [OAUTH_CREDENTIAL_TYPE]: { id: credentialId, name: 'Mindbody OAuth2' } },
			})),
		});
		expect(await until(() => pollStateStored(n8n, pollId), Boolean, pollWaitMs(VERSION) + 30_000)).toBe(true);
		await addClients(sandbox, ['Oauthpoll']);
		const polled = await until(
			async () => (await n8n.executions(pollId)).filter((run) => run.stoppedAt),
			(runs) => runs.length > 0,
			pollWaitMs(VERSION) + 30_000,
		);
		// The next poll passes nothing on: the client is passed on once.
		await nextPoll(sandbox, pollWaitMs(VERSION));
		const runs = (await n8n.executions(pollId)).filter((run) => run.stoppedAt);
		expect(polled.length).toBeGreaterThan(0);
		expect(runs.map((run) => run.status)).toEqual(runs.map(() => 'success'));
		expect(firstNames(runs.flatMap((run) => nodeOutput(run, POLL_NODE)))).toEqual(['Oauthpoll']);
		const reads = sandbox.log
			.list({ service: 'rest', method: 'GET', path: '/client/clients' })
			.filter((request) => request.seq > seq);
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.every((request) => String(request.headers.authorization).startsWith('Bearer '))).toBe(true);
		await n8n.deactivate(pollId);
	});

	it('examples/08, the MCP server, on the OAuth credential: a tool call answers with the signed-in person’s token', async () => {
		const bearerId = await n8n.createCredential({
			name: 'Mindbody MCP server token (OAuth)',
			type: 'httpBearerAuth',
			data: { token: MCP_TOKEN },
		});
		const example = exampleWith('08-mindbody-mcp-server.json', { MCP_BEARER_CREDENTIAL_ID: bearerId });
		// Its own path beside examples/08 as the MCP suite activates it in the same n8n.
		const nodes = example.nodes.map((node) =>
			node.type === 'n8n-nodes-mindbody.mindbodyTool'
				? {
						...node,
						parameters: { ...(node.parameters as object), authentication: 'oAuth2' },
						credentials: { [OAUTH_CREDENTIAL_TYPE]: { id: credentialId, name: 'Mindbody OAuth2' } },
					}
				: node.type === '@n8n/n8n-nodes-langchain.mcpTrigger'
					? {
							...node,
							webhookId: '0a0e0001-0000-4000-8000-0000000008aa',
							parameters: { ...(node.parameters as object), path: MCP_PATH },
						}
					: node,
		);
		mcpId = await n8n.importWorkflow({ ...example, name: 'oauth: the Mindbody MCP server', nodes });
		const url = `${n8n.baseUrl}/mcp/${MCP_PATH}`;
		const client = await until(
			() => connectMcp(url, { authorization: `Bearer ${MCP_TOKEN}` }).catch(() => undefined),
			Boolean,
			60_000,
		);
		try {
			const seq = sandbox.log.list().at(-1)?.seq ?? 0;
			const { now } = await admin<{ now: string }>(sandbox, 'GET', 'clock');
			const day = new Date(Date.parse(now) + 86400000).toISOString().slice(0, 10);
			const result = await until(
				() => client!.callTool({ name: 'Classes_in_the_Next_Days', arguments: { startDate: day, endDate: day } }),
				(r) => !r.isError,
			);
			expect(result.isError).toBeFalsy();
			const [part] = result.content as Array<{ type: string; text?: string }>;
			const answered = JSON.parse(part.text!) as Array<{ Id: number }>;
			expect(answered.length).toBeGreaterThan(0);
			const sent = sandbox.log.list({ service: 'rest' }).filter((request) => request.seq > seq);
			expect(sent.map((request) => request.operation)).toEqual(['GetClasses']);
			expect(sent.every((request) => String(request.headers.authorization).startsWith('Bearer '))).toBe(true);
			expect(sent.filter((request) => /^\/usertoken\//i.test(request.path))).toEqual([]);
		} finally {
			await client!.close();
		}
	});

	it('the sign-in revoked: the run fails saying to reconnect the credential, and the operation is not made', async () => {
		const revoked = await admin<{ revoked: number }>(sandbox, 'POST', 'identity/revoke', {
			username: sandbox.staffLogin.username,
		});
		expect(revoked.revoked).toBe(1);
		await admin(sandbox, 'POST', 'clock/advance', { ms: 2 * HOUR });
		const seq = sandbox.log.list().at(-1)?.seq ?? 0;

		const failed = await runTask();
		expect(failed.status).toBe('error');
		const error = failed.data?.resultData.error as { message?: string; description?: string } | undefined;
		expect(error?.message).toMatch(/no longer accepts this credential's sign-in/);
		expect(error?.description).toMatch(/reconnect it/);
		// The expired token was refused once; after the refused refresh nothing more went to the REST API.
		const sent = sandbox.log.list().filter((request) => request.seq > seq && request.service === 'rest');
		expect(sent.map((request) => request.status)).toEqual([401]);
		expect(sandbox.identityActivity().at(-1)).toMatchObject({ kind: 'tokenRefused', error: 'invalid_grant' });
	});

	it('a wrong client secret: the popup says the client was refused and the credential is not connected', async () => {
		const fields = { ...sandboxOAuthFields(sandbox), clientSecret: 'not-the-client-secret' };
		const { dialog, popup } = await signInFromEditor(editor.page, editor.origin, fields, sandbox.staffLogin);
		await popup.getByText('Failed to connect').waitFor({ state: 'attached' });
		const said = String(await popup.locator('body').textContent());
		expect(said).toMatch(/Client authentication failed/);
		expect(said).toMatch(/invalid_client/);
		// 2.8 shows the identity service's words too; 2.41 only its code.
		if (VERSION === '2.8.4') expect(said).toMatch(/The client_secret is wrong for client 'sandbox-oauth-client'/);
		expect(await dialog.locator('[data-test-id="oauth-connect-success-banner"]').isVisible()).toBe(false);
		expect(sandbox.identityActivity().at(-1)).toMatchObject({ kind: 'tokenRefused', error: 'invalid_client' });
	});

	it('no access token, refresh token, client secret or code verifier is in an execution, the database or the log', async () => {
		const secrets = sandbox.identitySecrets();
		expect(secrets.accessTokens.length).toBeGreaterThanOrEqual(2);
		expect(secrets.refreshTokens.length).toBeGreaterThanOrEqual(2);
		// The sign-in that connected and the one refused for its client secret.
		expect(secrets.codeVerifiers).toHaveLength(2);
		const all = [...secrets.accessTokens, ...secrets.refreshTokens, ...secrets.codeVerifiers, ...secrets.clientSecrets];
		const executions = JSON.stringify([...(await n8n.executions(taskId)), ...(await n8n.executions(pollId))]);
		expect(executions.length).toBeGreaterThan(1000);
		const database = path.join(n8n.userFolder, '.n8n');
		const stored = fs
			.readdirSync(database)
			.filter((file) => file.startsWith('database.sqlite'))
			.map((file) => fs.readFileSync(path.join(database, file)).toString('latin1'))
			.join('\n');
		const log = fs.readFileSync(n8n.logFile, 'utf8');
		for (const secret of all) {
			expect({ secret: secret.slice(0, 6), inExecutions: executions.includes(secret) }).toEqual({
				secret: secret.slice(0, 6),
				inExecutions: false,
			});
			expect({ secret: secret.slice(0, 6), inDatabase: stored.includes(secret) }).toEqual({
				secret: secret.slice(0, 6),
				inDatabase: false,
			});
			expect({ secret: secret.slice(0, 6), inLog: log.includes(secret) }).toEqual({
				secret: secret.slice(0, 6),
				inLog: false,
			});
		}
	});
});
