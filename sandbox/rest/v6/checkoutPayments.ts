import { isoAt } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import { TEST_CARDS, type CardTransaction, type IssuedGiftCard, type StoredCard } from '../../data/saleRecords';
import type { Client, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import {
	ACCEPTED_CARD_TYPES,
	CARD_METHOD,
	CUSTOM_METHODS,
	METHODS,
	metaFlag,
	metaNumber,
	metaText,
	round2,
	sameMoney,
} from './saleLookups';

/**
 * Payments of checkouts and purchases (CheckoutPaymentInfo: Type + Metadata, and the card fields
 * of PurchaseContract): read and checked before anything changes, charged only once the whole
 * call is known to succeed (spec rule 2: no charge is made when the call fails).
 *
 * Test cards: 4000002760003184 needs a card challenge (SCA); 4000000000000002 is declined; any
 * other valid number of an accepted brand (Visa, MasterCard, American Express) is charged at once.
 */

export interface CardDetails {
	number: string;
	type: string;
	lastFour: string;
	expMonth: string;
	expYear: string;
	swiped: boolean;
	save: boolean;
	/** The bank asks for a card challenge before it authorizes this card. */
	challenge: boolean;
}

export type TenderKind =
	| 'cash'
	| 'check'
	| 'comp'
	| 'card'
	| 'storedCard'
	| 'account'
	| 'giftCard'
	| 'custom'
	| 'directDebit';

/** One payment of a call, checked. */
export interface Tender {
	path: string;
	kind: TenderKind;
	amount: number;
	methodId: number;
	methodName: string;
	lastFour: string | null;
	notes: string | null;
	card?: CardDetails;
	giftCardBarcode?: string;
	/** The client whose account credit it spends. */
	accountClientId?: number;
}

const bad = (code: string, message: string) => v6Error(400, code, message);

function luhn(digits: string): boolean {
	let sum = 0;
	for (let index = 0; index < digits.length; index++) {
		let digit = Number(digits[digits.length - 1 - index]);
		if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
		sum += digit;
	}
	return sum % 10 === 0;
}

export function cardTypeOf(digits: string): string {
	if (/^4/.test(digits)) return 'Visa';
	if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MasterCard';
	if (/^3[47]/.test(digits)) return 'AmericanExpress';
	if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
	return 'Unknown';
}

/** A card as the bank sees it: number, brand, expiry; declined or challenged by its number. */
export function checkCard(
	call: RestCall,
	path: string,
	input: { number?: string; expMonth?: string; expYear?: string; cvv?: string; save?: boolean; swiped?: boolean },
): CardDetails | SandboxResponse {
	const digits = (input.number ?? '').replace(/[\s-]/g, '');
	if (!digits) return v6Error(400, 'MissingRequiredFields', `${path}: a card number is required.`);
	if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
		return bad('InvalidCreditCard', `${path}: the card number is not a valid card number.`);
	}
	const type = cardTypeOf(digits);
	if (!(ACCEPTED_CARD_TYPES as readonly string[]).includes(type)) {
		return bad(
			'CardTypeNotAccepted',
			`${path}: ${type} cards are not accepted here (accepted: ${ACCEPTED_CARD_TYPES.join(', ')}).`,
		);
	}
	const month = Number(input.expMonth);
	const yearText = String(input.expYear ?? '').trim();
	const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : Number(yearText);
	if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000) {
		return bad('InvalidExpirationDate', `${path}: the expiration month and year are not valid.`);
	}
	if (Date.UTC(year, month, 1) <= call.now) return bad('CardExpired', `${path}: the card has expired.`);
	if (input.cvv !== undefined && input.cvv !== null && input.cvv !== '' && !/^\d{3,4}$/.test(String(input.cvv))) {
		return bad('InvalidCvv', `${path}: the CVV must be 3 or 4 digits.`);
	}
	if (digits === TEST_CARDS.declined) return bad('CardDeclined', `${path}: the card was declined.`);
	return {
		number: digits,
		type,
		lastFour: digits.slice(-4),
		expMonth: String(month).padStart(2, '0'),
		expYear: String(year),
		swiped: input.swiped ?? false,
		save: input.save ?? false,
		challenge: !input.swiped && digits === TEST_CARDS.challenge,
	};
}

