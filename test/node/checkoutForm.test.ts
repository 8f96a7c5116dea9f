import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { V6_TYPES } from '../../document/facts';
import { TEST_CARDS } from '../../sandbox/data/saleRecords';
import type { Client } from '../../sandbox/data/types';
import { allFields } from '../support/nodeFields';
import { bodyOf, useNodeSandbox } from './support';

/**
 * Sale: Checkout's guided form, in n8n's engine against the sandbox: the client first, items by
 * type with a picker each, payments by type with only the fields the type needs. n8n itself
 * drops the fields a type does not show, so every entry below fills every field and the wire
 * shows what each type sends.
 */
const h = useNodeSandbox({ resetEachTest: true });

const picked = (value: string | number | boolean, name = String(value)) => ({
	__rl: true,
	mode: 'list',
	value: String(value),
	cachedResultName: name,
});
const LOCATION = { __rl: true, mode: 'id', value: '1' };

const sales = () => h.site().sales.length;
const saleEvents = () => h.sandbox.events.filter((event) => event.eventId === 'clientSale.created');
const activeClient = (skip = 0): Client =>
	h.site().clients.filter((client) => client.Status === 'Active' && client.CreditCard)[skip];

function checkout(client: Client | undefined, items: IDataObject[], payments: IDataObject[], extra: IDataObject = {}) {
	return {
		resource: 'sale',
		operation: 'checkout',
		...(client ? { clientId: picked(client.ClientId, `${client.FirstName} ${client.LastName}`) } : {}),
		cartItems: { item: items },
		cartPayments: { payment: payments },
		additionalFields: { locationId: LOCATION },
		...extra,
	} as INodeParameters;
}

const sentBody = () => bodyOf(h.only('sale.checkout')) as IDataObject;

/** A price with its tax, rounded to the cent as the cart is. */
const taxed = (price: number, rate: number) => Math.round(price * (1 + rate) * 100) / 100;

