import { takeId } from '../data/generate';
import { minutesOf, timeOf } from '../data/dates';
import type { AvailabilitySchedule, SiteData } from '../data/types';
import type { BodyModel } from './bodyModels';
import { typed, type HandlerTable, type RestCall } from './call';
import { byId } from './views';

type ScheduleItem = BodyModel<'availabilitySchedules'>[number];
const FIELDS = ['DaysOfWeek', 'StartTime', 'EndTime', 'StartDate', 'EndDate'] as const;
type Schedule = ScheduleItem & Required<Pick<ScheduleItem, (typeof FIELDS)[number]>>;

/** A search criterion without days, hours or dates matches any. */
const ANY: Pick<Schedule, (typeof FIELDS)[number]> = {
	DaysOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
	StartTime: '00:00',
	EndTime: '23:59:59',
	StartDate: '0001-01-01',
	EndDate: '9999-12-31',
};

/**
 * The spec requires the five schedule fields only when adding. Elsewhere an item may leave them
 * out: they come from `base` (the stored schedule an Id names, or ANY for a search); a new
 * schedule without them cannot be stored, and the answer says which are missing.
 */
function filled(item: ScheduleItem, base?: Partial<Pick<Schedule, (typeof FIELDS)[number]>>): Schedule | string {
	const merged: ScheduleItem = { ...item };
	for (const field of FIELDS) {
		if (merged[field] === undefined && base?.[field] !== undefined) Object.assign(merged, { [field]: base[field] });
	}
	const missing = FIELDS.filter((field) => merged[field] === undefined);
	if (!missing.length) return merged as Schedule;
	return `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} needed for a new schedule.`;
}

const TIME_OF_DAY = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const view = (schedule: AvailabilitySchedule) => ({
	...schedule,
	DaysOfWeek: [...schedule.DaysOfWeek],
});

/** Times as HH:mm:ss and dates as YYYY-MM-DD, however they were sent. */
const normalised = (item: Schedule) => ({
	...item,
	StartTime: timeOf(minutesOf(item.StartTime)),
	EndTime: timeOf(minutesOf(item.EndTime)),
	StartDate: item.StartDate.slice(0, 10),
	EndDate: item.EndDate.slice(0, 10),
});

/** What is wrong with a schedule; new ones (needsStaff) must name a staff member and location. */
function scheduleProblem(site: SiteData, item: Schedule | string, needsStaff: boolean): string | undefined {
	if (typeof item === 'string') return item;
	const badTime = (['StartTime', 'EndTime'] as const).find((field) => !TIME_OF_DAY.test(item[field]));
	if (badTime) return `${badTime} '${item[badTime]}' is not a time of day the sandbox can read (HH:mm).`;
	if (item.Id !== undefined && !byId(site.availabilities, item.Id)) return `Availability ${item.Id} was not found.`;
	if (minutesOf(item.EndTime) <= minutesOf(item.StartTime)) return 'EndTime must come after StartTime.';
	if (item.EndDate.slice(0, 10) < item.StartDate.slice(0, 10)) return 'EndDate must not lie before StartDate.';
	if (!needsStaff) return undefined;
	if (item.StaffId === undefined || item.LocationId === undefined) return 'StaffId and LocationId are required.';
	const staff = byId(site.staff, item.StaffId);
	if (!staff) return `Staff member ${item.StaffId} was not found.`;
	if (!staff.LocationIds.includes(item.LocationId))
		return `Staff member ${staff.Id} does not work at location ${item.LocationId}.`;
	return undefined;
}

/** Typed 400: the schedules as sent, the bad ones carrying their errors. */
function withErrors(items: ScheduleItem[], problems: Array<string | undefined>) {
	return items.map((item, index) => ({
		...item,
		Id: item.Id ?? null,
		Errors: problems[index] ? [problems[index]] : [],
	}));
}

