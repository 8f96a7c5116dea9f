import { takeId } from '../../data/generate';
import { DAY, DAY_NAMES, MINUTE, dayName, inclusiveEnd, isoAt, minutesOf, parseWhen } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { AvailabilitySchedule, SiteData, Staff, Unavailability } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import { noContent, type RestCall } from '../call';
import { byId } from '../views';
import { bodyOf, isTest, requireStaff } from './classAccess';
import { timeOfDay } from './classScheduling';
import { instantOf } from '../../data/zones';
import { locationV6, programV6, staffV6 } from './classViews';
import { CANCEL_OFFSET_HOURS } from './siteViews';

/**
 * Staff availability and time off through v6, on site.availabilities / site.unavailabilities
 * (shared with the listed availability operations and every bookable-time calculation). The
 * PublicDisplay and ProgramIds a v6 call sets are kept on the availability record. Changes need
 * a staff token; every item is checked before anything is stored.
 */

type ApiError = { Message: string; Code: string };

const ALL_DAYS = [...DAY_NAMES] as string[];

/** GET /appointment/unavailabilities: time off overlapping [startDate, endDate] (any when not given). */
function getUnavailabilities(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const staffIds = params.ints('request.staffIds');
	const from = params.time('request.startDate');
	const end = params.time('request.endDate');
	const to = end === undefined ? undefined : inclusiveEnd(end);
	const rows = site.unavailabilities
		.filter(
			(u) =>
				(!staffIds || staffIds.includes(u.StaffId)) &&
				(from === undefined || Date.parse(u.EndDateTime) >= from) &&
				(to === undefined || Date.parse(u.StartDateTime) <= to),
		)
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime))
		.map((u) => ({
			Id: u.Id,
			StaffId: u.StaffId,
			StartDateTime: u.StartDateTime,
			EndDateTime: u.EndDateTime,
			Description: u.Description,
		}));
	return v6Page(call, 'Unavailabilities', rows);
}

const nextUnavailabilityId = (site: SiteData) =>
	takeRecordId(site.classRecords, 'unavailabilities', Math.max(1800, ...site.unavailabilities.map((u) => u.Id)));

/** CommonStaff (POST /appointment/availabilities answers in the document's "Common" types). */
function commonStaffOf(
	call: RestCall,
	staff: Staff,
	made: { availabilities: AvailabilitySchedule[]; off: Unavailability[] },
) {
	const { site } = call;
	return {
		Id: staff.Id,
		FirstName: staff.FirstName,
		LastName: staff.LastName,
		DisplayName: staff.DisplayName,
		Email: staff.Email,
		Active: staff.Active,
		Name: `${staff.FirstName} ${staff.LastName}`,
		Unavailabilities: made.off.map((u) => ({
			Id: u.Id,
			StartDateTime: u.StartDateTime,
			EndDateTime: u.EndDateTime,
			Description: u.Description,
		})),
		Availabilities: made.availabilities.map((a) => {
			const location = byId(site.locations, a.LocationId);
			return {
				Id: a.Id,
				Programs: ((a.ProgramIds as number[] | undefined) ?? []).map((id) => {
					const program = byId(site.programs, id);
					return program
						? {
								Id: program.Id,
								Name: program.Name,
								ScheduleType: program.ScheduleType === 'Class' ? 'DropIn' : program.ScheduleType,
								ContentFormat: program.ContentFormats[0] === 'InPerson' ? 'InPerson' : 'Mindbody',
								CancelOffset: CANCEL_OFFSET_HOURS,
							}
						: null;
				}),
				StartDateTime: `${a.StartDate}T${a.StartTime}`,
				EndDateTime: `${a.EndDate}T${a.EndTime}`,
				BookableEndDateTime: `${a.EndDate}T${a.EndTime}`,
				Location: location
					? {
							Id: location.Id,
							Name: location.Name,
							Address: location.AddressLine1,
							City: location.City,
							StateProvCode: location.StateProvCode,
							PostalCode: location.PostalCode,
							Phone: location.Phone,
							HasClasses: location.HasClasses,
							Active: location.Active,
							SiteId: call.siteId,
						}
					: null,
				IsMasked: a.PublicDisplay === 'Mask',
				ShowPublic: a.PublicDisplay !== 'Hide',
			};
		}),
	};
}

interface Window {
	startDate: string;
	endDate: string;
	startTime: string;
	endTime: string;
	days: string[];
}

/** Dates and times of day of a StartDateTime / EndDateTime pair; a string names the problem. */
function windowOf(body: Record<string, unknown>, base?: Partial<Window>): Window | string {
	const start = typeof body.StartDateTime === 'string' ? body.StartDateTime : undefined;
	const end = typeof body.EndDateTime === 'string' ? body.EndDateTime : undefined;
	const window = {
		startDate: start?.slice(0, 10) ?? base?.startDate,
		endDate: end?.slice(0, 10) ?? base?.endDate,
		startTime: timeOfDay(start) ?? base?.startTime ?? (start ? '00:00:00' : undefined),
		endTime: timeOfDay(end) ?? base?.endTime ?? (end ? '23:59:00' : undefined),
		days:
			Array.isArray(body.DaysOfWeek) && body.DaysOfWeek.length
				? (body.DaysOfWeek as string[])
				: (base?.days ?? ALL_DAYS),
	};
	if (!window.startDate || !window.endDate || !window.startTime || !window.endTime) {
		return 'StartDateTime and EndDateTime are required.';
	}
	if (window.endDate < window.startDate) return 'EndDateTime lies before StartDateTime.';
	if (minutesOf(window.endTime) <= minutesOf(window.startTime)) return 'The end time of day must come after the start.';
	return window as Window;
}

