import { DAY, MINUTE, dateOf, dayName, minutesOf, parseWhen } from './dates';
import { instantOf } from './zones';

/** What a weekly class or enrollment schedule says about when it meets. */
export interface WeeklyTimes {
	StartDate: string;
	EndDate: string;
	DaysOfWeek: string[];
	/** Null while the time is to be decided. */
	StartTime: string | null;
	EndTime: string | null;
}

/** One meeting: its day, and when it starts and ends (a time to be decided: midnight, no length). */
export interface Meeting {
	date: string;
	start: number;
	end: number;
}

/**
 * When a schedule meets on a day: its times of day on the site's wall clock, so a weekly 18:00
 * class starts at 18:00 local on both sides of a daylight saving change.
 */
export function meetingOn(schedule: WeeklyTimes, date: string, zone: string): Meeting {
	const midnight = parseWhen(date);
	const at = (time: string | null) => instantOf(zone, midnight + (time === null ? 0 : minutesOf(time) * MINUTE));
	const tbd = schedule.StartTime === null || schedule.EndTime === null;
	return { date, start: at(schedule.StartTime), end: tbd ? at(null) : at(schedule.EndTime) };
}

/** The meetings on the schedule's days between two dates (inclusive, within its own), two years at most. */
export function meetingsOf(
	schedule: WeeklyTimes,
	zone: string,
	from = schedule.StartDate,
	to = schedule.EndDate,
): Meeting[] {
	const first = parseWhen(from > schedule.StartDate ? from : schedule.StartDate);
	const last = Math.min(parseWhen(to < schedule.EndDate ? to : schedule.EndDate), first + 730 * DAY);
	const meetings: Meeting[] = [];
	for (let day = first; day <= last; day += DAY) {
		if (schedule.DaysOfWeek.includes(dayName(day))) meetings.push(meetingOn(schedule, dateOf(day), zone));
	}
	return meetings;
}
