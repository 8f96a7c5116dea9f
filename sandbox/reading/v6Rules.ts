import { boundKey, type V6BodyRule } from '../../document/v6Bodies';

/** The rules the sandbox reads in the spec on top of the v6 document's facts (v6Readings.ts names where). */

const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The spec's limit on notes for product sales (Limits: "Sales note length"). */
const SALES_NOTES_MAX = 255;

/** Each cart item's SalesNotes at most 255 characters; field names bind in any case. */
export const salesNotesLimit: V6BodyRule = (body, addIssue) => {
	if (!isObject(body)) return;
	const itemsKey = boundKey(body, 'Items');
	const items = itemsKey === undefined ? undefined : body[itemsKey];
	if (!Array.isArray(items)) return;
	items.forEach((item, index) => {
		if (!isObject(item)) return;
		const notesKey = boundKey(item, 'SalesNotes');
		const notes = notesKey === undefined ? undefined : item[notesKey];
		if (typeof notes === 'string' && notes.length > SALES_NOTES_MAX) {
			addIssue(
				['Items', index, 'SalesNotes'],
				`must be at most ${SALES_NOTES_MAX} characters long (the spec's limit for sales notes)`,
			);
		}
	});
};
