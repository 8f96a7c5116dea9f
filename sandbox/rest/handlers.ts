import { addOnHandlers } from './addOns';
import { appointmentRequestHandlers } from './appointmentRequests';
import { appointmentHandlers } from './appointments';
import { autopayHandlers } from './autopay';
import { availabilityHandlers } from './availability';
import { businessHandlers } from './business';
import { joinTables, type Handler, type HandlerTable } from './call';
import { classHandlers } from './classes';
import { clientHandlers } from './clients';
import { consumerHandlers } from './consumer';
import { consumerBookingHandlers } from './consumerBooking';
import { dashboardHandlers } from './dashboard';
import { deduplicated } from './deduplication';
import { promoCodeHandlers } from './promoCodes';
import { recurringHandlers } from './recurring';
import { operations, type SandboxOperation } from '../reading/operations';
import { saleHandlers } from './sales';
import { staffCalendarHandlers } from './staffCalendar';
import { timeRangeHandlers } from './timeRanges';
import { appointmentsV6Handlers } from './v6/appointments';
import { classesV6Handlers } from './v6/classes';
import { clientsV6Handlers } from './v6/clients';
import { salesV6Handlers } from './v6/sales';
import { siteV6Handlers } from './v6/site';
import { staffV6Handlers } from './v6/staff';

/** Every REST operation the sandbox serves, by its id (the v6 document's operation id, or method and path). */
export const restHandlers: HandlerTable = joinTables([
	autopayHandlers,
	staffCalendarHandlers,
	businessHandlers,
	promoCodeHandlers,
	saleHandlers,
	clientHandlers,
	appointmentRequestHandlers,
	appointmentHandlers,
	recurringHandlers,
	addOnHandlers,
	availabilityHandlers,
	classHandlers,
	consumerHandlers,
	timeRangeHandlers,
	consumerBookingHandlers,
	dashboardHandlers,
	appointmentsV6Handlers,
	classesV6Handlers,
	clientsV6Handlers,
	salesV6Handlers,
	siteV6Handlers,
	staffV6Handlers,
]);

/** What serves an operation: its handler, behind request deduplication where the spec says the service has it. */
export function handlerFor(op: SandboxOperation): Handler {
	const handler = restHandlers[op.id];
	return op.deduplicated ? deduplicated(handler) : handler;
}

/** Operations without a handler: empty, or the sandbox refuses to start. */
export function missingHandlers(): string[] {
	return operations
		.filter((op) => op.service === 'rest')
		.map((op) => op.id)
		.filter((id) => !restHandlers[id]);
}
