import { z } from 'zod';

import type { V6Field, V6Limits, V6Scalar } from './factTypes';
import { V6_TYPES } from './facts';

/**
 * Request bodies of the v6 document, checked from its facts: the node checks with this before
 * sending, the sandbox on receipt. What the document states is checked: the body's kind (object or list), the
 * fields it marks required, each field's type, enum values and stated limits, at any depth.
 * Everything else passes as the service's JSON binder would take it: field names in any case,
 * unknown fields, null for a field not required, numbers written as text, and text for a number
 * field that holds a whole number. A spec rule the document does not state comes as `rules`.
 */

export interface V6BodyShape {
	/** The document's type of the body, or of each entry when the body is a list. */
	readonly type: string;
	readonly list: boolean;
}

export type AddIssue = (path: Array<string | number>, message: string) => void;

/** A rule of the spec on top of the document's facts (e.g. a length the spec states). */
export type V6BodyRule = (body: unknown, addIssue: AddIssue) => void;

const INT_RANGE = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-(2 ** 63), 2 ** 63] } as const;

/** ISO 8601 date or date-time, as the service's binder reads them. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const numberOf = (value: unknown): number | undefined => {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
};

/** The key of `value` that binds to `name` (the binder ignores case). */
export const boundKey = (value: Record<string, unknown>, name: string): string | undefined =>
	Object.keys(value).find((key) => key.toLowerCase() === name.toLowerCase());

const TYPE_WORDS: Record<V6Scalar, string> = {
	int32: 'a whole number (int32)',
	int64: 'a whole number (int64)',
	double: 'a number',
	float: 'a number',
	string: 'text',
	uuid: 'text (a GUID)',
	byte: 'text (base64)',
	boolean: 'true or false',
	dateTime: 'an ISO 8601 date-time (e.g. 2026-11-21T09:00:00)',
	object: 'a JSON object',
};

function scalarProblem(type: V6Scalar, value: unknown): string | undefined {
	switch (type) {
		case 'int32':
		case 'int64': {
			const number = numberOf(value);
			if (number === undefined || !Number.isInteger(number)) return `must be ${TYPE_WORDS[type]}`;
			const [min, max] = INT_RANGE[type];
			return number < min || number > max ? `must fit in ${type}` : undefined;
		}
		case 'double':
		case 'float':
			return numberOf(value) === undefined ? `must be ${TYPE_WORDS[type]}` : undefined;
		case 'boolean':
			return typeof value === 'boolean' || value === 'true' || value === 'false'
				? undefined
				: `must be ${TYPE_WORDS.boolean}`;
		case 'dateTime':
			return typeof value === 'string' && ISO_DATE_TIME.test(value.trim()) && !Number.isNaN(Date.parse(value))
				? undefined
				: `must be ${TYPE_WORDS.dateTime}`;
		case 'object':
			return isRecord(value) ? undefined : `must be ${TYPE_WORDS.object}`;
		default:
			return typeof value === 'string' || typeof value === 'number' ? undefined : `must be ${TYPE_WORDS[type]}`;
	}
}

function limitProblem(limits: V6Limits, value: unknown): string | undefined {
	const number = numberOf(value);
	if (limits.min !== undefined && number !== undefined && number < limits.min) return `must be at least ${limits.min}`;
	if (limits.max !== undefined && number !== undefined && number > limits.max) return `must be at most ${limits.max}`;
	const text = typeof value === 'string' ? value : undefined;
	if (text !== undefined) {
		if (limits.minLength !== undefined && text.length < limits.minLength)
			return `must be at least ${limits.minLength} characters long`;
		if (limits.maxLength !== undefined && text.length > limits.maxLength)
			return `must be at most ${limits.maxLength} characters long`;
	}
	// A pattern holds for the value as written: text, or a number's digits (prices with two decimals).
	const written = text ?? (typeof value === 'number' ? String(value) : undefined);
	if (limits.pattern !== undefined && written !== undefined && !new RegExp(limits.pattern).test(written))
		return `does not have the form the API states (${limits.pattern})`;
	return undefined;
}

/** Problems of one value against its field type; null and absent are the parent's business. */
export function checkField(field: V6Field, value: unknown, path: Array<string | number>, addIssue: AddIssue): void {
	if (value === null || value === undefined) return;
	if (typeof field === 'string') {
		const problem = scalarProblem(field, value);
		if (problem) addIssue(path, problem);
		return;
	}
	if ('enum' in field) {
		const ok =
			(typeof value === 'string' && field.enum.some((option) => option.toLowerCase() === value.toLowerCase())) ||
			(typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < field.enum.length);
		if (!ok) addIssue(path, `must be one of ${field.enum.join(', ')}`);
		return;
	}
	if ('list' in field) {
		if (!Array.isArray(value)) {
			addIssue(path, 'must be a list');
			return;
		}
		value.forEach((entry, index) => checkField(field.list, entry, [...path, index], addIssue));
		return;
	}
	if ('ref' in field) {
		checkObject(field.ref, value, path, addIssue);
		return;
	}
	const problem = scalarProblem(field.type, value) ?? limitProblem(field, value);
	if (problem) addIssue(path, problem);
}

/** An object of a named type: its required fields present, every field it states of its type. */
export function checkObject(type: string, value: unknown, path: Array<string | number>, addIssue: AddIssue): void {
	const facts = V6_TYPES[type];
	if (!facts) throw new Error(`The v6 facts have no type ${type}`);
	if (!isRecord(value)) {
		addIssue(path, 'must be a JSON object');
		return;
	}
	for (const name of facts.required ?? []) {
		const key = boundKey(value, name);
		if (key === undefined || value[key] === null || value[key] === undefined || value[key] === '') {
			addIssue([...path, name], 'is required');
		}
	}
	for (const [key, entry] of Object.entries(value)) {
		const name = Object.keys(facts.fields).find((field) => field.toLowerCase() === key.toLowerCase());
		if (name !== undefined) checkField(facts.fields[name], entry, [...path, name], addIssue);
	}
}

/**
 * The zod schema of a v6 body, as the catalogue entry holds it: the node checks with it before
 * sending, the sandbox on receipt. Issues name the field by its path, e.g. `Items[0].SalesNotes`.
 */
export function v6BodySchema(shape: V6BodyShape, rules: readonly V6BodyRule[] = []): z.ZodTypeAny {
	return z.unknown().superRefine((body, ctx) => {
		const addIssue: AddIssue = (path, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
		if (body === undefined || body === null) {
			addIssue([], shape.list ? 'must be a list' : 'must be a JSON object');
			return;
		}
		checkField(shape.list ? { list: { ref: shape.type } } : { ref: shape.type }, body, [], addIssue);
		for (const rule of rules) rule(body, addIssue);
	});
}
