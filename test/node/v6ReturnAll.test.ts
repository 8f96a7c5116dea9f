import type { INodeParameters } from 'n8n-workflow';

import { operations, type Operation } from '../../nodes/shared/catalogue';
import { fieldName } from '../../nodes/Mindbody/fields/fieldNames';
import { pagedInDocument, V6_COVERED_FACTS } from '../catalogue/v6Coverage';
import { useNodeSandbox } from './support';

/**
 * Return All on every paged operation of the v6 document, in n8n's engine against the sandbox,
 * with the sandbox answering at most PAGE entries per request: every entry the service holds
 * comes out once, in the service's order, in the fewest requests (the first page's
 * TotalResults tells how many follow).
 */
const h = useNodeSandbox();
const PAGE = 3;

/** Values of required parameters that name records the sandbox holds. */
const REQUIRED: Record<string, string | number> = {
	'request.clientId': '100001',
	'request.clientIds': '100001',
	'request.locationId': 1,
	'request.staffId': 101,
	'request.sessionTypeIds': 1001,
};

/** Filters some lists need before they answer (one of several parameters the document leaves optional). */
const FILTERS: Record<string, Record<string, string> | (() => Record<string, string>)> = {
	'client.getDuplicates': () => ({ lastName: h.site().clients[0].LastName }),
	'client.getFormulaNotes': { clientId: '100001' },
	'client.getSchedule': { clientId: '100001' },
	'client.getVisits': { clientId: '100001' },
	'client.getServices': { clientId: '100001' },
	'client.getCrossRegionalAssociations': { clientId: '100001' },
};

function parametersOf(op: Operation): INodeParameters {
	const parameters: INodeParameters = { resource: op.resource, operation: op.operation, returnAll: true };
	const filters = FILTERS[`${op.resource}.${op.operation}`];
	if (filters) parameters.filters = typeof filters === 'function' ? filters() : filters;
	if (op.large) parameters.simplify = false;
	for (const param of op.params.filter((p) => p.required)) {
		const value = REQUIRED[param.name];
		if (value === undefined) throw new Error(`No sandbox value for ${param.name} (${op.operation})`);
		const given = param.array ? [String(value)] : String(value);
		parameters[fieldName(param, op)] =
			param.listSource && !param.array ? { __rl: true, mode: 'id', value: given } : given;
	}
	return parameters;
}

const paged = operations.filter((op) => op.v6 && op.paging);

describe('Return All on the v6 lists', () => {
	beforeEach(async () => {
		h.sandbox.state.maxPageSize = PAGE;
	});
	afterAll(() => {
		h.sandbox.state.maxPageSize = undefined;
	});

	test('covers every paged operation of the document', () =>
		expect(paged).toHaveLength(V6_COVERED_FACTS.filter(pagedInDocument).length));

	test.each(paged.map((op) => [`${op.resource}.${op.operation}`, op] as const))('%s', async (key, op) => {
		const result = await h.run(parametersOf(op));
		expect([result.status, result.nodeError('Mindbody')?.message]).toEqual(['success', undefined]);
		const calls = h.calls(key);
		const first = calls[0];
		// What the service holds: the first page's total, as the sandbox answered it.
		const answer = JSON.parse(
			(await (
				await fetch(`${h.sandbox.restBaseUrl}${first.path}?${first.rawQuery}`, {
					headers: {
						'API-Key': h.sandbox.apiKey,
						SiteId: String(h.sandbox.siteId),
						Authorization: `Bearer ${h.token()}`,
					},
				})
			).text()) || '{}',
		) as { PaginationResponse?: { TotalResults: number } };
		const total = answer.PaginationResponse?.TotalResults ?? 0;
		expect(result.jsonItems).toHaveLength(total);
		expect(calls).toHaveLength(Math.max(1, Math.ceil(total / PAGE)));
		const offsets = calls.map((call) => Number(new URLSearchParams(call.rawQuery).get(op.paging!.offset)));
		expect(offsets.sort((a, b) => a - b)).toEqual(calls.map((_, index) => index * PAGE));
		// No entry twice: the pages did not overlap.
		expect(new Set(result.jsonItems.map((item) => JSON.stringify(item))).size).toBe(total);
	});
});
