import { DAY, isoAt, overlaps, startOfDay } from '../data/dates';
import { meetingsOf } from '../data/meetings';
import { localDateOf } from '../data/zones';
import type { SiteData } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';
import { byId } from './views';

interface CalendarEvent {
	Type: 'Appointment' | 'Class' | 'Enrollment' | 'Unavailability';
	Id: number;
	Name: string;
	StartDateTime: string;
	EndDateTime: string;
	StaffId: number;
	/** Null for time off, which holds at every location. */
	LocationId: number | null;
	Status?: string;
	ClientId?: number;
}

type Source = (site: SiteData, staffId: number, from: number, to: number) => CalendarEvent[];

/** Enrollment meetings: one per scheduled weekday between its first and last day. */
const enrollments: Source = (site, staffId, from, to) =>
	site.enrollments
		.filter((e) => e.StaffId === staffId && e.Active)
		.flatMap((enrollment) =>
			meetingsOf(
				enrollment,
				site.settings.TimeZone,
				localDateOf(site.settings.TimeZone, from),
				localDateOf(site.settings.TimeZone, to),
			)
				.filter((meeting) => meeting.start < to)
				.map(
					(meeting): CalendarEvent => ({
						Type: 'Enrollment',
						Id: enrollment.Id,
						Name: enrollment.Name,
						StartDateTime: isoAt(meeting.start),
						EndDateTime: isoAt(meeting.end),
						StaffId: staffId,
						LocationId: enrollment.LocationId,
					}),
				),
		);

/** What the include flags (all on by default) add to the calendar. */
const SOURCES: Record<string, Source> = {
	Appointments: (site, staffId) =>
		site.appointments
			.filter((a) => a.StaffId === staffId && a.Status !== 'Cancelled')
			.map((a) => ({
				Type: 'Appointment',
				Id: a.Id,
				Name: byId(site.appointmentTypes, a.SessionTypeId)?.Name ?? 'Appointment',
				StartDateTime: a.StartDateTime,
				EndDateTime: a.EndDateTime,
				StaffId: staffId,
				LocationId: a.LocationId,
				Status: a.Status,
				ClientId: a.ClientId,
			})),
	Classes: (site, staffId) =>
		site.classes
			.filter((c) => c.StaffId === staffId && !c.IsCanceled)
			.map((c) => ({
				Type: 'Class',
				Id: c.Id,
				Name: byId(site.classDescriptions, c.ClassDescriptionId)?.Name ?? 'Class',
				StartDateTime: c.StartDateTime,
				EndDateTime: c.EndDateTime,
				StaffId: staffId,
				LocationId: c.LocationId,
			})),
	Enrollments: enrollments,
	Unavailabilities: (site, staffId) =>
		site.unavailabilities
			.filter((u) => u.StaffId === staffId)
			.map((u) => ({
				Type: 'Unavailability',
				Id: u.Id,
				Name: u.Description,
				StartDateTime: u.StartDateTime,
				EndDateTime: u.EndDateTime,
				StaffId: staffId,
				LocationId: null,
			})),
};

/**
 * A staff member's events in the window (default: a week from today). A staff member reads only
 * their own calendar unless their login reads all (the owner); without a token the API key's
 * service identity reads any.
 */
function staffCalendar(call: RestCall) {
	const { site, params, user } = call;
	const staffId = params.int('staffId')!;
	if (!byId(site.staff, staffId)) return text(400, `Staff member ${staffId} was not found.`);
	if (user?.Type === 'Staff' && !user.ReadsAllCalendars && user.UserId !== staffId) {
		return text(403, 'A staff member can read only their own calendar.');
	}
	const from = params.time('request.startDateTime') ?? startOfDay(call.now);
	const to = params.time('request.endDateTime') ?? from + 7 * DAY;
	if (to < from) return text(400, 'request.endDateTime lies before request.startDateTime.');
	const locationIds = params.ints('request.locationIds');
	const events = Object.entries(SOURCES)
		.filter(([name]) => params.bool(`request.include${name}`) ?? true)
		.flatMap(([, source]) => source(site, staffId, from, to))
		.filter((e) => overlaps(Date.parse(e.StartDateTime), Date.parse(e.EndDateTime), from, to))
		.filter((e) => !locationIds || e.LocationId === null || locationIds.includes(e.LocationId));
	return json(events.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id));
}

export const staffCalendarHandlers: HandlerTable = { 'GET /Business/Calendars/Staff/{staffId}': staffCalendar };
