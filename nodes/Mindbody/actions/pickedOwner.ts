import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { findOperation, pickedLabel, type Operation, type Task, type TaskPickedAmong } from '../../shared/catalogue';
import type { OperationRef } from '../../shared/catalogue/types';
import { mindbodyRequest } from '../../shared/transport';
import { entriesOf, pageQuery, readOn, readPage } from '../../shared/transport/pages';
import { inputPlaces, taskInputPlace } from '../bodies/inputPlaces';
import { locatorValue } from '../fields/fieldValues';
import { siteOption } from '../fields/nodeOptions';
import type { NodeRun } from './send';

export const operationAt = (ref: string): Operation => {
	const [resource, name] = ref.split('.');
	const operation = findOperation(resource, name);
	if (!operation) throw new Error(`No operation ${ref}`);
	return operation;
};

/** A record's field by a dotted path (`Client.Id`). */
export const fieldAt = (record: IDataObject, path: string): unknown =>
	path.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], record);

export const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The IDs a field holds: a locator's value, a list, or one value. */
export function idsOf(value: unknown): string[] {
	const given = locatorValue(value);
	const list = Array.isArray(given) ? given : [given];
	return list.map((entry) => text(locatorValue(entry)).trim()).filter(Boolean);
}

/** The name the editor showed for a picked value ("Omar Walsh · omar@…" → "Omar Walsh"), if it kept one. */
export function shownName(value: unknown): string | undefined {
	const cached = (value as INodeParameterResourceLocator | undefined)?.cachedResultName;
	return typeof cached === 'string' && cached ? cached.split(' · ')[0] : undefined;
}

export const personName = (record: IDataObject | undefined) =>
	[record?.FirstName, record?.LastName].filter(Boolean).map(text).join(' ');

/** The records of an answer: the read's named list. */
function recordsOf(reads: Operation, body: unknown): IDataObject[] {
	const key = reads.paging?.list ?? reads.outputKey;
	const list = key ? (body as IDataObject | undefined)?.[key] : body;
	return Array.isArray(list) ? (list as IDataObject[]) : [];
}

/** Clients' names by ID, in one read; an ID the service does not name stays an ID. */
export async function clientNames(run: NodeRun, itemIndex: number, ids: string[]): Promise<Map<string, string>> {
	const clients = operationAt('client.getMany');
	const names = new Map<string, string>();
	try {
		const response = await mindbodyRequest(run, {
			operation: clients,
			path: clients.path,
			query: ids.map((id): [string, string] => ['request.clientIds', id]),
			siteId: siteOption(run.ctx, itemIndex),
			itemIndex,
			label: 'Client: Get Many (to name the clients)',
		});
		for (const client of recordsOf(clients, response.body)) names.set(text(client.Id), personName(client));
	} catch {
		// The refusal stands without the names: the IDs say who.
	}
	return names;
}

/**
 * Before a task sends: the records picked in its `pickedOwner` input are read back (one read) and
 * the run refused, nothing sent, when one is not the client's (or class's) picked in the narrowing
 * field above it. A narrowing field left empty checks nothing: the list showed everyone's.
 */
