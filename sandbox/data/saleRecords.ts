import type { BusinessCatalogue } from './business';
import { DAY, dateOf, isoAt } from './dates';
import type { Random } from './prng';
import type { Counted } from './records';
import type { Client } from './recordTypes';

/**
 * What the business sells (pricing options, contracts, products, packages, gift cards) and what
 * clients hold (contracts, memberships, issued gift cards, stored cards), with the sale ledger's
 * side records: card transactions, carts awaiting a card challenge or an alternative payment, and
 * what a Sale record of site.sales does not carry (tax, notes, returns, the items' catalogue ids).
 */

export interface PricingOption {
	Id: number;
	ProductId: number;
	Name: string;
	ProgramId: number;
	Price: number;
	OnlinePrice: number;
	/** Sessions it pays for. */
	Count: number;
	/** Days it stays valid after activation. */
	ExpirationDays: number;
	SellOnline: boolean;
	MembershipId: number | null;
	Discontinued: boolean;
	/** Tax rate as a fraction (0.05 is 5%), applied when a checkout asks for tax. */
	TaxRate: number;
	RevenueCategory: string;
	/** Sold and used at these locations (empty: every location). */
	SellAtLocationIds: number[];
	UseAtLocationIds: number[];
	LastModifiedDateTime: string;
}

export interface Membership {
	Id: number;
	Name: string;
	Active: boolean;
}

export interface Contract {
	Id: number;
	Name: string;
	Description: string;
	MembershipId: number | null;
	/** Pricing options each autopay gives the client. */
	PricingOptionIds: number[];
	FirstPayment: number;
	RecurringPayment: number;
	NumberOfAutopays: number;
	SoldOnline: boolean;
	/** Renews itself when the autopays run out. */
	AutoRenewing?: boolean;
}

export interface ContractSuspension {
	Start: string;
	/** Last day suspended; null while open-ended. */
	End: string | null;
	Type: string | null;
	Notes: string | null;
	Fee: number | null;
}

/** An UpdateClientContractAutopays change: autopays in the range charge this amount / item. */
export interface AutopayChange {
	From: string | null;
	To: string | null;
	Amount: number | null;
	ProductId: number | null;
}

export interface ClientContract {
	Id: number;
	ClientId: number;
	ContractId: number;
	AgreementDate: string;
	StartDate: string;
	EndDate: string;
	IsAutoRenewing: boolean;
	Status: 'Active' | 'Suspended' | 'Terminated';
	SoldById: number | null;
	LocationId: number;
	/** 98: sold through a mobile app, the public API or the online store. */
	OriginationLocationId?: number;
	/** The sale that bought it (null for seeded contracts). */
	SaleId?: number | null;
	PayerClientId?: number;
	TerminationDate?: string | null;
	TerminationCode?: string | null;
	Suspensions?: ContractSuspension[];
	AutopayChanges?: AutopayChange[];
	/** Recurring amount when it differs from the contract's (a promotion at purchase). */
	RecurringPayment?: number;
}

export interface ClientMembership {
	Id: number;
	ClientId: number;
	MembershipId: number;
	ClientContractId: number | null;
	StartDate: string;
	EndDate: string;
	Status: 'Active' | 'Cancelled' | 'Declined';
}

export interface ProductStock {
	LocationId: number;
	UnitsInStock: number;
	UnitsSold: number;
	UnitsLogged: number;
	ReorderLevel: number;
	MaxLevel: number;
	CreatedDateTime: string;
	ModifiedDateTime: string;
}

export interface Product {
	Id: number;
	ProductId: number;
	BarcodeId: string;
	Name: string;
	Price: number;
	OnlinePrice: number;
	CategoryId: number;
	/** Units in stock over all locations. */
	InStock: number;
	TaxRate: number;
	SellOnline: boolean;
	Inventory: ProductStock[];
}

export interface GiftCard {
	Id: number;
	Name: string;
	/** What the card holds once issued. */
	Value: number;
	SellOnline: boolean;
	/** What it sells for. */
	SalePrice: number;
	/** The consumer may choose the value. */
	EditableByConsumer: boolean;
}

