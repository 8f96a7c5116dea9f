import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Thrown before anything is sent; names the field the user must fix. */
export function fieldError(ctx: IExecuteFunctions, itemIndex: number, field: string, problem: string) {
	return new NodeOperationError(ctx.getNode(), `${field}: ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to Mindbody. Correct the field and run the node again.',
	});
}

/** Multi-value ID fields accept entries, arrays from expressions and comma-separated text. */
export function flattenList(value: unknown): unknown[] {
	if (value === undefined || value === null || value === '') return [];
	if (Array.isArray(value)) return value.flatMap(flattenList);
	if (typeof value === 'string') {
		return value
			.split(',')
			.map((part) => part.trim())
			.filter((part) => part !== '');
	}
	return [value];
}

export function toInteger(value: unknown): number | undefined {
	const number = typeof value === 'string' ? Number(value.trim()) : value;
	return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

export function integerList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): number[] {
	return flattenList(value).map((entry) => {
		const number = toInteger(entry);
		if (number === undefined) {
			throw fieldError(ctx, itemIndex, field, `"${String(entry)}" is not a whole number`);
		}
		return number;
	});
}

/** Value of a resource locator (list or ID mode) or a plain field. */
export function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && 'value' in (value as object)) {
		return (value as INodeParameterResourceLocator).value;
	}
	return value;
}

export function isoDateTime(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : value instanceof Date ? value.toISOString() : String((value as { toISO?: () => string })?.toISO?.() ?? value);
	if (!text || Number.isNaN(Date.parse(text))) {
		throw fieldError(ctx, itemIndex, field, `"${text}" is not a date-time (use ISO 8601, e.g. 2026-11-21T09:00:00)`);
	}
	return text;
}

/** YYYY-MM-DD from a date-time field. */
export const datePart = (value: string) => value.slice(0, 10);
