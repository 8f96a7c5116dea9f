import { dateOf } from '../../data/dates';
import type { Client, PromoCode, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { byId } from '../views';

/** Lookups, money and payment-method facts the sale handlers share. */

/** Sales made through the public API or the online store carry location 98 (webhooks.md). */
export const ONLINE_STORE = 98;

export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export const sameMoney = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** A date (YYYY-MM-DD) as the document's date-times write it. */
export const atMidnight = (date: string) => `${date}T00:00:00Z`;

export const todayOf = (call: { now: number }) => dateOf(call.now);

/** A body value of a free-form object (Metadata): keys in any case, as the binder reads them. */
export function meta(source: unknown, key: string): unknown {
	if (!source || typeof source !== 'object' || Array.isArray(source)) return undefined;
	const found = Object.keys(source).find((name) => name.toLowerCase() === key.toLowerCase());
	return found === undefined ? undefined : (source as Record<string, unknown>)[found];
}

export function metaNumber(source: unknown, key: string): number | undefined {
	const value = meta(source, key);
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

export function metaText(source: unknown, key: string): string | undefined {
	const value = meta(source, key);
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	return undefined;
}

export function metaFlag(source: unknown, key: string): boolean | undefined {
	const value = meta(source, key);
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	return undefined;
}

/** A client by unique id (which wins when both are sent) or by client id (RSSID). */
export function findClient(site: SiteData, clientId?: string | null, uniqueId?: number | null): Client | undefined {
	if (uniqueId !== undefined && uniqueId !== null) return byId(site.clients, uniqueId);
	if (clientId === undefined || clientId === null || clientId === '') return undefined;
	const wanted = String(clientId).toLowerCase();
	return site.clients.find((client) => client.ClientId.toLowerCase() === wanted);
}

export const clientNotFound = (clientId: unknown): SandboxResponse =>
	v6Error(404, 'ClientNotFound', `Client ${String(clientId)} was not found.`);

/** The client a GET names with request.clientId / request.uniqueClientId, or its error. */
export function clientOfParams(call: RestCall): Client | SandboxResponse {
	const uniqueId = call.params.int('request.uniqueClientId');
	const clientId = call.params.str('request.clientId');
	const client = findClient(call.site, clientId, uniqueId);
	return client ?? clientNotFound(uniqueId ?? clientId);
}

export const isAnswer = (value: unknown): value is SandboxResponse =>
	typeof value === 'object' &&
	value !== null &&
	'status' in value &&
	typeof (value as SandboxResponse).status === 'number';

/** Who sold it: the staff token's holder, else the SalesRepId sent, else the online store (0). */
export function soldByOf(call: RestCall, salesRepId?: number | null): { id: number; name: string } {
	const staffId = isStaff(call) ? call.user!.UserId : (salesRepId ?? undefined);
	const staff = byId(call.site.staff, staffId ?? undefined);
	return staff ? { id: staff.Id, name: `${staff.FirstName} ${staff.LastName}` } : { id: 0, name: 'Online Store' };
}

/** Payment method ids of the ledger (site.sales' Payment.MethodId). */
export const METHODS = {
	cash: { Id: 1, Name: 'Cash' },
	visa: { Id: 2, Name: 'Visa' },
	mastercard: { Id: 3, Name: 'Mastercard' },
	account: { Id: 4, Name: 'Account' },
	check: { Id: 5, Name: 'Check' },
	giftCard: { Id: 6, Name: 'Gift Card' },
	comp: { Id: 7, Name: 'Comp' },
	amex: { Id: 8, Name: 'American Express' },
	directDebit: { Id: 9, Name: 'Direct Debit' },
	wallet: { Id: 801, Name: 'Wallet' },
	ideal: { Id: 997, Name: 'iDEAL' },
} as const;

/** Alternative (wallet and local) payment methods: 801 needs no redirect, 997 pays at the bank. */
export const ALTERNATIVE_METHODS = [
	{ Id: 801, Name: 'Apple Pay', redirect: false },
	{ Id: 997, Name: 'iDEAL', redirect: true },
] as const;

/** The business's own payment methods (Custom payments name one by id). */
export const CUSTOM_METHODS = [
	{ Id: 16, Name: 'Studio Voucher' },
	{ Id: 17, Name: 'Partner Pass' },
	{ Id: 18, Name: 'Bank Transfer' },
] as const;

/** Card brands the business accepts (GET /sale/acceptedcardtypes); others are refused. */
export const ACCEPTED_CARD_TYPES = ['Visa', 'MasterCard', 'AmericanExpress'] as const;

export const CARD_METHOD: Record<string, { Id: number; Name: string }> = {
	Visa: METHODS.visa,
	MasterCard: METHODS.mastercard,
	AmericanExpress: METHODS.amex,
};

/** Revenue categories of sale lines (site.revenueCategories), by line type. */
export const REVENUE: Record<string, { id: number; name: string }> = {
	Service: { id: 1, name: 'Services' },
	Package: { id: 1, name: 'Services' },
	Product: { id: 2, name: 'Retail' },
	Contract: { id: 3, name: 'Memberships' },
	GiftCard: { id: 4, name: 'Gift Cards' },
	Tip: { id: 5, name: 'Tips' },
	AccountPayment: { id: 6, name: 'Account Payments' },
};

/** A promotion code a cart or contract may use: active, within its dates, uses left, online if sold online. */
export function findPromo(call: RestCall, code: string, online: boolean): PromoCode | SandboxResponse {
	const promo = call.site.promoCodes.find((p) => p.Code.toLowerCase() === code.toLowerCase());
	const live =
		promo &&
		promo.Active &&
		Date.parse(promo.ActivationDate) <= call.now &&
		(promo.ExpirationDate === null || call.now <= Date.parse(promo.ExpirationDate)) &&
		(promo.MaxUses === null || promo.NumberOfUses < promo.MaxUses);
	if (!promo || !live) return v6Error(400, 'InvalidPromoCode', `Promotion code ${code} is not valid now.`);
	if (online && !promo.AllowOnline) {
		return v6Error(400, 'InvalidPromoCode', `Promotion code ${code} cannot be used in the online store.`);
	}
	return promo;
}

/** What a promotion takes off `amount`. */
export const promoDiscount = (promo: PromoCode, amount: number) =>
	round2(
		promo.Discount.Type === 'Percent'
			? (amount * promo.Discount.Amount) / 100
			: Math.min(amount, promo.Discount.Amount),
	);
