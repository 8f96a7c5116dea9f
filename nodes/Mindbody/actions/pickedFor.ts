import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { operations, pickedLabel, type Task } from '../../shared/catalogue';
import type { TaskPickedFor } from '../../shared/catalogue/types';
import { mindbodyRequest } from '../../shared/transport';
import { entriesOf, pageQuery } from '../../shared/transport/pages';
import { inputPlaces, taskInputPlace } from '../bodies/inputPlaces';
import { locatorValue } from '../fields/fieldValues';
import { siteOption } from '../fields/nodeOptions';
import {
	classDescribed,
	clientNames,
	dayAndTime,
	idsOf,
	labelOf,
	operationAt,
	personName,
	readById,
	shownName,
	text,
} from './pickedOwner';
import type { NodeRun } from './send';

/** Names told apart as a person reads them: case, spacing and Unicode forms aside. */
const sameName = (a: string, b: string) =>
	a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() ===
	b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** A record's name as the pickers write it: its name, display name, or a person's full name. */
const recordName = (record: IDataObject | undefined) => text(record?.Name ?? record?.DisplayName) || personName(record);

/** "A, B and C". */
const listed = (words: string[]) =>
	words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');

interface NamedField {
	entry: TaskPickedFor['names'][number];
	/** The record the entry's label names (the slot's staff member). */
	shown: string;
	/** The field's value, its label, and the name the editor kept with it (list mode only). */
	id: string;
	label: string;
	cached?: string;
	/** The record's name on the form: kept by the editor, or read. */
	name?: string;
}

/**
 * The names of the form's records the editor did not keep (an ID typed, an expression): one read
 * of the list the entry was picked from, for the picked entry's day and the form's values; its
 * records name them. Records the answer does not name stay unnamed, and are not checked.
 */
async function readNames(run: NodeRun, itemIndex: number, task: Task, value: string, fields: NamedField[]) {
	const ctx: IExecuteFunctions = run.ctx;
	const list = task.ask?.find((entry) => entry.input === task.pickedFor?.input)?.listSource;
	const source = list && operations.find((operation) => operation.serves === list);
	const day = DateTime.fromISO(value, { setZone: true }).toISODate();
	if (!list || !source || !day) return;
	const query: Array<[string, string]> = Object.entries(list.follows ?? {}).flatMap(([wire, { field }]) => {
		const [id] = idsOf(ctx.getNodeParameter(field, itemIndex, ''));
		return id ? [[wire, id] as [string, string]] : [];
	});
	if (list.lookAhead) query.push([list.lookAhead.from, day], [list.lookAhead.until, day]);
	// One page: any record of the answer names the staff member, session type and location asked for.
	if (source.paging) query.push(...pageQuery(source, 0, 20));
	const response = await mindbodyRequest(run, {
		operation: source,
		path: source.path,
		query,
		siteId: siteOption(ctx, itemIndex),
		itemIndex,
		label: `${source.name} (to name what the ${task.pickedFor?.thing} was picked for)`,
	});
	const records = entriesOf(source, response.body) as IDataObject[];
	for (const field of fields.filter((entry) => entry.name === undefined)) {
		const named = records.map((record) => recordName(record[field.entry.record] as IDataObject)).find(Boolean);
		if (named) field.name = named;
	}
}

/**
 * Before Book Appointment sends: the slot picked is one of the staff member, session type and
 * location on the form. A slot's value is its start only, so the check reads the label the editor
 * kept with it ("Tue 2 Dec 10:00 · Deep Tissue 60 · Hana Müller · Downtown") against the names of
 * the form's records (the names the editor kept with them: no request), and refuses the run,
 * nothing sent, naming both. A record given by ID or expression is named by one read of the slot
 * list for that day. A slot typed or given by an expression carries no label: there is nothing to
 * check it against, and it is sent as it is (the service decides). Two records of one name cannot
 * be told apart this way, as on the form.
 */
