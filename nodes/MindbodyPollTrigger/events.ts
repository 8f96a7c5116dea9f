import { appointmentChanged, appointmentRequested } from './appointments';
import { clientContractCreated, clientCreated, clientUpdated, saleCreated } from './changeEvents';
import { classBookingCreated } from './classBookings';
import { birthday } from './birthday';
import { clientLapsed } from './clientLapsed';
import { contractEnding } from './contractEnding';
import { firstVisit } from './firstVisit';
import type { PollEvent } from './pollEvent';
import { sessionsLow } from './sessionsLow';
import { webhookSafetyNet } from './webhookSafetyNet';

/** The events the poll trigger offers, in the order of its Event list. */
export const POLL_EVENTS: readonly PollEvent[] = [
	classBookingCreated,
	clientCreated,
	clientContractCreated,
	saleCreated,
	appointmentChanged,
	appointmentRequested,
	clientUpdated,
	clientLapsed,
	contractEnding,
	sessionsLow,
	birthday,
	firstVisit,
	webhookSafetyNet as PollEvent,
];

export const findPollEvent = (value: string) => POLL_EVENTS.find((event) => event.value === value);
