import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { operations, type Operation } from '../../nodes/shared/catalogue';
import { bodyInput } from '../../nodes/Mindbody/bodies';
import { bodyPlanOf, type PlannedField } from '../../nodes/Mindbody/bodies/bodyPlan';
import { v6BodyInput } from '../../nodes/Mindbody/bodies/v6Body';
import type { V6Field, V6Scalar } from '../../document/factTypes';
import { V6_TYPES } from '../../document/facts';
import { optionalCollection, fieldName, userParams } from '../../nodes/Mindbody/fields/fieldNames';
import { shapeProblems } from '../../sandbox/v6/shapes';
import { V6_COVERED } from '../catalogue/v6Coverage';
import { bodyOf, queryPairs, useNodeSandbox } from './support';

/**
 * Every operation of the v6 document, run in n8n's engine against the sandbox twice: once with
 * every field of the node filled, once with only the required ones. The request on the wire is
 * compared with the document's facts: method and path, query names as written (arrays as
 * repeated keys), body field names, nesting and JSON types, and the values given.
 */

const h = useNodeSandbox();

const INT = 7;
const DOUBLE = 12.5;
const WHEN = '2026-03-10T09:00:00';

/** A value of a scalar type, as the node's field takes it and as it should reach the wire. */
function sample(type: V6Scalar): { given: unknown; wire: unknown } {
	switch (type) {
		case 'int32':
		case 'int64':
			return { given: String(INT), wire: INT };
		case 'double':
		case 'float':
			return { given: DOUBLE, wire: DOUBLE };
		case 'boolean':
			return { given: true, wire: true };
		case 'dateTime':
			return { given: WHEN, wire: WHEN };
		case 'object':
			return { given: '{"note":"given"}', wire: { note: 'given' } };
		default:
			return { given: 'given', wire: 'given' };
	}
}

/** A JSON value of a document type with every field filled (one level of objects and lists). */
function jsonOf(field: V6Field, depth = 0): unknown {
	if (typeof field === 'string') return sample(field).wire;
	if ('type' in field) return field.pattern || field.min !== undefined ? null : sample(field.type).wire;
	if ('enum' in field) return field.enum[0];
	if ('list' in field) return depth > 1 ? [] : [jsonOf(field.list, depth + 1)];
	if (depth > 1) return null;
	return Object.fromEntries(
		Object.entries(V6_TYPES[field.ref].fields).map(([name, entry]) => [name, jsonOf(entry, depth + 1)]),
	);
}

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** The node's value of one planned body field, and what the body should then hold. */
function fill(planned: PlannedField): { given: unknown; wire: unknown } {
	switch (planned.kind) {
		case 'scalar': {
			const value =
				planned.limits?.pattern && planned.type === 'string' ? matching(planned.limits.pattern) : sample(planned.type);
			return planned.listSource ? { given: locator(String(value.given)), wire: value.wire } : value;
		}
		case 'enum':
			return { given: planned.values[0], wire: planned.values[0] };
		case 'scalarList': {
			if (planned.type === 'string') return { given: 'Monday, Tuesday', wire: ['Monday', 'Tuesday'] };
			const one = sample(planned.type);
			return planned.listSource
				? { given: [String(one.given)], wire: [one.wire] }
				: { given: `${String(one.given)}, ${String(one.given)}`, wire: [one.wire, one.wire] };
		}
		case 'reference':
			return { given: locator(String(INT)), wire: { Id: INT } };
		case 'group': {
			const given: IDataObject = {};
			const wire: IDataObject = {};
			for (const child of planned.children) {
				const value = fill(child);
				given[child.param] = value.given as IDataObject[string];
				wire[child.field] = value.wire as IDataObject[string];
			}
			return planned.multiple ? { given: { entry: [given] }, wire: [wire] } : { given: { entry: given }, wire };
		}
		case 'json': {
			const value = jsonOf(planned.type);
			return { given: JSON.stringify(value), wire: value };
		}
	}
}

/** A text that has a pattern's form: a time of day, a date, or plain text. */
function matching(pattern: string): { given: unknown; wire: unknown } {
	const text = ['given', '09:00:00', '2026-03-10'].find((candidate) => new RegExp(pattern).test(candidate));
	if (!text) throw new Error(`No sample has the form ${pattern}`);
	return { given: text, wire: text };
}

interface Run {
	parameters: INodeParameters;
	query: Array<[string, string]>;
	path: string;
	body?: IDataObject;
}

