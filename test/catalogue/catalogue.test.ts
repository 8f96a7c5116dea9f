import { FRONT_DESK, operations, operationsOf, resources, tasks, type Operation } from '../../nodes/shared/catalogue';
import { SPEC_OPERATIONS, type SpecParam, type WireType, type SpecOperation } from '../../sandbox/reading/listed';
import { V6_COVERED } from './v6Coverage';

/**
 * The catalogue against the contract's endpoints (specFacts.ts): every endpoint of both services,
 * and nothing more. The facts are kept apart from the catalogue; the catalogue is never used to
 * write them.
 */

const key = (op: { service: string; method: string; path: string }) => `${op.service} ${op.method} ${op.path}`;
/** Looser key, to tell "missing" from "differs in method or path letter case". */
const pathKey = (op: { service: string; path: string }) => `${op.service} ${op.path.toLowerCase()}`;

const normalise = (param: SpecParam | Operation['params'][number]): SpecParam => ({
	name: param.name,
	location: param.location,
	type: param.type as WireType,
	required: param.required === true,
	...(param.array ? { array: param.array } : {}),
	...(typeof param.serverDefault === 'number' || typeof param.serverDefault === 'boolean'
		? { serverDefault: param.serverDefault }
		: {}),
	...(param.options ? { options: [...param.options] } : {}),
});

/** Every difference between the spec and the catalogue, as readable lines. */
export function compareCatalogue(spec: SpecOperation[], catalogue: readonly Operation[]): string[] {
	const problems: string[] = [];
	const byKey = new Map(catalogue.map((op) => [key(op), op]));
	const specKeys = new Set(spec.map(key));
	for (const wanted of spec) {
		const op = byKey.get(key(wanted));
		if (!op) {
			const near = catalogue.find((candidate) => pathKey(candidate) === pathKey(wanted));
			problems.push(
				near
					? `${key(wanted)}: catalogue has ${near.method} ${near.path} (${near.resource}.${near.operation})`
					: `${key(wanted)}: missing from the catalogue`,
			);
			continue;
		}
		const label = `${key(wanted)} (${op.resource}.${op.operation})`;
		if (op.userToken !== wanted.userToken) {
			problems.push(`${label}: auth ${wanted.userToken ? 'A' : 'no'} in the spec, userToken ${op.userToken}`);
		}
		if (Boolean(op.body) !== wanted.hasBody) {
			problems.push(
				`${label}: spec body ${wanted.hasBody ? 'present' : 'none'}, catalogue body ${op.body ? 'present' : 'none'}`,
			);
		}
		const have = new Map(op.params.map((param) => [`${param.location} ${param.name}`, param]));
		for (const param of wanted.params) {
			const mine = have.get(`${param.location} ${param.name}`);
			if (!mine) {
				problems.push(`${label}: parameter ${param.location === 'path' ? 'P' : 'Q'} ${param.name} missing`);
				continue;
			}
			const a = normalise(param);
			const b = normalise(mine);
			// Descriptive defaults/options the spec does not state are allowed in the catalogue.
			if (a.serverDefault === undefined) delete b.serverDefault;
			if (a.options === undefined) delete b.options;
			if (JSON.stringify(a) !== JSON.stringify(b)) {
				problems.push(
					`${label}: parameter ${param.name} is ${JSON.stringify(a)} in the spec, ${JSON.stringify(b)} in the catalogue`,
				);
			}
		}
		const specNames = new Set(wanted.params.map((param) => `${param.location} ${param.name}`));
		for (const param of op.params) {
			if (!specNames.has(`${param.location} ${param.name}`)) {
				problems.push(`${label}: parameter ${param.location} ${param.name} is not in the spec`);
			}
		}
		// Every placeholder of the path is filled by a path parameter or a declared query one.
		for (const [, placeholder] of op.path.matchAll(/\{(\w+)\}/g)) {
			const filled = op.params.some(
				(param) => (param.location === 'path' && param.name === placeholder) || param.fillsPath === placeholder,
			);
			if (!filled) problems.push(`${label}: placeholder {${placeholder}} is filled by no parameter`);
		}
	}
	for (const op of catalogue) {
		if (!specKeys.has(key(op)) && !spec.some((wanted) => pathKey(wanted) === pathKey(op))) {
			problems.push(`${key(op)} (${op.resource}.${op.operation}): not in the spec`);
		}
	}
	return problems;
}

