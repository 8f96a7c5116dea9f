import { DAY, dateOf, startOfDay } from '../data/dates';
import type { ClassInstance, Enrollment, SiteData } from '../data/types';
import { isStaff, json, noContent, text, type HandlerTable, type RestCall } from './call';
import { byId, classView, smallLocationView, staffView } from './views';

/** Hidden classes exist only for staff (V6 rule 11). */
function visibleClass(call: RestCall, id: number): ClassInstance | undefined {
	const instance = byId(call.site.classes, id);
	return instance && (!instance.Hidden || isStaff(call)) ? instance : undefined;
}

/** Capacity shows to staff always, to others only when the business shows open spaces. */
const showsCapacity = (call: RestCall) => isStaff(call) || call.site.settings.ShowOpenSpaces;

/** The instance id comes from the query or the path: the catalogue names both classInstanceId. */
function get(call: RestCall) {
	const id = call.params.int('classInstanceId')!;
	const instance = visibleClass(call, id);
	if (!instance) return text(404, `Class instance ${id} was not found.`);
	return json(classView(call.site, instance, showsCapacity(call), call.now));
}

function getLocation(call: RestCall) {
	const id = call.params.int('classInstanceId')!;
	const instance = byId(call.site.classes, id);
	if (!instance) return text(404, `Class instance ${id} was not found.`);
	if (instance.Hidden && !isStaff(call)) return text(403, `Class instance ${id} is shown to staff only.`);
	const description = byId(call.site.classDescriptions, instance.ClassDescriptionId)!;
	return json({
		Id: instance.Id,
		Name: description.Name,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		IsCanceled: instance.IsCanceled,
		Location: smallLocationView(byId(call.site.locations, instance.LocationId)!),
	});
}

/** Class schedules with classes in the window (default: the next seven days); none → 204. */
function upcoming(call: RestCall) {
	const { params, site } = call;
	const from = params.time('startDateTime') ?? call.now;
	const to = params.time('endDateTime') ?? from + 7 * DAY;
	if (to < from) return text(400, 'endDateTime lies before startDateTime.');
	const locationId = params.int('locationId');
	const classes = site.classes.filter((c) => {
		const start = Date.parse(c.StartDateTime);
		return (
			start >= from &&
			start <= to &&
			!c.IsCanceled &&
			(!c.Hidden || isStaff(call)) &&
			(locationId === undefined || c.LocationId === locationId)
		);
	});
	const scheduleIds = [...new Set(classes.map((c) => c.ClassScheduleId))];
	if (!scheduleIds.length) return noContent();
	return json(scheduleIds.map((id) => scheduleView(call, id, classes)));
}

function scheduleView(call: RestCall, scheduleId: number, classes: ClassInstance[]) {
	const { site } = call;
	const schedule = byId(site.classSchedules, scheduleId)!;
	const description = byId(site.classDescriptions, schedule.ClassDescriptionId)!;
	const capacity = showsCapacity(call);
	return {
		...schedule,
		MaxCapacity: capacity ? schedule.MaxCapacity : null,
		WebCapacity: capacity ? schedule.WebCapacity : null,
		ClassDescription: {
			...description,
			Program: { ...byId(site.programs, description.ProgramId)! },
		},
		Location: smallLocationView(byId(site.locations, schedule.LocationId)!),
		Staff: staffView(byId(site.staff, schedule.StaffId)!),
		Classes: classes
			.filter((c) => c.ClassScheduleId === scheduleId)
			.map((c) => ({ Id: c.Id, StartDateTime: c.StartDateTime, EndDateTime: c.EndDateTime })),
	};
}

const enrollmentView = (site: SiteData, enrollment: Enrollment) => ({
	...enrollment,
	DaysOfWeek: [...enrollment.DaysOfWeek],
	Program: { ...byId(site.programs, enrollment.ProgramId)! },
	ServiceCategory: { ...byId(site.categories, enrollment.ServiceCategoryId)! },
	Location: smallLocationView(byId(site.locations, enrollment.LocationId)!),
	Staff: staffView(byId(site.staff, enrollment.StaffId)!),
});

/**
 * Enrollments running in [startDate (default today), endDate (default startDate)]. The active
 * filter is for staff; consumers see active enrollments only.
 */
function enrollments(call: RestCall) {
	const { params, site } = call;
	const from = dateOf(params.time('request.startDate') ?? startOfDay(call.now));
	const to = params.time('request.endDate') === undefined ? from : dateOf(params.time('request.endDate')!);
	if (to < from) return text(400, 'request.endDate lies before request.startDate.');
	const locationIds = params.ints('request.locationIds');
	const categoryIds = params.ints('request.serviceCategoryIds');
	const active = isStaff(call) ? params.bool('request.active') : true;
	const rows = site.enrollments.filter(
		(e) =>
			e.StartDate <= to &&
			from <= e.EndDate &&
			(!locationIds || locationIds.includes(e.LocationId)) &&
			(!categoryIds || categoryIds.includes(e.ServiceCategoryId)) &&
			(active === undefined || e.Active === active),
	);
	return json(rows.map((e) => enrollmentView(site, e)));
}

export const classHandlers: HandlerTable = {
	'GET /Business/Schedules/Classes': get,
	'GET /Business/Schedules/Classes/{classInstanceId}': get,
	'GET /Business/Schedules/Classes/{classInstanceId}/Location': getLocation,
	'GET /Business/Schedules/Classes/Upcoming': upcoming,
	'GET /Business/Schedules/Enrollments': enrollments,
};
