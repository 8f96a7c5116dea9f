import { DAY, MINUTE, inclusiveEnd, isoAt, minutesOf, startOfDay, timeOf } from '../../data/dates';
import type { AppointmentType, AvailabilitySchedule, SiteData, Staff } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { availabilityWindows, busyRanges, subtract, type Range } from '../freeTime';
import { byId } from '../views';
import { appointmentV6, requestedAppointmentV6, sessionTypeV6 } from './appointmentViews';
import { findClient } from './classAccess';
import { localDateOf, wallClock } from '../../data/zones';
import { locationV6, programV6, staffV6 } from './classViews';

/**
 * The v6 appointment reads from site state: staff appointments, bookable times (availability
 * minus appointments, time off and closures), schedule items, session start times, available
 * dates, settings and add-on types.
 */

/** Free time of a staff member for a type: availability minus appointments, time off, closures. */
function freeWindows(
	site: SiteData,
	staff: Staff,
	locationId: number | undefined,
	type: AppointmentType,
	from: number,
	to: number,
	options: { ignoreAppointmentId?: number; anyLength?: boolean } = {},
) {
	const busy = busyRanges(site, staff.Id, type.CategoryId, options.ignoreAppointmentId);
	return availabilityWindows(site, staff.Id, locationId, from, to).flatMap(({ schedule, range }) =>
		subtract([range], busy)
			.map(([start, end]): Range => [Math.max(start, from), Math.min(end, to)])
			.filter(([start, end]) => end > start && (options.anyLength || end - start >= type.DurationMinutes * MINUTE))
			.map((free) => ({ schedule, range: free })),
	);
}

/**
 * [start (default today), end (default the end of the start's day)], on the clock of `zone`: UTC
 * unless the records are the business's local time, whose days are then the site's.
 */
function dayWindow(
	call: RestCall,
	startName: string,
	endName: string,
	defaultDays = 1,
	zone = 'UTC',
): Range | SandboxResponse {
	const start = call.params.wallTime(startName, zone) ?? startOfDay(wallClock(zone, call.now));
	const end = call.params.wallTime(endName, zone);
	const to = end === undefined ? startOfDay(start) + defaultDays * DAY - 1 : inclusiveEnd(end);
	if (to < start) return v6Error(400, 'InvalidParameter', `${endName} lies before ${startName}.`);
	return [start, to];
}

const isRange = (value: Range | SandboxResponse): value is Range => Array.isArray(value);

/**
 * GET /appointment/staffappointments: every status, cancelled ones too, so a poller
 * sees changes, and the pending booking requests as status Requested under their own ids (the
 * document lists the status; docs/spec-choices.md says why the ids are the requests'). Dates
 * default to today; appointment ids alone are found on any day. An appointment's times are the
 * business's local time, and so are the days asked for: the window is on the site's clock.
 */
function search(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const zone = site.settings.TimeZone;
	const ids = params.ints('request.appointmentIds');
	const anyDay = ids?.length && !params.has('request.startDate') && !params.has('request.endDate');
	const window = anyDay
		? ([-Infinity, Infinity] as Range)
		: dayWindow(call, 'request.startDate', 'request.endDate', 1, zone);
	if (!isRange(window)) return window;
	const staffIds = params.ints('request.staffIds');
	const locationIds = params.ints('request.locationIds');
	const clientId = params.str('request.clientId');
	const client = clientId === undefined ? undefined : findClient(call, clientId);
	const asked = (a: { Id: number; StartDateTime: string; StaffId: number; LocationId: number; ClientId: number }) => {
		const start = wallClock(zone, Date.parse(a.StartDateTime));
		return (
			start >= window[0] &&
			start <= window[1] &&
			(!ids || ids.includes(a.Id)) &&
			(!staffIds || staffIds.includes(a.StaffId)) &&
			(!locationIds || locationIds.includes(a.LocationId)) &&
			(clientId === undefined || a.ClientId === client?.Id)
		);
	};
	const booked = site.appointments.filter(asked).map((a) => ({ at: a, row: appointmentV6(call, a) }));
	const requested = site.appointmentRequests
		.filter((r) => r.Type === 'Booking' && r.Status === 'Pending' && asked(r))
		.map((r) => ({ at: r, row: requestedAppointmentV6(call, r) }));
	const rows = [...booked, ...requested]
		.sort((a, b) => a.at.StartDateTime.localeCompare(b.at.StartDateTime) || a.at.Id - b.at.Id)
		.map(({ row }) => row);
	return v6Page(call, 'Appointments', rows);
}

