import { DAY_NAMES, dayName, isoAt, minutesOf, overlaps, parseWhen } from '../../data/dates';
import { meetingOn, meetingsOf, type WeeklyTimes } from '../../data/meetings';
import { localDateOf, wallClock } from '../../data/zones';
import { takeRecordId } from '../../data/records';
import type { ClassInstance, ClassSchedule, SiteData } from '../../data/types';
import type { ScheduleSettings } from '../../data/classRecords';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { noContent, sendEmail, type RestCall } from '../call';
import { emailClient } from '../events';
import { byId } from '../views';
import { bodyOf, isTest, requireStaff } from './classAccess';
import { cancelClassVisit, leaveWaitlist } from './classBooking';
import { emitClassSchedule, emitClassUpdated } from './classEvents';
import { classNotFound } from './classRoster';
import {
	activeVisitsOf,
	classV6,
	daysOf,
	hasDayFlags,
	pickFields,
	scheduleSettingsOf,
	touchClass,
	waitingEntriesOf,
} from './classViews';

/**
 * Cancelling a class and substituting its teacher (class.updated), and class schedules: adding,
 * updating (rule 13) and their notes (classSchedule.created / .updated). Changing a schedule or
 * a class needs a staff token holding ManageClassSchedules; cancelling also CancelReservations.
 */

/** POST /class/cancelsingleclass (rule 1): both permissions are checked before anything changes. */
function cancelClass(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules', 'CancelReservations');
	if (refused) return refused;
	const body = bodyOf(call);
	if (typeof body.ClassID !== 'number') return v6Error(400, 'MissingRequiredFields', 'ClassID is required.');
	const instance = byId(call.site.classes, body.ClassID);
	if (!instance) return classNotFound(body.ClassID);
	if (instance.IsCanceled) return v6Error(400, 'ClassAlreadyCancelled', `Class ${instance.Id} is already cancelled.`);
	const { site } = call;
	const roster = activeVisitsOf(site, instance.Id);
	for (const visit of roster) cancelClassVisit(call, visit, false);
	for (const entry of waitingEntriesOf(site, instance.Id)) leaveWaitlist(call, entry, 'Removed');
	instance.IsCanceled = true;
	instance.TotalBooked = 0;
	instance.TotalWebBooked = 0;
	instance.TotalBookedWaitlist = 0;
	touchClass(call, instance.Id, true);
	site.classRecords.classChanges[instance.Id].HideCancel = body.HideCancel === true;
	const detail = { classId: instance.Id, startDateTime: instance.StartDateTime };
	if (body.SendClientEmail === true) {
		for (const visit of roster) emailClient(call, visit.ClientId, 'class.cancelled', 'Your class is cancelled', detail);
	}
	const staff = byId(site.staff, instance.StaffId);
	if (body.SendStaffEmail === true && staff)
		sendEmail(call, staff.Email, 'class.cancelled', 'Your class is cancelled', detail);
	emitClassUpdated(call, instance);
	return v6Json({ Class: classV6(call, instance) });
}

const classesOfStaff = (site: SiteData, staffId: number) =>
	site.classes.filter((c) => c.StaffId === staffId && !c.IsCanceled);

/** What else the staff member teaches or sees at the class's time. */
function staffConflict(site: SiteData, instance: ClassInstance, staffId: number): string | undefined {
	const start = Date.parse(instance.StartDateTime);
	const end = Date.parse(instance.EndDateTime);
	const clash = classesOfStaff(site, staffId).find(
		(c) => c.Id !== instance.Id && overlaps(start, end, Date.parse(c.StartDateTime), Date.parse(c.EndDateTime)),
	);
	if (clash) return `Staff member ${staffId} teaches class ${clash.Id} at that time.`;
	const appointment = site.appointments.find(
		(a) =>
			a.StaffId === staffId &&
			a.Status !== 'Cancelled' &&
			overlaps(start, end, Date.parse(a.StartDateTime), Date.parse(a.EndDateTime)),
	);
	return appointment ? `Staff member ${staffId} has appointment ${appointment.Id} at that time.` : undefined;
}

