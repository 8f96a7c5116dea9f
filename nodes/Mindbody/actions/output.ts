import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import type { V6Field, V6TypeFacts } from '../../../document/factTypes';
import { V6_TYPES } from '../../../document/facts';
import { entriesOf } from '../../shared/transport/pages';

const asObject = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as IDataObject[keyof IDataObject] };

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** At most this many fields in a simplified item, as n8n's guidelines ask. */
export const SIMPLIFIED_FIELDS = 10;

/** Most useful first: the record's id, other ids, names, times, status; then the rest in answer order. */
const FIELD_RANKS = [/^id$/i, /ids?$/i, /name$/i, /(date|time)$/i, /status$/i];
const rankOf = (key: string) => {
	const rank = FIELD_RANKS.findIndex((pattern) => pattern.test(key));
	return rank === -1 ? FIELD_RANKS.length : rank;
};

/**
 * A flat item of at most SIMPLIFIED_FIELDS fields: top-level values, and the Id and Name of a
 * nested object flattened beside them (`Location.Id` → `LocationId`); lists are left out.
 */
export function simplifyItem(item: IDataObject): IDataObject {
	const unique: Array<[string, unknown]> = [];
	const seen = new Set<string>();
	// The first of two fields of one name is kept.
	const add = (key: string, value: unknown) => {
		if (seen.has(key)) return;
		seen.add(key);
		unique.push([key, value]);
	};
	for (const [key, value] of Object.entries(item)) {
		if (isScalar(value)) add(key, value);
		else if (!Array.isArray(value)) {
			for (const sub of ['Id', 'Name']) {
				const nested = (value as IDataObject)[sub];
				if (nested !== undefined && isScalar(nested)) add(`${key}${sub}`, nested);
			}
		}
	}
	// Few enough fields: all of them, in answer order (ranking would keep them all anyway).
	if (unique.length <= SIMPLIFIED_FIELDS) return Object.fromEntries(unique) as IDataObject;
	const ranked = unique
		.map((entry, index) => ({ entry, index, rank: rankOf(entry[0]) }))
		.sort((a, b) => a.rank - b.rank || a.index - b.index)
		.slice(0, SIMPLIFIED_FIELDS)
		.sort((a, b) => a.index - b.index);
	return Object.fromEntries(ranked.map(({ entry }) => entry)) as IDataObject;
}

/** One field of a simplified record: its name, and how it is read from the full record. */
type Kept = readonly [name: string, read: (record: IDataObject) => unknown];

const nestedOf = (record: IDataObject, key: string) => (isRecord(record[key]) ? record[key] : {}) as IDataObject;
const kept = (name: string): Kept => [name, (record) => record[name]];
const inside = (name: string, key: string, field: string): Kept => [name, (record) => nestedOf(record, key)[field]];
/** The staff member's name from the first of these fields that holds one, else first and last name. */
const staffName = (...fields: string[]): Kept => [
	'StaffName',
	(record) => {
		const staff = nestedOf(record, 'Staff');
		const named = fields.map((field) => staff[field]).find((value) => typeof value === 'string' && value !== '');
		return named ?? ([staff.FirstName, staff.LastName].filter(Boolean).join(' ') || null);
	},
];

const CLIENT: readonly Kept[] = ['Id', 'FirstName', 'LastName', 'Email', 'MobilePhone', 'Status', 'Active'].map(kept);

const CLASS: readonly Kept[] = [
	kept('Id'),
	inside('Name', 'ClassDescription', 'Name'),
	kept('StartDateTime'),
	kept('EndDateTime'),
	inside('StaffId', 'Staff', 'Id'),
	staffName('Name', 'DisplayName'),
	inside('LocationId', 'Location', 'Id'),
	inside('LocationName', 'Location', 'Name'),
	kept('IsCanceled'),
	// Places left to book; null where the site hides capacity.
	[
		'SpotsLeft',
		({ MaxCapacity: max, TotalBooked: booked }) =>
			typeof max === 'number' && typeof booked === 'number' ? Math.max(0, max - booked) : null,
	],
];

const APPOINTMENT: readonly Kept[] = [
	kept('Id'),
	kept('StartDateTime'),
	kept('EndDateTime'),
	kept('Status'),
	kept('ClientId'),
	kept('SessionTypeId'),
	kept('StaffId'),
	staffName('DisplayName'),
	kept('LocationId'),
];

const purchased = (record: IDataObject) =>
	(Array.isArray(record.PurchasedItems) ? record.PurchasedItems : []).filter(isRecord);

