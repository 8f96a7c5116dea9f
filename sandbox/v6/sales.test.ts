import { useSandbox, type Answer } from '../test/harness';
import { DAY, dateOf } from '../data/dates';
import { SEEDED_GIFT_CARDS, TEST_CARDS } from '../data/saleRecords';
import type { Client, ClientService } from '../data/types';
import { salesV6Handlers } from '../rest/v6/sales';
import {
	answerProblems,
	cardPayment,
	cash,
	checkAllEvents,
	errorCode,
	errorText,
	freshClient,
	giftCardPayment,
	lastEvent,
	opOf,
	productItem,
	serviceItem,
} from '../test/saleTestKit';

const h = useSandbox();
checkAllEvents(h);

const records = () => h.site().saleRecords;
const client = (index: number): Client => h.site().clients[index];
const fresh = (name: string) => freshClient(h.site(), name);
const option = (index = 0) => records().pricingOptions[index];
/** These carts are untaxed, as said on the wire (the document's default is true: checkout.test.ts). */
const checkout = (body: Record<string, unknown>) =>
	h.call('POST', '/sale/checkoutshoppingcart', { body: { CalculateTax: false, ...body } });
const ids = (rows: Array<{ Id: number | string }>) => rows.map((row) => row.Id);

/** Spec fields the document lacks, let through by answerProblems for these operations only. */
const SPEC_FIELDS: Record<string, string[]> = {
	PurchaseContract: ['Status'],
	PurchaseGiftCard: ['Status'],
	GetPurchaseContractStatus: ['Status'],
};

