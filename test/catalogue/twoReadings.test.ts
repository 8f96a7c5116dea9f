import { operations as nodeOperations, type Operation } from '../../nodes/shared/catalogue';
import { bodySchemaOf } from '../../sandbox/reading/bodies';
import { LISTED_BODIES } from '../../sandbox/reading/listedBodies';
import { operations as sandboxOperations, type SandboxOperation } from '../../sandbox/reading/operations';

/**
 * The node's catalogue and the sandbox's reading of the same documents, side by side. Each is
 * written apart (the catalogue in nodes/shared/catalogue and its listed bodies' schemas in
 * nodes/shared/schemas, the sandbox's in sandbox/reading), so a misreading on one side shows here as
 * a difference naming both, instead of the node, the fake service and the tests agreeing on it. Only
 * the v6 document's facts and their mechanical reader (document/) are one for both.
 */

const key = (op: { service: string; method: string; path: string }) => `${op.service} ${op.method} ${op.path}`;

/** What one parameter is on the wire, as both sides state it. */
const paramFacts = (param: Operation['params'][number] | SandboxOperation['params'][number]) => ({
	location: param.location,
	type: param.type,
	array: param.array ?? 'none',
	required: param.required === true,
});

/**
 * Bodies a schema meets, to compare what two schemas ask for without reading their code: absent,
 * of the wrong kind, empty, with an empty entry, with a flag, lengths and values the spec states
 * broken. Where each finds problems (the fields it requires, the kind it wants) is what the two
 * readings must agree on; each words its messages itself.
 */
const PROBES: unknown[] = [
	undefined,
	null,
	'text',
	{},
	[],
	[{}],
	[1],
	[1.5, '2'],
	{ Items: [{}] },
	{ Items: [{ SalesNotes: 'x'.repeat(256) }] },
	{ sendEmail: 'yes', eventIds: [], eventSchemaVersion: 2, referenceId: 'x'.repeat(257), webhookUrl: '' },
	{ eventIds: ['a'], eventSchemaVersion: 1, webhookUrl: 'x'.repeat(2084), status: 'Paused' },
];

const problemsOf = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } }) =>
	PROBES.map((probe) => {
		const result = schema.safeParse(probe);
		return result.success
			? 'passes'
			: (result.error!.issues as Array<{ path: unknown[] }>)
					.map((issue) => issue.path.join('.') || '(body)')
					.join(', ');
	});

/** Every difference between the two readings, each naming the node's and the sandbox's side. */
export function compareReadings(node: readonly Operation[], sandbox: readonly SandboxOperation[]): string[] {
	const problems: string[] = [];
	const differ = (label: string, what: string, nodeSide: unknown, sandboxSide: unknown) => {
		if (JSON.stringify(nodeSide) !== JSON.stringify(sandboxSide)) {
			problems.push(
				`${label}: ${what}: node catalogue ${JSON.stringify(nodeSide)}, sandbox reading ${JSON.stringify(sandboxSide)}`,
			);
		}
	};
	const sandboxByKey = new Map(sandbox.map((op) => [key(op), op]));
	const nodeKeys = new Set(node.map(key));
	for (const mine of node) {
		const theirs = sandboxByKey.get(key(mine));
		const label = `${key(mine)} (${mine.resource}.${mine.operation})`;
		if (!theirs) {
			problems.push(`${label}: in the node catalogue, not in the sandbox reading`);
			continue;
		}
		differ(label, 'user token required', mine.userToken, theirs.userToken);
		differ(label, 'deduplicated', mine.deduplicated === true, theirs.deduplicated === true);
		differ(label, 'paging (limit, offset, page size, answer list key)', mine.paging ?? null, theirs.paging ?? null);
		differ(label, 'from the v6 document', mine.v6 ?? null, theirs.v6 ?? null);
		// The node keeps no success status of its own: the sandbox's answers the v6 document's.
		if (mine.v6) differ(label, 'success status (the v6 document)', mine.v6.status, theirs.successStatus);
		const theirParams = new Map(theirs.params.map((param) => [param.name, param]));
		for (const param of mine.params) {
			const other = theirParams.get(param.name);
			differ(label, `parameter ${param.name}`, paramFacts(param), other ? paramFacts(other) : 'absent');
			// Values both sides state; the catalogue may describe values the spec only lists in words.
			if (other?.options) differ(label, `values of ${param.name}`, param.options ?? null, other.options);
		}
		for (const param of theirs.params) {
			if (!mine.params.some((own) => own.name === param.name)) {
				differ(label, `parameter ${param.name}`, 'absent', paramFacts(param));
			}
		}
		differ(
			label,
			'body',
			mine.body ? (mine.body.shape ?? 'listed') : 'none',
			theirs.body ? (theirs.body.shape ?? 'listed') : 'none',
		);
		if (mine.body && theirs.body) {
			differ(
				label,
				'body problems (where each probe fails: required fields, kind, flags, lengths, values)',
				problemsOf(mine.body.schema),
				problemsOf(theirs.body.schema),
			);
		}
	}
	for (const theirs of sandbox) {
		if (!nodeKeys.has(key(theirs))) {
			problems.push(`${key(theirs)} (${theirs.id}): in the sandbox reading, not in the node catalogue`);
		}
	}
	return problems;
}

