/**
 * The workflows the bench runs in n8n. Each measured job is a Webhook node (answering when the
 * workflow is done, with no data, so the reply stays small) in front of the node being measured;
 * the node's own execution time is read from the stored execution.
 */
import type { WorkflowJson } from '../n8n';
import type { SandboxInfo } from './sandbox';

export type { WorkflowJson };

export interface Credentials {
	mindbody: { id: string; name: string };
	headerAuth: { id: string; name: string };
}

/** The node every measured workflow times. */
export const MEASURED = 'Measured';

const SETTINGS = { executionOrder: 'v1' };
let counter = 0;
const nodeId = () => `b3c4d5e6-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

function webhookNode(path: string, responseMode: 'lastNode' | 'onReceived') {
	return {
		id: nodeId(),
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: nodeId(),
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode,
			...(responseMode === 'lastNode' ? { responseData: 'noData' } : {}),
			options: {},
		},
	};
}

/** Start → [Split Out the body's `items`] → Measured. */
function measuredWorkflow(
	name: string,
	path: string,
	measured: Record<string, unknown>,
	splitItems: boolean,
): WorkflowJson {
	const nodes: Array<Record<string, unknown>> = [webhookNode(path, 'lastNode')];
	const connections: Record<string, unknown> = {};
	let previous = 'Start';
	if (splitItems) {
		nodes.push({
			id: nodeId(),
			name: 'Items',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [200, 0],
			parameters: { fieldToSplitOut: 'body.items', options: {} },
		});
		connections.Start = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		previous = 'Items';
	}
	nodes.push({ id: nodeId(), name: MEASURED, position: [400, 0], ...measured });
	connections[previous] = { main: [[{ node: MEASURED, type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: SETTINGS };
}

const mindbodyNode = (packageName: string, credentials: Credentials, parameters: Record<string, unknown>) => ({
	type: `${packageName}.mindbody`,
	typeVersion: 1,
	parameters,
	credentials: { mindbodyApi: credentials.mindbody },
});

interface HttpOptions {
	method: 'GET' | 'POST';
	url: string;
	headers: Array<[string, string]>;
	query?: Array<[string, string]>;
	jsonBody?: string;
	headerAuth?: Credentials['headerAuth'];
	options?: Record<string, unknown>;
}

function httpRequestNode(http: HttpOptions) {
	const pairs = (list: Array<[string, string]>) => ({ parameters: list.map(([name, value]) => ({ name, value })) });
	return {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: http.method,
			url: http.url,
			...(http.headerAuth
				? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }
				: { authentication: 'none' }),
			sendQuery: !!http.query,
			...(http.query ? { queryParameters: pairs(http.query) } : {}),
			sendHeaders: true,
			headerParameters: pairs(http.headers),
			sendBody: http.jsonBody !== undefined,
			...(http.jsonBody !== undefined ? { contentType: 'json', specifyBody: 'json', jsonBody: http.jsonBody } : {}),
			options: http.options ?? {},
		},
		...(http.headerAuth ? { credentials: { httpHeaderAuth: http.headerAuth } } : {}),
	};
}

export function salesMindbody(packageName: string, credentials: Credentials): WorkflowJson {
	return measuredWorkflow(
		'bench: sales details, Mindbody node',
		'bench-sales-mindbody',
		mindbodyNode(packageName, credentials, {
			resource: 'sale',
			operation: 'getDetails',
			returnAll: true,
			filters: {},
		}),
		false,
	);
}

/** Client: Get Many, Return All: a list of the v6 document (pages with their TotalResults). */
export function clientsMindbody(packageName: string, credentials: Credentials): WorkflowJson {
	return measuredWorkflow(
		'bench: clients, Mindbody node',
		'bench-clients-mindbody',
		mindbodyNode(packageName, credentials, {
			resource: 'client',
			operation: 'getMany',
			returnAll: true,
			simplify: false,
			// Every client, inactive ones too, as the other sides read them.
			filters: { includeInactive: true },
		}),
		false,
	);
}

interface PagedList {
	name: string;
	path: string;
	url: string;
	headers: Array<[string, string]>;
	query: Array<[string, string]>;
	/** The expression that tells a short (the last) page. */
	lastPage: string;
}

/** The HTTP Request node's own pagination: offset from the page count, stop on a short page. */
function pagedHttpRequest(list: PagedList, pageSize: number): WorkflowJson {
	return measuredWorkflow(
		list.name,
		list.path,
		httpRequestNode({
			method: 'GET',
			url: list.url,
			headers: list.headers,
			query: [['request.limit', String(pageSize)], ...list.query],
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: 'request.offset', value: `={{ $pageCount * ${pageSize} }}` }],
						},
						paginationCompleteWhen: 'other',
						completeExpression: list.lastPage,
					},
				},
			},
		}),
		false,
	);
}

/** GET /client/clients (every client) with a staff token. */
export const clientsHttpRequest = (sandbox: SandboxInfo, pageSize: number, token: string): WorkflowJson =>
	pagedHttpRequest(
		{
			name: 'bench: clients, HTTP Request node',
			path: 'bench-clients-http',
			url: `${sandbox.restBaseUrl}/client/clients`,
			headers: [
				['API-Key', sandbox.apiKey],
				['SiteId', String(sandbox.siteId)],
				['Authorization', `Bearer ${token}`],
			],
			query: [['request.includeInactive', 'true']],
			lastPage: `={{ $response.body.Clients.length < ${pageSize} }}`,
		},
		pageSize,
	);

/** GET /Business/Sales/SalesDetails: its pages are bare arrays. */
export const salesHttpRequest = (sandbox: SandboxInfo, pageSize: number): WorkflowJson =>
	pagedHttpRequest(
		{
			name: 'bench: sales details, HTTP Request node',
			path: 'bench-sales-http',
			url: `${sandbox.restBaseUrl}/Business/Sales/SalesDetails`,
			headers: [
				['API-Key', sandbox.apiKey],
				['SiteId', String(sandbox.siteId)],
			],
			query: [],
			lastPage: `={{ $response.body.length < ${pageSize} }}`,
		},
		pageSize,
	);

export type CompleteMode = 'default' | 'unbatched' | 'batched';

/** Appointment → Complete, one input item per appointment id. */
export function completeMindbody(packageName: string, credentials: Credentials, mode: CompleteMode): WorkflowJson {
	const options = mode === 'default' ? {} : { batch: mode === 'batched' };
	return measuredWorkflow(
		`bench: complete appointments, Mindbody node (${mode})`,
		`bench-complete-mindbody-${mode}`,
		mindbodyNode(packageName, credentials, {
			resource: 'appointment',
			operation: 'complete',
			ids: '={{ [$json.id] }}',
			options,
		}),
		true,
	);
}

/** The same call with the HTTP Request node, one request per item, token and key as headers or the key in a Header Auth credential. */
export function completeHttpRequest(
	sandbox: SandboxInfo,
	token: string,
	headerAuth?: Credentials['headerAuth'],
): WorkflowJson {
	const headers: Array<[string, string]> = [
		...(headerAuth ? [] : ([['API-Key', sandbox.apiKey]] as Array<[string, string]>)),
		['SiteId', String(sandbox.siteId)],
		['Authorization', `Bearer ${token}`],
	];
	return measuredWorkflow(
		`bench: complete appointments, HTTP Request node${headerAuth ? ' with Header Auth' : ''}`,
		`bench-complete-http${headerAuth ? '-auth' : ''}`,
		httpRequestNode({
			method: 'POST',
			url: `${sandbox.restBaseUrl}/Business/Schedules/Appointments/Complete`,
			headers,
			jsonBody: '={{ JSON.stringify([$json.id]) }}',
			headerAuth,
		}),
		true,
	);
}

/** The node both delivery workflows feed: a Set node reading the event. */
function downstreamNode() {
	return {
		id: nodeId(),
		name: 'Downstream',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [240, 0],
		parameters: {
			assignments: {
				assignments: [
					{ id: 'a1', name: 'messageId', value: '={{ $json.messageId ?? $json.body.messageId }}', type: 'string' },
					{
						id: 'a2',
						name: 'clientId',
						value: '={{ ($json.eventData ?? $json.body.eventData).clientId }}',
						type: 'string',
					},
				],
			},
			options: {},
		},
	};
}

export function deliveriesTrigger(packageName: string, credentials: Credentials, webhookId: string): WorkflowJson {
	return {
		name: 'bench: deliveries, Mindbody Trigger',
		nodes: [
			{
				id: nodeId(),
				name: 'Start',
				type: `${packageName}.mindbodyTrigger`,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events: ['client.created'], options: {} },
				credentials: { mindbodyApi: credentials.mindbody },
			},
			downstreamNode(),
		],
		connections: { Start: { main: [[{ node: 'Downstream', type: 'main', index: 0 }]] } },
		settings: SETTINGS,
	};
}

export function deliveriesWebhook(path: string): WorkflowJson {
	return {
		name: 'bench: deliveries, Webhook node',
		nodes: [webhookNode(path, 'onReceived'), downstreamNode()],
		connections: { Start: { main: [[{ node: 'Downstream', type: 'main', index: 0 }]] } },
		settings: SETTINGS,
	};
}

/**
 * What a user builds for the trigger's guarantees from n8n's own nodes: the Webhook node keeping
 * the raw body, a Crypto node taking its HMAC-SHA256 (base64, keyed with the subscription's
 * signature key, held in a Crypto credential), an IF comparing that with the live service's
 * X-Mindbody-Signature header, and Remove Duplicates dropping a messageId seen in an earlier
 * execution (a record of 2,000, as the trigger keeps).
 */
export function deliveriesDiy(path: string, crypto: { id: string; name: string }): WorkflowJson {
	const start = webhookNode(path, 'onReceived');
	start.parameters.options = { rawBody: true };
	const into = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		name: 'bench: deliveries, Webhook + Crypto + IF + Remove Duplicates',
		nodes: [
			start,
			{
				id: nodeId(),
				name: 'Signature',
				type: 'n8n-nodes-base.crypto',
				typeVersion: 2,
				position: [200, 0],
				parameters: {
					action: 'hmac',
					binaryData: true,
					binaryPropertyName: 'data',
					type: 'SHA256',
					dataPropertyName: 'signature',
					encoding: 'base64',
				},
				credentials: { crypto },
			},
			{
				id: nodeId(),
				name: 'Signed',
				type: 'n8n-nodes-base.if',
				typeVersion: 2.2,
				position: [400, 0],
				parameters: {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
						conditions: [
							{
								id: 'c1',
								leftValue: "={{ $json.headers['x-mindbody-signature'] }}",
								rightValue: '=sha256={{ $json.signature }}',
								operator: { type: 'string', operation: 'equals' },
							},
						],
						combinator: 'and',
					},
					options: {},
				},
			},
			{
				id: nodeId(),
				name: 'New',
				type: 'n8n-nodes-base.removeDuplicates',
				typeVersion: 2,
				position: [600, 0],
				parameters: {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsWithAlreadySeenKeyValues',
					dedupeValue: '={{ $json.body.messageId }}',
					options: { historySize: 2000 },
				},
			},
			{ ...downstreamNode(), position: [800, 0] },
		],
		connections: {
			Start: into('Signature'),
			Signature: into('Signed'),
			Signed: into('New'),
			New: into('Downstream'),
		},
		settings: SETTINGS,
	};
}
