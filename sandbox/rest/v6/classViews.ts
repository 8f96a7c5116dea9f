import { V6_TYPES } from '../../../document/facts';
import { DEFAULT_WAITLIST_CAPACITY, type ScheduleSettings, type Visit } from '../../data/classRecords';
import { DAY, DAY_NAMES, dateOf, isoAt } from '../../data/dates';
import type { WeeklyTimes } from '../../data/meetings';
import type {
	ClassDescription,
	ClassInstance,
	ClassSchedule,
	Client,
	ClientService,
	Enrollment,
	Location,
	Program,
	SiteData,
	Staff,
} from '../../data/types';
import { isStaff, type RestCall } from '../call';
import { byId } from '../views';
import { clientServiceView } from './saleViews';
import { programV6View } from './siteViews';

/**
 * The v6 document's records (Class, Visit, ClassSchedule, ClassDescription, Location, Staff,
 * Client, ClientService) built from the site's state, in the document's field names.
 */

/** Only the fields the document's type states (a view shared by two types keeps what fits). */
export function pickFields(type: string, value: Record<string, unknown>): Record<string, unknown> {
	const fields = V6_TYPES[type].fields;
	return Object.fromEntries(Object.entries(value).filter(([name]) => name in fields));
}

/** Capacity fields show to staff always, to others only when the business shows open spaces (rule 11). */
export const showsCapacity = (call: RestCall) => isStaff(call) || call.site.settings.ShowOpenSpaces;

/** Hidden classes exist only for staff (rule 11). */
export const visibleTo = (call: RestCall, instance: ClassInstance) => !instance.Hidden || isStaff(call);

export const locationV6 = (call: RestCall, location: Location | undefined) =>
	location
		? {
				Id: location.Id,
				Name: location.Name,
				Description: location.Description,
				Address: location.AddressLine1,
				Address2: location.AddressLine2,
				City: location.City,
				StateProvCode: location.StateProvCode,
				PostalCode: location.PostalCode,
				Phone: location.Phone,
				Latitude: location.Latitude,
				Longitude: location.Longitude,
				HasClasses: location.HasClasses,
				SiteID: call.siteId,
			}
		: null;

export const staffName = (staff: Staff | undefined) => (staff ? `${staff.FirstName} ${staff.LastName}` : '');

export const staffV6 = (site: SiteData, staff: Staff | undefined) =>
	staff
		? {
				Id: staff.Id,
				FirstName: staff.FirstName,
				LastName: staff.LastName,
				DisplayName: staff.DisplayName,
				Name: staffName(staff),
				Email: staff.Email,
				Bio: staff.Bio,
				ImageUrl: staff.ImageUrl,
				IsMale: staff.Gender === 'Male',
				AlwaysAllowDoubleBooking: staff.AlwaysAllowDoubleBooking,
				IndependentContractor: staff.IsIndependentContractor,
				AppointmentInstructor: staff.AppointmentTypeIds.length > 0,
				ClassTeacher: site.classSchedules.some((s) => s.StaffId === staff.Id),
				ProviderIDs: staff.ProviderId ? [staff.ProviderId] : [],
			}
		: null;

export const programV6 = (program: Program | undefined) => (program ? programV6View(program) : null);

/** A class description is its own session type: sessionTypeIds filters name description ids. */
export function descriptionV6(site: SiteData, description: ClassDescription, now: number, lastUpdated?: string) {
	const program = byId(site.programs, description.ProgramId);
	const category = byId(site.categories, description.CategoryId);
	const subcategory = byId(site.subcategories, description.SubcategoryId);
	return {
		Active: isDescriptionActive(site, description, now),
		Description: description.Description,
		Id: description.Id,
		ImageURL: null,
		LastUpdated: lastUpdated ?? null,
		Level: null,
		Name: description.Name,
		Notes: '',
		Prereq: '',
		Program: programV6(program),
		SessionType: {
			Type: program?.ScheduleType ?? 'Class',
			Id: description.Id,
			Name: description.Name,
			NumDeducted: 1,
			ProgramId: description.ProgramId,
			Category: category?.Name ?? null,
			CategoryId: description.CategoryId,
			Subcategory: subcategory?.Name ?? null,
			SubcategoryId: description.SubcategoryId,
			AvailableForAddOn: false,
		},
		Category: category?.Name ?? null,
		CategoryId: description.CategoryId,
		Subcategory: subcategory?.Name ?? null,
		SubcategoryId: description.SubcategoryId,
	};
}

