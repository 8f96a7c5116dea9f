import { DAY, dateOf, inclusiveEnd, startOfDay } from '../../data/dates';
import type { ClassInstance, Enrollment, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { byId } from '../views';
import { findClient } from './classAccess';
import {
	BOOKING_WINDOW_DAYS,
	classModifiedAt,
	classScheduleV6,
	classV6,
	clientV6,
	descriptionV6,
	isDescriptionActive,
	locationV6,
	programV6,
	staffV6,
	visibleTo,
	waitingEntriesOf,
} from './classViews';

/** The v6 reads of classes, descriptions, schedules, rosters, waiting lists, courses and semesters. */

const overlapsDays = (start: string, end: string, from?: number, to?: number) =>
	(from === undefined || end >= dateOf(from)) && (to === undefined || start <= dateOf(to));

const byStart = (a: ClassInstance, b: ClassInstance) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id;

/**
 * The window of GET /class/classes: startDateTime (default: today) to endDateTime (default: the
 * end of the start's day). Class ids without dates are found on any day.
 */
function classWindow(call: RestCall, start?: number, end?: number, ids?: number[]): [number, number] {
	if (start === undefined && end === undefined && ids?.length) return [-Infinity, Infinity];
	const from = start ?? startOfDay(call.now);
	const to = end !== undefined ? inclusiveEnd(end) : startOfDay(from) + DAY - 1;
	return [from, to];
}

/** GET /class/classes (rule 11): hidden classes to staff only, capacity per showsCapacity. */
function getClasses(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const ids = params.ints('request.classIds');
	const [from, to] = classWindow(call, params.time('request.startDateTime'), params.time('request.endDateTime'), ids);
	if (to < from) return v6Error(400, 'InvalidParameter', 'request.endDateTime lies before request.startDateTime.');
	const descriptionIds = params.ints('request.classDescriptionIds');
	const sessionTypeIds = params.ints('request.sessionTypeIds');
	const scheduleIds = params.ints('request.classScheduleIds');
	const staffIds = params.ints('request.staffIds');
	const locationIds = params.ints('request.locationIds');
	const programIds = params.ints('request.programIds');
	const semesterIds = params.ints('request.semesterIds');
	const modifiedSince = params.time('request.lastModifiedDate');
	const hideCanceled = params.bool('request.hideCanceledClasses') === true;
	const inWindow = params.bool('request.schedulingWindow') === true;
	const client = findClient(call, params.str('request.clientId'), params.int('request.uniqueClientId'));
	const rows = site.classes
		.filter((c) => {
			const start = Date.parse(c.StartDateTime);
			const description = byId(site.classDescriptions, c.ClassDescriptionId);
			return (
				visibleTo(call, c) &&
				start >= from &&
				start <= to &&
				(!ids || ids.includes(c.Id)) &&
				(!descriptionIds || descriptionIds.includes(c.ClassDescriptionId)) &&
				(!sessionTypeIds || sessionTypeIds.includes(c.ClassDescriptionId)) &&
				(!scheduleIds || scheduleIds.includes(c.ClassScheduleId)) &&
				(!staffIds || staffIds.includes(c.StaffId)) &&
				(!locationIds || locationIds.includes(c.LocationId)) &&
				(!programIds || (description !== undefined && programIds.includes(description.ProgramId))) &&
				// Classes are drop-in: they belong to no semester.
				(!semesterIds || semesterIds.length === 0) &&
				(!hideCanceled || !c.IsCanceled) &&
				(modifiedSince === undefined || Date.parse(classModifiedAt(call, c)) >= modifiedSince) &&
				(!inWindow || (call.now >= start - BOOKING_WINDOW_DAYS * DAY && call.now < start))
			);
		})
		.sort(byStart);
	return v6Page(
		call,
		'Classes',
		rows.map((c) => classV6(call, c, { clientId: client?.Id })),
	);
}

/**
 * GET /class/classdescriptions (rule 11): with a class date filter one object per class in the
 * range; otherwise one per description, active ones unless includeInactive.
 */
function getClassDescriptions(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const descriptionId = params.int('request.classDescriptionId');
	const programIds = params.ints('request.programIds');
	const staffId = params.int('request.staffId');
	const locationId = params.int('request.locationId');
	const includeInactive = params.bool('request.includeInactive') === true;
	const start = params.time('request.startClassDateTime');
	const end = params.time('request.endClassDateTime');
	const described = site.classDescriptions.filter(
		(d) =>
			(descriptionId === undefined || d.Id === descriptionId) &&
			(!programIds || programIds.includes(d.ProgramId)) &&
			(includeInactive || isDescriptionActive(site, d, call.now)),
	);
	if (start !== undefined || end !== undefined) {
		const to = end === undefined ? Infinity : inclusiveEnd(end);
		const rows = site.classes
			.filter((c) => {
				const at = Date.parse(c.StartDateTime);
				return (
					visibleTo(call, c) &&
					(start === undefined || at >= start) &&
					at <= to &&
					(staffId === undefined || c.StaffId === staffId) &&
					(locationId === undefined || c.LocationId === locationId) &&
					described.some((d) => d.Id === c.ClassDescriptionId)
				);
			})
			.sort(byStart)
			.map((c) => descriptionV6(site, byId(site.classDescriptions, c.ClassDescriptionId)!, call.now));
		return v6Page(call, 'ClassDescriptions', rows);
	}
	const rows = described.filter((d) => {
		const schedules = site.classSchedules.filter((s) => s.ClassDescriptionId === d.Id);
		return (
			(staffId === undefined || schedules.some((s) => s.StaffId === staffId)) &&
			(locationId === undefined || schedules.some((s) => s.LocationId === locationId))
		);
	});
	return v6Page(
		call,
		'ClassDescriptions',
		rows.map((d) => descriptionV6(site, d, call.now)),
	);
}

/** GET /class/classschedules: schedules running in the date range, by the document's filters. */
function getClassSchedules(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const ids = params.ints('request.classScheduleIds');
	const locationIds = params.ints('request.locationIds');
	const programIds = params.ints('request.programIds');
	const sessionTypeIds = params.ints('request.sessionTypeIds');
	const staffIds = params.ints('request.staffIds');
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const rows = site.classSchedules.filter((s) => {
		const description = byId(site.classDescriptions, s.ClassDescriptionId);
		return (
			(!ids || ids.includes(s.Id)) &&
			(!locationIds || locationIds.includes(s.LocationId)) &&
			(!programIds || (description !== undefined && programIds.includes(description.ProgramId))) &&
			(!sessionTypeIds || sessionTypeIds.includes(s.ClassDescriptionId)) &&
			(!staffIds || staffIds.includes(s.StaffId)) &&
			overlapsDays(s.StartDate, s.EndDate, from, to)
		);
	});
	return v6Page(
		call,
		'ClassSchedules',
		rows.map((s) => classScheduleV6(call, s)),
	);
}

/** GET /class/classvisits: the class with its roster (visits changed since lastModifiedDate). */
function getClassVisits(call: RestCall): SandboxResponse {
	const id = call.params.int('request.classID')!;
	const instance = byId(call.site.classes, id);
	if (!instance || !visibleTo(call, instance)) return v6Error(404, 'ClassNotFound', `Class ${id} was not found.`);
	return v6Json({
		Class: classV6(call, instance, { visits: true, visitsSince: call.params.time('request.lastModifiedDate') }),
	});
}

/** GET /class/waitlistentries: who waits for which class, in the order they asked. */
function getWaitlistEntries(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const classIds = params.ints('request.classIds');
	const scheduleIds = params.ints('request.classScheduleIds');
	const clientIds = params.strs('request.clientIds');
	const entryIds = params.ints('request.waitlistEntryIds');
	const hidePast = params.bool('request.hidePastEntries') === true;
	const rows = site.classRecords.waitlist
		.filter((w) => w.Status === 'Waiting')
		.map((w) => ({ entry: w, instance: byId(site.classes, w.ClassId)!, client: byId(site.clients, w.ClientId)! }))
		.filter(
			({ entry, instance, client }) =>
				instance &&
				client &&
				visibleTo(call, instance) &&
				(!classIds || classIds.includes(instance.Id)) &&
				(!scheduleIds || scheduleIds.includes(instance.ClassScheduleId)) &&
				(!clientIds || clientIds.includes(client.ClientId)) &&
				(!entryIds || entryIds.includes(entry.Id)) &&
				(!hidePast || Date.parse(instance.StartDateTime) >= call.now),
		)
		.sort((a, b) => byStart(a.instance, b.instance) || a.entry.RequestDateTime.localeCompare(b.entry.RequestDateTime));
	return v6Page(
		call,
		'WaitlistEntries',
		rows.map(({ entry, instance, client }) => ({
			ClassDate: instance.StartDateTime,
			ClassId: instance.Id,
			ClassSchedule: classScheduleOf(call, instance),
			Client: clientV6(client),
			EnrollmentDateForward: null,
			Id: entry.Id,
			RequestDateTime: entry.RequestDateTime,
			VisitRefNo: null,
			Web: entry.Web,
		})),
	);
}

const classScheduleOf = (call: RestCall, instance: ClassInstance) => {
	const schedule = byId(call.site.classSchedules, instance.ClassScheduleId);
	return schedule ? classScheduleV6(call, schedule) : null;
};

/** The order number of an entry on its class's waiting list (1 is next). */
export const waitlistOrderOf = (site: SiteData, entryId: number, classId: number) =>
	waitingEntriesOf(site, classId).findIndex((w) => w.Id === entryId) + 1;

/**
 * Semesters: spring (January–April), summer (May–August) and autumn (September–December) of the
 * clock's start year and the next, ids 1–6.
 */
export function semestersOf(anchor: number) {
	const year = new Date(anchor).getUTCFullYear();
	const parts = [
		['Spring', '01-01', '04-30'],
		['Summer', '05-01', '08-31'],
		['Autumn', '09-01', '12-31'],
	];
	return [year, year + 1].flatMap((y, yearIndex) =>
		parts.map(([name, start, end], index) => ({
			Id: yearIndex * 3 + index + 1,
			Name: `${name} ${y}`,
			Description: `${name} term ${y}`,
			StartDate: `${y}-${start}`,
			EndDate: `${y}-${end}`,
		})),
	);
}

const semesterOfDate = (anchor: number, date: string) =>
	semestersOf(anchor).find((s) => s.StartDate <= date && date <= s.EndDate)?.Id ?? null;

/** GET /class/semesters. */
function getSemesters(call: RestCall): SandboxResponse {
	const { params } = call;
	const ids = params.ints('request.semesterIDs');
	const active = params.bool('request.active');
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const today = dateOf(call.now);
	const rows = semestersOf(call.store.anchor)
		.map((s) => ({ ...s, Active: s.EndDate >= today }))
		.filter(
			(s) =>
				(!ids || ids.includes(s.Id)) &&
				(active === undefined || s.Active === active) &&
				overlapsDays(s.StartDate, s.EndDate, from, to),
		)
		.map((s) => ({
			Id: s.Id,
			Name: s.Name,
			Description: s.Description,
			StartDate: `${s.StartDate}T00:00:00`,
			EndDate: `${s.EndDate}T00:00:00`,
			MultiRegistrationDiscount: 0,
			MultiRegistrationDeadline: `${s.StartDate}T00:00:00`,
			Active: s.Active,
		}));
	return v6Page(call, 'Semesters', rows);
}

/** A course is an enrollment seen as a course: its semester is the one it starts in. */
function courseV6(call: RestCall, enrollment: Enrollment) {
	const { site } = call;
	const settings = site.classRecords.enrollmentSettings[enrollment.Id];
	return {
		Id: enrollment.Id,
		Name: enrollment.Name,
		Description: `${enrollment.Name} (${enrollment.StartDate} to ${enrollment.EndDate})`,
		Notes: settings?.Notes ?? '',
		StartDate: `${enrollment.StartDate}T00:00:00`,
		EndDate: `${enrollment.EndDate}T00:00:00`,
		Location: locationV6(call, byId(site.locations, enrollment.LocationId)),
		Organizer: staffV6(site, byId(site.staff, enrollment.StaffId)),
		Program: programV6(byId(site.programs, enrollment.ProgramId)),
		ImageUrl: null,
	};
}

/** GET /class/courses: enrollments as courses (paged by getCoursesRequest.limit / offset). */
function getCourses(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const ids = params.ints('getCoursesRequest.courseIDs');
	const locationIds = params.ints('getCoursesRequest.locationIDs');
	const programIds = params.ints('getCoursesRequest.programIDs');
	const semesterIds = params.ints('getCoursesRequest.semesterIDs');
	const staffIds = params.ints('getCoursesRequest.staffIDs');
	const from = params.time('getCoursesRequest.startDate');
	const to = params.time('getCoursesRequest.endDate');
	const rows = site.enrollments.filter(
		(e) =>
			(e.Active || isStaff(call)) &&
			(!ids || ids.includes(e.Id)) &&
			(!locationIds || locationIds.includes(e.LocationId)) &&
			(!programIds || programIds.includes(e.ProgramId)) &&
			(!semesterIds || semesterIds.includes(semesterOfDate(call.store.anchor, e.StartDate) ?? -1)) &&
			(!staffIds || staffIds.includes(e.StaffId)) &&
			overlapsDays(e.StartDate, e.EndDate, from, to),
	);
	return v6Page(
		call,
		'Courses',
		rows.map((e) => courseV6(call, e)),
	);
}

export const classReadHandlers = {
	GetClasses: getClasses,
	GetClassDescriptions: getClassDescriptions,
	GetClassSchedules: getClassSchedules,
	GetClassVisits: getClassVisits,
	GetWaitlistEntries: getWaitlistEntries,
	GetSemesters: getSemesters,
	GetCourses: getCourses,
};
