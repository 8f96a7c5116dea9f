import { isoAt } from '../../data/dates';
import { takeId } from '../../data/generate';
import { takeRecordId } from '../../data/records';
import type { CardTransaction, PendingPurchase } from '../../data/saleRecords';
import type { Appointment, ClassInstance, Client, ClientService, SaleEvent } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { paysFor } from '../../data/clientRecords';
import { v6Error, v6Json } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { createAppointment } from '../booking';
import { byId } from '../views';
import { bookClassVisit } from './classBooking';
import { priceCart, taxesCart, type CartLine, type CartRequest, type PricedCart } from './checkoutCart';
import {
	authorizeCards,
	challengedTenders,
	checkFunds,
	checkTotal,
	readPayments,
	type Tender,
} from './checkoutPayments';
import { issueGiftCard, challengeRefusal } from './giftCards';
import { createClientService } from './saleClientServices';
import {
	authenticationUrl,
	openPending,
	paymentUrl,
	pendingByToken,
	pendingOfTransaction,
	settlePending,
	transactionsOf,
} from './saleChallenges';
import { recordSale, sendReceipt, type LedgerLine } from './saleLedger';
import { ALTERNATIVE_METHODS, ONLINE_STORE, findClient, round2, soldByOf, todayOf } from './saleLookups';
import { appointmentView, classView } from './saleViews';

/**
 * POST /sale/checkoutshoppingcart (spec rule 2, the card-challenge rows of the states table,
 * Limits) and the alternative-payment checkout (initiate, then complete). A call is checked whole
 * first; only a call that succeeds charges anything and changes state.
 */

interface CheckoutBody extends CartRequest {
	CartId?: string | null;
	ClientId?: string | null;
	UniqueClientId?: number | null;
	PayerClientId?: string | null;
	UniquePayerClientId?: number | null;
	Test?: boolean | null;
	InStore?: boolean | null;
	Payments?: unknown[] | null;
	SendEmail?: boolean | null;
	ConsumerPresent?: boolean | null;
	PaymentAuthenticationCallbackUrl?: string | null;
	TransactionIds?: number[] | null;
}

interface CheckoutPlan {
	client: Client | undefined;
	payer: Client | undefined;
	cart: PricedCart;
	tenders: Tender[];
	/** What a second call must send again: client, payer, location, promotion, tax, items, payments. */
	fingerprint: string;
}

/** A JSON value with keys in lower case and sorted: the binder reads names in any case. */
function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>)
				.filter(([, entry]) => entry !== null && entry !== undefined)
				.map(([key, entry]): [string, unknown] => [key.toLowerCase(), canonical(entry)])
				.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
		);
	}
	return value;
}

type ReadTenders = (payer: Client | undefined) => Tender[] | SandboxResponse;

function planCheckout(call: RestCall, body: CheckoutBody, readTenders: ReadTenders): CheckoutPlan | SandboxResponse {
	const { site } = call;
	const named = body.UniqueClientId ?? body.ClientId;
	const client = findClient(site, body.ClientId, body.UniqueClientId);
	if (named !== undefined && named !== null && named !== '' && !client) {
		return v6Error(404, 'ClientNotFound', `Client ${named} was not found.`);
	}
	if (!client && !body.Test) {
		return v6Error(400, 'MissingRequiredFields', 'ClientId or UniqueClientId is required to complete a sale.');
	}
	let payer = client;
	const payerNamed = body.UniquePayerClientId ?? body.PayerClientId;
	if (payerNamed !== undefined && payerNamed !== null && payerNamed !== '') {
		payer = findClient(site, body.PayerClientId, body.UniquePayerClientId);
		if (!payer) return v6Error(404, 'ClientNotFound', `Payer client ${payerNamed} was not found.`);
		// Rule 2: the payer needs a Pays-for relationship with the client.
		if (client && payer.Id !== client.Id && !paysFor(site.clientRecords, payer.Id, client.Id)) {
			return v6Error(
				400,
				'InvalidPayerClient',
				`PayerClientId: client ${payer.ClientId} has no "Pays for" relationship with client ${client.ClientId}.`,
			);
		}
	}
	const cart = priceCart(call, body, client);
	if ('status' in cart) return cart;
	const tenders = readTenders(payer);
	if ('status' in tenders) return tenders;
	// A Test call with no payments only prices the cart: the document offers Test "when checking the
	// calculated totals", and the answer gives the total the payments of a real call must come to.
	const pricingOnly = body.Test === true && tenders.length === 0;
	const wrong = pricingOnly ? undefined : (checkTotal(tenders, cart.grandTotal) ?? checkFunds(site, tenders));
	if (wrong) return wrong;
	const fingerprint = JSON.stringify(
		canonical({
			client: client?.Id,
			payer: payer?.Id,
			location: cart.locationId,
			promo: body.PromotionCode?.toLowerCase(),
			tax: taxesCart(body),
			items: body.Items,
			payments: body.Payments,
		}),
	);
	return { client, payer, cart, tenders, fingerprint };
}

