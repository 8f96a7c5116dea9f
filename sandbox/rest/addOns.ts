import { takeId } from '../data/generate';
import { isoAt } from '../data/dates';
import type { AddOn, Appointment, SiteData } from '../data/types';
import type { BodyModel } from './bodyModels';
import { typed, type HandlerTable, type RestCall } from './call';
import { emitAddOnCreated, emitAddOnDeleted } from './events';
import { completeRecords, modifyRecords, rules, type Modifiable } from './modify';
import { addOnView, byId } from './views';

type AddOnItem = BodyModel<'addOnItems'>[number];

/** Checks an add-on for an appointment; a string names the problem. */
function addOnProblem(
	site: SiteData,
	parent: Appointment | undefined,
	typeId: number | undefined,
	staffId: number,
): string | undefined {
	if (!parent) return 'The appointment was not found.';
	if (parent.Status === 'Cancelled') return `Appointment ${parent.Id} is cancelled.`;
	return addOnTypeProblem(site, typeId, staffId);
}

/** Checks that the type is an add-on the staff member offers. */
export function addOnTypeProblem(site: SiteData, typeId: number | undefined, staffId: number): string | undefined {
	if (typeId === undefined) return 'No add-on type was named.';
	const type = byId(site.appointmentTypes, typeId);
	if (!type || !type.IsAddOn || !type.Active) return `Add-on type ${typeId} was not found.`;
	const staff = byId(site.staff, staffId);
	if (!staff) return `Staff member ${staffId} was not found.`;
	if (!staff.AppointmentTypeIds.includes(typeId)) return `Staff member ${staffId} does not offer add-on ${typeId}.`;
	return undefined;
}

/** Creates an add-on (ids shared with appointments) and sends appointmentAddOn.created. */
export function createAddOn(call: RestCall, parent: Appointment, typeId: number, staffId: number, notes = ''): AddOn {
	const addOn: AddOn = {
		Id: takeId(call.site, 'appointments'),
		AppointmentId: parent.Id,
		AddOnTypeId: typeId,
		Name: byId(call.site.appointmentTypes, typeId)!.Name,
		StaffId: staffId,
		Status: 'Booked',
		Notes: notes,
		CreatedDateTime: isoAt(call.now),
	};
	call.site.addOns.push(addOn);
	emitAddOnCreated(call, addOn, parent);
	return addOn;
}

function add(call: RestCall) {
	const items = call.body as AddOnItem[];
	const Errors = items.flatMap((item, Index) => {
		const parent = byId(call.site.appointments, item.AppointmentId);
		const problem = addOnProblem(call.site, parent, item.AddOnTypeId, item.StaffId ?? parent?.StaffId ?? 0);
		return problem ? [{ Index, AppointmentId: item.AppointmentId, Message: problem }] : [];
	});
	if (Errors.length) return typed(call, { AddOns: [], Errors }, true);
	const AddOns = items.map((item) => {
		const parent = byId(call.site.appointments, item.AppointmentId)!;
		const notes = typeof item.Notes === 'string' ? item.Notes : '';
		return addOnView(createAddOn(call, parent, item.AddOnTypeId!, item.StaffId ?? parent.StaffId, notes));
	});
	return typed(call, { AddOns, Errors }, false);
}

/** Add-on details grouped by parent appointment id, as the dictionary answers are keyed. */
function grouped(addOns: AddOn[], keys: number[]) {
	const dictionary: Record<string, ReturnType<typeof addOnView>[]> = {};
	for (const key of keys) dictionary[String(key)] = [];
	for (const addOn of addOns) (dictionary[String(addOn.AppointmentId)] ??= []).push(addOnView(addOn));
	return dictionary;
}

/** Keyed by the appointment ids asked for; unknown appointments answer 400 with the rest. */
function byAppointment(call: RestCall) {
	const ids = call.params.ints('appointmentId')!;
	const known = ids.filter((id) => byId(call.site.appointments, id));
	const addOns = call.site.addOns.filter((addOn) => known.includes(addOn.AppointmentId));
	return typed(call, grouped(addOns, known), known.length !== ids.length);
}

/** Keyed by each add-on's parent appointment id; unknown add-on ids answer 400 with the rest. */
function byAddOn(call: RestCall) {
	const ids = call.params.ints('addonId')!;
	const addOns = ids.map((id) => byId(call.site.addOns, id)).filter((a): a is AddOn => !!a);
	return typed(call, grouped(addOns, []), addOns.length !== ids.length);
}

const addOnModify: Modifiable<AddOn> = {
	label: 'Add-on',
	records: (site) => site.addOns,
	fields: [
		['StaffId', rules.staff('StaffId')],
		['Notes', rules.string('Notes')],
		['Status', rules.oneOf('Status', ['Booked', 'Completed'])],
		[
			'AddOnTypeId',
			(value, _record, site) => {
				const type = typeof value === 'number' ? byId(site.appointmentTypes, value) : undefined;
				return type?.IsAddOn ? { AddOnTypeId: type.Id, Name: type.Name } : `add-on type ${String(value)} was not found`;
			},
		],
	],
	check: (changed, site) =>
		addOnProblem(site, byId(site.appointments, changed.AppointmentId), changed.AddOnTypeId, changed.StaffId),
	clientOf: (addOn, site) => byId(site.appointments, addOn.AppointmentId)?.ClientId,
	view: (addOn) => addOnView(addOn),
};

const modify = (call: RestCall) => modifyRecords(call, addOnModify);

const complete = (call: RestCall) => completeRecords(call, call.site.addOns);

/** Deletes add-ons, all or nothing, with one appointmentAddOn.deleted each. */
function remove(call: RestCall) {
	const ids = call.body as number[];
	const Errors = ids
		.filter((id, index) => !byId(call.site.addOns, id) || ids.indexOf(id) !== index)
		.map((id) => ({ AddOnId: id, Message: `Add-on ${id} was not found.` }));
	if (Errors.length) return typed(call, { DeletedAddOnIds: [], Errors }, true);
	const deleted = ids.map((id) => byId(call.site.addOns, id)!);
	call.site.addOns = call.site.addOns.filter((addOn) => !deleted.includes(addOn));
	deleted.forEach((addOn) => emitAddOnDeleted(call, addOn));
	return typed(call, { DeletedAddOnIds: ids, Errors }, false);
}

export const addOnHandlers: HandlerTable = {
	'POST /Business/Schedules/Appointments/Addons/Add': add,
	'GET /Business/Schedules/Appointments/Addons/Addons': byAppointment,
	'GET /Business/Schedules/Appointments/Addons/GetAddons': byAddOn,
	'POST /Business/Schedules/Appointments/Addons/Modify': modify,
	'POST /Business/Schedules/Appointments/Addons/Complete': complete,
	'POST /Business/Schedules/Appointments/Addons/Delete': remove,
};
