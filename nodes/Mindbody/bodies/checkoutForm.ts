import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { LISTS, type ListSource, type Operation } from '../../shared/catalogue';
import { fieldError, flattenList, locatorValue } from '../fields/fieldValues';
import { bodyPlanOf, type PlannedField } from './bodyPlan';
import { listedIdField } from './idFields';
import type { BodyInput } from './types';
import { collectionOf, propertyOf, readFields, valueOf } from './v6Body';

/**
 * A checkout asked for as a sale is made at the front desk: the client first, then each item by
 * its kind (a pricing option, a product, a package, a gift card, a tip) with a picker for it, and
 * each payment by its type with an amount and only the fields that type needs. The document
 * gives an item and a payment as a Type with free-form Metadata, naming the keys in words (or,
 * for items, not at all): the kinds below write them. Promo Code, Calculate Tax (on, the API's
 * default, and always sent) and Test Only, which answers with the totals to pay, sit beside them;
 * the rest of the body is in Additional Fields, the API's own item and payment fields among it as
 * Items (JSON) and Payments (JSON), all planned from the facts like any v6 body. The document asks for
 * ClientId or UniqueClientId "to complete a sale": a Test Only call completes none.
 */

type Ctx = Parameters<BodyInput['read']>[0];

/** One entry of Items or Payments as the engine gives it, and how errors name it (`Items[0]`). */
interface Entry {
	ctx: Ctx;
	i: number;
	at: string;
	values: IDataObject;
	/** What the entry is, for errors: "a Credit Card payment". */
	what: string;
}

/** One choice of an entry's Type: what it is called, the fields it shows, what it sends. */
interface Kind {
	/** The document's Type, sent as written. */
	value: string;
	name: string;
	description: string;
	/** The entry's fields this kind shows; one field object shared by several kinds shows for each. */
	fields: readonly INodeProperties[];
	/** Fields it offers in a collection of their own, shown only when added. */
	options?: readonly INodeProperties[];
	/** The Metadata the document's Type takes, from the entry's fields. */
	metadata(entry: Entry): IDataObject;
	/** An item's place in the cart besides the item itself: how many, discount, notes, classes. */
	cartFields?(entry: Entry): IDataObject;
}

/** The collection an entry's kind keeps its options in. */
interface OptionsCollection {
	name: string;
	displayName: string;
}

const ITEM_OPTIONS: OptionsCollection = { name: 'itemOptions', displayName: 'Item Options' };
const CARD_OPTIONS_COLLECTION: OptionsCollection = { name: 'cardOptions', displayName: 'Card Options' };

/** A value left empty (an unpicked locator, blank text) is not given. */
function given(value: unknown): unknown {
	const plain = locatorValue(value);
	if (plain === undefined || plain === null) return undefined;
	if (typeof plain === 'string' && plain.trim() === '') return undefined;
	return typeof plain === 'string' ? plain.trim() : plain;
}

const problem = (entry: Entry, label: string, text: string) =>
	fieldError(entry.ctx, entry.i, `${entry.at}.${label}`, text);

/**
 * A field the entry's type needs. Checked here, per entry as its Type resolves, not by n8n: a Type
 * from an expression shows every type's fields in the editor, and n8n would refuse to run while
 * any field marked required there is empty (a cash payment without a card number).
 */
function required(entry: Entry, name: string, label: string): unknown {
	const value = given(entry.values[name]);
	if (value === undefined) throw problem(entry, label, `is required for ${entry.what}`);
	return value;
}

function numberOf(entry: Entry, label: string, value: unknown): number {
	const number = typeof value === 'string' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number)) {
		throw problem(entry, label, `"${String(value)}" is not a number`);
	}
	return number;
}

function wholeNumberOf(entry: Entry, label: string, value: unknown): number {
	const number = numberOf(entry, label, value);
	if (!Number.isInteger(number)) throw problem(entry, label, `"${String(value)}" is not a whole number`);
	return number;
}

/** A record's ID the document types as text (a barcode): a number when it is one, as the service's lists give them. */
const idText = (value: unknown): string | number => (/^\d+$/.test(String(value)) ? Number(value) : String(value));

/** Text fields of an entry, sent under the document's key when filled. */
function texts(values: IDataObject, keys: Readonly<Record<string, string>>): IDataObject {
	const out: IDataObject = {};
	for (const [name, key] of Object.entries(keys)) {
		const value = given(values[name]);
		if (value !== undefined) out[key] = typeof value === 'string' ? value : String(value);
	}
	return out;
}

