import type { V6Field, V6Scalar } from '../../nodes/shared/v6Document/factTypes';
import { V6_TYPES } from '../../nodes/shared/v6Document/facts';
import { DAY, isoAt } from '../data/dates';
import { createRandom, deriveSeed, type Random } from '../data/prng';

/**
 * Seeded example values of the document's types, for answers the sandbox gives from fixtures
 * (operations outside the business it keeps state for): the same key gives the same value.
 * Objects fill every field two levels deep; deeper objects are null, lists hold two entries.
 */

const WORDS = ['Harbor', 'Lotus', 'Summit', 'Cedar', 'Meadow', 'Willow', 'Aurora', 'Juniper'];

function scalarExample(type: V6Scalar, name: string, rand: Random, anchor: number, index: number): unknown {
	switch (type) {
		case 'int32':
		case 'int64':
			return /id$/i.test(name) ? 1000 + index * 7 + rand.int(0, 6) : rand.int(0, 40);
		case 'double':
		case 'float':
			return rand.money(1, 200);
		case 'boolean':
			return rand.chance(0.5);
		case 'dateTime':
			return isoAt(anchor + (rand.int(-30, 30) * DAY) / 1);
		case 'object':
			return {};
		case 'uuid':
			return `3fa85f64-5717-4562-b3fc-${String(100000000000 + index).slice(0, 12)}`;
		case 'byte':
			return '';
		default:
			return /email/i.test(name)
				? `${WORDS[index % WORDS.length].toLowerCase()}.${index}@example.com`
				: `${WORDS[rand.int(0, WORDS.length - 1)]} ${name} ${index + 1}`;
	}
}

export function exampleOf(field: V6Field, key: string, anchor: number, index = 0, depth = 0, name = 'Value'): unknown {
	const rand = createRandom(deriveSeed(index + 1, `${key}.${name}`));
	if (typeof field === 'string') return scalarExample(field, name, rand, anchor, index);
	if ('type' in field) {
		if (field.pattern || field.maxLength !== undefined) return null;
		const value = scalarExample(field.type, name, rand, anchor, index);
		return typeof value === 'number' && field.min !== undefined ? Math.max(field.min, value) : value;
	}
	if ('enum' in field) return field.enum[rand.int(0, field.enum.length - 1)];
	if ('list' in field) {
		if (depth > 1) return [];
		return [0, 1].map((n) => exampleOf(field.list, key, anchor, index * 2 + n, depth + 1, name));
	}
	if (depth > 2) return null;
	const facts = V6_TYPES[field.ref];
	return Object.fromEntries(
		Object.entries(facts.fields).map(([fieldName, entry]) => [
			fieldName,
			exampleOf(entry, `${key}.${field.ref}`, anchor, index, depth + 1, fieldName),
		]),
	);
}
