import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { operations, type Operation } from '../../nodes/shared/catalogue';

/**
 * The catalogue against the two spec documents: every endpoint row of both, and nothing more.
 * The spec tables are parsed here; the catalogue is never used to read the spec.
 */

const SPEC_DIR = process.env.MINDBODY_SPEC_DIR ?? '/work/shared/spec';
const restSpec = readFileSync(join(SPEC_DIR, 'rest-api.md'), 'utf8');
const webhookSpec = readFileSync(join(SPEC_DIR, 'webhooks.md'), 'utf8');

type WireType = 'int32' | 'int64' | 'string' | 'boolean' | 'dateTime';

interface SpecParam {
	name: string;
	location: 'path' | 'query';
	type: WireType;
	array?: 'repeated' | 'comma';
	required: boolean;
	serverDefault?: number | boolean;
	options?: string[];
}

interface SpecOperation {
	service: 'rest' | 'webhooks';
	method: string;
	path: string;
	userToken: boolean;
	params: SpecParam[];
	hasBody: boolean;
	successStatus: number;
}

const METHOD_ROW = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/\S*)\s*\|(.*)$/;

const cells = (rest: string) =>
	rest
		.replace(/\|\s*$/, '')
		.split('|')
		.map((cell) => cell.trim());

/** Splits on commas and semicolons that are not inside parentheses. */
function topLevelParts(text: string): Array<{ part: string; sep: string }> {
	const parts: Array<{ part: string; sep: string }> = [];
	let depth = 0;
	let current = '';
	let sep = '';
	for (const char of text) {
		if (char === '(') depth++;
		if (char === ')') depth--;
		if (depth === 0 && (char === ',' || char === ';')) {
			parts.push({ part: current.trim(), sep });
			current = '';
			sep = char;
			continue;
		}
		current += char;
	}
	if (current.trim()) parts.push({ part: current.trim(), sep });
	return parts;
}

const TYPES: Record<string, WireType> = {
	int32: 'int32',
	int64: 'int64',
	string: 'string',
	bool: 'boolean',
	'date-time': 'dateTime',
};

/** The Parameters cell (or the Dashboard paragraph): `P a int32; Q b array of int64 required, …`. */
export function parseParams(text: string): SpecParam[] {
	const params: SpecParam[] = [];
	if (/^none$/i.test(text.trim())) return params;
	let location: 'path' | 'query' | undefined;
	for (const { part } of topLevelParts(text)) {
		const paren = /\(([^)]*)\)/.exec(part)?.[1]?.trim();
		let words = part.replace(/\([^)]*\)/g, ' ').trim().split(/\s+/).filter(Boolean);
		// A lone `required` / `optional` after a comma belongs to the parameter before it.
		if (words.length === 1 && /^(required|optional)$/.test(words[0])) {
			if (!params.length) throw new Error(`Flag without a parameter in "${text}"`);
			params[params.length - 1].required = words[0] === 'required';
			continue;
		}
		if (words[0] === 'P' || words[0] === 'Q') {
			location = words[0] === 'P' ? 'path' : 'query';
			words = words.slice(1);
		}
		if (!location) throw new Error(`No P/Q before "${part}" in "${text}"`);
		const [name, ...rest] = words;
		let array: SpecParam['array'];
		if (rest[0] === 'array') {
			array = 'repeated';
			rest.shift();
			if ((rest[0] as string) === 'of') rest.shift();
		}
		const typeWord = rest.shift();
		let type = typeWord ? TYPES[typeWord] : undefined;
		if (!type) throw new Error(`Unknown type "${typeWord}" of ${name} in "${text}"`);
		if (rest.some((word) => !/^(required|optional)$/.test(word))) {
			throw new Error(`Unparsed words "${rest.join(' ')}" of ${name}`);
		}
		let required = location === 'path' || rest.includes('required');
		if (paren && /^declared required/.test(paren)) required = true;
		if (paren && /comma-delimited integers/.test(paren)) {
			type = 'int32';
			array = 'comma';
		}
		const param: SpecParam = { name, location, type, required, ...(array ? { array } : {}) };
		const literalDefault = paren ? /^default (\d+|true|false)$/.exec(paren)?.[1] : undefined;
		if (literalDefault !== undefined) {
			param.serverDefault = /^\d+$/.test(literalDefault) ? Number(literalDefault) : literalDefault === 'true';
		}
		if (paren && /^[A-Z]\w*(, [A-Z]\w*)+$/.test(paren)) param.options = paren.split(', ');
		params.push(param);
	}
	return params;
}