describe('Sale: Checkout, the guided form', () => {
	test('a pricing option picked from the list, paid in cash: the sale is made and clientSale.created sent', async () => {
		const list = await h.listSearch('searchPricingOptions', 'drop-in', { resource: 'sale', operation: 'checkout' });
		expect(list.results.length).toBeGreaterThan(0);
		const entry = list.results[0];
		const option = h.site().saleRecords.pricingOptions.find((o) => String(o.Id) === entry.value)!;
		expect(entry.name).toContain(option.Name);
		const client = activeClient();
		const before = sales();

		// Calculate Tax is left on, as the form opens it: the location's tax is added.
		const total = taxed(option.Price, option.TaxRate);
		expect(total).toBeGreaterThan(option.Price);

		// Quantity is left as the form opens it.
		const result = await h.run(
			checkout(
				client,
				[{ type: 'Service', pricingOption: picked(entry.value, entry.name) }],
				[{ type: 'Cash', amount: total }],
			),
		);

		expect(result.status).toBe('success');
		expect(sentBody()).toEqual({
			ClientId: client.ClientId,
			CalculateTax: true,
			LocationId: 1,
			Items: [{ Item: { Type: 'Service', Metadata: { Id: option.Id } }, Quantity: 1 }],
			Payments: [{ Type: 'Cash', Metadata: { Amount: total } }],
		});
		expect(sales()).toBe(before + 1);
		const sale = h.site().sales.at(-1)!;
		const [cart] = result.jsonItems as Array<{ ShoppingCart: { SaleId: number; GrandTotal: number } }>;
		expect(cart.ShoppingCart).toMatchObject({ SaleId: sale.Id, GrandTotal: total });
		expect(saleEvents().map((event) => event.eventData)).toEqual([
			expect.objectContaining({ saleId: sale.Id, purchasingClientId: client.ClientId, totalAmountPaid: total }),
		]);
	});

	test('an item opens as a pricing option with quantity 1, a payment as cash', () => {
		const fields = allFields(
			new Mindbody().description.properties.filter(
				(p) => p.name.startsWith('cart') && p.displayOptions?.show?.resource?.includes('sale'),
			),
		);
		const item = fields.filter((f) => ['type', 'quantity'].includes(f.name)).map((f) => [f.name, f.default]);
		expect(item).toEqual([
			['type', 'Service'],
			['quantity', 1],
			['type', 'Cash'],
		]);
		// The node's fields for Sale: Checkout (the Mindbody Tool's Description aside).
		const form = new Mindbody().description.properties.filter(({ displayOptions }) => {
			const show = displayOptions?.show ?? {};
			return show.resource?.includes('sale') && show.operation?.includes('checkout') && !show['@tool'];
		});
		// The client first, then what is sold and how it is paid; the API's own forms are added when needed.
		expect(form.map((p) => `${p.displayName} (${p.type})`)).toEqual([
			'Client (resourceLocator)',
			'Items (fixedCollection)',
			'Payments (fixedCollection)',
			'Promo Code (string)',
			'Calculate Tax (boolean)',
			'Test Only (boolean)',
			'Additional Fields (collection)',
			'Options (collection)',
		]);
		// Tax is on as the API's default is, and Test Only says it answers with the total to pay.
		const top = (name: string) => form.find((p) => p.name === name)!;
		expect(top('calculateTax').default).toBe(true);
		expect(top('test').description).toContain('the answer gives the total to pay');
		const added = form.find((p) => p.name === 'additionalFields')?.options as INodeProperties[];
		expect(added.filter((p) => p.type === 'fixedCollection').map((p) => p.displayName)).toEqual([
			'Items (JSON)',
			'Payments (JSON)',
		]);
	});

	test('each item type sends its own fields only', async () => {
		const staff = h.site().staff[0];
		const everything = {
			pricingOption: picked(10001),
			product: picked('SBX-1002'),
			package: picked(1),
			giftCard: picked(902),
			giftCardValue: 75,
			tipAmount: 5,
			staffMember: picked(staff.Id),
			quantity: 2,
			itemOptions: { classIds: ['7'], discountAmount: 1.5, salesNotes: 'Front desk' },
		};
		const types = ['Service', 'Product', 'Package', 'GiftCard', 'Tip'];
		await h.run(
			checkout(
				activeClient(),
				types.map((type) => ({ type, ...everything })),
				[{ type: 'Cash', amount: 1 }],
				{ test: true },
			),
			{ continueOnFail: true },
		);

		const wrapper = { Quantity: 2, DiscountAmount: 1.5, SalesNotes: 'Front desk' };
		expect(sentBody().Items).toEqual([
			{ Item: { Type: 'Service', Metadata: { Id: 10001 } }, ...wrapper, ClassIds: [7] },
			{ Item: { Type: 'Product', Metadata: { Id: 'SBX-1002' } }, ...wrapper },
			// The document: a discount is ignored for packages, so none is offered.
			{ Item: { Type: 'Package', Metadata: { Id: 1 } }, Quantity: 2, SalesNotes: 'Front desk' },
			{ Item: { Type: 'GiftCard', Metadata: { Id: 902, Amount: 75 } } },
			{ Item: { Type: 'Tip', Metadata: { Amount: 5, StaffId: staff.Id } } },
		]);
	});

	test('each payment type sends its own fields only', async () => {
		const everything = {
			amount: 10,
			notes: 'Paid at the desk',
			lastFour: '1111',
			giftCardNumber: 'SBX-GIFT-0050',
			paymentMethod: picked(16),
			cardNumber: TEST_CARDS.visa,
			expMonth: '12',
			expYear: '2030',
			cvv: '123',
			trackData: '%B4111111111111111^RUIZ/ANA^3012101?',
			cardOptions: {
				billingName: 'Ana Ruiz',
				billingAddress: '1 Main St',
				billingCity: 'Springfield',
				billingState: 'CA',
				billingPostalCode: '90001',
				saveInfo: true,
			},
		};
		const types = [
			'Cash',
			'CreditCard',
			'StoredCard',
			'DebitAccount',
			'GiftCard',
			'Custom',
			'Check',
			'Comp',
			'DirectDebit',
			'TrackData',
			'EncryptedTrackData',
		];
		await h.run(
			checkout(
				activeClient(),
				[{ type: 'Service', pricingOption: picked(10001) }],
				types.map((type) => ({ type, ...everything })),
				{ test: true },
			),
			{ continueOnFail: true },
		);

		const paid = (Type: string, Metadata: IDataObject = {}) => ({ Type, Metadata: { Amount: 10, ...Metadata } });
		const track = { TrackData: everything.trackData };
		expect(sentBody().Payments).toEqual([
			paid('Cash', { Notes: 'Paid at the desk' }),
			paid('CreditCard', {
				CreditCardNumber: TEST_CARDS.visa,
				ExpMonth: '12',
				ExpYear: '2030',
				Cvv: '123',
				BillingName: 'Ana Ruiz',
				BillingAddress: '1 Main St',
				BillingCity: 'Springfield',
				BillingState: 'CA',
				BillingPostalCode: '90001',
				SaveInfo: true,
			}),
			paid('StoredCard', { LastFour: '1111' }),
			paid('DebitAccount'),
			paid('GiftCard', { CardNumber: 'SBX-GIFT-0050', Notes: 'Paid at the desk' }),
			paid('Custom', { Id: 16 }),
			paid('Check', { Notes: 'Paid at the desk' }),
			paid('Comp'),
			paid('DirectDebit'),
			paid('TrackData', track),
			paid('EncryptedTrackData', track),
		]);
	});

	test('a cart of every item type, priced with Test Only, then paid by stored card, account credit, gift card and a custom method', async () => {
		const client = activeClient(1);
		client.AccountBalance = 20;
		const method = (await h.listSearch('searchCustomPaymentMethods')).results[0];
		const giftCard = (await h.listSearch('searchGiftCards')).results.find((entry) => entry.name.includes('50'))!;
		const bundle = (await h.listSearch('searchPackages', 'starter')).results[0];
		const product = (await h.listSearch('searchProducts', 'mat')).results[0];
		const items = [
			{ type: 'Service', pricingOption: picked(10001), quantity: 2 },
			{ type: 'Product', product: picked(product.value, product.name), itemOptions: { discountAmount: 2 } },
			{ type: 'Package', package: picked(bundle.value, bundle.name) },
			{ type: 'GiftCard', giftCard: picked(giftCard.value, giftCard.name) },
			{ type: 'Tip', tipAmount: 4, staffMember: picked(h.site().staff[0].Id) },
		];
		const before = sales();

		// Payments that do not add up are refused, Test Only or not; the answer names the total.
		const priced = await h.run(checkout(client, items, [{ type: 'Cash', amount: 0 }], { test: true }), {
			continueOnFail: true,
		});
		expect(sentBody().Test).toBe(true);
		const answer = String(priced.jsonItems[0].error);
		const total = Number(/the total is (\d+\.\d\d)/.exec(answer)?.[1]);
		expect(total).toBeGreaterThan(60);
		expect([sales(), saleEvents()]).toEqual([before, []]);

		h.sandbox.log.clear();
		const rest = Math.round((total - 20 - 30 - 10) * 100) / 100;
		const result = await h.run(
			checkout(client, items, [
				{ type: 'StoredCard', amount: 10, lastFour: client.CreditCard!.LastFour },
				{ type: 'DebitAccount', amount: 20 },
				{ type: 'GiftCard', amount: 30, giftCardNumber: 'SBX-GIFT-0050' },
				{ type: 'Custom', amount: rest, paymentMethod: picked(method.value, method.name) },
			]),
		);
		expect(result.nodeError('Mindbody')?.message).toBeUndefined();
		expect(sales()).toBe(before + 1);
		const sale = h.site().sales.at(-1)!;
		expect(sale.Payments.map((payment) => payment.Amount)).toEqual([10, 20, 30, rest]);
		expect(client.AccountBalance).toBe(0);
		expect(saleEvents()).toHaveLength(1);
	});

	test('Test Only with no payments answers with the total to pay, tax included; nothing is sold, charged or announced', async () => {
		const option = h.site().saleRecords.pricingOptions[0];
		const client = activeClient();
		const before = sales();
		const item = [{ type: 'Service', pricingOption: picked(option.Id) }];
		const totals = (result: { jsonItems: IDataObject[] }) =>
			(result.jsonItems[0] as { ShoppingCart: IDataObject }).ShoppingCart;

		const priced = await h.run(checkout(client, item, [], { test: true }));
		expect(priced.status).toBe('success');
		expect(sentBody()).toMatchObject({ Test: true, ClientId: client.ClientId, CalculateTax: true, Payments: [] });
		const total = taxed(option.Price, option.TaxRate);
		expect(totals(priced)).toMatchObject({ SubTotal: option.Price, GrandTotal: total, SaleId: null });
		expect([sales(), saleEvents()]).toEqual([before, []]);

		// Calculate Tax turned off is sent as false, and the cart is priced without tax.
		h.sandbox.log.clear();
		const untaxed = await h.run(checkout(client, item, [], { test: true, calculateTax: false }));
		expect(sentBody()).toMatchObject({ Test: true, CalculateTax: false });
		expect(totals(untaxed)).toMatchObject({ TaxTotal: 0, GrandTotal: option.Price });

		// The total Test Only gave is what a real run pays.
		h.sandbox.log.clear();
		const paid = await h.run(checkout(client, item, [{ type: 'Cash', amount: total }]));
		expect([paid.status, totals(paid).GrandTotal, sales()]).toEqual(['success', total, before + 1]);
	});

	test("a picker or card field left empty in an entry: an error naming the field and the entry's type, nothing sent", async () => {
		const client = activeClient();
		const option = { type: 'Service', pricingOption: picked(10001) };
		// Not n8n's required check: a Type from an expression would show, and require, every type's fields.
		const cases: Array<[IDataObject[], IDataObject[], string]> = [
			[[{}], [], 'Items[0].Pricing Option: is required for a Pricing Option item'],
			[[option, { type: 'Product' }], [], 'Items[1].Product: is required for a Product item'],
			[
				[option],
				[{ type: 'CreditCard', amount: 25 }],
				'Payments[0].Card Number: is required for a Credit Card payment',
			],
			[
				[option],
				[{ type: 'StoredCard', amount: 25 }],
				'Payments[0].Card Last Four Digits: is required for a Stored Card payment',
			],
			[
				[option],
				[{ type: 'GiftCard', amount: 25 }],
				'Payments[0].Gift Card Number: is required for a Gift Card payment',
			],
			[
				[option],
				[{ type: 'Custom', amount: 25 }],
				'Payments[0].Payment Method: is required for a Custom Payment Method payment',
			],
		];
		for (const [items, payments, message] of cases) {
			const result = await h.run(checkout(client, items, payments));
			expect([result.status, result.nodeError('Mindbody')?.message]).toEqual(['error', message]);
		}
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('bad input the editor lets through: an error naming the field, nothing sent', async () => {
		const client = activeClient();
		const option = { type: 'Service', pricingOption: picked(10001) };
		const cash = (amount: number | string): IDataObject[] => [{ type: 'Cash', amount }];
		const cases: Array<[INodeParameters, string]> = [
			[
				{ resource: 'sale', operation: 'checkout' },
				'Client: is required: pick the client buying (or give Unique Client ID in Additional Fields)',
			],
			[checkout(client, [], cash(10)), 'Items: is required: add an item to sell'],
			[
				checkout(client, [{ type: 'Service', pricingOption: '={{ "" }}' }], cash(10)),
				'Items[0].Pricing Option: is required for a Pricing Option item',
			],
			[checkout(client, [option], cash('={{ "ten" }}')), 'Payments[0].Amount: "ten" is not a number'],
			[
				checkout(client, [option], [{ type: 'StoredCard', amount: 10, lastFour: '={{ " " }}' }]),
				'Payments[0].Card Last Four Digits: is required for a Stored Card payment',
			],
			[
				checkout(client, [{ ...option, quantity: '={{ 1.5 }}' }], cash(10)),
				'Items[0].Quantity: "1.5" is not a whole number',
			],
			[
				checkout(client, [{ ...option, type: 'Visit' }], cash(10)),
				'Items[0].Type: "Visit" is not one of the types offered (Service, Product, Package, GiftCard, Tip)',
			],
		];
		for (const [parameters, message] of cases) {
			const result = await h.run(parameters);
			expect([result.status, result.nodeError('Mindbody')?.message]).toEqual(['error', message]);
		}
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('every field of the form on the wire: the guided entries first, then the JSON forms, and every body field', async () => {
		const client = activeClient();
		const jsonItem = {
			item: JSON.stringify({ Type: 'Product', Metadata: { Id: 'SBX-1000' } }),
			salesNotes: 'As the API takes it',
			discountAmount: 1.5,
			appointmentBookingRequests: JSON.stringify([{ StaffId: 7, SessionTypeId: 7 }]),
			enrollmentIds: '7',
			classIds: '7, 8',
			courseIds: '7',
			visitIds: '7',
			appointmentIds: '7',
			id: '3',
			quantity: 2,
		};
		const result = await h.run(
			{
				...checkout(client, [{ type: 'Service', pricingOption: picked(10001) }], [{ type: 'Cash', amount: 5 }]),
				test: true,
				promotionCode: 'SPRING',
				calculateTax: false,
				additionalFields: {
					items: { entry: [jsonItem] },
					payments: { entry: [{ type: 'Check', metadata: '{"Amount":7,"Notes":"No. 1001"}' }] },
					cartId: 'desk-cart-1',
					uniqueClientId: '7',
					payerClientId: picked(client.ClientId),
					uniquePayerClientId: '7',
					inStore: true,
					sendEmail: true,
					locationId: LOCATION,
					image: 'aGVsbG8=',
					imageFileName: 'signature.png',
					consumerPresent: true,
					paymentAuthenticationCallbackUrl: 'https://studio.example/back',
					transactionIds: '7, 8',
					isBillingPostalCodeRequired: true,
					enforceLocationRestrictions: true,
				},
			},
			{ continueOnFail: true },
		);
		expect(result.jsonItems).toHaveLength(1);
		const body = sentBody();
		expect(body).toEqual({
			ClientId: client.ClientId,
			Test: true,
			Items: [
				{ Item: { Type: 'Service', Metadata: { Id: 10001 } }, Quantity: 1 },
				{
					Item: { Type: 'Product', Metadata: { Id: 'SBX-1000' } },
					SalesNotes: 'As the API takes it',
					DiscountAmount: 1.5,
					AppointmentBookingRequests: [{ StaffId: 7, SessionTypeId: 7 }],
					EnrollmentIds: [7],
					ClassIds: [7, 8],
					CourseIds: [7],
					VisitIds: [7],
					AppointmentIds: [7],
					Id: 3,
					Quantity: 2,
				},
			],
			Payments: [
				{ Type: 'Cash', Metadata: { Amount: 5 } },
				{ Type: 'Check', Metadata: { Amount: 7, Notes: 'No. 1001' } },
			],
			CartId: 'desk-cart-1',
			UniqueClientId: 7,
			PayerClientId: client.ClientId,
			UniquePayerClientId: 7,
			InStore: true,
			CalculateTax: false,
			PromotionCode: 'SPRING',
			SendEmail: true,
			LocationId: 1,
			Image: 'aGVsbG8=',
			ImageFileName: 'signature.png',
			ConsumerPresent: true,
			PaymentAuthenticationCallbackUrl: 'https://studio.example/back',
			TransactionIds: [7, 8],
			IsBillingPostalCodeRequired: true,
			EnforceLocationRestrictions: true,
		});
		// Every field of the document's request is reachable from the form.
		expect(Object.keys(body).sort()).toEqual(Object.keys(V6_TYPES.CheckoutShoppingCartRequest.fields).sort());
	});
});