/** POST /class/substituteclassteacher: another teacher for one class; conflicts unless overridden. */
function substituteTeacher(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const instance = byId(site.classes, body.ClassId as number);
	if (!instance) return classNotFound(body.ClassId);
	if (instance.IsCanceled) return v6Error(400, 'ClassCancelled', `Class ${instance.Id} is cancelled.`);
	const staff = byId(site.staff, body.StaffId as number);
	if (!staff || !staff.Active)
		return v6Error(404, 'StaffNotFound', `Staff member ${String(body.StaffId)} was not found.`);
	const conflict = staffConflict(site, instance, staff.Id);
	if (conflict && body.OverrideConflicts !== true) return v6Error(400, 'StaffConflict', conflict);
	const original = byId(site.staff, instance.StaffId);
	const schedule = byId(site.classSchedules, instance.ClassScheduleId);
	instance.StaffId = staff.Id;
	instance.IsSubstitute = staff.Id !== schedule?.StaffId;
	touchClass(call, instance.Id, true);
	const detail = { classId: instance.Id, startDateTime: instance.StartDateTime, staffId: staff.Id };
	if (body.SendClientEmail === true) {
		for (const visit of activeVisitsOf(site, instance.Id)) {
			emailClient(call, visit.ClientId, 'class.substitute', 'Your class has a substitute teacher', detail);
		}
	}
	if (body.SendOriginalTeacherEmail === true && original) {
		sendEmail(call, original.Email, 'class.substitute', 'A substitute teaches your class', detail);
	}
	if (body.SendSubstituteTeacherEmail === true) {
		sendEmail(call, staff.Email, 'class.substitute', 'You substitute in a class', detail);
	}
	emitClassUpdated(call, instance);
	return v6Json({ Class: pickFields('SubstituteTeacherClass', classV6(call, instance)) });
}

/** `…T09:30:00` → 09:30:00; undefined when the value holds no time of day. */
export function timeOfDay(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const match = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
	return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : undefined;
}

const dayOfValue = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : undefined);

/** The fields a class or enrollment schedule body sets, read and checked. */
export interface ScheduleFields extends WeeklyTimes {
	ClassDescriptionId: number;
	LocationId: number;
	StaffId: number;
	MaxCapacity: number;
	WebCapacity: number;
}

const DAY_FLAGS = DAY_NAMES.map((day) => `Day${day}`).join(', ');

/**
 * A schedule body over `base`: the schedule's fields in an update, where day flags change single
 * days; an add's defaults otherwise (EndDate its StartDate; without day flags it meets on the
 * start's weekday). StartTime null, or left out of an add, is a time to be decided, and EndTime
 * is then ignored.
 */
export function readScheduleFields(
	site: SiteData,
	body: Record<string, unknown>,
	base: Partial<ScheduleFields> & Pick<WeeklyTimes, 'StartTime' | 'EndTime'>,
): ScheduleFields | SandboxResponse {
	const startTime = body.StartTime === null ? null : (timeOfDay(body.StartTime) ?? base.StartTime);
	const startDate = dayOfValue(body.StartDate) ?? base.StartDate;
	const adding = base.DaysOfWeek === undefined;
	const startDay = startDate && !Number.isNaN(parseWhen(startDate)) ? [dayName(parseWhen(startDate))] : undefined;
	const value = {
		ClassDescriptionId: (body.ClassDescriptionId as number | undefined) ?? base.ClassDescriptionId,
		LocationId: (body.LocationId as number | undefined) ?? base.LocationId,
		StaffId: (body.StaffId as number | undefined) ?? base.StaffId,
		StartDate: startDate,
		EndDate: dayOfValue(body.EndDate) ?? base.EndDate ?? startDate,
		StartTime: startTime,
		EndTime: startTime === null ? null : (timeOfDay(body.EndTime) ?? base.EndTime),
		DaysOfWeek: adding && !hasDayFlags(body) ? startDay : daysOf(body, base.DaysOfWeek ?? []),
		MaxCapacity: (body.MaxCapacity as number | undefined) ?? base.MaxCapacity,
		WebCapacity: (body.WebCapacity as number | undefined) ?? base.WebCapacity,
	};
	// WebCapacity follows MaxCapacity, EndDate and the days StartDate; a time of day needs its end.
	if (value.WebCapacity === undefined) value.WebCapacity = value.MaxCapacity;
	const follows = ['WebCapacity', 'EndDate', 'DaysOfWeek'];
	const missing = Object.entries(value)
		.filter(([name, v]) => v === undefined || (name === 'EndTime' && v === null && startTime !== null))
		.filter(([name]) => !follows.includes(name))
		.map(([name]) => name);
	if (missing.length) {
		return v6Error(
			400,
			'MissingRequiredFields',
			`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required.`,
		);
	}
	const fields = value as ScheduleFields;
	const invalid = (message: string) => v6Error(400, 'InvalidParameter', message);
	if (!byId(site.classDescriptions, fields.ClassDescriptionId)) {
		return invalid(`Class description ${fields.ClassDescriptionId} was not found.`);
	}
	const location = byId(site.locations, fields.LocationId);
	if (!location || !location.Active) return invalid(`Location ${fields.LocationId} was not found.`);
	const staff = byId(site.staff, fields.StaffId);
	if (!staff || !staff.Active) return invalid(`Staff member ${fields.StaffId} was not found.`);
	if (Number.isNaN(parseWhen(fields.StartDate)) || Number.isNaN(parseWhen(fields.EndDate))) {
		return invalid('StartDate and EndDate must be dates.');
	}
	if (fields.EndDate < fields.StartDate) return invalid('EndDate lies before StartDate.');
	if (fields.StartTime !== null && minutesOf(fields.EndTime!) <= minutesOf(fields.StartTime)) {
		return invalid('EndTime must come after StartTime.');
	}
	if (!fields.DaysOfWeek.length) return invalid(`At least one of ${DAY_FLAGS} must be true.`);
	if (fields.MaxCapacity < 1) return invalid('MaxCapacity must be at least 1.');
	if (fields.WebCapacity < 0 || fields.WebCapacity > fields.MaxCapacity) {
		return invalid('WebCapacity must lie between 0 and MaxCapacity.');
	}
	return fields;
}