const optionsOf = (entry: Entry, name: string) => (entry.values[name] ?? {}) as IDataObject;

// ---- items ----

// Not marked required for n8n: each type's fields are checked when the entry is read (see required).
const picker = (displayName: string, name: string, list: ListSource, description: string) =>
	listedIdField(displayName, name, list, { description });

const PRICING_OPTION = picker(
	'Pricing Option',
	'pricingOption',
	LISTS.pricingOptions,
	'The pass, class pack or membership pricing option sold',
);
const PRODUCT = picker('Product', 'product', LISTS.products, 'The retail product sold, by its barcode');
const PACKAGE = picker('Package', 'package', LISTS.packages, 'The package sold');
const GIFT_CARD = picker('Gift Card', 'giftCard', LISTS.giftCards, 'The gift card sold');

const QUANTITY: INodeProperties = {
	displayName: 'Quantity',
	name: 'quantity',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 1 },
	description: 'How many are sold',
};

/** An amount of money: never negative, in cents. */
const money = (displayName: string, name: string, description: string, required = false): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	default: 0,
	required,
	typeOptions: { minValue: 0, numberPrecision: 2 },
	description,
});

/** A text field, with what it holds said only where its name does not say it. */
const text = (displayName: string, name: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...extra,
});

const TIP_AMOUNT = money('Amount', 'tipAmount', 'The amount of the tip');

const TIP_STAFF = listedIdField('Staff Member', 'staffMember', LISTS.staff, {
	description: 'The staff member the tip is for',
});

const GIFT_CARD_VALUE = money(
	'Value',
	'giftCardValue',
	"The value to load, for a card whose buyer chooses it; 0 keeps the card's own value",
);

const DISCOUNT = money('Discount Amount', 'discountAmount', 'How much is taken off the price');

const SALES_NOTES = text('Sales Notes', 'salesNotes', {
	description: 'A note on the sale of this item, up to 255 characters',
});

const CLASSES: INodeProperties = {
	displayName: 'Classes to Book',
	name: 'classIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: LISTS.classes.method },
	default: [],
	description:
		'Classes the pricing option pays for, booked with the sale. The list shows the coming classes; an expression can give any class IDs.',
};

/** The item's place in the cart: how many, its discount and notes, the classes it pays for. */
function cartFieldsOf(entry: Entry): IDataObject {
	const wrapper: IDataObject = {};
	const quantity = given(entry.values.quantity);
	wrapper.Quantity = quantity === undefined ? 1 : wholeNumberOf(entry, QUANTITY.displayName, quantity);
	const options = optionsOf(entry, ITEM_OPTIONS.name);
	const discount = given(options.discountAmount);
	if (discount !== undefined && discount !== 0) {
		wrapper.DiscountAmount = numberOf(entry, DISCOUNT.displayName, discount);
	}
	Object.assign(wrapper, texts(options, { salesNotes: 'SalesNotes' }));
	const classes = flattenList(options.classIds);
	if (classes.length) wrapper.ClassIds = classes.map((id) => wholeNumberOf(entry, CLASSES.displayName, id));
	return wrapper;
}

/** An item sold by the count: picked from its list, with a quantity and the options it takes. */
function soldByCount(
	value: string,
	description: string,
	picker: INodeProperties,
	options: INodeProperties[],
	id: (entry: Entry, picked: unknown) => string | number,
): Kind {
	return {
		value,
		name: picker.displayName,
		description,
		fields: [picker, QUANTITY],
		options,
		metadata: (entry) => ({ Id: id(entry, required(entry, picker.name, picker.displayName)) }),
		cartFields: cartFieldsOf,
	};
}