/** Active: some active schedule of the description has not ended. */
export const isDescriptionActive = (site: SiteData, description: ClassDescription, now: number) =>
	site.classSchedules.some((s) => s.ClassDescriptionId === description.Id && s.IsActive && s.EndDate >= dateOf(now));

export const clientV6 = (client: Client) => ({
	Id: client.ClientId,
	UniqueId: client.Id,
	FirstName: client.FirstName,
	LastName: client.LastName,
	Email: client.Email,
	MobilePhone: client.MobilePhone,
	Status: client.Status,
	Active: client.Status === 'Active',
	CreationDate: client.CreationDate,
	LastModifiedDateTime: client.LastModifiedDateTime,
	AccountBalance: client.AccountBalance,
});

/** A visit's or an appointment's client service: the same view as every other answer's. */
export const clientServiceV6 = (call: RestCall, service: ClientService) =>
	clientServiceView(call.site, call.siteId, service, dateOf(call.now));

/** The settings of a class schedule, with the defaults of one the v6 calls never touched. */
export function scheduleSettingsOf(site: SiteData, scheduleId: number): ScheduleSettings {
	return (
		site.classRecords.scheduleSettings[scheduleId] ?? {
			WaitlistCapacity: DEFAULT_WAITLIST_CAPACITY,
			BookingStatus: 'BookAndPayLater',
			ResourceId: null,
			AllowOpenEnrollment: false,
			AllowDateForwardEnrollment: false,
			PricingOptionsProductIds: [],
			StaffPayRate: null,
			ClassDescriptionId: null,
			Notes: '',
		}
	);
}

/**
 * When a class last changed: its own recorded changes; for a seeded class the latest of its
 * seeded bookings and waiting list requests, else a week before it (no later than the seed day).
 */
export function classModifiedAt(call: RestCall, instance: ClassInstance): string {
	const records = call.site.classRecords;
	const change = records.classChanges[instance.Id];
	if (change) return change.LastModifiedDateTime;
	const seeded = [
		isoAt(Math.min(Date.parse(instance.StartDateTime) - 7 * DAY, call.store.anchor)),
		...records.visits.filter((v) => v.ClassId === instance.Id).map((v) => v.LastModifiedDateTime),
		...records.waitlist.filter((w) => w.ClassId === instance.Id).map((w) => w.RequestDateTime),
	];
	return seeded.sort().at(-1)!;
}

/** Records a change of a class instance (a booking, a cancellation, a substitute …). */
export function touchClass(call: RestCall, classId: number, manual = false): void {
	const changes = call.site.classRecords.classChanges;
	const change = changes[classId] ?? { LastModifiedDateTime: '', Manual: false, HideCancel: false };
	change.LastModifiedDateTime = isoAt(call.now);
	if (manual) change.Manual = true;
	changes[classId] = change;
}

export const activeVisitsOf = (site: SiteData, classId: number) =>
	site.classRecords.visits.filter((v) => v.ClassId === classId && (v.Status === 'Booked' || v.Status === 'SignedIn'));

export const waitingEntriesOf = (site: SiteData, classId: number) =>
	site.classRecords.waitlist
		.filter((w) => w.ClassId === classId && w.Status === 'Waiting')
		.sort((a, b) => a.RequestDateTime.localeCompare(b.RequestDateTime) || a.Id - b.Id);

export interface ClassViewOptions {
	/** Add the roster (Visits) of the class. */
	visits?: boolean;
	/** The roster only from this time of last change on (request.lastModifiedDate). */
	visitsSince?: number;
	/** IsEnrolled tells whether this client is booked. */
	clientId?: number;
}

