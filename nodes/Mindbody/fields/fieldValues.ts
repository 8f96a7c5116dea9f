import { DateTime } from 'luxon';
import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { LocalTime } from '../../shared/catalogue/dateWords';
import { checkId, type IdType } from '../../shared/schemas';

/**
 * Where a view of the context (a Front Desk task) keeps the labels it shows fields by, keyed by
 * the label the operation's readers use: their errors then name the field the user sees.
 */
export const SHOWN_LABELS = Symbol('shown field labels');

type Labelled = IExecuteFunctions & { [SHOWN_LABELS]?: ReadonlyMap<string, string> };

/** Thrown before anything is sent; names the field the user must fix. */
export function fieldError(ctx: IExecuteFunctions, itemIndex: number, field: string, problem: string) {
	const shown = (ctx as Labelled)[SHOWN_LABELS]?.get(field) ?? field;
	return new NodeOperationError(ctx.getNode(), `${shown}: ${problem}`, {
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

/** One id, by the node's one id rule (positive, within its type). */
export function idValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	type: IdType,
): number {
	const check = checkId(value, type);
	if (!check.ok) throw fieldError(ctx, itemIndex, field, check.problem);
	return check.id;
}

/** A list of ids (entries, arrays or comma-separated text), each by the id rule. */
export function idList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	type: IdType,
): number[] {
	return flattenList(value).map((entry) => idValue(ctx, itemIndex, field, entry, type));
}

/** Value of a resource locator (list or ID mode) or a plain field. */
export function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && 'value' in (value as object)) {
		return (value as INodeParameterResourceLocator).value;
	}
	return value;
}

/**
 * Whether a field holds no value: nothing, an empty text or an empty list, whether given plainly or
 * in a resource locator. An empty object is a value here (a collection left as it is).
 */
export function leftBlank(raw: unknown): boolean {
	const value = locatorValue(raw);
	return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * n8n's DateTime values (luxon, possibly another copy of it) and JavaScript dates: the instant in
 * UTC, or on a wall-clock field the date and time of day the value shows, with its offset.
 */
function fromDateObject(value: object, time?: LocalTime): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	const candidate = value as { isValid?: unknown; toISO?: unknown };
	if (DateTime.isDateTime(value) || (typeof candidate.toISO === 'function' && 'isValid' in candidate)) {
		const dateTime = value as DateTime;
		if (!dateTime.isValid) return undefined;
		return (time === 'wallClock' ? dateTime.toISO() : dateTime.toUTC().toISO()) ?? undefined;
	}
	return undefined;
}

/**
 * An ISO 8601 date-time as the spec asks. ISO text without an offset (or in UTC) is sent as
 * written; n8n DateTime values, dates and text with another offset as the instant they name, in
 * UTC. A wall-clock field keeps the date and time of day it shows, and a business-time field's
 * instant becomes the site's local time before sending (bodies/businessTime.ts). Anything luxon's strict ISO parser refuses
 * ("1", "soon", "03/10/2026") is an error naming the field.
 */
export function isoDateTime(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	time?: LocalTime,
): string {
	const fromObject = value && typeof value === 'object' ? fromDateObject(value, time) : undefined;
	if (fromObject) return fromObject;
	const text = typeof value === 'string' ? value.trim() : String(value ?? '');
	const parsed = typeof value === 'string' && text ? DateTime.fromISO(text, { setZone: true }) : undefined;
	if (parsed?.isValid) {
		// n8n hands a DateTime to a date field as text with its offset: a UTC field gets the instant in UTC.
		return time === undefined && /T.*[+-]\d{2}:?\d{2}$/.test(text) ? (parsed.toUTC().toISO() ?? text) : text;
	}
	throw fieldError(ctx, itemIndex, field, `"${text}" is not a date-time (use ISO 8601, e.g. 2026-11-21T09:00:00)`);
}

/**
 * A date-time field added to a collection holds no date: an error naming it. n8n's date picker
 * reads typed text only in its own form (2026-11-25 09:00:00) and stores nothing else, so
 * "25/11/2026" typed into a field just added leaves it empty (null once cleared). Skipping it
 * would let Mindbody apply its default, mostly today.
 */
export function refuseDateLeftEmpty(ctx: IExecuteFunctions, itemIndex: number, field: string, given: unknown) {
	if (given === undefined) return;
	const value = locatorValue(given);
	if (value !== '' && value !== null) return;
	throw fieldError(
		ctx,
		itemIndex,
		field,
		'holds no date. The date picker keeps a typed date only when written as 2026-11-25 09:00:00: pick the date in the calendar or type it that way, or remove the field to leave it out',
	);
}

/** YYYY-MM-DD from a date-time field. */
export const datePart = (value: string) => DateTime.fromISO(value, { setZone: true }).toISODate() ?? value.slice(0, 10);
