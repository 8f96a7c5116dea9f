import type { V6Field, V6Scalar } from '../../document/factTypes';
import { V6_TYPES } from '../../document/facts';

/**
 * Whether an answer has the document's shape, strictly: every field one the type states, of
 * that type (numbers as JSON numbers, whole where the type is an integer; dates as ISO text),
 * null allowed anywhere. The sandbox's answers are checked with it (sandbox/v6).
 */

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function scalarProblem(type: V6Scalar, value: unknown): string | undefined {
	switch (type) {
		case 'int32':
		case 'int64':
			return typeof value === 'number' && Number.isInteger(value) ? undefined : `is not a whole number (${type})`;
		case 'double':
		case 'float':
			return typeof value === 'number' ? undefined : 'is not a number';
		case 'boolean':
			return typeof value === 'boolean' ? undefined : 'is not true or false';
		case 'dateTime':
			return typeof value === 'string' && ISO.test(value) ? undefined : 'is not an ISO date-time';
		case 'object':
			return typeof value === 'object' && !Array.isArray(value) ? undefined : 'is not an object';
		default:
			return typeof value === 'string' ? undefined : 'is not text';
	}
}

export function shapeProblems(field: V6Field, value: unknown, path = 'answer'): string[] {
	if (value === null) return [];
	if (value === undefined) return [`${path} is missing`];
	if (typeof field === 'string') {
		const problem = scalarProblem(field, value);
		return problem ? [`${path} ${problem}: ${JSON.stringify(value)}`] : [];
	}
	if ('type' in field) return shapeProblems(field.type, value, path);
	if ('enum' in field) {
		return typeof value === 'string' && field.enum.includes(value)
			? []
			: [`${path} is not one of ${field.enum.join(', ')}: ${JSON.stringify(value)}`];
	}
	if ('list' in field) {
		if (!Array.isArray(value)) return [`${path} is not a list`];
		return value.flatMap((entry, index) => shapeProblems(field.list, entry, `${path}[${index}]`));
	}
	const facts = V6_TYPES[field.ref];
	if (typeof value !== 'object' || Array.isArray(value)) return [`${path} is not an object (${field.ref})`];
	// A paged answer says which page it is: a type with PaginationResponse always carries it.
	const unpaged = 'PaginationResponse' in facts.fields && !('PaginationResponse' in value);
	return [
		...(unpaged ? [`${path}.PaginationResponse is missing`] : []),
		...Object.entries(value as Record<string, unknown>).flatMap(([key, entry]) =>
			key in facts.fields
				? shapeProblems(facts.fields[key], entry, `${path}.${key}`)
				: [`${path}.${key} is not a field of ${field.ref}`],
		),
	];
}
