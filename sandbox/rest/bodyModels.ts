import { z } from 'zod';

import type { SchemaName } from '../reading/listedBodies';

/**
 * How the sandbox binds a body that passed the spec's checks (its schemas, reading/bodies.ts) to its own
 * records, as the service's model binder does: field names in any case, only the fields a
 * handler needs, no ranges or value lists the spec does not state, unknown fields kept. A body
 * it cannot bind (no Id where a record must be named, text where a number is needed) answers
 * 400 naming the field, as a failed model binding does.
 */

/** Renames keys to the model's spelling when they differ only in case. */
function bindNames(shape: z.ZodRawShape) {
	const names = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]));
	return (value: unknown) => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [names.get(key.toLowerCase()) ?? key, entry]),
		);
	};
}

const bound = <T extends z.ZodRawShape>(shape: T) => z.preprocess(bindNames(shape), z.object(shape).passthrough());

/** Absent and null both mean "not given". */
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

const int = z.number().int();
const reference = bound({ Id: int });
const when = z.string();
const range = bound({ Start: when, End: when });

const bookingItem = bound({
	StaffReference: reference,
	AppointmentTypeReference: reference,
	Range: range,
	Notes: optional(z.string()),
});

const schedule = bound({
	Id: optional(int),
	GroupId: optional(int),
	StaffId: optional(int),
	LocationId: optional(int),
	DaysOfWeek: optional(z.array(z.string())),
	StartTime: optional(z.string()),
	EndTime: optional(z.string()),
	StartDate: optional(z.string()),
	EndDate: optional(z.string()),
});

const promoCode = bound({
	Name: optional(z.string()),
	Code: optional(z.union([z.string(), z.number()]).transform(String)),
	Active: optional(z.boolean()),
	AllowOnline: optional(z.boolean()),
	Discount: optional(bound({ Type: optional(z.string()), Amount: optional(z.number()) })),
	ActivationDate: optional(when),
	ExpirationDate: optional(when),
	MaxUses: optional(z.number()),
	DaysAfterCloseDate: optional(z.number()),
});

const models = {
	int64IdList: z.array(int),
	featureUpdate: bound({ Enabled: z.boolean() }),
	promoCodeCreate: promoCode,
	promoCodeUpdate: promoCode,
	approveItems: z.array(
		bound({
			AppointmentRequestReference: reference,
			StaffReference: optional(reference),
			AppointmentTypeReference: optional(reference),
			Range: optional(range),
			ConsumerReference: optional(reference),
			LocationReference: optional(reference),
			ResourceReferences: optional(z.array(reference)),
			AvailabilityReference: optional(reference),
		}),
	),
	denyMultiple: bound({
		AppointmentRequestIds: z.array(int),
		NotificationPreference: optional(z.string()),
	}),
	modifyAppointments: bound({
		Appointments: z.array(bound({ Id: int })),
		SendEmail: optional(z.boolean()),
	}),
	recurringRequest: bound({
		ClientId: z.union([z.string(), z.number()]).transform(String),
		LocationId: int,
		StaffId: int,
		AppointmentTypeId: int,
		StartDateTime: when,
		Frequency: optional(z.string()),
		Interval: optional(int),
		Occurrences: optional(int),
		Notes: optional(z.string()),
	}),
	bookingTemplates: bound({ ConsumerId: int, MaxDays: z.number() }),
	addOnItems: z.array(
		bound({
			AppointmentId: int,
			AddOnTypeId: optional(int),
			StaffId: optional(int),
			Notes: optional(z.string()),
		}),
	),
	availabilityAdd: z.array(schedule),
	availabilitySchedules: z.array(schedule),
	bookingRequestItems: z.array(bookingItem),
	appointmentsWithAddOns: bound({
		Appointments: z.array(bookingItem),
		AddOns: optional(
			z.array(
				bound({
					AppointmentTypeReference: optional(reference),
					StaffReference: optional(reference),
					AppointmentIndex: optional(int),
				}),
			),
		),
	}),
	// The webhook service checks its own bodies.
	subscriptionCreate: z.unknown(),
	subscriptionUpdate: z.unknown(),
} satisfies Record<SchemaName, z.ZodTypeAny>;

export type { SchemaName };

export type BodyModel<N extends SchemaName> = z.infer<(typeof models)[N]>;

/** The sandbox's model of a listed operation's body, by its schema's name. */
export function bodyModel(name: SchemaName): z.ZodTypeAny {
	const model = (models as Partial<Record<string, z.ZodTypeAny>>)[name];
	if (!model) throw new Error(`The sandbox has no model for the body ${name}`);
	return model;
}
