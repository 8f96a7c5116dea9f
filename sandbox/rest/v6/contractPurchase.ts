import { DAY, dateOf, isoAt, parseWhen } from '../../data/dates';
import { takeId } from '../../data/generate';
import { takeRecordId } from '../../data/records';
import {
	addMonths,
	type CardTransaction,
	type ClientContract,
	type Contract,
	type PendingPurchase,
} from '../../data/saleRecords';
import type { Client, PromoCode } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { emit, sendEmail, type RestCall } from '../call';
import { byId } from '../views';
import {
	authorizeCards,
	challengedTenders,
	checkCard,
	checkFunds,
	storedCardTender,
	type Tender,
} from './checkoutPayments';
import { emitMembershipCreated } from './contractClients';
import { challengeFailures, challengeRefusal } from './giftCards';
import { createClientService } from './saleClientServices';
import { openPending, paymentUrl, pendingByToken, settlePending, transactionsOf } from './saleChallenges';
import { recordSale } from './saleLedger';
import {
	ALTERNATIVE_METHODS,
	CARD_METHOD,
	METHODS,
	ONLINE_STORE,
	atMidnight,
	findClient,
	findPromo,
	isAnswer,
	promoDiscount,
	round2,
	soldByOf,
	todayOf,
} from './saleLookups';
import { contractEndDate } from './saleViews';

/**
 * PurchaseContract (spec rule 3 and the card-challenge rows), InitiatePurchaseContract
 * (alternative payments) and GET /sale/purchasecontractstatus. A purchase creates the client
 * contract, its membership (clientMembershipAssignment.created) and the pricing options its first
 * autopay gives, records the sale (clientSale.created) and emits clientContract.created.
 */

interface ContractBody {
	Test?: boolean;
	LocationId?: number | null;
	ClientId?: string | null;
	UniqueClientId?: number | null;
	ContractId: number;
	StartDate?: string | null;
	FirstPaymentOccurs?: string | null;
	PromotionCode?: string | null;
	PromotionCodes?: string[] | null;
	CreditCardInfo?: {
		CreditCardNumber?: string;
		ExpMonth?: string;
		ExpYear?: string;
		CVV?: string;
		SaveInfo?: boolean;
	} | null;
	StoredCardInfo?: { LastFour?: string } | null;
	SendNotifications?: boolean | null;
	SalesRepId?: number | null;
	UseDirectDebit?: boolean | null;
	UseAccountCredit?: boolean | null;
	ConsumerPresent?: boolean | null;
	PaymentAuthenticationCallbackUrl?: string | null;
	PaymentMethodId?: number;
}

interface ContractPlan {
	body: ContractBody;
	client: Client;
	contract: Contract;
	locationId: number;
	start: string;
	end: string;
	discount: number;
	firstPayment: number;
	promos: PromoCode[];
	tenders: Tender[];
}

