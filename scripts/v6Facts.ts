/**
 * Derives the facts of Mindbody's Public API v6 document (Swagger 2.0) that the node, the sandbox
 * and README use: methods, paths, parameter names and types, required flags, body and answer
 * schemas. Descriptions are left behind: every text a user sees is written in the catalogue.
 *
 *   npm run v6:facts -- [path to public-api-v6.json]
 *
 * Writes them once, to document/facts.ts: the node and the sandbox both import them from there (the
 * node's build and the sandbox's package each compile them in). Only this script reads the document;
 * tests and the builds read the committed facts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { format, resolveConfig } from 'prettier';

const DEFAULT_SOURCE = '../shared/spec/public-api-v6.json';
const TARGET = 'document/facts.ts';

interface SwaggerSchema {
	type?: string;
	format?: string;
	$ref?: string;
	items?: SwaggerSchema;
	enum?: string[];
	properties?: Record<string, SwaggerSchema>;
	required?: string[];
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	readOnly?: boolean;
	additionalProperties?: unknown;
}

interface SwaggerParam extends Omit<SwaggerSchema, 'required'> {
	name: string;
	in: 'query' | 'path' | 'header' | 'body';
	required?: boolean;
	collectionFormat?: string;
	schema?: SwaggerSchema;
	default?: unknown;
}

interface SwaggerOperation {
	tags: string[];
	operationId: string;
	parameters?: SwaggerParam[];
	responses: Record<string, { schema?: SwaggerSchema }>;
}

interface SwaggerDocument {
	paths: Record<string, Record<string, SwaggerOperation>>;
	definitions: Record<string, SwaggerSchema>;
}

type Scalar = 'int32' | 'int64' | 'double' | 'float' | 'string' | 'boolean' | 'dateTime' | 'byte' | 'uuid' | 'object';

/** A field's type as the facts write it: a scalar name, or an object for enums, references and lists. */
type Field =
	| Scalar
	| { enum: string[] }
	| { ref: string }
	| { list: Field }
	| { type: Scalar; min?: number; max?: number; minLength?: number; maxLength?: number; pattern?: string };

function scalarOf(schema: SwaggerSchema, where: string): Scalar {
	const { type, format } = schema;
	if (type === 'integer') return format === 'int64' ? 'int64' : 'int32';
	if (type === 'number') return format === 'float' ? 'float' : 'double';
	if (type === 'boolean') return 'boolean';
	if (type === 'object') return 'object';
	if (type === 'string') {
		if (format === 'date-time') return 'dateTime';
		if (format === 'byte') return 'byte';
		if (format === 'uuid') return 'uuid';
		if (format === undefined) return 'string';
	}
	throw new Error(`${where}: no fact type for ${JSON.stringify(schema)}`);
}