function availabilityV6(
	call: RestCall,
	staff: Staff,
	type: AppointmentType | null,
	schedule: AvailabilitySchedule,
	range: Range,
) {
	const { site } = call;
	return {
		Id: schedule.Id,
		Staff: staffV6(site, staff),
		SessionType: type ? sessionTypeV6(site, type) : null,
		Programs: type ? [programV6(byId(site.programs, type.ProgramId))] : [],
		StartDateTime: isoAt(range[0]),
		EndDateTime: isoAt(range[1]),
		BookableEndDateTime: isoAt(type ? range[1] - type.DurationMinutes * MINUTE : range[1]),
		Location: locationV6(call, byId(site.locations, schedule.LocationId)),
		PrepTime: 0,
		FinishTime: 0,
		IsMasked: schedule.PublicDisplay === 'Mask',
		ShowPublic: schedule.PublicDisplay !== 'Hide',
		ResourceAvailabilities: [],
	};
}

/** Staff who offer a type (and work at one of the locations), optionally only the ones named. */
const staffFor = (site: SiteData, type: AppointmentType, staffIds?: number[], locationIds?: number[]) =>
	site.staff.filter(
		(s) =>
			s.Active &&
			s.AppointmentTypeIds.includes(type.Id) &&
			(!staffIds || staffIds.includes(s.Id)) &&
			(!locationIds || s.LocationIds.some((id) => locationIds.includes(id))),
	);

/**
 * GET /appointment/bookableitems: free windows long enough for each session type, from now on,
 * between startDate (default today) and endDate (default the start's day).
 */
function bookableItems(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const window = dayWindow(call, 'request.startDate', 'request.endDate');
	if (!isRange(window)) return window;
	const from = Math.max(window[0], call.now);
	const typeIds = params.ints('request.sessionTypeIds')!;
	const types = typeIds.map((id) => byId(site.appointmentTypes, id)).filter((t): t is AppointmentType => !!t?.Active);
	if (types.length !== typeIds.length) return v6Error(400, 'InvalidParameter', 'A session type was not found.');
	const staffIds = params.ints('request.staffIds');
	const locationIds = params.ints('request.locationIds');
	const options = {
		ignoreAppointmentId: params.int('request.appointmentId'),
		anyLength: params.bool('request.ignoreDefaultSessionLength') === true,
	};
	const rows = types.flatMap((type) =>
		staffFor(site, type, staffIds, locationIds).flatMap((staff) =>
			freeWindows(site, staff, undefined, type, from, window[1], options)
				.filter(({ schedule }) => !locationIds || locationIds.includes(schedule.LocationId))
				.filter(({ schedule }) => staff.LocationIds.includes(schedule.LocationId))
				.map(({ schedule, range }) => availabilityV6(call, staff, type, schedule, range)),
		),
	);
	rows.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));
	return v6Page(call, 'Availabilities', rows);
}

/** GET /appointment/availabledates: days between startDate (default today) and endDate (default 30 days on) with a free window. */
function availableDates(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const window = dayWindow(call, 'request.startDate', 'request.endDate', 31);
	if (!isRange(window)) return window;
	const type = byId(site.appointmentTypes, params.int('request.sessionTypeId'));
	if (!type || !type.Active) return v6Error(400, 'InvalidParameter', 'The session type was not found.');
	const staffId = params.int('request.staffId');
	const locationId = params.int('request.locationId');
	const staff = staffFor(
		site,
		type,
		staffId === undefined ? undefined : [staffId],
		locationId === undefined ? undefined : [locationId],
	);
	const days = new Set<string>();
	for (const member of staff) {
		for (const { range } of freeWindows(site, member, locationId, type, Math.max(window[0], call.now), window[1])) {
			days.add(localDateOf(site.settings.TimeZone, range[0]));
		}
	}
	return v6Json({ AvailableDates: [...days].sort().map((day) => `${day}T00:00:00`) });
}

