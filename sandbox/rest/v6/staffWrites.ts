import type { SandboxResponse } from '../../context';
import { DAY, DAY_NAMES, MINUTE, dayName, isoAt, minutesOf, timeOf } from '../../data/dates';
import { takeId } from '../../data/generate';
import { takeRecordId } from '../../data/records';
import { permissionsOf } from '../../data/staffRecords';
import type { Staff } from '../../data/types';
import { v6Error, v6Json } from '../../v6/answers';
import { emit, type RestCall } from '../call';
import { byId } from '../views';
import { missing, needsStaffPermission, staffNotFound } from './clientAccess';
import type { Fields } from './clientFields';
import { instantOf } from '../../data/zones';
import { permissionGroupView, staffEventData, staffV6View } from './staffViews';

/**
 * AddStaff, UpdateStaff (staff.created / staff.updated / staff.deactivated), AssignStaffSessionType
 * and UpdateStaffPermissions (both need a staff token with ManageStaffPayRates, the document
 * says), AddStaffAvailability.
 */

const invalid = (message: string) => v6Error(400, 'InvalidParameter', message);

const TEXT: Array<[string, keyof Staff]> = [
	['FirstName', 'FirstName'],
	['LastName', 'LastName'],
	['Email', 'Email'],
	['HomePhone', 'HomePhone'],
	['WorkPhone', 'WorkPhone'],
	['MobilePhone', 'MobilePhone'],
	['Bio', 'Bio'],
	['Address', 'Address'],
	['Address2', 'Address2'],
	['City', 'City'],
	['State', 'State'],
	['Country', 'Country'],
	['PostalCode', 'PostalCode'],
	['Notes', 'Notes'],
	['EmpID', 'EmpID'],
];

const FLAGS: Array<[string, keyof Staff]> = [
	['ClassAssistant', 'ClassAssistant'],
	['ClassAssistant2', 'ClassAssistant2'],
	['IndependentContractor', 'IsIndependentContractor'],
	['AppointmentInstructor', 'AppointmentInstructor'],
	['AlwaysAllowDoubleBooking', 'AlwaysAllowDoubleBooking'],
	['ClassTeacher', 'ClassTeacher'],
	['Active', 'Active'],
];

/** The document's staff fields read into the sandbox's Staff record. */
function readStaffFields(body: Fields): Partial<Staff> | SandboxResponse {
	const fields: Partial<Staff> = {};
	for (const [name, key] of TEXT) {
		if (typeof body[name] === 'string') Object.assign(fields, { [key]: (body[name] as string).trim() });
	}
	for (const [name, key] of FLAGS) {
		if (typeof body[name] === 'boolean') Object.assign(fields, { [key]: body[name] });
	}
	if (typeof body.IsMale === 'boolean') fields.Gender = body.IsMale ? 'Male' : 'Female';
	if (typeof body.SortOrder === 'number') fields.SortOrder = body.SortOrder;
	for (const name of ['EmploymentStart', 'EmploymentEnd'] as const) {
		if (typeof body[name] === 'string') fields[name] = (body[name] as string).slice(0, 10);
	}
	if (fields.EmploymentStart && fields.EmploymentEnd && fields.EmploymentEnd < fields.EmploymentStart)
		return invalid('EmploymentEnd must not lie before EmploymentStart.');
	if (Array.isArray(body.ProviderIDs)) {
		fields.ProviderIds = (body.ProviderIDs as unknown[]).map(String).filter(Boolean);
		fields.ProviderId = fields.ProviderIds[0] ?? '';
	}
	if (fields.FirstName !== undefined && !fields.FirstName) return invalid('FirstName must not be empty.');
	if (fields.LastName !== undefined && !fields.LastName) return invalid('LastName must not be empty.');
	return fields;
}

const isResponse = (value: object): value is SandboxResponse => 'status' in value;

