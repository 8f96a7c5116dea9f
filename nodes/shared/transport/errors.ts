import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface FailedResponse {
	status: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/** Webhook service error codes with what they mean for the user. */
const WEBHOOK_ERROR_HINTS: Record<string, string> = {
	'14000013':
		'The webhook service accepts only HTTPS webhook URLs. Serve n8n over HTTPS (set WEBHOOK_URL to a public https:// address, for example behind a tunnel or reverse proxy) and activate again.',
	'14000014':
		"The webhook service could not reach the webhook URL (a HEAD request must answer 2xx within 10 seconds). Make sure n8n's WEBHOOK_URL is publicly reachable over HTTPS and activate again.",
	'14000018': 'The subscription is already deactivated.',
	'14010001': 'The API-Key header is missing: check the API key of the Mindbody credential.',
	'14030002': 'The developer account has no live access yet: request it in the developer portal.',
	'14040001': 'No subscription has this ID.',
};

export const lowerCaseKeys = (headers: Record<string, unknown>) =>
	Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));

interface WebhookServiceError {
	errorCode?: string;
	errorType?: string;
	errorMessage?: string;
}

/** The server's own words, from a plain string, the webhook `errors[]` or a typed body. */
export function serverMessage(body: unknown): { message: string; code?: string; type?: string } {
	if (typeof body === 'string') return { message: unquote(body) };
	if (body && typeof body === 'object') {
		const record = body as Record<string, unknown>;
		const errors = (record.errors ?? record.Errors) as unknown;
		if (Array.isArray(errors) && errors.length) {
			const first = errors[0] as WebhookServiceError & Record<string, unknown>;
			if (first.errorCode !== undefined) {
				const message = errors
					.map((e: WebhookServiceError) => `${e.errorMessage ?? e.errorType} (${e.errorCode} ${e.errorType})`)
					.join('; ');
				return { message, code: String(first.errorCode), type: first.errorType };
			}
			return { message: errors.map(describeItemError).join('; ') };
		}
		const nested = (record.Error ?? record.error) as Record<string, unknown> | undefined;
		if (nested && typeof nested === 'object') {
			return { message: String(nested.Message ?? nested.message ?? JSON.stringify(nested)), code: nested.Code as string };
		}
		for (const key of ['Message', 'message', 'ErrorMessage']) {
			if (typeof record[key] === 'string') return { message: record[key] as string };
		}
		return { message: JSON.stringify(body) };
	}
	return { message: 'The service answered without a message' };
}

function describeItemError(item: unknown): string {
	if (typeof item === 'string') return item;
	const record = (item ?? {}) as Record<string, unknown>;
	const text = record.Message ?? record.message ?? record.ErrorMessage ?? JSON.stringify(item);
	const id = record.Id ?? record.AppointmentRequestId ?? record.AppointmentId;
	return id !== undefined ? `${String(id)}: ${String(text)}` : String(text);
}

const unquote = (text: string) => {
	const trimmed = text.trim();
	if (trimmed.startsWith('"') && trimmed.endsWith('"')) {
		try {
			return JSON.parse(trimmed) as string;
		} catch {
			return trimmed;
		}
	}
	return trimmed;
};

/** A failure that produced no HTTP answer (connection reset, login failed, …) as NodeApiError. */
export function requestError(node: INode, error: unknown, itemIndex?: number): NodeApiError {
	if (error instanceof NodeApiError) return error;
	const message = (error as Error)?.message ?? 'The request failed';
	return new NodeApiError(node, { message } as JsonObject, { message, itemIndex });
}

/**
 * A NodeApiError built from the status and body only: the request (and so the API key and
 * token in its headers) never travels with it.
 */
export function responseError(node: INode, failed: FailedResponse, itemIndex?: number): NodeApiError {
	const { message, code, type } = serverMessage(failed.body);
	const hint = code ? WEBHOOK_ERROR_HINTS[code] : undefined;
	const details = {
		status: failed.status,
		body: failed.body as JsonObject,
		...(code ? { errorCode: code } : {}),
		...(type ? { errorType: type } : {}),
	};
	const apiError = new NodeApiError(node, details as JsonObject, {
		message,
		description: hint ?? `The Mindbody ${failed.status < 500 ? 'API refused the request' : 'service failed'} (HTTP ${failed.status}).`,
		httpCode: String(failed.status),
		itemIndex,
	});
	// NodeApiError rewrites messages that merely contain words like "NotFound" into network
	// errors (14040001 resourceNotFound would read as a DNS failure): keep the server's words.
	apiError.message = message;
	apiError.context.data = details;
	return apiError;
}
