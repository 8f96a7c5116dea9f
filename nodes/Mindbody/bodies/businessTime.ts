import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import { bodyPlanOf, type PlannedField } from './bodyPlan';

/** The form the document gives times in the business's zone: local date and time, no offset. */
const LOCAL_FORM = "yyyy-MM-dd'T'HH:mm:ss";

const hasOffset = (text: string) => /T.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(text);

/** Where a body holds a business-time field written with an offset: the object and the field's name. */
function zonedTimes(value: unknown, fields: readonly PlannedField[], found: Array<[IDataObject, string]>) {
	if (Array.isArray(value)) {
		for (const entry of value) zonedTimes(entry, fields, found);
		return;
	}
	if (!value || typeof value !== 'object') return;
	const object = value as IDataObject;
	for (const planned of fields) {
		const held = object[planned.field];
		if (planned.kind === 'scalar' && planned.time === 'business' && typeof held === 'string' && hasOffset(held)) {
			found.push([object, planned.field]);
		}
		if (planned.kind === 'group') zonedTimes(held, planned.children, found);
	}
}

/**
 * Turns the instants a v6 body holds for fields in the business's local time (an n8n DateTime, or
 * text with an offset) into the site's local date and time, the form the document gives them.
 * Text without an offset is local time already and is left as written; the site's zone is asked
 * for only when something needs it.
 */
export async function inBusinessTime(operation: Operation, body: unknown, zone: () => Promise<string>): Promise<void> {
	if (!operation.body?.shape) return;
	const plan = bodyPlanOf(operation);
	const found: Array<[IDataObject, string]> = [];
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
