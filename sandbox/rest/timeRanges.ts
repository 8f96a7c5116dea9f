import { DAY, MINUTE, dateOf, dayName, inclusiveEnd, isoAt, minutesOf } from '../data/dates';
import type { AppointmentType, SiteData, Staff } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';
import { appointmentTypeView, byId, isConsumerType } from './views';

type Range = [number, number];

/** The parts of `ranges` that `busy` does not cover. */
function subtract(ranges: Range[], busy: Range[]): Range[] {
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

/** Free time of one staff member at a location, long enough for the type, within [from, to]. */
function freeRanges(
	site: SiteData,
	staff: Staff,
	locationId: number,
	type: AppointmentType,
	from: number,
	to: number,
): Range[] {
	const open: Range[] = [];
	for (let day = Math.floor(from / DAY) * DAY; day <= to; day += DAY) {
		const date = dateOf(day);
		for (const a of site.availabilities) {
			if (a.StaffId !== staff.Id || a.LocationId !== locationId || !a.DaysOfWeek.includes(dayName(day))) continue;
			if (date < a.StartDate.slice(0, 10) || date > a.EndDate.slice(0, 10)) continue;
			open.push([day + minutesOf(a.StartTime) * MINUTE, day + minutesOf(a.EndTime) * MINUTE]);
		}
	}
	const busy: Range[] = [
		...site.appointments
			.filter((a) => a.StaffId === staff.Id && a.Status !== 'Cancelled')
			.map((a) => span(a.StartDateTime, a.EndDateTime)),
		...site.unavailabilities.filter((u) => u.StaffId === staff.Id).map((u) => span(u.StartDateTime, u.EndDateTime)),
		...site.closures
			.filter((c) => c.ServiceCategoryIds.includes(type.CategoryId))
			.map((c): Range => [Date.parse(c.StartDateTime), Date.parse(c.EndDateTime) + 1000]),
	];
	return subtract(open, busy)
		.map(([start, end]): Range => [Math.max(start, from), Math.min(end, to)])
		.filter(([start, end]) => end - start >= type.DurationMinutes * MINUTE);
}

/** Bookable ranges per staff member: availability minus appointments, time off and closures. */
function bookableTimeRanges(call: RestCall) {
	const { params, site } = call;
	const locationId = params.int('locationId')!;
	if (!byId(site.locations, locationId)) return text(400, `Location ${locationId} was not found.`);
	const typeId = params.int('appointmentTypeId')!;
	const type = byId(site.appointmentTypes, typeId);
	if (!type || !isConsumerType(type)) return text(400, `Appointment type ${typeId} was not found.`);
	const staffIds = params.ints('staffId')!;
	const unknown = staffIds.find((id) => !byId(site.staff, id));
	if (unknown !== undefined) return text(400, `Staff member ${unknown} was not found.`);
	const start = params.time('start')!;
	const end = inclusiveEnd(params.time('end')!);
	if (end < start) return text(400, 'end lies before start.');
	if (end - start > 31 * DAY) return text(400, 'The range may span at most 31 days.');
	const from = Math.max(start, call.now);
	const staff = staffIds
		.map((id) => byId(site.staff, id)!)
		.filter((s) => s.AppointmentTypeIds.includes(type.Id) && s.LocationIds.includes(locationId));
	const ranges = staff.flatMap((s) =>
		freeRanges(site, s, locationId, type, from, end).map(([rangeStart, rangeEnd]) => ({
			StaffId: s.Id,
			LocationId: locationId,
			AppointmentTypeId: type.Id,
			StartDateTime: isoAt(rangeStart),
			EndDateTime: isoAt(rangeEnd),
		})),
	);
	return json({
		StaffBookableTimeRanges: ranges,
		AppointmentTypes: [appointmentTypeView(type)],
		StaffAppointmentTypeDetails: staff.map((s) => ({
			StaffId: s.Id,
			AppointmentTypeId: type.Id,
			DurationMinutes: type.DurationMinutes,
			Price: type.Price,
		})),
	});
}

export const timeRangeHandlers: HandlerTable = {
	'consumerBooking.getBookableTimeRanges': bookableTimeRanges,
};
