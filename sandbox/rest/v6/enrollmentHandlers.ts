import type { EnrollmentBooking } from '../../data/classRecords';
import { DAY, dateOf, inclusiveEnd, isoAt, startOfDay } from '../../data/dates';
import { meetingsOf } from '../../data/meetings';
import { localDateOf } from '../../data/zones';
import { takeRecordId } from '../../data/records';
import type { ClientService, Enrollment, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { emailClient } from '../events';
import { byId } from '../views';
import { PERMISSION_MESSAGES, bodyOf, clientNotFound, findClient, isTest, requireStaff, staffMay } from './classAccess';
import { emitEnrollmentSchedule } from './classEvents';
import { ADD_DEFAULTS, isFields, nextClassId, readScheduleFields, readSettings } from './classScheduling';
import { enrollmentV6, scheduleSettingsOf } from './classViews';

/**
 * The v6 enrollment calls on site.enrollments (shared with GET /Business/Schedules/Enrollments):
 * the list, enrollment schedules (classSchedule.created / .updated: an enrollment is a class
 * schedule of an enrollment program), and enrolling clients (rule 6's unpaid reservation).
 */

/**
 * GET /enrollment/enrollments: enrollments running between startDate (default today) and endDate
 * (default the start day); inactive ones only to staff.
 */
function search(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const from = startOfDay(params.time('request.startDate') ?? call.now);
	const end = params.time('request.endDate');
	const to = end === undefined ? from + DAY - 1 : inclusiveEnd(end);
	if (to < from) return v6Error(400, 'InvalidParameter', 'request.endDate lies before request.startDate.');
	const ids = params.ints('request.classScheduleIds');
	const locationIds = params.ints('request.locationIds');
	const programIds = params.ints('request.programIds');
	const sessionTypeIds = params.ints('request.sessionTypeIds');
	const staffIds = params.ints('request.staffIds');
	const rows = site.enrollments.filter(
		(e) =>
			(e.Active || isStaff(call)) &&
			e.StartDate <= dateOf(to) &&
			dateOf(from) <= e.EndDate &&
			(!ids || ids.includes(e.Id)) &&
			(!locationIds || locationIds.includes(e.LocationId)) &&
			(!programIds || programIds.includes(e.ProgramId)) &&
			(!sessionTypeIds ||
				sessionTypeIds.includes(site.classRecords.enrollmentSettings[e.Id]?.ClassDescriptionId ?? -1)) &&
			(!staffIds || staffIds.includes(e.StaffId)),
	);
	return v6Page(
		call,
		'Enrollments',
		rows.map((e) => enrollmentV6(call, e)),
	);
}

const settingsOf = (site: SiteData, id: number) =>
	site.classRecords.enrollmentSettings[id] ?? { ...scheduleSettingsOf(site, -1), WaitlistCapacity: 0 };

/**
 * The enrollment's sessions from `fromDay` on, after a change: a day still scheduled keeps its
 * session (and id), a new day gets one, a day no longer scheduled loses its own.
 */
function sessionIdsFrom(site: SiteData, enrollment: Enrollment, fromDay: string): number[] {
	const records = site.classRecords;
	const days = new Set(meetingsOf(enrollment, site.settings.TimeZone, fromDay).map((meeting) => meeting.date));
	records.enrollmentSessions = records.enrollmentSessions.filter(
		(session) => session.EnrollmentId !== enrollment.Id || session.Date < fromDay || days.has(session.Date),
	);
	const held = new Set(records.enrollmentSessions.filter((s) => s.EnrollmentId === enrollment.Id).map((s) => s.Date));
	for (const date of days) {
		if (!held.has(date))
			records.enrollmentSessions.push({ Id: nextClassId(site), EnrollmentId: enrollment.Id, Date: date });
	}
	return records.enrollmentSessions
		.filter((session) => session.EnrollmentId === enrollment.Id && session.Date >= fromDay)
		.sort((a, b) => a.Date.localeCompare(b.Date))
		.map((session) => session.Id);
}

/** POST /enrollment/addenrollmentschedule: a new enrollment from a class description, and its sessions. */
function createSchedule(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const fields = readScheduleFields(site, body, { ...ADD_DEFAULTS, MaxCapacity: 20 });
	if (!isFields(fields)) return fields;
	if (isTest(call)) return v6Json({ ClassId: null, ClassInstanceIds: [] });
	const description = byId(site.classDescriptions, fields.ClassDescriptionId)!;
	const enrollment: Enrollment = {
		Id: takeRecordId(site.classRecords, 'enrollments', Math.max(700, ...site.enrollments.map((e) => e.Id))),
		Name: description.Name,
		ProgramId: description.ProgramId,
		ServiceCategoryId: description.CategoryId,
		LocationId: fields.LocationId,
		StaffId: fields.StaffId,
		StartDate: fields.StartDate,
		EndDate: fields.EndDate,
		StartTime: fields.StartTime,
		EndTime: fields.EndTime,
		DaysOfWeek: fields.DaysOfWeek,
		Capacity: fields.MaxCapacity,
		TotalBooked: 0,
		Active: body.ShowToPublic !== false,
	};
	site.enrollments.push(enrollment);
	site.classRecords.enrollmentSettings[enrollment.Id] = {
		...readSettings(body, settingsOf(site, enrollment.Id)),
		ClassDescriptionId: description.Id,
	};
	const sessions = sessionIdsFrom(site, enrollment, enrollment.StartDate);
	emitEnrollmentSchedule(call, 'created', enrollment);
	return v6Json({ ClassId: enrollment.Id, ClassInstanceIds: sessions });
}

/** POST /enrollment/updateenrollmentschedule: ClassId names the enrollment; its sessions from today on follow. */
function updateSchedule(call: RestCall): SandboxResponse {
	const refused = requireStaff(call, 'ManageClassSchedules');
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	if (typeof body.ClassId !== 'number') return v6Error(400, 'MissingRequiredFields', 'ClassId is required.');
	const enrollment = byId(site.enrollments, body.ClassId);
	if (!enrollment) return v6Error(404, 'EnrollmentNotFound', `Enrollment ${body.ClassId} was not found.`);
	const settings = settingsOf(site, enrollment.Id);
	const descriptionId =
		settings.ClassDescriptionId ??
		site.classDescriptions.find((d) => d.ProgramId === enrollment.ProgramId)?.Id ??
		site.classDescriptions[0].Id;
	const fields = readScheduleFields(site, body, {
		...enrollment,
		ClassDescriptionId: descriptionId,
		MaxCapacity: enrollment.Capacity,
		WebCapacity: enrollment.Capacity,
	});
	if (!isFields(fields)) return fields;
	if (isTest(call)) return v6Json({ ClassId: enrollment.Id, ClassInstanceIds: [] });
	const description = byId(site.classDescriptions, fields.ClassDescriptionId)!;
	if (body.ClassDescriptionId !== undefined && body.ClassDescriptionId !== null) {
		enrollment.Name = description.Name;
		enrollment.ProgramId = description.ProgramId;
		enrollment.ServiceCategoryId = description.CategoryId;
	}
	Object.assign(enrollment, {
		LocationId: fields.LocationId,
		StaffId: fields.StaffId,
		StartDate: fields.StartDate,
		EndDate: fields.EndDate,
		StartTime: fields.StartTime,
		EndTime: fields.EndTime,
		DaysOfWeek: fields.DaysOfWeek,
		Capacity: fields.MaxCapacity,
	});
	site.classRecords.enrollmentSettings[enrollment.Id] = {
		...readSettings(body, settings),
		ClassDescriptionId: fields.ClassDescriptionId,
	};
	const sessions = sessionIdsFrom(site, enrollment, localDateOf(site.settings.TimeZone, call.now));
	emitEnrollmentSchedule(call, 'updated', enrollment);
	return v6Json({ ClassId: enrollment.Id, ClassInstanceIds: sessions });
}

/** A pricing option of the client for the enrollment's program, valid on the day it starts for them. */
function payingService(site: SiteData, clientId: number, enrollment: Enrollment, day: string) {
	return site.clientServices.find(
		(s: ClientService) =>
			s.ClientId === clientId &&
			s.ProgramId === enrollment.ProgramId &&
			s.LocationIds.includes(enrollment.LocationId) &&
			s.Remaining > 0 &&
			s.ActiveDate <= day &&
			day <= s.ExpirationDate,
	);
}

/**
 * POST /enrollment/addclienttoenrollment: enrolls a client (whole enrollment, from
 * EnrollDateForward, or the EnrollOpen days). Without a pricing option for it the booking is an
 * unpaid reservation: it needs a staff token holding MakeUnpaidReservation (rule 6).
 */
function addClient(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = bodyOf(call);
	const client = findClient(call, body.ClientId);
	if (!client) return clientNotFound(body.ClientId);
	if (call.user?.Type === 'Consumer' && call.user.UserId !== client.Id) {
		return v6Error(403, 'PermissionDenied', 'A consumer user token acts only for its own client.');
	}
	const enrollment = byId(site.enrollments, body.ClassScheduleId as number);
	if (!enrollment || (!enrollment.Active && !isStaff(call))) {
		return v6Error(404, 'EnrollmentNotFound', `Enrollment ${String(body.ClassScheduleId)} was not found.`);
	}
	const bookings = site.classRecords.enrollmentBookings;
	if (bookings.some((b) => b.EnrollmentId === enrollment.Id && b.ClientId === client.Id)) {
		return v6Error(400, 'ClientAlreadyEnrolled', `Client ${client.ClientId} is already enrolled in ${enrollment.Id}.`);
	}
	if (enrollment.TotalBooked >= enrollment.Capacity) {
		return v6Error(400, 'EnrollmentFull', `Enrollment ${enrollment.Id} is full.`);
	}
	const forward = typeof body.EnrollDateForward === 'string' ? body.EnrollDateForward.slice(0, 10) : null;
	const open = Array.isArray(body.EnrollOpen) ? (body.EnrollOpen as string[]).map((d) => d.slice(0, 10)) : [];
	const outside = [forward, ...open].find((d) => d !== null && (d < enrollment.StartDate || d > enrollment.EndDate));
	if (outside) return v6Error(400, 'InvalidParameter', `${outside} lies outside enrollment ${enrollment.Id}.`);
	const firstDay = [...open].sort()[0] ?? forward ?? enrollment.StartDate;
	const service = payingService(site, client.Id, enrollment, firstDay);
	if (!service && !staffMay(call, 'MakeUnpaidReservation')) {
		return v6Error(403, 'PermissionDenied', PERMISSION_MESSAGES.MakeUnpaidReservation);
	}
	if (isTest(call)) return v6Json(enrollmentV6(call, enrollment));
	const booking: EnrollmentBooking = {
		Id: takeRecordId(site.classRecords, 'enrollmentBookings'),
		EnrollmentId: enrollment.Id,
		ClientId: client.Id,
		ClientServiceId: service?.Id ?? null,
		BookedAt: isoAt(call.now),
		EnrollDateForward: forward,
		OpenDates: open,
	};
	bookings.push(booking);
	if (service) service.Remaining -= 1;
	enrollment.TotalBooked += 1;
	if (body.SendEmail === true) {
		emailClient(call, client.Id, 'enrollment.booked', 'You are enrolled', { enrollmentId: enrollment.Id });
	}
	return v6Json(enrollmentV6(call, enrollment));
}

export const enrollmentV6Handlers = {
	GetEnrollments: search,
	AddEnrollmentSchedule: createSchedule,
	UpdateEnrollmentSchedule: updateSchedule,
	AddClientToEnrollment: addClient,
};
