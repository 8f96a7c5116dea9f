import { z, type ZodTypeAny } from 'zod';

import { LISTED_BODIES, type BodyReading, type FieldReading, type SchemaName } from './listedBodies';

/**
 * The checks the sandbox makes on receipt of a listed body, before binding it to a model
 * (rest/bodyModels.ts), made from its transcription of the spec (listedBodies.ts). Field names
 * bind in any case, as the service's binder does; fields and values the spec does not state pass.
 * A list must hold at least one entry: an empty one asks for nothing.
 */

// As exact as a JavaScript number can be: ±2^63.
const INT64_LIMIT = 2 ** 63;

const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const boundName = (value: Record<string, unknown>, name: string) =>
	Object.keys(value).find((key) => key.toLowerCase() === name.toLowerCase());

type Problem = { path: Array<string | number>; message: string };

/** What is wrong with one id of an id list. */
function idProblem(value: unknown): string | undefined {
	if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number (int64)';
	return Math.abs(value) > INT64_LIMIT ? 'must fit in int64' : undefined;
}

function fieldProblem(reading: FieldReading, value: unknown): string | undefined {
	if (value === undefined) return reading.required ? 'is required' : undefined;
	if (reading.type === 'textList') {
		if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) return 'must be a list of text';
		if (reading.notEmpty && value.length === 0) return 'must not be empty';
	} else if (reading.type === 'number') {
		if (typeof value !== 'number') return 'must be a number';
	} else {
		if (typeof value !== 'string') return 'must be text';
		if (reading.notEmpty && value === '') return 'must not be empty';
		if (reading.maxLength !== undefined && value.length > reading.maxLength)
			return `must be at most ${reading.maxLength} characters long`;
	}
	if (reading.values && !reading.values.includes(value as string | number))
		return `must be ${reading.values.join(' or ')}`;
	return undefined;
}

/** The problems of one object against what the reading states of it. */
function objectProblems(reading: BodyReading, value: Record<string, unknown>, at: Array<string | number>): Problem[] {
	const problems: Problem[] = [];
	for (const field of reading.required?.fields ?? []) {
		const key = boundName(value, field);
		if (key === undefined || value[key] === null || value[key] === undefined)
			problems.push({
				path: [...at, field],
				message: `is required (the spec lists it as required in ${reading.required!.in})`,
			});
	}
	for (const flag of reading.flags ?? []) {
		const key = boundName(value, flag);
		if (key !== undefined && typeof value[key] !== 'boolean')
			problems.push({ path: [...at, key], message: 'must be true or false (the spec states a flag)' });
	}
	for (const [field, fieldReading] of Object.entries(reading.fields ?? {})) {
		const message = fieldProblem(fieldReading, value[field]);
		if (message) problems.push({ path: [...at, field], message });
	}
	if (reading.someField && Object.keys(value).length === 0)
		problems.push({ path: at, message: 'must name at least one field to change' });
	return problems;
}

function problemsOf(reading: BodyReading, body: unknown): Problem[] {
	if (reading.kind === 'object')
		return isObject(body) ? objectProblems(reading, body, []) : [{ path: [], message: 'must be a JSON object' }];
	const words = reading.entries!.words;
	if (!Array.isArray(body)) return [{ path: [], message: `must be a list of ${words}` }];
	if (body.length === 0) return [{ path: [], message: `must hold at least one of the ${words}` }];
	return body.flatMap((entry, index): Problem[] => {
		if (reading.entries!.of === 'int64') {
			const message = idProblem(entry);
			return message ? [{ path: [index], message }] : [];
		}
		return isObject(entry)
			? objectProblems(reading, entry, [index])
			: [{ path: [index], message: 'must be a JSON object' }];
	});
}

/** The check of a body the reading describes, as a zod schema (what the request pipeline runs). */
export function bodySchemaOf(reading: BodyReading): ZodTypeAny {
	return z.unknown().superRefine((body, ctx) => {
		for (const { path, message } of problemsOf(reading, body))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
	});
}

/** Each listed body's check, by the name listed.ts gives it. */
export const bodySchemas = Object.fromEntries(
	Object.entries(LISTED_BODIES).map(([name, reading]) => [name, bodySchemaOf(reading)]),
) as Record<SchemaName, ZodTypeAny>;
