import { conflictsOf, resolveSlot } from '../rest/booking';
import { TEST_START, useSandbox } from '../test/harness';
import { DAY, HOUR, isoAt, startOfDay } from '../data/dates';
import { SEEDED_GIFT_CARDS, TEST_CARDS } from '../data/saleRecords';
import type { Client } from '../data/types';
import {
	answerProblems,
	cardPayment,
	cash,
	checkAllEvents,
	errorCode,
	errorText,
	eventsOf,
	giftCardPayment,
	lastEvent,
	productItem,
	serviceItem,
	visit,
} from '../test/saleTestKit';

const h = useSandbox();
checkAllEvents(h);

const CALLBACK = 'https://integration.example/sca-return';

const client = (index: number): Client => h.site().clients[index];
const option = (index = 0) => h.site().saleRecords.pricingOptions[index];
/**
 * The carts of these tests are about selling, paying and booking, not tax: they say CalculateTax false
 * on the wire (the document's default is true; the tax test below leaves the field out).
 */
const checkout = (body: Record<string, unknown>, token?: string) =>
	h.call('POST', '/sale/checkoutshoppingcart', { body: { CalculateTax: false, ...body }, token });
const giftBalance = (barcode: string) =>
	h.site().saleRecords.issuedGiftCards.find((card) => card.BarcodeId === barcode)!.Balance;

/** What a call could change: the ledger, client services, card transactions, events. */
const snapshot = () => ({
	sales: h.site().sales.length,
	services: h.site().clientServices.length,
	transactions: h.site().saleRecords.transactions.filter((t) => t.Status === 'Approved').length,
	events: h.sandbox.events.length,
});

