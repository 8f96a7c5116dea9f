import { randomUUID } from 'node:crypto';

import { MINUTE, isoAt } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { CardTransaction, PendingKind, PendingPurchase } from '../../data/saleRecords';
import type { SiteData } from '../../data/types';
import { header } from '../auth';
import type { RestCall } from '../call';

/**
 * Purchases that wait (spec "States and transitions", card-challenge rows; Limits: 15 minutes):
 * a cart whose card needs a challenge, or an alternative payment made away from the API. Each is
 * kept in saleRecords.pending; a timer on the sandbox clock abandons it after 15 minutes and voids
 * its card authorizations. The consumer answers a challenge at the admin API:
 * GET or POST /_sandbox/challenges/{transactionId}/complete (…/deny to refuse it), and pays an
 * alternative payment at /_sandbox/payments/{accessToken}/complete (saleAdmin.ts).
 */

export const CART_VALIDITY_MS = 15 * MINUTE;

/** The call that opened each pending purchase, to finish it later with the same source and key. */
const openingCalls = new WeakMap<SiteData, Map<string, RestCall>>();

export interface PendingInit {
	kind: PendingKind;
	clientId: number | null;
	request: unknown;
	fingerprint?: string;
	callbackUrl?: string | null;
	cartId?: string | null;
	paymentMethodId?: number | null;
}

/** Voids what a cart authorized; the cart ends as `status`. */
export function closePending(
	site: SiteData,
	pending: PendingPurchase,
	status: 'Abandoned' | 'Failed',
	failure: string,
): void {
	if (pending.Status !== 'Pending') return;
	pending.Status = status;
	pending.Failure = failure;
	for (const transaction of transactionsOf(site, pending)) {
		if (transaction.Status !== 'Approved') transaction.Status = 'Voided';
	}
}

/** A pending purchase past its 15 minutes is abandoned (the timer does it too; this covers reads). */
export function settlePending(site: SiteData, pending: PendingPurchase, now: number): PendingPurchase {
	if (pending.Status === 'Pending' && now >= Date.parse(pending.ExpiresDateTime)) {
		closePending(
			site,
			pending,
			'Abandoned',
			'The cart was abandoned: 15 minutes passed before it was completed. Its card authorizations were voided.',
		);
	}
	return pending;
}

export function openPending(call: RestCall, init: PendingInit): PendingPurchase {
	const { site } = call;
	const records = site.saleRecords;
	const id = init.cartId || `sbx-cart-${String(takeRecordId(records, 'carts')).padStart(6, '0')}`;
	for (const earlier of records.pending) {
		if (earlier.Id === id) closePending(site, earlier, 'Abandoned', `Cart ${id} was opened again.`);
	}
	const expires = call.now + CART_VALIDITY_MS;
	const pending: PendingPurchase = {
		Id: id,
		Kind: init.kind,
		ClientId: init.clientId,
		Status: 'Pending',
		CreatedDateTime: isoAt(call.now),
		ExpiresDateTime: isoAt(expires),
		TransactionIds: [],
		CallbackUrl: init.callbackUrl ?? null,
		AccessToken: randomUUID(),
		Fingerprint: init.fingerprint ?? '',
		Request: init.request,
		Paid: false,
		PaymentMethodId: init.paymentMethodId ?? null,
		SaleId: null,
		Result: null,
		Failure: null,
	};
	records.pending.push(pending);
	let calls = openingCalls.get(site);
	if (!calls) openingCalls.set(site, (calls = new Map()));
	calls.set(pending.AccessToken, call);
	call.ctx.clock.schedule(expires, () => {
		settlePending(site, pending, expires);
	});
	return pending;
}

/** The opening call, at `now`: a purchase finished later emits with its source and Transaction-Key. */
export function callOf(site: SiteData, pending: PendingPurchase, now: number): RestCall | undefined {
	const call = openingCalls.get(site)?.get(pending.AccessToken);
	return call && { ...call, now };
}

export const transactionsOf = (site: SiteData, pending: PendingPurchase): CardTransaction[] =>
	pending.TransactionIds.map((id) => site.saleRecords.transactions.find((t) => t.TransactionId === id)!);

export const pendingOfTransaction = (site: SiteData, transactionId: number): PendingPurchase | undefined =>
	site.saleRecords.pending.find((pending) => pending.TransactionIds.includes(transactionId));

export const pendingByToken = (site: SiteData, token: string): PendingPurchase | undefined =>
	site.saleRecords.pending.find((pending) => pending.AccessToken === token);

/** Where the sandbox answers: the address the call came to. */
const originOf = (call: RestCall) => `http://${header(call.req, 'host') ?? '127.0.0.1'}`;

/** The page where the consumer answers the challenge of one card authorization. */
export const authenticationUrl = (call: RestCall, transactionId: number) =>
	`${originOf(call)}/_sandbox/challenges/${transactionId}/complete?siteId=${call.siteId}`;

/** The page where the consumer pays an alternative payment (a bank or wallet page). */
export const paymentUrl = (call: RestCall, token: string) =>
	`${originOf(call)}/_sandbox/payments/${token}/complete?siteId=${call.siteId}`;

/** Every challenge of the cart was passed. */
export const challengesDone = (site: SiteData, pending: PendingPurchase) =>
	transactionsOf(site, pending).every((transaction) => transaction.Challenge !== 'Pending');
