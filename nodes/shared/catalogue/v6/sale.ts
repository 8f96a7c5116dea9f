import { boundKey, type V6BodyRule } from '../../../../document/v6Bodies';
import { LISTS } from '../listSources';
import type { FieldWords, Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

const isRecord = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The spec's limit on notes for product sales (Limits: "Sales note length"). */
const SALES_NOTES_MAX = 255;

/** Each cart item's SalesNotes at most 255 characters; field names bind in any case. */
const salesNotesLimit: V6BodyRule = (body, addIssue) => {
	if (!isRecord(body)) return;
	const itemsKey = boundKey(body, 'Items');
	const items = itemsKey === undefined ? undefined : body[itemsKey];
	if (!Array.isArray(items)) return;
	items.forEach((item, index) => {
		if (!isRecord(item)) return;
		const notesKey = boundKey(item, 'SalesNotes');
		const notes = notesKey === undefined ? undefined : item[notesKey];
		if (typeof notes === 'string' && notes.length > SALES_NOTES_MAX) {
			addIssue(
				['Items', index, 'SalesNotes'],
				`must be at most ${SALES_NOTES_MAX} characters long (the spec's limit for sales notes)`,
			);
		}
	});
};

const CART_ITEMS: FieldWords = {
	description:
		'What is sold: each with the item, quantity, discount, sales notes (up to 255 characters) and any classes, enrollments or appointments it pays for',
};

/** Card challenge fields of purchases other than checkout; contract and gift-card carts wait 15 minutes. */
const challengeFields = (cartWaits: boolean): Record<string, FieldWords> => ({
	ConsumerPresent: {
		description: cartWaits
			? 'Whether the client is present to complete a card challenge from their bank; the purchase completes when they do, within 15 minutes, and is voided otherwise'
			: 'Whether the client is present to complete a card challenge from their bank',
	},
	PaymentAuthenticationCallbackUrl: {
		displayName: 'Card Challenge Return URL',
		description:
			'Where the client is sent after a card challenge, which does not say whether it passed; needed only with Consumer Present on',
	},
});

const SALES_REP: FieldWords = { description: 'The staff member credited with the sale', listSource: LISTS.staff };

const TAX_LOCATION = 'The location whose tax applies to the prices. Default: the online store';

/** The v6 document's Sale operations. */
export const saleOperations: Operation[] = [
	fromDocument(V6.GetAcceptedCardTypes, {
		resource: 'sale',
		operation: 'getAcceptedCardTypes',
		name: 'Get Accepted Card Types',
		action: 'Get accepted card types',
		description: 'Returns the card types the business accepts',
	}),
	fromDocument(V6.GetAlternativePaymentMethods, {
		resource: 'sale',
		operation: 'getAlternativePaymentMethods',
		name: 'Get Alternative Payment Methods',
		action: 'Get alternative payment methods',
		description: 'Returns the alternative and local payment methods, such as wallets, the business accepts',
		params: {
			'request.clientId': { description: 'The client who would pay', listSource: LISTS.clients },
			'request.locationId': {
				description: 'The location where the client would pay. Default: the online store',
				listSource: LISTS.locations,
			},
		},
	}),
	fromDocument(V6.GetContracts, {
		resource: 'contract',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many contracts for sale',
		description:
			'Returns the contracts a location sells, with their autopay terms (Client Contract: Get Many returns those clients hold)',
		large: true,
		serves: LISTS.contracts,
		params: {
			'request.locationId': { description: 'The location that sells the contracts', listSource: LISTS.locations },
			'request.contractIds': { listSource: LISTS.contracts },
			'request.promoCode': { description: 'A promo code to apply to the prices' },
			'request.soldOnline': {
				displayName: 'Sold Online Only',
				description: 'Whether to return only contracts sold online',
			},
			'request.uniqueClientId': { description: 'The unique ID (a number) of the client they are for' },
		},
	}),
	fromDocument(V6.GetCustomPaymentMethods, {
		resource: 'sale',
		operation: 'getCustomPaymentMethods',
		name: 'Get Custom Payment Methods',
		action: 'Get custom payment methods',
		description: 'Returns the payment methods the business set up itself',
		serves: LISTS.customPaymentMethods,
	}),
	fromDocument(V6.GetGiftCardBalance, {
		resource: 'giftCard',
		operation: 'getBalance',
		name: 'Get Balance',
		action: 'Get gift card balance',
		description: 'Returns what is left on a gift card',
		params: {
			barcodeId: { description: "The gift card's barcode" },
		},
	}),
	fromDocument(V6.GetGiftCards, {
		resource: 'giftCard',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many gift cards',
		description: 'Returns the gift cards the business sells',
		large: true,
		serves: LISTS.giftCards,
		params: {
			'request.ids': { displayName: 'Gift Card IDs' },
			'request.includeCustomLayouts': {
				description: "Whether to include the business's own card designs besides the standard ones",
			},
			'request.locationId': { description: 'Only gift cards sold at this location', listSource: LISTS.locations },
			'request.soldOnline': {
				displayName: 'Sold Online Only',
				description: 'Whether to return only gift cards sold online',
			},
		},
	}),
	fromDocument(V6.GetPackages, {
		resource: 'sale',
		operation: 'getPackages',
		name: 'Get Packages',
		action: 'Get packages',
		description: 'Returns the packages, bundles of pricing options and products, the business sells',
		large: true,
		serves: LISTS.packages,
		params: {
			'request.locationId': { description: TAX_LOCATION, listSource: LISTS.locations },
			'request.sellOnline': {
				displayName: 'Sold Online Only',
				description: 'Whether to return only packages sold online',
			},
		},
	}),
	fromDocument(V6.GetProducts, {
		resource: 'product',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many products',
		description: 'Returns the retail products the business sells',
		large: true,
		serves: LISTS.products,
		params: {
			'request.categoryIds': { displayName: 'Revenue Category IDs' },
			'request.locationId': { description: TAX_LOCATION, listSource: LISTS.locations },
			'request.productIds': { description: 'The products, by their barcodes', listSource: LISTS.products },
			'request.searchText': { description: 'Only products matching this text' },
			'request.subCategoryIds': { displayName: 'Subcategory IDs' },
			'request.sellOnline': {
				displayName: 'Sold Online Only',
				description: 'Whether to return only products sold online',
			},
		},
	}),
	fromDocument(V6.UpdateProducts, {
		resource: 'product',
		operation: 'updatePrices',
		name: 'Update Several Prices',
		action: 'Update prices of several products',
		description: 'Changes the prices of several products, one per input item (Update Price changes one)',
		toolWarning: 'changes prices',
		fields: {
			BarcodeId: { displayName: 'Product', description: 'The product, by its barcode', listSource: LISTS.products },
			Price: { description: 'The price at the front desk' },
			OnlinePrice: { description: 'The price online' },
		},
	}),
	fromDocument(V6.GetProductsInventory, {
		resource: 'product',
		operation: 'getInventory',
		name: 'Get Inventory',
		action: 'Get product inventory',
		description: 'Returns the stock of retail products at each location',
		params: {
			'request.barcodeIds': { description: 'The products, by their barcodes', listSource: LISTS.products },
			'request.locationIds': { listSource: LISTS.locations },
			'request.productIds': { description: 'The products, by their numeric product IDs' },
		},
	}),
	fromDocument(V6.GetPurchaseContractStatus, {
		resource: 'contract',
		operation: 'getPurchaseStatus',
		name: 'Get Sale Status',
		action: 'Get status of contract sale',
		description: 'Returns how a contract sale started with Sell via Alternative Payment stands',
		params: {
			accessToken: { description: 'The access token Sell via Alternative Payment returned' },
		},
	}),
	fromDocument(V6.GetSales, {
		resource: 'sale',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many sales',
		description:
			'Returns completed sales with their items and payments, by time, sale or payment method (Get Details can filter by client)',
		large: true,
		params: {
			'request.startSaleDateTime': { displayName: 'Sold After', description: 'Only sales after this time' },
			'request.endSaleDateTime': { displayName: 'Sold Before', description: 'Only sales before this time' },
			'request.paymentMethodId': { description: 'Only sales paid with this payment method' },
		},
	}),
	fromDocument(V6.GetServices, {
		resource: 'pricingOption',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many pricing options',
		description:
			'Returns the pricing options the business sells, such as passes and class packs (Client: Get Pricing Options returns those a client holds)',
		large: true,
		serves: LISTS.pricingOptions,
		params: {
			'request.classId': { description: 'Only pricing options that pay for this class', listSource: LISTS.classes },
			'request.classScheduleId': { description: 'Only pricing options that pay for this class schedule' },
			'request.hideRelatedPrograms': {
				description: 'Whether to leave out pricing options of related programs',
			},
			'request.includeDiscontinued': { description: 'Whether to include discontinued pricing options' },
			'request.includeSaleInContractOnly': {
				displayName: 'Include Contract-Only',
				description: 'Whether to include pricing options sold only as part of a contract',
			},
			'request.locationId': {
				description: 'The location whose tax applies to the prices (does not filter)',
				listSource: LISTS.locations,
			},
			'request.programIds': { listSource: LISTS.programs },
			'request.sellOnline': {
				displayName: 'Sold Online Only',
				description: 'Whether to return only pricing options sold online (applies only with a staff token)',
			},
			'request.serviceIds': { displayName: 'Pricing Option IDs', listSource: LISTS.pricingOptions },
			'request.sessionTypeIds': { listSource: LISTS.sessionTypes },
			'request.staffId': {
				description: "Show this staff member's prices, where the business prices per staff member",
				listSource: LISTS.staff,
			},
		},
	}),
	fromDocument(V6.UpdateServices, {
		resource: 'pricingOption',
		operation: 'updatePrices',
		name: 'Update Several Prices',
		action: 'Update prices of several pricing options',
		description: 'Changes the prices of several pricing options, one per input item (Update changes one, details too)',
		toolWarning: 'changes prices',
		fields: {
			BarcodeId: {
				displayName: 'Pricing Option',
				description: 'The pricing option, by its barcode ID',
				listSource: LISTS.pricingOptions,
			},
			Price: { description: 'The price at the front desk' },
			OnlinePrice: { description: 'The price online' },
		},
	}),
	fromDocument(V6.GetTransactions, {
		resource: 'sale',
		operation: 'getTransactions',
		name: 'Get Transactions',
		action: 'Get transactions',
		description: 'Returns card and bank payment transactions with their settlement status, page by page',
		large: true,
		params: {
			'request.clientId': { description: "The client's unique ID (a number)" },
			'request.locationId': { description: 'Only transactions of sales at this location', listSource: LISTS.locations },
			'request.status': { description: 'Only transactions with this status' },
			'request.transactionStartDateTime': {
				displayName: 'Transactions After',
				description: 'Only transactions after this time. Default: today',
			},
			'request.transactionEndDateTime': {
				displayName: 'Transactions Before',
				description: 'Only transactions before this time. Default: today',
			},
		},
	}),
	fromDocument(V6.CheckoutShoppingCart, {
		resource: 'sale',
		operation: 'checkout',
		// The answer leaves its items unnamed: named from what was sent, or the sale read back.
		hooks: { answer: 'soldItemNames' },
		name: 'Checkout',
		action: 'Check out shopping cart',
		description:
			'Sells the items of a cart to a client and takes payment, booking any class paid for; a card challenge needs a second call',
		toolWarning: 'charges the client',
		rules: [salesNotesLimit],
		fields: {
			CartId: { description: 'Your ID for the cart, to keep it between calls; made up when left out' },
			ClientId: {
				displayName: 'Client',
				description: 'The client buying; needed unless Unique Client ID names them or Test Only is on',
				listSource: LISTS.clients,
			},
			UniqueClientId: { description: "The buying client's unique ID (a number), used instead of Client" },
			PayerClientId: {
				description: 'Another client who pays, with a Pays-for relationship to the buyer',
				listSource: LISTS.clients,
			},
			UniquePayerClientId: { description: "The paying client's unique ID (a number), used instead of Payer Client" },
			Test: {
				displayName: 'Test Only',
				description:
					"Whether to only check and price the cart: nothing is sold, charged or booked, and the answer gives the total to pay (GrandTotal, tax included) and each item's price",
			},
			CalculateTax: {
				description:
					'Whether to add the tax of the location (or the online store) to the cart, as the API does unless told not to. Test Only shows the total it makes.',
			},
			// The guided Items and Payments are the node's (bodies/checkoutForm.ts); these take the API's fields.
			Items: {
				displayName: 'Items (JSON)',
				description:
					'Items as the API takes them, sent after the Items: for what those do not offer, such as appointments to book or visits to pay for',
			},
			Payments: {
				displayName: 'Payments (JSON)',
				description: 'Payments as the API takes them (a type and its Metadata as JSON), sent after the Payments',
			},
			PromotionCode: { displayName: 'Promo Code', description: 'A promo code to apply to the cart' },
			SendEmail: { description: 'Whether to e-mail the client a receipt' },
			LocationId: {
				description: 'The location whose prices and taxes apply. Default: the online store',
				listSource: LISTS.locations,
			},
			Image: { displayName: 'Signature Image', description: "The client's signature as a base64-encoded image" },
			ImageFileName: { displayName: 'Signature Image File Name' },
			ConsumerPresent: {
				description:
					'Whether the client is present to complete a card challenge from their bank; if one is needed, the answer lists the transactions and their challenge links',
			},
			PaymentAuthenticationCallbackUrl: {
				displayName: 'Card Challenge Return URL',
				description:
					'Where the client is sent after a card challenge, which does not say whether it passed; needed only with Consumer Present on',
			},
			TransactionIds: {
				description:
					'Only for the second call of a card-challenged checkout, once every challenge is done: the IDs of every transaction the first call returned',
			},
		},
	}),
	fromDocument(V6.CompleteCheckoutShoppingCartUsingAlternativePayments, {
		resource: 'sale',
		operation: 'completeCheckout',
		name: 'Complete Checkout',
		action: 'Finish checkout with alternative payment',
		description: 'Finishes a checkout started with Initiate Checkout, once the client has paid',
		toolWarning: 'charges the client',
		fields: {
			AccessToken: { description: 'The access token Initiate Checkout returned' },
			ClientId: { listSource: LISTS.clients },
		},
	}),
	fromDocument(V6.InitiateCheckoutShoppingCartUsingAlternativePayments, {
		resource: 'sale',
		operation: 'initiateCheckout',
		name: 'Initiate Checkout',
		action: 'Start checkout with alternative payment',
		description:
			'Starts a checkout the client pays with an alternative payment method, such as a wallet; Complete Checkout finishes it',
		toolWarning: 'charges the client',
		rules: [salesNotesLimit],
		fields: {
			CartId: { description: 'Your ID for the cart, to keep it between calls; made up when left out' },
			ClientId: { description: 'The client buying', listSource: LISTS.clients },
			PayerClientId: {
				description: 'Another client who pays, with a Pays-for relationship to the buyer',
				listSource: LISTS.clients,
			},
			Items: CART_ITEMS,
			Payments: { description: 'How the cart is paid: each with the alternative payment method ID and the amount' },
			PromotionCode: { description: 'A promo code to apply to the cart' },
			SendEmail: { description: 'Whether to e-mail the client a receipt' },
			LocationId: {
				description: 'The location whose prices and taxes apply. Default: the online store',
				listSource: LISTS.locations,
			},
			PaymentAuthenticationCallbackUrl: {
				displayName: 'Return URL',
				description: 'Where the client is sent after paying',
			},
			TransactionIds: {
				description:
					'Only for the second call of a card-challenged checkout, once every challenge is done: the IDs of every transaction the first call returned',
			},
		},
	}),
	fromDocument(V6.InitiatePurchaseContractUsingAlternativePayments, {
		resource: 'contract',
		operation: 'initiatePurchase',
		name: 'Sell via Alternative Payment',
		action: 'Sell contract via alternative payment',
		description:
			'Starts selling a contract to a client who pays with an alternative payment method, such as a wallet; Get Sale Status follows it',
		toolWarning: 'charges the client',
		fields: {
			Test: {
				description:
					'Whether to only check the request; Mindbody does not support this here, so do not rely on it to avoid a purchase',
			},
			LocationId: {
				description: 'The location selling the contract. Default: the online store',
				listSource: LISTS.locations,
			},
			ClientId: { listSource: LISTS.clients },
			ContractId: { listSource: LISTS.contracts },
			PromotionCode: { description: 'A promo code for the items paid now' },
			PromotionCodes: { description: 'Promo codes for the items paid now' },
			SalesRepId: SALES_REP,
			PaymentAuthenticationCallbackUrl: {
				displayName: 'Return URL',
				description: 'Where the client is sent after paying',
			},
			PaymentMethodId: { description: 'The alternative payment method, e.g. 997 for iDEAL or 801 for Apple Pay' },
		},
	}),
	fromDocument(V6.PurchaseAccountCredit, {
		resource: 'sale',
		operation: 'purchaseAccountCredit',
		name: 'Sell Account Credit',
		action: 'Sell account credit',
		description: 'Sells account credit to a client, paid with any payment type',
		toolWarning: 'charges the client',
		fields: {
			LocationId: { description: 'The location selling the credit', listSource: LISTS.locations },
			ClientId: { description: 'The client buying the credit', listSource: LISTS.clients },
			SalesRepId: SALES_REP,
			PaymentInfo: { description: 'How the credit is paid: the payment type and its details, amount included' },
			...challengeFields(false),
		},
	}),
	fromDocument(V6.PurchaseContract, {
		resource: 'contract',
		operation: 'purchase',
		name: 'Sell to Client',
		action: 'Sell contract, signed or prorated',
		description: 'Sells a contract to a client, taking the first payment and setting up its autopays',
		toolWarning: 'charges the client',
		fields: {
			ContractId: { listSource: LISTS.contracts },
			ClientId: { description: 'The client buying; give this or Unique Client ID', listSource: LISTS.clients },
			UniqueClientId: { description: "The client's unique ID (a number), used instead of Client" },
			LocationId: { description: 'The location selling the contract, for its autopays', listSource: LISTS.locations },
			StartDate: {
				description: 'When the contract starts; a future date moves its activation and expiry with it. Default: today',
			},
			FirstPaymentOccurs: {
				description: 'When the first payment is taken: at once, or on the start date',
				values: ['Instant', 'StartDate'],
				valueNames: { StartDate: 'Start Date' },
			},
			ClientSignature: { description: "The client's signature as a base64-encoded PNG image" },
			PromotionCode: { description: 'A promo code for the items paid now' },
			PromotionCodes: { description: 'Promo codes for the items paid now' },
			CreditCardInfo: {
				displayName: 'New Card',
				description: 'A card to pay with, when not a stored card, direct debit or account credit',
			},
			StoredCardInfo: {
				displayName: 'Stored Card',
				description: "The client's stored card to pay with, by its last four digits",
			},
			SalesRepId: SALES_REP,
			ProrateDate: { description: 'The date from which to prorate the contract' },
			...challengeFields(true),
		},
	}),
	fromDocument(V6.PurchaseGiftCard, {
		resource: 'giftCard',
		operation: 'purchase',
		name: 'Sell',
		action: 'Sell gift card',
		description: 'Sells a gift card to a client, paid with any payment type, and can send it to a recipient',
		toolWarning: 'charges the client',
		fields: {
			LocationId: { description: 'The location selling the gift card', listSource: LISTS.locations },
			LayoutId: {
				description:
					"The card's design; unless 0, the recipient's e-mail and name, the title and the delivery date are needed",
			},
			PurchaserClientId: { description: 'The client buying the gift card', listSource: LISTS.clients },
			GiftCardId: { description: 'The gift card to sell, as Get Many returns it' },
			RecipientEmail: { description: 'Where the gift card is e-mailed (at most 100 characters)' },
			RecipientName: { description: 'Who receives the gift card (at most 20 characters)' },
			Title: { description: 'The title on the card, e.g. Happy Birthday, Maria! (at most 20 characters)' },
			GiftMessage: { description: 'A personal message on the card (at most 300 characters)' },
			DeliveryDate: { description: 'When the card is sent; today or later. Default: today' },
			PaymentInfo: { description: 'How the gift card is paid: the payment type and its details' },
			SalesRepId: SALES_REP,
			BarcodeId: {
				description:
					"The card's barcode; made up when left out. An existing card's barcode reloads it where the business allows",
			},
			SenderName: { description: "The sender's name shown instead of the buyer's (at most 20 characters)" },
			...challengeFields(true),
		},
	}),
	fromDocument(V6.ReturnSale, {
		resource: 'sale',
		operation: 'return',
		name: 'Return',
		action: 'Return sale',
		description: 'Returns a sale and refunds it, possibly as account credit',
		toolWarning: 'refunds a sale',
		fields: {
			SaleId: { description: 'The sale to return' },
			ReturnReason: { description: 'Why the sale is returned' },
		},
	}),
	fromDocument(V6.UpdateProductPrice, {
		resource: 'product',
		operation: 'updatePrice',
		name: 'Update Price',
		action: 'Update price of product',
		description: 'Changes the front-desk and online price of one product (Update Several Prices changes several)',
		toolWarning: 'changes prices',
		fields: {
			BarcodeId: { displayName: 'Product', description: 'The product, by its barcode', listSource: LISTS.products },
			Price: { description: 'The price at the front desk' },
			OnlinePrice: { description: 'The price online' },
		},
	}),
	fromDocument(V6.UpdateSaleDate, {
		resource: 'sale',
		operation: 'updateDate',
		name: 'Update Date',
		action: 'Update date of sale',
		description: 'Changes the date a sale is recorded on',
		toolWarning: 'changes the date of a recorded sale',
		fields: {
			SaleID: { description: 'The sale to change' },
			SaleDate: { description: 'The new date of the sale' },
		},
	}),
];