/** A class instance as the document's Class. */
export function classV6(call: RestCall, instance: ClassInstance, options: ClassViewOptions = {}) {
	const { site } = call;
	const description = byId(site.classDescriptions, instance.ClassDescriptionId)!;
	const settings = scheduleSettingsOf(site, instance.ClassScheduleId);
	const change = site.classRecords.classChanges[instance.Id];
	const capacity = showsCapacity(call);
	const shown = (value: number) => (capacity ? value : null);
	const roster = activeVisitsOf(site, instance.Id);
	const start = Date.parse(instance.StartDateTime);
	const hostedAndAhead = instance.ContentFormat === 'LiveStream:Mindbody-hosted' && start > call.now;
	const resource = byId(site.resources, settings.ResourceId ?? undefined);
	const waitlistOpen = !instance.IsCanceled && instance.TotalBookedWaitlist < settings.WaitlistCapacity;
	const visits = options.visits
		? site.classRecords.visits
				.filter((v) => v.ClassId === instance.Id && v.Status !== 'Cancelled')
				.filter((v) => options.visitsSince === undefined || Date.parse(v.LastModifiedDateTime) >= options.visitsSince)
				.map((v) => visitV6(call, v))
		: undefined;
	return {
		ClassScheduleId: instance.ClassScheduleId,
		...(visits ? { Visits: visits } : {}),
		Location: locationV6(call, byId(site.locations, instance.LocationId)),
		Resource: resource ? { Id: resource.Id, Name: resource.Name } : null,
		MaxCapacity: shown(instance.MaxCapacity),
		WebCapacity: shown(instance.WebCapacity),
		TotalBooked: shown(instance.TotalBooked),
		TotalSignedIn: roster.filter((v) => v.Status === 'SignedIn').length,
		TotalBookedWaitlist: shown(instance.TotalBookedWaitlist),
		WebBooked: shown(instance.TotalWebBooked),
		SemesterId: null,
		IsCanceled: instance.IsCanceled,
		Substitute: instance.IsSubstitute,
		Active: !instance.IsCanceled,
		IsWaitlistAvailable: waitlistOpen,
		IsEnrolled: options.clientId !== undefined && roster.some((v) => v.ClientId === options.clientId),
		HideCancel: change?.HideCancel ?? false,
		Id: instance.Id,
		IsAvailable: !instance.IsCanceled && start > call.now && instance.TotalBooked < instance.MaxCapacity,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		LastModifiedDateTime: classModifiedAt(call, instance),
		ClassDescription: descriptionV6(site, description, call.now),
		Staff: staffV6(site, byId(site.staff, instance.StaffId)),
		BookingWindow: bookingWindowOf(instance),
		BookingStatus: settings.BookingStatus,
		VirtualStreamLink: hostedAndAhead ? instance.StreamLink : null,
		WaitListSize: settings.WaitlistCapacity,
		ClassNotes: settings.Notes,
	};
}

/** Online booking opens 30 days before a class and closes when it starts. */
export const BOOKING_WINDOW_DAYS = 30;

export const bookingWindowOf = (instance: ClassInstance) => ({
	StartDateTime: isoAt(Date.parse(instance.StartDateTime) - BOOKING_WINDOW_DAYS * DAY),
	EndDateTime: instance.StartDateTime,
	DailyStartTime: null,
	DailyEndTime: null,
});

const appointmentStatusOf = (visit: Visit) =>
	visit.Status === 'SignedIn'
		? 'Arrived'
		: visit.Status === 'LateCancelled'
			? 'LateCancelled'
			: visit.Status === 'Cancelled'
				? 'Cancelled'
				: 'Booked';

/** A class visit as the document's Visit. */
export function visitV6(call: RestCall, visit: Visit) {
	const { site } = call;
	const instance = byId(site.classes, visit.ClassId)!;
	const client = byId(site.clients, visit.ClientId);
	const description = byId(site.classDescriptions, instance.ClassDescriptionId);
	const service = byId(site.clientServices, visit.ClientServiceId ?? undefined);
	return {
		AppointmentId: null,
		AppointmentGenderPreference: 'None',
		AppointmentStatus: appointmentStatusOf(visit),
		ClassId: instance.Id,
		ClientId: client?.ClientId ?? String(visit.ClientId),
		ClientPhotoUrl: null,
		ClientUniqueId: visit.ClientId,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		Id: visit.Id,
		LastModifiedDateTime: visit.LastModifiedDateTime,
		LateCancelled: visit.Status === 'LateCancelled',
		SiteId: call.siteId,
		LocationId: instance.LocationId,
		MakeUp: visit.Makeup,
		Name: description?.Name ?? '',
		ServiceId: service?.Id ?? null,
		ServiceName: service?.Name ?? null,
		Service: service ? clientServiceV6(call, service) : null,
		ProductId: null,
		SignedIn: visit.Status === 'SignedIn',
		StaffId: instance.StaffId,
		WebSignup: visit.WebSignup,
		Action: 'None',
		Missed: visit.Status === 'Booked' && Date.parse(instance.EndDateTime) < call.now,
	};
}

