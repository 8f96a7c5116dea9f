import type { Visit } from '../../data/classRecords';
import type { WeeklyTimes } from '../../data/meetings';
import type { ClassInstance, ClassSchedule, Enrollment } from '../../data/types';
import { emit, type RestCall } from '../call';
import { byId } from '../views';
import { scheduleSettingsOf, staffName } from './classViews';

/** Payloads of the class events (webhooks.md, event catalogue), from the site's state. */

const noAssistants = {
	assistantOneId: null,
	assistantTwoId: null,
	assistantOneName: '',
	assistantTwoName: '',
};

function resourcesOf(call: RestCall, resourceId: number | null) {
	const resource = byId(call.site.resources, resourceId ?? undefined);
	return resource ? [{ id: resource.Id, name: resource.Name }] : [];
}

/** class.updated: one instance changed (cancelled, substitute teacher …). */
export function emitClassUpdated(call: RestCall, instance: ClassInstance): void {
	const settings = scheduleSettingsOf(call.site, instance.ClassScheduleId);
	emit(call, 'class.updated', {
		siteId: call.siteId,
		locationId: instance.LocationId,
		classId: instance.Id,
		classScheduleId: instance.ClassScheduleId,
		classDescriptionId: instance.ClassDescriptionId,
		staffId: instance.StaffId,
		isCancelled: instance.IsCanceled,
		isStaffASubstitute: instance.IsSubstitute,
		isWaitlistAvailable: !instance.IsCanceled && instance.TotalBookedWaitlist < settings.WaitlistCapacity,
		isIntendedForOnlineViewing: instance.ContentFormat !== 'InPerson',
		staffName: staffName(byId(call.site.staff, instance.StaffId)),
		startDateTime: instance.StartDateTime,
		endDateTime: instance.EndDateTime,
		...noAssistants,
		resources: resourcesOf(call, settings.ResourceId),
	});
}

/** The event's times of day are text: a time to be decided is sent as midnight, where its classes start. */
const eventTimes = (schedule: WeeklyTimes) => ({
	startTime: schedule.StartTime ?? '00:00:00',
	endTime: schedule.EndTime ?? '00:00:00',
});

/** classSchedule.created / .updated of a class schedule. */
export function emitClassSchedule(call: RestCall, kind: 'created' | 'updated', schedule: ClassSchedule): void {
	const settings = scheduleSettingsOf(call.site, schedule.Id);
	emit(call, `classSchedule.${kind}`, {
		siteId: call.siteId,
		locationId: schedule.LocationId,
		classScheduleId: schedule.Id,
		classDescriptionId: schedule.ClassDescriptionId,
		resources: resourcesOf(call, settings.ResourceId),
		maxCapacity: schedule.MaxCapacity,
		webCapacity: schedule.WebCapacity,
		staffId: schedule.StaffId,
		staffName: staffName(byId(call.site.staff, schedule.StaffId)),
		isActive: schedule.IsActive,
		startDate: schedule.StartDate,
		endDate: schedule.EndDate,
		...eventTimes(schedule),
		daysOfWeek: [...schedule.DaysOfWeek],
		...noAssistants,
	});
}

/** classSchedule.created / .updated of an enrollment schedule (an enrollment is a class schedule). */
export function emitEnrollmentSchedule(call: RestCall, kind: 'created' | 'updated', enrollment: Enrollment): void {
	const settings = call.site.classRecords.enrollmentSettings[enrollment.Id];
	emit(call, `classSchedule.${kind}`, {
		siteId: call.siteId,
		locationId: enrollment.LocationId,
		classScheduleId: enrollment.Id,
		classDescriptionId: settings?.ClassDescriptionId ?? 0,
		resources: resourcesOf(call, settings?.ResourceId ?? null),
		maxCapacity: enrollment.Capacity,
		webCapacity: enrollment.Capacity,
		staffId: enrollment.StaffId,
		staffName: staffName(byId(call.site.staff, enrollment.StaffId)),
		isActive: enrollment.Active,
		startDate: enrollment.StartDate,
		endDate: enrollment.EndDate,
		...eventTimes(enrollment),
		daysOfWeek: [...enrollment.DaysOfWeek],
		...noAssistants,
	});
}

/** classRosterBookingStatus.updated: a booking changed without being cancelled (sign-in …). */
export function emitRosterStatus(call: RestCall, visit: Visit): void {
	const { site } = call;
	const instance = byId(site.classes, visit.ClassId)!;
	const client = byId(site.clients, visit.ClientId)!;
	const service = byId(site.clientServices, visit.ClientServiceId ?? undefined);
	emit(call, 'classRosterBookingStatus.updated', {
		siteId: call.siteId,
		locationId: instance.LocationId,
		classId: instance.Id,
		classRosterBookingId: visit.Id,
		staffId: instance.StaffId,
		classDateTime: instance.StartDateTime,
		signedInStatus: visit.Status === 'SignedIn' ? 'SignedIn' : 'NotSignedIn',
		clientId: client.ClientId,
		clientUniqueId: client.Id,
		clientFirstName: client.FirstName,
		clientLastName: client.LastName,
		clientEmail: client.Email,
		clientPhone: client.MobilePhone,
		itemId: service?.Id ?? 0,
		itemSiteId: call.siteId,
		itemName: service?.Name ?? '',
		clientPassId: service ? String(service.Id) : '',
	});
}
