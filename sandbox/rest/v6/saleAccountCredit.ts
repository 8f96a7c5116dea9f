import { takeId } from '../../data/generate';
import type { CardTransaction, PendingPurchase } from '../../data/saleRecords';
import type { Client } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { authorizeCards, challengedTenders, checkFunds, readPayment, type Tender } from './checkoutPayments';
import { challengeFailures, challengeRefusal } from './giftCards';
import { openPending, transactionsOf } from './saleChallenges';
import { recordSale, sendReceipt } from './saleLedger';
import { ONLINE_STORE, findClient, round2, soldByOf } from './saleLookups';

/**
 * PurchaseAccountCredit (spec rule 17: every payment type): the amount paid becomes account credit
 * (Client.AccountBalance), which checkout's DebitAccount payments and contracts' UseAccountCredit
 * spend and ReturnSale refunds into. A card challenge completes it when the consumer passes it.
 */

interface CreditBody {
	Test?: boolean;
	LocationId?: number | null;
	ClientId: string;
	SendEmailReceipt?: boolean;
	SalesRepId?: number;
	ConsumerPresent?: boolean;
	PaymentAuthenticationCallbackUrl?: string;
	PaymentInfo?: { Type?: string; Metadata?: unknown } | null;
}

interface CreditPlan {
	body: CreditBody;
	client: Client;
	tender: Tender;
	locationId: number;
}

function planCredit(call: RestCall, body: CreditBody): CreditPlan | SandboxResponse {
	const client = findClient(call.site, body.ClientId);
	if (!client) return v6Error(404, 'ClientNotFound', `Client ${body.ClientId} was not found.`);
	const locationId = body.LocationId ?? null;
	if (locationId !== null && !byId(call.site.locations, locationId)) {
		return v6Error(400, 'InvalidLocation', `LocationId: location ${locationId} was not found.`);
	}
	if (!body.PaymentInfo) return v6Error(400, 'MissingRequiredFields', 'PaymentInfo is required.');
	const tender = readPayment(call, 'PaymentInfo', body.PaymentInfo, client);
	if ('status' in tender) return tender;
	if (tender.kind === 'account') {
		return v6Error(400, 'InvalidPaymentType', 'PaymentInfo.Type: account credit cannot be bought with account credit.');
	}
	if (tender.amount <= 0)
		return v6Error(400, 'InvalidPaymentAmount', 'PaymentInfo.Metadata.Amount must be more than 0.');
	const wrong = checkFunds(call.site, [tender]);
	if (wrong) return wrong;
	return { body, client, tender, locationId: locationId ?? ONLINE_STORE };
}

function answerOf(plan: CreditPlan, extra: Record<string, unknown>) {
	return {
		AmountPaid: plan.tender.amount,
		ClientId: plan.client.ClientId,
		SaleId: null,
		EmailReceipt: plan.body.SendEmailReceipt ?? false,
		PaymentProcessingFailures: [],
		...extra,
	};
}

function executeCredit(call: RestCall, plan: CreditPlan, authorized: CardTransaction[] = []) {
	const { client, tender } = plan;
	const sale = recordSale(call, {
		saleId: takeId(call.site, 'sales'),
		client,
		payer: client,
		locationId: plan.locationId,
		soldBy: soldByOf(call, plan.body.SalesRepId),
		lines: [
			{
				type: 'AccountPayment',
				name: 'Account Payment',
				itemId: null,
				quantity: 1,
				unitPrice: tender.amount,
				discount: 0,
				total: tender.amount,
			},
		],
		tenders: [tender],
		cartId: null,
		authorized,
	});
	client.AccountBalance = round2(client.AccountBalance + tender.amount);
	if (plan.body.SendEmailReceipt) sendReceipt(call, client, sale, 'account credit');
	return answerOf(plan, { SaleId: sale.Id });
}

function purchaseAccountCredit(call: RestCall): SandboxResponse {
	const body = call.body as CreditBody;
	const plan = planCredit(call, body);
	if ('status' in plan) return plan;
	if (body.Test) return v6Json(answerOf(plan, {}));
	if (challengedTenders([plan.tender]).length) {
		const refused = challengeRefusal(body);
		if (refused) return refused;
		const pending = openPending(call, {
			kind: 'accountCredit',
			clientId: plan.client.Id,
			request: body,
			callbackUrl: body.PaymentAuthenticationCallbackUrl,
		});
		const held = authorizeCards(call, [plan.tender], {
			clientId: plan.client.Id,
			locationId: plan.locationId,
			cartId: pending.Id,
		});
		pending.TransactionIds = held.map((t) => t.TransactionId);
		return v6Json(answerOf(plan, { AmountPaid: 0, PaymentProcessingFailures: challengeFailures(call, held) }));
	}
	return v6Json(executeCredit(call, plan));
}

export function finishAccountCredit(
	call: RestCall,
	pending: PendingPurchase,
): Record<string, unknown> | SandboxResponse {
	const plan = planCredit(call, pending.Request as CreditBody);
	if ('status' in plan) return plan;
	return executeCredit(call, plan, transactionsOf(call.site, pending));
}

export const accountCreditHandlers = {
	PurchaseAccountCredit: purchaseAccountCredit,
};