/** The node's parameters for one run, and the request they should make. */
function planRun(op: Operation, every: boolean): Run {
	const parameters: INodeParameters = { resource: op.resource, operation: op.operation };
	const query: Array<[string, string]> = [];
	let path = op.path;
	const optional: IDataObject = {};
	for (const param of userParams(op)) {
		if (!param.required && !every) continue;
		const type = param.type === 'date' ? 'dateTime' : param.type;
		const value = param.options ? { given: param.options[0], wire: param.options[0] } : sample(type as V6Scalar);
		const given = param.array
			? param.listSource
				? [String(value.given), String(value.given)]
				: `${String(value.given)}, ${String(value.given)}`
			: param.listSource
				? locator(String(value.given))
				: param.type === 'int32' || param.type === 'int64'
					? String(value.given)
					: value.given;
		const name = fieldName(param, op);
		if (param.required) parameters[name] = given as INodeParameters[string];
		else optional[name] = given as IDataObject[string];
		const wire = param.type === 'boolean' ? 'true' : String(value.wire);
		if (param.location === 'path') path = path.replace(`{${param.name}}`, wire);
		else query.push(...Array.from({ length: param.array ? 2 : 1 }, (): [string, string] => [param.name, wire]));
	}
	if (Object.keys(optional).length) parameters[optionalCollection(op).name] = optional as INodeParameters[string];
	if (op.paging) {
		parameters.returnAll = false;
		parameters.limit = 5;
		query.push([op.paging.limit, '5'], [op.paging.offset, '0']);
	}
	if (op.large) parameters.simplify = false;
	if (!op.body?.shape) return { parameters, query, path };

	const plan = bodyPlanOf(op);
	const body: IDataObject = {};
	const sections = [{ required: plan.required, optional: plan.optional, collection: plan.collection.name, into: body }];
	if (plan.flattened) {
		const record: IDataObject = {};
		body[plan.flattened.field] = record;
		sections.push({
			required: plan.flattened.required,
			optional: plan.flattened.optional,
			collection: plan.flattened.collection.name,
			into: record,
		});
	}
	for (const section of sections) {
		const collection: IDataObject = {};
		for (const planned of [...section.required, ...(every ? section.optional : [])]) {
			const value = fill(planned);
			if (section.required.includes(planned)) parameters[planned.param] = value.given as INodeParameters[string];
			else collection[planned.param] = value.given as IDataObject[string];
			section.into[planned.field] = value.wire as IDataObject[string];
		}
		if (Object.keys(collection).length) parameters[section.collection] = collection as INodeParameters[string];
	}
	return { parameters, query, path, body: plan.list ? ([body] as unknown as IDataObject) : body };
}

/** Bodies with a form of their own are filled through it by their own tests (Sale: Checkout: checkoutForm.test.ts). */
const hasForm = (op: Operation) => op.body?.shape !== undefined && bodyInput(op.body) !== v6BodyInput;
const v6 = operations.filter((op) => op.v6 && !hasForm(op));
const cases = v6.flatMap((op) => [
	[`${op.resource}.${op.operation} every field`, op, true] as const,
	[`${op.resource}.${op.operation} required only`, op, false] as const,
]);

describe('v6 operations on the wire', () => {
	test('cover the operations twice, but those with a form of their own', () => {
		expect(cases).toHaveLength(2 * (V6_COVERED.length - operations.filter(hasForm).length));
		expect(operations.filter(hasForm).map((op) => `${op.resource}.${op.operation}`)).toEqual(['sale.checkout']);
	});

	test.each(cases)('%s', async (_label, op, every) => {
		const expected = planRun(op, every);
		const result = await h.run(expected.parameters, { continueOnFail: true });
		expect([result.status, result.nodeError('Mindbody')?.message]).toEqual(['success', undefined]);
		const [request] = h.calls(`${op.resource}.${op.operation}`);
		// Nothing refused before sending (an error item would say why).
		expect([request === undefined, result.jsonItems[0]?.error]).toEqual([false, result.jsonItems[0]?.error]);
		if (!request) throw new Error(String(result.jsonItems[0]?.error));
		expect([request.method, request.path]).toEqual([op.method, expected.path]);
		expect(queryPairs(request)).toEqual(expected.query);
		// The staff login's token goes on every v6 call.
		expect(request.headers.authorization).toBe(`Bearer ${h.token()}`);
		const facts = op.v6!;
		if (!facts.body) {
			expect(request.rawBody).toBe('');
			return;
		}
		const wire = bodyOf(request);
		expect(shapeProblems(facts.body, wire, 'body')).toEqual([]);
		expect(wire).toEqual(expected.body);
		const type = V6_TYPES[op.body!.shape!.type];
		const top = (op.body!.shape!.list ? (wire as IDataObject[])[0] : wire) as IDataObject;
		for (const name of type.required ?? []) expect([name, name in top]).toEqual([name, true]);
		if (every) {
			const settable = Object.keys(type.fields).filter((name) => !(type.readOnly ?? []).includes(name));
			expect(Object.keys(top).sort()).toEqual(settable.sort());
		}
	});
});
