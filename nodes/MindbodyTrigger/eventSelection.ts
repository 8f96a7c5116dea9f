/** The trigger's event selection and list parameters, read the same way everywhere. */

/** `'a, b,,c'` → `['a', 'b', 'c']`. */
export function splitList(value: unknown): string[] {
	return String(value ?? '')
		.split(/[\s,]+/)
		.map((part) => part.trim())
		.filter(Boolean);
}

/** The event ids to subscribe to: picked and custom, unique and sorted. */
export function selectedEventIds(picked: unknown, custom: unknown): string[] {
	const ids = [...(Array.isArray(picked) ? picked.map(String) : []), ...splitList(custom)];
	return [...new Set(ids)].sort();
}
