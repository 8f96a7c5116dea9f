import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import { bodyPlanOf, type PlannedField } from './bodyPlan';

/** The form the document gives times in the business's zone: local date and time, no offset. */
const LOCAL_FORM = "yyyy-MM-dd'T'HH:mm:ss";

const hasOffset = (text: string) => /T.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(text);

/** Each object a value holds (itself, or the entries of a list). */
const objectsOf = (value: unknown): IDataObject[] =>
	Array.isArray(value) ? value.flatMap(objectsOf) : value && typeof value === 'object' ? [value as IDataObject] : [];

type Found = Array<[IDataObject, string]>;

/** A business-time field of an object, when it holds an instant: text with an offset. */
function zonedTime(object: IDataObject, field: string, found: Found) {
	const held = object[field];
	if (typeof held === 'string' && hasOffset(held)) found.push([object, field]);
}

/** The business-time fields down a path of a JSON value (lists walked through). */
function zonedTimesAt(value: unknown, path: readonly string[], found: Found) {
	const [field, ...rest] = path;
	for (const object of objectsOf(value)) {
		if (rest.length) zonedTimesAt(object[field], rest, found);
		else zonedTime(object, field, found);
	}
}

/** Where a body holds a business-time field written with an offset: the object and the field's name. */
function zonedTimes(value: unknown, fields: readonly PlannedField[], found: Found) {
	for (const object of objectsOf(value)) {
		for (const planned of fields) {
			if (planned.kind === 'scalar' && planned.time === 'business') zonedTime(object, planned.field, found);
			if (planned.kind === 'group') zonedTimes(object[planned.field], planned.children, found);
			for (const path of planned.kind === 'json' ? (planned.localTimes ?? []) : []) {
				zonedTimesAt(object[planned.field], path, found);
			}
		}
	}
}

/**
 * Turns the instants a v6 body holds for fields in the business's local time (an n8n DateTime, or
 * text with an offset) into the site's local date and time, the form the document gives them:
 * fields of its own and of its groups, and those its JSON fields hold (an appointment of Book
 * Multiple, a checkout item's appointment bookings), where n8n gives a DateTime as text with its
 * offset. Text without an offset is local time already and is left as written; the site's zone is
 * asked for only when something needs it.
 */
export async function inBusinessTime(operation: Operation, body: unknown, zone: () => Promise<string>): Promise<void> {
	if (!operation.body?.shape) return;
	const plan = bodyPlanOf(operation);
	const found: Found = [];
	zonedTimes(body, [...plan.required, ...plan.optional], found);
	if (plan.flattened) {
		const { field, required, optional } = plan.flattened;
		for (const entry of Array.isArray(body) ? body : [body]) {
			zonedTimes((entry as IDataObject | undefined)?.[field], [...required, ...optional], found);
		}
	}
	if (!found.length) return;
	const site = await zone();
	for (const [object, field] of found) {
		object[field] = DateTime.fromISO(object[field] as string, { setZone: true })
			.setZone(site)
			.toFormat(LOCAL_FORM);
	}
}