const ITEM_KINDS: readonly Kind[] = [
	soldByCount(
		'Service',
		'A pass, class pack or membership pricing option (the API calls it a service)',
		PRICING_OPTION,
		[CLASSES, DISCOUNT, SALES_NOTES],
		(_entry, picked) => idText(picked),
	),
	// A product is named by its barcode, text even when it is all digits.
	soldByCount('Product', 'A retail product', PRODUCT, [DISCOUNT, SALES_NOTES], (_entry, picked) => String(picked)),
	// The document: a discount is ignored for packages.
	soldByCount(
		'Package',
		'A bundle of pricing options and products sold together',
		PACKAGE,
		[SALES_NOTES],
		(entry, picked) => wholeNumberOf(entry, PACKAGE.displayName, picked),
	),
	{
		value: 'GiftCard',
		name: 'Gift Card',
		description: 'A gift card the business sells',
		fields: [GIFT_CARD, GIFT_CARD_VALUE],
		metadata: (entry) => {
			const metadata: IDataObject = {
				Id: wholeNumberOf(entry, GIFT_CARD.displayName, required(entry, GIFT_CARD.name, GIFT_CARD.displayName)),
			};
			const value = given(entry.values[GIFT_CARD_VALUE.name]);
			if (value !== undefined && value !== 0) metadata.Amount = numberOf(entry, GIFT_CARD_VALUE.displayName, value);
			return metadata;
		},
	},
	{
		value: 'Tip',
		name: 'Tip',
		description: 'A tip for a staff member',
		fields: [TIP_AMOUNT, TIP_STAFF],
		metadata: (entry) => {
			const amount = required(entry, TIP_AMOUNT.name, TIP_AMOUNT.displayName);
			const metadata: IDataObject = { Amount: numberOf(entry, TIP_AMOUNT.displayName, amount) };
			const staff = given(entry.values[TIP_STAFF.name]);
			if (staff !== undefined) metadata.StaffId = wholeNumberOf(entry, TIP_STAFF.displayName, staff);
			return metadata;
		},
	},
];

// ---- payments ----

const password = { password: true } as const;

const AMOUNT = money(
	'Amount',
	'amount',
	"How much this payment pays; together the payments must come to the cart's total",
	true,
);

const NOTES = text('Notes', 'notes', { description: 'A note kept with the payment' });

const LAST_FOUR = text('Card Last Four Digits', 'lastFour', {
	placeholder: 'e.g. 1234',
	description: "The last four digits of the card stored on the paying client's account",
});

const GIFT_CARD_NUMBER = text('Gift Card Number', 'giftCardNumber', {
	placeholder: 'e.g. 1234567890',
	description: 'The number (barcode) on the gift card; Gift Card: Get Balance shows what is left on it',
});

const PAYMENT_METHOD = listedIdField('Payment Method', 'paymentMethod', LISTS.customPaymentMethods, {
	description: 'A payment method the business set up itself',
});

const CARD_NUMBER = text('Card Number', 'cardNumber', { typeOptions: password });
const EXP_MONTH = text('Expiry Month', 'expMonth', { placeholder: 'e.g. 12' });
const EXP_YEAR = text('Expiry Year', 'expYear', { placeholder: 'e.g. 2030' });
const CVV = text('CVV', 'cvv', { typeOptions: password, description: 'The security code on the back of the card' });

const CARD_OPTIONS: readonly INodeProperties[] = [
	text('Billing Address', 'billingAddress'),
	text('Billing City', 'billingCity'),
	text('Billing Name', 'billingName'),
	text('Billing Postal Code', 'billingPostalCode'),
	text('Billing State', 'billingState'),
	{
		displayName: 'Save Card',
		name: 'saveInfo',
		type: 'boolean',
		default: false,
		description: "Whether to keep the card on the paying client's account, to pay by Stored Card later",
	},
];

const TRACK_DATA = text('Track Data', 'trackData', {
	typeOptions: password,
	description: 'What the card reader read from the card',
});

/** A payment's Metadata: its Amount, then the keys its type needs. */
function payment(entry: Entry, rest: IDataObject = {}): IDataObject {
	const amount = given(entry.values[AMOUNT.name]);
	return { Amount: amount === undefined ? 0 : numberOf(entry, AMOUNT.displayName, amount), ...rest };
}

const withNotes = (entry: Entry) => texts(entry.values, { notes: 'Notes' });
const amountOnly = (entry: Entry) => payment(entry);
const swiped = (entry: Entry) =>
	payment(entry, { TrackData: String(required(entry, TRACK_DATA.name, TRACK_DATA.displayName)) });

