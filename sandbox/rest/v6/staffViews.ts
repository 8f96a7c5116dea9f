import {
	DOCUMENT_PERMISSIONS,
	documentPermission,
	type PermissionGroup,
	type StaffPermissions,
} from '../../data/staffRecords';
import type { SiteData, Staff } from '../../data/types';
import { byId } from '../views';
import { sessionTypeRows } from './siteViews';

/** A site's staff member as the document's Staff record and as the staff.* events' eventData. */

const dateTime = (date: string | null | undefined) => (date ? `${date.slice(0, 10)}T00:00:00` : null);

export const teachesClasses = (site: SiteData, staff: Staff) =>
	staff.ClassTeacher ?? site.classSchedules.some((schedule) => schedule.StaffId === staff.Id);

export const takesAppointments = (staff: Staff) => staff.AppointmentInstructor ?? staff.AppointmentTypeIds.length > 0;

export const providerIdsOf = (staff: Staff) => staff.ProviderIds ?? (staff.ProviderId ? [staff.ProviderId] : []);

export function staffV6View(site: SiteData, staff: Staff) {
	const reps = staff.SalesRepNumbers ?? [];
	return {
		Address: staff.Address ?? '',
		AppointmentInstructor: takesAppointments(staff),
		AlwaysAllowDoubleBooking: staff.AlwaysAllowDoubleBooking,
		Bio: staff.Bio,
		City: staff.City ?? '',
		Country: staff.Country ?? '',
		Email: staff.Email,
		FirstName: staff.FirstName,
		DisplayName: staff.DisplayName,
		HomePhone: staff.HomePhone ?? '',
		Id: staff.Id,
		IndependentContractor: staff.IsIndependentContractor,
		IsMale: staff.Gender === 'Male',
		LastName: staff.LastName,
		MobilePhone: staff.MobilePhone ?? '',
		Name: `${staff.FirstName} ${staff.LastName}`,
		PostalCode: staff.PostalCode ?? '',
		ClassTeacher: teachesClasses(site, staff),
		SortOrder: staff.SortOrder ?? 0,
		State: staff.State ?? '',
		WorkPhone: staff.WorkPhone ?? '',
		ImageUrl: staff.ImageUrl,
		ClassAssistant: staff.ClassAssistant ?? false,
		ClassAssistant2: staff.ClassAssistant2 ?? false,
		EmploymentStart: dateTime(staff.EmploymentStart),
		EmploymentEnd: dateTime(staff.EmploymentEnd),
		ProviderIDs: providerIdsOf(staff),
		Rep: reps.includes(1),
		Rep2: reps.includes(2),
		Rep3: reps.includes(3),
		Rep4: reps.includes(4),
		Rep5: reps.includes(5),
		Rep6: reps.includes(6),
		StaffSettings: { UseStaffNicknames: false, ShowStaffLastNamesOnSchedules: true },
		Appointments: [],
		Unavailabilities: [],
		Availabilities: [],
		EmpID: staff.EmpID ?? '',
	};
}

/** eventData of staff.created / staff.updated / staff.deactivated (webhooks.md). */
export function staffEventData(site: SiteData, staff: Staff) {
	return {
		staffId: staff.Id,
		siteId: site.settings.Id,
		sortOrder: staff.SortOrder ?? 0,
		addressLine1: staff.Address ?? '',
		addressLine2: staff.Address2 ?? '',
		staffFirstName: staff.FirstName,
		staffLastName: staff.LastName,
		city: staff.City ?? '',
		state: staff.State ?? '',
		country: staff.Country ?? '',
		postalCode: staff.PostalCode ?? '',
		imageUrl: staff.ImageUrl,
		biography: staff.Bio,
		isIndependentContractor: staff.IsIndependentContractor,
		alwaysAllowDoubleBooking: staff.AlwaysAllowDoubleBooking,
		providerIds: providerIdsOf(staff),
		gender: staff.Gender,
	};
}

/** The document's StaffPermissionGroup of a staff member: the document's names only. */
export function permissionGroupView(entry: StaffPermissions | undefined, groups: PermissionGroup[]) {
	const allowed = new Set((entry?.Granted ?? []).map(documentPermission));
	const group = groups.find((candidate) => candidate.Name === entry?.GroupName);
	return {
		PermissionGroupName: entry?.GroupName ?? null,
		IpRestricted: group?.IpRestricted ?? false,
		AllowedPermissions: DOCUMENT_PERMISSIONS.filter((permission) => allowed.has(permission)),
		DeniedPermissions: DOCUMENT_PERMISSIONS.filter((permission) => !allowed.has(permission)),
	};
}

/** The staff member's appointment session types with their own time and pay settings. */
export function staffSessionTypeViews(site: SiteData, staff: Staff) {
	const rows = sessionTypeRows(site).filter((row) => row.Type === 'Appointment');
	return staff.AppointmentTypeIds.flatMap((typeId) => {
		const row = rows.find((candidate) => candidate.Id === typeId);
		if (!row) return [];
		const own = site.staffRecords.sessionTypes.find((s) => s.StaffId === staff.Id && s.SessionTypeId === typeId);
		return [
			{
				row,
				view: {
					StaffId: staff.Id,
					Type: row.Type,
					Id: row.Id,
					Name: row.Name,
					NumDeducted: row.NumDeducted,
					ProgramId: row.ProgramId,
					Category: byId(site.categories, row.CategoryId ?? undefined)?.Name ?? null,
					CategoryId: row.CategoryId,
					Subcategory: byId(site.subcategories, row.SubcategoryId ?? undefined)?.Name ?? null,
					SubcategoryId: row.SubcategoryId,
					TimeLength: own?.TimeLength ?? row.DefaultTimeLength,
					PrepTime: own?.PrepTime ?? 0,
					FinishTime: own?.FinishTime ?? 0,
					PayRateType: own?.PayRateType ?? 'Percent',
					PayRateAmount: own?.PayRateAmount ?? DEFAULT_PAY_RATE,
				},
			},
		];
	});
}

/** The pay rate of an assignment made without one: 40 percent of the session's price. */
export const DEFAULT_PAY_RATE = 40;