async function main() {
	const source = resolve(process.argv[2] ?? DEFAULT_SOURCE);
	const doc = JSON.parse(readFileSync(source, 'utf8')) as SwaggerDocument;

	// Short names: the last segment; two definitions sharing one get the common one prefixed.
	const lastSegment = (full: string) => {
		const generic = /KeyValuePair/.test(full) ? 'KeyValuePair' : undefined;
		return generic ?? full.split('.').pop()!;
	};
	const counts = new Map<string, number>();
	for (const full of Object.keys(doc.definitions))
		counts.set(lastSegment(full), (counts.get(lastSegment(full)) ?? 0) + 1);
	const shortName = new Map<string, string>();
	for (const full of Object.keys(doc.definitions)) {
		const last = lastSegment(full);
		const name = counts.get(last)! > 1 && full.includes('.Common.Models.') ? `Common${last}` : last;
		if ([...shortName.values()].includes(name)) throw new Error(`Two definitions would both be named ${name}`);
		shortName.set(full, name);
	}
	const refName = (ref: string) => {
		const full = ref.replace('#/definitions/', '');
		const name = shortName.get(full);
		if (!name) throw new Error(`Unresolved reference ${ref}`);
		return name;
	};

	function fieldOf(schema: SwaggerSchema, where: string): Field {
		if (schema.$ref) return { ref: refName(schema.$ref) };
		if (schema.type === 'array') return { list: fieldOf(schema.items ?? {}, `${where}[]`) };
		if (schema.enum) return { enum: [...schema.enum] };
		const scalar = scalarOf(schema, where);
		const limits = {
			...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
			...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
			...(schema.minLength !== undefined ? { minLength: schema.minLength } : {}),
			...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
			...(schema.pattern !== undefined ? { pattern: schema.pattern } : {}),
		};
		return Object.keys(limits).length ? { type: scalar, ...limits } : scalar;
	}

	const types: Record<string, { required?: string[]; readOnly?: string[]; fields: Record<string, Field> }> = {};
	for (const [full, schema] of Object.entries(doc.definitions)) {
		const name = shortName.get(full)!;
		const fields: Record<string, Field> = {};
		for (const [field, property] of Object.entries(schema.properties ?? {})) {
			fields[field] = fieldOf(property, `${name}.${field}`);
		}
		const readOnly = Object.entries(schema.properties ?? {})
			.filter(([, property]) => property.readOnly)
			.map(([field]) => field);
		types[name] = {
			...(schema.required?.length ? { required: [...schema.required] } : {}),
			...(readOnly.length ? { readOnly } : {}),
			fields,
		};
	}

	// Operation keys: the operationId; one shared by two operations gets its tag in front.
	const ids = new Map<string, number>();
	for (const methods of Object.values(doc.paths)) {
		for (const op of Object.values(methods)) ids.set(op.operationId, (ids.get(op.operationId) ?? 0) + 1);
	}

	const operations: Record<string, unknown> = {};
	for (const [path, methods] of Object.entries(doc.paths)) {
		for (const [method, op] of Object.entries(methods)) {
			const key = ids.get(op.operationId)! > 1 ? `${op.tags[0]}${op.operationId}` : op.operationId;
			const params = (op.parameters ?? [])
				.filter((param) => param.in === 'query' || param.in === 'path')
				.map((param) => {
					const where = `${key} ${param.name}`;
					const array = param.type === 'array';
					if (array && param.collectionFormat !== 'multi') throw new Error(`${where}: not collectionFormat multi`);
					const type = array ? scalarOf(param.items ?? {}, where) : scalarOf(param as SwaggerSchema, where);
					const values = array ? param.items?.enum : param.enum;
					return {
						name: param.name,
						in: param.in,
						// Not `type`: n8n's lint reads `name` + `type` as a node field (an `accessToken` would need a password mask).
						scalar: type,
						...(array ? { array: true } : {}),
						...(param.required ? { required: true } : {}),
						...(values ? { enum: [...values] } : {}),
					};
				});
			const headers = (op.parameters ?? []).filter((param) => param.in === 'header');
			const authorization = headers.find((param) => param.name.toLowerCase() === 'authorization');
			const bodyParam = (op.parameters ?? []).find((param) => param.in === 'body');
			const [status, answer] = Object.entries(op.responses)[0];
			const answerSchema = answer.schema;
			const body = bodyParam?.schema ? fieldOf(bodyParam.schema, `${key} body`) : undefined;
			operations[key] = {
				tag: op.tags[0],
				method: method.toUpperCase(),
				path,
				authorization: authorization ? (authorization.required ? 'required' : 'optional') : 'none',
				...(headers.some((param) => param.name.toLowerCase() === 'consumer-identity-token')
					? { consumerIdentityToken: true }
					: {}),
				params,
				...(body ? { body } : {}),
				status: Number(status),
				...(answerSchema && (answerSchema.$ref || answerSchema.type)
					? { answer: fieldOf(answerSchema, `${key} answer`) }
					: {}),
			};
		}
	}

	const body = [
		`export const V6_OPERATIONS = ${JSON.stringify(operations, null, '\t')} as const satisfies Record<string, V6OperationFacts>;`,
		'',
		`export const V6_TYPES: Record<string, V6TypeFacts> = ${JSON.stringify(types, null, '\t')};`,
		'',
	].join('\n');
	const header = [
		'/**',
		" * Facts of Mindbody's Public API v6 document: generated by `npm run v6:facts` (scripts/v6Facts.ts).",
		' * Do not edit: change the script and run it again.',
		' */',
		"import type { V6OperationFacts, V6TypeFacts } from './factTypes';",
		'',
	].join('\n');
	// Formatted as `npm run format` would, so the check in `npm test` passes on a fresh run.
	const options = await resolveConfig(TARGET);
	writeFileSync(TARGET, await format(header + body, { ...options, filepath: TARGET }));
	console.log(`${Object.keys(operations).length} operations and ${Object.keys(types).length} types → ${TARGET}`);
}

void main();