describe('every operation of the sale area', () => {
	it('answers each in the document shape (shapeProblems finds nothing)', async () => {
		const site = h.site();
		const token = await h.staffToken();
		const holder = site.clients.find((c) =>
			records().clientMemberships.some((m) => m.ClientId === c.Id && m.Status === 'Active'),
		)!;
		const other = site.clients.find(
			(c) => c.Id !== holder.Id && records().clientMemberships.some((m) => m.ClientId === c.Id),
		)!;
		const cc = records().clientContracts.find((c) => c.ClientId === holder.Id)!;
		const buyer = fresh('Shape');
		const answers: Record<string, Answer> = {};
		const run = async (key: string, method: string, path: string, options: Parameters<typeof h.call>[2] = {}) => {
			answers[key] = await h.call(method, path, { token, ...options });
			return answers[key];
		};
		const taxed = (item: { Price: number; TaxRate: number }) =>
			item.Price + Math.round(item.Price * item.TaxRate * 100) / 100;
		const total = Math.round((taxed(option(0)) + taxed(records().products[0])) * 100) / 100;
		const sale = await run('CheckoutShoppingCart', 'POST', '/sale/checkoutshoppingcart', {
			body: {
				ClientId: buyer.ClientId,
				LocationId: 1,
				CalculateTax: true,
				Items: [serviceItem(option(0).Id), productItem(records().products[0].BarcodeId)],
				Payments: [cardPayment(total)],
			},
		});
		const saleId = sale.json.ShoppingCart.SaleId;
		const service = site.clientServices.at(-1)!;
		await run('GetActiveClientMemberships', 'GET', '/client/activeclientmemberships', {
			query: { 'request.clientId': holder.ClientId },
		});
		await run('GetActiveClientsMemberships', 'GET', '/client/activeclientsmemberships', {
			query: { 'request.clientIds': [holder.ClientId, other.ClientId] },
		});
		await run('GetClientContracts', 'GET', '/client/clientcontracts', {
			query: { 'request.clientId': holder.ClientId },
		});
		await run('GetClientPurchases', 'GET', '/client/clientpurchases', {
			query: { 'request.clientId': buyer.ClientId },
		});
		await run('GetClientServices', 'GET', '/client/clientservices', { query: { 'request.clientId': buyer.ClientId } });
		await run('UpdateClientContractAutopays', 'POST', '/client/updateclientcontractautopays', {
			body: { ClientContractId: cc.Id, Amount: 89 },
		});
		await run('SuspendContract', 'POST', '/client/suspendcontract', {
			body: { ClientId: holder.ClientId, ClientContractId: cc.Id, OpenEnded: true },
		});
		await run('TerminateContract', 'POST', '/client/terminatecontract', {
			body: {
				ClientId: holder.ClientId,
				ClientContractId: cc.Id,
				TerminationDate: dateOf(h.sandbox.clock.now() + 30 * DAY),
			},
		});
		await run('UpdateClientService', 'POST', '/client/updateclientservice', {
			body: { ServiceId: service.Id, Count: 2 },
		});
		await run('UpdatePricingOption', 'POST', '/pricingoption/updatepricingoption', {
			body: { ProductId: option(2).ProductId, Name: 'Renamed Drop-In' },
		});
		await run('GetAcceptedCardTypes', 'GET', '/sale/acceptedcardtypes');
		await run('GetAlternativePaymentMethods', 'GET', '/sale/alternativepaymentmethods');
		await run('GetContracts', 'GET', '/sale/contracts', { query: { 'request.locationId': 1 } });
		await run('GetCustomPaymentMethods', 'GET', '/sale/custompaymentmethods');
		await run('GetGiftCardBalance', 'GET', '/sale/giftcardbalance', {
			query: { barcodeId: SEEDED_GIFT_CARDS[0].BarcodeId },
		});
		await run('GetGiftCards', 'GET', '/sale/giftcards', { query: { 'request.includeCustomLayouts': true } });
		await run('GetPackages', 'GET', '/sale/packages');
		await run('GetProducts', 'GET', '/sale/products');
		await run('UpdateProducts', 'PUT', '/sale/products', {
			body: [{ BarcodeId: records().products[1].BarcodeId, Price: 30 }],
		});
		await run('GetProductsInventory', 'GET', '/sale/productsinventory');
		await run('GetSales', 'GET', '/sale/sales', { query: { 'request.limit': 20 } });
		await run('GetServices', 'GET', '/sale/services');
		await run('UpdateServices', 'PUT', '/sale/services', {
			body: [{ BarcodeId: String(option(3).ProductId), Price: 210, OnlinePrice: 190 }],
		});
		await run('GetTransactions', 'GET', '/sale/transactions', { query: { 'request.limit': 20 } });
		const initiated = await run(
			'InitiateCheckoutShoppingCartUsingAlternativePayments',
			'POST',
			'/sale/initiatecheckoutshoppingcart',
			{
				body: {
					CalculateTax: false,
					ClientId: buyer.ClientId,
					Items: [serviceItem(option(0).Id)],
					Payments: [{ PaymentMethodId: 801, Amount: option(0).OnlinePrice }],
					PaymentAuthenticationCallbackUrl: 'https://integration.example/back',
				},
			},
		);
		await run('CompleteCheckoutShoppingCartUsingAlternativePayments', 'POST', '/sale/completecheckoutshoppingcart', {
			body: { AccessToken: initiated.json.AccessToken, ClientId: buyer.ClientId },
		});
		const contractBuyer = fresh('Contract');
		const started = await run(
			'InitiatePurchaseContractUsingAlternativePayments',
			'POST',
			'/sale/initiatepurchasecontract',
			{
				body: {
					ClientId: contractBuyer.ClientId,
					ContractId: 301,
					PaymentMethodId: 997,
					PaymentAuthenticationCallbackUrl: 'https://integration.example/back',
				},
			},
		);
		await run('GetPurchaseContractStatus', 'GET', '/sale/purchasecontractstatus', {
			query: { accessToken: started.json.AccessToken },
		});
		await run('PurchaseAccountCredit', 'POST', '/sale/purchaseaccountcredit', {
			body: { ClientId: buyer.ClientId, PaymentInfo: cash(25) },
		});
		await run('PurchaseContract', 'POST', '/sale/purchasecontract', {
			body: {
				ClientId: contractBuyer.ClientId,
				ContractId: 302,
				LocationId: 1,
				CreditCardInfo: cardPayment(0).Metadata,
			},
		});
		await run('PurchaseGiftCard', 'POST', '/sale/purchasegiftcard', {
			body: {
				LocationId: 1,
				PurchaserClientId: buyer.ClientId,
				GiftCardId: records().giftCards[0].Id,
				PaymentInfo: cash(records().giftCards[0].SalePrice),
			},
		});
		await run('UpdateProductPrice', 'POST', '/sale/updateproductprice', {
			body: { BarcodeId: records().products[2].BarcodeId, OnlinePrice: 12.5 },
		});
		await run('UpdateSaleDate', 'PUT', '/sale/updatesaledate', {
			body: { SaleID: saleId, SaleDate: dateOf(h.sandbox.clock.now() - DAY) },
		});
		await run('ReturnSale', 'POST', '/sale/returnsale', { body: { SaleId: saleId } });

		expect(
			Object.keys(answers)
				.map((key) => opOf(key).id)
				.sort(),
		).toEqual(Object.keys(salesV6Handlers).sort());
		for (const [key, answer] of Object.entries(answers)) {
			expect([key, answer.status]).toEqual([key, 200]);
			expect([key, answerProblems(key, answer.json, SPEC_FIELDS[key])]).toEqual([key, []]);
		}
		// Lists hold rows: an empty list would prove no shape.
		for (const [key, list] of [
			['GetActiveClientMemberships', 'ClientMemberships'],
			['GetClientContracts', 'Contracts'],
			['GetClientPurchases', 'Purchases'],
			['GetClientServices', 'ClientServices'],
			['GetContracts', 'Contracts'],
			['GetGiftCards', 'GiftCards'],
			['GetPackages', 'Packages'],
			['GetProducts', 'Products'],
			['GetProductsInventory', 'ProductsInventory'],
			['GetSales', 'Sales'],
			['GetServices', 'Services'],
			['GetTransactions', 'Transactions'],
		]) {
			expect([key, answers[key].json[list].length > 0]).toEqual([key, true]);
		}
	});
});

