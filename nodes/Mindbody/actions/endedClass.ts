import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { findOperation, findTask, resources } from '../../shared/catalogue';

/** Where the node takes a class booking back, by the names the editor shows. */
function undoneBy(): string {
	const operation = findOperation('class', 'removeClient')!;
	const resource = resources.find((entry) => entry.value === operation.resource)!.name;
	const task = findTask('cancelBooking')!;
	return `${resource} → ${operation.name} (or Front Desk → ${task.name})`;
}

/**
 * A booking into a class that has ended. Mindbody accepts it, and a studio books a client into a
 * past class to record attendance, so the booking stands; the item says so (`warning`), as does
 * the editor (an execution hint), with the way to take it back. The check reads the class's end
 * from the answer, so it costs no request. A time written without an offset (the site's clock,
 * as Mindbody writes times) is read in the workflow's time zone.
 */
export function warnOfEndedClass(ctx: IExecuteFunctions, itemIndex: number, items: IDataObject[]): IDataObject[] {
	const now = DateTime.now();
	return items.map((item) => {
		const end = DateTime.fromISO(String(item.EndDateTime ?? ''), { zone: ctx.getTimezone() });
		if (!end.isValid || end >= now) return item;
		const shown = DateTime.fromISO(String(item.EndDateTime), { setZone: true });
		const warning = `Class ${String(item.ClassId)} ended on ${shown.toFormat('ccc d LLL yyyy HH:mm', { locale: 'en' })}: the client was booked into a class already held, as when recording attendance. If that was not meant, ${undoneBy()} takes the booking back.`;
		ctx.addExecutionHints({ message: `Item ${itemIndex + 1}: ${warning}`, location: 'outputPane' });
		return { ...item, warning };
	});
}
