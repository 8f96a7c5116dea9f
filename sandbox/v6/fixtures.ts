import type { V6Field } from '../../nodes/shared/v6Document/factTypes';
import { V6_TYPES } from '../../nodes/shared/v6Document/facts';
import type { SandboxResponse } from '../context';
import type { Handler, RestCall } from '../rest/call';
import { v6Json, v6Page } from './answers';
import { exampleOf } from './examples';

/**
 * Operations outside the business the sandbox keeps state for: checked like every call (headers,
 * parameters, body), then answered in the document's shape from seeded examples. A page lists
 * FIXTURE_ROWS entries; a write echoes the body's fields the answer shares.
 */
export const FIXTURE_ROWS = 30;

export function fixtureAnswer(call: RestCall): SandboxResponse {
	const facts = call.op.v6;
	if (!facts) throw new Error(`${call.op.operation} is not an operation of the v6 document`);
	const key = `${call.siteId}.${call.op.resource}.${call.op.operation}`;
	const anchor = call.store.anchor;
	if (!facts.answer || facts.status === 204) return { status: facts.status };
	const answer = facts.answer;
	const list = call.op.paging?.list;
	if (list && typeof answer === 'object' && 'ref' in answer) {
		const fields = V6_TYPES[answer.ref].fields;
		const entry = (fields[list] as { list: V6Field }).list;
		const rows = Array.from({ length: FIXTURE_ROWS }, (_, index) => exampleOf(entry, key, anchor, index, 1, list));
		const extra = Object.fromEntries(
			Object.entries(fields)
				.filter(([name]) => name !== list && name !== 'PaginationResponse')
				.map(([name, field]) => [name, exampleOf(field, key, anchor, 0, 1, name)]),
		);
		return v6Page(call, list, rows, extra);
	}
	const example = exampleOf(answer, key, anchor);
	if (example && typeof example === 'object' && !Array.isArray(example) && 'ref' in (answer as object)) {
		const fields = V6_TYPES[(answer as { ref: string }).ref].fields;
		const body = (call.body ?? {}) as Record<string, unknown>;
		for (const [name, value] of Object.entries(body)) {
			if (name in fields && value !== undefined && typeof fields[name] === 'string') {
				(example as Record<string, unknown>)[name] = value;
			}
		}
	}
	return v6Json(example, facts.status);
}

/** The fixture handler for each of these operations, by `resource.operation`. */
export const fixtureHandlers = (keys: readonly string[]): Record<string, Handler> =>
	Object.fromEntries(keys.map((key) => [key, fixtureAnswer]));
