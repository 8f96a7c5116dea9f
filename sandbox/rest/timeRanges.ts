import { DAY, MINUTE, inclusiveEnd, isoAt } from '../data/dates';
import type { AppointmentType, SiteData, Staff } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';
import { availabilityWindows, busyRanges, subtract, type Range } from './freeTime';
import { appointmentTypeView, byId, isConsumerType } from './views';

/** Free time of one staff member at a location, long enough for the type, within [from, to]. */
function freeRanges(
	site: SiteData,
	staff: Staff,
	locationId: number,
	type: AppointmentType,
	from: number,
	to: number,
): Range[] {
	const open = availabilityWindows(site, staff.Id, locationId, from, to).map(({ range }) => range);
	return subtract(open, busyRanges(site, staff.Id, type.CategoryId))
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
	'GET /Consumer/Schedules/Location/{locationId}/Appointments/StaffBookableTimeRanges': bookableTimeRanges,
};
