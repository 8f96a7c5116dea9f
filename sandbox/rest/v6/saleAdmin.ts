import type { AdminRoute, Route } from '../../adminRoute';
import { MAIN_SITE_ID } from '../../data/accounts';
import type { PendingPurchase } from '../../data/saleRecords';
import type { SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import type { RestCall } from '../call';
import { finishContract } from './contractPurchase';
import { finishGiftCard } from './giftCards';
import { finishAccountCredit } from './saleAccountCredit';
import {
	callOf,
	challengesDone,
	closePending,
	pendingByToken,
	pendingOfTransaction,
	settlePending,
	transactionsOf,
} from './saleChallenges';
import { isAnswer } from './saleLookups';

/**
 * Admin routes of the v6 sale area (below /_sandbox): the consumer's side of a card challenge and
 * of an alternative payment.
 *
 * - GET /_sandbox/challenges?siteId= lists card challenges and the carts they hold.
 * - GET or POST /_sandbox/challenges/{transactionId}/complete — the consumer passes the challenge
 *   (the AuthenticationUrl of a checkout's Transactions, the AuthenticationRedirectUrl of a
 *   contract, gift-card or account-credit purchase); …/deny — they fail it. Either redirects (302)
 *   to the call's PaymentAuthenticationCallbackUrl, saying nothing of the outcome (rule 2).
 *   A contract, gift-card or account-credit purchase completes there; a checkout waits for its
 *   second call. After 15 minutes the cart is abandoned: 410.
 * - GET or POST /_sandbox/payments/{accessToken}/complete (or …/cancel) — the consumer pays (or
 *   not) an alternative payment made at the bank (iDEAL, 997); a contract purchase completes then.
 */

const json = (body: unknown, status = 200): SandboxResponse => ({ status, body });
const fail = (status: number, error: string): SandboxResponse => ({ status, body: { error } });

const siteOf = (query: Record<string, string[]>, sites: Map<number, SiteData>) =>
	sites.get(Number(query.siteId?.[0] ?? MAIN_SITE_ID));

type Finisher = (call: RestCall, pending: PendingPurchase) => Record<string, unknown> | SandboxResponse;

/** Purchases that complete when the consumer is done (no second call: states table). */
const FINISHERS: Partial<Record<PendingPurchase['Kind'], Finisher>> = {
	contract: finishContract,
	giftCard: finishGiftCard,
	accountCredit: finishAccountCredit,
	altContract: finishContract,
};

function finish(site: SiteData, pending: PendingPurchase, now: number): void {
	const finisher = FINISHERS[pending.Kind];
	const call = callOf(site, pending, now);
	if (!finisher || !call) return;
	const result = finisher(call, pending);
	if (isAnswer(result)) {
		const message = (result.body as { Error?: { Message?: string } })?.Error?.Message ?? 'The purchase failed.';
		closePending(site, pending, 'Failed', `${message} Nothing was charged.`);
		return;
	}
	Object.assign(pending, { Status: 'Completed', Result: result, SaleId: result.SaleId ?? null });
}

/** Back to the integration's page, or (without one) the outcome as JSON. */
const redirect = (pending: PendingPurchase, body: Record<string, unknown>): SandboxResponse =>
	pending.CallbackUrl ? { status: 302, headers: { Location: pending.CallbackUrl } } : json(body);

const answerChallenge: Route = (req, deps, match) => {
	const site = siteOf(req.query, deps.store.sites);
	if (!site) return fail(404, 'Unknown site.');
	const id = Number(match[1]);
	const transaction = site.saleRecords.transactions.find((t) => t.TransactionId === id);
	const pending = transaction && pendingOfTransaction(site, id);
	if (!transaction || !pending) return fail(404, `No card challenge for transaction ${id}.`);
	const now = deps.clock.now();
	settlePending(site, pending, now);
	if (pending.Status === 'Abandoned') return fail(410, pending.Failure!);
	if (pending.Status !== 'Pending') return fail(409, `Cart ${pending.Id} is ${pending.Status.toLowerCase()}.`);
	if (transaction.Challenge !== 'Pending') return fail(409, `The challenge of transaction ${id} was already answered.`);
	if (match[2] === 'deny') {
		Object.assign(transaction, { Challenge: 'Denied', Status: 'Declined' });
		closePending(
			site,
			pending,
			'Failed',
			`The consumer did not pass the card challenge of the card ending in ${transaction.LastFour}: nothing was charged.`,
		);
	} else {
		Object.assign(transaction, { Challenge: 'Completed', Status: 'Authorized', AuthTime: deps.clock.iso(now) });
		if (challengesDone(site, pending)) finish(site, pending, now);
	}
	return redirect(pending, {
		transactionId: id,
		challenge: transaction.Challenge,
		cart: { id: pending.Id, kind: pending.Kind, status: pending.Status, saleId: pending.SaleId },
	});
};

const answerPayment: Route = (req, deps, match) => {
	const site = siteOf(req.query, deps.store.sites);
	if (!site) return fail(404, 'Unknown site.');
	const pending = pendingByToken(site, match[1]);
	if (!pending || (pending.Kind !== 'altCheckout' && pending.Kind !== 'altContract')) {
		return fail(404, 'No alternative payment with this access token.');
	}
	const now = deps.clock.now();
	settlePending(site, pending, now);
	if (pending.Status === 'Abandoned') return fail(410, pending.Failure!);
	if (pending.Status !== 'Pending' || pending.Paid) return fail(409, `Cart ${pending.Id} was already paid or closed.`);
	if (match[2] === 'cancel') closePending(site, pending, 'Failed', 'The consumer cancelled the payment.');
	else {
		pending.Paid = true;
		if (pending.Kind === 'altContract') finish(site, pending, now);
	}
	return redirect(pending, {
		cart: { id: pending.Id, kind: pending.Kind, status: pending.Status, paid: pending.Paid },
	});
};

const listChallenges: Route = (req, deps) => {
	const site = siteOf(req.query, deps.store.sites);
	if (!site) return fail(404, 'Unknown site.');
	const now = deps.clock.now();
	return json(
		site.saleRecords.pending
			.filter((pending) => pending.TransactionIds.length)
			.map((pending) => {
				settlePending(site, pending, now);
				return {
					cartId: pending.Id,
					kind: pending.Kind,
					status: pending.Status,
					expires: pending.ExpiresDateTime,
					failure: pending.Failure,
					saleId: pending.SaleId,
					transactions: transactionsOf(site, pending).map((t) => ({
						transactionId: t.TransactionId,
						status: t.Status,
						challenge: t.Challenge,
						lastFour: t.LastFour,
						amount: t.Amount,
					})),
				};
			}),
	);
};

export const saleAdminRoutes: AdminRoute[] = [
	['GET', /^\/challenges$/, listChallenges],
	['GET', /^\/challenges\/(\d+)\/(complete|deny)$/, answerChallenge],
	['POST', /^\/challenges\/(\d+)\/(complete|deny)$/, answerChallenge],
	['GET', /^\/payments\/([\w-]+)\/(complete|cancel)$/, answerPayment],
	['POST', /^\/payments\/([\w-]+)\/(complete|cancel)$/, answerPayment],
];