interface Booked {
	classes: ClassInstance[];
	appointments: Appointment[];
	/** Per cart line: visits and appointments it reconciled. */
	visitIds: Map<CartLine, number[]>;
	appointmentIds: Map<CartLine, Appointment[]>;
}

function cartAnswer(
	call: RestCall,
	plan: CheckoutPlan,
	cartId: string | null,
	saleId: number | null,
	transactions: Array<{ TransactionId: number; AuthenticationUrl?: string }> = [],
	booked?: Booked,
) {
	const { cart } = plan;
	return {
		ShoppingCart: {
			Id: cartId,
			CartItems: cart.lines.map((line) => ({
				// ItemBase states no field in the document: the item is named by the sale (SaleId).
				Item: {},
				SalesNotes: line.notes,
				DiscountAmount: line.discount,
				VisitIds: booked?.visitIds.get(line) ?? line.visits.map((visit) => visit.Id),
				AppointmentIds: (booked?.appointmentIds.get(line) ?? line.appointments).map((a) => a.Id),
				Appointments: (booked?.appointmentIds.get(line) ?? line.appointments).map((a) => appointmentView(call.site, a)),
				Id: line.id,
				Quantity: line.quantity,
			})),
			SubTotal: cart.subTotal,
			DiscountTotal: cart.discountTotal,
			TaxTotal: cart.taxTotal,
			GrandTotal: cart.grandTotal,
			Transactions: transactions,
			SaleId: saleId,
		},
		Classes: (booked?.classes ?? []).map((instance) => classView(call.site, instance)),
		Appointments: (booked?.appointments ?? []).map((appointment) => appointmentView(call.site, appointment)),
		Enrollments: [],
	};
}

const newCartId = (call: RestCall) =>
	`sbx-cart-${String(takeRecordId(call.site.saleRecords, 'carts')).padStart(6, '0')}`;

/** Uses one session of the first of `services` that has one left. */
function takeSession(services: ClientService[]): ClientService {
	const service = services.find((s) => s.Remaining > 0) ?? services[0];
	service.Remaining = Math.max(0, service.Remaining - 1);
	return service;
}

/**
 * The sale: pricing options become client services, products leave stock, gift cards are issued,
 * the tenders are charged, the Sale joins the ledger (clientSale.created), then the classes and
 * appointments the items carry are booked with the new client services (rule 2).
 */