export async function checkPickedOwner(run: NodeRun, itemIndex: number, task: Task): Promise<void> {
	const check = task.pickedOwner;
	if (!check) return;
	if ('owner' in check) return await checkPickedAmong(run, itemIndex, task, check);
	const ctx: IExecuteFunctions = run.ctx;
	const narrowed = Object.entries(check.owners).flatMap(([field, at]) => {
		const raw = ctx.getNodeParameter(field, itemIndex, '');
		const [value] = idsOf(raw);
		const narrower = task.narrow?.find((entry) => entry.name === field);
		return value ? [{ field, at, value, raw, label: narrower?.displayName ?? field }] : [];
	});
	if (!narrowed.length) return;
	const place = taskInputPlace(task, inputPlaces(operationAt(task.sends)), check.input);
	const picked = idsOf(ctx.getNodeParameter(place.name, itemIndex, ''));
	if (!picked.length) return;
	const shown = pickedLabel(place.label);

	const reads = operationAt(check.reads);
	const response = await mindbodyRequest(run, {
		operation: reads,
		path: reads.path,
		query: picked.map((id): [string, string] => [check.byIds, id]),
		siteId: siteOption(ctx, itemIndex),
		itemIndex,
		label: `${reads.name} (to check the ${check.thing} picked)`,
	});
	const records = new Map(recordsOf(reads, response.body).map((record) => [text(record.Id), record]));
	for (const id of picked) {
		const record = records.get(id);
		if (!record) {
			throw new NodeOperationError(ctx.getNode(), `${shown}: the ${check.thing} ${id} was not found`, {
				itemIndex,
				description: `It could not be read back to check it belongs to the ${narrowed.map((n) => n.label).join(' and ')} picked. Pick it again from the list. Nothing was sent.`,
			});
		}
		for (const { at, value, raw, label } of narrowed) {
			const owner = text(fieldAt(record, at));
			if (owner === value) continue;
			const isClient = label === 'Client';
			let ownerName = isClient ? personName(record.Client as IDataObject | undefined) : '';
			let pickedName = shownName(raw) ?? '';
			if (isClient && (!ownerName || !pickedName)) {
				const names = await clientNames(run, itemIndex, [owner, value]);
				ownerName ||= names.get(owner) ?? '';
				pickedName ||= names.get(value) ?? '';
			}
			const kind = label.toLowerCase();
			const who = (name: string, ownId: string) => (name ? `${name} (${kind} ${ownId})` : `${kind} ${ownId}`);
			throw new NodeOperationError(
				ctx.getNode(),
				`${shown}: ${check.thing} ${id} belongs to ${who(ownerName, owner)}, not to ${who(pickedName, value)} picked in ${label}`,
				{
					itemIndex,
					description: `${label} was changed after the ${check.thing} was picked. Pick the ${check.thing} again from the list (it shows the ${kind}'s only), or pick ${label} back. Nothing was sent.`,
				},
			);
		}
	}
}

/** The label of a task's field by its node name: a narrowing field's, or an asked input's as picked. */
export function labelOf(task: Task, field: string): string {
	const narrower = task.narrow?.find((entry) => entry.name === field);
	if (narrower) return narrower.displayName;
	const place = [...inputPlaces(operationAt(task.sends)).values()].find((entry) => entry.name === field);
	return place ? pickedLabel(place.label) : field;
}

/** Entries read per page when looking for the picked record among the owner's. */
const PAGE = 200;

/**
 * Before a task sends: the picked record (a pricing option) is looked for among its owner's (the
 * client's on the form), read page by page until found; not among them, the run is refused naming
 * the client, nothing sent. Either field left empty checks nothing: the service picks, or the
 * client's own field is what the request sends.
 */
async function checkPickedAmong(run: NodeRun, itemIndex: number, task: Task, check: TaskPickedAmong): Promise<void> {
	const ctx: IExecuteFunctions = run.ctx;
	const ownerRaw = ctx.getNodeParameter(check.owner.field, itemIndex, '');
	const [owner] = idsOf(ownerRaw);
	const place = taskInputPlace(task, inputPlaces(operationAt(task.sends)), check.input);
	const pickedRaw = ctx.getNodeParameter(
		place.collection ? `${place.collection}.${place.name}` : place.name,
		itemIndex,
		'',
	);
	const [picked] = idsOf(pickedRaw);
	if (!owner || !picked) return;

	const reads = operationAt(check.reads);
	const query: Array<[string, string]> = [[check.owner.param, owner], ...Object.entries(check.query ?? {})];
	const send = async (extra: Array<[string, string]>) =>
		(
			await mindbodyRequest(run, {
				operation: reads,
				path: reads.path,
				query: [...query, ...extra],
				siteId: siteOption(ctx, itemIndex),
				itemIndex,
				label: `${reads.name} (to check the ${check.thing} picked)`,
			})
		).body;
	const isPicked = (record: unknown) => text((record as IDataObject | undefined)?.Id) === picked;
	const { found } = reads.paging
		? await readOn(
				0,
				async (offset) =>
					await readPage(reads, async (from, size) => await send(pageQuery(reads, from, size)), offset, PAGE),
				(records) => records.some(isPicked),
			)
		: { found: entriesOf(reads, await send([])) };
	const pickedName = (pickedRaw as INodeParameterResourceLocator | undefined)?.cachedResultName;
	const thing =
		typeof pickedName === 'string' && pickedName
			? `${check.thing} ${picked} (${pickedName})`
			: `${check.thing} ${picked}`;
	const record = found.find(isPicked) as IDataObject | undefined;
	if (record) {
		if (check.paysFor) await checkPaysFor(run, itemIndex, task, check, record, `${pickedLabel(place.label)}: ${thing}`);
		return;
	}

	const ownerLabel = labelOf(task, check.owner.field);
	const kind = ownerLabel.toLowerCase();
	const ownerName =
		shownName(ownerRaw) ??
		(ownerLabel === 'Client' ? (await clientNames(run, itemIndex, [owner])).get(owner) : undefined) ??
		'';
	const who = ownerName ? `${ownerName} (${kind} ${owner})` : `${kind} ${owner}`;
	throw new NodeOperationError(
		ctx.getNode(),
		`${pickedLabel(place.label)}: ${thing} is not one that ${who}, picked in ${ownerLabel}, holds`,
		{
			itemIndex,
			description: `${ownerLabel} was changed after the ${check.thing} was picked, or the ID is another ${kind}'s. Pick the ${check.thing} again from the list (it shows the ${kind}'s only), or pick ${ownerLabel} back. Nothing was sent.`,
		},
	);
}

