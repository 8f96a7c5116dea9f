import { HookContext } from 'n8n-core';
import type {
	IConnections,
	IDataObject,
	INode,
	INodeParameters,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow, deepCopy } from 'n8n-workflow';

import type { InMemoryCredentialsHelper } from './credentialsHelper';
import type { HarnessNodeTypes } from './nodeTypes';
import { MINDBODY_TRIGGER } from './nodeTypes';
import { buildAdditionalData } from './runWorkflow';

/**
 * The database side of an n8n workflow with a Mindbody Trigger, and the services of n8n's CLI
 * that act on it, rebuilt on n8n-core: the static-data store (saved only when n8n's
 * ObservableObject marks it changed, re-read for every new Workflow object), WebhookService
 * (a node's webhooks, its webhook methods run in a real HookContext), ActiveWorkflowManager
 * (activate, deactivate, start-up) and TestWebhooks ("listen for test event").
 */

export const COLLECT = 'harness.collect';
export const TRIGGER_NAME = 'Mindbody Trigger';
export const COLLECT_NAME = 'Collect';

export class StoredWorkflow {
	readonly nodes: INode[];
	readonly connections: IConnections;
	staticData: IDataObject = {};

	constructor(
		readonly id: string,
		parameters: INodeParameters,
		readonly nodeTypes: HarnessNodeTypes,
	) {
		this.nodes = [
			{
				id: `${id}-trigger-node`,
				name: TRIGGER_NAME,
				type: MINDBODY_TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				webhookId: `${id}-webhook-id`,
				credentials: { mindbodyApi: { id: 'mindbody', name: 'Mindbody' } },
			},
			{ id: `${id}-collect`, name: COLLECT_NAME, type: COLLECT, typeVersion: 1, position: [200, 0], parameters: {} },
		];
		this.connections = {
			[TRIGGER_NAME]: { main: [[{ node: COLLECT_NAME, type: 'main', index: 0 }]] },
		};
	}

	get trigger(): INode {
		return this.nodes[0];
	}

	/** Another trigger into the same Collect node, as a workflow with two triggers has it. */
	addBeside(node: INode) {
		this.nodes.push(node);
		(this.connections as Record<string, unknown>)[node.name] = {
			main: [[{ node: COLLECT_NAME, type: 'main', index: 0 }]],
		};
	}

	/** Like saving the workflow in the editor with changed trigger parameters. */
	setParameters(parameters: INodeParameters) {
		this.trigger.parameters = parameters;
	}

	/** A new Workflow from what is stored, as n8n builds one per activation and per request. */
	toWorkflow(): Workflow {
		return new Workflow({
			id: this.id,
			name: 'Mindbody trigger workflow',
			nodes: deepCopy(this.nodes),
			connections: this.connections,
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: deepCopy(this.staticData),
			settings: { executionOrder: 'v1' },
		});
	}

	/** WorkflowStaticDataService.saveStaticData: only when something changed. */
	saveStaticData(workflow: Workflow) {
		if (workflow.staticData.__dataChanged !== true) return;
		this.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		workflow.staticData.__dataChanged = false;
	}

	/** The trigger's node-level static data as saved. */
	get triggerStaticData(): IDataObject {
		return (this.staticData[`node:${TRIGGER_NAME}`] ?? {}) as IDataObject;
	}
}

/** WebhookService.getNodeWebhooks of n8n's CLI (one entry per webhook description). */
export function nodeWebhooks(
	workflow: Workflow,
	node: INode,
	additionalData: IWorkflowExecuteAdditionalData,
): IWebhookData[] {
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	return (nodeType.description.webhooks ?? []).map((description) => {
		const raw = workflow.expression.getSimpleParameterValue(node, description.path, 'internal', {});
		const path = NodeHelpers.getNodeWebhookPath(workflow.id, node, String(raw).replace(/^\/|\/$/g, ''));
		return {
			httpMethod: String(description.httpMethod) as IWebhookData['httpMethod'],
			node: node.name,
			path,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
		};
	});
}

/** WebhookService.runWebhookMethod: the node's checkExists/create/delete in a HookContext. */
export async function runWebhookMethod(
	method: WebhookSetupMethodNames,
	workflow: Workflow,
	webhookData: IWebhookData,
	mode: WorkflowExecuteMode,
	activation: WorkflowActivateMode,
): Promise<boolean | undefined> {
	const node = workflow.getNode(webhookData.node);
	if (!node) return undefined;
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const fn = nodeType.webhookMethods?.[webhookData.webhookDescription.name]?.[method];
	if (!fn) return undefined;
	const additionalData = webhookData.workflowExecuteAdditionalData;
	const context = new HookContext(workflow, node, additionalData, mode, activation, webhookData);
	return (await fn.call(context)) as boolean;
}