function planContract(call: RestCall, body: ContractBody, alternative = false): ContractPlan | SandboxResponse {
	const { site } = call;
	const named = body.UniqueClientId ?? body.ClientId;
	if (named === undefined || named === null || named === '') {
		return v6Error(400, 'MissingRequiredFields', 'ClientId or UniqueClientId is required.');
	}
	const client = findClient(site, body.ClientId, body.UniqueClientId);
	if (!client) return v6Error(404, 'ClientNotFound', `Client ${named} was not found.`);
	const contract = byId(site.saleRecords.contracts, body.ContractId);
	if (!contract) return v6Error(400, 'InvalidContract', `ContractId: contract ${body.ContractId} was not found.`);
	const locationId = body.LocationId ?? null;
	if (locationId !== null && !byId(site.locations, locationId)) {
		return v6Error(400, 'InvalidLocation', `LocationId: location ${locationId} was not found.`);
	}
	if (locationId === null && !contract.SoldOnline) {
		return v6Error(
			400,
			'ContractNotSoldOnline',
			`${contract.Name} is not sold online: send the LocationId it is sold at.`,
		);
	}
	const today = todayOf(call);
	const start = body.StartDate ? dateOf(parseWhen(body.StartDate)) : today;
	// A past StartDate is taken (the document bounds it nowhere; rule 3 speaks of a future one only).
	const codes = [...(body.PromotionCode ? [body.PromotionCode] : []), ...(body.PromotionCodes ?? [])];
	const promos: PromoCode[] = [];
	let discount = 0;
	for (const code of codes) {
		const promo = findPromo(call, code, locationId === null);
		if (isAnswer(promo)) return promo;
		promos.push(promo);
		discount = round2(discount + promoDiscount(promo, contract.FirstPayment - discount));
	}
	const firstPayment = round2(contract.FirstPayment - discount);
	let tenders: Tender[] = [];
	if (!alternative) {
		const sources = [
			body.CreditCardInfo ? 'CreditCardInfo' : null,
			body.StoredCardInfo ? 'StoredCardInfo' : null,
			body.UseDirectDebit ? 'UseDirectDebit' : null,
			body.UseAccountCredit ? 'UseAccountCredit' : null,
		].filter((source): source is string => source !== null);
		if (sources.length > 1) {
			return v6Error(400, 'InvalidPaymentInfo', `Send one way to pay, not ${sources.join(' and ')}.`);
		}
		const simple = (kind: Tender['kind'], method: { Id: number; Name: string }): Tender => ({
			path: sources[0],
			kind,
			amount: firstPayment,
			methodId: method.Id,
			methodName: method.Name,
			lastFour: null,
			notes: null,
			...(kind === 'account' || kind === 'directDebit' ? { accountClientId: client.Id } : {}),
		});
		if (body.CreditCardInfo) {
			const info = body.CreditCardInfo;
			// CreditCardInfo accepts a CVV (rule 3): checked when sent.
			const card = checkCard(call, 'CreditCardInfo', {
				number: info.CreditCardNumber,
				expMonth: info.ExpMonth,
				expYear: info.ExpYear,
				cvv: info.CVV,
				save: info.SaveInfo,
			});
			if ('status' in card) return card;
			const method = CARD_METHOD[card.type];
			tenders = [{ ...simple('card', method), lastFour: card.lastFour, card }];
		} else if (body.StoredCardInfo) {
			const tender = storedCardTender(call, 'StoredCardInfo', client, body.StoredCardInfo.LastFour, firstPayment);
			if ('status' in tender) return tender;
			tenders = [tender];
		} else if (body.UseAccountCredit) {
			// Account credit may pay a contract whose first payment is nothing (rule 3).
			tenders = [simple('account', METHODS.account)];
		} else if (body.UseDirectDebit) {
			tenders = [simple('directDebit', METHODS.directDebit)];
		} else if (firstPayment > 0) {
			return v6Error(
				400,
				'MissingRequiredFields',
				'Send CreditCardInfo, StoredCardInfo, UseDirectDebit or UseAccountCredit to pay the first payment.',
			);
		}
		const wrong = checkFunds(site, tenders);
		if (wrong) return wrong;
	}
	return {
		body,
		client,
		contract,
		locationId: locationId ?? ONLINE_STORE,
		start,
		end: contractEndDate(contract, start),
		discount,
		firstPayment,
		promos,
		tenders,
	};
}

function purchaseAnswer(plan: ContractPlan, extra: Record<string, unknown>) {
	return {
		ClientId: plan.client.ClientId,
		UniqueClientId: plan.client.Id,
		LocationId: plan.locationId,
		ContractId: plan.contract.Id,
		ClientContractId: null,
		Totals: {
			Total: plan.firstPayment,
			SubTotal: plan.contract.FirstPayment,
			Discount: plan.discount,
			Tax: 0,
		},
		PaymentProcessingFailures: [],
		// rest-api.md: Status is Success when no challenge is needed (rule 3).
		Status: 'Success',
		...extra,
	};
}