function executeCheckout(
	call: RestCall,
	plan: CheckoutPlan,
	cartId: string,
	authorized: CardTransaction[] = [],
	sendEmail = false,
) {
	const { site } = call;
	const records = site.saleRecords;
	const client = plan.client!;
	const payer = plan.payer ?? client;
	const { cart } = plan;
	const saleId = takeId(site, 'sales');
	const today = todayOf(call);
	const paymentDate = isoAt(call.now);
	const stockAt = cart.locationId ?? site.locations[0].Id;
	const servicesOf = new Map<CartLine, ClientService[]>();
	const takeStock = (productId: number, quantity: number) => {
		const product = byId(records.products, productId)!;
		const row = product.Inventory.find((r) => r.LocationId === stockAt) ?? product.Inventory[0];
		row.UnitsInStock -= quantity;
		row.UnitsSold += quantity;
		row.ModifiedDateTime = paymentDate;
		product.InStock -= quantity;
	};
	const lines: LedgerLine[] = cart.lines.map((line) => {
		const ledger: LedgerLine = {
			type: line.type,
			name: line.name,
			itemId: line.itemId,
			barcodeId: line.barcodeId,
			quantity: line.quantity,
			unitPrice: line.unitPrice,
			discount: line.discount,
			taxRate: line.taxRate,
			tax: line.tax,
			total: line.total,
			notes: line.notes,
		};
		const options = line.option
			? Array.from({ length: line.quantity }, () => line.option!)
			: (line.pack?.PricingOptionIds.map((id) => byId(records.pricingOptions, id)!) ?? []);
		if (options.length) {
			const services = options.map((option) =>
				createClientService(site, { clientId: client.Id, option, saleId, activeDate: today, paymentDate }),
			);
			servicesOf.set(line, services);
			ledger.clientServiceIds = services.map((service) => service.Id);
			ledger.activeDate = services[0].ActiveDate;
			ledger.expDate = services[0].ExpirationDate;
		}
		if (line.product) takeStock(line.product.Id, line.quantity);
		for (const productId of line.pack?.ProductIds ?? []) takeStock(productId, line.quantity);
		if (line.gift) {
			const issued = issueGiftCard(site, {
				card: line.gift.card,
				value: line.gift.value,
				barcodeId: line.gift.barcodeId,
				saleId,
				purchaserId: payer.Id,
				recipientEmail: line.gift.recipientEmail,
				recipientName: line.gift.recipientName,
				senderName: null,
				layoutId: line.gift.layoutId,
				at: call.now,
			});
			ledger.giftCardBarcodeId = issued.BarcodeId;
		}
		return ledger;
	});
	const sale = recordSale(call, {
		saleId,
		client,
		payer,
		locationId: cart.locationId ?? ONLINE_STORE,
		soldBy: soldByOf(call),
		lines,
		tenders: plan.tenders,
		cartId,
		authorized,
	});
	if (cart.promo) cart.promo.NumberOfUses += 1;
	const booked: Booked = { classes: [], appointments: [], visitIds: new Map(), appointmentIds: new Map() };
	const saleEvent = (event: Omit<SaleEvent, 'Id'>) => sale.Events.push({ Id: takeId(site, 'saleEvents'), ...event });
	for (const line of cart.lines) {
		const services = servicesOf.get(line);
		if (!services) continue;
		for (const instance of line.classes) {
			const service = takeSession(services);
			bookClassVisit(call, {
				clientId: client.Id,
				classId: instance.Id,
				clientServiceId: service.Id,
				saleId,
				webSignup: !isStaff(call),
			});
			booked.classes.push(instance);
			saleEvent({
				Type: 'Class',
				EventId: instance.Id,
				Name: byId(site.classDescriptions, instance.ClassDescriptionId)?.Name ?? line.name,
				StartDateTime: instance.StartDateTime,
				EndDateTime: instance.EndDateTime,
				StaffId: instance.StaffId,
				LocationId: instance.LocationId,
			});
		}
		for (const slot of line.slots) {
			const service = takeSession(services);
			const appointment = createAppointment(call, slot, client, {
				Notes: line.notes ?? '',
				ResourceIds: slot.resourceIds,
			});
			Object.assign(appointment, { ClientServiceId: service.Id, PaymentApplied: true });
			booked.appointments.push(appointment);
			saleEvent({
				Type: 'Appointment',
				EventId: appointment.Id,
				Name: slot.type.Name,
				StartDateTime: appointment.StartDateTime,
				EndDateTime: appointment.EndDateTime,
				StaffId: appointment.StaffId,
				LocationId: appointment.LocationId,
			});
		}
		for (const visit of line.visits) {
			visit.ClientServiceId = takeSession(services).Id;
			visit.SaleId = saleId;
			visit.LastModifiedDateTime = paymentDate;
		}
		booked.visitIds.set(
			line,
			line.visits.map((visit) => visit.Id),
		);
		for (const appointment of line.appointments) {
			appointment.ClientServiceId = takeSession(services).Id;
			appointment.PaymentApplied = true;
		}
		booked.appointmentIds.set(line, line.appointments);
	}
	if (sendEmail) sendReceipt(call, payer, sale, `sale ${sale.Id}`);
	return cartAnswer(call, plan, cartId, sale.Id, [], booked);
}

const readCheckoutPayments =
	(call: RestCall, body: CheckoutBody): ReadTenders =>
	(payer) =>
		readPayments(call, body.Payments, payer);

