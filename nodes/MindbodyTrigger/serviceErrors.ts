import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WEBHOOK_ERRORS } from '../shared/transport';

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

/**
 * Activation errors show only their message, so for a refused URL the advice on what to do
 * (already in the description) leads the message.
 */
export function withAdviceFirst(error: unknown): Error {
	if (error instanceof NodeApiError && URL_REFUSED.has(serviceError(error).code ?? '')) {
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