describe('pricing options', () => {
	it('lists pricing options by program; consumers see what sells online, staff may see discontinued ones', async () => {
		const yoga = option(0).ProgramId;
		const byProgram = await h.call('GET', '/sale/services', { query: { 'request.programIds': yoga } });
		expect(byProgram.json.Services.map((s: { ProgramId: number }) => s.ProgramId)).toEqual(
			records()
				.pricingOptions.filter((o) => o.ProgramId === yoga)
				.map(() => yoga),
		);
		const token = await h.staffToken();
		const update = await h.call('POST', '/pricingoption/updatepricingoption', {
			token,
			body: { ProductId: option(5).ProductId, Discontinued: true, SellOnline: false },
		});
		expect(update.json).toMatchObject({ Discontinued: true, SellOnline: false });
		const consumer = await h.call('GET', '/sale/services');
		expect(ids(consumer.json.Services)).not.toContain(String(option(5).Id));
		const staff = await h.call('GET', '/sale/services', { token, query: { 'request.includeDiscontinued': true } });
		expect(ids(staff.json.Services)).toContain(String(option(5).Id));
	});

	it('UpdateServices and UpdatePricingOption change the prices checkout charges', async () => {
		const pass = option(7);
		const put = await h.call('PUT', '/sale/services', {
			body: [{ BarcodeId: String(pass.ProductId), Price: 150, OnlinePrice: 140 }],
		});
		expect(put.json.Services).toEqual([expect.objectContaining({ Price: 150, OnlinePrice: 140 })]);
		const cart = (payments: unknown[], locationId?: number) =>
			checkout({
				ClientId: client(63).ClientId,
				LocationId: locationId,
				Test: true,
				Items: [serviceItem(pass.Id)],
				Payments: payments,
			});
		expect((await cart([cash(150)], 1)).status).toBe(200);
		expect((await cart([cash(140)])).status).toBe(200);
		await h.call('POST', '/pricingoption/updatepricingoption', { body: { ProductId: pass.ProductId, Price: 155.5 } });
		expect((await cart([cash(155.5)], 1)).json.ShoppingCart.GrandTotal).toBe(155.5);
		const unknown = await h.call('PUT', '/sale/services', { body: [{ BarcodeId: 'nope', Price: 1 }] });
		expect([unknown.status, errorCode(unknown)]).toEqual([400, 'InvalidBarcodeId']);
		expect(pass.Price).toBe(155.5);
	});
});

