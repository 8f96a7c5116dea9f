import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Operation } from '../catalogue/types';
import { subscriptionOperations as calls, webhookOperations } from '../catalogue/webhooks';
import { mindbodyRequest } from './index';
import type { MindbodyFunctions, RunSession } from './runSession';
import { WEBHOOK_ERRORS } from './webhookErrors';

/**
 * The webhook service's calls both triggers make: the Mindbody Trigger runs a subscription's
 * lifecycle, the poll trigger's Webhook Safety Net watches it (its status and delivery counts) and
 * reactivates it. And how their errors are told apart.
 */

export interface Subscription {
	subscriptionId?: string;
	status?: string;
	statusChangeDate?: string;
	eventIds?: string[];
	webhookUrl?: string;
	referenceId?: string;
	messageSignatureKey?: string;
}

/** One subscription's delivery counts (the service's metrics item). */
export interface SubscriptionMetrics {
	subscriptionId?: string;
	status?: string;
	statusChangeDate?: string | null;
	messagesAttempted?: number;
	messagesDelivered?: number;
	messagesUndelivered?: number;
	messagesFailed?: number;
}

/** The webhook service's error code and HTTP status behind a NodeApiError, when there is one. */
export function serviceError(error: unknown): { status?: number; code?: string } {
	if (!(error instanceof NodeApiError)) return {};
	const data = (error.context?.data ?? {}) as { status?: number; errorCode?: string };
	return { status: data.status ?? Number(error.httpCode), code: data.errorCode };
}

export const isNotFound = (error: unknown) => {
	const { status, code } = serviceError(error);
	return status === 404 || code === WEBHOOK_ERRORS.subscriptionNotFound.code;
};

/** The service said no for a reason that a second try cannot change (a 4xx other than 429). */
export const isRefusal = (error: unknown) => {
	const { status } = serviceError(error);
	return status !== undefined && status >= 400 && status < 500 && status !== 429;
};

const URL_REFUSED = new Set<string>([WEBHOOK_ERRORS.httpsRequired.code, WEBHOOK_ERRORS.urlNotReachable.code]);

/** The service could not reach the webhook URL (or refuses it): reactivating cannot work yet. */
export const isUrlRefused = (error: unknown) => URL_REFUSED.has(serviceError(error).code ?? '');

/**
 * Activation errors show only their message, so for a refused URL the advice on what to do
 * (already in the description) leads the message.
 */
export function withAdviceFirst(error: unknown): Error {
	if (error instanceof NodeApiError && isUrlRefused(error)) {
		if (error.description && !error.message.startsWith(error.description)) {
			error.message = `${error.description} The webhook service said: ${error.message}`;
		}
	}
	return error as Error;
}

/** Errors from the transport are NodeApiErrors already; anything else is wrapped for the node. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error);
}

export async function webhookCall<C extends MindbodyFunctions>(
	session: RunSession<C>,
	operation: Operation,
	path: string,
	body?: unknown,
) {
	try {
		const response = await mindbodyRequest(session, { operation, path, body });
		return (response.body ?? {}) as Subscription & { items?: unknown[] };
	} catch (error) {
		throw withAdviceFirst(error);
	}
}

/** The path of the calls on one subscription, from the catalogue's template. */
export const subscriptionPath = (id: string) => calls.get.path.replace('{subscriptionId}', encodeURIComponent(id));

export async function getSubscription<C extends MindbodyFunctions>(session: RunSession<C>, id: string) {
	return (await webhookCall(session, calls.get, subscriptionPath(id))) as Subscription;
}

export async function listSubscriptions<C extends MindbodyFunctions>(session: RunSession<C>): Promise<Subscription[]> {
	const body = await webhookCall(session, calls.getMany, calls.getMany.path);
	return Array.isArray(body.items) ? (body.items as Subscription[]) : [];
}

export async function activateSubscription<C extends MindbodyFunctions>(session: RunSession<C>, id: string) {
	return (await webhookCall(session, calls.update, subscriptionPath(id), { status: 'Active' })) as Subscription;
}

const metricsOperation = webhookOperations.find((operation) => operation.resource === 'webhookMetrics')!;

/** Every subscription's delivery counts, in one call. */
export async function readMetrics<C extends MindbodyFunctions>(session: RunSession<C>): Promise<SubscriptionMetrics[]> {
	const body = await webhookCall(session, metricsOperation, metricsOperation.path);
	return Array.isArray(body.items) ? (body.items as SubscriptionMetrics[]) : [];
}
