import type { INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { bodyInput } from '../../nodes/Mindbody/bodies';
import { paramProperties } from '../../nodes/Mindbody/description/paramFields';
import { LISTS, operations } from '../../nodes/shared/catalogue';
import { allFields } from '../support/nodeFields';

/** n8n's UX guidelines for nodes, checked on the description n8n loads. */
const properties = new Mindbody().description.properties;

const fields = allFields(properties);
const catalogueFields = allFields(operations.flatMap((operation) => paramProperties(operation)));
const bodyFields = allFields(
	operations.flatMap((operation) => (operation.body ? bodyInput(operation.body).properties(operation) : [])),
);
/** A placeholder shown for a value: the field's own, and those of a resource locator's modes. */
const placeholders = (field: INodeProperties) => [
	...(field.placeholder && !['collection', 'fixedCollection'].includes(field.type) ? [field.placeholder] : []),
	...(field.modes ?? []).flatMap((mode) => (mode.placeholder ? [mode.placeholder] : [])),
];
const isIdField = (field: INodeProperties) => /^id$|Ids?$/.test(field.name) || /\bIDs?$/.test(field.displayName);
const optionsOf = (resource: string, operation: string) => {
	const collections = properties.filter(
		(p) =>
			p.name === 'options' &&
			p.displayOptions?.show?.resource?.[0] === resource &&
			(p.displayOptions?.show?.operation ?? []).includes(operation),
	);
	// One collection shows for each operation.
	expect([resource, operation, collections.length]).toEqual([resource, operation, 1]);
	const [collection] = collections;
	return ((collection?.options ?? []) as INodeProperties[]).map((option) => option.name);
};

describe("n8n's UX guidelines", () => {
	test('actions are sentence case without articles; Get Many actions start with "Get many"', () => {
		for (const op of operations) {
			expect([op.action, /\b(a|an|the)\b/i.test(op.action)]).toEqual([op.action, false]);
			expect(op.action).toMatch(/^[A-Z][^A-Z]*(IDs?[^A-Z]*)*$/);
			if (op.name === 'Get Many') expect(op.action).toMatch(/^Get many /);
		}
	});

	test('"Get Many" never names an operation that selects records by ID; no "(Query)" names', () => {
		for (const op of operations) {
			const selectsByIds = op.params.some((param) => param.selects && param.required);
			if (selectsByIds)
				expect([op.resource, op.operation, op.name]).not.toEqual([op.resource, op.operation, 'Get Many']);
			expect(op.name).not.toMatch(/\(/);
		}
		const byIds = operations.filter((op) => op.name === 'Get by IDs').map((op) => `${op.resource}.${op.operation}`);
		expect(byIds).toEqual(['appointment.getMany', 'appointmentAddOn.getMany', 'availability.get']);
	});

	test('descriptions start upper case and name no error codes, raw headers or spec markers', () => {
		const descriptions = [
			...fields.map((field) => field.description),
			...operations.map((op) => op.description),
		].filter((text): text is string => typeof text === 'string' && text.length > 0);
		expect(descriptions.length).toBeGreaterThan(100);
		for (const text of descriptions) {
			expect([text, /^[A-Z'"(]/.test(text)]).toEqual([text, true]);
			expect([text, /\b1400\d{4}\b|X-Request|Transaction-Key|marked A/.test(text)]).toEqual([text, false]);
		}
	});

	test('every boolean description starts with "Whether"', () => {
		const booleans = fields.filter((field) => field.type === 'boolean');
		expect(booleans.length).toBeGreaterThan(10);
		for (const field of booleans)
			expect([field.name, field.description]).toEqual([field.name, expect.stringMatching(/^Whether /)]);
	});

	test('placeholders of the catalogue fields and options are examples starting "e.g."', () => {
		const withPlaceholder = [
			...catalogueFields,
			...fields.filter((f) => ['siteId', 'transactionKey'].includes(f.name)),
		].filter((field) => field.placeholder && !['collection', 'fixedCollection'].includes(field.type));
		expect(withPlaceholder.length).toBeGreaterThan(5);
		for (const field of withPlaceholder) expect(field.placeholder).toMatch(/^e\.g\. /);
	});

	test('no catalogue id field is a number starting at 0: ids are picked from a list or typed with an example', () => {
		const ids = catalogueFields.filter((field) => /Ids?$/.test(field.name) || field.type === 'resourceLocator');
		expect(ids.length).toBeGreaterThan(15);
		for (const field of ids) {
			expect([field.name, field.type]).not.toEqual([field.name, 'number']);
			if (field.type === 'resourceLocator') {
				expect(field.default).toEqual({ mode: 'list', value: '' });
				expect(field.modes?.[0].name).toBe('list');
			}
		}
	});

	test('placeholders of the body fields, resource locator modes included, are examples starting "e.g."', () => {
		const shown = bodyFields.flatMap((field) => placeholders(field).map((placeholder) => [field.name, placeholder]));
		expect(shown.map(([name]) => name)).toEqual(
			expect.arrayContaining(['startTime', 'webhookUrl', 'locationId', 'staffId']),
		);
		for (const [name, placeholder] of shown)
			expect([name, placeholder]).toEqual([name, expect.stringMatching(/^e\.g\. /)]);
	});

	test('no body id field is a number starting at 0: ids with a list are picked from it, other ids are typed', () => {
		// Reference ID is free text of the user's own, not a record's id.
		const ids = bodyFields.filter((field) => isIdField(field) && field.name !== 'referenceId');
		expect(ids.length).toBeGreaterThan(10);
		const listed = new Set(Object.values(LISTS).map((list) => list.method));
		for (const field of ids) {
			expect([field.name, field.type]).not.toEqual([field.name, 'number']);
			expect([field.name, field.default]).not.toEqual([field.name, 0]);
			if (field.type === 'resourceLocator') {
				expect([field.name, listed.has(String(field.modes?.[0].typeOptions?.searchListMethod))]).toEqual([
					field.name,
					true,
				]);
				expect(field.default).toEqual({ mode: 'list', value: '' });
			} else if (field.type === 'multiOptions') {
				const offered = (field.options?.length ?? 0) > 0 || listed.has(String(field.typeOptions?.loadOptionsMethod));
				expect([field.name, offered]).toEqual([field.name, true]);
			} else {
				expect([field.name, field.type, field.placeholder]).toEqual([
					field.name,
					'string',
					expect.stringMatching(/^e\.g\. 12345/),
				]);
				expect([field.name, field.default]).toEqual([field.name, field.typeOptions?.multipleValues ? [] : '']);
			}
		}
	});

	test('JSON body defaults are templates: every id, date and time in them is null, the example is in the description', () => {
		const json = bodyFields.filter((field) => field.name === 'jsonBody');
		expect(json.length).toBeGreaterThanOrEqual(3);
		const filled: string[] = [];
		const walk = (value: unknown, path: string): void => {
			if (Array.isArray(value)) return value.forEach((entry, n) => walk(entry, `${path}[${n}]`));
			if (value && typeof value === 'object') {
				for (const [key, entry] of Object.entries(value)) walk(entry, `${path}.${key}`);
				return;
			}
			if (/(Id|Start|End|DateTime)$/.test(path) && value !== null) filled.push(`${path}=${String(value)}`);
			if (typeof value === 'string' && /\d{4}-\d{2}-\d{2}/.test(value)) filled.push(`${path}=${value}`);
		};
		for (const field of json) {
			walk(JSON.parse(field.default as string), field.name);
			expect(field.description).toMatch(/, e\.g\. [[{]/);
		}
		expect(filled).toEqual([]);
	});

	test("Simplify is on by default with n8n's wording, shown for exactly the operations with large answers", () => {
		const simplify = fields.filter((field) => field.name === 'simplify');
		const shown = simplify.flatMap((field) =>
			(field.displayOptions?.show?.operation ?? []).map(
				(op) => `${String(field.displayOptions?.show?.resource?.[0])}.${String(op)}`,
			),
		);
		expect(shown.sort()).toEqual(
			operations
				.filter((op) => op.large)
				.map((op) => `${op.resource}.${op.operation}`)
				.sort(),
		);
		for (const field of simplify) {
			expect([field.default, field.description]).toEqual([
				true,
				'Whether to return a simplified version of the response instead of the raw data',
			]);
		}
	});

	test('plumbing options appear only where they act; Site ID does not default to the sandbox site', () => {
		const optionFields = allFields(properties.filter((p) => p.name === 'options'));
		expect(optionFields.filter((f) => f.name === 'siteId').every((f) => f.default === 0)).toBe(true);
		for (const op of operations.filter((o) => o.service === 'rest')) {
			const names = optionsOf(op.resource, op.operation);
			expect(names).toContain('siteId');
			expect([op.operation, names.includes('transactionKey')]).toEqual([op.operation, op.method !== 'GET']);
			expect([op.operation, names.includes('skipDeduplication')]).toEqual([op.operation, op.method === 'POST']);
		}
		// A read has only the site, the requests in flight and the time limit.
		expect(optionsOf('staffCalendar', 'get')).toEqual(['concurrency', 'siteId', 'timeout']);
	});
});