describe('contracts, products, packages, gift cards, payment methods', () => {
	it('lists contracts at a location: sold online only when asked, a promotion taken off the first payment', async () => {
		const all = await h.call('GET', '/sale/contracts', { query: { 'request.locationId': 1 } });
		expect(ids(all.json.Contracts)).toEqual(records().contracts.map((c) => c.Id));
		const online = await h.call('GET', '/sale/contracts', {
			query: { 'request.locationId': 1, 'request.soldOnline': true },
		});
		expect(ids(online.json.Contracts)).toEqual(
			records()
				.contracts.filter((c) => c.SoldOnline)
				.map((c) => c.Id),
		);
		const promo = h
			.site()
			.promoCodes.find(
				(p) =>
					p.Active &&
					p.Discount.Type === 'Amount' &&
					Date.parse(p.ActivationDate) <= h.sandbox.clock.now() &&
					(p.ExpirationDate === null || Date.parse(p.ExpirationDate) > h.sandbox.clock.now()) &&
					(p.MaxUses === null || p.NumberOfUses < p.MaxUses),
			)!;
		const discounted = await h.call('GET', '/sale/contracts', {
			query: { 'request.locationId': 1, 'request.contractIds': 301, 'request.promoCode': promo.Code },
		});
		expect(discounted.json.Contracts[0].FirstPaymentAmountTotal).toBe(99 - promo.Discount.Amount);
		const nowhere = await h.call('GET', '/sale/contracts', { query: { 'request.locationId': 77 } });
		expect(nowhere.status).toBe(400);
	});

	it('reads products and stock; price updates show; a sale takes stock at its location', async () => {
		const product = records().products[3];
		const found = await h.call('GET', '/sale/products', { query: { 'request.searchText': product.Name.slice(0, 5) } });
		expect(ids(found.json.Products)).toEqual([product.BarcodeId]);
		await h.call('PUT', '/sale/products', { body: [{ BarcodeId: product.BarcodeId, Price: 33, OnlinePrice: 31 }] });
		const single = await h.call('POST', '/sale/updateproductprice', {
			body: { BarcodeId: product.BarcodeId, OnlinePrice: 29 },
		});
		expect(single.json.Product).toMatchObject({ Id: product.BarcodeId, Price: 33, OnlinePrice: 29 });
		const stock = async () =>
			(
				await h.call('GET', '/sale/productsinventory', {
					query: { 'request.barcodeIds': product.BarcodeId, 'request.locationIds': 2 },
				})
			).json.ProductsInventory[0];
		const before = await stock();
		const sold = await checkout({
			ClientId: client(64).ClientId,
			LocationId: 2,
			Items: [productItem(product.BarcodeId, { Quantity: 3 })],
			Payments: [cash(99)],
		});
		expect(sold.status).toBe(200);
		expect(await stock()).toMatchObject({ UnitsInStock: before.UnitsInStock - 3, UnitsSold: before.UnitsSold + 3 });
		const unknown = await h.call('POST', '/sale/updateproductprice', { body: { BarcodeId: 'nope', Price: 1 } });
		expect(unknown.status).toBe(400);
	});

	it('lists packages and gift cards with their filters', async () => {
		const online = await h.call('GET', '/sale/packages', { query: { 'request.sellOnline': true } });
		expect(ids(online.json.Packages)).toEqual(
			records()
				.packages.filter((p) => p.SellOnline)
				.map((p) => p.Id),
		);
		expect(online.json.Packages[0].Services[0].Id).toBe(String(records().packages[0].PricingOptionIds[0]));
		const some = await h.call('GET', '/sale/giftcards', { query: { 'request.ids': [901, 903] } });
		expect(ids(some.json.GiftCards)).toEqual([901, 903]);
		expect(some.json.GiftCards[0].Layouts.map((l: { LayoutId: number }) => l.LayoutId)).toEqual([1, 2]);
		const custom = await h.call('GET', '/sale/giftcards', { query: { 'request.includeCustomLayouts': true } });
		expect(custom.json.GiftCards[0].Layouts.map((l: { LayoutId: number }) => l.LayoutId)).toEqual([1, 2, 101]);
	});

	it('names accepted card types (checkout refuses others), alternative and custom payment methods', async () => {
		const cards = await h.call('GET', '/sale/acceptedcardtypes');
		expect(cards.json).toEqual(['Visa', 'MasterCard', 'AmericanExpress']);
		const amex = await checkout({
			ClientId: client(65).ClientId,
			LocationId: 1,
			Test: true,
			Items: [serviceItem(option(0).Id)],
			Payments: [cardPayment(option(0).Price, '378282246310005')],
		});
		expect(amex.status).toBe(200);
		const alternative = await h.call('GET', '/sale/alternativepaymentmethods');
		expect(alternative.json.PaymentMethods).toEqual([
			{ Id: 801, Name: 'Apple Pay' },
			{ Id: 997, Name: 'iDEAL' },
		]);
		const custom = await h.call('GET', '/sale/custompaymentmethods', { query: { 'request.limit': 2 } });
		expect(custom.json).toMatchObject({ PaginationResponse: { PageSize: 2, TotalResults: 3 } });
		const used = await checkout({
			ClientId: client(65).ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [{ Type: 'Custom', Metadata: { Amount: option(0).Price, Id: custom.json.PaymentMethods[1].Id } }],
		});
		expect(h.site().sales.at(-1)!.Payments[0].MethodName).toBe(custom.json.PaymentMethods[1].Name);
		expect(used.status).toBe(200);
		const unknown = await checkout({
			ClientId: client(65).ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [{ Type: 'Custom', Metadata: { Amount: option(0).Price, Id: 4242 } }],
		});
		expect([unknown.status, errorCode(unknown)]).toEqual([400, 'InvalidPaymentMethod']);
	});
});