export function addStaff(call: RestCall): SandboxResponse {
	const { site } = call;
	const fields = readStaffFields(call.body as Fields);
	if (isResponse(fields)) return fields;
	const id = takeRecordId(
		site.staffRecords,
		'staff',
		site.staff.reduce((max, staff) => Math.max(max, staff.Id), 100),
	);
	const first = fields.FirstName!;
	const last = fields.LastName!;
	const staff: Staff = {
		Id: id,
		FirstName: first,
		LastName: last,
		DisplayName: `${first} ${last[0]}.`,
		Email: '',
		Bio: '',
		ImageUrl: `https://sandbox.example/staff/${id}.jpg`,
		Gender: 'None',
		LocationIds: site.locations.filter((location) => location.Active).map((location) => location.Id),
		AppointmentTypeIds: [],
		IsIndependentContractor: false,
		AlwaysAllowDoubleBooking: false,
		ProviderId: '',
		Active: true,
		Address: '',
		Address2: '',
		City: '',
		State: '',
		Country: '',
		PostalCode: '',
		HomePhone: '',
		WorkPhone: '',
		MobilePhone: '',
		SortOrder: Math.max(0, ...site.staff.map((member) => member.SortOrder ?? 0)) + 1,
		EmploymentStart: new Date(call.now).toISOString().slice(0, 10),
		EmploymentEnd: null,
		ClassTeacher: false,
		ClassAssistant: false,
		ClassAssistant2: false,
		AppointmentInstructor: false,
		SalesRepNumbers: [],
		ProviderIds: [],
		Notes: '',
		EmpID: '',
		...fields,
	};
	site.staff.push(staff);
	site.staffRecords.permissions.push(permissionsOf(site.staffRecords.groups, staff.Id, 'Staff'));
	emit(call, 'staff.created', staffEventData(site, staff));
	return v6Json({ Staff: staffV6View(site, staff) });
}

export function updateStaff(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const staff = byId(site.staff, body.ID as number);
	if (!staff) return staffNotFound(body.ID);
	const fields = readStaffFields(body);
	if (isResponse(fields)) return fields;
	const before = JSON.stringify(staff);
	const wasActive = staff.Active;
	Object.assign(staff, fields);
	if (fields.FirstName !== undefined || fields.LastName !== undefined)
		staff.DisplayName = `${staff.FirstName} ${staff.LastName[0]}.`;
	if (JSON.stringify(staff) !== before) {
		const event = wasActive && !staff.Active ? 'staff.deactivated' : 'staff.updated';
		emit(call, event, staffEventData(site, staff));
	}
	return v6Json({ Staff: staffV6View(site, staff) });
}

const PAY_RATE_TYPES = ['Percent', 'Flat', 'No Pay'];

/** AssignStaffSessionType: needs ManageStaffPayRates; the session type must be an appointment type. */
export function assignSessionType(call: RestCall): SandboxResponse {
	const denied = needsStaffPermission(call, 'ManageStaffPayRates');
	if (denied) return denied;
	const { site } = call;
	const body = call.body as Fields;
	const staff = byId(site.staff, body.StaffId as number);
	if (!staff) return staffNotFound(body.StaffId);
	const type = byId(site.appointmentTypes, body.SessionTypeId as number);
	if (!type || !type.Active)
		return invalid(`Session type ${String(body.SessionTypeId)} is not an active appointment session type.`);
	const records = site.staffRecords.sessionTypes;
	const held = records.find((s) => s.StaffId === staff.Id && s.SessionTypeId === type.Id);
	if (staff.AppointmentInstructor === false && !held && !staff.AppointmentTypeIds.includes(type.Id))
		return invalid(`Staff member ${staff.Id} cannot be assigned to appointments.`);
	const payRateType =
		typeof body.PayRateType === 'string'
			? PAY_RATE_TYPES.find((name) => name.toLowerCase() === (body.PayRateType as string).toLowerCase())
			: (held?.PayRateType ?? 'Percent');
	if (!payRateType) return invalid(`PayRateType must be one of ${PAY_RATE_TYPES.join(', ')}.`);
	const setting = {
		StaffId: staff.Id,
		SessionTypeId: type.Id,
		TimeLength: typeof body.TimeLength === 'number' ? body.TimeLength : (held?.TimeLength ?? type.DurationMinutes),
		PrepTime: typeof body.PrepTime === 'number' ? body.PrepTime : (held?.PrepTime ?? 0),
		FinishTime: typeof body.FinishTime === 'number' ? body.FinishTime : (held?.FinishTime ?? 0),
		PayRateType: payRateType,
		PayRateAmount:
			payRateType === 'No Pay'
				? 0
				: typeof body.PayRateAmount === 'number'
					? body.PayRateAmount
					: (held?.PayRateAmount ?? 40),
	};
	site.staffRecords.sessionTypes = [...records.filter((s) => s !== held), setting];
	const active = body.Active === true;
	staff.AppointmentTypeIds = active
		? [...new Set([...staff.AppointmentTypeIds, type.Id])]
		: staff.AppointmentTypeIds.filter((id) => id !== type.Id);
	return v6Json({
		StaffId: staff.Id,
		SessionTypeId: type.Id,
		PayRateType: setting.PayRateType,
		PayRateAmount: setting.PayRateAmount,
		TimeLength: setting.TimeLength,
		PrepTime: setting.PrepTime,
		FinishTime: setting.FinishTime,
		Active: active,
	});
}