/** A card bought with PurchaseGiftCard or a checkout; GET /sale/giftcardbalance reads it. */
export interface IssuedGiftCard {
	BarcodeId: string;
	GiftCardId: number;
	InitialValue: number;
	Balance: number;
	PurchaserClientId: number | null;
	RecipientEmail: string | null;
	RecipientName: string | null;
	SenderName: string | null;
	LayoutId: number;
	SaleId: number | null;
	IssuedDateTime: string;
	/** Its sale was returned. */
	Voided: boolean;
}

export interface SalePackage {
	Id: number;
	Name: string;
	DiscountPercentage: number;
	SellOnline: boolean;
	PricingOptionIds: number[];
	ProductIds: number[];
}

/**
 * A card a payment saved (SaveInfo) on a client's account, with its number: StoredCard payments
 * name it by its last four digits. Client.CreditCard shows the latest; a seeded client's card on
 * file (Client.CreditCard) pays as a stored card too.
 */
export interface StoredCard {
	Id: number;
	ClientId: number;
	Number: string;
	LastFour: string;
	CardType: string;
	ExpMonth: string;
	ExpYear: string;
}

export type TransactionStatus = 'ChallengeRequired' | 'Authorized' | 'Approved' | 'Voided' | 'Declined';

/** A card authorization: made by a sale, or awaiting its cart's completion. */
export interface CardTransaction {
	TransactionId: number;
	SaleId: number | null;
	ClientId: number;
	Amount: number;
	Status: TransactionStatus;
	/** The card challenge (SCA) of this authorization: null when none was asked. */
	Challenge: 'Pending' | 'Completed' | 'Denied' | null;
	TransactionTime: string;
	AuthTime: string | null;
	LocationId: number;
	CardType: string;
	LastFour: string;
	ExpMonth: string;
	ExpYear: string;
	Swiped: boolean;
	/** The cart it authorizes. */
	CartId: string | null;
}

export type PendingKind = 'checkout' | 'contract' | 'giftCard' | 'accountCredit' | 'altCheckout' | 'altContract';

/**
 * A purchase that waits: a card challenge (checkout completes with a second call; contract,
 * gift-card and account-credit purchases complete when the consumer passes the challenge) or an
 * alternative payment. Valid 15 minutes on the sandbox clock, then abandoned.
 */
export interface PendingPurchase {
	Id: string;
	Kind: PendingKind;
	ClientId: number | null;
	Status: 'Pending' | 'Completed' | 'Abandoned' | 'Failed';
	CreatedDateTime: string;
	ExpiresDateTime: string;
	TransactionIds: number[];
	CallbackUrl: string | null;
	/** Names the purchase to GET /sale/purchasecontractstatus and the payment pages. */
	AccessToken: string;
	/** What the second checkout call must send again (client, items, payments). */
	Fingerprint: string;
	/** The request as bound, replayed when the purchase completes. */
	Request: unknown;
	/** Alternative payments: the provider confirmed the payment. */
	Paid: boolean;
	PaymentMethodId: number | null;
	SaleId: number | null;
	/** The answer the completed purchase gives (purchase status). */
	Result: Record<string, unknown> | null;
	Failure: string | null;
}

/** What a sale line holds beyond site.sales' SaleItem. */
export interface SaleLineExtra {
	/** The catalogue id (pricing option, product, package, contract, gift card). */
	ItemId: number | null;
	BarcodeId: string | null;
	ContractId: number | null;
	ClientContractId: number | null;
	ClientServiceIds: number[];
	GiftCardBarcodeId: string | null;
	TaxRate: number;
	Tax: number;
	Notes: string | null;
	ActiveDate: string | null;
	ExpDate: string | null;
	Returned: boolean;
}

/** What a sale holds beyond site.sales' Sale. */
export interface SaleExtra {
	OriginalSaleDateTime: string;
	/** The client the items are for, when another paid (PayerClientId). */
	RecipientClientId: number;
	CartId: string | null;
	Lines: Record<string, SaleLineExtra>;
	PaymentNotes: Record<string, string | null>;
	PaymentTransactions: Record<string, number>;
	ReturnOfSaleId: number | null;
	ReturnedBySaleId: number | null;
	ReturnReason: string | null;
}

