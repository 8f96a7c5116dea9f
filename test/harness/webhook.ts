import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ExecutionLifecycleHooks, WebhookContext, WorkflowExecute, parseIncomingMessage } from 'n8n-core';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
	IRun,
	IWebhookResponseData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createDeferredPromise, createRunExecutionData } from 'n8n-workflow';

import { MindbodyTrigger } from '../../nodes/MindbodyTrigger/MindbodyTrigger.node';
import { COLLECT, StoredWorkflow, TRIGGER_NAME, TriggerLifecycle } from './activation';
import type { InMemoryCredentialsHelper } from './credentialsHelper';
import { HarnessNodeTypes, MINDBODY_TRIGGER } from './nodeTypes';
import { databaseCall, processedDataTable } from './processedData';

/**
 * n8n's webhook server for one workflow with a Mindbody Trigger: a real HTTP listener on
 * 127.0.0.1 whose /webhook and /webhook-test URLs are the ones the node reports, so the
 * sandbox's HEAD checks and signed POSTs reach the node as they would reach n8n. Each request
 * goes the way of n8n's LiveWebhooks/TestWebhooks and WebhookHelpers.executeWebhook: a fresh
 * Workflow from the stored data, the body read raw and parsed like n8n's body parser, the node's
 * webhook() in a real WebhookContext, the answer its response mode calls for, static data
 * saved, and, when the node returns items, the workflow run by WorkflowExecute.
 */

export interface RecordedRequest {
	method: string;
	path: string;
	status: number;
	body: string;
	ran: boolean;
}

export interface RecordedRun {
	mode: WorkflowExecuteMode;
	run: IRun;
	/** Items that reached the node after the trigger. */
	items: INodeExecutionData[];
}

