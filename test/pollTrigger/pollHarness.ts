import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, IRun, WorkflowActivateMode } from 'n8n-workflow';
import { Workflow, createDeferredPromise, deepCopy } from 'n8n-workflow';

import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { STATE_KEY, type StoredPoll } from '../../nodes/MindbodyPollTrigger/poll';
import type { InMemoryCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes, PACKAGE } from '../harness/nodeTypes';
import { buildAdditionalData } from '../harness/runWorkflow';

/**
 * A workflow with a Mindbody Poll Trigger, run the way n8n runs polling triggers, rebuilt on
 * n8n-core's PollContext and TriggersAndPollers (read in n8n 2.8.4's ActiveWorkflows and
 * ActiveWorkflowManager):
 *
 * - activation builds a Workflow from the stored static data, polls once at once (an error fails
 *   the activation) and saves the static data;
 * - every later poll uses that same Workflow and context; items start an execution, and n8n saves
 *   the static data as it starts it; a poll that returns nothing saves nothing; an error is
 *   recorded as a failed execution;
 * - a restart drops what was not saved and activates again (mode init);
 * - Fetch Test Event runs the node in a manual execution through WorkflowExecute.
 */

export const POLL_TRIGGER = `${PACKAGE}.mindbodyPollTrigger`;
export const TRIGGER_NAME = 'Mindbody Poll Trigger';

export class PollingWorkflow {
	/** The static data as n8n's database holds it. */
	staticData: IDataObject = {};

	/** Items of every execution a poll started, in order. */
	readonly runs: IDataObject[][] = [];

	/** Errors of polls after activation (n8n records each as a failed execution). */
	readonly errors: Error[] = [];

	private live?: { workflow: Workflow; context: PollContext };

	private readonly node: INode;

	readonly nodeTypes = new HarnessNodeTypes({ [POLL_TRIGGER]: new MindbodyPollTrigger() });

	constructor(
		parameters: INodeParameters,
		readonly credentials: InMemoryCredentialsHelper,
		credentialId = 'mindbody',
	) {
		this.node = {
			id: 'poll-trigger-node',
			name: TRIGGER_NAME,
			type: POLL_TRIGGER,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
			credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody' } },
		};
	}

	/** Like saving the workflow with changed trigger parameters (takes effect at the next activation). */
	setParameters(parameters: INodeParameters) {
		this.node.parameters = { ...this.node.parameters, ...parameters };
	}

	private toWorkflow(): Workflow {
		return new Workflow({
			id: 'poll-workflow',
			name: 'Mindbody poll workflow',
			nodes: [deepCopy(this.node)],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: deepCopy(this.staticData),
			settings: { executionOrder: 'v1' },
		});
	}

	/** WorkflowStaticDataService.saveStaticData: only when something changed. */
	private save(workflow: Workflow) {
		if (workflow.staticData.__dataChanged !== true) return;
		this.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		workflow.staticData.__dataChanged = false;
	}

	/** The poll state as saved. */
	get stored(): StoredPoll | undefined {
		return (this.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined)?.[STATE_KEY] as StoredPoll | undefined;
	}

	/** Every item of every execution so far. */
	get items(): IDataObject[] {
		return this.runs.flat();
	}

	async activate(activation: WorkflowActivateMode = 'activate'): Promise<void> {
		const workflow = this.toWorkflow();
		const node = workflow.getNode(TRIGGER_NAME)!;
		const emit = (data: INodeExecutionData[][]) => {
			this.save(workflow);
			this.runs.push(data[0].map((item) => item.json));
		};
		const emitError = (error: Error) => {
			this.errors.push(error);
		};
		const context = new PollContext(
			workflow,
			node,
			buildAdditionalData(this.credentials),
			'trigger',
			activation,
			emit,
			emitError,
		);
		this.live = { workflow, context };
		try {
			await this.runPoll(true);
		} catch (error) {
			this.live = undefined;
			throw error;
		}
		this.save(workflow);
	}

	/** One scheduled poll of the active workflow. */
	async poll(): Promise<void> {
		if (!this.live) throw new Error('The workflow is not active');
		await this.runPoll(false);
	}

	/** ActiveWorkflows.createPollExecuteFn. */
	private async runPoll(testing: boolean) {
		const { workflow, context } = this.live!;
		try {
			const response = await new TriggersAndPollers().runPoll(workflow, workflow.getNode(TRIGGER_NAME)!, context);
			if (response !== null) context.__emit(response);
		} catch (error) {
			if (testing) throw error;
			context.__emitError(error as Error);
		}
	}

	deactivate() {
		this.live = undefined;
	}

	/** n8n stopped and started again: what it had not saved is gone. */
	async restart(): Promise<void> {
		this.live = undefined;
		await this.activate('init');
	}

	/** The editor's Fetch Test Event: a manual execution of the trigger alone. */
	async fetchTestEvent(): Promise<{ items: IDataObject[]; error?: Error }> {
		const workflow = this.toWorkflow();
		const hooks = new ExecutionLifecycleHooks('manual', 'manual-poll', {
			id: workflow.id,
			name: workflow.name ?? 'Mindbody poll workflow',
			active: false,
			isArchived: false,
			nodes: workflow.nodes ? Object.values(workflow.nodes) : [],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
		});
		const done = createDeferredPromise<IRun>();
		hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
		const additionalData = buildAdditionalData(this.credentials, { hooks, executionId: 'manual-poll' });
		await new WorkflowExecute(additionalData, 'manual').run({
			workflow,
			startNode: workflow.getNode(TRIGGER_NAME)!,
		});
		const run = await done.promise;
		const runs = run.data.resultData.runData[TRIGGER_NAME] ?? [];
		const last = runs.at(-1);
		return {
			items: (last?.data?.main?.[0] ?? []).map((item) => item.json),
			error: (last?.error ?? run.data.resultData.error) as Error | undefined,
		};
	}
}