/** A pricing option a client holds: where it came from (site.clientServices holds the rest). */
export interface ClientServiceOrigin {
	ProductId: number;
	SaleId: number | null;
	PaymentDate: string;
	ClientContractId: number | null;
	Returned: boolean;
}

export interface SaleRecords extends Counted {
	pricingOptions: PricingOption[];
	memberships: Membership[];
	contracts: Contract[];
	clientContracts: ClientContract[];
	clientMemberships: ClientMembership[];
	products: Product[];
	giftCards: GiftCard[];
	packages: SalePackage[];
	issuedGiftCards: IssuedGiftCard[];
	storedCards: StoredCard[];
	transactions: CardTransaction[];
	pending: PendingPurchase[];
	/** By sale id. */
	saleExtras: Record<string, SaleExtra>;
	/** By client service id. */
	clientServiceOrigins: Record<string, ClientServiceOrigin>;
}

/** Card numbers with a fixed outcome (test cards). */
export const TEST_CARDS = {
	/** Needs a card challenge (SCA) before it is charged. */
	challenge: '4000002760003184',
	/** Always declined. */
	declined: '4000000000000002',
	/** Charged at once. */
	visa: '4111111111111111',
	mastercard: '5555555555554444',
} as const;

/** Gift cards issued before the sandbox starts, for trying gift card payments. */
export const SEEDED_GIFT_CARDS = [
	{ BarcodeId: 'SBX-GIFT-0050', Balance: 50 },
	{ BarcodeId: 'SBX-GIFT-0200', Balance: 200 },
] as const;

/** A YYYY-MM-DD date `months` later (or earlier). */
export const addMonths = (date: string, months: number) => {
	const at = new Date(`${date}T00:00:00Z`);
	return dateOf(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, at.getUTCDate()));
};

