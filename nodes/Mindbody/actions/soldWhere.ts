import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Task } from '../../shared/catalogue';
import { mindbodyRequest } from '../../shared/transport';
import { inputPlaces, taskInputPlace } from '../bodies/inputPlaces';
import { siteOption } from '../fields/nodeOptions';
import { idsOf, operationAt, shownName, text } from './pickedOwner';
import { operationLabel, type NodeRun } from './send';

/**
 * Where a sale is made decides what it may sell and at which price: without a Location, the online
 * store (its prices; a pricing option not sold online is refused there), with one, the desk's
 * (a pricing option kept to some locations is refused elsewhere when the sale holds to them). A
 * pricing option picked before the Location changed may no longer fit: the cart's pricing options
 * are read in one request and a misfit is refused naming both, before anything is sent.
 */

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The cart's entries of one Type, with their place in Items and the ID sent. */
function cartEntries(body: IDataObject, type: string): Array<{ at: number; id: string }> {
	const items = Array.isArray(body.Items) ? body.Items : [];
	return items.flatMap((entry, at) => {
		const item = isRecord(entry) && isRecord(entry.Item) ? entry.Item : undefined;
		const id = isRecord(item?.Metadata) ? text(item.Metadata.Id) : '';
		return item?.Type === type && id ? [{ at, id }] : [];
	});
}

/** The records of a sale list (pricing options, products) with these IDs, in one request. */
async function recordsByIds(
	run: NodeRun,
	itemIndex: number,
	ref: 'pricingOption.getMany' | 'product.getMany',
	ids: string[],
	why: string,
): Promise<IDataObject[]> {
	const wire = ref === 'pricingOption.getMany' ? 'request.serviceIds' : 'request.productIds';
	const list = operationAt(ref);
	const response = await mindbodyRequest(run, {
		operation: list,
		path: list.path,
		query: ids.map((id): [string, string] => [wire, id]),
		siteId: siteOption(run.ctx, itemIndex),
		itemIndex,
		label: `${operationLabel(list)} (${why})`,
	});
	const key = list.paging?.list ?? list.outputKey;
	const records = key && isRecord(response.body) ? response.body[key] : undefined;
	return (Array.isArray(records) ? records : []).filter(isRecord);
}

/** The Location on the form: its ID and the name the editor kept with it. */
function locationOnForm(run: NodeRun, itemIndex: number, task: Task): { id?: string; name?: string } {
	const place = taskInputPlace(task, inputPlaces(operationAt(task.sends)), 'LocationId');
	const raw = run.ctx.getNodeParameter(place.name, itemIndex, '');
	const [id] = idsOf(raw);
	return id ? { id, name: shownName(raw) } : {};
}

/** Locations' names by ID, in one read; an ID the service does not name stays "location ID". */
async function locationNames(run: NodeRun, itemIndex: number): Promise<Map<string, string>> {
	const reads = operationAt('location.getMany');
	const response = await mindbodyRequest(run, {
		operation: reads,
		path: reads.path,
		siteId: siteOption(run.ctx, itemIndex),
		itemIndex,
		label: 'Location: Get Many (to name where the pricing option is sold)',
	});
	const list = isRecord(response.body) ? response.body.Locations : undefined;
	return new Map(
		(Array.isArray(list) ? list : []).filter(isRecord).map((location) => [text(location.Id), text(location.Name)]),
	);
}

const refused = (run: NodeRun, itemIndex: number, message: string, why: string) =>
	new NodeOperationError(run.ctx.getNode(), message, {
		itemIndex,
		description: `${why} Nothing was sent.`,
	});