/** UpdateStaffPermissions: puts the staff member in a permission group (needs ManageStaffPayRates). */
export function updatePermissions(call: RestCall): SandboxResponse {
	const denied = needsStaffPermission(call, 'ManageStaffPayRates');
	if (denied) return denied;
	const { site } = call;
	const body = call.body as Fields;
	const staff = byId(site.staff, body.StaffId as number);
	if (!staff) return staffNotFound(body.StaffId);
	const records = site.staffRecords;
	const group = records.groups.find((g) => g.Name.toLowerCase() === String(body.PermissionGroupName).toLowerCase());
	if (!group)
		return invalid(
			`PermissionGroupName ${String(body.PermissionGroupName)} is not one of ${records.groups.map((g) => g.Name).join(', ')}.`,
		);
	const entry = permissionsOf(records.groups, staff.Id, group.Name);
	records.permissions = [...records.permissions.filter((p) => p.StaffId !== staff.Id), entry];
	return v6Json({ UserGroup: permissionGroupView(entry, records.groups) });
}

const MAX_UNAVAILABLE_DAYS = 366;

/**
 * AddStaffAvailability: an availability schedule (site.availabilities, read by the booking
 * operations) or, with IsAvailability false, one unavailability per matching day.
 */
export function addAvailability(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const staff = byId(site.staff, body.StaffId as number);
	if (!staff) return staffNotFound(body.StaffId);
	const days = (body.DaysOfWeek as string[]).map((day) =>
		DAY_NAMES.find((name) => name.toLowerCase() === String(day).toLowerCase()),
	);
	if (!days.length || days.some((day) => !day))
		return invalid(`DaysOfWeek must name days of the week: ${DAY_NAMES.join(', ')}.`);
	const startTime = timeOf(minutesOf(String(body.StartTime)));
	const endTime = timeOf(minutesOf(String(body.EndTime)));
	if (minutesOf(endTime) <= minutesOf(startTime)) return invalid('EndTime must come after StartTime.');
	const startDate = String(body.StartDate);
	const endDate = String(body.EndDate);
	if (endDate < startDate) return invalid('EndDate must not lie before StartDate.');
	const status = typeof body.Status === 'string' ? body.Status : 'Public';
	if (!['Masked', 'Hidden', 'Public'].includes(status)) return invalid('Status must be Masked, Hidden or Public.');
	if (body.IsAvailability === true) {
		const programIds = Array.isArray(body.ProgramIds) ? (body.ProgramIds as number[]) : [];
		if (!programIds.length) return missing('ProgramIds');
		const unknown = programIds.find(
			(id) => !site.programs.some((program) => program.Id === id && program.ScheduleType === 'Appointment'),
		);
		if (unknown !== undefined) return invalid(`Program ${unknown} is not an appointment program of the site.`);
		if (typeof body.LocationId !== 'number') return missing('LocationId');
		const location = byId(site.locations, body.LocationId);
		if (!location || !location.Active) return invalid(`LocationId ${body.LocationId} is not an active location.`);
		site.availabilities.push({
			Id: takeId(site, 'availabilities'),
			GroupId: null,
			StaffId: staff.Id,
			LocationId: location.Id,
			DaysOfWeek: days as string[],
			StartTime: startTime,
			EndTime: endTime,
			StartDate: startDate,
			EndDate: endDate,
			ProgramIds: programIds,
			Status: status,
		});
		if (!staff.LocationIds.includes(location.Id)) staff.LocationIds = [...staff.LocationIds, location.Id];
		return { status: 200 };
	}
	if (typeof body.Description !== 'string' || !body.Description.trim()) return missing('Description');
	const first = Date.parse(`${startDate}T00:00:00Z`);
	const last = Date.parse(`${endDate}T00:00:00Z`);
	if ((last - first) / DAY >= MAX_UNAVAILABLE_DAYS)
		return invalid(`An unavailability may span at most ${MAX_UNAVAILABLE_DAYS} days.`);
	const floor = site.unavailabilities.reduce((max, u) => Math.max(max, u.Id), 0);
	for (let day = first; day <= last; day += DAY) {
		if (!days.includes(dayName(day))) continue;
		site.unavailabilities.push({
			Id: takeRecordId(site.staffRecords, 'unavailabilities', floor),
			StaffId: staff.Id,
			// Dates and times of day on the site's wall clock.
			StartDateTime: isoAt(instantOf(site.settings.TimeZone, day + minutesOf(startTime) * MINUTE)),
			EndDateTime: isoAt(instantOf(site.settings.TimeZone, day + minutesOf(endTime) * MINUTE)),
			Description: body.Description.trim(),
		});
	}
	return { status: 200 };
}