describe("the node's catalogue and the sandbox's reading", () => {
	test('name the same operations', () => {
		expect(sandboxOperations.filter((op) => !op.v6).length).toBe(60);
		expect(sandboxOperations.length).toBe(nodeOperations.length);
	});

	test('agree field by field: method, path, parameters, token, deduplication, paging, body', () => {
		expect(compareReadings(nodeOperations, sandboxOperations)).toEqual([]);
	});
});

describe('the comparison names both sides of a difference', () => {
	const cloneNode = () => nodeOperations.map((op) => ({ ...op, params: op.params.map((param) => ({ ...param })) }));
	const cloneSandbox = () =>
		sandboxOperations.map((op) => ({ ...op, params: op.params.map((param) => ({ ...param })) }));
	const nodeOp = (ops: Operation[], name: string) => ops.find((op) => `${op.resource}.${op.operation}` === name)!;
	const sandboxOp = (ops: SandboxOperation[], id: string) => ops.find((op) => op.id === id)!;

	test.each<[string, (node: Operation[], sandbox: SandboxOperation[]) => void, RegExp]>([
		[
			'a token rule the node misreads',
			(node) => (nodeOp(node, 'class.getUpcoming').userToken = false),
			/Upcoming .*user token required: node catalogue false, sandbox reading true/,
		],
		[
			'a parameter place the sandbox misreads',
			(_node, sandbox) => (sandboxOp(sandbox, 'GET /Business/Calendars/Staff/{staffId}').params[0].location = 'query'),
			/parameter staffId: node catalogue \{"location":"path".*sandbox reading \{"location":"query"/,
		],
		[
			'a parameter type',
			(node) => (nodeOp(node, 'category.getMany').params[0].type = 'int64'),
			/parameter verticalIds: node catalogue .*"int64".*sandbox reading .*"int32"/,
		],
		[
			'deduplication',
			(_node, sandbox) => (sandboxOp(sandbox, 'AddClientToClass').deduplicated = false),
			/deduplicated: node catalogue true, sandbox reading false/,
		],
		[
			'a page size',
			(node) =>
				(nodeOp(node, 'promoCode.getMany').paging = { ...nodeOp(node, 'promoCode.getMany').paging!, pageSize: 50 }),
			/paging .*node catalogue \{.*"pageSize":50.*sandbox reading \{.*"pageSize":100/,
		],
		[
			'an answer list key',
			(_node, sandbox) =>
				(sandboxOp(sandbox, 'GetClients').paging = { ...sandboxOp(sandbox, 'GetClients').paging!, list: 'Items' }),
			/answer list key\): node catalogue .*"Clients".*sandbox reading .*"Items"/,
		],
		[
			'a required body field',
			(_node, sandbox) =>
				(sandboxOp(sandbox, 'POST /Business/Schedules/Availability/Add').body = {
					...sandboxOp(sandbox, 'POST /Business/Schedules/Availability/Add').body!,
					schema: sandboxOp(sandbox, 'POST /Business/Schedules/Availability/Search').body!.schema,
				}),
			/Availability\/Add .*body problems .*node catalogue .*DaysOfWeek.*sandbox reading/,
		],
		[
			'a listed body the node misreads (a flag it does not check)',
			(node) =>
				(nodeOp(node, 'appointment.modify').body = {
					...nodeOp(node, 'appointment.modify').body!,
					schema: nodeOp(node, 'promoCode.create').body!.schema,
				}),
			/Appointments\/Modify .*body problems .*node catalogue .*"passes".*sandbox reading .*"sendEmail/,
		],
		[
			"a required field the sandbox's transcription leaves out",
			(_node, sandbox) => {
				const booking = sandboxOp(sandbox, 'POST /Consumer/Schedules/Location/{locationId}/Appointments');
				const misread = { ...LISTED_BODIES.bookingRequestItems.required, fields: ['StaffReference', 'Range'] };
				booking.body = {
					...booking.body!,
					schema: bodySchemaOf({ ...LISTED_BODIES.bookingRequestItems, required: misread }),
				};
			},
			/Location\/\{locationId\}\/Appointments .*body problems .*node catalogue .*AppointmentTypeReference.*sandbox reading (?!.*AppointmentTypeReference)/,
		],
		[
			'an operation one side lacks',
			(_node, sandbox) => sandbox.splice(sandbox.indexOf(sandboxOp(sandbox, 'GET /Business/Features')), 1),
			/GET \/Business\/Features .*in the node catalogue, not in the sandbox reading/,
		],
	])('%s', (_label, edit, expected) => {
		const node = cloneNode();
		const sandbox = cloneSandbox();
		edit(node, sandbox);
		const problems = compareReadings(node, sandbox);
		expect(problems.filter((line) => expected.test(line))).toHaveLength(1);
		expect(problems).toHaveLength(1);
	});
});
