import { operations } from '../../../nodes/shared/catalogue';
import { addOnHandlers } from './addOns';
import { appointmentRequestHandlers } from './appointmentRequests';
import { appointmentHandlers } from './appointments';
import { autopayHandlers } from './autopay';
import { availabilityHandlers } from './availability';
import { businessHandlers } from './business';
import type { HandlerTable } from './call';
import { classHandlers } from './classes';
import { clientHandlers } from './clients';
import { consumerHandlers } from './consumer';
import { consumerBookingHandlers } from './consumerBooking';
import { dashboardHandlers } from './dashboard';
import { promoCodeHandlers } from './promoCodes';
import { recurringHandlers } from './recurring';
import { saleHandlers } from './sales';
import { staffCalendarHandlers } from './staffCalendar';
import { timeRangeHandlers } from './timeRanges';

/** Every REST operation of the catalogue, by `resource.operation`. */
export const restHandlers: HandlerTable = {
	...autopayHandlers,
	...staffCalendarHandlers,
	...businessHandlers,
	...promoCodeHandlers,
	...saleHandlers,
	...clientHandlers,
	...appointmentRequestHandlers,
	...appointmentHandlers,
	...recurringHandlers,
	...addOnHandlers,
	...availabilityHandlers,
	...classHandlers,
	...consumerHandlers,
	...timeRangeHandlers,
	...consumerBookingHandlers,
	...dashboardHandlers,
};

/** Catalogue operations without a handler: empty, or the sandbox refuses to start. */
export function missingHandlers(): string[] {
	return operations
		.filter((op) => op.service === 'rest')
		.map((op) => `${op.resource}.${op.operation}`)
		.filter((key) => !restHandlers[key]);
}
