/**
 * What a date-time field's description says of the text to send: ISO 8601, and how the operation
 * reads a time written without an offset (sandbox/README.md, "Time zones"). Most date-times are
 * UTC, the node says so of every field whose description says nothing else; appointments' times
 * are the business's local time, and schedules' days and times of day its wall clock.
 */
export const UTC_TIME = 'ISO 8601, e.g. 2026-11-25T18:00:00Z; without an offset, UTC';
export const LOCAL_TIME = "ISO 8601, e.g. 2026-11-25T18:00:00; without an offset, the business's local time";
export const WALL_CLOCK = "ISO 8601, e.g. 2026-11-25T18:00:00; its date and time of day are the business's local time";

/**
 * How a date-time field of the document is read: an instant (UTC unless it says otherwise), the
 * business's local time (the document states it for appointments' times), or the business's wall
 * clock (schedules' days and times of day). The catalogue's words say which (FieldWords.time, or
 * TYPE_TIMES in v6/fieldWords.ts for a type's fields wherever a body holds it); a field's
 * description and what the node sends both follow from it.
 */
export type LocalTime = 'business' | 'wallClock';

export const FORM_OF: Readonly<Record<LocalTime, string>> = { business: LOCAL_TIME, wallClock: WALL_CLOCK };

/** Whether a description says the form already. */
export const saysDateForm = (description: string | undefined) => description?.includes('ISO 8601') === true;

/** A field's description followed by its date form: "When the appointment starts. ISO 8601, …". */
export const withDateForm = (description: string | undefined, form: string) =>
	description ? `${description.replace(/\.$/, '')}. ${form}` : form;