const PAYMENT_KINDS: readonly Kind[] = [
	{
		value: 'Cash',
		name: 'Cash',
		description: 'Cash at the front desk',
		fields: [NOTES],
		metadata: (entry) => payment(entry, withNotes(entry)),
	},
	{
		value: 'CreditCard',
		name: 'Credit Card',
		description: 'A card whose number is given; its bank may ask for a card challenge (see Consumer Present)',
		fields: [CARD_NUMBER, EXP_MONTH, EXP_YEAR, CVV],
		options: CARD_OPTIONS,
		metadata: (entry) => {
			const card: IDataObject = {
				CreditCardNumber: String(required(entry, CARD_NUMBER.name, CARD_NUMBER.displayName)),
				ExpMonth: String(required(entry, EXP_MONTH.name, EXP_MONTH.displayName)),
				ExpYear: String(required(entry, EXP_YEAR.name, EXP_YEAR.displayName)),
				...texts(entry.values, { cvv: 'Cvv' }),
			};
			const options = optionsOf(entry, CARD_OPTIONS_COLLECTION.name);
			Object.assign(
				card,
				texts(options, {
					billingName: 'BillingName',
					billingAddress: 'BillingAddress',
					billingCity: 'BillingCity',
					billingState: 'BillingState',
					billingPostalCode: 'BillingPostalCode',
				}),
			);
			if (options.saveInfo === true) card.SaveInfo = true;
			return payment(entry, card);
		},
	},
	{
		value: 'StoredCard',
		name: 'Stored Card',
		description: "The card stored on the paying client's account",
		fields: [LAST_FOUR],
		metadata: (entry) => payment(entry, { LastFour: String(required(entry, LAST_FOUR.name, LAST_FOUR.displayName)) }),
	},
	{
		value: 'DebitAccount',
		name: 'Account Credit',
		description: "The paying client's account credit",
		fields: [],
		metadata: amountOnly,
	},
	{
		value: 'GiftCard',
		name: 'Gift Card',
		description: 'A gift card, by its number',
		fields: [GIFT_CARD_NUMBER, NOTES],
		metadata: (entry) =>
			payment(entry, {
				CardNumber: String(required(entry, GIFT_CARD_NUMBER.name, GIFT_CARD_NUMBER.displayName)),
				...withNotes(entry),
			}),
	},
	{
		value: 'Custom',
		name: 'Custom Payment Method',
		description: 'A payment method the business set up itself',
		fields: [PAYMENT_METHOD],
		metadata: (entry) =>
			payment(entry, {
				Id: wholeNumberOf(
					entry,
					PAYMENT_METHOD.displayName,
					required(entry, PAYMENT_METHOD.name, PAYMENT_METHOD.displayName),
				),
			}),
	},
	{ value: 'Check', name: 'Check', description: 'A check', fields: [NOTES], metadata: (e) => payment(e, withNotes(e)) },
	{
		value: 'Comp',
		name: 'Comp',
		description: 'Makes all or part of the cart free',
		fields: [],
		metadata: amountOnly,
	},
	{
		value: 'DirectDebit',
		name: 'Direct Debit',
		description: "A direct debit from the paying client's bank account",
		fields: [],
		metadata: amountOnly,
	},
	{
		value: 'TrackData',
		name: 'Swiped Card',
		description: 'A card swiped at a card reader',
		fields: [TRACK_DATA],
		metadata: swiped,
	},
	{
		value: 'EncryptedTrackData',
		name: 'Swiped Card (Encrypted)',
		description: 'A card swiped at a card reader that encrypts what it reads',
		fields: [TRACK_DATA],
		metadata: swiped,
	},
];

// ---- the entries ----

/** The fields of an entry: Type, the fields every kind has, then each kind's own, shown for it alone. */
function entryFields(
	kinds: readonly Kind[],
	common: INodeProperties[],
	collection: OptionsCollection,
): INodeProperties[] {
	// The first kind is the everyday one: an entry opens on it.
	const opening = kinds[0].value;
	const type: INodeProperties = {
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: kinds.map(({ name, value, description }) => ({ name, value, description })),
		default: opening,
	};
	const shownFor = new Map<INodeProperties, string[]>();
	for (const kind of kinds) {
		for (const field of kind.fields) shownFor.set(field, [...(shownFor.get(field) ?? []), kind.value]);
	}
	// Each kind lists its fields in the order it shows them: pickers first, then what goes with them.
	const order = (field: INodeProperties) =>
		Math.min(...kinds.map((kind) => kind.fields.indexOf(field)).filter((n) => n >= 0));
	const own = [...shownFor]
		.sort(([a], [b]) => order(a) - order(b))
		.map(([field, types]): INodeProperties => ({ ...field, displayOptions: { show: { type: types } } }));
	// Each kind's options are a collection of its own (one name; n8n shows the one of the Type chosen).
	const options = kinds.flatMap((kind): INodeProperties[] =>
		kind.options
			? [
					{
						...collection,
						type: 'collection',
						placeholder: 'Add Option',
						default: {},
						options: [...kind.options],
						displayOptions: { show: { type: [kind.value] } },
					},
				]
			: [],
	);
	return [type, ...common, ...own, ...options];
}