const SALE: readonly Kept[] = [
	kept('Id'),
	kept('SaleDateTime'),
	kept('ClientId'),
	kept('LocationId'),
	['Items', (record) => purchased(record).map((item) => `${String(item.Description)} × ${String(item.Quantity)}`)],
	[
		'Total',
		(record) =>
			Math.round(purchased(record).reduce((sum, item) => sum + (Number(item.TotalAmount) || 0), 0) * 100) / 100,
	],
];

/** What a person acts on, per record type of the v6 document; other records are simplified by rank. */
const KEPT = new Map<V6TypeFacts, readonly Kept[]>([
	[V6_TYPES.Client, CLIENT],
	[V6_TYPES.ClientWithSuspensionInfo, CLIENT],
	[V6_TYPES.Class, CLASS],
	[V6_TYPES.Appointment, APPOINTMENT],
	[V6_TYPES.Sale, SALE],
]);

const typeOf = (field: V6Field | undefined): V6TypeFacts | undefined => {
	if (typeof field !== 'object') return undefined;
	if ('list' in field) return typeOf(field.list);
	return 'ref' in field ? V6_TYPES[field.ref] : undefined;
};

/** The v6 type of an operation's items: its answer's, or that of the answer's field the node reads. */
function recordTypeOf(operation: Operation): V6TypeFacts | undefined {
	const answer = typeOf(operation.v6?.answer);
	const inner = operation.outputKey ? answer?.fields[operation.outputKey] : undefined;
	return inner ? typeOf(inner) : answer;
}

/** The simplified items of an operation: its record type's fields, else the most useful by rank. */
function simplified(operation: Operation, items: IDataObject[]): IDataObject[] {
	const type = recordTypeOf(operation);
	const fields = type && KEPT.get(type);
	if (!fields) return items.map(simplifyItem);
	return items.map(
		(item) => Object.fromEntries(fields.map(([name, read]) => [name, read(item) ?? null])) as IDataObject,
	);
}

/** Turns a response body into the items a user works with. */
export function shapeOutput(operation: Operation, status: number, body: unknown, simplify = false): IDataObject[] {
	let items: IDataObject[];
	switch (operation.output) {
		case 'deleted':
			return [{ deleted: true }];
		case 'none':
			items = [{ success: true }];
			break;
		case 'boolean':
			items = [{ success: body === true, result: body as boolean }];
			break;
		case 'itemsList':
		case 'namedList':
			// The answer holding the list, or pages already read out of their answers (paging).
			items = entriesOf(operation, body).map(asObject);
			break;
		case 'unwrap': {
			const record = (body as IDataObject | undefined)?.[operation.outputKey!];
			items = record === undefined || record === null ? [] : [asObject(record)];
			break;
		}
		case 'dictionary':
			// Keyed by appointment id: keep the id with its details.
			items = Object.entries((body ?? {}) as IDataObject).map(([appointmentId, details]) =>
				Array.isArray(details) ? { appointmentId, addOns: details } : { appointmentId, ...asObject(details) },
			);
			break;
		default:
			if (status === 204 || body === undefined || body === '') items = [];
			else items = Array.isArray(body) ? body.map(asObject) : [asObject(body)];
	}
	return simplify ? simplified(operation, items) : items;
}

/** Lists joined in order; an entry already present (a related record two answers share) is kept once. */
function joinLists(lists: unknown[][]): unknown[] {
	const seen = new Set<string>();
	return lists.flat().filter((entry) => {
		const key = JSON.stringify(entry);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/**
 * The answers to one id list sent over several requests, as if one request had carried it:
 * lists joined in order, dictionaries and objects merged key by key (their lists joined).
 */
export function mergeBodies(bodies: unknown[]): unknown {
	if (bodies.every(Array.isArray)) return (bodies as unknown[][]).flat();
	if (!bodies.every(isRecord)) return bodies[0];
	const merged: IDataObject = {};
	const lists = new Map<string, unknown[][]>();
	for (const body of bodies as IDataObject[]) {
		for (const [key, value] of Object.entries(body)) {
			if (Array.isArray(value) && (merged[key] === undefined || lists.has(key))) {
				lists.set(key, [...(lists.get(key) ?? []), value]);
				merged[key] = [];
			} else if (merged[key] === undefined) {
				merged[key] = value;
			}
		}
	}
	for (const [key, parts] of lists) merged[key] = joinLists(parts) as IDataObject[];
	return merged;
}
