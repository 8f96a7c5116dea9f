import { takesUserToken } from '../../nodes/shared/auth';
import { operations, type Operation } from '../../nodes/shared/catalogue';
import { bodyPlanOf, type PlannedField } from '../../nodes/Mindbody/bodies/bodyPlan';
import { TYPE_TIMES } from '../../nodes/shared/catalogue/v6/fieldWords';
import type { V6Field, V6OperationFacts } from '../../document/factTypes';
import { V6_OPERATIONS, V6_TYPES } from '../../document/facts';
import { pagedInDocument, V6_COVERED } from './v6Coverage';

/**
 * The catalogue against the v6 document's facts: every operation but the user-token ones, once,
 * with the method, path, parameters and body the facts state, and nothing they do not.
 */

const PARAM_TYPES: Record<string, string> = { float: 'double', uuid: 'string', byte: 'string', object: 'string' };

/**
 * Text parameters whose values the document lists in words, not as an enum: the catalogue offers
 * those values (its `values` words). Any other parameter's values are the facts' enum, or none.
 */
const VALUES_IN_WORDS = [
	'payroll.getScheduledServiceEarnings request.scheduledServiceType',
	'staff.getMany request.filters',
];

/** Every difference between one operation and its facts, as readable lines. */
export function compareWithFacts(op: Operation, facts: V6OperationFacts): string[] {
	const label = `${op.resource}.${op.operation}`;
	const problems: string[] = [];
	if (op.method !== facts.method || op.path !== facts.path) {
		problems.push(`${label}: ${op.method} ${op.path}, the document ${facts.method} ${facts.path}`);
	}
	const mine = op.params.map((param) => ({
		name: param.name,
		in: param.location,
		type: param.type,
		array: param.array === 'repeated',
		required: param.required === true,
		enum: param.options ?? null,
	}));
	const inWords = (name: string) => op.params.find((param) => param.name === name)?.options ?? null;
	const theirs = facts.params.map((param) => ({
		name: param.name,
		in: param.in,
		type: PARAM_TYPES[param.scalar] ?? param.scalar,
		array: param.array === true,
		required: param.required === true,
		enum: param.enum
			? [...param.enum]
			: VALUES_IN_WORDS.includes(`${label} ${param.name}`)
				? inWords(param.name)
				: null,
	}));
	if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
		problems.push(`${label}: parameters ${JSON.stringify(mine)}, the document ${JSON.stringify(theirs)}`);
	}
	const bodyType = (field: V6Field | undefined): string | undefined =>
		field && typeof field === 'object'
			? 'ref' in field
				? field.ref
				: 'list' in field
					? bodyType(field.list)
					: undefined
			: undefined;
	if (op.body?.shape?.type !== bodyType(facts.body)) {
		problems.push(`${label}: body ${op.body?.shape?.type}, the document ${bodyType(facts.body)}`);
	}
	const paged = pagedInDocument(facts);
	if (Boolean(op.paging) !== paged) problems.push(`${label}: paging ${Boolean(op.paging)}, the document ${paged}`);
	const answer =
		facts.answer && typeof facts.answer === 'object' && 'ref' in facts.answer ? V6_TYPES[facts.answer.ref] : undefined;
	if (op.outputKey && !(answer && op.outputKey in answer.fields))
		problems.push(`${label}: the answer has no ${op.outputKey}`);
	if (op.paging?.list && !(answer && op.paging.list in answer.fields))
		problems.push(`${label}: the answer has no ${op.paging.list}`);
	return problems;
}

const v6 = operations.filter((op) => op.v6);

describe('the v6 operations of the catalogue', () => {
	test("are the document's operations but its user-token ones, each once", () => {
		// The document's own count (public-api-v6.md): the facts hold all of it.
		expect(Object.keys(V6_OPERATIONS)).toHaveLength(149);
		expect(v6).toHaveLength(V6_COVERED.length);
		for (const key of V6_COVERED) {
			expect([key, v6.filter((op) => op.v6 === V6_OPERATIONS[key]).length]).toEqual([key, 1]);
		}
	});

	test('state what the document states, and nothing it does not', () => {
		expect(v6.flatMap((op) => compareWithFacts(op, op.v6!))).toEqual([]);
	});

	test('the comparison catches mismatches', () => {
		const clients = v6.find((op) => op.v6 === V6_OPERATIONS.GetClients)!;
		const edits: Array<[string, (op: Operation) => void, RegExp]> = [
			['path', (op) => (op.path = '/client/client'), /the document GET \/client\/clients/],
			['param', (op) => op.params.pop(), /parameters/],
			['array', (op) => (op.params.find((p) => p.array)!.array = undefined), /parameters/],
			['required', (op) => (op.params[0].required = true), /parameters/],
			['values', (op) => (op.params[0].options = ['Invented']), /parameters/],
			['paging', (op) => delete op.paging, /paging false/],
		];
		for (const [, edit, expected] of edits) {
			const copy = {
				...clients,
				params: clients.params.map((p) => ({ ...p })),
				paging: clients.paging && { ...clients.paging },
			};
			edit(copy);
			expect(compareWithFacts(copy, clients.v6!).join('\n')).toMatch(expected);
		}
	});

	test('send the staff token whenever the credential holds one, as the credential decides from the listed operations alone', () => {
		for (const op of v6) {
			expect([op.operation, op.tokenWhenHeld, takesUserToken(op.method, op.path.replace(/\{\w+\}/g, '7'))]).toEqual([
				op.operation,
				true,
				true,
			]);
		}
	});

	test('are finished: no draft descriptions', () => {
		expect(v6.filter((op) => /DRAFT/.test(op.description)).map((op) => `${op.resource}.${op.operation}`)).toEqual([]);
	});

	test('give every true-or-false body field words of their own, starting "Whether"', () => {
		const unworded: string[] = [];
		const walk = (op: Operation, fields: PlannedField[]) => {
			for (const field of fields) {
				if (field.kind === 'scalar' && field.type === 'boolean' && !/^Whether /.test(field.description ?? '')) {
					unworded.push(`${op.resource}.${op.operation} ${field.field}`);
				}
				if (field.kind === 'group') walk(op, field.children);
			}
		};
		for (const op of v6.filter((o) => o.body)) {
			const plan = bodyPlanOf(op);
			walk(op, [
				...plan.required,
				...plan.optional,
				...(plan.flattened ? [...plan.flattened.required, ...plan.flattened.optional] : []),
			]);
		}
		expect(unworded).toEqual([]);
	});

	test("name the document's types and date-time fields where they say a type's times are local", () => {
		const named = Object.entries(TYPE_TIMES).flatMap(([type, fields]) =>
			Object.keys(fields).map((field) => [`${type}.${field}`, V6_TYPES[type]?.fields[field]]),
		);
		expect(named.length).toBeGreaterThan(0);
		expect(named).toEqual(named.map(([name]) => [name, 'dateTime']));
	});

	test('offer the values the document gives only in words on these parameters alone', () => {
		const offered = v6.flatMap((op) =>
			op.params
				.filter((param) => param.options && !op.v6!.params.find((fact) => fact.name === param.name)?.enum)
				.map((param) => `${op.resource}.${op.operation} ${param.name}`),
		);
		expect(offered).toEqual(VALUES_IN_WORDS);
	});
});