describe('checkout (rule 2)', () => {
	it('sells a pricing option: a Sale in the ledger, the client holds the option, clientSale.created', async () => {
		const buyer = client(11);
		const drop = option(0);
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(drop.Id)],
			Payments: [cash(drop.Price)],
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('CheckoutShoppingCart', answer.json)).toEqual([]);
		const saleId = answer.json.ShoppingCart.SaleId;
		expect(answer.json.ShoppingCart).toMatchObject({ SubTotal: drop.Price, GrandTotal: drop.Price, TaxTotal: 0 });
		expect(h.site().sales.at(-1)).toMatchObject({ Id: saleId, ClientId: buyer.Id, TotalAmount: drop.Price });
		// The listed operation and GET /sale/sales read the same ledger.
		const details = await h.call('GET', '/Business/Sales/SalesDetails', { query: { 'request.saleId': saleId } });
		expect(details.json).toEqual([expect.objectContaining({ SaleId: saleId, ClientId: buyer.Id })]);
		const sales = await h.call('GET', '/sale/sales', { query: { 'request.saleId': saleId } });
		expect(sales.json.Sales[0].PurchasedItems[0]).toMatchObject({
			Id: drop.Id,
			IsService: true,
			TotalAmount: drop.Price,
		});
		const held = await h.call('GET', '/client/clientservices', {
			query: { 'request.clientId': buyer.ClientId, 'request.showActiveOnly': true },
		});
		expect(held.json.ClientServices).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ ProductId: drop.ProductId, Remaining: drop.Count, Current: true }),
			]),
		);
		expect(lastEvent(h, 'clientSale.created')).toMatchObject({
			saleId,
			purchasingClientId: buyer.ClientId,
			totalAmountPaid: drop.Price,
			locationId: 1,
			payments: [expect.objectContaining({ paymentMethodName: 'Cash', paymentAmountPaid: drop.Price })],
			items: [expect.objectContaining({ itemId: drop.Id, type: 'Service', recipientClientId: buyer.ClientId })],
		});
	});

	it('charges the business price at a location, the online price without, and tax unless CalculateTax is false (the document: default true)', async () => {
		const buyer = client(12);
		const product = h.site().saleRecords.products[0];
		const round = (amount: number) => Math.round(amount * 100) / 100;
		const cart = (extra: Record<string, unknown>) =>
			h.call('POST', '/sale/checkoutshoppingcart', {
				body: {
					ClientId: buyer.ClientId,
					Test: true,
					Items: [productItem(product.BarcodeId, { Quantity: 2 })],
					Payments: [],
					...extra,
				},
			});
		const untaxed = await cart({ LocationId: 1, CalculateTax: false, Payments: [cash(product.Price * 2)] });
		expect([untaxed.status, untaxed.json.ShoppingCart]).toEqual([
			200,
			expect.objectContaining({ SubTotal: product.Price * 2, TaxTotal: 0, GrandTotal: product.Price * 2 }),
		]);
		const tax = round(product.Price * 2 * product.TaxRate);
		expect(tax).toBeGreaterThan(0);
		// Left out, the field is true: the Test call answers with the total a real one must pay.
		for (const said of [{}, { CalculateTax: null }, { CalculateTax: true }]) {
			const taxed = await cart({ LocationId: 1, ...said, Payments: [cash(round(product.Price * 2 + tax))] });
			expect([taxed.status, taxed.json.ShoppingCart]).toEqual([
				200,
				expect.objectContaining({ TaxTotal: tax, GrandTotal: round(product.Price * 2 + tax) }),
			]);
		}
		// The untaxed amount paid for a taxed cart is refused, naming the total.
		const short = await cart({ LocationId: 1, Payments: [cash(product.Price * 2)] });
		expect([short.status, errorText(short)]).toEqual([
			400,
			`The payments add up to ${(product.Price * 2).toFixed(2)}, the total is ${round(product.Price * 2 + tax).toFixed(2)}.`,
		]);
		const online = await cart({ CalculateTax: false, Payments: [cash(product.OnlinePrice * 2)] });
		expect(online.json.ShoppingCart.SubTotal).toBe(product.OnlinePrice * 2);
		// A Test call with no payments is priced: service 10001 online (22.00, tax 5%) totals 23.10 with the field left out.
		const service = h.site().saleRecords.pricingOptions.find((o) => o.Id === 10001)!;
		const serviceCart = await h.call('POST', '/sale/checkoutshoppingcart', {
			body: { ClientId: buyer.ClientId, Test: true, Items: [serviceItem(10001)], Payments: [] },
		});
		expect(serviceCart.json).toMatchObject({
			ShoppingCart: {
				SubTotal: service.OnlinePrice,
				TaxTotal: round(service.OnlinePrice * service.TaxRate),
				GrandTotal: round(service.OnlinePrice * (1 + service.TaxRate)),
			},
		});
	});

	it('takes a promotion code off the cart; an unknown code is 400 and charges nothing', async () => {
		const buyer = client(13);
		const drop = option(0);
		const promo = h
			.site()
			.promoCodes.find(
				(code) =>
					code.Active &&
					code.Discount.Type === 'Percent' &&
					Date.parse(code.ActivationDate) <= h.sandbox.clock.now() &&
					(code.ExpirationDate === null || Date.parse(code.ExpirationDate) > h.sandbox.clock.now()) &&
					(code.MaxUses === null || code.NumberOfUses < code.MaxUses),
			)!;
		const discount = Math.round(drop.Price * promo.Discount.Amount) / 100;
		const uses = promo.NumberOfUses;
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			PromotionCode: promo.Code,
			Items: [serviceItem(drop.Id)],
			Payments: [cash(drop.Price - discount)],
		});
		expect(answer.status).toBe(200);
		expect(answer.json.ShoppingCart).toMatchObject({ DiscountTotal: discount, GrandTotal: drop.Price - discount });
		expect(promo.NumberOfUses).toBe(uses + 1);
		const before = snapshot();
		const wrong = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			PromotionCode: 'NO-SUCH-CODE',
			Items: [serviceItem(drop.Id)],
			Payments: [cash(drop.Price)],
		});
		expect([wrong.status, errorCode(wrong)]).toEqual([400, 'InvalidPromoCode']);
		expect(snapshot()).toEqual(before);
	});

	it('Test: true checks and prices the cart but charges nothing and leaves IsProspect; a real sale ends it', async () => {
		const prospect = client(14);
		prospect.IsProspect = true;
		const [gift] = SEEDED_GIFT_CARDS;
		const balance = giftBalance(gift.BarcodeId);
		const body = {
			ClientId: prospect.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [giftCardPayment(option(0).Price, gift.BarcodeId)],
		};
		const before = snapshot();
		const test = await checkout({ ...body, Test: true });
		expect([test.status, test.json.ShoppingCart.SaleId, test.json.ShoppingCart.GrandTotal]).toEqual([
			200,
			null,
			option(0).Price,
		]);
		expect(snapshot()).toEqual(before);
		expect([prospect.IsProspect, giftBalance(gift.BarcodeId)]).toEqual([true, balance]);
		const real = await checkout(body);
		expect(real.status).toBe(200);
		expect([prospect.IsProspect, giftBalance(gift.BarcodeId)]).toEqual([false, balance - option(0).Price]);
	});

	it('PayerClientId must pay for the client ("Pays for"), else 400; the payer pays from their account', async () => {
		const dependent = client(19);
		const custodian = client(18);
		const stranger = client(21);
		expect(dependent.CustodianId).toBe(custodian.Id);
		custodian.AccountBalance = 100;
		const body = (payer: Client) => ({
			ClientId: dependent.ClientId,
			PayerClientId: payer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [{ Type: 'DebitAccount', Metadata: { Amount: option(0).Price } }],
		});
		const before = snapshot();
		const refused = await checkout(body(stranger));
		expect([refused.status, errorCode(refused)]).toEqual([400, 'InvalidPayerClient']);
		expect(errorText(refused)).toMatch(/Pays for/);
		expect(snapshot()).toEqual(before);
		const paid = await checkout(body(custodian));
		expect(paid.status).toBe(200);
		expect(custodian.AccountBalance).toBe(100 - option(0).Price);
		const sale = await h.call('GET', '/sale/sales', { query: { 'request.saleId': paid.json.ShoppingCart.SaleId } });
		expect(sale.json.Sales[0]).toMatchObject({ ClientId: custodian.ClientId, RecipientClientId: dependent.Id });
		expect(h.site().clientServices.at(-1)!.ClientId).toBe(dependent.Id);
	});

	it('a failed call charges nothing: a gift card split with a declined card leaves the gift card whole', async () => {
		const buyer = client(22);
		const [, gift] = SEEDED_GIFT_CARDS;
		const balance = giftBalance(gift.BarcodeId);
		const before = snapshot();
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(1).Id)],
			Payments: [giftCardPayment(50, gift.BarcodeId), cardPayment(option(1).Price - 50, TEST_CARDS.declined)],
		});
		expect([answer.status, errorCode(answer)]).toEqual([400, 'CardDeclined']);
		expect(giftBalance(gift.BarcodeId)).toBe(balance);
		expect(snapshot()).toEqual(before);
	});

	it('refuses sales notes over 255 characters with 400 naming the field; 255 pass', async () => {
		const buyer = client(23);
		const product = h.site().saleRecords.products[1];
		const body = (notes: string) => ({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [productItem(product.BarcodeId, { SalesNotes: notes })],
			Payments: [cash(product.Price)],
		});
		const before = snapshot();
		const long = await checkout(body('n'.repeat(256)));
		expect(long.status).toBe(400);
		expect(errorText(long)).toMatch(/Items\[0\]\.SalesNotes/);
		expect(snapshot()).toEqual(before);
		const fits = await checkout(body('n'.repeat(255)));
		expect(fits.status).toBe(200);
		const sale = await h.call('GET', '/sale/sales', { query: { 'request.saleId': fits.json.ShoppingCart.SaleId } });
		expect(sale.json.Sales[0].PurchasedItems[0].Notes).toHaveLength(255);
	});

	it('pays with payment method 801 (a wallet) as a custom payment, with no other field', async () => {
		const answer = await checkout({
			ClientId: client(24).ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [{ Type: 'Custom', Metadata: { Amount: option(0).Price, Id: 801 } }],
		});
		expect(answer.status).toBe(200);
		expect(h.site().sales.at(-1)!.Payments).toEqual([
			expect.objectContaining({ MethodId: 801, Amount: option(0).Price }),
		]);
	});

	it('splits one cart over cash, check, card, stored card, account credit, gift card and a custom method', async () => {
		const buyer = client(25);
		buyer.AccountBalance = 20;
		buyer.CreditCard = {
			...(buyer.CreditCard ?? {}),
			CardType: 'Visa',
			LastFour: '4242',
			ExpMonth: '10',
			ExpYear: '2029',
		} as Client['CreditCard'];
		const [gift] = SEEDED_GIFT_CARDS;
		const balance = giftBalance(gift.BarcodeId);
		const pass = option(1);
		const amounts = [50, 20, 40, 30, 20, 10];
		const rest = pass.Price - amounts.reduce((a, b) => a + b, 0);
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(pass.Id)],
			Payments: [
				cash(amounts[0]),
				{ Type: 'Check', Metadata: { Amount: amounts[1], Notes: 'cheque 118' } },
				cardPayment(amounts[2], TEST_CARDS.mastercard, { Cvv: '123' }),
				{ Type: 'StoredCard', Metadata: { Amount: amounts[3], LastFour: '4242' } },
				{ Type: 'DebitAccount', Metadata: { Amount: amounts[4] } },
				giftCardPayment(amounts[5], gift.BarcodeId),
				{ Type: 'Custom', Metadata: { Amount: rest, Id: 16 } },
			],
		});
		expect(answer.status).toBe(200);
		const sale = h.site().sales.at(-1)!;
		expect(sale.Payments.map((p) => p.MethodName)).toEqual([
			'Cash',
			'Check',
			'Mastercard',
			'Visa',
			'Account',
			'Gift Card',
			'Studio Voucher',
		]);
		expect([buyer.AccountBalance, giftBalance(gift.BarcodeId)]).toEqual([0, balance - amounts[5]]);
		const transactions = await h.call('GET', '/sale/transactions', { query: { 'request.saleId': sale.Id } });
		expect(
			transactions.json.Transactions.map((t: { CCLastFour: string; Status: string }) => [t.CCLastFour, t.Status]),
		).toEqual([
			['4444', 'Approved'],
			['4242', 'Approved'],
		]);
		const view = await h.call('GET', '/sale/sales', { query: { 'request.saleId': sale.Id } });
		expect(view.json.Sales[0].Payments[1]).toMatchObject({ Type: 'Check', Notes: 'cheque 118' });
	});

	it('refuses payments that do not add up to the total, and funds a gift card or account does not hold', async () => {
		const buyer = client(26);
		const before = snapshot();
		const short = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [cash(option(0).Price - 1)],
		});
		expect([short.status, errorCode(short)]).toEqual([400, 'InvalidPaymentAmount']);
		const overdrawn = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(1).Id)],
			Payments: [{ Type: 'DebitAccount', Metadata: { Amount: option(1).Price } }],
		});
		expect([overdrawn.status, errorCode(overdrawn)]).toEqual([400, 'InsufficientAccountBalance']);
		const discover = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [cardPayment(option(0).Price, '6011111111111117')],
		});
		expect([discover.status, errorCode(discover)]).toEqual([400, 'CardTypeNotAccepted']);
		expect(snapshot()).toEqual(before);
	});

	it('books the class an item carries, paid by the new pricing option, with the sale (rule 2)', async () => {
		const site = h.site();
		const now = h.sandbox.clock.now();
		const instance = site.classes.find(
			(c) => !c.IsCanceled && Date.parse(c.StartDateTime) > now && c.TotalBooked < c.MaxCapacity,
		)!;
		const programId = site.classDescriptions.find((d) => d.Id === instance.ClassDescriptionId)!.ProgramId;
		const pass = site.saleRecords.pricingOptions.find((o) => o.ProgramId === programId && o.Count === 10)!;
		const buyer = client(27);
		const booked = instance.TotalBooked;
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: instance.LocationId,
			Items: [serviceItem(pass.Id, { ClassIds: [instance.Id] })],
			Payments: [cash(pass.Price)],
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('CheckoutShoppingCart', answer.json)).toEqual([]);
		const saleId = answer.json.ShoppingCart.SaleId;
		const service = site.clientServices.at(-1)!;
		expect(service).toMatchObject({ ClientId: buyer.Id, Remaining: pass.Count - 1 });
		expect(site.classRecords.visits.at(-1)).toMatchObject({
			ClassId: instance.Id,
			ClientId: buyer.Id,
			ClientServiceId: service.Id,
			SaleId: saleId,
		});
		expect(instance.TotalBooked).toBe(booked + 1);
		expect(answer.json.Classes).toEqual([expect.objectContaining({ Id: instance.Id })]);
		expect(lastEvent(h, 'classRosterBooking.created')).toMatchObject({
			classId: instance.Id,
			clientId: buyer.ClientId,
			clientPassId: String(service.Id),
		});
		const events = await h.call('GET', `/Business/Sales/${saleId}/EventDetails`);
		expect(events.json).toEqual([expect.objectContaining({ Type: 'Class', EventId: instance.Id, SaleId: saleId })]);
		const again = await checkout({
			ClientId: buyer.ClientId,
			LocationId: instance.LocationId,
			Items: [serviceItem(pass.Id, { ClassIds: [instance.Id] })],
			Payments: [cash(pass.Price)],
		});
		expect([again.status, errorCode(again)]).toEqual([400, 'ClientAlreadyBooked']);
	});

	it('books the appointments an item carries (appointmentBooking.created)', async () => {
		const site = h.site();
		const day0 = startOfDay(Date.parse(TEST_START));
		let found: { staffId: number; typeId: number; locationId: number; start: string } | undefined;
		search: for (let day = 1; day < 14; day++) {
			for (const staff of site.staff) {
				for (const typeId of staff.AppointmentTypeIds) {
					for (let hour = 9; hour < 17; hour++) {
						const start = isoAt(day0 + day * DAY + hour * HOUR);
						const slot = resolveSlot(site, { staffId: staff.Id, typeId, locationId: staff.LocationIds[0], start });
						if (typeof slot !== 'string' && !slot.type.IsAddOn && !conflictsOf(site, slot).length) {
							found = { staffId: staff.Id, typeId, locationId: staff.LocationIds[0], start };
							break search;
						}
					}
				}
			}
		}
		const type = site.appointmentTypes.find((t) => t.Id === found!.typeId)!;
		const pass = site.saleRecords.pricingOptions.find((o) => o.ProgramId === type.ProgramId && o.Count === 1)!;
		const buyer = client(28);
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: found!.locationId,
			Items: [
				serviceItem(pass.Id, {
					AppointmentBookingRequests: [
						{ StaffId: found!.staffId, SessionTypeId: found!.typeId, StartDateTime: found!.start },
					],
				}),
			],
			Payments: [cash(pass.Price)],
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('CheckoutShoppingCart', answer.json)).toEqual([]);
		const appointment = site.appointments.at(-1)!;
		expect(appointment).toMatchObject({ ClientId: buyer.Id, StaffId: found!.staffId, PaymentApplied: true });
		expect(answer.json.Appointments).toEqual([expect.objectContaining({ Id: appointment.Id })]);
		expect(lastEvent(h, 'appointmentBooking.created')).toMatchObject({ appointmentId: appointment.Id });
	});

	it('sells products from stock, packages with their pricing options, gift cards and tips', async () => {
		const site = h.site();
		const records = site.saleRecords;
		const pack = records.packages[0];
		const product = records.products.find((p) => p.Id === pack.ProductIds[0])!;
		const stock = product.Inventory.find((row) => row.LocationId === 1)!.UnitsInStock;
		const buyer = client(29);
		const packPrice =
			Math.round(
				(records.pricingOptions.find((o) => o.Id === pack.PricingOptionIds[0])!.Price + product.Price) *
					(1 - pack.DiscountPercentage / 100) *
					100,
			) / 100;
		const giftCard = records.giftCards[0];
		const answer = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [
				productItem(product.BarcodeId, { Quantity: 2 }),
				{ Item: { Type: 'Package', Metadata: { Id: pack.Id } } },
				{ Item: { Type: 'GiftCard', Metadata: { Id: giftCard.Id, BarcodeId: 'GIFT-FOR-MOM' } } },
				{ Item: { Type: 'Tip', Metadata: { Amount: 5 } } },
			],
			Payments: [cash(Math.round((product.Price * 2 + packPrice + giftCard.SalePrice + 5) * 100) / 100)],
		});
		expect(answer.status).toBe(200);
		expect(product.Inventory.find((row) => row.LocationId === 1)!.UnitsInStock).toBe(stock - 3);
		expect(site.clientServices.at(-1)).toMatchObject({ ClientId: buyer.Id });
		const balance = await h.call('GET', '/sale/giftcardbalance', { query: { barcodeId: 'GIFT-FOR-MOM' } });
		expect(balance.json).toEqual({ BarcodeId: 'GIFT-FOR-MOM', RemainingBalance: giftCard.Value });
		expect(lastEvent(h, 'clientSale.created')!.items).toEqual([
			expect.objectContaining({ type: 'Product', quantity: 2 }),
			expect.objectContaining({ type: 'Package' }),
			expect.objectContaining({ type: 'GiftCard' }),
			expect.objectContaining({ type: 'Tip', amountPaid: 5 }),
		]);
	});
});

