import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeParameters,
	IRun,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import * as workflowModule from 'n8n-workflow';
import { Workflow, createDeferredPromise, createRunExecutionData, deepCopy } from 'n8n-workflow';

import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { STATE_KEY, type StoredPoll } from '../../nodes/MindbodyPollTrigger/poll';
import type { InMemoryCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes, PACKAGE } from '../harness/nodeTypes';
import { processedDataTable } from '../harness/processedData';
import { buildAdditionalData } from '../harness/runWorkflow';

/**
 * A workflow with a Mindbody Poll Trigger, run the way n8n runs polling triggers, rebuilt on
 * n8n-core's PollContext and TriggersAndPollers (read in n8n 2.8.4's ActiveWorkflows and
 * ActiveWorkflowManager):
 *
 * - activation builds a Workflow from the stored static data, polls once at once (an error fails
 *   the activation) and saves the static data;
 * - every later poll uses that same Workflow and context; items start an execution, and n8n saves
 *   the static data as it starts it (the run's first step is the trigger's execute(), with the
 *   poll's items as its input, and n8n's record of processed items); a poll that returns nothing
 *   saves nothing; an error is recorded as a failed execution; n8n does not wait for one poll to
 *   end before it starts the next (`pollTogether`);
 * - a restart drops what was not saved and activates again (mode init);
 * - Fetch Test Event runs the node in a manual execution through WorkflowExecute.
 */

export const POLL_TRIGGER = `${PACKAGE}.mindbodyPollTrigger`;
export const TRIGGER_NAME = 'Mindbody Poll Trigger';

/**
 * The poll trigger as a newly started n8n loads it: every module of it evaluated anew, those it
 * loads on its first poll too, so nothing it kept in memory survives; n8n-workflow stays the one
 * the engine uses, as in n8n, where every package shares it.
 */
function freshPollTrigger(): INodeType {
	jest.resetModules();
	jest.doMock('n8n-workflow', () => workflowModule);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { MindbodyPollTrigger } = require('../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node');
	return new (MindbodyPollTrigger as new () => INodeType)();
}

let workflowCount = 0;

export class PollingWorkflow {
	/**
	 * Each workflow its own id, as n8n gives them: n8n's record of processed items is per workflow.
	 * A test that puts the poll trigger beside a Mindbody Trigger gives both the same id.
	 */
	readonly id: string;

	/** The static data as n8n's database holds it. */
	staticData: IDataObject = {};

	/** The trigger's output in every execution a poll started, in order (an execution whose first step dropped everything is an empty list). */
	readonly runs: IDataObject[][] = [];

	/** What each poll that returned items handed n8n, before the run's first step. */
	readonly emitted: IDataObject[][] = [];

	/**
	 * Set to make n8n die at a point of the next poll that returns items, after it saved the static
	 * data: before it stored the run ('beforeStoring'), with the run stored but its first step not
	 * run ('beforeFirstStep'), or after the first step, before the run ended ('afterFirstStep').
	 * The last two leave a crashed run in `crashed` (its input) for `retry()`; `restart()` follows.
	 */
	dieAt?: 'beforeStoring' | 'beforeFirstStep' | 'afterFirstStep';

	/**
	 * Set to make n8n store the next run a poll starts as *new* and not start it yet (it re-reads the
	 * workflow, or waits under its concurrency limit) while later polls go on. A restart leaves such
	 * a run *new*: n8n never runs it, and refuses to retry it. Its input is in `unstarted`.
	 */
	holdNextRun = false;

	/**
	 * How long n8n lets a poll run, as n8n 2.41's PollContext gives it (`getPollBudgetMs`, a
	 * constructor argument there): set, the context of the next activation has it. n8n-core 2.8.1's
	 * has none, and the trigger reads every page.
	 */
	pollBudgetMs?: number;

	/** The input of each run stored as *new* and never started. */
	readonly unstarted: IDataObject[][] = [];

	/** The input of each run n8n marked crashed. */
	readonly crashed: IDataObject[][] = [];

	/** Errors of polls after activation (n8n records each as a failed execution). */
	readonly errors: Error[] = [];

	private live?: { workflow: Workflow; context: PollContext };

	private readonly node: INode;

	readonly nodeTypes = new HarnessNodeTypes({ [POLL_TRIGGER]: new MindbodyPollTrigger() });

