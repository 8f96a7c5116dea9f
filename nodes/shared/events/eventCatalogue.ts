import { z, type ZodIssue } from 'zod';

import { issuePath } from '../schemas';
import { appointmentEvents } from './appointmentEvents';
import { classEvents } from './classEvents';
import { clientEvents } from './clientEvents';
import { contractEvents } from './contractEvents';
import type { EventDefinition, EventGroup } from './fields';
import { pickASpotEvents } from './pickASpotEvents';
import { saleEvents } from './saleEvents';
import { siteEvents } from './siteEvents';
import { staffEvents } from './staffEvents';

/**
 * The webhook service's event catalog (spec: webhooks.md, Events): one definition per event id
 * with the zod schema of its eventData. Shared by the trigger node and the sandbox.
 */

export type { EventDefinition, EventGroup } from './fields';

export const events: readonly EventDefinition[] = [
	...siteEvents,
	...appointmentEvents,
	...classEvents,
	...clientEvents,
	...contractEvents,
	...saleEvents,
	...staffEvents,
	...pickASpotEvents,
];

export const eventIds: readonly string[] = events.map((event) => event.eventId);

const byId = new Map(events.map((event) => [event.eventId, event]));

export function findEvent(eventId: string): EventDefinition | undefined {
	return byId.get(eventId);
}

/** Groups in catalog order, each with its event ids (the trigger's option list). */
export const eventGroups: ReadonlyArray<{ group: EventGroup; eventIds: string[] }> = events.reduce<
	Array<{ group: EventGroup; eventIds: string[] }>
>((groups, event) => {
	const last = groups.find((entry) => entry.group === event.group);
	if (last) last.eventIds.push(event.eventId);
	else groups.push({ group: event.group, eventIds: [event.eventId] });
	return groups;
}, []);

/** What every delivery POSTs; eventData is checked separately against its event's schema. */
export const eventEnvelope = z
	.object({
		messageId: z.string().min(1),
		eventId: z.string().min(1),
		eventSchemaVersion: z.literal(1),
		eventInstanceOriginationDateTime: z.string().min(1),
		/** Only when the causing call carried a Transaction-Key and came from the same source. */
		transactionKey: z.string().optional(),
		eventData: z.object({}).passthrough(),
	})
	.passthrough();

export interface EventCheck {
	ok: boolean;
	/** One line per problem, each starting with the field's path. */
	problems: string[];
}

function describe(issue: ZodIssue, root: string): string {
	const path = issuePath(issue.path, root);
	if (issue.code === 'invalid_type') {
		return issue.received === 'undefined'
			? `${path}: missing (expected ${issue.expected})`
			: `${path}: expected ${issue.expected}, got ${issue.received}`;
	}
	return `${path}: ${issue.message}`;
}

function check(schema: z.ZodTypeAny, value: unknown, root: string): EventCheck {
	const result = schema.safeParse(value);
	if (result.success) return { ok: true, problems: [] };
	return { ok: false, problems: result.error.issues.map((issue) => describe(issue, root)) };
}

/** Checks an event's payload against the catalog. Tolerant: never throws, names each field. */
export function checkEventData(eventId: string, data: unknown): EventCheck {
	const event = findEvent(eventId);
	if (!event) return { ok: false, problems: [`eventId: unknown event "${String(eventId)}"`] };
	return check(event.eventData, data, 'eventData');
}

/** Checks the envelope of a delivery (not its eventData). Never throws. */
export function checkEnvelope(body: unknown): EventCheck {
	return check(eventEnvelope, body, 'body');
}