const dayFlags = (days: readonly string[]) => ({
	DaySunday: days.includes('Sunday'),
	DayMonday: days.includes('Monday'),
	DayTuesday: days.includes('Tuesday'),
	DayWednesday: days.includes('Wednesday'),
	DayThursday: days.includes('Thursday'),
	DayFriday: days.includes('Friday'),
	DaySaturday: days.includes('Saturday'),
});

/**
 * The days a schedule body's flags (DaySunday … DaySaturday) leave it on: a flag given sets its
 * day, a day without one keeps what `kept` says.
 */
export const daysOf = (body: Record<string, unknown>, kept: readonly string[]): string[] =>
	DAY_NAMES.filter((day) => {
		const flag = body[`Day${day}`];
		return flag === undefined || flag === null ? kept.includes(day) : flag === true;
	});

/** Whether a schedule body sets any day flag. */
export const hasDayFlags = (body: Record<string, unknown>) =>
	DAY_NAMES.some((day) => body[`Day${day}`] !== undefined && body[`Day${day}`] !== null);

/** A schedule's times of day on its first day, as ClassSchedule writes them; null while to be decided. */
const timesOfDay = (schedule: WeeklyTimes) => ({
	StartTime: schedule.StartTime === null ? null : `${schedule.StartDate}T${schedule.StartTime}`,
	EndTime: schedule.EndTime === null ? null : `${schedule.StartDate}T${schedule.EndTime}`,
});

/** A class schedule as the document's ClassSchedule (times of day on the schedule's first day). */
export function classScheduleV6(call: RestCall, schedule: ClassSchedule) {
	const { site } = call;
	const description = byId(site.classDescriptions, schedule.ClassDescriptionId)!;
	const settings = scheduleSettingsOf(site, schedule.Id);
	return {
		Classes: null,
		Clients: null,
		Course: null,
		SemesterId: null,
		IsAvailable: schedule.IsActive && schedule.EndDate >= dateOf(call.now),
		Id: schedule.Id,
		ClassDescription: descriptionV6(site, description, call.now),
		...dayFlags(schedule.DaysOfWeek),
		AllowOpenEnrollment: settings.AllowOpenEnrollment,
		AllowDateForwardEnrollment: settings.AllowDateForwardEnrollment,
		...timesOfDay(schedule),
		StartDate: `${schedule.StartDate}T00:00:00`,
		EndDate: `${schedule.EndDate}T00:00:00`,
		Staff: staffV6(site, byId(site.staff, schedule.StaffId)),
		Location: locationV6(call, byId(site.locations, schedule.LocationId)),
		FrequencyType: 'Weekly',
		FrequencyInterval: 1,
	};
}

/** An enrollment as the document's ClassSchedule, with its enrolled clients. */
export function enrollmentV6(call: RestCall, enrollment: Enrollment) {
	const { site } = call;
	const settings = site.classRecords.enrollmentSettings[enrollment.Id];
	const description = byId(site.classDescriptions, settings?.ClassDescriptionId ?? undefined);
	const program = byId(site.programs, enrollment.ProgramId);
	const category = byId(site.categories, enrollment.ServiceCategoryId);
	const enrolled = site.classRecords.enrollmentBookings
		.filter((b) => b.EnrollmentId === enrollment.Id)
		.map((b) => byId(site.clients, b.ClientId))
		.filter((c): c is Client => !!c);
	return {
		Classes: null,
		Clients: enrolled.map(clientV6),
		Course: null,
		SemesterId: null,
		IsAvailable: enrollment.Active && enrollment.EndDate >= dateOf(call.now),
		Id: enrollment.Id,
		ClassDescription: description
			? descriptionV6(site, description, call.now)
			: {
					Active: enrollment.Active,
					Description: enrollment.Name,
					Id: null,
					Name: enrollment.Name,
					Program: programV6(program),
					Category: category?.Name ?? null,
					CategoryId: enrollment.ServiceCategoryId,
				},
		...dayFlags(enrollment.DaysOfWeek),
		AllowOpenEnrollment: settings?.AllowOpenEnrollment ?? false,
		AllowDateForwardEnrollment: settings?.AllowDateForwardEnrollment ?? false,
		...timesOfDay(enrollment),
		StartDate: `${enrollment.StartDate}T00:00:00`,
		EndDate: `${enrollment.EndDate}T00:00:00`,
		Staff: staffV6(site, byId(site.staff, enrollment.StaffId)),
		Location: locationV6(call, byId(site.locations, enrollment.LocationId)),
		FrequencyType: 'Weekly',
		FrequencyInterval: 1,
	};
}