	constructor(
		parameters: INodeParameters,
		readonly credentials: InMemoryCredentialsHelper,
		credentialId = 'mindbody',
		workflowId = `poll-workflow-${++workflowCount}`,
	) {
		this.id = workflowId;
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
			id: this.id,
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

	/** The poll state as the active workflow holds it (n8n saves it only with a run a poll starts). */
	get held(): StoredPoll | undefined {
		return (this.live?.workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined)?.[STATE_KEY] as
			| StoredPoll
			| undefined;
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
			const items = data[0].map((item) => item.json);
			this.emitted.push(items);
			if (this.holdNextRun) {
				this.holdNextRun = false;
				this.unstarted.push(items);
				return;
			}
			const dieAt = this.dieAt;
			this.dieAt = undefined;
			if (dieAt) this.live = undefined;
			if (dieAt === 'beforeStoring') return;
			if (dieAt) this.crashed.push(items);
			if (dieAt === 'beforeFirstStep') return;
			this.runsUnderWay.push(this.execute('trigger', data, dieAt === 'afterFirstStep'));
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
		if (this.pollBudgetMs !== undefined) {
			const budgetMs = this.pollBudgetMs;
			Object.assign(context, { getPollBudgetMs: () => budgetMs });
		}
		this.live = { workflow, context };
		try {
			await this.runPoll(true);
		} catch (error) {
			this.live = undefined;
			throw error;
		}
		this.save(workflow);
		await this.settle();
	}

	private runsUnderWay: Array<Promise<void>> = [];

	/** One scheduled poll of the active workflow, and the run it started. */
	async poll(): Promise<void> {
		if (!this.live) throw new Error('The workflow is not active');
		await this.runPoll(false);
		await this.settle();
	}

	/**
	 * n8n's PollContext of this workflow as an activation builds it (its static data as saved), for a
	 * test that drives an event's poll itself; nothing it emits starts a run.
	 */
	pollContext(): PollContext {
		const workflow = this.toWorkflow();
		return new PollContext(
			workflow,
			workflow.getNode(TRIGGER_NAME)!,
			buildAdditionalData(this.credentials),
			'trigger',
			'activate',
		);
	}

	/** Polls that n8n's schedule started while the others still ran: all at once, from the same context. */
	async pollTogether(count: number): Promise<void> {
		if (!this.live) throw new Error('The workflow is not active');
		await Promise.all(Array.from({ length: count }, async () => await this.runPoll(false)));
		await this.settle();
	}

	private async settle() {
		while (this.runsUnderWay.length) await this.runsUnderWay.shift();
	}

	/** n8n's Retry of a stored execution: the same items through the trigger's first step again. */
	async retry(items: IDataObject[]): Promise<void> {
		await this.execute('retry', [items.map((json) => ({ json }))]);
	}

	/**
	 * WorkflowExecutionService.runWorkflow for a poll: the trigger on the stack with the poll's
	 * items. A run that `crashes` after its first step keeps nothing of its output.
	 */
	private async execute(mode: WorkflowExecuteMode, data: INodeExecutionData[][], crashes = false) {
		await processedDataTable();
		const workflow = this.toWorkflow();
		const executionId = `poll-${this.runs.length + 1}`;
		const { done, additionalData } = this.runHooks(workflow, mode, executionId, true);
		const trigger = workflow.getNode(TRIGGER_NAME)!;
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node: trigger, data: { main: data }, source: null }] },
		});
		await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
		const run = await done.promise;
		const error = run.data.resultData.error;
		if (error) throw error;
		const output = run.data.resultData.runData[TRIGGER_NAME]?.[0]?.data?.main?.[0] ?? [];
		if (!crashes) this.runs.push(output.map((item) => item.json));
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

	/** n8n stopped and started again: what it had not saved is gone, and the node's modules are loaded anew. */
	async restart(): Promise<void> {
		this.live = undefined;
		this.nodeTypes.replace(POLL_TRIGGER, freshPollTrigger());
		await this.activate('init');
	}

	/** The editor's Fetch Test Event: a manual execution of the trigger alone. */
	/** n8n's lifecycle hooks for one execution of the workflow, and the run they report when it ends. */
	private runHooks(workflow: Workflow, mode: WorkflowExecuteMode, executionId: string, active: boolean) {
		const hooks = new ExecutionLifecycleHooks(mode, executionId, {
			id: workflow.id,
			name: workflow.name ?? 'Mindbody poll workflow',
			active,
			isArchived: false,
			nodes: Object.values(workflow.nodes),
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
		});
		const done = createDeferredPromise<IRun>();
		hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
		return { done, additionalData: buildAdditionalData(this.credentials, { hooks, executionId }) };
	}

	async fetchTestEvent(): Promise<{ items: IDataObject[]; error?: Error }> {
		const workflow = this.toWorkflow();
		const { done, additionalData } = this.runHooks(workflow, 'manual', 'manual-poll', false);
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
