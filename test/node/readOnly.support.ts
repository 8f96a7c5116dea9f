import { LoadOptionsContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { HarnessNodeTypes, MINDBODY } from '../harness/nodeTypes';
import { newCredentials, runWorkflow, type RunResult } from '../harness/runWorkflow';
import { startSandbox, type Sandbox } from '../sandbox';
import type { LoggedRequest } from '../sandbox/requestLog';
import { sandboxCredentialData } from '../support/sandboxCredentials';

/** A Monday morning, so "today", upcoming classes and enrollments are predictable. */
export const TEST_START = '2026-03-02T08:00:00Z';
export const NODE = 'Mindbody';

export interface NodeRun extends RunResult {
	/** Items of the node, json only. */
	items: IDataObject[];
}

export interface ReadOnlyHarness {
	sandbox: Sandbox;
	credentials: ReturnType<typeof newCredentials>;
	/** Runs the Mindbody node once with these parameters over the given input items. */
	run(
		parameters: INodeParameters,
		options?: { items?: IDataObject[]; continueOnFail?: boolean },
	): Promise<NodeRun>;
	/** REST/webhook calls of one catalogue operation (`resource.operation`), in order. */
	calls(operation: string): LoggedRequest[];
	/** The one call of the operation; fails when there was not exactly one. */
	only(operation: string): LoggedRequest;
	/** A node method (listSearch or loadOptions) run through n8n-core's LoadOptionsContext. */
	listSearch(method: string, filter?: string): Promise<INodeListSearchResult>;
	loadOptions(method: string): Promise<INodePropertyOptions[]>;
}

/**
 * One sandbox for the file, reset before each test; the credential logs in as the site owner,
 * so operations marked A get a staff token issued through UserToken/Issue.
 */
export function useReadOnlySandbox(): ReadOnlyHarness {
	const harness = {} as ReadOnlyHarness;

	beforeAll(async () => {
		harness.sandbox = await startSandbox({ allowLoopbackHttp: true, startAt: TEST_START, seed: 7 });
	});
	afterAll(async () => {
		await harness.sandbox?.stop();
	});
	beforeEach(() => {
		const { sandbox } = harness;
		sandbox.reset();
		harness.credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox) });
	});

	harness.run = async (parameters, options = {}) => {
		const result = await runWorkflow({
			credentials: harness.credentials,
			nodes: [{ name: NODE, parameters, continueOnFail: options.continueOnFail }],
			items: options.items,
		});
		return Object.assign(result, { items: result.json(NODE) });
	};
	harness.calls = (operation) => harness.sandbox.log.list({ operation });
	harness.only = (operation) => {
		const calls = harness.calls(operation);
		expect(calls).toHaveLength(1);
		return calls[0];
	};

	const context = (parameters: INodeParameters) => {
		const node: INode = {
			id: 'node-0',
			name: NODE,
			type: MINDBODY,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: { mindbodyApi: { id: 'mindbody', name: 'Mindbody' } },
		};
		const workflow = new Workflow({
			id: 'harness',
			name: 'harness',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: new HarnessNodeTypes(),
			settings: { executionOrder: 'v1' },
		});
		const additionalData = {
			credentialsHelper: harness.credentials,
			currentNodeExecutionIndex: 0,
			variables: {},
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		} as unknown as IWorkflowExecuteAdditionalData;
		return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	};
	const methods = new Mindbody().methods;
	const dropdownNode = { resource: 'class', operation: 'getUpcoming' };
	harness.listSearch = async (method, filter) => {
		const fn = (methods.listSearch as Record<string, (this: unknown, f?: string) => Promise<INodeListSearchResult>>)[method];
		return await fn.call(context(dropdownNode), filter);
	};
	harness.loadOptions = async (method) => {
		const fn = (methods.loadOptions as Record<string, (this: unknown) => Promise<INodePropertyOptions[]>>)[method];
		return await fn.call(context(dropdownNode));
	};
	return harness;
}

/** Query of a logged request as ordered [key, value] pairs, as it went over the wire. */
export const queryPairs = (request: LoggedRequest): Array<[string, string]> =>
	[...new URLSearchParams(request.rawQuery.replace(/^\?/, '')).entries()];

/** What every REST request of the node carries; Authorization only where the spec marks A. */
export function expectRestHeaders(request: LoggedRequest, sandbox: Sandbox, userToken: boolean) {
	expect(request.headers['siteid']).toBe(String(sandbox.siteId));
	expect(request.headers['api-key']).toBe(sandbox.apiKey);
	if (userToken) expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
	else expect(request.headers.authorization).toBeUndefined();
}

/** Webhook-service requests: API-Key only, no SiteId, no Authorization. */
export function expectWebhookHeaders(request: LoggedRequest, sandbox: Sandbox) {
	expect(request.headers['api-key']).toBe(sandbox.apiKey);
	expect(request.headers['siteid']).toBeUndefined();
	expect(request.headers.authorization).toBeUndefined();
}

/** JSON round trip, so sandbox objects compare like the node's output. */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** pairedItem of every output item of the node's last run. */
export const pairedItems = (result: RunResult) => result.output(NODE).map((item) => item.pairedItem);

/** Sends a logged GET again, with its headers, and gives the JSON the sandbox answers. */
export async function replay(sandbox: Sandbox, request: LoggedRequest): Promise<{ status: number; json: unknown }> {
	const base = request.service === 'webhooks' ? sandbox.webhooksBaseUrl : sandbox.restBaseUrl;
	const headers: Record<string, string> = {};
	for (const name of ['api-key', 'siteid', 'authorization']) {
		const value = request.headers[name];
		if (typeof value === 'string') headers[name] = value;
	}
	const response = await fetch(`${base}${request.path}${request.rawQuery ? `?${request.rawQuery.replace(/^\?/, '')}` : ''}`, {
		method: request.method,
		headers,
	});
	const text = await response.text();
	return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