const PUBLIC_DISPLAY = ['Hide', 'Show', 'Mask'];

/**
 * The staff a StaffIDs list names: none given means the token's holder, and 0 every active staff
 * member (of the location, for availability; the document states the two defaults, the sandbox
 * reads "all" as those who could take the availability).
 */
function staffIdsOf(call: RestCall, given: number[], locationId: number | undefined): number[] {
	if (!given.length) return [call.user!.UserId];
	if (!given.includes(0)) return given;
	const everyone = call.site.staff.filter(
		(s) => s.Active && (locationId === undefined || s.LocationIds.includes(locationId)),
	);
	return [...new Set([...given.filter((id) => id !== 0), ...everyone.map((s) => s.Id)])];
}

/**
 * POST /appointment/availabilities: for each staff member an availability at LocationID on the
 * days between the dates, or time off (IsUnavailable) on each of those days.
 */
function addForStaff(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const window = windowOf(body);
	if (typeof window === 'string') return v6Error(400, 'MissingRequiredFields', window);
	const off = body.IsUnavailable === true;
	const locationId = body.LocationID as number | undefined;
	const staffIds = staffIdsOf(call, (body.StaffIDs ?? []) as number[], off ? undefined : locationId);
	const errors: ApiError[] = [];
	if (!off && (locationId === undefined || !byId(site.locations, locationId))) {
		errors.push({ Code: 'LocationNotFound', Message: `Location ${String(locationId)} was not found.` });
	}
	const programIds = (body.ProgramIDs ?? []) as number[];
	for (const id of programIds.filter((id) => !byId(site.programs, id))) {
		errors.push({ Code: 'ProgramNotFound', Message: `Program ${id} was not found.` });
	}
	const staff = staffIds.map((id) => byId(site.staff, id));
	staffIds.forEach((id, index) => {
		const member = staff[index];
		if (!member) errors.push({ Code: 'StaffNotFound', Message: `Staff member ${id} was not found.` });
		else if (!off && locationId !== undefined && !member.LocationIds.includes(locationId)) {
			errors.push({ Code: 'InvalidParameter', Message: `Staff member ${id} does not work at location ${locationId}.` });
		}
	});
	if (errors.length) return v6Json({ StaffMembers: [], Errors: errors }, 400);
	if (isTest(call)) return v6Json({ StaffMembers: [], Errors: [] });
	const zone = site.settings.TimeZone;
	const members = staff.map((member) => {
		const made = { availabilities: [] as AvailabilitySchedule[], off: [] as Unavailability[] };
		if (off) {
			for (let day = parseWhen(window.startDate); day <= parseWhen(window.endDate); day += DAY) {
				if (!window.days.includes(dayName(day))) continue;
				const unavailability: Unavailability = {
					Id: nextUnavailabilityId(site),
					StaffId: member!.Id,
					// The request's dates and times of day are the site's wall clock.
					StartDateTime: isoAt(instantOf(zone, day + minutesOf(window.startTime) * MINUTE)),
					EndDateTime: isoAt(instantOf(zone, day + minutesOf(window.endTime) * MINUTE)),
					Description: typeof body.UnavailableDescription === 'string' ? body.UnavailableDescription : '',
				};
				site.unavailabilities.push(unavailability);
				made.off.push(unavailability);
			}
		} else {
			const schedule: AvailabilitySchedule = {
				Id: takeId(site, 'availabilities'),
				GroupId: null,
				StaffId: member!.Id,
				LocationId: locationId!,
				DaysOfWeek: window.days,
				StartTime: window.startTime,
				EndTime: window.endTime,
				StartDate: window.startDate,
				EndDate: window.endDate,
				ProgramIds: programIds,
				PublicDisplay: PUBLIC_DISPLAY.includes(String(body.PublicDisplay)) ? body.PublicDisplay : 'Show',
			};
			site.availabilities.push(schedule);
			made.availabilities.push(schedule);
		}
		return commonStaffOf(call, member!, made);
	});
	return v6Json({ StaffMembers: members, Errors: [] });
}

/**
 * PUT /appointment/availabilities: changes availabilities (days, dates and times, location,
 * programs, public display) or time off (times, description) by id; all or nothing.
 */