const spec = SPEC_OPERATIONS;
/** The operations the contract lists with paths; those of the v6 document are test/catalogue/v6Catalogue's. */
const listed = operations.filter((op) => !op.v6);
const restOps = spec.filter((op) => op.service === 'rest');
const webhookOps = spec.filter((op) => op.service === 'webhooks');

describe('the contract facts', () => {
	test('hold 54 REST and 6 webhook endpoints, each once', () => {
		// The contract's own counts: the one place they are written, the transcription checked against them.
		expect(restOps).toHaveLength(54);
		expect(webhookOps).toHaveLength(6);
		expect(new Set(spec.map(key)).size).toBe(spec.length);
	});

	test('state the tricky parameters as the contract does', () => {
		const find = (method: string, path: string) => spec.find((op) => op.method === method && op.path === path)!;
		expect(find('GET', '/Business/Schedules/Enrollments').params.slice(0, 2)).toEqual([
			{ name: 'request.locationIds', location: 'query', type: 'int32', array: 'comma', required: false },
			{ name: 'request.serviceCategoryIds', location: 'query', type: 'int32', array: 'comma', required: false },
		]);
		expect(find('GET', '/Clients/Directory').params).toEqual([
			{ name: 'date', location: 'query', type: 'string', required: false },
		]);
		expect(find('GET', '/Business/Schedules/Appointments').params).toEqual([
			{ name: 'appointmentId', location: 'query', type: 'int64', array: 'repeated', required: true },
		]);
		const ranges = find('GET', '/Consumer/Schedules/Location/{locationId}/Appointments/StaffBookableTimeRanges');
		expect(ranges.params.map((p) => [p.name, p.required])).toEqual([
			['locationId', true],
			['appointmentTypeId', true],
			['staffId', true],
			['start', true],
			['end', true],
			['dependentId', false],
			['ignoreMembershipRestrictions', false],
		]);
		expect(ranges.params[6].serverDefault).toBe(false);
		const promo = find('GET', '/Business/PromoCodes').params;
		expect(promo.find((p) => p.name === 'request.orderBy')?.options).toEqual([
			'Name',
			'CreationDate',
			'ActivationDate',
			'Id',
		]);
		expect(promo.find((p) => p.name === 'request.limit')?.serverDefault).toBe(100);
		const dashboard = find('GET', '/Dashboard/Summary');
		expect(dashboard.userToken).toBe(true);
		expect(dashboard.params.map((p) => `${p.name}:${p.type}${p.array ? '[]' : ''}`)).toEqual([
			'requestModel.dateRange.start:dateTime',
			'requestModel.dateRange.end:dateTime',
			'requestModel.locationIds:int32[]',
			'requestModel.accrual:boolean',
			'requestModel.yearOverYear:boolean',
		]);
		const payment = find('GET', '/Consumer/Sales/User/Location/{LocationId}/ServicePaymentOptions');
		expect(payment.params[0]).toEqual({ name: 'locationId', location: 'query', type: 'string', required: true });
		expect(find('DELETE', '/subscriptions/{subscriptionId}').params).toEqual([
			{ name: 'subscriptionId', location: 'path', type: 'string', required: true },
		]);
	});
});

