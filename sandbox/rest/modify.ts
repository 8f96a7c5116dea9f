import type { SiteData } from '../data/types';
import type { BodyModel } from './bodyModels';
import { typed, type RestCall } from './call';
import { emailClient } from './events';
import { byId } from './views';

type ModifyBody = BodyModel<'modifyAppointments'>;

/** Turns one sent field into the change it makes, or names why it cannot. */
export type FieldRule<T> = (value: unknown, record: T, site: SiteData) => Partial<T> | string;

export interface Modifiable<T extends { Id: number }> {
	/** "Appointment" or "Add-on", for messages. */
	label: string;
	records: (site: SiteData) => T[];
	/** Applied in this order, so EndDateTime wins over the end StartDateTime implies. */
	fields: Array<[string, FieldRule<T>]>;
	/** Checks the record as it would become; a string names the problem. */
	check?: (changed: T, site: SiteData) => string | undefined;
	clientOf: (record: T, site: SiteData) => number | undefined;
	view: (record: T, site: SiteData) => unknown;
	afterChange?: (call: RestCall, record: T) => void;
}

type ModifyError = { Id: number; Message: string };

/** Plans every change first; any error answers 400 with the errors and changes nothing. */
export function modifyRecords<T extends { Id: number }>(call: RestCall, spec: Modifiable<T>) {
	const body = call.body as ModifyBody;
	const Errors: ModifyError[] = [];
	const plans = body.Appointments.flatMap((entry) => {
		const record = byId(spec.records(call.site), entry.Id);
		if (!record) {
			Errors.push({ Id: entry.Id, Message: `${spec.label} ${entry.Id} was not found.` });
			return [];
		}
		let changed = { ...record };
		for (const [name, rule] of spec.fields) {
			if (!(name in entry)) continue;
			const patch = rule((entry as Record<string, unknown>)[name], changed, call.site);
			if (typeof patch === 'string') {
				Errors.push({ Id: entry.Id, Message: `${name}: ${patch}` });
				return [];
			}
			changed = { ...changed, ...patch };
		}
		const problem = spec.check?.(changed, call.site);
		if (problem) Errors.push({ Id: entry.Id, Message: problem });
		return problem ? [] : [{ record, changed }];
	});
	if (Errors.length) return typed(call, { Appointments: [], Errors }, true);
	for (const { record, changed } of plans) {
		Object.assign(record, changed);
		spec.afterChange?.(call, record);
		const clientId = spec.clientOf(record, call.site);
		if (body.SendEmail && clientId !== undefined) {
			emailClient(call, clientId, 'appointment.changed', `Your ${spec.label.toLowerCase()} has changed`, {
				id: record.Id,
			});
		}
	}
	return typed(call, { Appointments: plans.map(({ record }) => spec.view(record, call.site)), Errors }, false);
}

/** Marks records completed; an unknown or cancelled one answers 400 `false` and changes nothing. */
export function completeRecords<T extends { Id: number; Status: string }>(
	call: RestCall,
	records: T[],
	onComplete?: (record: T) => void,
) {
	const ids = call.body as number[];
	const found = ids.map((id) => byId(records, id));
	if (found.some((record) => !record || record.Status === 'Cancelled')) return typed(call, false, true);
	for (const record of found as T[]) {
		const changed = record.Status !== 'Completed';
		record.Status = 'Completed';
		if (changed) onComplete?.(record);
	}
	return typed(call, true, false);
}

/** Field rules both appointments and add-ons use. */
export const rules = {
	string:
		<T>(field: keyof T): FieldRule<T> =>
		(value) =>
			typeof value === 'string' ? ({ [field]: value } as Partial<T>) : 'must be a string',
	boolean:
		<T>(field: keyof T): FieldRule<T> =>
		(value) =>
			typeof value === 'boolean' ? ({ [field]: value } as Partial<T>) : 'must be true or false',
	oneOf:
		<T>(field: keyof T, allowed: readonly string[]): FieldRule<T> =>
		(value) =>
			typeof value === 'string' && allowed.includes(value)
				? ({ [field]: value } as Partial<T>)
				: `must be one of ${allowed.join(', ')}`,
	staff:
		<T>(field: keyof T): FieldRule<T> =>
		(value, _record, site) =>
			typeof value === 'number' && byId(site.staff, value)
				? ({ [field]: value } as Partial<T>)
				: `staff member ${String(value)} was not found`,
};