const cardTender = (path: string, amount: number, card: CardDetails, notes: string | null = null): Tender => ({
	path,
	kind: 'card',
	amount,
	methodId: CARD_METHOD[card.type].Id,
	methodName: CARD_METHOD[card.type].Name,
	lastFour: card.lastFour,
	notes,
	card,
});

export const findStoredCard = (site: SiteData, clientId: number, lastFour: string): StoredCard | undefined =>
	site.saleRecords.storedCards.find((card) => card.ClientId === clientId && card.LastFour === lastFour);

export const findIssuedGiftCard = (site: SiteData, barcodeId: string): IssuedGiftCard | undefined =>
	site.saleRecords.issuedGiftCards.find((card) => card.BarcodeId.toLowerCase() === barcodeId.toLowerCase());

/** A stored card of `payer` as a card tender: one a payment saved, or the card on file. */
export function storedCardTender(
	call: RestCall,
	path: string,
	payer: Client | undefined,
	lastFour: string | undefined,
	amount: number,
): Tender | SandboxResponse {
	if (!payer) return v6Error(400, 'MissingRequiredFields', `${path}: a stored card needs the paying client.`);
	if (!lastFour) return v6Error(400, 'MissingRequiredFields', `${path}: LastFour is required for a stored card.`);
	const stored = findStoredCard(call.site, payer.Id, lastFour);
	const onFile = payer.CreditCard?.LastFour === lastFour ? payer.CreditCard : undefined;
	if (!stored && !onFile) {
		return bad('StoredCardNotFound', `${path}: client ${payer.ClientId} has no card ending in ${lastFour}.`);
	}
	if (stored) {
		const card = checkCard(call, path, { number: stored.Number, expMonth: stored.ExpMonth, expYear: stored.ExpYear });
		if ('status' in card) return card;
		return { ...cardTender(path, amount, card), kind: 'storedCard' };
	}
	const month = Number(onFile!.ExpMonth);
	const year = Number(onFile!.ExpYear);
	if (Date.UTC(year, month, 1) <= call.now) return bad('CardExpired', `${path}: the card on file has expired.`);
	const type = CARD_METHOD[onFile!.CardType] ? onFile!.CardType : 'Visa';
	const card: CardDetails = {
		number: '',
		type,
		lastFour,
		expMonth: onFile!.ExpMonth,
		expYear: onFile!.ExpYear,
		swiped: false,
		save: false,
		challenge: false,
	};
	return { ...cardTender(path, amount, card), kind: 'storedCard' };
}