function get(call: RestCall) {
	const ids = call.params.ints('availabilityId')!;
	const found = ids.map((id) => byId(call.site.availabilities, id)).filter((a): a is AvailabilitySchedule => !!a);
	return typed(call, found.map(view), found.length !== ids.length);
}

/** Stores an item: an existing schedule (Id) is replaced, a new one gets the next Id. */
function store(site: SiteData, item: Schedule, groupId: number | null): AvailabilitySchedule {
	const existing = item.Id === undefined ? undefined : byId(site.availabilities, item.Id);
	const fields = normalised(item);
	if (existing) {
		Object.assign(existing, fields, { GroupId: groupId ?? existing.GroupId });
		return existing;
	}
	const schedule = {
		...fields,
		Id: takeId(site, 'availabilities'),
		GroupId: groupId,
		StaffId: item.StaffId!,
		LocationId: item.LocationId!,
	} as AvailabilitySchedule;
	site.availabilities.push(schedule);
	return schedule;
}

function add(call: RestCall) {
	const items = call.body as ScheduleItem[];
	const schedules = items.map((item) => filled(item));
	const problems = schedules.map((schedule, index) =>
		items[index].Id !== undefined
			? 'A new schedule has no Id: use Group to change one.'
			: scheduleProblem(call.site, schedule, true),
	);
	if (problems.some(Boolean)) return typed(call, withErrors(items, problems), true);
	return typed(
		call,
		(schedules as Schedule[]).map((item) => view(store(call.site, item, item.GroupId ?? null))),
		false,
	);
}

/**
 * Puts the schedules in one group: the GroupId an item names, else a new one. Items with an Id
 * update that schedule; items without one are added to the group.
 */
function group(call: RestCall) {
	const items = call.body as ScheduleItem[];
	const schedules = items.map((item) =>
		filled(item, item.Id === undefined ? undefined : byId(call.site.availabilities, item.Id)),
	);
	const problems = schedules.map((schedule, index) =>
		items[index].Id !== undefined && !byId(call.site.availabilities, items[index].Id)
			? `Availability ${items[index].Id} was not found.`
			: scheduleProblem(call.site, schedule, items[index].Id === undefined),
	);
	if (problems.some(Boolean)) return typed(call, withErrors(items, problems), true);
	const groupId = items.find((item) => item.GroupId !== undefined)?.GroupId ?? takeId(call.site, 'availabilityGroups');
	return typed(
		call,
		(schedules as Schedule[]).map((item) => view(store(call.site, item, groupId))),
		false,
	);
}

/** Stored schedules of the staff named that share a day, hours and dates with a criterion. */
function search(call: RestCall) {
	const items = call.body as ScheduleItem[];
	const criteria = items.map((item) => filled(item, ANY) as Schedule);
	const problems = criteria.map((item) =>
		item.StaffId === undefined
			? 'StaffId is required to search.'
			: !byId(call.site.staff, item.StaffId)
				? `Staff member ${item.StaffId} was not found.`
				: scheduleProblem(call.site, item, false),
	);
	if (problems.some(Boolean)) return typed(call, withErrors(items, problems), true);
	const matches = call.site.availabilities.filter((schedule) =>
		criteria.some(
			(item) =>
				schedule.StaffId === item.StaffId &&
				(item.LocationId === undefined || schedule.LocationId === item.LocationId) &&
				schedule.DaysOfWeek.some((day) => item.DaysOfWeek.includes(day)) &&
				minutesOf(schedule.StartTime) < minutesOf(item.EndTime) &&
				minutesOf(item.StartTime) < minutesOf(schedule.EndTime) &&
				schedule.StartDate <= item.EndDate.slice(0, 10) &&
				item.StartDate.slice(0, 10) <= schedule.EndDate,
		),
	);
	return typed(call, matches.map(view), false);
}

export const availabilityHandlers: HandlerTable = {
	'GET /Business/Schedules/Availability': get,
	'POST /Business/Schedules/Availability/Add': add,
	'POST /Business/Schedules/Availability/Group': group,
	'POST /Business/Schedules/Availability/Search': search,
};