/** The second call of a challenged cart: the same cart and every TransactionId of the first answer. */
function completeChallengedCart(call: RestCall, body: CheckoutBody): SandboxResponse {
	const { site } = call;
	const ids = body.TransactionIds ?? [];
	const carts = new Set<PendingPurchase>();
	for (const id of ids) {
		const pending = pendingOfTransaction(site, id);
		if (!pending || pending.Kind !== 'checkout') {
			return v6Error(
				400,
				'InvalidTransactionIds',
				`TransactionIds: transaction ${id} belongs to no cart awaiting completion.`,
			);
		}
		carts.add(pending);
	}
	if (carts.size !== 1)
		return v6Error(400, 'InvalidTransactionIds', 'TransactionIds: the transactions belong to different carts.');
	const pending = settlePending(site, [...carts][0], call.now);
	if (body.CartId && body.CartId !== pending.Id) {
		return v6Error(400, 'CartMismatch', `CartId ${body.CartId} is not the cart of these transactions (${pending.Id}).`);
	}
	if (pending.Status === 'Abandoned') return v6Error(400, 'CartAbandoned', pending.Failure!);
	if (pending.Status === 'Failed') return v6Error(400, 'PaymentAuthenticationFailed', pending.Failure!);
	if (pending.Status === 'Completed') {
		return v6Error(400, 'CartAlreadyCompleted', `Cart ${pending.Id} was completed as sale ${pending.SaleId}.`);
	}
	const missing = pending.TransactionIds.filter((id) => !ids.includes(id));
	if (missing.length) {
		return v6Error(
			400,
			'MissingTransactionIds',
			`TransactionIds must hold every transaction of the first answer, pre-authorized ones too: ${missing.join(', ')} missing.`,
		);
	}
	const transactions = transactionsOf(site, pending);
	const waiting = transactions.filter((transaction) => transaction.Challenge === 'Pending');
	if (waiting.length) {
		return v6Error(
			400,
			'PaymentAuthenticationIncomplete',
			`The card challenge of transaction ${waiting.map((t) => t.TransactionId).join(', ')} is not completed yet: the consumer completes it at its AuthenticationUrl.`,
		);
	}
	const plan = planCheckout(call, body, readCheckoutPayments(call, body));
	if ('status' in plan) return plan;
	if (plan.fingerprint !== pending.Fingerprint) {
		return v6Error(
			400,
			'CartMismatch',
			'The cart differs from the one the transactions were authorized for: send the same cart.',
		);
	}
	if (body.Test) return v6Json(cartAnswer(call, plan, pending.Id, null));
	const answer = executeCheckout(call, plan, pending.Id, transactions, body.SendEmail ?? false);
	pending.Status = 'Completed';
	pending.SaleId = answer.ShoppingCart.SaleId;
	pending.Result = answer;
	return v6Json(answer);
}

function checkout(call: RestCall): SandboxResponse {
	const body = call.body as CheckoutBody;
	if (body.TransactionIds?.length) return completeChallengedCart(call, body);
	const plan = planCheckout(call, body, readCheckoutPayments(call, body));
	if ('status' in plan) return plan;
	// Test: the cart is checked and priced; nothing is charged or changed (IsProspect stays).
	if (body.Test) return v6Json(cartAnswer(call, plan, body.CartId ?? null, null));
	if (challengedTenders(plan.tenders).length) {
		const refused = challengeRefusal(body);
		if (refused) return refused;
		const payer = plan.payer ?? plan.client!;
		const pending = openPending(call, {
			kind: 'checkout',
			clientId: plan.client!.Id,
			request: body,
			fingerprint: plan.fingerprint,
			callbackUrl: body.PaymentAuthenticationCallbackUrl,
			cartId: body.CartId,
		});
		const held = authorizeCards(call, plan.tenders, {
			clientId: payer.Id,
			locationId: plan.cart.locationId ?? ONLINE_STORE,
			cartId: pending.Id,
		});
		pending.TransactionIds = held.map((transaction) => transaction.TransactionId);
		const listed = held.map((transaction) => ({
			TransactionId: transaction.TransactionId,
			...(transaction.Challenge === 'Pending'
				? { AuthenticationUrl: authenticationUrl(call, transaction.TransactionId) }
				: {}),
		}));
		return v6Json({
			...cartAnswer(call, plan, pending.Id, null, listed),
			// rest-api.md "Checkout response (card challenge)": Transactions of { TransactionID, AuthenticationUrl? }.
			Transactions: listed.map(({ TransactionId, ...url }) => ({ TransactionID: TransactionId, ...url })),
		});
	}
	return v6Json(executeCheckout(call, plan, body.CartId || newCartId(call), [], body.SendEmail ?? false));
}

// ---- alternative payments: initiate, the consumer pays, complete ----

interface AlternativeBody extends CheckoutBody {
	Payments?: Array<{ PaymentMethodId?: number; Amount?: number }> | null;
}