export async function checkPickedFor(run: NodeRun, itemIndex: number, task: Task): Promise<void> {
	const check = task.pickedFor;
	if (!check) return;
	const ctx: IExecuteFunctions = run.ctx;
	const places = inputPlaces(operationAt(task.sends));
	const place = taskInputPlace(task, places, check.input);
	const shownAs = pickedLabel(place.label);
	const raw = ctx.getNodeParameter(place.name, itemIndex, '') as INodeParameterResourceLocator | string;
	const label = typeof raw === 'object' && raw?.mode === 'list' ? raw.cachedResultName : undefined;
	const value = text(locatorValue(raw)).trim();
	if (typeof label !== 'string' || !label || !value) return;
	const [time, ...names] = label.split(' · ');
	// A label of another time (an expression put in after a pick) says nothing of this value.
	if (time !== dayAndTime(value)) return;

	const fields: NamedField[] = check.names.flatMap((entry, index) => {
		const shown = names[index];
		const fieldPlace = taskInputPlace(task, places, entry.input);
		const fieldRaw = ctx.getNodeParameter(fieldPlace.name, itemIndex, '');
		const [id] = idsOf(fieldRaw);
		// A field left empty: the list showed every record's entries.
		if (!shown || !id) return [];
		const cached = (fieldRaw as INodeParameterResourceLocator | undefined)?.cachedResultName;
		const kept = typeof cached === 'string' && cached ? cached : undefined;
		// A list entry's label is the name and the ID: "Zoe Brown (12)".
		const name = kept?.endsWith(` (${id})`) ? kept.slice(0, -` (${id})`.length) : kept;
		return [{ entry, shown, id, label: pickedLabel(fieldPlace.label), cached: kept, name }];
	});
	if (fields.some((field) => field.name === undefined)) await readNames(run, itemIndex, task, value, fields);
	const stale = fields.filter((field) => field.name !== undefined && !sameName(field.name, field.shown));
	if (!stale.length) return;

	const slot = listed(stale.map(({ entry, shown }) => entry.says.replace('{name}', shown)));
	const form = listed(
		stale.map(({ label: fieldLabel, cached, name, id }) => `${fieldLabel} is ${cached ?? `${name} (${id})`}`),
	);
	const labels = listed(stale.map((field) => field.label));
	throw new NodeOperationError(
		ctx.getNode(),
		`${shownAs}: the ${check.thing} picked is ${slot} (${label}), but ${form}: pick the ${check.thing} again`,
		{
			itemIndex,
			description: `${labels} changed after the ${check.thing} was picked: n8n keeps a pick when a field its list follows changes. Pick the ${check.thing} again from the list (it shows the ${check.thing}s of the ${labels} on the form), or pick ${labels} back. Nothing was sent.`,
		},
	);
}

/**
 * Before Cancel Class Booking sends: the class picked is one the client on the form is booked
 * into. The class is read by its ID with its bookings (one read) and the run refused, nothing
 * sent, naming the client and the class, when none of them is the client's. The class picker
 * lists the client's bookings, and the editor keeps a class picked for another client.
 */
export async function checkPickedBooking(run: NodeRun, itemIndex: number, task: Task): Promise<void> {
	const check = task.pickedBooking;
	if (!check) return;
	const ctx: IExecuteFunctions = run.ctx;
	const clientRaw = ctx.getNodeParameter(check.client, itemIndex, '');
	const [client] = idsOf(clientRaw);
	const place = taskInputPlace(task, inputPlaces(operationAt(task.sends)), check.input);
	const pickedRaw = ctx.getNodeParameter(place.name, itemIndex, '');
	const [picked] = idsOf(pickedRaw);
	if (!client || !picked) return;
	const record = await readById(run, itemIndex, check.reads, check.byId, picked, `to check the ${check.thing} picked`);
	const visits = Array.isArray(record?.Visits) ? (record.Visits as IDataObject[]) : [];
	// A late-cancelled booking stays on the roster, but there is nothing left to cancel.
	if (visits.some((visit) => text(visit.ClientId) === client && visit.LateCancelled !== true)) return;

	const clientName = shownName(clientRaw) ?? (await clientNames(run, itemIndex, [client])).get(client) ?? '';
	const who = clientName ? `${clientName} (client ${client})` : `client ${client}`;
	const described = classDescribed(pickedRaw, record);
	const what = `${check.thing} ${picked}${described ? ` (${described})` : ''}`;
	const clientLabel = labelOf(task, check.client);
	throw new NodeOperationError(
		ctx.getNode(),
		`${pickedLabel(place.label)}: ${who}, picked in ${clientLabel}, is not booked into ${what}`,
		{
			itemIndex,
			description: `${clientLabel} was changed after the ${check.thing} was picked, or the booking was cancelled since. Pick the ${check.thing} again from the list (it shows the ${clientLabel.toLowerCase()}'s bookings only), or pick ${clientLabel} back. Nothing was sent.`,
		},
	);
}