describe('the sales ledger', () => {
	it('GET /sale/sales reads site.sales in ledger order, by sale date: a poller from its last start sees only new sales', async () => {
		const sales = h.site().sales;
		const middle = sales[Math.floor(sales.length / 2)];
		const from = await h.call('GET', '/sale/sales', {
			query: { 'request.startSaleDateTime': middle.SaleDateTime, 'request.limit': 1000 },
		});
		const expected = sales.filter((s) => s.SaleDateTime >= middle.SaleDateTime).map((s) => s.Id);
		expect(ids(from.json.Sales)).toEqual(expected);
		const day = middle.SaleDateTime.slice(0, 10);
		const onDay = await h.call('GET', '/sale/sales', {
			query: { 'request.startSaleDateTime': day, 'request.endSaleDateTime': day },
		});
		expect(ids(onDay.json.Sales)).toEqual(sales.filter((s) => s.SaleDateTime.startsWith(day)).map((s) => s.Id));
		// The poller: read from the newest sale date seen; a new sale shows, nothing older does.
		const seen = sales.at(-1)!.SaleDateTime;
		await h.sandbox.clock.advance(60_000);
		const made = await checkout({
			ClientId: client(66).ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [cash(option(0).Price)],
		});
		const polled = await h.call('GET', '/sale/sales', { query: { 'request.startSaleDateTime': seen } });
		expect(ids(polled.json.Sales).at(-1)).toBe(made.json.ShoppingCart.SaleId);
		expect(polled.json.Sales.every((s: { SaleDateTime: string }) => s.SaleDateTime >= seen)).toBe(true);
		expect(polled.json.Sales.at(-1).SaleDateTime).toBe(h.sandbox.clock.iso());
		const byMethod = await h.call('GET', '/sale/sales', {
			query: { 'request.paymentMethodId': 801, 'request.limit': 1000 },
		});
		expect(
			byMethod.json.Sales.every((s: { Payments: Array<{ Method: number }> }) =>
				s.Payments.some((p) => p.Method === 801),
			),
		).toBe(true);
	});

	it("GET /sale/transactions lists card transactions, the seeded ledger's too, with filters", async () => {
		const seededCard = h.site().sales.find((s) => s.Payments.some((p) => p.LastFour !== null))!;
		const seeded = await h.call('GET', '/sale/transactions', { query: { 'request.saleId': seededCard.Id } });
		expect(seeded.json.Transactions).toEqual([
			expect.objectContaining({ SaleId: seededCard.Id, Status: 'Approved', Settled: true }),
		]);
		const buyer = fresh('Card');
		await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id)],
			Payments: [cardPayment(option(0).Price, TEST_CARDS.mastercard)],
		});
		const mine = await h.call('GET', '/sale/transactions', {
			query: { 'request.clientId': buyer.Id, 'request.status': 'approved' },
		});
		expect(mine.json.Transactions).toEqual([
			expect.objectContaining({
				ClientId: buyer.Id,
				CCLastFour: '4444',
				CardType: 'MasterCard',
				Amount: option(0).Price,
			}),
		]);
	});

	it('UpdateSaleDate moves a sale in both ledgers and keeps its original date', async () => {
		const sale = h.site().sales.find((s, index) => index >= 10 && s.Payments.some((p) => p.LastFour !== null))!;
		const original = sale.SaleDateTime;
		const answer = await h.call('PUT', '/sale/updatesaledate', {
			body: { SaleID: sale.Id, SaleDate: '2026-01-15T10:30:00Z' },
		});
		expect(answer.json.Sale).toMatchObject({
			Id: sale.Id,
			SaleDateTime: '2026-01-15T10:30:00Z',
			SaleDate: '2026-01-15T00:00:00Z',
			SaleTime: '10:30:00',
			OriginalSaleDateTime: original,
		});
		const details = await h.call('GET', '/Business/Sales/SalesDetails', { query: { 'request.saleId': sale.Id } });
		expect(details.json[0].SaleDateTime).toBe('2026-01-15T10:30:00Z');
		// Its card payment keeps its transaction, authorized when the sale was made.
		const transactions = await h.call('GET', '/sale/transactions', { query: { 'request.saleId': sale.Id } });
		expect(transactions.json.Transactions).toEqual([
			expect.objectContaining({ TransactionId: answer.json.Sale.Payments[0].TransactionId, TransactionTime: original }),
		]);
		const unknown = await h.call('PUT', '/sale/updatesaledate', { body: { SaleID: 1, SaleDate: '2026-01-15' } });
		expect([unknown.status, errorCode(unknown)]).toEqual([404, 'SaleNotFound']);
	});

	it('ReturnSale returns a sale as account credit, undoes what it sold, and only once (rule 17)', async () => {
		const buyer = fresh('Returner');
		const product = records().products[0];
		const stock = product.Inventory[0].UnitsInStock;
		const sold = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(1).Id), productItem(product.BarcodeId)],
			Payments: [cardPayment(option(1).Price + product.Price)],
		});
		const saleId = sold.json.ShoppingCart.SaleId;
		const service = h.site().clientServices.find((s) => s.ClientId === buyer.Id)!;
		const answer = await h.call('POST', '/sale/returnsale', { body: { SaleId: saleId, ReturnReason: 'Moved away' } });
		expect(answer.json).toMatchObject({ Amount: option(1).Price + product.Price });
		expect(buyer.AccountBalance).toBe(option(1).Price + product.Price);
		expect(product.Inventory[0].UnitsInStock).toBe(stock);
		const services = await h.call('GET', '/client/clientservices', { query: { 'request.clientId': buyer.ClientId } });
		expect(services.json.ClientServices).toEqual([
			expect.objectContaining({ Id: service.Id, Returned: true, Current: false }),
		]);
		const ledger = await h.call('GET', '/sale/sales', { query: { 'request.saleId': answer.json.ReturnSaleID } });
		expect(ledger.json.Sales[0].PurchasedItems.map((i: { Quantity: number }) => i.Quantity)).toEqual([-1, -1]);
		const purchases = await h.call('GET', '/client/clientpurchases', {
			query: { 'request.clientId': buyer.ClientId, 'request.saleId': saleId },
		});
		expect(purchases.json.Purchases.every((p: { Returned: boolean }) => p.Returned)).toBe(true);
		const again = await h.call('POST', '/sale/returnsale', { body: { SaleId: saleId } });
		expect([again.status, errorCode(again)]).toEqual([400, 'SaleAlreadyReturned']);
		expect(buyer.AccountBalance).toBe(option(1).Price + product.Price);
	});
});

