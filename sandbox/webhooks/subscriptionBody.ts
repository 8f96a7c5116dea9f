import type { ZodIssue } from 'zod';

import { eventIds as catalogEventIds } from '../reading/events';
import { bodySchemas } from '../reading/bodies';
import { errorItem, webhookErrors, type ErrorItem } from './errors';
import { urlFormProblem, type BodyMode } from './webhookUrl';

/**
 * Checks a POST or PATCH body with the sandbox's reading of it (reading/bodies.ts) and maps each problem to the
 * service's code. One error per field; every field is checked, so a body with several problems
 * lists them all (sorted by code when answered). The URL's HEAD check comes later, and only for
 * an otherwise valid body.
 */

export type SubscriptionStatusInput = 'Active' | 'DeactivatedByUser';

export interface SubscriptionFields {
	eventIds?: string[];
	eventSchemaVersion?: 1;
	/** Null clears it. */
	referenceId?: string | null;
	webhookUrl?: string;
	status?: SubscriptionStatusInput;
}

export type BodyCheck = { ok: true; fields: SubscriptionFields } | { ok: false; errors: ErrorItem[] };

const known = new Set(catalogEventIds);
type Raw = Record<string, unknown>;

function issueError(field: string, value: unknown, issue: ZodIssue, mode: BodyMode): ErrorItem {
	const e = webhookErrors;
	switch (field) {
		case 'eventIds':
			if (value === undefined || value === null) return errorItem(e.eventIdsRequired, 'eventIds is required');
			if (Array.isArray(value) && value.length === 0) {
				return errorItem(e.eventIdsBlank, 'eventIds cannot be an empty list');
			}
			return errorItem(e.eventIdsInvalid, `eventIds must be a list of event ids (${issue.message})`);
		case 'eventSchemaVersion':
			if (value === undefined || value === null || value === 0) {
				return errorItem(e.schemaVersionRequired, 'eventSchemaVersion is required');
			}
			return errorItem(e.schemaVersionInvalid, `eventSchemaVersion ${JSON.stringify(value)} does not exist; use 1`);
		case 'referenceId':
			return errorItem(e.referenceIdTooLong, 'referenceId must be a string of at most 256 characters');
		case 'webhookUrl':
			if (value === undefined || value === null) return errorItem(e.urlRequired, 'webhookUrl is required');
			if (value === '') return errorItem(e.urlBlank, 'webhookUrl cannot be blank');
			if (typeof value === 'string') {
				return errorItem(e.urlTooLong, 'webhookUrl must be at most 2083 characters');
			}
			return mode === 'create'
				? errorItem(e.urlMissingHttps, 'webhookUrl must be an HTTPS URL')
				: errorItem(e.urlBadFormat, 'webhookUrl must be a string URL');
		case 'status':
			return errorItem(
				e.statusNotValid,
				`status ${JSON.stringify(value)} is not valid; use Active or DeactivatedByUser`,
			);
		default:
			// Only the update schema's "at least one field" rule has no field.
			return errorItem(e.genericDomain, 'The body changes nothing: send at least one field');
	}
}

/** What zod cannot see: ids outside the catalog, blank or non-HTTPS URLs. */
function fieldRuleError(field: string, raw: Raw, mode: BodyMode, allowLoopbackHttp: boolean) {
	if (field === 'eventIds') {
		const unknown = (raw.eventIds as string[]).filter((id) => !known.has(id));
		if (unknown.length) {
			return errorItem(webhookErrors.eventIdsInvalid, `Unknown event ids: ${unknown.join(', ')}`);
		}
	}
	if (field === 'webhookUrl') {
		const url = raw.webhookUrl as string;
		if (url.trim() === '') return errorItem(webhookErrors.urlBlank, 'webhookUrl cannot be blank');
		const problem = urlFormProblem(url, mode, allowLoopbackHttp);
		if (problem) return errorItem(problem.error, problem.message);
	}
	return undefined;
}

export function checkSubscriptionBody(body: unknown, mode: BodyMode, allowLoopbackHttp: boolean): BodyCheck {
	const raw: Raw = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Raw) } : {};
	const schema = mode === 'create' ? bodySchemas.subscriptionCreate : bodySchemas.subscriptionUpdate;
	// A null referenceId means "none", not a wrong type: the schema sees an empty one.
	const result = schema.safeParse(raw.referenceId === null ? { ...raw, referenceId: '' } : raw);
	const firstIssue = new Map<string, ZodIssue>();
	for (const issue of result.success ? [] : result.error.issues) {
		const field = issue.path.length ? String(issue.path[0]) : '';
		if (!firstIssue.has(field)) firstIssue.set(field, issue);
	}
	const errors: ErrorItem[] = [];
	for (const [field, issue] of firstIssue) errors.push(issueError(field, raw[field], issue, mode));
	for (const field of ['eventIds', 'webhookUrl']) {
		if (firstIssue.has(field) || raw[field] === undefined) continue;
		const error = fieldRuleError(field, raw, mode, allowLoopbackHttp);
		if (error) errors.push(error);
	}
	if (errors.length) return { ok: false, errors };

	const fields: SubscriptionFields = {};
	if (raw.eventIds !== undefined) fields.eventIds = [...new Set(raw.eventIds as string[])];
	if (raw.eventSchemaVersion !== undefined) fields.eventSchemaVersion = 1;
	if (raw.referenceId !== undefined) fields.referenceId = raw.referenceId as string | null;
	if (raw.webhookUrl !== undefined) fields.webhookUrl = (raw.webhookUrl as string).trim();
	if (raw.status !== undefined) fields.status = raw.status as SubscriptionStatusInput;
	return { ok: true, fields };
}
