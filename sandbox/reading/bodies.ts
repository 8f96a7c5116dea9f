import { z } from 'zod';

/**
 * The sandbox's reading of the request bodies of the listed operations (rest-api.md, webhooks.md),
 * checked on receipt before a body is bound to a model (rest/bodyModels.ts). They hold only what
 * the spec states: a body's kind (list or object), the fields it names as required, and stated
 * types and ranges. Every other field and value passes as given, unknown fields included.
 * test/catalogue/twoReadings.test.ts puts them beside the node's schemas.
 */

// As exact as a JavaScript number can be: ±2^63.
const INT64_MIN = -(2 ** 63);
const INT64_MAX = 2 ** 63;

const int64 = z
	.number({ invalid_type_error: 'must be a whole number (int64)' })
	.int('must be a whole number (int64)')
	.gte(INT64_MIN, 'must fit in int64')
	.lte(INT64_MAX, 'must fit in int64');

/** A JSON object whose fields the spec does not list: anything inside passes. */
const anyObject = () => z.object({}, { invalid_type_error: 'must be a JSON object' }).passthrough();

/**
 * A body that is a list of entries ("array of …" in the spec): the request exists to act on
 * them, so an empty list asks for nothing and is refused before sending.
 */
const list = <T extends z.ZodTypeAny>(item: T, what: string) =>
	z.array(item, { invalid_type_error: `must be a list of ${what}` }).min(1, `must hold at least one of the ${what}`);

/** Field names bind case-insensitively on the service (ASP.NET), so presence is checked that way. */
const keyOf = (value: Record<string, unknown>, name: string) =>
	Object.keys(value).find((key) => key.toLowerCase() === name.toLowerCase());

/** An object that must hold the fields the spec names as required (any value but null). */
function withRequired(fields: readonly string[], what: string) {
	return anyObject().superRefine((value, ctx) => {
		for (const field of fields) {
			const key = keyOf(value, field);
			if (key === undefined || value[key] === null || value[key] === undefined) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: [field],
					message: `is required (the spec lists it as required in ${what})`,
				});
			}
		}
	});
}

/** An object whose stated flag, when present, must be true or false. */
function withFlag(flag: string) {
	return anyObject().superRefine((value, ctx) => {
		const key = keyOf(value, flag);
		if (key !== undefined && typeof value[key] !== 'boolean') {
			ctx.addIssue({
				code: z.ZodIssueCode.invalid_type,
				expected: 'boolean',
				received: typeof value[key] === 'string' ? 'string' : 'unknown',
				path: [key],
				message: 'must be true or false (the spec states a flag)',
			});
		}
	});
}

/** Spec: "array of int64 … ids". */
export const int64IdList = list(int64, 'int64 IDs');

/** Spec: "feature request object", fields not shown. */
export const featureUpdate = anyObject();

/** Spec: "promo code object", fields not shown. */
export const promoCodeCreate = anyObject();
export const promoCodeUpdate = anyObject();

/** Spec: "array of appointment request confirmation items"; field names stated, none required. */
export const approveItems = list(anyObject(), 'confirmation items (JSON objects)');

/** Spec: "request with request ids and notification preference"; names and values not shown. */
export const denyMultiple = anyObject();

/** Spec: "a list of appointment objects and a sendEmail flag". */
export const modifyAppointments = withFlag('sendEmail');

/** Spec: "recurring request", fields not shown. */
export const recurringRequest = anyObject();

/** Spec: "request with consumer id and max days"; names, types and ranges not shown. */
export const bookingTemplates = anyObject();

/** Spec: "array of add-on objects", fields not shown. */
export const addOnItems = list(anyObject(), 'add-ons (JSON objects)');

export const AVAILABILITY_REQUIRED = ['DaysOfWeek', 'StartTime', 'EndTime', 'StartDate', 'EndDate'] as const;

/** Spec: availability schedule (add) requires DaysOfWeek, StartTime, EndTime, StartDate, EndDate. */
export const availabilityAdd = list(
	withRequired(AVAILABILITY_REQUIRED, 'an availability schedule to add'),
	'availability schedules (JSON objects)',
);

/** Group and Search: "array of availability schedules", with no required fields stated. */
export const availabilitySchedules = list(anyObject(), 'availability schedules (JSON objects)');

/** Spec: booking request items require StaffReference, AppointmentTypeReference and Range. */
export const bookingRequestItems = list(
	withRequired(['StaffReference', 'AppointmentTypeReference', 'Range'], 'an appointment booking request'),
	'appointment booking requests (JSON objects)',
);

/** Spec: "object holding the list of appointments and add-ons"; field names not shown. */
export const appointmentsWithAddOns = anyObject();

/** Webhook service: the longest webhookUrl it accepts (it must also be HTTPS). */
export const WEBHOOK_URL_MAX = 2083;

/**
 * Webhook service: the POST body as stated (required fields, version 1, lengths). The HTTPS
 * rule is the node's field check (bodies/subscriptions.ts), not part of this schema: the trigger
 * sends n8n's own webhook URL, which the service itself judges (14000013, with the trigger's
 * advice), and the sandbox accepts loopback http for local runs.
 */
export const subscriptionCreate = z
	.object({
		eventIds: z.array(z.string()).min(1, 'needs at least one event ID'),
		eventSchemaVersion: z.literal(1),
		referenceId: z.string().max(256).optional(),
		webhookUrl: z.string().min(1).max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`),
	})
	.passthrough();

export const SUBSCRIPTION_STATUSES = ['Active', 'DeactivatedByUser'] as const;
/** PATCH: the POST rules apply to the fields sent; status is Active or DeactivatedByUser. */
export const subscriptionUpdate = z
	.object({
		eventIds: z.array(z.string()).min(1, 'needs at least one event ID').optional(),
		eventSchemaVersion: z.literal(1).optional(),
		referenceId: z.string().max(256).optional(),
		webhookUrl: z.string().min(1).max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`).optional(),
		status: z.enum(SUBSCRIPTION_STATUSES).optional(),
	})
	.passthrough()
	.refine((v) => Object.keys(v).length > 0, 'needs at least one field to change');