describe('card challenge (states table, rule 2, limits)', () => {
	const challengedCart = (buyer: Client, payments: unknown[], extra: Record<string, unknown> = {}) => ({
		ClientId: buyer.ClientId,
		LocationId: 1,
		Items: [serviceItem(option(1).Id)],
		Payments: payments,
		ConsumerPresent: true,
		PaymentAuthenticationCallbackUrl: CALLBACK,
		...extra,
	});

	it('first call: nothing is charged; Transactions list each card, an AuthenticationUrl for the challenged one', async () => {
		const buyer = client(31);
		const before = snapshot();
		const answer = await checkout(
			challengedCart(buyer, [cardPayment(100, TEST_CARDS.challenge), cardPayment(option(1).Price - 100)]),
		);
		expect(answer.status).toBe(200);
		// The spec's Transactions (TransactionID) is the only field the document lacks.
		expect(answerProblems('CheckoutShoppingCart', answer.json, ['Transactions'])).toEqual([]);
		expect(answerProblems('CheckoutShoppingCart', answer.json)).toEqual([
			'answer.Transactions is not a field of CheckoutShoppingCartResponse',
		]);
		const [challenged, preAuthorized] = answer.json.Transactions;
		expect(challenged).toEqual({
			TransactionID: expect.any(Number),
			AuthenticationUrl: expect.stringContaining('/_sandbox/challenges/'),
		});
		expect(preAuthorized).toEqual({ TransactionID: expect.any(Number) });
		expect(answer.json.ShoppingCart.Transactions).toEqual([
			{ TransactionId: challenged.TransactionID, AuthenticationUrl: challenged.AuthenticationUrl },
			{ TransactionId: preAuthorized.TransactionID },
		]);
		expect(answer.json.ShoppingCart.SaleId).toBeNull();
		expect(snapshot()).toEqual(before);
	});

	it('the consumer completes the challenge at AuthenticationUrl, is sent to the callback, and the second call completes the sale', async () => {
		const buyer = client(32);
		const body = challengedCart(buyer, [cardPayment(100, TEST_CARDS.challenge), cardPayment(option(1).Price - 100)]);
		const first = await checkout(body);
		const ids = first.json.Transactions.map((t: { TransactionID: number }) => t.TransactionID);
		const page = await visit(first.json.Transactions[0].AuthenticationUrl);
		expect([page.status, page.headers.get('location')]).toEqual([302, CALLBACK]);
		const sales = h.site().sales.length;
		const second = await checkout({ ...body, TransactionIds: ids });
		expect(second.status).toBe(200);
		expect(answerProblems('CheckoutShoppingCart', second.json)).toEqual([]);
		expect(second.json.ShoppingCart.Id).toBe(first.json.ShoppingCart.Id);
		expect(h.site().sales).toHaveLength(sales + 1);
		const transactions = await h.call('GET', '/sale/transactions', {
			query: { 'request.saleId': second.json.ShoppingCart.SaleId },
		});
		expect(transactions.json.Transactions.map((t: { TransactionId: number }) => t.TransactionId)).toEqual(ids);
		expect(transactions.json.Transactions.every((t: { Status: string }) => t.Status === 'Approved')).toBe(true);
		const again = await checkout({ ...body, TransactionIds: ids });
		expect([again.status, errorCode(again)]).toEqual([400, 'CartAlreadyCompleted']);
	});

	it('second call: missing ids or an unfinished challenge is 400 and charges nothing', async () => {
		const buyer = client(33);
		const body = challengedCart(buyer, [cardPayment(100, TEST_CARDS.challenge), cardPayment(option(1).Price - 100)]);
		const first = await checkout(body);
		const [challenged, preAuthorized] = first.json.Transactions;
		const before = snapshot();
		const unfinished = await checkout({
			...body,
			TransactionIds: [challenged.TransactionID, preAuthorized.TransactionID],
		});
		expect([unfinished.status, errorCode(unfinished)]).toEqual([400, 'PaymentAuthenticationIncomplete']);
		await visit(challenged.AuthenticationUrl);
		const missing = await checkout({ ...body, TransactionIds: [challenged.TransactionID] });
		expect([missing.status, errorCode(missing)]).toEqual([400, 'MissingTransactionIds']);
		const otherCart = await checkout({
			...body,
			Items: [serviceItem(option(0).Id)],
			TransactionIds: [challenged.TransactionID, preAuthorized.TransactionID],
		});
		expect(otherCart.status).toBe(400);
		expect(snapshot()).toEqual(before);
	});

	it('a challenged card with ConsumerPresent false fails: no one can answer the challenge', async () => {
		const before = snapshot();
		const answer = await checkout(
			challengedCart(client(34), [cardPayment(option(1).Price, TEST_CARDS.challenge)], { ConsumerPresent: false }),
		);
		expect([answer.status, errorCode(answer)]).toEqual([400, 'PaymentAuthenticationRequired']);
		expect(snapshot()).toEqual(before);
		expect(h.site().saleRecords.pending.filter((p) => p.ClientId === client(34).Id)).toEqual([]);
	});

	it('a gift card split with a challenged card completes after the challenge (rule 2)', async () => {
		const buyer = client(35);
		const [, gift] = SEEDED_GIFT_CARDS;
		const balance = giftBalance(gift.BarcodeId);
		const body = challengedCart(buyer, [
			giftCardPayment(30, gift.BarcodeId),
			cardPayment(option(1).Price - 30, TEST_CARDS.challenge),
		]);
		const first = await checkout(body);
		expect(giftBalance(gift.BarcodeId)).toBe(balance);
		await visit(first.json.Transactions[0].AuthenticationUrl);
		const second = await checkout({ ...body, TransactionIds: [first.json.Transactions[0].TransactionID] });
		expect(second.status).toBe(200);
		expect(giftBalance(gift.BarcodeId)).toBe(balance - 30);
		expect(
			h
				.site()
				.sales.at(-1)!
				.Payments.map((p) => p.MethodName),
		).toEqual(['Gift Card', 'Visa']);
	});

	it('a denied challenge fails the cart: the second call is 400', async () => {
		const buyer = client(36);
		const body = challengedCart(buyer, [cardPayment(option(1).Price, TEST_CARDS.challenge)]);
		const first = await checkout(body);
		const url = first.json.Transactions[0].AuthenticationUrl.replace('/complete', '/deny');
		const page = await visit(url);
		expect([page.status, page.headers.get('location')]).toEqual([302, CALLBACK]);
		const second = await checkout({ ...body, TransactionIds: [first.json.Transactions[0].TransactionID] });
		expect([second.status, errorCode(second)]).toEqual([400, 'PaymentAuthenticationFailed']);
	});

	it('after 15 minutes the cart is abandoned: its authorizations are voided and the second call fails', async () => {
		const buyer = client(37);
		const body = challengedCart(buyer, [cardPayment(100, TEST_CARDS.challenge), cardPayment(option(1).Price - 100)]);
		const first = await checkout(body);
		const ids = first.json.Transactions.map((t: { TransactionID: number }) => t.TransactionID);
		await h.sandbox.clock.advance(15 * 60_000);
		const voided = await h.call('GET', '/sale/transactions', { query: { 'request.clientId': buyer.Id } });
		expect(voided.json.Transactions.map((t: { Status: string }) => t.Status)).toEqual(['Voided', 'Voided']);
		const page = await visit(first.json.Transactions[0].AuthenticationUrl);
		expect(page.status).toBe(410);
		const before = snapshot();
		const second = await checkout({ ...body, TransactionIds: ids });
		expect([second.status, errorCode(second)]).toEqual([400, 'CartAbandoned']);
		expect(snapshot()).toEqual(before);
	});
});