/** A list of entries (Items, Payments), each of one kind chosen by its Type. */
const entryList = (
	list: Pick<INodeProperties, 'displayName' | 'name' | 'description'>,
	entry: { displayName: string; name: string },
	values: INodeProperties[],
): INodeProperties => ({
	...list,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: `Add ${entry.displayName}`,
	default: {},
	options: [{ ...entry, values }],
});

const CART_ITEMS = entryList(
	{ displayName: 'Items', name: 'cartItems', description: 'What is sold: for each, its type, then the item' },
	{ displayName: 'Item', name: 'item' },
	entryFields(ITEM_KINDS, [], ITEM_OPTIONS),
);

const CART_PAYMENTS = entryList(
	{
		displayName: 'Payments',
		name: 'cartPayments',
		description: 'How the cart is paid: for each, its type and amount; several payments split the total',
	},
	{ displayName: 'Payment', name: 'payment' },
	entryFields(PAYMENT_KINDS, [AMOUNT], CARD_OPTIONS_COLLECTION),
);

/** An item of the cart (CheckoutItemWrapper): the item, then its place in the cart. */
const cartItem = (kind: Kind, entry: Entry): IDataObject => ({
	Item: { Type: kind.value, Metadata: kind.metadata(entry) },
	...kind.cartFields?.(entry),
});

/** A payment (CheckoutPaymentInfo). */
const cartPayment = (kind: Kind, entry: Entry): IDataObject => ({ Type: kind.value, Metadata: kind.metadata(entry) });

const squeezed = (value: unknown) =>
	String(value)
		.replace(/[\s_-]/g, '')
		.toLowerCase();

/**
 * The kind a Type names: its value as the form sets it, or, from an expression, its value or its
 * name in any case and spacing ("credit card", "CREDITCARD").
 */
function kindNamed(kinds: readonly Kind[], type: unknown): Kind | undefined {
	const exact = kinds.find((candidate) => candidate.value === type);
	if (exact || typeof type !== 'string') return exact;
	const wanted = squeezed(type);
	return kinds.find((candidate) => squeezed(candidate.value) === wanted || squeezed(candidate.name) === wanted);
}

const withArticle = (words: string) => `${/^[AEIOU]/i.test(words) ? 'an' : 'a'} ${words}`;

/** The entries of one guided list, each read by the kind its Type names. */
function readEntries(
	ctx: Ctx,
	i: number,
	list: INodeProperties,
	kinds: readonly Kind[],
	shape: (kind: Kind, entry: Entry) => IDataObject,
): IDataObject[] {
	const option = (list.options as Array<{ name: string; displayName: string }>)[0];
	const value = ctx.getNodeParameter(list.name, i, {}) as IDataObject;
	const entries = (value[option.name] ?? []) as IDataObject[];
	return entries.map((values, n) => {
		const entry: Entry = { ctx, i, at: `${list.displayName}[${n}]`, values, what: '' };
		const kind = kindNamed(kinds, values.type);
		if (!kind) {
			const offered = kinds.map((candidate) => candidate.value).join(', ');
			throw problem(entry, 'Type', `"${String(values.type)}" is not one of the types offered (${offered})`);
		}
		entry.what = withArticle(`${kind.name} ${option.displayName.toLowerCase()}`);
		return shape(kind, entry);
	});
}

/** The document's fields the form places itself, and the rest of the plan. */
function layoutOf(operation: Operation) {
	const plan = bodyPlanOf(operation);
	const all = [...plan.required, ...plan.optional];
	const field = (name: string): PlannedField => {
		const planned = all.find((candidate) => candidate.field === name);
		if (!planned) throw new Error(`${operation.operation}: the checkout form needs the body field ${name}`);
		return planned;
	};
	const client = field('ClientId');
	const test = field('Test');
	const promoCode = field('PromotionCode');
	const tax = field('CalculateTax');
	const json = [field('Items'), field('Payments')];
	const placed = new Set([client, test, promoCode, tax, ...json]);
	return {
		client,
		test,
		promoCode,
		tax,
		json,
		rest: all.filter((planned) => !placed.has(planned)),
		collection: plan.collection,
		uniqueClient: field('UniqueClientId'),
	};
}