const firstStatus = (responses: string) => Number(/\b(2\d\d)\b/.exec(responses)?.[1] ?? 200);

export function parseRestSpec(markdown: string): SpecOperation[] {
	const ops: SpecOperation[] = [];
	const dashboardParagraph = /All three take A and these query parameters \(all optional\): (.*)\.\s*$/m.exec(markdown);
	if (!dashboardParagraph) throw new Error('The Dashboard parameter paragraph was not found');
	const dashboardParams = parseParams(`Q ${dashboardParagraph[1]}`);
	let section = '';
	for (const line of markdown.split('\n')) {
		const heading = /^###\s+(.*)$/.exec(line);
		if (heading) section = heading[1].trim();
		const row = METHOD_ROW.exec(line);
		if (!row) continue;
		const [, method, path, restCells] = row;
		const columns = cells(restCells);
		if (section === 'Dashboard') {
			ops.push({
				service: 'rest',
				method,
				path,
				userToken: true,
				params: dashboardParams.map((param) => ({ ...param })),
				hasBody: false,
				successStatus: firstStatus(columns[0] ?? ''),
			});
			continue;
		}
		const [auth, parameters, body, responses] = columns;
		if (!/^(A|no)$/.test(auth)) throw new Error(`Auth column "${auth}" of ${method} ${path}`);
		ops.push({
			service: 'rest',
			method,
			path,
			userToken: auth === 'A',
			params: parseParams(parameters),
			hasBody: !/^none$/i.test(body),
			successStatus: firstStatus(responses),
		});
	}
	return ops;
}