/** GET /appointment/scheduleitems: each staff member's appointments, time off and availability. */
function scheduleItems(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const window = dayWindow(call, 'request.startDate', 'request.endDate');
	if (!isRange(window)) return window;
	const [from, to] = window;
	const staffIds = params.ints('request.staffIds');
	const locationIds = params.ints('request.locationIds');
	const staff = site.staff.filter(
		(s) =>
			s.Active &&
			(!staffIds || staffIds.includes(s.Id)) &&
			(!locationIds || s.LocationIds.some((id) => locationIds.includes(id))),
	);
	const inWindow = (start: string, end: string) => Date.parse(start) <= to && Date.parse(end) >= from;
	const rows = staff.map((member) => ({
		...staffV6(site, member),
		Appointments: site.appointments
			.filter(
				(a) =>
					a.StaffId === member.Id &&
					a.Status !== 'Cancelled' &&
					inWindow(a.StartDateTime, a.EndDateTime) &&
					(!locationIds || locationIds.includes(a.LocationId)),
			)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime))
			.map((a) => appointmentV6(call, a)),
		Unavailabilities: site.unavailabilities
			.filter((u) => u.StaffId === member.Id && inWindow(u.StartDateTime, u.EndDateTime))
			.map((u) => ({
				Id: u.Id,
				StartDateTime: u.StartDateTime,
				EndDateTime: u.EndDateTime,
				Description: u.Description,
			})),
		Availabilities: availabilityWindows(site, member.Id, undefined, from, to)
			.filter(({ schedule }) => !locationIds || locationIds.includes(schedule.LocationId))
			.map(({ schedule, range }) => availabilityV6(call, member, null, schedule, range)),
	}));
	return v6Page(call, 'StaffMembers', rows);
}

/**
 * GET /appointment/activesessiontimes: times of day a session can start, every 15 minutes within
 * the availability of staff offering the session types (Appointment), and class start times
 * (Class, Enrollment); All gives both.
 */
function activeSessionTimes(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const kind = params.str('request.scheduleType') ?? 'All';
	const typeIds = params.ints('request.sessionTypeIds');
	const minutes = new Set<number>();
	if (['All', 'Appointment'].includes(kind)) {
		const types = site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn && (!typeIds || typeIds.includes(t.Id)));
		for (const schedule of site.availabilities) {
			const staff = byId(site.staff, schedule.StaffId);
			if (!staff || !types.some((t) => staff.AppointmentTypeIds.includes(t.Id))) continue;
			for (let m = minutesOf(schedule.StartTime); m < minutesOf(schedule.EndTime); m += 15) minutes.add(m);
		}
	}
	if (['All', 'Class'].includes(kind)) {
		for (const schedule of site.classSchedules) {
			if (schedule.StartTime === null) continue;
			if (!typeIds || typeIds.includes(schedule.ClassDescriptionId)) minutes.add(minutesOf(schedule.StartTime));
		}
	}
	if (['All', 'Enrollment'].includes(kind)) {
		for (const { StartTime } of site.enrollments) if (StartTime !== null) minutes.add(minutesOf(StartTime));
	}
	const ofDay = (ms?: number) => (ms === undefined ? undefined : (ms - startOfDay(ms)) / MINUTE);
	const first = ofDay(params.time('request.startTime'));
	const last = ofDay(params.time('request.endTime'));
	const times = [...minutes]
		.filter((m) => (first === undefined || m >= first) && (last === undefined || m <= last))
		.sort((a, b) => a - b)
		.map(timeOf);
	return v6Page(call, 'ActiveSessionTimes', times);
}

/** GET /appointment/appointmentoptions: the site's appointment settings. */
function settings(call: RestCall): SandboxResponse {
	const { settings: site } = call.site;
	return v6Json({
		Options: [
			{
				DisplayName: 'Allow online booking',
				Name: 'AllowOnlineBooking',
				Value: String(site.AllowOnlineBooking),
				Type: 'Boolean',
			},
			{ DisplayName: 'Booking increment (minutes)', Name: 'BookingIncrementMinutes', Value: '15', Type: 'Integer' },
			{ DisplayName: 'Time zone', Name: 'TimeZone', Value: site.TimeZone, Type: 'String' },
		],
	});
}

/** GET /appointment/addons: active add-on types, those a staff member offers when staffId is given. */
function addOnTypes(call: RestCall): SandboxResponse {
	const { site } = call;
	const staffId = call.params.int('request.staffId');
	const staff = staffId === undefined ? undefined : byId(site.staff, staffId);
	if (staffId !== undefined && !staff) return v6Error(404, 'StaffNotFound', `Staff member ${staffId} was not found.`);
	const rows = site.appointmentTypes
		.filter((t) => t.IsAddOn && t.Active && (!staff || staff.AppointmentTypeIds.includes(t.Id)))
		.map((t) => ({
			Id: t.Id,
			Name: t.Name,
			NumDeducted: 1,
			CategoryId: t.CategoryId,
			Category: byId(site.categories, t.CategoryId)?.Name ?? null,
		}));
	return v6Page(call, 'AddOns', rows);
}

export const appointmentReadHandlers = {
	GetStaffAppointments: search,
	GetBookableItems: bookableItems,
	GetAvailableDates: availableDates,
	GetScheduleItems: scheduleItems,
	GetActiveSessionTimes: activeSessionTimes,
	GetAppointmentOptions: settings,
	GetAddOns: addOnTypes,
};