/** WebhookService.createWebhookIfNotExists. */
export async function createWebhookIfNotExists(
	workflow: Workflow,
	webhookData: IWebhookData,
	mode: WorkflowExecuteMode,
	activation: WorkflowActivateMode,
) {
	const exists = await runWebhookMethod('checkExists', workflow, webhookData, mode, activation);
	if (!exists) await runWebhookMethod('create', workflow, webhookData, mode, activation);
}

interface TestRegistration {
	webhook: IWebhookData;
	/** What TestWebhooks caches after create, handed to the run as test static data. */
	staticData?: IDataObject;
}

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export class TriggerLifecycle {
	/** Webhooks n8n has registered (its webhook table), by method and path. */
	protected readonly live = new Map<string, IWebhookData>();
	protected readonly test = new Map<string, TestRegistration>();

	/** The address n8n believes it is reachable at (its WEBHOOK_URL); tests may change it. */
	publicUrl: string;

	constructor(
		readonly stored: StoredWorkflow,
		readonly credentials: InMemoryCredentialsHelper,
		serverUrl: string,
	) {
		this.publicUrl = serverUrl;
	}

	/** What n8n hands nodes; its webhook URLs point at the harness's listener. */
	additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		return buildAdditionalData(this.credentials, extra, this.publicUrl);
	}

	get isActive(): boolean {
		return this.live.size > 0;
	}

	get isListening(): boolean {
		return this.test.size > 0;
	}

	/** The registered webhook a request to `pathname` reaches, live or test. */
	protected findWebhook(method: string, pathname: string) {
		const [, base, ...rest] = pathname.split('/');
		const key = keyOf(method, rest.join('/'));
		if (base === 'webhook') {
			const webhook = this.live.get(key);
			return webhook && { webhook, test: undefined };
		}
		const test = base === 'webhook-test' ? this.test.get(key) : undefined;
		return test && { webhook: test.webhook, test };
	}

	private webhooksOf(workflow: Workflow) {
		return nodeWebhooks(workflow, workflow.getNode(TRIGGER_NAME)!, this.additionalData());
	}

	/** ActiveWorkflowManager.addWebhooks: register, checkExists/create, then save static data. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<void> {
		const workflow = this.stored.toWorkflow();
		for (const webhook of this.webhooksOf(workflow)) {
			this.live.set(keyOf(webhook.httpMethod, webhook.path), webhook);
			try {
				await createWebhookIfNotExists(workflow, webhook, 'trigger', activation);
			} catch (error) {
				// n8n clears the workflow's webhooks with the static data it has saved.
				await this.deactivate().catch(() => undefined);
				throw error;
			}
		}
		this.stored.saveStaticData(workflow);
	}

	/** ActiveWorkflowManager.clearWebhooks: delete with saved static data, save it again. */
	async deactivate(): Promise<void> {
		const workflow = this.stored.toWorkflow();
		try {
			for (const webhook of this.webhooksOf(workflow)) {
				await runWebhookMethod('delete', workflow, webhook, 'internal', 'update');
			}
			this.stored.saveStaticData(workflow);
		} finally {
			this.live.clear();
		}
	}

	/** n8n is down: its URLs answer 404, but the subscription stays at the service. */
	async deactivateLocally(): Promise<void> {
		this.live.clear();
	}

	/** n8n stopped (webhooks stay at the service) and started again: activation mode init. */
	async restart(): Promise<void> {
		this.live.clear();
		await this.activate('init');
	}

	/** TestWebhooks.needsWebhook: test URLs, mode manual, static data cached with the webhook. */
	async listenForTestEvent(): Promise<void> {
		const workflow = this.stored.toWorkflow();
		for (const webhook of this.webhooksOf(workflow)) {
			webhook.isTest = true;
			const registration: TestRegistration = { webhook };
			this.test.set(keyOf(webhook.httpMethod, webhook.path), registration);
			try {
				await createWebhookIfNotExists(workflow, webhook, 'manual', 'manual');
				registration.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			} catch (error) {
				await this.stopListening().catch(() => undefined);
				throw error;
			}
		}
	}

	/** TestWebhooks.deactivateWebhooks: delete in mode internal with the cached static data. */
	async stopListening(): Promise<void> {
		const workflow = this.stored.toWorkflow();
		const registrations = [...this.test.values()];
		this.test.clear();
		for (const { webhook, staticData } of registrations) {
			if (staticData) workflow.staticData = staticData;
			await runWebhookMethod('delete', workflow, webhook, 'internal', 'update');
		}
	}
}
