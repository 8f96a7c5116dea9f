import { takeId } from '../data/generate';
import { DAY, isoAt, parseWhen } from '../data/dates';
import { conflictsOf, createAppointment, resolveSlot, type Conflict, type Slot } from './booking';
import type { BodyModel } from './bodyModels';
import { json, text, type HandlerTable, type RestCall } from './call';

type RecurringBody = BodyModel<'recurringRequest'>;

/** Months per step of the calendar frequencies; Daily and Weekly step by days. */
const MONTHS: Record<string, number> = { monthly: 1, yearly: 12 };
const DAYS: Record<string, number> = { daily: 1, weekly: 7 };

/** Start of occurrence `n`: Monthly and Yearly keep the day of month, clamped to the month's end. */
function occurrenceStart(first: number, body: RecurringBody, n: number): number {
	const frequency = (body.Frequency ?? 'Weekly').toLowerCase();
	const step = (body.Interval ?? 1) * n;
	if (DAYS[frequency]) return first + step * DAYS[frequency] * DAY;
	const date = new Date(first);
	const month = date.getUTCMonth() + step * MONTHS[frequency];
	const lastDay = new Date(Date.UTC(date.getUTCFullYear(), month + 1, 0)).getUTCDate();
	return Date.UTC(date.getUTCFullYear(), month, Math.min(date.getUTCDate(), lastDay)) + (first % DAY);
}

interface Occurrence {
	slot: Slot;
	conflicts: Conflict[];
}

/** Every occurrence of the series with what stands in its way; a string when a reference is bad. */
function plan(call: RestCall): Occurrence[] | string {
	const body = call.body as RecurringBody;
	const frequency = body.Frequency ?? 'Weekly';
	if (!DAYS[frequency.toLowerCase()] && !MONTHS[frequency.toLowerCase()]) {
		return `Frequency '${frequency}' is not one the sandbox can schedule (Daily, Weekly, Monthly, Yearly).`;
	}
	const client = call.site.clients.find((c) => c.ClientId === body.ClientId);
	if (!client) return `Client ${body.ClientId} was not found.`;
	const first = resolveSlot(call.site, {
		staffId: body.StaffId,
		typeId: body.AppointmentTypeId,
		locationId: body.LocationId,
		start: body.StartDateTime,
	});
	if (typeof first === 'string') return first;
	const firstStart = parseWhen(body.StartDateTime);
	const duration = first.end - first.start;
	return Array.from({ length: Math.max(1, body.Occurrences ?? 1) }, (_, n) => {
		const start = occurrenceStart(firstStart, body, n);
		const slot = { ...first, start, end: start + duration };
		const conflicts = conflictsOf(call.site, slot);
		if (start < call.now) conflicts.push({ Type: 'InThePast', Message: 'The time has passed.' });
		return { slot, conflicts };
	});
}

const occurrenceView = ({ slot, conflicts }: Occurrence) => ({
	StartDateTime: isoAt(slot.start),
	EndDateTime: isoAt(slot.end),
	Conflicts: conflicts,
});

function validate(call: RestCall) {
	const occurrences = plan(call);
	if (typeof occurrences === 'string') return text(400, occurrences);
	return json({
		Occurrences: occurrences.map(occurrenceView),
		HasConflicts: occurrences.some((o) => o.conflicts.length > 0),
	});
}

/** Books every free occurrence (one appointmentBooking.created each) and lists those skipped. */
function book(call: RestCall) {
	const occurrences = plan(call);
	if (typeof occurrences === 'string') return text(400, occurrences);
	const body = call.body as RecurringBody;
	const client = call.site.clients.find((c) => c.ClientId === body.ClientId)!;
	const recurrenceId = takeId(call.site, 'recurrences');
	const booked = occurrences
		.filter((o) => !o.conflicts.length)
		.map((o) => createAppointment(call, o.slot, client, { Notes: body.Notes, RecurrenceId: recurrenceId }));
	return json({
		RecurrenceId: recurrenceId,
		AppointmentIds: booked.map((appointment) => appointment.Id),
		Skipped: occurrences.filter((o) => o.conflicts.length).map(occurrenceView),
	});
}

export const recurringHandlers: HandlerTable = {
	'POST /Business/Schedules/Appointments/Recurring/Validate': validate,
	'POST /Business/Schedules/Appointments/Recurring': book,
};