export function parseWebhookSpec(markdown: string): SpecOperation[] {
	const endpoints = markdown.split(/^## Endpoints\s*$/m)[1]?.split(/^## /m)[0];
	if (!endpoints) throw new Error('No Endpoints section in the webhook spec');
	const ops: SpecOperation[] = [];
	for (const line of endpoints.split('\n')) {
		const row = METHOD_ROW.exec(line);
		if (!row) continue;
		const [, method, path, restCells] = row;
		const [, payloadIn, payloadOut] = cells(restCells);
		ops.push({
			service: 'webhooks',
			method,
			path,
			userToken: false,
			params: [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
				name,
				location: 'path' as const,
				type: 'string' as const,
				required: true,
			})),
			hasBody: !/^none$/i.test(payloadIn),
			successStatus: firstStatus(payloadOut),
		});
	}
	return ops;
}

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
			problems.push(`${label}: spec body ${wanted.hasBody ? 'present' : 'none'}, catalogue body ${op.body ? 'present' : 'none'}`);
		}
		if (op.successStatus !== wanted.successStatus) {
			problems.push(`${label}: success status ${wanted.successStatus} in the spec, ${op.successStatus} in the catalogue`);
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
				problems.push(`${label}: parameter ${param.name} is ${JSON.stringify(a)} in the spec, ${JSON.stringify(b)} in the catalogue`);
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
				(param) =>
					(param.location === 'path' && param.name === placeholder) || param.fillsPath === placeholder,
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

const restOps = parseRestSpec(restSpec);
const webhookOps = parseWebhookSpec(webhookSpec);
const spec = [...restOps, ...webhookOps];

describe('the spec tables', () => {
	test('hold 54 REST and 6 webhook endpoints, each once', () => {
		expect(restOps).toHaveLength(54);
		expect(webhookOps).toHaveLength(6);
		expect(new Set(spec.map(key)).size).toBe(60);
	});

	test('parse the tricky parameter cells as the spec states them', () => {
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
		expect(promo.find((p) => p.name === 'request.orderBy')?.options).toEqual(['Name', 'CreationDate', 'ActivationDate', 'Id']);
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
	test('has 54 REST and 6 webhook operations, unique by method and path and by resource.operation', () => {
		expect(operations.filter((op) => op.service === 'rest')).toHaveLength(54);
		expect(operations.filter((op) => op.service === 'webhooks')).toHaveLength(6);
		expect(new Set(operations.map(key)).size).toBe(60);
		expect(new Set(operations.map((op) => `${op.resource}.${op.operation}`)).size).toBe(60);
	});

	test('matches the spec: method, path, auth, parameters, body and success status', () => {
		expect(compareCatalogue(spec, operations)).toEqual([]);
	});

	test('holds no operation the spec does not list', () => {
		const specKeys = new Set(spec.map(key));
		expect(operations.filter((op) => !specKeys.has(key(op))).map(key)).toEqual([]);
	});
});

describe('the comparison catches mismatches', () => {
	const clone = () => operations.map((op) => ({ ...op, params: op.params.map((param) => ({ ...param })) }));
	const mutate = (edit: (ops: Operation[]) => void) => {
		const copy = clone();
		edit(copy);
		return compareCatalogue(spec, copy);
	};
	const at = (ops: Operation[], resource: string, operation: string) =>
		ops.find((op) => op.resource === resource && op.operation === operation)!;

	test.each<[string, (ops: Operation[]) => void, RegExp]>([
		['a missing operation', (ops) => ops.splice(ops.indexOf(at(ops, 'feature', 'getMany')), 1), /GET \/Business\/Features: missing/],
		['a wrong method', (ops) => (at(ops, 'feature', 'update').method = 'PUT'), /catalogue has PUT/],
		['a wrong path', (ops) => (at(ops, 'closure', 'getMany').path = '/Business/Closure'), /Closures: missing/],
		['wrong auth', (ops) => (at(ops, 'class', 'getUpcoming').userToken = false), /auth A in the spec/],
		['wrong auth on a webhook', (ops) => (at(ops, 'webhookMetrics', 'getMany').userToken = true), /auth no in the spec/],
		['a Q/P swap', (ops) => (at(ops, 'staffCalendar', 'get').params[0].location = 'query'), /P staffId missing/],
		['a wrong type', (ops) => (at(ops, 'staffCalendar', 'get').params[0].type = 'int32'), /parameter staffId/],
		['array lost', (ops) => delete at(ops, 'category', 'getMany').params[0].array, /parameter verticalIds/],
		['repeated for comma', (ops) => (at(ops, 'enrollment', 'getMany').params[0].array = 'repeated'), /request\.locationIds/],
		['required lost', (ops) => (at(ops, 'closure', 'getMany').params[0].required = false), /parameter startDate/],
		['required added', (ops) => (at(ops, 'client', 'getDirectory').params[0].required = true), /parameter date/],
		['a renamed parameter', (ops) => (at(ops, 'dashboard', 'getSummary').params = at(ops, 'dashboard', 'getSummary').params.map((p, i) => (i ? p : { ...p, name: 'requestModel.dateRange.begin' }))), /dateRange\.start missing/],
		['an extra parameter', (ops) => at(ops, 'feature', 'getMany').params.push({ name: 'x', location: 'query', type: 'string', displayName: 'X' }), /query x is not in the spec/],
		['a wrong default', (ops) => (at(ops, 'promoCode', 'getMany').params.find((p) => p.name === 'request.limit')!.serverDefault = 50), /request\.limit/],
		['an operation the spec lacks', (ops) => ops.push({ ...at(ops, 'feature', 'getMany'), operation: 'extra', path: '/Business/Extra' }), /Extra .*not in the spec/],
		['a lost body', (ops) => delete at(ops, 'webhookSubscription', 'create').body, /spec body present/],
		['a wrong success status', (ops) => (at(ops, 'promoCode', 'create').successStatus = 200), /success status 201/],
	])('%s', (_label, edit, expected) => {
		const problems = mutate(edit);
		expect(problems.some((line) => expected.test(line))).toBe(true);
	});
});
