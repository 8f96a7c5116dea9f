import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	FRONT_DESK,
	findOperation,
	findTask,
	operationOfTask,
	type Operation,
	type Task,
} from '../../shared/catalogue';
import { NotSent } from '../../shared/transport';
import { DEFAULT_BATCH_SIZE, type NodeOptions } from '../fields/nodeOptions';
import { hooksOf } from './hooks';
import { mergeBodies, shapeOutput } from './output';
import { fetchAllPages } from './paging';
import { buildRequest, splitRequest } from './request';
import { readBody, sendOperation, startRun, type NodeRun } from './send';
import { taskView } from './taskView';

/** Our errors are already NodeApiError / NodeOperationError; anything else is wrapped. */
function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex?: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const data = (error as { context?: { data?: IDataObject } }).context?.data ?? {};
	return {
		json: { error: error.message, ...data },
		pairedItem: { item: itemIndex },
	};
}

const simplifyOf = (ctx: IExecuteFunctions, operation: Operation, itemIndex: number) =>
	operation.large ? (ctx.getNodeParameter('simplify', itemIndex, true) as boolean) : false;

/** One item: the operation's request built, checked, sent and shaped, with the hooks its entry names. */
async function runItem(run: NodeRun, itemIndex: number, operation: Operation, task?: Task) {
	const { ctx } = run;
	const hooks = hooksOf(operation, task);
	const step = { run, itemIndex, operation, task };
	if (hooks.instead) return await hooks.instead(step);
	const built = buildRequest(ctx, itemIndex, operation);
	const body = await readBody(run, itemIndex, operation);
	// Hooks before sending may refuse the item: then nothing is sent.
	if (task) for (const before of hooks.before) await before({ ...step, task }, body);
	const requests = splitRequest(ctx, itemIndex, operation, built);
	if (operation.paging) {
		// Each part of a split id list is read page by page; Limit counts across the parts.
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? Infinity : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
		const results: unknown[] = [];
		for (const part of requests) {
			if (results.length >= limit) break;
			results.push(...(await fetchAllPages(run, itemIndex, operation, part, limit - results.length)));
		}
		return shapeOutput(operation, 200, results, simplifyOf(ctx, operation, itemIndex));
	}
	if (requests.length === 1) {
		let response;
		try {
			response = await sendOperation(run, itemIndex, operation, built, body);
		} catch (error) {
			throw hooks.failed.reduce((said, complete) => complete(step, said), error as unknown);
		}
		let answer = response.body;
		for (const complete of hooks.answer) answer = await complete(step, body, answer);
		let items = shapeOutput(operation, response.status, answer, simplifyOf(ctx, operation, itemIndex));
		for (const after of hooks.after) items = after(step, items);
		return items;
	}
	// One id list over several URLs, one after another: the answers merge in the ids' order.
	const bodies: unknown[] = [];
	for (const part of requests) bodies.push((await sendOperation(run, itemIndex, operation, part, undefined)).body);
	return shapeOutput(operation, 200, mergeBodies(bodies), simplifyOf(ctx, operation, itemIndex));
}

/** Many items' list parts in one request per chunk; results map back to every item. */
async function runBatched(run: NodeRun, operation: Operation, out: INodeExecutionData[]) {
	const { ctx } = run;
	const items = ctx.getInputData();
	const parts: Array<{ itemIndex: number; part: unknown[] }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			parts.push({ itemIndex, part: (await readBody(run, itemIndex, operation)) as unknown[] });
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error);
			out.push(errorItem(error as Error, itemIndex));
		}
	}
	const options = ctx.getNodeParameter('options', 0, {}) as NodeOptions;
	const size = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
	for (let start = 0; start < parts.length; start += size) {
		const chunk = parts.slice(start, start + size);
		const body = chunk.flatMap(({ part }) => part);
		const first = chunk[0].itemIndex;
		try {
			const response = await sendOperation(run, first, operation, buildRequest(ctx, first, operation), body);
			const perElement = Array.isArray(response.body) && response.body.length === body.length;
			let offset = 0;
			for (const { itemIndex, part } of chunk) {
				const result = perElement ? (response.body as unknown[]).slice(offset, offset + part.length) : response.body;
				offset += part.length;
				for (const json of shapeOutput(operation, response.status, result)) {
					out.push({ json, pairedItem: { item: itemIndex } });
				}
			}
		} catch (error) {
			if (!ctx.continueOnFail()) throw asNodeError(ctx, error);
			for (const { itemIndex } of chunk) out.push(errorItem(error as Error, itemIndex));
		}
	}
}

/**
 * The operation the node's resource and operation send, and the fields it is read from: a Front
 * Desk task sends its operation, read through the task's fields.
 */
function operationFor(ctx: IExecuteFunctions, resource: string, name: string) {
	const task = resource === FRONT_DESK ? findTask(name) : undefined;
	if (!task) return { operation: findOperation(resource, name), ctx };
	const operation = operationOfTask(task);
	return { operation, ctx: taskView(ctx, task, operation), task };
}

/** One run of the node, its requests sharing the run's session. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const { operation, ctx, task } = operationFor(this, resource, operationName);
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resource}" is not known`);
	}
	// The run starts here: one session for all its requests (credential, login, 429 hold, in flight).
	const run = startRun(ctx);
	const out: INodeExecutionData[] = [];
	// On unless turned off: one request per batch instead of one per item.
	const batch = operation.body?.batchable && (ctx.getNodeParameter('options.batch', 0, true) as boolean);
	if (batch) {
		await runBatched(run, operation, out);
		return [out];
	}
	const items = ctx.getInputData();
	const continueOnFail = ctx.continueOnFail();
	// Items run together, each sending as a place among the requests in flight frees up; their
	// outputs keep the items' order. Without Continue On Fail the first failure stops sending.
	const outcomes = await Promise.all(
		items.map(async (_item, itemIndex) => {
			try {
				return { itemIndex, json: await runItem(run, itemIndex, operation, task) };
			} catch (error) {
				if (!continueOnFail && !(error instanceof NotSent)) run.inFlight.close(error as Error);
				return { itemIndex, error: error as Error };
			}
		}),
	);
	for (const outcome of outcomes) {
		if (outcome.error) {
			// The earliest failure in item order is reported; unsent items are not failures.
			if (!continueOnFail) {
				if (outcome.error instanceof NotSent) continue;
				throw asNodeError(ctx, outcome.error, outcome.itemIndex);
			}
			out.push(errorItem(outcome.error, outcome.itemIndex));
			continue;
		}
		for (const json of outcome.json!) out.push({ json, pairedItem: { item: outcome.itemIndex } });
	}
	return [out];
}