/** One CheckoutPaymentInfo ({ Type, Metadata }) as a tender; `payer` owns cards and account credit. */
export function readPayment(
	call: RestCall,
	path: string,
	payment: { Type?: string; Metadata?: unknown } | null | undefined,
	payer: Client | undefined,
): Tender | SandboxResponse {
	const type = String(payment?.Type ?? '').toLowerCase();
	if (!type) return v6Error(400, 'MissingRequiredFields', `${path}.Type is required.`);
	const data = payment?.Metadata;
	const amount = metaNumber(data, 'Amount');
	if (amount === undefined) return v6Error(400, 'MissingRequiredFields', `${path}.Metadata.Amount is required.`);
	if (amount < 0) return bad('InvalidPaymentAmount', `${path}.Metadata.Amount must not be negative.`);
	const notes = metaText(data, 'Notes') ?? null;
	const simple = (kind: TenderKind, method: { Id: number; Name: string }): Tender => ({
		path,
		kind,
		amount: round2(amount),
		methodId: method.Id,
		methodName: method.Name,
		lastFour: null,
		notes,
	});
	switch (type) {
		case 'cash':
			return simple('cash', METHODS.cash);
		case 'check':
			return simple('check', METHODS.check);
		case 'comp':
			return simple('comp', METHODS.comp);
		case 'directdebit':
			if (!payer) return v6Error(400, 'MissingRequiredFields', `${path}: direct debit needs the paying client.`);
			return { ...simple('directDebit', METHODS.directDebit), accountClientId: payer.Id };
		case 'debitaccount':
			if (!payer) return v6Error(400, 'MissingRequiredFields', `${path}: account credit needs the paying client.`);
			return { ...simple('account', METHODS.account), accountClientId: payer.Id };
		case 'giftcard': {
			const barcode = metaText(data, 'CardNumber');
			if (!barcode) return v6Error(400, 'MissingRequiredFields', `${path}.Metadata.CardNumber is required.`);
			const card = findIssuedGiftCard(call.site, barcode);
			if (!card || card.Voided) return bad('GiftCardNotFound', `${path}: gift card ${barcode} was not found.`);
			return { ...simple('giftCard', METHODS.giftCard), giftCardBarcode: card.BarcodeId, lastFour: barcode.slice(-4) };
		}
		case 'custom': {
			const id = metaNumber(data, 'Id');
			// 801 is a wallet: it pays as any custom method does, with no other field (spec rule 2).
			const method =
				id === METHODS.wallet.Id ? METHODS.wallet : CUSTOM_METHODS.find((candidate) => candidate.Id === id);
			if (!method) {
				return bad(
					'InvalidPaymentMethod',
					`${path}.Metadata.Id must name a custom payment method (GET /sale/custompaymentmethods) or 801.`,
				);
			}
			return simple('custom', method);
		}
		case 'creditcard': {
			const card = checkCard(call, path, {
				number: metaText(data, 'CreditCardNumber'),
				expMonth: metaText(data, 'ExpMonth'),
				expYear: metaText(data, 'ExpYear'),
				cvv: metaText(data, 'Cvv'),
				save: metaFlag(data, 'SaveInfo'),
			});
			return 'status' in card ? card : cardTender(path, round2(amount), card, notes);
		}
		case 'storedcard':
			return storedCardTender(call, path, payer, metaText(data, 'LastFour'), round2(amount));
		case 'trackdata':
		case 'encryptedtrackdata': {
			const track = metaText(data, 'TrackData') ?? '';
			const number = /\d{13,19}/.exec(track)?.[0];
			const expiry = /\^[^^]*\^(\d{2})(\d{2})/.exec(track);
			const card = checkCard(call, path, {
				number: number ?? '',
				expYear: expiry?.[1] ?? String(new Date(call.now).getUTCFullYear() + 1),
				expMonth: expiry?.[2] ?? '12',
				swiped: true,
			});
			return 'status' in card ? card : cardTender(path, round2(amount), card, notes);
		}
		default:
			return bad(
				'InvalidPaymentType',
				`${path}.Type must be one of CreditCard, StoredCard, DirectDebit, EncryptedTrackData, TrackData, DebitAccount, Custom, Comp, Cash, Check, GiftCard.`,
			);
	}
}

export function readPayments(
	call: RestCall,
	payments: unknown[] | null | undefined,
	payer: Client | undefined,
	path = 'Payments',
): Tender[] | SandboxResponse {
	const tenders: Tender[] = [];
	for (const [index, payment] of (payments ?? []).entries()) {
		const tender = readPayment(call, `${path}[${index}]`, payment as { Type?: string; Metadata?: unknown }, payer);
		if ('status' in tender) return tender;
		tenders.push(tender);
	}
	return tenders;
}

/** The tenders pay exactly `total`. */
export function checkTotal(tenders: Tender[], total: number): SandboxResponse | undefined {
	const paid = round2(tenders.reduce((sum, tender) => sum + tender.amount, 0));
	return sameMoney(paid, total)
		? undefined
		: bad('InvalidPaymentAmount', `The payments add up to ${paid.toFixed(2)}, the total is ${total.toFixed(2)}.`);
}

/** Gift card balances and account credit cover what the tenders take from them. */
export function checkFunds(site: SiteData, tenders: Tender[]): SandboxResponse | undefined {
	const gift = new Map<string, number>();
	const account = new Map<number, number>();
	for (const tender of tenders) {
		if (tender.giftCardBarcode)
			gift.set(tender.giftCardBarcode, (gift.get(tender.giftCardBarcode) ?? 0) + tender.amount);
		if (tender.kind === 'account') {
			account.set(tender.accountClientId!, (account.get(tender.accountClientId!) ?? 0) + tender.amount);
		}
	}
	for (const [barcode, amount] of gift) {
		const card = findIssuedGiftCard(site, barcode)!;
		if (card.Voided || card.Balance + 0.005 < amount) {
			return bad(
				'InsufficientGiftCardBalance',
				`Gift card ${barcode} holds ${card.Balance.toFixed(2)}, the payment asks ${amount.toFixed(2)}.`,
			);
		}
	}
	for (const [clientId, amount] of account) {
		const client = byId(site.clients, clientId)!;
		if (client.AccountBalance + 0.005 < amount) {
			return bad(
				'InsufficientAccountBalance',
				`Client ${client.ClientId} has ${client.AccountBalance.toFixed(2)} of account credit, the payment asks ${amount.toFixed(2)}.`,
			);
		}
	}
	return undefined;
}