describe('the catalogue', () => {
	test("has the spec's REST and webhook operations and the v6 document's it covers, all unique", () => {
		expect(listed.filter((op) => op.service === 'rest')).toHaveLength(restOps.length);
		expect(listed.filter((op) => op.service === 'webhooks')).toHaveLength(webhookOps.length);
		expect(operations).toHaveLength(spec.length + V6_COVERED.length);
		expect(new Set(operations.map(key)).size).toBe(operations.length);
		expect(new Set(operations.map((op) => `${op.resource}.${op.operation}`)).size).toBe(operations.length);
	});

	test('every resource has operations (Front Desk its tasks), and every operation a resource', () => {
		for (const resource of resources.filter(({ value }) => value !== FRONT_DESK))
			expect([resource.value, operationsOf(resource.value).length > 0]).toEqual([resource.value, true]);
		expect(operationsOf(FRONT_DESK)).toEqual([]);
		expect(tasks.length).toBeGreaterThan(10);
		for (const op of operations) expect(resources.map((r) => r.value)).toContain(op.resource);
	});

	test('matches the spec: method, path, auth, parameters and body', () => {
		expect(compareCatalogue(spec, listed)).toEqual([]);
	});

	test('holds no listed operation the spec does not list', () => {
		const specKeys = new Set(spec.map(key));
		expect(listed.filter((op) => !specKeys.has(key(op))).map(key)).toEqual([]);
	});
});

describe('the comparison catches mismatches', () => {
	const clone = () => listed.map((op) => ({ ...op, params: op.params.map((param) => ({ ...param })) }));
	const mutate = (edit: (ops: Operation[]) => void) => {
		const copy = clone();
		edit(copy);
		return compareCatalogue(spec, copy);
	};
	const at = (ops: Operation[], resource: string, operation: string) =>
		ops.find((op) => op.resource === resource && op.operation === operation)!;

	test.each<[string, (ops: Operation[]) => void, RegExp]>([
		[
			'a missing operation',
			(ops) => ops.splice(ops.indexOf(at(ops, 'feature', 'getMany')), 1),
			/GET \/Business\/Features: missing/,
		],
		['a wrong method', (ops) => (at(ops, 'feature', 'update').method = 'PUT'), /catalogue has PUT/],
		['a wrong path', (ops) => (at(ops, 'closure', 'getMany').path = '/Business/Closure'), /Closures: missing/],
		['wrong auth', (ops) => (at(ops, 'class', 'getUpcoming').userToken = false), /auth A in the spec/],
		[
			'wrong auth on a webhook',
			(ops) => (at(ops, 'webhookMetrics', 'getMany').userToken = true),
			/auth no in the spec/,
		],
		['a Q/P swap', (ops) => (at(ops, 'staffCalendar', 'get').params[0].location = 'query'), /P staffId missing/],
		['a wrong type', (ops) => (at(ops, 'staffCalendar', 'get').params[0].type = 'int32'), /parameter staffId/],
		['array lost', (ops) => delete at(ops, 'category', 'getMany').params[0].array, /parameter verticalIds/],
		[
			'repeated for comma',
			(ops) => (at(ops, 'enrollment', 'getMany').params[0].array = 'repeated'),
			/request\.locationIds/,
		],
		['required lost', (ops) => (at(ops, 'closure', 'getMany').params[0].required = false), /parameter startDate/],
		['required added', (ops) => (at(ops, 'client', 'getDirectory').params[0].required = true), /parameter date/],
		[
			'a renamed parameter',
			(ops) =>
				(at(ops, 'dashboard', 'getSummary').params = at(ops, 'dashboard', 'getSummary').params.map((p, i) =>
					i ? p : { ...p, name: 'requestModel.dateRange.begin' },
				)),
			/dateRange\.start missing/,
		],
		[
			'an extra parameter',
			(ops) =>
				at(ops, 'feature', 'getMany').params.push({ name: 'x', location: 'query', type: 'string', displayName: 'X' }),
			/query x is not in the spec/,
		],
		[
			'a wrong default',
			(ops) => (at(ops, 'promoCode', 'getMany').params.find((p) => p.name === 'request.limit')!.serverDefault = 50),
			/request\.limit/,
		],
		[
			'an operation the spec lacks',
			(ops) => ops.push({ ...at(ops, 'feature', 'getMany'), operation: 'extra', path: '/Business/Extra' }),
			/Extra .*not in the spec/,
		],
		['a lost body', (ops) => delete at(ops, 'webhookSubscription', 'create').body, /spec body present/],
	])('%s', (_label, edit, expected) => {
		const problems = mutate(edit);
		expect(problems.some((line) => expected.test(line))).toBe(true);
	});
});
