import type { SandboxResponse } from '../../context';
import { dateOf, dayName, minutesOf, startOfDay } from '../../data/dates';
import type { SiteData, Staff } from '../../data/types';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { missing, staffNotFound } from './clientAccess';
import { wallClock } from '../../data/zones';
import {
	permissionGroupView,
	staffSessionTypeViews,
	staffV6View,
	takesAppointments,
	teachesClasses,
} from './staffViews';

/** The staff reads: staff members, image URLs, sales reps, session types, permissions. */

const FILTERS: Record<string, (site: SiteData, staff: Staff) => boolean> = {
	staffviewable: (_site, staff) => staff.Active,
	appointmentinstructor: (_site, staff) => takesAppointments(staff),
	classinstructor: (site, staff) => teachesClasses(site, staff),
	male: (_site, staff) => staff.Gender === 'Male',
	female: (_site, staff) => staff.Gender === 'Female',
};

const overlapsSpan = (start: string, end: string, from: number, to: number) =>
	Date.parse(start) < to && from < Date.parse(end);

/**
 * Whether the staff member can take a session of the type at the location at `at`: the type is
 * theirs, an availability schedule covers the time, and no appointment, class or unavailability
 * takes it.
 */
export function availableAt(site: SiteData, staff: Staff, typeId: number, locationId: number, at: number): boolean {
	const type = byId(site.appointmentTypes, typeId);
	if (!type || !staff.AppointmentTypeIds.includes(typeId) || !staff.LocationIds.includes(locationId)) return false;
	const end = at + type.DurationMinutes * 60_000;
	// Availability is kept in the site's wall clock.
	const wall = wallClock(site.settings.TimeZone, at);
	const day = dateOf(wall);
	const from = (wall - startOfDay(wall)) / 60_000;
	const to = from + type.DurationMinutes;
	const scheduled = site.availabilities.some(
		(schedule) =>
			schedule.StaffId === staff.Id &&
			schedule.LocationId === locationId &&
			schedule.DaysOfWeek.includes(dayName(wall)) &&
			schedule.StartDate.slice(0, 10) <= day &&
			day <= schedule.EndDate.slice(0, 10) &&
			minutesOf(schedule.StartTime) <= from &&
			to <= minutesOf(schedule.EndTime),
	);
	if (!scheduled) return false;
	const busy =
		site.appointments.some(
			(a) =>
				a.StaffId === staff.Id && a.Status !== 'Cancelled' && overlapsSpan(a.StartDateTime, a.EndDateTime, at, end),
		) ||
		site.classes.some(
			(c) => c.StaffId === staff.Id && !c.IsCanceled && overlapsSpan(c.StartDateTime, c.EndDateTime, at, end),
		) ||
		site.unavailabilities.some((u) => u.StaffId === staff.Id && overlapsSpan(u.StartDateTime, u.EndDateTime, at, end));
	return !busy;
}

/**
 * GET /staff/staff (serves the staff dropdowns): active staff, or the ones staffIds names;
 * filters StaffViewable, AppointmentInstructor, ClassInstructor, Male, Female; sessionTypeId,
 * locationId and startDateTime together keep the staff free for that session then.
 */
export function getStaff(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const ids = params.ints('request.staffIds');
	const filters = params.strs('request.filters') ?? [];
	const unknown = filters.find((name) => !FILTERS[name.toLowerCase()]);
	if (unknown !== undefined)
		return v6Error(
			400,
			'InvalidParameter',
			`request.filters '${unknown}' is not one of StaffViewable, AppointmentInstructor, ClassInstructor, Male, Female.`,
		);
	const typeId = params.int('request.sessionTypeId');
	const locationId = params.int('request.locationId');
	const at = params.time('request.startDateTime');
	const availability = [typeId, locationId, at].filter((value) => value !== undefined).length;
	if (availability > 0 && availability < 3)
		return v6Error(
			400,
			'InvalidParameter',
			'request.sessionTypeId, request.locationId and request.startDateTime must be given together.',
		);
	if (locationId !== undefined && !byId(site.locations, locationId))
		return v6Error(400, 'InvalidParameter', `request.locationId ${locationId} is not a location of the site.`);
	const rows = site.staff
		.filter(
			(staff) =>
				(ids ? ids.includes(staff.Id) : staff.Active) &&
				filters.every((name) => FILTERS[name.toLowerCase()](site, staff)) &&
				(availability === 0 || availableAt(site, staff, typeId!, locationId!, at!)),
		)
		.sort((a, b) => (a.SortOrder ?? 0) - (b.SortOrder ?? 0) || a.Id - b.Id)
		.map((staff) => staffV6View(site, staff));
	return v6Page(call, 'StaffMembers', rows);
}

function staffOf(call: RestCall, staffId: number | undefined): Staff | SandboxResponse {
	if (staffId === undefined) return missing('request.staffId');
	return byId(call.site.staff, staffId) ?? staffNotFound(staffId);
}

const isStaffRecord = (value: Staff | SandboxResponse): value is Staff => 'FirstName' in value;

export function getImageUrl(call: RestCall): SandboxResponse {
	const staff = staffOf(call, call.params.int('request.staffId'));
	if (!isStaffRecord(staff)) return staff;
	return v6Json({
		ImageURL: staff.ImageUrl || null,
		MobileImageURL: staff.ImageUrl ? `${staff.ImageUrl}?size=mobile` : null,
	});
}

/** GET /staff/salesreps: staff holding a sales rep number. */
export function getSalesReps(call: RestCall): SandboxResponse {
	const numbers = call.params.ints('request.salesRepNumbers');
	const activeOnly = call.params.bool('request.activeOnly') ?? false;
	const rows = call.site.staff
		.filter(
			(staff) =>
				(staff.SalesRepNumbers ?? []).length > 0 &&
				(!activeOnly || staff.Active) &&
				(!numbers || (staff.SalesRepNumbers ?? []).some((n) => numbers.includes(n))),
		)
		.sort((a, b) => (a.SalesRepNumbers ?? [0])[0] - (b.SalesRepNumbers ?? [0])[0] || a.Id - b.Id)
		.map((staff) => ({
			Id: staff.Id,
			FirstName: staff.FirstName,
			LastName: staff.LastName,
			SalesRepNumbers: [...(staff.SalesRepNumbers ?? [])],
		}));
	return v6Page(call, 'SalesReps', rows);
}

/** GET /staff/sessiontypes: the staff member's appointment session types with their settings. */
export function getStaffSessionTypes(call: RestCall): SandboxResponse {
	const staff = staffOf(call, call.params.int('request.staffId'));
	if (!isStaffRecord(staff)) return staff;
	const onlineOnly = call.params.bool('request.onlineOnly') ?? false;
	const programs = call.params.ints('request.programIds');
	const rows = staffSessionTypeViews(call.site, staff)
		.filter(({ row }) => (!onlineOnly || row.Online) && (!programs || programs.includes(row.ProgramId)))
		.map(({ view }) => view);
	return v6Page(call, 'StaffSessionTypes', rows);
}

export function getPermissions(call: RestCall): SandboxResponse {
	const staff = staffOf(call, call.params.int('request.staffId'));
	if (!isStaffRecord(staff)) return staff;
	const records = call.site.staffRecords;
	const entry = records.permissions.find((candidate) => candidate.StaffId === staff.Id);
	return v6Json({ UserGroup: permissionGroupView(entry, records.groups) });
}