export const cardTenders = (tenders: Tender[]) => tenders.filter((tender) => tender.card);

export const challengedTenders = (tenders: Tender[]) => tenders.filter((tender) => tender.card?.challenge);

function newTransaction(
	call: RestCall,
	tender: Tender,
	init: { clientId: number; locationId: number; cartId: string | null; saleId: number | null },
	status: CardTransaction['Status'],
): CardTransaction {
	const card = tender.card!;
	const stamp = isoAt(call.now);
	const transaction: CardTransaction = {
		TransactionId: takeRecordId(call.site.saleRecords, 'transactions', 5_000_000),
		SaleId: init.saleId,
		ClientId: init.clientId,
		Amount: tender.amount,
		Status: status,
		Challenge: status === 'ChallengeRequired' ? 'Pending' : null,
		TransactionTime: stamp,
		AuthTime: status === 'ChallengeRequired' ? null : stamp,
		LocationId: init.locationId,
		CardType: card.type,
		LastFour: card.lastFour,
		ExpMonth: card.expMonth,
		ExpYear: card.expYear,
		Swiped: card.swiped,
		CartId: init.cartId,
	};
	call.site.saleRecords.transactions.push(transaction);
	return transaction;
}

/**
 * Authorizes every card of a cart that waits for a card challenge: challenged cards wait for the
 * consumer, the others are pre-authorized (listed without an AuthenticationUrl). Nothing is charged.
 */
export function authorizeCards(
	call: RestCall,
	tenders: Tender[],
	init: { clientId: number; locationId: number; cartId: string },
): CardTransaction[] {
	return cardTenders(tenders).map((tender) =>
		newTransaction(
			call,
			tender,
			{ ...init, saleId: null },
			tender.card!.challenge ? 'ChallengeRequired' : 'Authorized',
		),
	);
}

/**
 * Takes the money: gift card balances, account credit, card captures (authorized transactions in
 * the order of the cards, or new ones). Returns each tender's transaction id (cards only).
 * Called only after every check passed.
 */
export function chargeTenders(
	call: RestCall,
	tenders: Tender[],
	init: { clientId: number; locationId: number; cartId: string | null; saleId: number },
	authorized: CardTransaction[] = [],
): Array<number | null> {
	const { site } = call;
	let nextAuthorized = 0;
	return tenders.map((tender) => {
		if (tender.giftCardBarcode) {
			const card = findIssuedGiftCard(site, tender.giftCardBarcode)!;
			card.Balance = round2(card.Balance - tender.amount);
		}
		if (tender.kind === 'account') {
			const client = byId(site.clients, tender.accountClientId)!;
			client.AccountBalance = round2(client.AccountBalance - tender.amount);
		}
		if (!tender.card) return null;
		const held = authorized[nextAuthorized++];
		const transaction = held ?? newTransaction(call, tender, { ...init, saleId: init.saleId }, 'Approved');
		Object.assign(transaction, {
			Status: 'Approved',
			SaleId: init.saleId,
			AuthTime: transaction.AuthTime ?? isoAt(call.now),
		});
		if (tender.card.save && tender.kind === 'card') saveCard(site, init.clientId, tender.card);
		return transaction.TransactionId;
	});
}

/** A card saved on the client's account (SaveInfo): StoredCard pays with it, and it is their card on file. */
function saveCard(site: SiteData, clientId: number, card: CardDetails): void {
	const cards = site.saleRecords.storedCards;
	const client = byId(site.clients, clientId);
	if (client) {
		client.CreditCard = {
			CardType: card.type,
			LastFour: card.lastFour,
			ExpMonth: card.expMonth,
			ExpYear: card.expYear,
			CardHolder: `${client.FirstName} ${client.LastName}`,
			Address: client.AddressLine1 ?? '',
			City: client.City ?? '',
			State: client.State ?? '',
			PostalCode: client.PostalCode ?? '',
		};
	}
	if (cards.some((stored) => stored.ClientId === clientId && stored.Number === card.number)) return;
	cards.push({
		Id: cards.reduce((max, stored) => Math.max(max, stored.Id), 0) + 1,
		ClientId: clientId,
		Number: card.number,
		LastFour: card.lastFour,
		CardType: card.type,
		ExpMonth: card.expMonth,
		ExpYear: card.expYear,
	});
}
