import type { IDataObject } from 'n8n-workflow';

import { TEST_CARDS } from '../../sandbox/data/saleRecords';
import { bodyOf, useNodeSandbox } from './support';

/**
 * Sale: Checkout as a studio's workflows use it, in n8n's engine against the sandbox: a sale with
 * a card whose bank asks for a challenge. The first call's Transactions reach the output; once the
 * client has confirmed, a second run takes their TransactionIDs from that output and completes the
 * sale. Also: an operation that needs a staff token fails before sending without one.
 */
const h = useNodeSandbox({ resetEachTest: true });
const CALLBACK = 'https://studio.example/after-card-check';

const card = (amount: number, number: string) =>
	JSON.stringify({ Amount: amount, CreditCardNumber: number, ExpMonth: '12', ExpYear: '2030' });

/** The cart as the guided form takes it: the challenged card pays 100, a plain card the rest. */
function guidedCart(): IDataObject {
	const option = h.site().saleRecords.pricingOptions[1];
	const card = (amount: number, cardNumber: string) => ({
		type: 'CreditCard',
		amount,
		cardNumber,
		expMonth: '12',
		expYear: '2030',
	});
	return {
		cartItems: { item: [{ type: 'Service', pricingOption: { __rl: true, mode: 'id', value: String(option.Id) } }] },
		cartPayments: { payment: [card(100, TEST_CARDS.challenge), card(option.Price - 100, TEST_CARDS.visa)] },
	};
}

/** The same cart in the JSON forms under Additional Fields, as the API takes it, or in the guided form. */
function checkoutParameters(transactionIds?: string, guided = false) {
	const option = h.site().saleRecords.pricingOptions[1];
	const client = h.site().clients[40];
	return {
		resource: 'sale',
		operation: 'checkout',
		...(guided ? guidedCart() : {}),
		// The split is of the untaxed price: the switch the form opens on is turned off.
		calculateTax: false,
		clientId: { __rl: true, mode: 'id', value: client.ClientId },
		additionalFields: {
			items: {
				entry: guided ? [] : [{ item: JSON.stringify({ Type: 'Service', Metadata: { Id: option.Id } }), quantity: 1 }],
			},
			payments: {
				entry: guided
					? []
					: [
							{ type: 'CreditCard', metadata: card(100, TEST_CARDS.challenge) },
							{ type: 'CreditCard', metadata: card(option.Price - 100, TEST_CARDS.visa) },
						],
			},
			locationId: { __rl: true, mode: 'id', value: '1' },
			consumerPresent: true,
			paymentAuthenticationCallbackUrl: CALLBACK,
			...(transactionIds ? { transactionIds } : {}),
		},
	};
}

describe('Sale: Checkout with a card challenge', () => {
	test.each([
		['the JSON forms', false],
		['the guided form', true],
	])(
		'in %s: the first call outputs the Transactions; a second run with their IDs completes the sale',
		async (_form, guided) => {
			const sales = h.site().sales.length;
			const first = await h.run(checkoutParameters(undefined, guided));
			expect(first.status).toBe('success');
			const [cart] = first.jsonItems as Array<{
				Transactions: Array<{ TransactionID: number; AuthenticationUrl?: string }>;
			}>;
			expect(cart.Transactions).toHaveLength(2);
			expect(cart.Transactions[0].AuthenticationUrl).toContain('/_sandbox/challenges/');
			expect(h.site().sales).toHaveLength(sales);

			// The client confirms with their bank (the sandbox's challenge page).
			const page = await fetch(cart.Transactions[0].AuthenticationUrl!, { redirect: 'manual' });
			expect([page.status, page.headers.get('location')]).toEqual([302, CALLBACK]);

			// The second run reads the IDs from the first run's output, as a workflow would.
			const ids = '={{ $json.Transactions.map((t) => t.TransactionID).join(",") }}';
			const second = await h.run(checkoutParameters(ids, guided), {
				items: [cart as unknown as IDataObject],
			});
			expect(second.status).toBe('success');
			const request = h.calls('sale.checkout').at(-1)!;
			expect((bodyOf(request) as { TransactionIds: number[] }).TransactionIds).toEqual(
				cart.Transactions.map((t) => t.TransactionID),
			);
			const [done] = second.jsonItems as Array<{ ShoppingCart: { SaleId: number | null } }>;
			expect(done.ShoppingCart.SaleId).toEqual(expect.any(Number));
			expect(h.site().sales).toHaveLength(sales + 1);
			expect(second.items[0].pairedItem).toEqual({ item: 0 });
		},
	);

	test('sales notes over 255 characters are refused before sending, naming the field', async () => {
		const parameters = checkoutParameters();
		const { items } = parameters.additionalFields;
		items.entry[0] = { ...items.entry[0], salesNotes: 'x'.repeat(256) } as never;
		const result = await h.run(parameters);
		expect(result.nodeError('Mindbody')?.message).toContain('Items[0].SalesNotes');
		expect(result.nodeError('Mindbody')?.message).toContain('255');
		expect(h.calls('sale.checkout')).toHaveLength(0);
	});
});

describe('a staff token where the spec or the document asks for one', () => {
	test('Client: Get Many without a user token fails before sending, naming the User Token setting', async () => {
		const result = await h.run({ resource: 'client', operation: 'getMany', limit: 5 }, { credential: 'noUser' });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toContain('needs a user token');
		expect(String((result.nodeError('Mindbody') as unknown as { description: string }).description)).toContain(
			'User Token',
		);
		expect(h.apiRequests()).toHaveLength(0);
	});
});
