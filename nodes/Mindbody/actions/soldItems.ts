import type { IDataObject } from 'n8n-workflow';

import { findOperation } from '../../shared/catalogue';
import { mindbodyRequest } from '../../shared/transport';
import { pickedItemNames } from '../bodies/checkoutForm';
import { siteOption } from '../fields/nodeOptions';
import type { NodeRun } from './send';
import { cartPrices } from './soldWhere';

/**
 * A checkout's answer names no item: the document's ItemBase has no fields, so each CartItems
 * entry's Item comes back empty. The node names each item from what it sent (Type, Id, the
 * amount of a tip or a gift card's value, the name the picker showed) and, when that leaves a
 * name or a price unknown and a sale was made, from the sale read back (one read: its items'
 * descriptions and unit prices). The sale stands whatever the read does: a failed read leaves
 * the names sent and says so, and nothing is sent again. A priced cart that made no sale (Test
 * Only) takes its prices from the pricing options' and products' lists, as the sale would.
 */

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One sold item as the node names it. */
interface SoldItem {
	Type: string;
	Id: string | number | null;
	Name: string | null;
	Price: number | null;
}

/** What was sent for each cart entry: its type, its ID, the amount a tip or a loaded gift card carries. */
function sentItems(body: IDataObject, names: Array<string | undefined>): SoldItem[] {
	const items = Array.isArray(body.Items) ? body.Items : [];
	return items.map((entry, n) => {
		const item = isRecord(entry) && isRecord(entry.Item) ? entry.Item : {};
		const metadata = isRecord(item.Metadata) ? item.Metadata : {};
		const type = text(item.Type);
		const amount = typeof metadata.Amount === 'number' ? metadata.Amount : null;
		const id = metadata.Id === undefined ? null : (metadata.Id as string | number);
		return {
			Type: type,
			Id: id,
			Name: names[n] ?? (type === 'Tip' ? 'Tip' : null),
			Price: amount,
		};
	});
}

const saleOperation = () => findOperation('sale', 'getMany')!;

/** The sale's items as the service recorded them, in one read; undefined when the read fails. */
async function purchasedItems(run: NodeRun, itemIndex: number, saleId: number): Promise<IDataObject[]> {
	const sales = saleOperation();
	const response = await mindbodyRequest(run, {
		operation: sales,
		path: sales.path,
		query: [['request.saleId', String(saleId)]],
		siteId: siteOption(run.ctx, itemIndex),
		itemIndex,
		label: 'Sale: Get Many (to name the items sold)',
	});
	const list = isRecord(response.body) ? response.body.Sales : undefined;
	const sale = (Array.isArray(list) ? list : []).filter(isRecord).find((entry) => text(entry.Id) === String(saleId));
	return (Array.isArray(sale?.PurchasedItems) ? sale.PurchasedItems : []).filter(isRecord);
}

/** Whether a recorded sale line is the item sent (a product by its barcode or ID). */
function sameItem(item: SoldItem, line: IDataObject): boolean {
	const id = text(item.Id);
	if (!id) return false;
	if (item.Type === 'Service') return line.IsService === true && text(line.Id) === id;
	if (item.Type === 'Product') return line.IsService !== true && (text(line.BarcodeId) === id || text(line.Id) === id);
	return text(line.Id) === id;
}

/** Names and prices from the sale's lines: each item its line by ID, else the line at its place. */
function fillFromSale(items: SoldItem[], lines: IDataObject[]) {
	const used = new Set<number>();
	items.forEach((item, n) => {
		let at = lines.findIndex((line, index) => !used.has(index) && sameItem(item, line));
		if (at === -1 && lines.length === items.length && !used.has(n)) at = n;
		if (at === -1) return;
		used.add(at);
		const line = lines[at];
		if (item.Name === null && typeof line.Description === 'string' && line.Description) item.Name = line.Description;
		if (item.Price === null && typeof line.UnitPrice === 'number') item.Price = line.UnitPrice;
	});
}

/**
 * The checkout answer with each CartItems entry's Item named. A sale read back only when the
 * answer has a SaleId and an item still lacks its name or price.
 */
export async function nameSoldItems(
	run: NodeRun,
	itemIndex: number,
	sentBody: unknown,
	answer: unknown,
): Promise<unknown> {
	if (!isRecord(answer) || !isRecord(answer.ShoppingCart) || !isRecord(sentBody)) return answer;
	const cart = answer.ShoppingCart;
	const cartItems = Array.isArray(cart.CartItems) ? cart.CartItems : [];
	const items = sentItems(sentBody, pickedItemNames(run.ctx, itemIndex));
	const saleId = typeof cart.SaleId === 'number' ? cart.SaleId : undefined;
	if (saleId !== undefined && items.some((item) => item.Name === null || item.Price === null)) {
		try {
			fillFromSale(items, await purchasedItems(run, itemIndex, saleId));
		} catch (error) {
			run.ctx.addExecutionHints({
				message: `Item ${itemIndex + 1}: sale ${saleId} was made, but its items could not be read back to name them (${(error as Error).message}); Sale → Get Many with Sale ID ${saleId} shows them`,
				location: 'outputPane',
			});
		}
	}
	const unpriced = new Set(items.flatMap((item, n) => (item.Price === null ? [n] : [])));
	if (saleId === undefined && unpriced.size) {
		try {
			for (const [n, { name, price }] of await cartPrices(run, itemIndex, sentBody, unpriced)) {
				items[n].Price = price;
				if (items[n].Name === null && name) items[n].Name = name;
			}
		} catch (error) {
			run.ctx.addExecutionHints({
				message: `Item ${itemIndex + 1}: the items' prices could not be read (${(error as Error).message}); GrandTotal is the total to pay`,
				location: 'outputPane',
			});
		}
	}
	const named = cartItems.map((entry, n) => {
		if (!isRecord(entry) || !items[n]) return entry;
		const given = isRecord(entry.Item) ? entry.Item : {};
		// What the service said of the item, if anything, stays over what the node worked out.
		return { ...entry, Item: { ...items[n], ...given } };
	});
	return { ...answer, ShoppingCart: { ...cart, CartItems: named } };
}