const readAlternativePayments =
	(body: AlternativeBody): ReadTenders =>
	() => {
		const tenders: Tender[] = [];
		for (const [index, payment] of (body.Payments ?? []).entries()) {
			const method = ALTERNATIVE_METHODS.find((m) => m.Id === payment.PaymentMethodId);
			if (!method) {
				return v6Error(
					400,
					'InvalidPaymentMethod',
					`Payments[${index}].PaymentMethodId must be one of ${ALTERNATIVE_METHODS.map((m) => `${m.Id} (${m.Name})`).join(', ')}.`,
				);
			}
			if ((payment.Amount ?? -1) < 0)
				return v6Error(400, 'InvalidPaymentAmount', `Payments[${index}].Amount must not be negative.`);
			tenders.push({
				path: `Payments[${index}]`,
				kind: 'custom',
				amount: round2(payment.Amount!),
				methodId: method.Id,
				methodName: method.Name,
				lastFour: null,
				notes: null,
			});
		}
		return tenders;
	};

/** A wallet (801) authorizes at once, with no new field; a bank payment (997) waits for the consumer. */
const needsRedirect = (body: AlternativeBody) =>
	(body.Payments ?? []).some((p) => ALTERNATIVE_METHODS.find((m) => m.Id === p.PaymentMethodId)?.redirect);

function initiateCheckout(call: RestCall): SandboxResponse {
	const body = call.body as AlternativeBody;
	const plan = planCheckout(call, body, readAlternativePayments(body));
	if ('status' in plan) return plan;
	const totals = cartAnswer(call, plan, body.CartId ?? null, null).ShoppingCart;
	if (body.Test) return v6Json({ ShoppingCart: totals, Status: 'Validated' });
	const pending = openPending(call, {
		kind: 'altCheckout',
		clientId: plan.client!.Id,
		request: body,
		fingerprint: plan.fingerprint,
		callbackUrl: body.PaymentAuthenticationCallbackUrl,
		cartId: body.CartId,
		paymentMethodId: body.Payments?.[0]?.PaymentMethodId ?? null,
	});
	pending.Paid = !needsRedirect(body);
	return v6Json({
		AccessToken: pending.AccessToken,
		CartId: pending.Id,
		Status: pending.Paid ? 'PaymentAuthorized' : 'PaymentPending',
		PaymentRedirectUrl: pending.Paid ? null : paymentUrl(call, pending.AccessToken),
		ExpirationDateTime: pending.ExpiresDateTime,
		ShoppingCart: { ...totals, Id: pending.Id },
	});
}

function completeCheckout(call: RestCall): SandboxResponse {
	const body = call.body as { AccessToken: string; ClientId: string; Test?: boolean };
	const pending = pendingByToken(call.site, body.AccessToken);
	if (!pending || pending.Kind !== 'altCheckout') {
		return v6Error(
			400,
			'InvalidAccessToken',
			'AccessToken names no checkout started with InitiateCheckoutShoppingCart.',
		);
	}
	settlePending(call.site, pending, call.now);
	const client = findClient(call.site, body.ClientId);
	if (!client || client.Id !== pending.ClientId) {
		return v6Error(400, 'InvalidClientId', `ClientId ${body.ClientId} is not the client of this checkout.`);
	}
	if (pending.Status === 'Abandoned') return v6Error(400, 'CartAbandoned', pending.Failure!);
	if (pending.Status === 'Completed') {
		return v6Error(400, 'CartAlreadyCompleted', `Cart ${pending.Id} was completed as sale ${pending.SaleId}.`);
	}
	if (!pending.Paid) {
		return v6Error(
			400,
			'PaymentNotCompleted',
			'The consumer has not completed the payment at its PaymentRedirectUrl yet.',
		);
	}
	const request = pending.Request as AlternativeBody;
	const plan = planCheckout(call, request, readAlternativePayments(request));
	if ('status' in plan) return plan;
	if (body.Test) return v6Json(cartAnswer(call, plan, pending.Id, null));
	const answer = executeCheckout(call, plan, pending.Id, [], request.SendEmail ?? false);
	pending.Status = 'Completed';
	pending.SaleId = answer.ShoppingCart.SaleId;
	pending.Result = answer;
	return v6Json(answer);
}

export const checkoutHandlers = {
	CheckoutShoppingCart: checkout,
	InitiateCheckoutShoppingCartUsingAlternativePayments: initiateCheckout,
	CompleteCheckoutShoppingCartUsingAlternativePayments: completeCheckout,
};
