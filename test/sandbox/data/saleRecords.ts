import type { BusinessCatalogue } from './business';
import { DAY, dateOf } from './dates';
import type { Random } from './prng';
import type { Counted } from './records';
import type { Client } from './types';

/** What the business sells (pricing options, contracts, products, gift cards) and what clients hold. */

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

export interface Product {
	Id: number;
	ProductId: number;
	BarcodeId: string;
	Name: string;
	Price: number;
	OnlinePrice: number;
	CategoryId: number;
	InStock: number;
}

export interface GiftCard {
	Id: number;
	Name: string;
	Value: number;
	SellOnline: boolean;
}

export interface SaleRecords extends Counted {
	pricingOptions: PricingOption[];
	memberships: Membership[];
	contracts: Contract[];
	clientContracts: ClientContract[];
	clientMemberships: ClientMembership[];
	products: Product[];
	giftCards: GiftCard[];
}

export function generateSaleRecords(
	rand: Random,
	catalogue: BusinessCatalogue,
	clients: Client[],
	anchor: number,
): SaleRecords {
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
	const products: Product[] = ['Water Bottle', 'Yoga Mat', 'Grip Socks', 'Studio Tee', 'Massage Oil'].map(
		(Name, index) => ({
			Id: 801 + index,
			ProductId: 801 + index,
			BarcodeId: `SBX-${1000 + index}`,
			Name,
			Price: rand.money(8, 60),
			OnlinePrice: rand.money(8, 60),
			CategoryId: 2,
			InStock: rand.int(0, 40),
		}),
	);
	const giftCards: GiftCard[] = [25, 50, 100].map((Value, index) => ({
		Id: 901 + index,
		Name: `Gift Card ${Value}`,
		Value,
		SellOnline: true,
	}));
	return {
		pricingOptions,
		memberships,
		contracts,
		clientContracts,
		clientMemberships,
		products,
		giftCards,
		nextIds: {},
	};
}
