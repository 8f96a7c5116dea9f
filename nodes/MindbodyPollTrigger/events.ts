import { appointmentChanged } from './appointments';
import { clientContractCreated, clientCreated, clientUpdated, saleCreated } from './changeEvents';
import { classBookingCreated } from './classBookings';
import type { PollEvent } from './pollEvent';

/** The events the poll trigger offers, in the order of its Event list. */
export const POLL_EVENTS: readonly PollEvent[] = [
	classBookingCreated,
	clientCreated,
	clientContractCreated,
	saleCreated,
	appointmentChanged,
	clientUpdated,
];

export const findPollEvent = (value: string) => POLL_EVENTS.find((event) => event.value === value);