describe('alternative payments: initiate, pay, complete', () => {
	it('a wallet (801) is authorized at once; Complete makes the sale', async () => {
		const buyer = client(38);
		const initiated = await h.call('POST', '/sale/initiatecheckoutshoppingcart', {
			body: {
				CalculateTax: false,
				ClientId: buyer.ClientId,
				LocationId: 1,
				Items: [serviceItem(option(0).Id)],
				Payments: [{ PaymentMethodId: 801, Amount: option(0).Price }],
				PaymentAuthenticationCallbackUrl: CALLBACK,
			},
		});
		expect(initiated.status).toBe(200);
		expect(initiated.json).toMatchObject({ Status: 'PaymentAuthorized', PaymentRedirectUrl: null });
		const completed = await h.call('POST', '/sale/completecheckoutshoppingcart', {
			body: { AccessToken: initiated.json.AccessToken, ClientId: buyer.ClientId },
		});
		expect(completed.status).toBe(200);
		expect(answerProblems('CompleteCheckoutShoppingCartUsingAlternativePayments', completed.json)).toEqual([]);
		expect(h.site().sales.at(-1)!.Payments[0]).toMatchObject({ MethodId: 801 });
	});

	it('a bank payment (997) waits for the consumer: Complete is 400 until they pay at PaymentRedirectUrl', async () => {
		const buyer = client(39);
		const initiated = await h.call('POST', '/sale/initiatecheckoutshoppingcart', {
			body: {
				CalculateTax: false,
				ClientId: buyer.ClientId,
				LocationId: 1,
				Items: [serviceItem(option(0).Id)],
				Payments: [{ PaymentMethodId: 997, Amount: option(0).Price }],
				PaymentAuthenticationCallbackUrl: CALLBACK,
			},
		});
		expect(initiated.json.Status).toBe('PaymentPending');
		const complete = () =>
			h.call('POST', '/sale/completecheckoutshoppingcart', {
				body: { AccessToken: initiated.json.AccessToken, ClientId: buyer.ClientId },
			});
		const early = await complete();
		expect([early.status, errorCode(early)]).toEqual([400, 'PaymentNotCompleted']);
		const page = await visit(initiated.json.PaymentRedirectUrl);
		expect([page.status, page.headers.get('location')]).toEqual([302, CALLBACK]);
		const done = await complete();
		expect(done.status).toBe(200);
		expect(eventsOf(h, 'clientSale.created').at(-1)).toMatchObject({ saleId: done.json.ShoppingCart.SaleId });
	});
});
