import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow, createDeferredPromise, createRunExecutionData } from 'n8n-workflow';

import { InMemoryCredentialsHelper } from './credentialsHelper';
import { HarnessNodeTypes, MINDBODY, START, credentialTypes } from './nodeTypes';

export interface HarnessNode {
	name: string;
	type?: string;
	parameters: INodeParameters;
	/** Id of the stored credential to use (default 'mindbody'); false for none. */
	credential?: string | false;
	continueOnFail?: boolean;
}

export interface RunOptions {
	nodes: HarnessNode[];
	/** Items the start node hands to the first node. */
	items?: IDataObject[];
	/** Connections; by default the nodes run in a chain after the start node. */
	connections?: IConnections;
	credentials: InMemoryCredentialsHelper;
	nodeTypes?: HarnessNodeTypes;
	mode?: WorkflowExecuteMode;
	/** The workflow's Timezone setting (n8n's default zone, GENERIC_TIMEZONE, when not given). */
	timezone?: string;
}

export interface RunResult {
	run: IRun;
	status: IRun['status'];
	error?: ExecutionError;
	/** Items of a node's first output in its last run. */
	output(nodeName: string, outputIndex?: number): INodeExecutionData[];
	json(nodeName: string): IDataObject[];
	nodeError(nodeName: string): ExecutionError | undefined;
	/** Execution hints (notices) a node added. */
	hints(nodeName: string): Array<{ message: string }>;
}

export function newCredentials(data: Record<string, ICredentialDataDecryptedObject> = {}) {
	const helper = new InMemoryCredentialsHelper(credentialTypes);
	for (const [id, value] of Object.entries(data)) helper.set(id, value);
	return helper;
}

const chain = (names: string[]): IConnections =>
	Object.fromEntries(
		names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main' as const, index: 0 }]] }]),
	);

/** What n8n-core needs around an execution: credentials storage and base URLs under `baseUrl`. */
export function buildAdditionalData(
	credentials: InMemoryCredentialsHelper,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
	baseUrl = 'http://127.0.0.1:5678',
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: credentials,
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: `${baseUrl}/`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not part of these tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not part of these tests');
		},
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}

let executionCounter = 0;

/** Runs a workflow through n8n-core's WorkflowExecute, as n8n does, and collects what happened. */
export async function runWorkflow(options: RunOptions): Promise<RunResult> {
	const nodeTypes = options.nodeTypes ?? new HarnessNodeTypes();
	const mode = options.mode ?? 'manual';
	const nodes: INode[] = [
		{ id: 'start', name: 'Start', type: START, typeVersion: 1, position: [0, 0], parameters: {} },
		...options.nodes.map(
			(node, index): INode => ({
				id: `node-${index}`,
				name: node.name,
				type: node.type ?? MINDBODY,
				typeVersion: 1,
				position: [200 * (index + 1), 0],
				parameters: node.parameters,
				continueOnFail: node.continueOnFail,
				...(node.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
				...(node.credential === false
					? {}
					: { credentials: { mindbodyApi: { id: node.credential ?? 'mindbody', name: 'Mindbody' } } }),
			}),
		),
	];
	const workflow = new Workflow({
		id: 'harness',
		name: 'harness',
		nodes,
		connections: options.connections ?? chain(nodes.map((node) => node.name)),
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});

	const executionId = String(++executionCounter);
	const hooks = new ExecutionLifecycleHooks(mode, executionId, {
		id: 'harness',
		name: 'harness',
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

	const additionalData = buildAdditionalData(options.credentials, { hooks, executionId });

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node: nodes[0],
					data: { main: [(options.items ?? [{}]).map((json) => ({ json }))] },
					source: null,
				},
			],
		},
	});

	await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	const run = await done.promise;
	const runData = run.data.resultData.runData;
	const lastRun = (name: string) => runData[name]?.[runData[name].length - 1];

	return {
		run,
		status: run.status,
		error: run.data.resultData.error,
		output: (name, outputIndex = 0) => lastRun(name)?.data?.main?.[outputIndex] ?? [],
		json: (name) => (lastRun(name)?.data?.main?.[0] ?? []).map((item) => item.json),
		nodeError: (name) => lastRun(name)?.error,
		hints: (name) => (lastRun(name)?.hints ?? []) as Array<{ message: string }>,
	};
}
