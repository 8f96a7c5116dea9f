import type { IExecuteFunctions } from 'n8n-workflow';

import { resources, type Operation } from '../../shared/catalogue';
import { checkBody } from '../../shared/schemas';
import { cutTransactionKey, mindbodyRequest, RunSession, type MindbodyResponse } from '../../shared/transport';
import { bodyInput, inBusinessTime } from '../bodies';
import { fieldError } from '../fields/fieldValues';
import { DEFAULT_IN_FLIGHT, siteOption, type NodeOptions } from '../fields/nodeOptions';
import type { BuiltRequest } from './request';
import { siteZone } from './siteZone';

/** A run of the action node: its context and what its requests share. */
export type NodeRun = RunSession<IExecuteFunctions>;

/** The session of a node run; Options → Requests in Flight bounds its requests. */
export function startRun(ctx: IExecuteFunctions): NodeRun {
	const wanted = Number(ctx.getNodeParameter('options.requestsInFlight', 0, DEFAULT_IN_FLIGHT));
	return new RunSession(ctx, {
		requestsInFlight: Number.isFinite(wanted) && wanted >= 1 ? Math.floor(wanted) : DEFAULT_IN_FLIGHT,
	});
}

/** How errors name an operation, e.g. "Client: Get Directory". */
export const operationLabel = (operation: Operation) =>
	`${resources.find((resource) => resource.value === operation.resource)?.name ?? operation.resource}: ${operation.name}`;

/**
 * The body one item contributes, checked with the operation's schema before anything is sent, its
 * business-time fields in the site's local time.
 */
export async function readBody(run: NodeRun, itemIndex: number, operation: Operation): Promise<unknown> {
	const { ctx } = run;
	if (!operation.body) return undefined;
	const part = bodyInput(operation.body).read(ctx, itemIndex, operation);
	const check = checkBody(operation.body.schema, part);
	if (!check.ok) throw fieldError(ctx, itemIndex, 'Request body', check.message);
	await inBusinessTime(operation, part, async () => await siteZone(run, itemIndex));
	return part;
}

/** One request of the operation for an item, with the node's options (site, transaction key, time limit). */
export async function sendOperation(
	run: NodeRun,
	itemIndex: number,
	operation: Operation,
	built: BuiltRequest,
	body: unknown,
): Promise<MindbodyResponse> {
	const { ctx } = run;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as NodeOptions;
	let transactionKey: string | undefined;
	if (options.transactionKey) {
		const cut = cutTransactionKey(options.transactionKey);
		transactionKey = cut.key;
		if (cut.truncated) {
			ctx.addExecutionHints({
				message: `Transaction Key was longer than 50 characters; the first 50 were sent ("${cut.key}")`,
				location: 'outputPane',
			});
		}
	}
	return await mindbodyRequest(run, {
		operation,
		path: built.path,
		query: built.query,
		body,
		siteId: siteOption(ctx, itemIndex),
		transactionKey,
		skipDeduplication: options.skipDeduplication === true,
		itemIndex,
		label: operationLabel(operation),
		timeoutMs: typeof options.timeout === 'number' ? options.timeout : undefined,
	});
}