/** The entries of a JSON form added under the collection (its untouched ones send nothing). */
function jsonEntries(ctx: Ctx, i: number, planned: PlannedField, added: IDataObject): IDataObject[] {
	return (valueOf(ctx, i, planned, added[planned.param] ?? {}) ?? []) as IDataObject[];
}

/**
 * Sale: Checkout's body. The form belongs to the operation's body (its document type), so any
 * place that presents the operation asks for the cart this way.
 */
export const checkoutFormInput: BodyInput = {
	properties: (operation) => {
		const layout = layoutOf(operation);
		return [
			propertyOf(layout.client, false),
			CART_ITEMS,
			CART_PAYMENTS,
			propertyOf(layout.promoCode, false),
			// On by default, as the API's own default is: the total the payments must meet includes tax.
			{ ...propertyOf(layout.tax, false), default: true },
			propertyOf(layout.test, false),
			// The API's own items and payments are for what the form does not offer: added when needed.
			...collectionOf(layout.collection.name, layout.collection.displayName, [...layout.json, ...layout.rest]),
		];
	},
	read: (ctx, i, operation) => {
		const layout = layoutOf(operation);
		const body: IDataObject = {};
		// The fields placed at the top, each sent when filled.
		const top = (planned: PlannedField) => {
			const value = valueOf(ctx, i, planned, ctx.getNodeParameter(planned.param, i, undefined));
			if (value !== undefined) body[planned.field] = value as IDataObject[string];
			return value;
		};
		const client = top(layout.client);
		top(layout.promoCode);
		// Always sent, so the wire says whether the total is taxed whatever the service's default.
		body[layout.tax.field] = ctx.getNodeParameter(layout.tax.param, i, true) !== false;
		const test = ctx.getNodeParameter(layout.test.param, i, false) === true;
		if (test) body[layout.test.field] = true;
		readFields(ctx, i, [], layout.rest, layout.collection.name, body);
		if (client === undefined && body[layout.uniqueClient.field] === undefined && !test) {
			throw fieldError(
				ctx,
				i,
				layout.client.label,
				`is required: pick the client buying (or give ${layout.uniqueClient.label} in ${layout.collection.displayName})`,
			);
		}
		const [itemsJson, paymentsJson] = layout.json;
		const added = ctx.getNodeParameter(layout.collection.name, i, {}) as IDataObject;
		const items = [...readEntries(ctx, i, CART_ITEMS, ITEM_KINDS, cartItem), ...jsonEntries(ctx, i, itemsJson, added)];
		if (!items.length) {
			throw fieldError(ctx, i, CART_ITEMS.displayName, 'is required: add an item to sell');
		}
		body[itemsJson.field] = items;
		// The document requires Payments: none given is an empty list, for a cart that costs nothing.
		body[paymentsJson.field] = [
			...readEntries(ctx, i, CART_PAYMENTS, PAYMENT_KINDS, cartPayment),
			...jsonEntries(ctx, i, paymentsJson, added),
		];
		return body;
	},
};

/** The field each item kind is picked with, for the name the editor showed. */
const ITEM_PICKERS: Readonly<Record<string, INodeProperties>> = {
	Service: PRICING_OPTION,
	Product: PRODUCT,
	Package: PACKAGE,
	GiftCard: GIFT_CARD,
};

/**
 * The name the editor showed for each guided item's pick ("10 Class Pass · 25.00 at the desk
 * (1001)" → "10 Class Pass"), in the order the items are sent; undefined for an item typed by ID,
 * given by an expression, or without a picker (a tip).
 */
export function pickedItemNames(ctx: Ctx, i: number): Array<string | undefined> {
	const option = (CART_ITEMS.options as Array<{ name: string }>)[0].name;
	const value = ctx.getNodeParameter(CART_ITEMS.name, i, {}) as IDataObject;
	const entries = (value[option] ?? []) as IDataObject[];
	return entries.map((values) => {
		const picker = ITEM_PICKERS[kindNamed(ITEM_KINDS, values.type)?.value ?? ''];
		const cached = picker && (values[picker.name] as { cachedResultName?: unknown } | undefined)?.cachedResultName;
		if (typeof cached !== 'string' || cached.trim() === '') return undefined;
		return (
			cached
				.split(' · ')[0]
				.replace(/ \([^()]*\)$/, '')
				.trim() || undefined
		);
	});
}