/** An add starts from nothing: no days, and a time to be decided. */
export const ADD_DEFAULTS = { StartTime: null, EndTime: null } as const;

export const isFields = (value: ScheduleFields | SandboxResponse): value is ScheduleFields => !('status' in value);

/** The v6 settings a schedule body carries, over the schedule's current ones. */
export function readSettings(body: Record<string, unknown>, base: ScheduleSettings): ScheduleSettings {
	const pick = <K extends keyof ScheduleSettings>(name: K): ScheduleSettings[K] =>
		body[name] === undefined || body[name] === null ? base[name] : (body[name] as ScheduleSettings[K]);
	const status = String(body.BookingStatus ?? base.BookingStatus);
	return {
		WaitlistCapacity: pick('WaitlistCapacity'),
		BookingStatus:
			(['PaymentRequired', 'BookAndPayLater', 'Free'] as const).find((s) => s.toLowerCase() === status.toLowerCase()) ??
			base.BookingStatus,
		ResourceId: pick('ResourceId'),
		AllowOpenEnrollment: pick('AllowOpenEnrollment'),
		AllowDateForwardEnrollment: pick('AllowDateForwardEnrollment'),
		PricingOptionsProductIds: pick('PricingOptionsProductIds'),
		StaffPayRate: pick('StaffPayRate'),
		ClassDescriptionId: base.ClassDescriptionId,
		Notes: base.Notes,
	};
}

/** The next class id; enrollment sessions draw from it too, so no two share one. */
export const nextClassId = (site: SiteData) =>
	takeRecordId(site.classRecords, 'classes', Math.max(5000, ...site.classes.map((c) => c.Id)));

/** The classes a schedule has on its days from `fromDay` on that it has no class on yet. */
function newInstances(site: SiteData, schedule: ClassSchedule, fromDay: string, hidden: boolean): ClassInstance[] {
	const made: ClassInstance[] = [];
	const zone = site.settings.TimeZone;
	for (const meeting of meetingsOf(schedule, zone, fromDay)) {
		const held = (c: ClassInstance) => localDateOf(zone, Date.parse(c.StartDateTime)) === meeting.date;
		if (site.classes.some((c) => c.ClassScheduleId === schedule.Id && held(c))) continue;
		const id = nextClassId(site);
		const instance: ClassInstance = {
			Id: id,
			ClassScheduleId: schedule.Id,
			ClassDescriptionId: schedule.ClassDescriptionId,
			LocationId: schedule.LocationId,
			StaffId: schedule.StaffId,
			StartDateTime: isoAt(meeting.start),
			EndDateTime: isoAt(meeting.end),
			MaxCapacity: schedule.MaxCapacity,
			WebCapacity: schedule.WebCapacity,
			TotalBooked: 0,
			TotalBookedWaitlist: 0,
			TotalWebBooked: 0,
			IsCanceled: false,
			IsSubstitute: false,
			Hidden: hidden,
			ContentFormat: schedule.ContentFormat,
			StreamLink:
				schedule.ContentFormat === 'LiveStream:Mindbody-hosted' ? `https://stream.sandbox.example/classes/${id}` : null,
		};
		site.classes.push(instance);
		made.push(instance);
	}
	return made;
}

/** POST /class/addclassschedule: a schedule and its classes; classSchedule.created. */
function addClassSchedule(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const fields = readScheduleFields(site, body, ADD_DEFAULTS);
	if (!isFields(fields)) return fields;
	if (isTest(call)) return v6Json({ ClassId: null, ClassInstanceIds: [] });
	const description = byId(site.classDescriptions, fields.ClassDescriptionId)!;
	const program = byId(site.programs, description.ProgramId);
	const schedule: ClassSchedule = {
		Id: takeRecordId(site.classRecords, 'classSchedules', Math.max(400, ...site.classSchedules.map((s) => s.Id))),
		...fields,
		ContentFormat: program?.ContentFormats[0] ?? 'InPerson',
		IsActive: true,
	};
	site.classSchedules.push(schedule);
	site.classRecords.scheduleSettings[schedule.Id] = readSettings(body, scheduleSettingsOf(site, schedule.Id));
	const made = newInstances(site, schedule, schedule.StartDate, body.ShowToPublic === false);
	emitClassSchedule(call, 'created', schedule);
	return v6Json({ ClassId: schedule.Id, ClassInstanceIds: made.map((c) => c.Id) });
}

