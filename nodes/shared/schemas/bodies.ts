import { z } from 'zod';

/**
 * Request bodies of the operations, checked before anything is sent. The sandbox validates
 * with the same schemas. Where the spec states no field list, the shape chosen is listed in
 * README ("Choices where the spec is silent"); unknown fields pass through untouched.
 */

const int = z.number().int();
const id = int.positive();

const isoDateTime = z
	.string()
	.min(1)
	.refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date-time');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'must be a date (YYYY-MM-DD)');
const timeOfDay = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time of day (HH:mm or HH:mm:ss)');

export const DAYS_OF_WEEK = [
	'Sunday',
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
] as const;

export const reference = z.object({ Id: id }).passthrough();
export const range = z.object({ Start: isoDateTime, End: isoDateTime }).passthrough();

export const int64IdList = z.array(id).min(1, 'needs at least one ID');

export const featureUpdate = z.object({ Enabled: z.boolean() }).passthrough();

const promoCodeFields = {
	Name: z.string().min(1),
	Code: z.string().min(1),
	Active: z.boolean().optional(),
	Discount: z.object({ Type: z.enum(['Percent', 'Amount']), Amount: z.number().nonnegative() }),
	ActivationDate: isoDateTime.optional(),
	ExpirationDate: isoDateTime.optional(),
	MaxUses: int.nonnegative().optional(),
	DaysAfterCloseDate: int.nonnegative().optional(),
	AllowOnline: z.boolean().optional(),
};
export const promoCodeCreate = z.object(promoCodeFields).passthrough();
export const promoCodeUpdate = z
	.object(promoCodeFields)
	.partial()
	.passthrough()
	.refine((v) => Object.keys(v).length > 0, 'needs at least one field to change');

export const approveItems = z
	.array(
		z
			.object({
				AppointmentRequestReference: reference,
				StaffReference: reference.optional(),
				AppointmentTypeReference: reference.optional(),
				Range: range.optional(),
				ConsumerReference: reference.optional(),
				LocationReference: reference.optional(),
				ResourceReferences: z.array(reference).optional(),
				AvailabilityReference: reference.optional(),
			})
			.passthrough(),
	)
	.min(1, 'needs at least one item');

export const NOTIFICATION_PREFERENCES = ['Email', 'Sms', 'EmailAndSms', 'None'] as const;
export const denyMultiple = z
	.object({
		AppointmentRequestIds: z.array(id).min(1, 'needs at least one ID'),
		NotificationPreference: z.enum(NOTIFICATION_PREFERENCES),
	})
	.passthrough();

export const modifyAppointments = z
	.object({
		Appointments: z.array(z.object({ Id: id }).passthrough()).min(1, 'needs at least one appointment'),
		SendEmail: z.boolean(),
	})
	.passthrough();

export const RECURRENCE_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export const recurringRequest = z
	.object({
		ClientId: z.string().min(1),
		LocationId: id,
		StaffId: id,
		AppointmentTypeId: id,
		StartDateTime: isoDateTime,
		Frequency: z.enum(RECURRENCE_FREQUENCIES),
		Interval: int.min(1).optional(),
		Occurrences: int.min(1).max(52),
		Notes: z.string().optional(),
	})
	.passthrough();

export const bookingTemplates = z
	.object({ ConsumerId: id, MaxDays: int.min(1).max(365) })
	.passthrough();

export const addOnItems = z
	.array(z.object({ AppointmentId: id, AddOnTypeId: id, StaffId: id.optional() }).passthrough())
	.min(1, 'needs at least one add-on');

export const availabilitySchedules = z
	.array(
		z
			.object({
				Id: id.optional(),
				GroupId: id.optional(),
				StaffId: id.optional(),
				LocationId: id.optional(),
				DaysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).min(1, 'needs at least one day'),
				StartTime: timeOfDay,
				EndTime: timeOfDay,
				StartDate: isoDate,
				EndDate: isoDate,
			})
			.passthrough(),
	)
	.min(1, 'needs at least one schedule');

const bookingRequestItem = z
	.object({
		StaffReference: reference,
		AppointmentTypeReference: reference,
		Range: range,
		Notes: z.string().optional(),
	})
	.passthrough();
export const bookingRequestItems = z.array(bookingRequestItem).min(1, 'needs at least one appointment');

export const appointmentsWithAddOns = z
	.object({
		Appointments: bookingRequestItems,
		AddOns: z
			.array(
				z
					.object({ AppointmentTypeReference: reference, StaffReference: reference.optional() })
					.passthrough(),
			)
			.optional(),
	})
	.passthrough();

export const subscriptionCreate = z
	.object({
		eventIds: z.array(z.string().min(1)).min(1, 'needs at least one event ID'),
		eventSchemaVersion: z.literal(1),
		referenceId: z.string().max(256).optional(),
		webhookUrl: z.string().min(1).max(2083),
	})
	.passthrough();

export const SUBSCRIPTION_STATUSES = ['Active', 'DeactivatedByUser'] as const;
export const subscriptionUpdate = z
	.object({
		eventIds: z.array(z.string().min(1)).min(1, 'needs at least one event ID').optional(),
		eventSchemaVersion: z.literal(1).optional(),
		referenceId: z.string().max(256).optional(),
		webhookUrl: z.string().min(1).max(2083).optional(),
		status: z.enum(SUBSCRIPTION_STATUSES).optional(),
	})
	.passthrough()
	.refine((v) => Object.keys(v).length > 0, 'needs at least one field to change');

export const bodySchemas = {
	int64IdList,
	featureUpdate,
	promoCodeCreate,
	promoCodeUpdate,
	approveItems,
	denyMultiple,
	modifyAppointments,
	recurringRequest,
	bookingTemplates,
	addOnItems,
	availabilitySchedules,
	bookingRequestItems,
	appointmentsWithAddOns,
	subscriptionCreate,
	subscriptionUpdate,
} as const;

export type BodySchemaName = keyof typeof bodySchemas;
