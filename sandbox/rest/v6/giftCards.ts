import { dateOf, isoAt, parseWhen } from '../../data/dates';
import { takeId } from '../../data/generate';
import type { CardTransaction, GiftCard, IssuedGiftCard, PendingPurchase } from '../../data/saleRecords';
import type { Client, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { sendEmail, type RestCall } from '../call';
import { byId } from '../views';
import {
	authorizeCards,
	challengedTenders,
	checkFunds,
	checkTotal,
	findIssuedGiftCard,
	readPayment,
	type Tender,
} from './checkoutPayments';
import { authenticationUrl, openPending, transactionsOf } from './saleChallenges';
import { recordSale, sendReceipt } from './saleLedger';
import { ONLINE_STORE, findClient, round2, soldByOf, todayOf } from './saleLookups';

/**
 * Gift cards: PurchaseGiftCard (spec rule 17: every payment type, BarcodeId and SenderName; a card
 * challenge follows the states table) issues a card whose balance GET /sale/giftcardbalance reads.
 */

/** A new card, or more value on the card the barcode names (a reload). */
export function issueGiftCard(
	site: SiteData,
	init: {
		card: GiftCard;
		value: number;
		barcodeId: string | null;
		saleId: number;
		purchaserId: number;
		recipientEmail: string | null;
		recipientName: string | null;
		senderName: string | null;
		layoutId: number;
		at: number;
	},
): IssuedGiftCard {
	const records = site.saleRecords;
	const existing = init.barcodeId ? findIssuedGiftCard(site, init.barcodeId) : undefined;
	if (existing && !existing.Voided) {
		existing.Balance = round2(existing.Balance + init.value);
		return existing;
	}
	const issued: IssuedGiftCard = {
		BarcodeId: init.barcodeId ?? `SBX-GC-${init.saleId}-${records.issuedGiftCards.length + 1}`,
		GiftCardId: init.card.Id,
		InitialValue: init.value,
		Balance: init.value,
		PurchaserClientId: init.purchaserId,
		RecipientEmail: init.recipientEmail,
		RecipientName: init.recipientName,
		SenderName: init.senderName,
		LayoutId: init.layoutId,
		SaleId: init.saleId,
		IssuedDateTime: isoAt(init.at),
		Voided: false,
	};
	records.issuedGiftCards.push(issued);
	return issued;
}

interface GiftCardBody {
	Test?: boolean;
	LocationId: number;
	LayoutId?: number;
	PurchaserClientId: string;
	GiftCardId: number;
	SendEmailReceipt?: boolean;
	RecipientEmail?: string;
	RecipientName?: string;
	Title?: string;
	GiftMessage?: string;
	DeliveryDate?: string;
	PaymentInfo?: { Type?: string; Metadata?: unknown };
	SalesRepId?: number;
	ConsumerPresent?: boolean;
	PaymentAuthenticationCallbackUrl?: string;
	BarcodeId?: string;
	SenderName?: string;
}

interface GiftCardPlan {
	body: GiftCardBody;
	purchaser: Client;
	card: GiftCard;
	price: number;
	tenders: Tender[];
	fromName: string;
}

/** Lengths the document states for the gift card fields. */
const LENGTHS: Array<[keyof GiftCardBody, number]> = [
	['RecipientEmail', 100],
	['RecipientName', 20],
	['Title', 20],
	['GiftMessage', 300],
];

function planGiftCard(call: RestCall, body: GiftCardBody): GiftCardPlan | SandboxResponse {
	const { site } = call;
	const purchaser = findClient(site, body.PurchaserClientId);
	if (!purchaser) return v6Error(404, 'ClientNotFound', `Client ${body.PurchaserClientId} was not found.`);
	if (body.LocationId !== ONLINE_STORE && !byId(site.locations, body.LocationId)) {
		return v6Error(400, 'InvalidLocation', `LocationId: location ${body.LocationId} was not found.`);
	}
	const card = byId(site.saleRecords.giftCards, body.GiftCardId);
	if (!card) return v6Error(400, 'InvalidGiftCard', `GiftCardId: gift card ${body.GiftCardId} was not found.`);
	for (const [field, max] of LENGTHS) {
		const value = body[field];
		if (typeof value === 'string' && value.length > max) {
			return v6Error(400, 'InvalidParameter', `${field} must be at most ${max} characters long.`);
		}
	}
	if (body.LayoutId) {
		const missing = (['RecipientEmail', 'RecipientName', 'Title', 'DeliveryDate'] as const).filter((f) => !body[f]);
		if (missing.length) {
			return v6Error(
				400,
				'MissingRequiredFields',
				`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when LayoutId is not 0.`,
			);
		}
	}
	if (body.DeliveryDate && dateOf(parseWhen(body.DeliveryDate)) < todayOf(call)) {
		return v6Error(400, 'InvalidParameter', 'DeliveryDate cannot be in the past.');
	}
	const existing = body.BarcodeId ? findIssuedGiftCard(site, body.BarcodeId) : undefined;
	if (existing?.Voided) return v6Error(400, 'InvalidGiftCard', `Gift card ${body.BarcodeId} was voided.`);
	const price = card.SalePrice;
	let tenders: Tender[] = [];
	if (body.PaymentInfo) {
		const tender = readPayment(call, 'PaymentInfo', body.PaymentInfo, purchaser);
		if ('status' in tender) return tender;
		if (tender.giftCardBarcode && existing && tender.giftCardBarcode === existing.BarcodeId) {
			return v6Error(400, 'InvalidPaymentType', 'A gift card cannot pay for its own reload.');
		}
		tenders = [tender];
	} else if (price > 0) {
		return v6Error(400, 'MissingRequiredFields', 'PaymentInfo is required.');
	}
	const wrong = checkTotal(tenders, price) ?? checkFunds(site, tenders);
	if (wrong) return wrong;
	return {
		body,
		purchaser,
		card,
		price,
		tenders,
		fromName: body.SenderName ?? `${purchaser.FirstName} ${purchaser.LastName}`,
	};
}

function answerOf(plan: GiftCardPlan, extra: Record<string, unknown>) {
	return {
		BarcodeId: plan.body.BarcodeId ?? null,
		Value: plan.card.Value,
		AmountPaid: plan.price,
		FromName: plan.fromName,
		LayoutId: plan.body.LayoutId ?? 0,
		EmailReceipt: plan.body.SendEmailReceipt ?? false,
		PurchaserClientId: plan.purchaser.ClientId,
		PurchaserEmail: plan.purchaser.Email,
		RecipientEmail: plan.body.RecipientEmail ?? null,
		SaleId: null,
		PaymentProcessingFailures: [],
		Status: 'Success',
		...extra,
	};
}

function executeGiftCard(call: RestCall, plan: GiftCardPlan, authorized: CardTransaction[] = []) {
	const { site } = call;
	const { body, purchaser, card } = plan;
	const saleId = takeId(site, 'sales');
	const issued = issueGiftCard(site, {
		card,
		value: card.Value,
		barcodeId: body.BarcodeId ?? null,
		saleId,
		purchaserId: purchaser.Id,
		recipientEmail: body.RecipientEmail ?? null,
		recipientName: body.RecipientName ?? null,
		senderName: plan.fromName,
		layoutId: body.LayoutId ?? 0,
		at: call.now,
	});
	const sale = recordSale(call, {
		saleId,
		client: purchaser,
		payer: purchaser,
		locationId: body.LocationId,
		soldBy: soldByOf(call, body.SalesRepId),
		lines: [
			{
				type: 'GiftCard',
				name: card.Name,
				itemId: card.Id,
				quantity: 1,
				unitPrice: plan.price,
				discount: 0,
				total: plan.price,
				giftCardBarcodeId: issued.BarcodeId,
			},
		],
		tenders: plan.tenders,
		cartId: null,
		authorized,
	});
	if (body.SendEmailReceipt) sendReceipt(call, purchaser, sale, card.Name);
	if (body.RecipientEmail) {
		sendEmail(call, body.RecipientEmail, 'giftCard', body.Title ?? `A gift card from ${plan.fromName}`, {
			barcodeId: issued.BarcodeId,
			value: card.Value,
			deliveryDate: body.DeliveryDate ?? null,
			message: body.GiftMessage ?? null,
		});
	}
	return answerOf(plan, { BarcodeId: issued.BarcodeId, SaleId: sale.Id });
}

function purchaseGiftCard(call: RestCall): SandboxResponse {
	const body = call.body as GiftCardBody;
	const plan = planGiftCard(call, body);
	if ('status' in plan) return plan;
	if (body.Test) return v6Json(answerOf(plan, {}));
	const challenged = challengedTenders(plan.tenders);
	if (challenged.length) {
		const refused = challengeRefusal(body);
		if (refused) return refused;
		const pending = openPending(call, {
			kind: 'giftCard',
			clientId: plan.purchaser.Id,
			request: body,
			callbackUrl: body.PaymentAuthenticationCallbackUrl,
		});
		const held = authorizeCards(call, plan.tenders, {
			clientId: plan.purchaser.Id,
			locationId: body.LocationId,
			cartId: pending.Id,
		});
		pending.TransactionIds = held.map((t) => t.TransactionId);
		return v6Json(
			answerOf(plan, {
				PaymentProcessingFailures: challengeFailures(call, held),
				Status: 'PaymentAuthenticationRequired',
			}),
		);
	}
	return v6Json(executeGiftCard(call, plan));
}

/** The card challenge needs a consumer to answer it, and a page to send them back to. */
export function challengeRefusal(body: {
	ConsumerPresent?: boolean | null;
	PaymentAuthenticationCallbackUrl?: string | null;
}): SandboxResponse | undefined {
	if (!body.ConsumerPresent) {
		return v6Error(
			400,
			'PaymentAuthenticationRequired',
			'The card needs a card challenge (SCA) and ConsumerPresent is false: no one can answer it, so nothing was charged.',
		);
	}
	if (!body.PaymentAuthenticationCallbackUrl) {
		return v6Error(
			400,
			'MissingRequiredFields',
			'PaymentAuthenticationCallbackUrl is required when the consumer must answer a card challenge.',
		);
	}
	return undefined;
}

/** PaymentProcessingFailures of a purchase that waits for its card challenge. */
export const challengeFailures = (call: RestCall, held: CardTransaction[]) =>
	held
		.filter((transaction) => transaction.Challenge === 'Pending')
		.map((transaction) => ({
			Type: 'PaymentAuthenticationRequired',
			Message: `The bank asks the consumer to authenticate the card ending in ${transaction.LastFour}; the purchase completes once they do, within 15 minutes.`,
			AuthenticationRedirectUrl: authenticationUrl(call, transaction.TransactionId),
		}));

/** The consumer passed the challenge: the purchase completes with the authorized card. */
export function finishGiftCard(call: RestCall, pending: PendingPurchase): Record<string, unknown> | SandboxResponse {
	const plan = planGiftCard(call, pending.Request as GiftCardBody);
	if ('status' in plan) return plan;
	return executeGiftCard(call, plan, transactionsOf(call.site, pending));
}

export const giftCardHandlers = {
	PurchaseGiftCard: purchaseGiftCard,
};