describe('PurchaseGiftCard and PurchaseAccountCredit (rule 17)', () => {
	it('sells a gift card with BarcodeId and SenderName, by any payment type; its balance reads; a barcode reloads', async () => {
		const buyer = client(69);
		buyer.AccountBalance = 200;
		const card = records().giftCards[1];
		const buy = (payment: unknown, extra: Record<string, unknown> = {}) =>
			h.call('POST', '/sale/purchasegiftcard', {
				body: { LocationId: 1, PurchaserClientId: buyer.ClientId, GiftCardId: card.Id, PaymentInfo: payment, ...extra },
			});
		const first = await buy(cash(card.SalePrice), { BarcodeId: 'FOR-ANA-01', SenderName: 'Uncle Bo' });
		expect(first.json).toMatchObject({
			BarcodeId: 'FOR-ANA-01',
			FromName: 'Uncle Bo',
			Value: card.Value,
			Status: 'Success',
		});
		expect(lastEvent(h, 'clientSale.created')).toMatchObject({
			saleId: first.json.SaleId,
			items: [expect.objectContaining({ type: 'GiftCard', itemId: card.Id })],
		});
		const balance = () => h.call('GET', '/sale/giftcardbalance', { query: { barcodeId: 'FOR-ANA-01' } });
		expect((await balance()).json.RemainingBalance).toBe(card.Value);
		for (const payment of [
			cardPayment(card.SalePrice),
			{ Type: 'DebitAccount', Metadata: { Amount: card.SalePrice } },
			giftCardPayment(card.SalePrice, SEEDED_GIFT_CARDS[1].BarcodeId),
			{ Type: 'Custom', Metadata: { Amount: card.SalePrice, Id: 17 } },
			{ Type: 'Check', Metadata: { Amount: card.SalePrice } },
		]) {
			const answer = await buy(payment);
			expect([payment.Type, answer.status]).toEqual([payment.Type, 200]);
		}
		expect(buyer.AccountBalance).toBe(200 - card.SalePrice);
		await buy(cash(card.SalePrice), { BarcodeId: 'FOR-ANA-01' });
		expect((await balance()).json.RemainingBalance).toBe(card.Value * 2);
		const layout = await buy(cash(card.SalePrice), { LayoutId: 1 });
		expect([layout.status, errorCode(layout)]).toEqual([400, 'MissingRequiredFields']);
		const wrongAmount = await buy(cash(card.SalePrice + 1));
		expect([wrongAmount.status, errorCode(wrongAmount)]).toEqual([400, 'InvalidPaymentAmount']);
	});

	it('adds account credit paid by any payment type; credit cannot buy credit', async () => {
		const buyer = fresh('Credit');
		const buy = (payment: unknown) =>
			h.call('POST', '/sale/purchaseaccountcredit', { body: { ClientId: buyer.ClientId, PaymentInfo: payment } });
		const paid = await buy(cardPayment(40));
		expect(paid.json).toMatchObject({ AmountPaid: 40, ClientId: buyer.ClientId, SaleId: h.site().sales.at(-1)!.Id });
		await buy(cash(10));
		await buy(giftCardPayment(5, SEEDED_GIFT_CARDS[0].BarcodeId));
		expect(buyer.AccountBalance).toBe(55);
		expect(lastEvent(h, 'clientSale.created')!.items).toEqual([
			expect.objectContaining({ type: 'AccountPayment', amountPaid: 5 }),
		]);
		const loop = await buy({ Type: 'DebitAccount', Metadata: { Amount: 5 } });
		expect([loop.status, errorCode(loop)]).toEqual([400, 'InvalidPaymentType']);
		expect(buyer.AccountBalance).toBe(55);
	});
});

