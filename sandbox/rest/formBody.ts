import type { ZodIssue, ZodTypeAny } from 'zod';

type Key = string | number;

/** `Appointments[0].Id` → ['Appointments', 0, 'Id']; `[1]` → [1] (a list body). */
function keyPath(key: string): Key[] {
	const path: Key[] = [];
	for (const match of key.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
		if (match[1] !== undefined) path.push(match[1]);
		else path.push(match[2] === '' ? -1 : Number(match[2]));
	}
	return path;
}

function place(container: unknown, path: Key[], value: string): unknown {
	const [head, ...rest] = path;
	const holder = (container ?? (typeof head === 'number' ? [] : {})) as Record<Key, unknown>;
	const slot = head === -1 ? (holder as unknown as unknown[]).length : head;
	if (!rest.length) {
		const existing = holder[slot];
		// A repeated key makes a list: ids=1&ids=2.
		holder[slot] = existing === undefined ? value : ([] as unknown[]).concat(existing, value);
	} else {
		holder[slot] = place(holder[slot], rest, value);
	}
	return holder;
}

/**
 * application/x-www-form-urlencoded in ASP.NET model-binding style: dotted and indexed keys build
 * objects and lists. Every value stays a string until a body schema says otherwise.
 */
export function decodeForm(raw: string): unknown {
	let root: unknown;
	for (const [key, value] of new URLSearchParams(raw)) {
		const path = keyPath(key);
		root = path.length ? place(root, path, value) : value;
	}
	return root;
}

function coerceAt(body: unknown, path: Key[], issue: ZodIssue): boolean {
	if (issue.code !== 'invalid_type' || issue.received !== 'string') return false;
	let holder = body as Record<Key, unknown>;
	for (const key of path.slice(0, -1)) holder = holder?.[key] as Record<Key, unknown>;
	const last = path[path.length - 1];
	const text = holder?.[last];
	if (typeof text !== 'string') return false;
	if (issue.expected === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) {
		holder[last] = Number(text);
	} else if (issue.expected === 'boolean' && /^(true|false)$/i.test(text)) {
		holder[last] = text.toLowerCase() === 'true';
	} else if (issue.expected === 'array') {
		holder[last] = [text];
	} else {
		return false;
	}
	return true;
}

/**
 * A form body with the numbers, booleans and lists the body's model asks for: a form carries no
 * types, the model binder supplies them. Values the model cannot use stay strings.
 */
export function coerceForm(model: ZodTypeAny, body: unknown): unknown {
	let value = body;
	for (let round = 0; round < 10; round++) {
		const result = model.safeParse(value);
		if (result.success) return value;
		const wantsList = result.error.issues.some(
			(issue) => issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'array',
		);
		// An empty form is an empty list; one value where a list belongs is a list of one.
		if (wantsList) {
			value = value === undefined ? [] : [value];
			continue;
		}
		const changed = result.error.issues.filter((issue) => coerceAt(value, issue.path, issue));
		if (!changed.length) return value;
	}
	return value;
}
