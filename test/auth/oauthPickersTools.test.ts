import { ExecuteContext, LoadOptionsContext } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodeType,
	IRunExecutionData,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import { HarnessNodeTypes, PACKAGE } from '../harness/nodeTypes';
import { buildAdditionalData } from '../harness/runWorkflow';
import { connected, OAUTH_TYPE, OAuthCredentialsHelper } from './oauthSupport';

/**
 * The dropdowns and the agent-tool form of the Mindbody node with the OAuth credential, in n8n's
 * engine: a searchable dropdown reads through n8n's LoadOptionsContext, and the node run as an AI
 * agent's tool (its `$fromAI` fields given by the tool call) goes through n8n's own tool wrapper;
 * both send the signed-in person's token and refresh an expired one once.
 */
let sandbox: Sandbox;
const HOUR = 3600 * 1000;
const TOOL_TYPE = `${PACKAGE}.mindbodyTool`;
const AGENT_TYPE = 'test.agent';

beforeAll(async () => {
	sandbox = await startSandbox({ seed: 7, startAt: Date.now() });
});
afterAll(async () => {
	await sandbox?.stop();
});
beforeEach(() => sandbox.reset());

const oauthNode = (name: string, type: string, parameters: INode['parameters']): INode => ({
	id: name,
	name,
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters: { authentication: 'oAuth2', ...parameters },
	credentials: { [OAUTH_TYPE]: { id: 'oauth', name: 'Mindbody OAuth' } },
});

const refreshes = () =>
	sandbox.identityActivity().filter((entry) => entry.kind === 'tokenIssued' && entry.grantType === 'refresh_token');

const signedReads = (path: string) =>
	sandbox.log
		.list({ service: 'rest', method: 'GET' })
		.filter((request) => request.path.toLowerCase() === path && request.headers.authorization);

/** A searchable dropdown of the node, as the editor fills it. */
async function searchClients(credentials: OAuthCredentialsHelper, filter: string): Promise<INodeListSearchResult> {
	const parameters = { authentication: 'oAuth2', resource: 'frontDesk', operation: 'clientSummary' };
	const node = oauthNode('Mindbody', `${PACKAGE}.mindbody`, parameters);
	const workflow = new Workflow({
		id: 'pickers',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes(),
		settings: { executionOrder: 'v1' },
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		buildAdditionalData(credentials, { currentNodeParameters: parameters }),
		'parameters',
	);
	const search = new Mindbody().methods.listSearch.searchClients as (
		this: unknown,
		filter?: string,
	) => Promise<INodeListSearchResult>;
	return await search.call(context, filter);
}

/**
 * The node as n8n offers it to an agent (its description renamed `…Tool`, its output an AI tool, as
 * n8n's loader makes it), below a stand-in agent that calls the tool once with `args`.
 */
async function callAsTool(credentials: OAuthCredentialsHelper, args: IDataObject): Promise<unknown> {
	const mindbody = new Mindbody();
	const tool: INodeType = {
		description: { ...mindbody.description, name: 'mindbodyTool', inputs: [], outputs: [NodeConnectionTypes.AiTool] },
		methods: mindbody.methods,
		execute: mindbody.execute,
	};
	const agent: INodeType = {
		description: {
			displayName: 'Agent',
			name: 'agent',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, required: true }],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
				invoke(input: IDataObject): Promise<unknown>;
			}>;
			return [[{ json: { answer: (await tools[0].invoke(args)) as string } }]];
		},
	};
	const toolNode = oauthNode('Client Summary', TOOL_TYPE, {
		resource: 'frontDesk',
		operation: 'clientSummary',
		clientId: { __rl: true, mode: 'id', value: "={{ $fromAI('clientId', 'The client\\'s ID', 'string') }}" },
	});
	const agentNode: INode = {
		id: 'agent',
		name: 'Agent',
		type: AGENT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workflow = new Workflow({
		id: 'tools',
		nodes: [agentNode, toolNode],
		connections: { 'Client Summary': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] } },
		active: false,
		nodeTypes: new HarnessNodeTypes({ [TOOL_TYPE]: tool, [AGENT_TYPE]: agent }),
		settings: { executionOrder: 'v1' },
	});
	const runExecutionData: IRunExecutionData = createRunExecutionData({});
	const input = [{ json: {} }];
	const context = new ExecuteContext(
		workflow,
		agentNode,
		buildAdditionalData(credentials),
		'manual',
		runExecutionData,
		0,
		input,
		{ main: [input] },
		{ node: agentNode, data: { main: [input] }, source: null },
		[],
	);
	const [[item]] = (await agent.execute!.call(context)) as INodeExecutionData[][];
	return item.json.answer;
}

describe('Mindbody OAuth2 credential in the dropdowns', () => {
	test("a client search sends the signed-in staff member's token; an expired one is refreshed once", async () => {
		const { credentials, tokens } = await connected(sandbox);
		const client = sandbox.state.main.clients[0];
		const found = await searchClients(credentials, client.LastName);
		expect(found.results.map((entry) => String(entry.value))).toContain(client.Id.toString());
		const reads = signedReads('/client/clients');
		expect(reads.length).toBeGreaterThan(0);
		expect(reads[0].headers.authorization).toBe(`Bearer ${String(tokens.access_token)}`);
		expect(reads[0].headers['api-key']).toBe(sandbox.apiKey);

		await sandbox.clock.advance(2 * HOUR);
		const again = await searchClients(credentials, client.LastName);
		expect(again.results.map((entry) => String(entry.value))).toContain(client.Id.toString());
		expect(refreshes()).toHaveLength(1);
		expect(credentials.storedTokens).toHaveLength(1);
	});
});

describe('Mindbody OAuth2 credential in the node as an agent tool', () => {
	test("the tool call's client ID reaches the Front Desk task, sent with the signed-in staff member's token", async () => {
		const { credentials, tokens } = await connected(sandbox);
		const client = sandbox.state.main.clients[1];
		const answer = await callAsTool(credentials, { clientId: client.ClientId });
		expect(typeof answer).toBe('string');
		expect(answer as string).toContain(client.ClientId);
		const info = sandbox.log
			.list({ service: 'rest' })
			.filter((request) => request.path.toLowerCase() === '/client/clientcompleteinfo');
		expect(info).toHaveLength(1);
		expect(info[0].headers.authorization).toBe(`Bearer ${String(tokens.access_token)}`);
		expect(info[0].query['request.clientId']).toEqual([client.ClientId]);
		for (const secret of [tokens.access_token, tokens.refresh_token]) expect(answer).not.toContain(secret);
	});

	test('a consumer signed in: the tool answers that the task needs a staff member, and no token is in it', async () => {
		const { credentials, tokens } = await connected(sandbox, sandbox.consumerLogin);
		const other = sandbox.state.main.clients.find((entry) => entry.Email !== sandbox.consumerLogin.username)!;
		const answer = String(
			await callAsTool(credentials, { clientId: other.ClientId }).catch((error: Error) => error.message),
		);
		expect(answer).toMatch(/staff|not allowed|403/i);
		for (const secret of [tokens.access_token, tokens.refresh_token]) expect(answer).not.toContain(secret);
	});
});