function executeContract(call: RestCall, plan: ContractPlan, authorized: CardTransaction[] = []) {
	const { site } = call;
	const records = site.saleRecords;
	const { client, contract, body } = plan;
	const soldBy = soldByOf(call, body.SalesRepId);
	const staff = soldBy.id ? byId(site.staff, soldBy.id) : undefined;
	const saleId = takeId(site, 'sales');
	const today = todayOf(call);
	const cc: ClientContract = {
		Id: takeRecordId(records, 'clientContracts', Math.max(60000, ...records.clientContracts.map((c) => c.Id))),
		ClientId: client.Id,
		ContractId: contract.Id,
		AgreementDate: today,
		// Rule 3: a future StartDate moves the series' activation and expiration with it.
		StartDate: plan.start,
		EndDate: plan.end,
		IsAutoRenewing: contract.AutoRenewing ?? false,
		Status: 'Active',
		SoldById: staff?.Id ?? null,
		LocationId: plan.locationId,
		OriginationLocationId: ONLINE_STORE,
		SaleId: saleId,
		PayerClientId: client.Id,
		TerminationDate: null,
		TerminationCode: null,
		Suspensions: [],
		AutopayChanges: [],
		RecurringPayment: contract.RecurringPayment,
	};
	records.clientContracts.push(cc);
	const firstPeriodEnd = dateOf(Date.parse(`${addMonths(plan.start, 1)}T00:00:00Z`) - DAY);
	const services = contract.PricingOptionIds.map((id) => byId(records.pricingOptions, id))
		.filter((option) => option !== undefined)
		.map((option) =>
			createClientService(site, {
				clientId: client.Id,
				option,
				saleId,
				activeDate: plan.start,
				expirationDate: firstPeriodEnd,
				paymentDate: isoAt(call.now),
				clientContractId: cc.Id,
			}),
		);
	const sale = recordSale(call, {
		saleId,
		client,
		payer: client,
		locationId: plan.locationId,
		soldBy,
		lines: [
			{
				type: 'Contract',
				name: contract.Name,
				itemId: contract.Id,
				quantity: 1,
				unitPrice: contract.FirstPayment,
				discount: plan.discount,
				total: plan.firstPayment,
				contractId: contract.Id,
				clientContractId: cc.Id,
				clientServiceIds: services.map((service) => service.Id),
				activeDate: plan.start,
				expDate: plan.end,
			},
		],
		tenders: plan.tenders,
		cartId: null,
		authorized,
	});
	for (const promo of plan.promos) promo.NumberOfUses += 1;
	emit(call, 'clientContract.created', {
		siteId: call.siteId,
		clientUniqueId: client.Id,
		contractSoldByStaffId: staff?.Id ?? null,
		contractOriginationLocation: ONLINE_STORE,
		contractId: contract.Id,
		clientContractId: cc.Id,
		clientId: client.ClientId,
		clientFirstName: client.FirstName,
		clientLastName: client.LastName,
		clientEmail: client.Email,
		contractSoldByStaffFirstName: staff?.FirstName ?? null,
		contractSoldByStaffLastName: staff?.LastName ?? null,
		contractName: contract.Name,
		agreementDateTime: atMidnight(cc.AgreementDate),
		contractStartDateTime: atMidnight(cc.StartDate),
		contractEndDateTime: atMidnight(cc.EndDate),
		isAutoRenewing: cc.IsAutoRenewing,
	});
	if (contract.MembershipId !== null) {
		const membership = {
			Id: takeRecordId(records, 'clientMemberships', Math.max(70000, ...records.clientMemberships.map((m) => m.Id))),
			ClientId: client.Id,
			MembershipId: contract.MembershipId,
			ClientContractId: cc.Id,
			StartDate: cc.StartDate,
			EndDate: cc.EndDate,
			Status: 'Active' as const,
		};
		records.clientMemberships.push(membership);
		emitMembershipCreated(call, membership, client);
	}
	if (body.SendNotifications ?? true) {
		sendEmail(call, client.Email, 'contractPurchase', `Your ${contract.Name}`, {
			clientContractId: cc.Id,
			saleId: sale.Id,
			startDate: cc.StartDate,
		});
	}
	return purchaseAnswer(plan, { ClientContractId: cc.Id });
}

function purchaseContract(call: RestCall): SandboxResponse {
	const body = call.body as ContractBody;
	const plan = planContract(call, body);
	if (isAnswer(plan)) return plan;
	if (body.Test) return v6Json(purchaseAnswer(plan, {}));
	if (challengedTenders(plan.tenders).length) {
		const refused = challengeRefusal(body);
		if (refused) return refused;
		const pending = openPending(call, {
			kind: 'contract',
			clientId: plan.client.Id,
			request: body,
			callbackUrl: body.PaymentAuthenticationCallbackUrl,
		});
		const held = authorizeCards(call, plan.tenders, {
			clientId: plan.client.Id,
			locationId: plan.locationId,
			cartId: pending.Id,
		});
		pending.TransactionIds = held.map((t) => t.TransactionId);
		pending.Result = purchaseAnswer(plan, {
			PaymentProcessingFailures: challengeFailures(call, held),
			Status: 'PaymentAuthenticationRequired',
		});
		return v6Json(pending.Result);
	}
	return v6Json(executeContract(call, plan));
}