/** A node after the trigger, so a recorded run is proven to go past it. */
class Collect implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Collect',
		name: 'collect',
		group: ['transform'],
		version: 1,
		description: 'Passes items on unchanged',
		defaults: { name: 'Collect' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

type Res = ServerResponse & { status(code: number): Res; json(body: unknown): Res; send(body?: unknown): Res };

/** The few express.Response methods nodes use, on the real response. */
function expressResponse(res: ServerResponse): Res {
	const out = res as Res;
	out.status = (code) => ((out.statusCode = code), out);
	out.json = (body) => {
		out.setHeader('content-type', 'application/json; charset=utf-8');
		return (out.end(JSON.stringify(body)), out);
	};
	out.send = (body) =>
		typeof body === 'object' && body !== null
			? out.json(body)
			: (out.end(body === undefined ? undefined : String(body)), out);
	return out;
}

/**
 * n8n's rawBodyReader + parseRequestBody for a version-1 node: multipart bodies go to n8n's form
 * parser, which consumes the stream (nothing raw is kept and reading it again fails); others
 * are read raw and JSON is parsed (a body that does not parse is answered 422 before any node
 * sees it).
 */
async function expressRequest(req: IncomingMessage, url: URL) {
	const request = req as IncomingMessage & Record<string, unknown>;
	parseIncomingMessage(req);
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	request.query = Object.fromEntries(url.searchParams);
	request.params = {};
	if (String(request.contentType ?? '').startsWith('multipart/')) {
		request.body = {};
		request.readRawBody = async () => {
			throw new Error('stream is not readable');
		};
		return request;
	}
	request.rawBody = Buffer.concat(chunks);
	request._body = true;
	request.readRawBody = async () => undefined;
	const raw = request.rawBody as Buffer;
	if (raw.length && request.contentType === 'application/json') {
		try {
			request.body = JSON.parse(raw.toString((request.encoding as BufferEncoding) ?? 'utf8'));
		} catch {
			return undefined; // n8n answers 422 before any node sees it
		}
	}
	return request;
}

export interface TriggerHarnessOptions {
	credentials: InMemoryCredentialsHelper;
	parameters: INodeParameters;
	workflowId?: string;
}

export class TriggerHarness extends TriggerLifecycle {
	readonly requests: RecordedRequest[] = [];
	readonly runs: RecordedRun[] = [];
	/** Errors thrown by the node's webhook(), answered 500 as n8n does. */
	readonly errors: Error[] = [];
	private readonly pending = new Set<Promise<unknown>>();
	private executionCounter = 0;

	private constructor(
		private readonly server: Server,
		readonly baseUrl: string,
		stored: StoredWorkflow,
		credentials: InMemoryCredentialsHelper,
	) {
		super(stored, credentials, baseUrl);
	}

	static async start(options: TriggerHarnessOptions): Promise<TriggerHarness> {
		await processedDataTable();
		const nodeTypes = new HarnessNodeTypes({ [MINDBODY_TRIGGER]: new MindbodyTrigger(), [COLLECT]: new Collect() });
		const stored = new StoredWorkflow(options.workflowId ?? 'wf-trigger', options.parameters, nodeTypes);
		let harness: TriggerHarness | undefined;
		const server = createServer((req, res) => harness?.track(harness.handle(req, expressResponse(res))));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		harness = new TriggerHarness(server, `http://127.0.0.1:${port}`, stored, options.credentials);
		return harness;
	}

	/**
	 * n8n restarted: a new process loads the trigger anew (nothing it kept in memory survives),
	 * while the database (static data, processed data) stays. `trigger` comes from a fresh module
	 * registry (see freshTriggerModule).
	 */
	async restartProcess(trigger: INodeType): Promise<void> {
		await this.idle();
		this.stored.nodeTypes.replace(MINDBODY_TRIGGER, trigger);
		await this.restart();
	}

	/** Resolves when `count` runs were recorded (or fails after `timeoutMs`). */
	async waitForRuns(count: number, timeoutMs = 5000): Promise<RecordedRun[]> {
		const until = Date.now() + timeoutMs;
		while (this.runs.length < count) {
			if (Date.now() > until) throw new Error(`Expected ${count} runs, saw ${this.runs.length}`);
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		await this.idle();
		return this.runs;
	}

	/** Waits for executions started by deliveries to finish. */
	async idle(): Promise<void> {
		while (this.pending.size) await Promise.allSettled([...this.pending]);
	}

	async stop(): Promise<void> {
		await this.idle();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	async handle(req: IncomingMessage, res: Res): Promise<void> {
		const url = new URL(req.url ?? '/', this.baseUrl);
		const method = (req.method ?? 'GET').toUpperCase();
		const found = this.findWebhook(method, url.pathname);
		const request = await expressRequest(req, url);
		const bodyText = Buffer.isBuffer(request?.rawBody) ? request.rawBody.toString('utf8') : '';
		const record = (ran: boolean) => {
			this.requests.push({ method, path: url.pathname, status: res.statusCode, body: bodyText, ran });
		};
		if (!found || !request) {
			const message = found ? 'Failed to parse request body' : 'The requested webhook is not registered.';
			res.status(found ? 422 : 404).json({ message });
			return record(false);
		}
		const { webhook, test } = found;
		const mode: WorkflowExecuteMode = test ? 'manual' : 'webhook';
		// LiveWebhooks loads the workflow and its static data from the database for every request.
		await databaseCall();
		const workflow = this.stored.toWorkflow();
		if (test?.staticData) workflow.setTestStaticData(test.staticData);
		const additionalData = this.additionalData({ httpRequest: request, httpResponse: res });
		const node = workflow.getNode(webhook.node)!;
		const context = new WebhookContext(workflow, node, additionalData, mode, webhook, [], null);
		let result: IWebhookResponseData;
		try {
			const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
			result = (await nodeType.webhook!.call(context)) as IWebhookResponseData;
		} catch (error) {
			this.errors.push(error as Error);
			res.status(500).json({ message: 'Workflow Webhook Error: Workflow could not be started!' });
			return record(false);
		}
		if (!result.noWebhookResponse) {
			const fallback = result.workflowData ? { message: 'Workflow was started' } : { message: 'Webhook call received' };
			res.status(200).json(result.webhookResponse ?? fallback);
		}
		// LiveWebhooks saves static data once the response is out. A test run's node data is the
		// cached object itself (setTestStaticData), so nothing is saved for it.
		if (!test) {
			await databaseCall();
			this.stored.saveStaticData(workflow);
		}
		const ran = result.workflowData !== undefined;
		record(ran);
		if (!ran) return;
		this.track(this.execute(mode, result.workflowData!));
		// n8n stops listening for test events once one started a run.
		if (test) this.track(this.stopListening());
	}

	/** Work idle() waits for: each request, until its static data is saved, and each run. */
	track(work: Promise<unknown>) {
		this.pending.add(work);
		void work.finally(() => this.pending.delete(work)).catch(() => undefined);
	}

	private async execute(mode: WorkflowExecuteMode, data: INodeExecutionData[][]) {
		const workflow: Workflow = this.stored.toWorkflow();
		const executionId = `trigger-${++this.executionCounter}`;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, {
			id: workflow.id,
			name: workflow.name ?? '',
			active: true,
			isArchived: false,
			nodes: this.stored.nodes,
			connections: this.stored.connections,
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
		});
		const done = createDeferredPromise<IRun>();
		hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
		const additionalData = this.additionalData({ hooks, executionId });
		const trigger = workflow.getNode(TRIGGER_NAME)!;
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node: trigger, data: { main: data }, source: null }] },
		});
		await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
		const run = await done.promise;
		const collected = run.data.resultData.runData.Collect?.[0]?.data?.main?.[0] ?? [];
		this.runs.push({ mode, run, items: collected });
	}
}