/** Before Sell sends: each pricing option of the cart can be sold where the sale is made. */
export async function checkSoldWhere(run: NodeRun, itemIndex: number, task: Task, body: unknown): Promise<void> {
	if (!isRecord(body)) return;
	const entries = cartEntries(body, 'Service');
	if (!entries.length) return;
	const location = locationOnForm(run, itemIndex, task);
	const holdsToLocations = body.EnforceLocationRestrictions === true;
	// Only an online sale, or one that holds to the pricing options' locations, can be refused for its place.
	if (location.id && !holdsToLocations) return;
	const ids = [...new Set(entries.map((entry) => entry.id))];
	const records = await recordsByIds(run, itemIndex, 'pricingOption.getMany', ids, 'to check where they are sold');
	const byId = new Map(records.map((record) => [text(record.Id), record]));
	for (const { at, id } of entries) {
		const record = byId.get(id);
		if (!record) continue;
		const named = `${text(record.Name) || 'pricing option'} (${id})`;
		if (!location.id) {
			if (record.SellOnline !== false) continue;
			throw refused(
				run,
				itemIndex,
				`Items[${at}].Pricing Option: ${named} is not sold online, and with no Location picked the sale is made at the online store: pick the Location where it is sold`,
				'Without a Location, Mindbody sells at the online store, which does not sell this pricing option.',
			);
		}
		const soldAt = (Array.isArray(record.SellAtLocationIds) ? record.SellAtLocationIds : []).map(text);
		if (!soldAt.length || soldAt.includes(location.id)) continue;
		const names = await locationNames(run, itemIndex);
		const where = soldAt.map((locationId) => names.get(locationId) || `location ${locationId}`).join(', ');
		const here = `${location.name ?? (names.get(location.id) || 'location')} (${location.id})`;
		throw refused(
			run,
			itemIndex,
			`Items[${at}].Pricing Option: ${named} is sold at ${where} only, but Location is ${here}: pick the pricing option again, or the Location where it is sold`,
			'Location changed after the pricing option was picked, and the sale holds to the locations each pricing option is sold at.',
		);
	}
}

/**
 * Each item's price as the sale would take it, for a priced cart that made no sale (Test Only):
 * the pricing options' and products' own prices, the desk's with a Location, the online store's
 * without. One read per kind; undefined where neither list names the item.
 */
export async function cartPrices(
	run: NodeRun,
	itemIndex: number,
	body: IDataObject,
	wanted: ReadonlySet<number>,
): Promise<Map<number, { name: string; price: number }>> {
	const online = body.LocationId === undefined || body.LocationId === null;
	const found = new Map<number, { name: string; price: number }>();
	const kinds = [
		{ type: 'Service', ref: 'pricingOption.getMany' as const, ids: (r: IDataObject) => [r.Id, r.ProductId] },
		{ type: 'Product', ref: 'product.getMany' as const, ids: (r: IDataObject) => [r.Id, r.ProductId, r.BarcodeId] },
	];
	for (const { type, ref, ids } of kinds) {
		const entries = cartEntries(body, type).filter((entry) => wanted.has(entry.at));
		if (!entries.length) continue;
		const records = await recordsByIds(
			run,
			itemIndex,
			ref,
			[...new Set(entries.map((e) => e.id))],
			'to price the items',
		);
		for (const { at, id } of entries) {
			const record = records.find((r) => ids(r).some((value) => text(value) === id));
			const price = record && (online ? record.OnlinePrice : record.Price);
			if (record && typeof price === 'number') found.set(at, { name: text(record.Name), price });
		}
	}
	return found;
}

/**
 * A checkout refused for its payments' total, made without a Location: the total was the online
 * store's, which the refusal does not say. Said in the message; other errors stay as they are.
 */
export function onlinePriceNote(run: NodeRun, itemIndex: number, task: Task | undefined, error: unknown): unknown {
	if (!task || !(error instanceof NodeApiError)) return error;
	if (locationOnForm(run, itemIndex, task).id) return error;
	const code = text((error.context?.data as IDataObject | undefined)?.errorCode);
	if (!/PaymentAmount/i.test(code) && !/\btotal\b/i.test(error.message)) return error;
	const note =
		"no Location was picked, so Mindbody priced the sale at the online store's prices and taxes, which may differ from the desk's";
	error.message = `${error.message.replace(/\.$/, '')}: ${note}`;
	error.description =
		`${error.description ?? ''} Pick the Location to sell at its prices, or pay the online total (Test Only shows it).`.trim();
	return error;
}