/** The consumer passed the challenge within 15 minutes: the purchase completes, no second call. */
export function finishContract(call: RestCall, pending: PendingPurchase): Record<string, unknown> | SandboxResponse {
	const request = pending.Request as ContractBody;
	const plan = planContract(call, request, pending.Kind === 'altContract');
	if (isAnswer(plan)) return plan;
	if (pending.Kind === 'altContract') {
		const method = ALTERNATIVE_METHODS.find((m) => m.Id === pending.PaymentMethodId)!;
		plan.tenders = [
			{
				path: 'PaymentMethodId',
				kind: 'custom',
				amount: plan.firstPayment,
				methodId: method.Id,
				methodName: method.Name,
				lastFour: null,
				notes: null,
			},
		];
	}
	return executeContract(call, plan, transactionsOf(call.site, pending));
}

function initiatePurchaseContract(call: RestCall): SandboxResponse {
	const body = call.body as ContractBody & { PaymentMethodId: number };
	const method = ALTERNATIVE_METHODS.find((m) => m.Id === body.PaymentMethodId);
	if (!method) {
		return v6Error(
			400,
			'InvalidPaymentMethod',
			`PaymentMethodId must be one of ${ALTERNATIVE_METHODS.map((m) => `${m.Id} (${m.Name})`).join(', ')}.`,
		);
	}
	const plan = planContract(call, body, true);
	if (isAnswer(plan)) return plan;
	if (method.redirect && !body.PaymentAuthenticationCallbackUrl) {
		return v6Error(
			400,
			'MissingRequiredFields',
			'PaymentAuthenticationCallbackUrl is required for a payment made at the bank.',
		);
	}
	const pending = openPending(call, {
		kind: 'altContract',
		clientId: plan.client.Id,
		request: body,
		callbackUrl: body.PaymentAuthenticationCallbackUrl,
		paymentMethodId: method.Id,
	});
	pending.Result = purchaseAnswer(plan, { Status: 'PaymentPending' });
	if (!method.redirect) {
		// A wallet (801) authorizes on the device: the purchase completes now, with no new field.
		pending.Paid = true;
		const done = finishContract(call, pending);
		if (isAnswer(done)) return done;
		Object.assign(pending, { Status: 'Completed', Result: done });
	}
	return v6Json({
		AccessToken: pending.AccessToken,
		Status: pending.Status === 'Completed' ? 'Success' : 'PaymentPending',
		PaymentRedirectUrl: pending.Status === 'Completed' ? null : paymentUrl(call, pending.AccessToken),
		ExpirationDateTime: pending.ExpiresDateTime,
		ClientContractId: (pending.Result as { ClientContractId?: number | null }).ClientContractId ?? null,
	});
}

function purchaseStatus(call: RestCall): SandboxResponse {
	const token = call.params.str('accessToken')!;
	const pending = pendingByToken(call.site, token);
	if (!pending || (pending.Kind !== 'altContract' && pending.Kind !== 'contract')) {
		return v6Error(404, 'PurchaseNotFound', 'accessToken names no contract purchase.');
	}
	settlePending(call.site, pending, call.now);
	const base = pending.Result ?? {};
	if (pending.Status === 'Completed') return v6Json(base);
	const failures =
		pending.Status === 'Pending'
			? ((base as { PaymentProcessingFailures?: unknown[] }).PaymentProcessingFailures ?? [])
			: [{ Type: pending.Status, Message: pending.Failure ?? pending.Status, AuthenticationRedirectUrl: null }];
	return v6Json({
		...base,
		PaymentProcessingFailures: failures,
		Status:
			pending.Status === 'Pending'
				? pending.Kind === 'contract'
					? 'PaymentAuthenticationRequired'
					: 'PaymentPending'
				: pending.Status,
	});
}

export const contractPurchaseHandlers = {
	PurchaseContract: purchaseContract,
	InitiatePurchaseContractUsingAlternativePayments: initiatePurchaseContract,
	GetPurchaseContractStatus: purchaseStatus,
};
