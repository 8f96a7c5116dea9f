/** Promo codes, sales, pricing options and autopay suspensions of a site. */

export interface PromoCode {
	Id: number;
	Name: string;
	Code: string;
	Active: boolean;
	Discount: { Type: 'Percent' | 'Amount'; Amount: number };
	ActivationDate: string;
	ExpirationDate: string | null;
	MaxUses: number | null;
	NumberOfUses: number;
	DaysAfterCloseDate: number | null;
	AllowOnline: boolean;
	CreationDate: string;
	LastModifiedDateTime: string;
	[extra: string]: unknown;
}

export interface RevenueCategory {
	Id: number;
	Name: string;
}

export type SaleItemType = 'Service' | 'Product' | 'Contract' | 'Package' | 'GiftCard' | 'Tip';

export interface SaleItem {
	Id: number;
	Type: SaleItemType;
	Name: string;
	/** Category name the dashboard groups by. */
	CategoryName: string;
	RevenueCategoryId: number;
	Quantity: number;
	UnitPrice: number;
	Discount: number;
	Amount: number;
}

export interface Payment {
	Id: number;
	MethodId: number;
	MethodName: string;
	Amount: number;
	LastFour: string | null;
}

export interface SaleEvent {
	Id: number;
	Type: 'Appointment' | 'Class';
	EventId: number;
	Name: string;
	StartDateTime: string;
	EndDateTime: string;
	StaffId: number;
	LocationId: number;
}

export interface Sale {
	Id: number;
	SaleDateTime: string;
	ClientId: number;
	LocationId: number;
	SoldById: number;
	Items: SaleItem[];
	Payments: Payment[];
	TotalAmount: number;
	/** Calendar events the sale paid for. */
	Events: SaleEvent[];
}

export interface ClientService {
	Id: number;
	ClientId: number;
	Name: string;
	ProgramId: number;
	LocationIds: number[];
	Count: number;
	Remaining: number;
	/** First and last day the option can pay for a visit. */
	ActiveDate: string;
	ExpirationDate: string;
	ActivationType: 'OnPurchase' | 'OnFirstVisit';
}

export interface AutopaySuspension {
	Id: number;
	Scope: 'Region' | 'Subscriber';
	ScopeId: number;
	StartDate: string;
	EndDate: string | null;
	CreatedDateTime: string;
}