describe('what clients own', () => {
	const service = (over: Partial<ClientService>): ClientService => ({
		Id: 0,
		ClientId: 0,
		Name: 'Yoga Classes Drop-In',
		ProgramId: option(0).ProgramId,
		LocationIds: h.site().locations.map((l) => l.Id),
		Count: 5,
		Remaining: 5,
		ActiveDate: '2026-02-01',
		ExpirationDate: '2026-05-01',
		ActivationType: 'OnPurchase',
		...over,
	});

	it('GET /client/clientservices: UseActivateDate and ShowActiveOnly filter by activation (rule 16)', async () => {
		const owner = fresh('Active');
		const site = h.site();
		site.clientServices.push(
			service({ Id: 990001, ClientId: owner.Id, ActiveDate: '2026-02-10', ExpirationDate: '2026-06-01' }),
			service({ Id: 990002, ClientId: owner.Id, ActiveDate: '2026-04-01', ExpirationDate: '2026-09-01' }),
			service({ Id: 990003, ClientId: owner.Id, ActiveDate: '2025-10-01', ExpirationDate: '2026-01-01' }),
		);
		// Seeded options were bought the day they became active; one bought now activates later.
		site.saleRecords.clientServiceOrigins[990002] = {
			ProductId: option(0).ProductId,
			SaleId: null,
			PaymentDate: '2026-02-20T09:00:00Z',
			ClientContractId: null,
			Returned: false,
		};
		const read = async (query: Record<string, string | boolean>) =>
			ids(
				(await h.call('GET', '/client/clientservices', { query: { 'request.clientId': owner.ClientId, ...query } }))
					.json.ClientServices,
			).sort();
		expect(await read({})).toEqual([990001, 990002, 990003]);
		expect(await read({ 'request.showActiveOnly': true })).toEqual([990001]);
		const range = { 'request.startDate': '2026-02-01', 'request.endDate': '2026-02-28' };
		expect(await read(range)).toEqual([990001, 990002]);
		expect(await read({ ...range, 'request.useActivateDate': true })).toEqual([990001]);
	});

	it("crossRegionalLookup adds the client's options at the region's other sites, leaving out location-restricted ones (rule 16)", async () => {
		const owner = fresh('Regional');
		const second = h.sandbox.state.site(h.sandbox.secondSiteId)!;
		const twin = freshClient(second, 'Regional');
		twin.Email = owner.Email;
		second.clientServices.push(
			service({ Id: 880001, ClientId: twin.Id, LocationIds: second.locations.map((l) => l.Id) }),
			service({ Id: 880002, ClientId: twin.Id, LocationIds: [second.locations[0].Id] }),
		);
		h.site().clientServices.push(
			service({ Id: 990011, ClientId: owner.Id }),
			service({ Id: 990012, ClientId: owner.Id, LocationIds: [1] }),
		);
		const read = async (cross: boolean) =>
			(
				await h.call('GET', '/client/clientservices', {
					query: { 'request.clientId': owner.ClientId, 'request.crossRegionalLookup': cross },
				})
			).json.ClientServices.map((s: { Id: number; SiteId: number }) => [s.Id, s.SiteId]);
		expect(await read(false)).toEqual([
			[990011, h.sandbox.siteId],
			[990012, h.sandbox.siteId],
		]);
		expect(await read(true)).toEqual([
			[990011, h.sandbox.siteId],
			[880001, h.sandbox.secondSiteId],
		]);
	});

	it('UpdateClientService changes dates and count; Test changes nothing; fewer than used is 400', async () => {
		const owner = fresh('Updated');
		const held = service({ Id: 990021, ClientId: owner.Id, Count: 10, Remaining: 6 });
		h.site().clientServices.push(held);
		const test = await h.call('POST', '/client/updateclientservice', {
			body: { ServiceId: held.Id, Count: 12, ExpirationDate: '2026-07-01', Test: true },
		});
		expect(test.json.ClientService).toMatchObject({ Count: 12, Remaining: 8 });
		expect([held.Count, held.Remaining]).toEqual([10, 6]);
		const real = await h.call('POST', '/client/updateclientservice', {
			body: { ServiceId: held.Id, Count: 12, ExpirationDate: '2026-07-01' },
		});
		expect(real.json.ClientService).toMatchObject({ Count: 12, Remaining: 8, ExpirationDate: '2026-07-01T00:00:00Z' });
		expect(held).toMatchObject({ Count: 12, Remaining: 8, ExpirationDate: '2026-07-01' });
		const tooFew = await h.call('POST', '/client/updateclientservice', { body: { ServiceId: held.Id, Count: 3 } });
		expect(tooFew.status).toBe(400);
	});

	it("GET /client/clientpurchases lists each line of the client's sales", async () => {
		const buyer = fresh('Purchaser');
		const product = records().products[1];
		const sold = await checkout({
			ClientId: buyer.ClientId,
			LocationId: 1,
			Items: [serviceItem(option(0).Id), productItem(product.BarcodeId, { DiscountAmount: 1 })],
			Payments: [cash(option(0).Price + product.Price - 1)],
		});
		const answer = await h.call('GET', '/client/clientpurchases', { query: { 'request.clientId': buyer.ClientId } });
		expect(answer.json.Purchases).toEqual([
			expect.objectContaining({ Description: option(0).Name, AmountPaid: option(0).Price, Quantity: 1 }),
			expect.objectContaining({ Description: product.Name, Discount: 1, AmountPaid: product.Price - 1 }),
		]);
		expect(answer.json.Purchases[0].Sale.Id).toBe(sold.json.ShoppingCart.SaleId);
		const unknown = await h.call('GET', '/client/clientpurchases', { query: { 'request.clientId': 'nobody' } });
		expect([unknown.status, errorCode(unknown)]).toEqual([404, 'ClientNotFound']);
	});
});

describe('where the sandbox chooses: price changes', () => {
	it('PUT /sale/products and /sale/services need BarcodeId, the one field that names the item; nothing moves without it', async () => {
		const product = records().products[2];
		const pass = option(8);
		const prices = () => [product.Price, pass.Price];
		const before = prices();
		for (const path of ['/sale/products', '/sale/services']) {
			const answer = await h.call('PUT', path, { body: [{ Price: 1 }] });
			expect([path, answer.status, errorText(answer)]).toEqual([path, 400, 'body[0].BarcodeId is required.']);
		}
		expect(prices()).toEqual(before);
	});
});