/**
 * POST /class/updateclassschedule (rule 13). ClassId names the schedule. Its classes from now
 * on follow the new fields; between StartDate and EndDate, RetainScheduleChanges true keeps a
 * class's manual changes (substitute teacher, cancellation), false undoes them. Capacities
 * (WebCapacity too) change on every class from now on. Days no longer scheduled lose their
 * classes unless booked; new days and a later EndDate add classes. classSchedule.updated.
 */
function updateClassSchedule(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	if (typeof body.ClassId !== 'number') return v6Error(400, 'MissingRequiredFields', 'ClassId is required.');
	const schedule = byId(site.classSchedules, body.ClassId);
	if (!schedule) return v6Error(404, 'ClassScheduleNotFound', `Class schedule ${body.ClassId} was not found.`);
	const fields = readScheduleFields(site, body, schedule);
	if (!isFields(fields)) return fields;
	if (isTest(call)) return v6Json({ ClassId: schedule.Id, ClassInstanceIds: [] });
	Object.assign(schedule, fields);
	site.classRecords.scheduleSettings[schedule.Id] = readSettings(body, scheduleSettingsOf(site, schedule.Id));
	const retain = body.RetainScheduleChanges === true;
	const zone = site.settings.TimeZone;
	const ahead = site.classes.filter(
		(c) => c.ClassScheduleId === schedule.Id && Date.parse(c.StartDateTime) >= call.now,
	);
	for (const instance of ahead) {
		const start = Date.parse(instance.StartDateTime);
		const day = localDateOf(zone, start);
		const scheduled =
			schedule.StartDate <= day &&
			day <= schedule.EndDate &&
			schedule.DaysOfWeek.includes(dayName(wallClock(zone, start)));
		const booked = activeVisitsOf(site, instance.Id).length > 0 || waitingEntriesOf(site, instance.Id).length > 0;
		if (!scheduled) {
			if (!booked) site.classes.splice(site.classes.indexOf(instance), 1);
			continue;
		}
		const meeting = meetingOn(schedule, day, zone);
		instance.ClassDescriptionId = schedule.ClassDescriptionId;
		instance.LocationId = schedule.LocationId;
		instance.StartDateTime = isoAt(meeting.start);
		instance.EndDateTime = isoAt(meeting.end);
		instance.MaxCapacity = schedule.MaxCapacity;
		instance.WebCapacity = schedule.WebCapacity;
		const change = site.classRecords.classChanges[instance.Id];
		if (!(retain && change?.Manual)) {
			instance.StaffId = schedule.StaffId;
			instance.IsSubstitute = false;
			instance.IsCanceled = false;
			if (change) {
				change.Manual = false;
				change.HideCancel = false;
			}
		}
		touchClass(call, instance.Id);
	}
	newInstances(site, schedule, localDateOf(zone, call.now), false);
	const ids = site.classes
		.filter((c) => c.ClassScheduleId === schedule.Id && Date.parse(c.StartDateTime) >= call.now)
		.map((c) => c.Id);
	emitClassSchedule(call, 'updated', schedule);
	return v6Json({ ClassId: schedule.Id, ClassInstanceIds: ids });
}

/** PATCH /class/updateclassschedulenotes/{classScheduleId}: the notes its classes show. */
function updateClassScheduleNotes(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const id = call.params.int('classScheduleId')!;
	const schedule = byId(site.classSchedules, id);
	if (!schedule) return v6Error(404, 'ClassScheduleNotFound', `Class schedule ${id} was not found.`);
	const settings = scheduleSettingsOf(site, id);
	site.classRecords.scheduleSettings[id] = { ...settings, Notes: String(bodyOf(call).Notes ?? '') };
	for (const instance of site.classes.filter(
		(c) => c.ClassScheduleId === id && Date.parse(c.EndDateTime) >= call.now,
	)) {
		touchClass(call, instance.Id);
	}
	return noContent(204);
}

export const classSchedulingHandlers = {
	CancelSingleClass: cancelClass,
	SubstituteClassTeacher: substituteTeacher,
	AddClassSchedule: addClassSchedule,
	UpdateClassSchedule: updateClassSchedule,
	UpdateClassScheduleNotes: updateClassScheduleNotes,
};
