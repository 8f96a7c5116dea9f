import { LoadOptionsContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { operations as catalogue } from '../../nodes/shared/catalogue';
import { V6_OPERATIONS } from '../../document/facts';
import { HarnessNodeTypes, MINDBODY } from '../harness/nodeTypes';
import { newCredentials, runWorkflow, type RunResult } from '../harness/runWorkflow';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { SiteData } from '../../sandbox/data/types';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { sandboxCredentialData } from '../support/sandboxCredentials';

/** A Monday morning, so weekday availability and "today" are predictable (as the sandbox tests use). */
export const TEST_START = '2026-03-02T08:00:00Z';
export const NODE = 'Mindbody';

export interface RunOneOptions {
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** Stored credential id: 'mindbody' (staff login, default) or 'noUser' (userMode none). */
	credential?: string;
	/** The workflow's Timezone setting: the zone n8n's DateTime values are in. */
	timezone?: string;
}

export interface NodeRun extends RunResult {
	/** The Mindbody node's output items (json and pairedItem). */
	items: INodeExecutionData[];
	/** The same items, json only. */
	jsonItems: IDataObject[];
}

export interface NodeSandboxOptions extends SandboxOptions {
	/**
	 * Reset the sandbox's data (and the credentials) before each test, for files that compare
	 * the node's output with what the sandbox holds. Otherwise only the request log is cleared.
	 */
	resetEachTest?: boolean;
}

export interface NodeHarness {
	sandbox: Sandbox;
	site(): SiteData;
	credentials: ReturnType<typeof newCredentials>;
	/** Runs one Mindbody node with these parameters in the real engine. */
	run(parameters: INodeParameters, options?: RunOneOptions): Promise<NodeRun>;
	/** Requests the sandbox received on this path (relative to /public/v6), optionally by method. */
	requests(path: string, method?: string): LoggedRequest[];
	/** The last request the sandbox received on this path; fails when there is none. */
	lastRequest(path: string, method?: string): LoggedRequest;
	/** Every REST request except token issues. */
	apiRequests(): LoggedRequest[];
	/** The Bearer token the 'mindbody' credential sends: issued (staff login) or pasted (token mode). */
	token(): string;
	/** REST/webhook calls of one catalogue operation (`resource.operation`, see `sandboxKey`), in order. */
	calls(operation: string): LoggedRequest[];
	/** The one call of the operation; fails when there was not exactly one. */
	only(operation: string): LoggedRequest;
	/**
	 * A node method (listSearch or loadOptions) run through n8n-core's LoadOptionsContext, with the
	 * node's parameters as the editor sends them (a Class Get Upcoming node unless given).
	 */
	listSearch(
		method: string,
		filter?: string,
		parameters?: INodeParameters,
		paginationToken?: string,
	): Promise<INodeListSearchResult>;
	loadOptions(method: string, parameters?: INodeParameters): Promise<INodePropertyOptions[]>;
	/** The workflow's Timezone setting the dropdowns run with; n8n's default zone when unset. */
	dropdownTimezone?: string;
	/** Every entry of a searchable dropdown, page after page as the editor reads on while scrolling. */
	everyEntry(method: string, filter?: string, parameters?: INodeParameters): Promise<INodeListSearchResult['results']>;
}

/** Parsed JSON body of a logged request (undefined when empty). */
export const bodyOf = (request: LoggedRequest): unknown =>
	request.rawBody ? (JSON.parse(request.rawBody) as unknown) : undefined;

/**
 * One sandbox per test file (seed 7 around TEST_START), a staff-login credential pointing at it
 * ('mindbody') and one without a user token ('noUser'). Before each test the log is cleared; the
 * data is kept (a reset revokes the held token), so tests pick records not used before, unless
 * `resetEachTest` resets the data and issues fresh credentials.
 */
/**
 * The sandbox logs and faults a request under its own key for the operation: the v6 document's
 * operation id (`AddClientToClass`), or method and path for one the spec lists (`GET /Business/Categories`).
 * Node tests name operations as the node does (`class.addClient`); this is the one translation, from the
 * node's catalogue: its method and path, or the v6 document's operation its facts are.
 */
export function sandboxKey(nodeName: string): string {
	const op = catalogue.find((entry) => `${entry.resource}.${entry.operation}` === nodeName);
	if (!op) throw new Error(`No operation ${nodeName} in the node's catalogue`);
	if (!op.v6) return `${op.method} ${op.path}`;
	const id = Object.keys(V6_OPERATIONS).find((key) => V6_OPERATIONS[key as keyof typeof V6_OPERATIONS] === op.v6);
	if (!id) throw new Error(`${nodeName}: its facts are not among the v6 document's operations`);
	return id;
}

export function useNodeSandbox(options: NodeSandboxOptions = {}): NodeHarness {
	const { resetEachTest, ...sandboxOptions } = options;
	const harness = {} as NodeHarness;
	const freshCredentials = () => {
		harness.credentials = newCredentials({
			mindbody: sandboxCredentialData(harness.sandbox),
			noUser: sandboxCredentialData(harness.sandbox, 'none'),
		});
	};
	beforeAll(async () => {
		harness.sandbox = await startSandbox({ seed: 7, startAt: TEST_START, ...sandboxOptions });
		freshCredentials();
	});
	afterAll(async () => {
		await harness.sandbox?.stop();
	});
	beforeEach(() => {
		if (!resetEachTest) return harness.sandbox.log.clear();
		harness.sandbox.reset();
		freshCredentials();
	});

	harness.site = () => harness.sandbox.state.main;
	harness.run = async (parameters, runOptions = {}) => {
		const result = await runWorkflow({
			credentials: harness.credentials,
			nodes: [
				{
					name: NODE,
					parameters,
					continueOnFail: runOptions.continueOnFail,
					credential: runOptions.credential,
				},
			],
			items: runOptions.items,
			timezone: runOptions.timezone,
		});
		return Object.assign(result, { items: result.output(NODE), jsonItems: result.json(NODE) });
	};
	harness.requests = (path, method) => harness.sandbox.log.list({ service: 'rest', path, method });
	harness.lastRequest = (path, method) => {
		const found = harness.requests(path, method).at(-1);
		if (!found) throw new Error(`The sandbox received no ${method ?? ''} request on ${path}`);
		return found;
	};
	harness.apiRequests = () =>
		harness.sandbox.log.list({ service: 'rest' }).filter((r) => !/^\/usertoken\//i.test(r.path));
	harness.token = () => {
		const data = harness.credentials.get('mindbody');
		return String((data?.userMode === 'token' ? data.userToken : data?.accessToken) ?? '');
	};
	harness.calls = (operation) => harness.sandbox.log.list({ operation: sandboxKey(operation) });
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
			settings: {
				executionOrder: 'v1',
				...(harness.dropdownTimezone ? { timezone: harness.dropdownTimezone } : {}),
			},
		});
		const additionalData = {
			credentialsHelper: harness.credentials,
			currentNodeParameters: parameters,
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
	type Search = (this: unknown, filter?: string, token?: string) => Promise<INodeListSearchResult>;
	harness.listSearch = async (method, filter, parameters = dropdownNode, paginationToken) => {
		const fn = (methods.listSearch as Record<string, Search>)[method];
		return await fn.call(context(parameters), filter, paginationToken);
	};
	harness.loadOptions = async (method, parameters = dropdownNode) => {
		const fn = (methods.loadOptions as Record<string, (this: unknown) => Promise<INodePropertyOptions[]>>)[method];
		return await fn.call(context(parameters));
	};
	harness.everyEntry = async (method, filter, parameters) => {
		const entries: INodeListSearchResult['results'] = [];
		let token: string | undefined;
		for (let pages = 0; pages < 50; pages++) {
			const page = await harness.listSearch(method, filter, parameters, token);
			entries.push(...page.results);
			token = page.paginationToken as string | undefined;
			if (token === undefined) break;
		}
		return entries;
	};
	return harness;
}

/**
 * The headers every REST call carries (API-Key, SiteId) and Authorization exactly where the
 * catalogue marks the operation A.
 */
export function expectHeaders(
	h: NodeHarness,
	request: LoggedRequest,
	userToken: boolean,
	siteId = h.sandbox.siteId,
): void {
	expect(request.headers['api-key']).toBe(h.sandbox.apiKey);
	expect(request.headers.siteid).toBe(String(siteId));
	if (userToken) {
		expect(h.token()).not.toBe('');
		expect(request.headers.authorization).toBe(`Bearer ${h.token()}`);
	} else {
		expect(request.headers.authorization).toBeUndefined();
	}
	expect(request.headers['transaction-key']).toBeUndefined();
	expect(request.headers['x-requestdeduplication-skip']).toBeUndefined();
}

/** Every output item paired to the input item given (by index in the list). */
export const pairs = (items: INodeExecutionData[]) =>
	items.map((item) => (item.pairedItem as { item: number } | undefined)?.item);

/** Query of a logged request as ordered [key, value] pairs, as it went over the wire. */
export const queryPairs = (request: LoggedRequest): Array<[string, string]> => [
	...new URLSearchParams(request.rawQuery.replace(/^\?/, '')).entries(),
];

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
	const response = await fetch(
		`${base}${request.path}${request.rawQuery ? `?${request.rawQuery.replace(/^\?/, '')}` : ''}`,
		{
			method: request.method,
			headers,
		},
	);
	const text = await response.text();
	return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** A value picked from a list, as the editor keeps it: the value and, when given, the entry's label. */
export const picked = (value: string | number, cachedResultName?: string) => ({
	__rl: true,
	mode: 'list',
	value: String(value),
	...(cachedResultName ? { cachedResultName } : {}),
});