/** A picked class as the user saw it: the label the editor kept with the pick, else its day and name. */
export function classDescribed(raw: unknown, record: IDataObject | undefined): string {
	const cached = (raw as INodeParameterResourceLocator | undefined)?.cachedResultName;
	if (typeof cached === 'string' && cached) return cached;
	return [dayAndTime(record?.StartDateTime), text((record?.ClassDescription as IDataObject | undefined)?.Name)]
		.filter(Boolean)
		.join(' · ');
}

/** A time as the pickers write it (the site's clock, as the service wrote it): "Tue 2 Dec 18:00". */
export function dayAndTime(value: unknown): string {
	const time = DateTime.fromISO(text(value), { setZone: true });
	return time.isValid ? time.toFormat('ccc d LLL HH:mm', { locale: 'en' }) : text(value);
}

/** The one record a read by ID answers (`{ Class: {…} }`), or undefined. */
export async function readById(
	run: NodeRun,
	itemIndex: number,
	ref: OperationRef,
	byId: string,
	id: string,
	why: string,
): Promise<IDataObject | undefined> {
	const reads = operationAt(ref);
	const response = await mindbodyRequest(run, {
		operation: reads,
		path: reads.path,
		query: [[byId, id]],
		siteId: siteOption(run.ctx, itemIndex),
		itemIndex,
		label: `${reads.name} (${why})`,
	});
	const body = response.body as IDataObject | undefined;
	const record = reads.outputKey ? body?.[reads.outputKey] : body;
	return record && typeof record === 'object' && !Array.isArray(record) ? (record as IDataObject) : undefined;
}

/**
 * After the pricing option was found among the client's: it must pay for the class picked. The
 * class is read by its ID (one read) and the run refused, nothing sent, when its program (service
 * category) is not the option's. Either program unknown, or no class picked, checks nothing: the
 * service decides, as it does on the option's sessions left, dates and locations.
 */
async function checkPaysFor(
	run: NodeRun,
	itemIndex: number,
	task: Task,
	check: TaskPickedAmong,
	option: IDataObject,
	shownOption: string,
): Promise<void> {
	const paysFor = check.paysFor!;
	const ctx: IExecuteFunctions = run.ctx;
	const raw = ctx.getNodeParameter(paysFor.field, itemIndex, '');
	const [id] = idsOf(raw);
	const own = option.Program as IDataObject | undefined;
	if (!id || own?.Id === undefined) return;
	const record = await readById(
		run,
		itemIndex,
		paysFor.reads,
		paysFor.byId,
		id,
		`to check the ${check.thing} picked pays for the ${paysFor.thing}`,
	);
	const program = fieldAt(record ?? {}, 'ClassDescription.Program') as IDataObject | undefined;
	if (program?.Id === undefined || text(program.Id) === text(own.Id)) return;
	const label = labelOf(task, paysFor.field);
	const described = classDescribed(raw, record);
	const named = (entry: IDataObject) => text(entry.Name) || `program ${text(entry.Id)}`;
	throw new NodeOperationError(
		ctx.getNode(),
		`${shownOption} cannot pay for ${paysFor.thing} ${id}${described ? ` (${described})` : ''}, picked in ${label}: the ${check.thing} is for ${named(own)}, the ${paysFor.thing} is ${named(program)}`,
		{
			itemIndex,
			description: `${label} was changed after the ${check.thing} was picked, or the ID is for another ${paysFor.thing}. Pick the ${check.thing} again from the list (it shows those that can pay for the ${paysFor.thing} picked), leave it empty to let Mindbody pick one, or pick ${label} back. Nothing was sent.`,
		},
	);
}
