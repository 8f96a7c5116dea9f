import type { SandboxResponse } from '../context';

/**
 * The Errors table of webhooks.md, one entry per row (14000013 twice: POST and PATCH spell its
 * type differently). 14010002 is our pick for an unknown API key: the spec gives no code.
 */

export interface ErrorKind {
	status: number;
	errorCode: string;
	errorType: string;
}

const kind = (status: number, errorCode: string, errorType: string): ErrorKind => ({
	status,
	errorCode,
	errorType,
});

export const webhookErrors = {
	missingApiKey: kind(401, '14010001', 'missingAPIKeyHeader'),
	invalidApiKey: kind(401, '14010002', 'invalidAPIKey'),
	forbidden: kind(403, '14030001', 'forbidden'),
	accountNotActive: kind(403, '14030002', 'developerAccountNotActive'),
	notFound: kind(404, '14040001', 'resourceNotFound'),
	schemaVersionRequired: kind(400, '14000003', 'invalidEventSchemaVersionRequired'),
	schemaVersionInvalid: kind(400, '14000005', 'invalidEventSchemaVersion'),
	eventIdsRequired: kind(400, '14000006', 'invalidValueEventIdsRequired'),
	eventIdsBlank: kind(400, '14000007', 'invalidValueEventIdsCannotBeBlank'),
	eventIdsInvalid: kind(400, '14000008', 'invalidValueEventIds'),
	referenceIdTooLong: kind(400, '14000009', 'invalidValueReferenceIdTooLong'),
	urlRequired: kind(400, '14000010', 'invalidValueWebhookURLRequired'),
	urlBlank: kind(400, '14000011', 'invalidValueWebhookURLCannotBeBlank'),
	urlTooLong: kind(400, '14000012', 'invalidValueWebhookURLTooLong'),
	urlMissingHttps: kind(400, '14000013', 'invalidWebhookURLMissingHTTPS'),
	urlMissingHttpsPatch: kind(400, '14000013', 'invalidValueWebhooksURLMissingHTTPS'),
	urlNoResponse: kind(400, '14000014', 'invalidWebhookURLNoResponse'),
	urlInvalid: kind(400, '14000015', 'invalidWebhookUrlError'),
	urlBadFormat: kind(400, '14000016', 'invalidWebhookUrlBadFormat'),
	genericDomain: kind(400, '14000018', 'genericDomainError'),
	statusNotValid: kind(400, '14000020', 'subscriptionStatusNotValid'),
	invalidSubscriptionId: kind(400, '14000021', 'invalidSubscriptionId'),
} as const;

export interface ErrorItem {
	errorCode: string;
	errorType: string;
	errorMessage: string;
}

export function errorItem(error: ErrorKind, errorMessage: string): ErrorItem {
	return { errorCode: error.errorCode, errorType: error.errorType, errorMessage };
}

export function errorResponse(error: ErrorKind, message: string): SandboxResponse {
	return { status: error.status, body: { errors: [errorItem(error, message)] } };
}

/** Several validation problems answer together, in the Errors table's order (by code). */
export function validationResponse(items: ErrorItem[]): SandboxResponse {
	const errors = [...items].sort((a, b) => Number(a.errorCode) - Number(b.errorCode));
	return { status: 400, body: { errors } };
}