function update(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const { site } = call;
	const body = bodyOf(call);
	const ids = (body.AvailabilityIds ?? []) as number[];
	if (!ids.length) return v6Error(400, 'MissingRequiredFields', 'AvailabilityIds is required.');
	const errors: ApiError[] = [];
	const changes: Array<() => number> = [];
	for (const id of ids) {
		const schedule = byId(site.availabilities, id);
		const off = schedule ? undefined : byId(site.unavailabilities, id);
		if (!schedule && !off) {
			errors.push({ Code: 'AvailabilityNotFound', Message: `Availability ${id} was not found.` });
			continue;
		}
		if (schedule) {
			const window = windowOf(body, {
				startDate: schedule.StartDate,
				endDate: schedule.EndDate,
				startTime: schedule.StartTime,
				endTime: schedule.EndTime,
				days: schedule.DaysOfWeek,
			});
			if (typeof window === 'string') {
				errors.push({ Code: 'InvalidParameter', Message: window });
				continue;
			}
			const locationId = (body.LocationId as number | undefined) ?? schedule.LocationId;
			const staff = byId(site.staff, schedule.StaffId);
			if (!byId(site.locations, locationId) || !staff?.LocationIds.includes(locationId)) {
				errors.push({ Code: 'InvalidParameter', Message: `Location ${locationId} cannot hold this availability.` });
				continue;
			}
			changes.push(() => {
				Object.assign(schedule, {
					DaysOfWeek: window.days,
					StartDate: window.startDate,
					EndDate: window.endDate,
					StartTime: window.startTime,
					EndTime: window.endTime,
					LocationId: locationId,
					...(Array.isArray(body.ProgramIds) ? { ProgramIds: body.ProgramIds } : {}),
					...(PUBLIC_DISPLAY.includes(String(body.PublicDisplay)) ? { PublicDisplay: body.PublicDisplay } : {}),
				});
				return schedule.StaffId;
			});
		} else {
			const start =
				typeof body.StartDateTime === 'string' ? parseWhen(body.StartDateTime) : Date.parse(off!.StartDateTime);
			const end = typeof body.EndDateTime === 'string' ? parseWhen(body.EndDateTime) : Date.parse(off!.EndDateTime);
			if (end <= start) {
				errors.push({ Code: 'InvalidParameter', Message: 'EndDateTime must come after StartDateTime.' });
				continue;
			}
			changes.push(() => {
				off!.StartDateTime = isoAt(start);
				off!.EndDateTime = isoAt(end);
				if (typeof body.UnavailableDescription === 'string') off!.Description = body.UnavailableDescription;
				return off!.StaffId;
			});
		}
	}
	if (errors.length) return v6Json({ StaffMembers: [], Errors: errors }, 400);
	if (isTest(call)) return v6Json({ StaffMembers: [], Errors: [] });
	const staffIds = [...new Set(changes.map((change) => change()))];
	const members = staffIds.map((staffId) => {
		const member = byId(site.staff, staffId)!;
		return {
			...staffV6(site, member),
			Unavailabilities: site.unavailabilities
				.filter((u) => u.StaffId === staffId && ids.includes(u.Id))
				.map((u) => ({
					Id: u.Id,
					StartDateTime: u.StartDateTime,
					EndDateTime: u.EndDateTime,
					Description: u.Description,
				})),
			Availabilities: site.availabilities
				.filter((a) => a.StaffId === staffId && ids.includes(a.Id))
				.map((a) => ({
					Id: a.Id,
					Staff: null,
					Programs: ((a.ProgramIds as number[] | undefined) ?? []).map((id) => programV6(byId(site.programs, id))),
					StartDateTime: `${a.StartDate}T${a.StartTime}`,
					EndDateTime: `${a.EndDate}T${a.EndTime}`,
					BookableEndDateTime: `${a.EndDate}T${a.EndTime}`,
					Location: locationV6(call, byId(site.locations, a.LocationId)),
					IsMasked: a.PublicDisplay === 'Mask',
					ShowPublic: a.PublicDisplay !== 'Hide',
				})),
		};
	});
	return v6Json({ StaffMembers: members, Errors: [] });
}

/** DELETE /appointment/availability: an availability or time off, by id. */
function remove(call: RestCall): SandboxResponse {
	const refused = requireStaff(call);
	if (refused) return refused;
	const { site } = call;
	const id = call.params.int('deleteAvailabilityRequest.availabilityId');
	if (id === undefined) {
		return v6Error(400, 'MissingRequiredFields', 'deleteAvailabilityRequest.availabilityId is required.');
	}
	const schedule = byId(site.availabilities, id);
	const off = schedule ? undefined : byId(site.unavailabilities, id);
	if (!schedule && !off) return v6Error(404, 'AvailabilityNotFound', `Availability ${id} was not found.`);
	if (call.params.bool('deleteAvailabilityRequest.test') === true) return noContent(204);
	if (schedule) site.availabilities = site.availabilities.filter((a) => a !== schedule);
	else site.unavailabilities = site.unavailabilities.filter((u) => u !== off);
	return noContent(204);
}

export const appointmentAvailabilityHandlers = {
	GetUnavailabilities: getUnavailabilities,
	AddAvailabilities: addForStaff,
	UpdateAvailability: update,
	DeleteAvailability: remove,
};
