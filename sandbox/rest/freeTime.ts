import { DAY, MINUTE, dateOf, dayName, minutesOf, startOfDay } from '../data/dates';
import type { AvailabilitySchedule, SiteData } from '../data/types';
import { instantOf, wallClock } from '../data/zones';

/** [start, end) in milliseconds. */
export type Range = [number, number];

/** The parts of `ranges` that `busy` does not cover. */
export function subtract(ranges: Range[], busy: Range[]): Range[] {
	return busy.reduce<Range[]>(
		(free, [busyStart, busyEnd]) =>
			free.flatMap(([start, end]): Range[] => {
				if (busyEnd <= start || end <= busyStart) return [[start, end]];
				return [
					...(busyStart > start ? [[start, busyStart] as Range] : []),
					...(busyEnd < end ? [[busyEnd, end] as Range] : []),
				];
			}),
		ranges,
	);
}

const span = (start: string, end: string): Range => [Date.parse(start), Date.parse(end)];

/**
 * A staff member's availability windows on each local day of [from, to], at one location or all,
 * with their schedule: an availability's days and times of day are the site's wall clock.
 */
export function availabilityWindows(
	site: SiteData,
	staffId: number,
	locationId: number | undefined,
	from: number,
	to: number,
): Array<{ schedule: AvailabilitySchedule; range: Range }> {
	const zone = site.settings.TimeZone;
	const windows: Array<{ schedule: AvailabilitySchedule; range: Range }> = [];
	for (let day = startOfDay(wallClock(zone, from)); day <= wallClock(zone, to); day += DAY) {
		const date = dateOf(day);
		const at = (time: string) => instantOf(zone, day + minutesOf(time) * MINUTE);
		for (const schedule of site.availabilities) {
			if (schedule.StaffId !== staffId || (locationId !== undefined && schedule.LocationId !== locationId)) continue;
			if (!schedule.DaysOfWeek.includes(dayName(day))) continue;
			if (date < schedule.StartDate.slice(0, 10) || date > schedule.EndDate.slice(0, 10)) continue;
			windows.push({ schedule, range: [at(schedule.StartTime), at(schedule.EndTime)] });
		}
	}
	return windows;
}

/**
 * When a staff member cannot take an appointment of a category: their appointments (but the one
 * being moved), time off, and the site's closures of that category (to the end of their last second).
 */
export function busyRanges(site: SiteData, staffId: number, categoryId: number, ignoreAppointmentId?: number): Range[] {
	return [
		...site.appointments
			.filter((a) => a.StaffId === staffId && a.Status !== 'Cancelled' && a.Id !== ignoreAppointmentId)
			.map((a) => span(a.StartDateTime, a.EndDateTime)),
		...site.unavailabilities.filter((u) => u.StaffId === staffId).map((u) => span(u.StartDateTime, u.EndDateTime)),
		...site.closures
			.filter((c) => c.ServiceCategoryIds.includes(categoryId))
			.map((c): Range => [Date.parse(c.StartDateTime), Date.parse(c.EndDateTime) + 1000]),
	];
}
