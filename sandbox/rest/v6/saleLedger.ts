import { inclusiveEnd, isoAt, parseWhen } from '../../data/dates';
import { takeId } from '../../data/generate';
import type { CardTransaction, SaleExtra, SaleLineExtra } from '../../data/saleRecords';
import type { Client, Payment, Sale, SaleItem, SaleItemType, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { emit, sendEmail, type RestCall } from '../call';
import { byId } from '../views';
import { chargeTenders, type Tender } from './checkoutPayments';
import { voidClientContract } from './contractClients';
import { viewPage } from './salePaging';
import { METHODS, REVENUE, round2, soldByOf } from './saleLookups';
import { SEEDED_TRANSACTION_BASE, saleView, seededTransactions, transactionView } from './saleViews';

/**
 * The sales ledger: every purchase of the area ends here as a Sale of site.sales (the record GET
 * /Business/Sales/SalesDetails, the dashboard and GET /sale/sales read), with clientSale.created.
 * Also GET /sale/sales, GET /sale/transactions, UpdateSaleDate and ReturnSale.
 */

/** One line of a sale being recorded. */
export interface LedgerLine {
	type: SaleItemType | 'AccountPayment';
	name: string;
	itemId: number | null;
	barcodeId?: string | null;
	quantity: number;
	unitPrice: number;
	discount: number;
	taxRate?: number;
	tax?: number;
	/** What the line costs, discount taken and tax added. */
	total: number;
	notes?: string | null;
	contractId?: number | null;
	clientContractId?: number | null;
	clientServiceIds?: number[];
	giftCardBarcodeId?: string | null;
	activeDate?: string | null;
	expDate?: string | null;
}

export interface SaleInput {
	saleId: number;
	/** Who the items are for. */
	client: Client;
	/** Who pays (PayerClientId), else the client. */
	payer: Client;
	locationId: number;
	soldBy: { id: number; name: string };
	lines: LedgerLine[];
	tenders: Tender[];
	cartId: string | null;
	/** Card authorizations the sale captures (a cart that passed its card challenge). */
	authorized?: CardTransaction[];
}

/** A purchase turns a prospect into a client (a Test call never comes here: rule 2). */
function markPurchased(client: Client, at: string): void {
	if (!client.IsProspect) return;
	client.IsProspect = false;
	client.LastModifiedDateTime = at;
}

export function emitSaleCreated(call: RestCall, sale: Sale, soldByName: string): void {
	const { site } = call;
	const extra = site.saleRecords.saleExtras[sale.Id];
	const payer = byId(site.clients, sale.ClientId);
	const recipient = byId(site.clients, extra?.RecipientClientId ?? sale.ClientId);
	emit(call, 'clientSale.created', {
		siteId: call.siteId,
		saleId: sale.Id,
		soldById: sale.SoldById,
		locationId: sale.LocationId,
		totalAmountPaid: sale.TotalAmount,
		purchasingClientId: payer?.ClientId ?? String(sale.ClientId),
		soldByName,
		saleDateTime: sale.SaleDateTime,
		payments: sale.Payments.map((payment) => ({
			paymentId: payment.Id,
			paymentMethodId: payment.MethodId,
			paymentMethodName: payment.MethodName,
			paymentAmountPaid: payment.Amount,
			paymentLastFour: payment.LastFour,
			paymentNotes: extra?.PaymentNotes[payment.Id] ?? null,
		})),
		items: sale.Items.map((item) => ({
			itemId: extra?.Lines[item.Id]?.ItemId ?? item.Id,
			type: item.Type,
			name: item.Name,
			amountPaid: item.Amount,
			amountDiscounted: item.Discount,
			quantity: item.Quantity,
			recipientClientId: recipient?.ClientId ?? String(sale.ClientId),
			paymentReferenceId: sale.Payments[0]?.Id ?? 0,
		})),
	});
}

/** Charges the tenders, adds the Sale to the ledger and emits clientSale.created. */
export function recordSale(call: RestCall, input: SaleInput): Sale {
	const { site } = call;
	const stamp = isoAt(call.now);
	const lines: Record<string, SaleLineExtra> = {};
	const items: SaleItem[] = input.lines.map((line) => {
		const id = takeId(site, 'saleItems');
		const revenue = REVENUE[line.type];
		lines[id] = {
			ItemId: line.itemId,
			BarcodeId: line.barcodeId ?? null,
			ContractId: line.contractId ?? null,
			ClientContractId: line.clientContractId ?? null,
			ClientServiceIds: line.clientServiceIds ?? [],
			GiftCardBarcodeId: line.giftCardBarcodeId ?? null,
			TaxRate: line.taxRate ?? 0,
			Tax: line.tax ?? 0,
			Notes: line.notes ?? null,
			ActiveDate: line.activeDate ?? null,
			ExpDate: line.expDate ?? null,
			Returned: false,
		};
		return {
			Id: id,
			// The ledger's item types lack AccountPayment; webhooks.md names it for account credit.
			Type: line.type as SaleItemType,
			Name: line.name,
			CategoryName: revenue.name,
			RevenueCategoryId: revenue.id,
			Quantity: line.quantity,
			UnitPrice: line.unitPrice,
			Discount: line.discount,
			Amount: line.total,
		};
	});
	const transactionIds = chargeTenders(
		call,
		input.tenders,
		{ clientId: input.payer.Id, locationId: input.locationId, cartId: input.cartId, saleId: input.saleId },
		input.authorized,
	);
	const payments: Payment[] = input.tenders.map((tender) => ({
		Id: takeId(site, 'payments'),
		MethodId: tender.methodId,
		MethodName: tender.methodName,
		Amount: tender.amount,
		LastFour: tender.lastFour,
	}));
	const extra: SaleExtra = {
		OriginalSaleDateTime: stamp,
		RecipientClientId: input.client.Id,
		CartId: input.cartId,
		Lines: lines,
		PaymentNotes: Object.fromEntries(payments.map((payment, index) => [payment.Id, input.tenders[index].notes])),
		PaymentTransactions: Object.fromEntries(
			payments.flatMap((payment, index) =>
				transactionIds[index] === null ? [] : [[payment.Id, transactionIds[index] as number]],
			),
		),
		ReturnOfSaleId: null,
		ReturnedBySaleId: null,
		ReturnReason: null,
	};
	const sale: Sale = {
		Id: input.saleId,
		SaleDateTime: stamp,
		ClientId: input.payer.Id,
		LocationId: input.locationId,
		SoldById: input.soldBy.id,
		Items: items,
		Payments: payments,
		TotalAmount: round2(items.reduce((sum, item) => sum + item.Amount, 0)),
		Events: [],
	};
	site.sales.push(sale);
	site.saleRecords.saleExtras[sale.Id] = extra;
	markPurchased(input.client, stamp);
	markPurchased(input.payer, stamp);
	emitSaleCreated(call, sale, input.soldBy.name);
	return sale;
}

/**
 * The side record of a sale; a seeded sale gets one when it first changes (a new date, a return),
 * its card payments keeping the transactions derived from them.
 */
export function extraOf(site: SiteData, sale: Sale): SaleExtra {
	const records = site.saleRecords;
	records.saleExtras[sale.Id] ??= {
		OriginalSaleDateTime: sale.SaleDateTime,
		RecipientClientId: sale.ClientId,
		CartId: null,
		Lines: Object.fromEntries(sale.Items.map((item) => [item.Id, blankLine()])),
		PaymentNotes: {},
		PaymentTransactions: Object.fromEntries(
			sale.Payments.filter((payment) => payment.LastFour !== null).map((payment) => [
				payment.Id,
				SEEDED_TRANSACTION_BASE + payment.Id,
			]),
		),
		ReturnOfSaleId: null,
		ReturnedBySaleId: null,
		ReturnReason: null,
	};
	return records.saleExtras[sale.Id];
}

/** A purchase receipt in the outbox (SendEmail, SendEmailReceipt, SendNotifications). */
export function sendReceipt(call: RestCall, client: Client, sale: Sale, what: string): void {
	sendEmail(call, client.Email, 'saleReceipt', `Your receipt for ${what}`, {
		saleId: sale.Id,
		total: sale.TotalAmount,
	});
}

// ---- GET /sale/sales ----

function getSales(call: RestCall): SandboxResponse {
	const { params } = call;
	const saleId = params.int('request.saleId');
	const from = params.time('request.startSaleDateTime');
	const to = params.time('request.endSaleDateTime');
	const end = to === undefined ? undefined : inclusiveEnd(to);
	const methodId = params.int('request.paymentMethodId');
	// Ledger order (ids follow time): a poller reading from its last start date sees new sales last.
	const rows = call.site.sales.filter((sale) => {
		if (saleId !== undefined && sale.Id !== saleId) return false;
		if (methodId !== undefined && !sale.Payments.some((payment) => payment.MethodId === methodId)) return false;
		if (from === undefined && end === undefined) return true;
		const when = Date.parse(sale.SaleDateTime);
		return (from === undefined || when >= from) && (end === undefined || when <= end);
	});
	return viewPage(call, 'Sales', rows, (sale) => saleView(call.site, sale));
}

// ---- GET /sale/transactions ----

function getTransactions(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const clientId = params.int('request.clientId');
	const locationId = params.int('request.locationId');
	const saleId = params.int('request.saleId');
	const transactionId = params.int('request.transactionId');
	const status = params.str('request.status')?.toLowerCase();
	const from = params.time('request.transactionStartDateTime');
	const to = params.time('request.transactionEndDateTime');
	const end = to === undefined ? undefined : inclusiveEnd(to);
	const rows = [...seededTransactions(site), ...site.saleRecords.transactions].filter((t) => {
		const when = Date.parse(t.TransactionTime);
		return (
			(clientId === undefined || t.ClientId === clientId) &&
			(locationId === undefined || t.LocationId === locationId) &&
			(saleId === undefined || t.SaleId === saleId) &&
			(transactionId === undefined || t.TransactionId === transactionId) &&
			(status === undefined || t.Status.toLowerCase() === status) &&
			(from === undefined || when >= from) &&
			(end === undefined || when <= end)
		);
	});
	return viewPage(call, 'Transactions', rows, (t) => transactionView(t, call.now));
}

// ---- PUT /sale/updatesaledate ----

function updateSaleDate(call: RestCall): SandboxResponse {
	const body = call.body as { SaleID?: number; SaleDate?: string };
	if (body.SaleID === undefined || body.SaleID === null)
		return v6Error(400, 'MissingRequiredFields', 'SaleID is required.');
	if (!body.SaleDate) return v6Error(400, 'MissingRequiredFields', 'SaleDate is required.');
	const sale = byId(call.site.sales, body.SaleID);
	if (!sale) return v6Error(404, 'SaleNotFound', `Sale ${body.SaleID} was not found.`);
	// A date alone moves the sale to that day and keeps its time of day.
	const time = body.SaleDate.includes('T') ? '' : sale.SaleDateTime.slice(10);
	const when = parseWhen(time ? `${body.SaleDate.slice(0, 10)}${time}` : body.SaleDate);
	extraOf(call.site, sale);
	sale.SaleDateTime = isoAt(when);
	return v6Json({ Sale: saleView(call.site, sale) });
}

// ---- POST /sale/returnsale ----

/**
 * Returns a whole sale as account credit (spec rule 17): a return sale with negative lines joins
 * the ledger, the amount goes to the purchasing client's AccountBalance, and what the sale made is
 * undone: pricing options returned, gift cards voided, products back in stock, a contract deleted
 * with its membership removed (clientMembershipAssignment.cancelled, Events rule 3).
 */
function returnSale(call: RestCall): SandboxResponse {
	const { site } = call;
	const records = site.saleRecords;
	const body = call.body as { SaleId?: number; ReturnReason?: string };
	if (body.SaleId === undefined || body.SaleId === null)
		return v6Error(400, 'MissingRequiredFields', 'SaleId is required.');
	const sale = byId(site.sales, body.SaleId);
	if (!sale) return v6Error(404, 'SaleNotFound', `Sale ${body.SaleId} was not found.`);
	const extra = records.saleExtras[sale.Id];
	if (extra?.ReturnOfSaleId) return v6Error(400, 'InvalidSale', `Sale ${sale.Id} is itself a return.`);
	if (extra?.ReturnedBySaleId) {
		return v6Error(
			400,
			'SaleAlreadyReturned',
			`Sale ${sale.Id} was already returned (sale ${extra.ReturnedBySaleId}).`,
		);
	}
	const client = byId(site.clients, sale.ClientId);
	if (!client) return v6Error(404, 'ClientNotFound', `The client of sale ${sale.Id} was not found.`);
	const amount = sale.TotalAmount;
	const soldBy = soldByOf(call);
	const returnId = takeId(site, 'sales');
	const stamp = isoAt(call.now);
	const items: SaleItem[] = sale.Items.map((item) => ({
		...item,
		Id: takeId(site, 'saleItems'),
		Quantity: -item.Quantity,
		Discount: -item.Discount,
		Amount: -item.Amount,
	}));
	const refund: Payment = {
		Id: takeId(site, 'payments'),
		MethodId: METHODS.account.Id,
		MethodName: METHODS.account.Name,
		Amount: -amount,
		LastFour: null,
	};
	site.sales.push({
		Id: returnId,
		SaleDateTime: stamp,
		ClientId: sale.ClientId,
		LocationId: sale.LocationId,
		SoldById: soldBy.id || sale.SoldById,
		Items: items,
		Payments: [refund],
		TotalAmount: -amount,
		Events: [],
	});
	records.saleExtras[returnId] = {
		OriginalSaleDateTime: stamp,
		RecipientClientId: extra?.RecipientClientId ?? sale.ClientId,
		CartId: null,
		Lines: Object.fromEntries(
			sale.Items.map((item, index) => [
				items[index].Id,
				{ ...(extra?.Lines[item.Id] ?? blankLine()), Returned: true, ClientServiceIds: [] },
			]),
		),
		PaymentNotes: { [refund.Id]: 'Returned as account credit' },
		PaymentTransactions: {},
		ReturnOfSaleId: sale.Id,
		ReturnedBySaleId: null,
		ReturnReason: body.ReturnReason ?? null,
	};
	client.AccountBalance = round2(client.AccountBalance + amount);
	const returned = extraOf(site, sale);
	returned.ReturnedBySaleId = returnId;
	undoLines(call, sale, returned);
	return v6Json({ ReturnSaleID: returnId, TrainerID: soldBy.id || sale.SoldById, Amount: amount });
}

const blankLine = (): SaleLineExtra => ({
	ItemId: null,
	BarcodeId: null,
	ContractId: null,
	ClientContractId: null,
	ClientServiceIds: [],
	GiftCardBarcodeId: null,
	TaxRate: 0,
	Tax: 0,
	Notes: null,
	ActiveDate: null,
	ExpDate: null,
	Returned: false,
});

function undoLines(call: RestCall, sale: Sale, extra: SaleExtra): void {
	const { site } = call;
	const records = site.saleRecords;
	for (const item of sale.Items) {
		const line = extra.Lines[item.Id];
		if (!line) continue;
		line.Returned = true;
		for (const serviceId of line.ClientServiceIds) {
			const origin = records.clientServiceOrigins[serviceId];
			if (origin) origin.Returned = true;
			const service = byId(site.clientServices, serviceId);
			if (service) service.Remaining = 0;
		}
		if (line.GiftCardBarcodeId) {
			const card = records.issuedGiftCards.find((c) => c.BarcodeId === line.GiftCardBarcodeId);
			if (card) Object.assign(card, { Voided: true, Balance: 0 });
		}
		if (item.Type === 'Product' && line.ItemId !== null) {
			const product = byId(records.products, line.ItemId);
			const stock = product?.Inventory.find((row) => row.LocationId === sale.LocationId) ?? product?.Inventory[0];
			if (product && stock) {
				stock.UnitsInStock += item.Quantity;
				stock.UnitsSold -= item.Quantity;
				stock.ModifiedDateTime = isoAt(call.now);
				product.InStock += item.Quantity;
			}
		}
		if (line.ClientContractId !== null) voidClientContract(call, line.ClientContractId);
	}
}

export const saleLedgerHandlers = {
	GetSales: getSales,
	GetTransactions: getTransactions,
	UpdateSaleDate: updateSaleDate,
	ReturnSale: returnSale,
};
