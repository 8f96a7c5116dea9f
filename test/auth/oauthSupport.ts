import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	IRun,
} from 'n8n-workflow';
import { Workflow, createDeferredPromise, createRunExecutionData, deepCopy } from 'n8n-workflow';

import { MindbodyOAuth2Api } from '../../credentials/MindbodyOAuth2Api.credentials';
import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import type { Sandbox } from '../../sandbox';
import type { Harness } from '../../sandbox/test/harness';
import { identityFlow } from '../../sandbox/identity/oauthFlow';
import { InMemoryCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes, MINDBODY, PACKAGE, START, credentialTypes } from '../harness/nodeTypes';
import { buildAdditionalData } from '../harness/runWorkflow';

export const OAUTH_TYPE = 'mindbodyOAuth2Api';
export const POLL_TRIGGER = `${PACKAGE}.mindbodyPollTrigger`;

/**
 * n8n's credentials helper for an OAuth2 credential as its CLI behaves: the type extends
 * oAuth2Api (n8n-core then signs and refreshes through its OAuth client), and the tokens a
 * refresh gives are stored with the credential (`updateCredentialsOauthTokenData`).
 */
export class OAuthCredentialsHelper extends InMemoryCredentialsHelper {
	/** Each time n8n stored refreshed tokens. */
	readonly storedTokens: IDataObject[] = [];

	constructor() {
		super({ ...credentialTypes, [OAUTH_TYPE]: new MindbodyOAuth2Api() });
	}

	// n8n's helper is asked with the type; the harness's base class declares no parameters.
	getParentTypes(type?: string): string[] {
		return type === OAUTH_TYPE ? ['oAuth2Api'] : [];
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials?: INodeCredentialsDetails,
		_type?: string,
		data?: ICredentialDataDecryptedObject,
	): Promise<void> {
		if (!nodeCredentials || !data) throw new Error('n8n stores refreshed tokens with the credential they belong to');
		const id = String(nodeCredentials.id);
		this.storedTokens.push(data.oauthTokenData as IDataObject);
		this.set(id, { ...this.get(id), oauthTokenData: data.oauthTokenData });
	}
}

/**
 * The credential as n8n holds it after Connect: the fields n8n's editor saves (the type's and
 * oAuth2Api's it overrides, defaults resolved) and the token answer under `oauthTokenData`.
 */
export function oauthCredentialData(sandbox: Sandbox, oauthTokenData?: IDataObject): ICredentialDataDecryptedObject {
	return {
		grantType: 'pkce',
		authUrl: `${sandbox.identityBaseUrl}/connect/authorize`,
		accessTokenUrl: `${sandbox.identityBaseUrl}/connect/token`,
		clientId: sandbox.oauthClient.clientId,
		clientSecret: sandbox.oauthClient.clientSecret ?? '',
		scope: new MindbodyOAuth2Api().properties.find((property) => property.name === 'scope')!.default as string,
		authQueryParameters: `subscriberId=${sandbox.siteId}`,
		authentication: 'header',
		apiKey: sandbox.apiKey,
		siteId: sandbox.siteId,
		baseUrl: sandbox.restBaseUrl,
		webhooksBaseUrl: sandbox.webhooksBaseUrl,
		...(oauthTokenData ? { oauthTokenData } : {}),
	};
}

/** The sandbox's sign-in run as a browser and n8n's callback would: the token answer n8n stores. */
export async function signIn(sandbox: Sandbox, login: { username: string; password: string }): Promise<IDataObject> {
	const flow = identityFlow({ sandbox } as Harness);
	return (await flow.tokensFor(login)) as unknown as IDataObject;
}

/**
 * A credential holding the tokens of a fresh sign-in of `login` (the staff login by default), with
 * `changes` made to its fields after the sign-in.
 */
export async function connected(
	sandbox: Sandbox,
	login: { username: string; password: string } = sandbox.staffLogin,
	changes: ICredentialDataDecryptedObject = {},
): Promise<{ credentials: OAuthCredentialsHelper; tokens: IDataObject }> {
	const tokens = await signIn(sandbox, login);
	const credentials = new OAuthCredentialsHelper();
	credentials.set('oauth', { ...oauthCredentialData(sandbox, tokens), ...changes });
	return { credentials, tokens };
}

export interface OAuthRun {
	run: IRun;
	status: IRun['status'];
	json: IDataObject[];
	error?: Error & { description?: string };
}

/** One Mindbody node with the OAuth credential (Authentication: OAuth2), in n8n's engine. */
export async function runWithOAuth(
	credentials: OAuthCredentialsHelper,
	parameters: INodeParameters,
	credentialId = 'oauth',
): Promise<OAuthRun> {
	const nodes: INode[] = [
		{ id: 'start', name: 'Start', type: START, typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'node-0',
			name: 'Mindbody',
			type: MINDBODY,
			typeVersion: 1,
			position: [200, 0],
			parameters: { authentication: 'oAuth2', ...parameters },
			credentials: { [OAUTH_TYPE]: { id: credentialId, name: 'Mindbody OAuth' } },
		},
	];
	const workflow = new Workflow({
		id: 'oauth',
		name: 'oauth',
		nodes,
		connections: { Start: { main: [[{ node: 'Mindbody', type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: new HarnessNodeTypes(),
		settings: { executionOrder: 'v1' },
	});
	const hooks = new ExecutionLifecycleHooks('manual', `oauth-${Date.now()}`, {
		id: 'oauth',
		name: 'oauth',
		active: false,
		isArchived: false,
		nodes,
		connections: workflow.connectionsBySourceNode,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	});
	const done = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }] },
	});
	await new WorkflowExecute(
		buildAdditionalData(credentials, { hooks }),
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const run = await done.promise;
	const last = run.data.resultData.runData.Mindbody?.at(-1);
	return {
		run,
		status: run.status,
		json: ((last?.data?.main?.[0] ?? []) as INodeExecutionData[]).map((item) => item.json),
		error: (last?.error ?? run.data.resultData.error) as OAuthRun['error'],
	};
}

/** One poll of the Poll Trigger with the OAuth credential, as n8n's scheduler runs it. */
export async function pollWithOAuth(
	credentials: OAuthCredentialsHelper,
	parameters: INodeParameters,
	credentialId = 'oauth',
): Promise<INodeExecutionData[][] | null> {
	const node: INode = {
		id: 'poll',
		name: 'Mindbody Poll Trigger',
		type: POLL_TRIGGER,
		typeVersion: 1,
		position: [0, 0],
		parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, authentication: 'oAuth2', ...parameters },
		credentials: { [OAUTH_TYPE]: { id: credentialId, name: 'Mindbody OAuth' } },
	};
	const workflow = new Workflow({
		id: 'oauth-poll',
		name: 'oauth poll',
		nodes: [deepCopy(node)],
		connections: {},
		active: true,
		nodeTypes: new HarnessNodeTypes({ [POLL_TRIGGER]: new MindbodyPollTrigger() }),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const live = workflow.getNode(node.name)!;
	const context = new PollContext(
		workflow,
		live,
		buildAdditionalData(credentials),
		'trigger',
		'activate',
		() => undefined,
		() => undefined,
	);
	return await new TriggersAndPollers().runPoll(workflow, live, context);
}