export function generateSaleRecords(
	rand: Random,
	catalogue: BusinessCatalogue,
	clients: Client[],
	anchor: number,
): SaleRecords {
	const stamp = isoAt(anchor - 30 * DAY);
	const programs = catalogue.programs.filter((program) => program.ScheduleType !== 'Enrollment');
	const memberships: Membership[] = [
		{ Id: 1, Name: 'Monthly Unlimited', Active: true },
		{ Id: 2, Name: 'Founding Member', Active: true },
	];
	const pricingOptions: PricingOption[] = programs.flatMap((program, p) =>
		[1, 10].map((count, n) => ({
			Id: 10001 + p * 2 + n,
			ProductId: 20001 + p * 2 + n,
			Name: `${program.Name} ${count === 1 ? 'Drop-In' : `${count}-Session Pass`}`,
			ProgramId: program.Id,
			Price: count === 1 ? 25 : 200,
			OnlinePrice: count === 1 ? 22 : 180,
			Count: count,
			ExpirationDays: count === 1 ? 30 : 180,
			SellOnline: true,
			MembershipId: null,
			Discontinued: false,
			TaxRate: 0.05,
			RevenueCategory: 'Services',
			SellAtLocationIds: [],
			UseAtLocationIds: [],
			LastModifiedDateTime: stamp,
		})),
	);
	const contracts: Contract[] = memberships.map((membership, index) => ({
		Id: 301 + index,
		Name: `${membership.Name} Agreement`,
		Description: `Monthly autopay that keeps the ${membership.Name} membership`,
		MembershipId: membership.Id,
		PricingOptionIds: [pricingOptions[index].Id],
		FirstPayment: 99 + index * 50,
		RecurringPayment: 99 + index * 50,
		NumberOfAutopays: 12,
		SoldOnline: index === 0,
		AutoRenewing: index === 0,
	}));
	const clientContracts: ClientContract[] = [];
	const clientMemberships: ClientMembership[] = [];
	for (const client of clients) {
		if (!rand.chance(0.2)) continue;
		const contract = rand.pick(contracts);
		const start = anchor - rand.int(0, 300) * DAY;
		const id = 60001 + clientContracts.length;
		clientContracts.push({
			Id: id,
			ClientId: client.Id,
			ContractId: contract.Id,
			AgreementDate: dateOf(start),
			StartDate: dateOf(start),
			EndDate: dateOf(start + 365 * DAY),
			IsAutoRenewing: rand.chance(0.5),
			Status: 'Active',
			SoldById: null,
			LocationId: client.HomeLocationId,
			OriginationLocationId: client.HomeLocationId,
			SaleId: null,
			PayerClientId: client.Id,
			TerminationDate: null,
			TerminationCode: null,
			Suspensions: [],
			AutopayChanges: [],
		});
		if (contract.MembershipId !== null) {
			clientMemberships.push({
				Id: 70001 + clientMemberships.length,
				ClientId: client.Id,
				MembershipId: contract.MembershipId,
				ClientContractId: id,
				StartDate: dateOf(start),
				EndDate: dateOf(start + 365 * DAY),
				Status: 'Active',
			});
		}
	}
	// A contract whose first payment is nothing (account credit may pay it: spec rule 3).
	contracts.push({
		Id: 303,
		Name: 'Trial Month Agreement',
		Description: 'A free first month, then a monthly autopay',
		MembershipId: null,
		PricingOptionIds: [pricingOptions[1].Id],
		FirstPayment: 0,
		RecurringPayment: 79,
		NumberOfAutopays: 6,
		SoldOnline: true,
		AutoRenewing: false,
	});
	const locationIds = catalogue.locations.map((location) => location.Id);
	const products: Product[] = ['Water Bottle', 'Yoga Mat', 'Grip Socks', 'Studio Tee', 'Massage Oil'].map(
		(Name, index) => {
			const Price = rand.money(8, 60);
			const OnlinePrice = rand.money(8, 60);
			const InStock = rand.int(0, 40);
			// The first location holds the stock the seed drew; the others a fixed amount.
			const Inventory = locationIds.map((LocationId, n) => ({
				LocationId,
				UnitsInStock: n === 0 ? InStock : 10 + index,
				UnitsSold: 0,
				UnitsLogged: n === 0 ? InStock : 10 + index,
				ReorderLevel: 5,
				MaxLevel: 60,
				CreatedDateTime: stamp,
				ModifiedDateTime: stamp,
			}));
			return {
				Id: 801 + index,
				ProductId: 801 + index,
				BarcodeId: `SBX-${1000 + index}`,
				Name,
				Price,
				OnlinePrice,
				CategoryId: 2,
				InStock: Inventory.reduce((sum, row) => sum + row.UnitsInStock, 0),
				TaxRate: 0.08,
				SellOnline: index !== 4,
				Inventory,
			};
		},
	);
	const giftCards: GiftCard[] = [25, 50, 100].map((Value, index) => ({
		Id: 901 + index,
		Name: `Gift Card ${Value}`,
		Value,
		SellOnline: true,
		SalePrice: Value,
		EditableByConsumer: false,
	}));
	const packages: SalePackage[] = [
		{
			Id: 1,
			Name: 'Starter Bundle',
			DiscountPercentage: 10,
			SellOnline: true,
			PricingOptionIds: [pricingOptions[0].Id],
			ProductIds: [products[2].Id],
		},
		{
			Id: 2,
			Name: 'Retail Duo',
			DiscountPercentage: 15,
			SellOnline: false,
			PricingOptionIds: [],
			ProductIds: [products[0].Id, products[3].Id],
		},
	];
	const issuedGiftCards: IssuedGiftCard[] = SEEDED_GIFT_CARDS.map((card, index) => ({
		BarcodeId: card.BarcodeId,
		GiftCardId: giftCards[index].Id,
		InitialValue: card.Balance,
		Balance: card.Balance,
		PurchaserClientId: null,
		RecipientEmail: null,
		RecipientName: null,
		SenderName: null,
		LayoutId: 0,
		SaleId: null,
		IssuedDateTime: stamp,
		Voided: false,
	}));
	return {
		pricingOptions,
		memberships,
		contracts,
		clientContracts,
		clientMemberships,
		products,
		giftCards,
		packages,
		issuedGiftCards,
		storedCards: [],
		transactions: [],
		pending: [],
		saleExtras: {},
		clientServiceOrigins: {},
		nextIds: {},
	};
}
