import { DAY, dateOf } from '../../data/dates';
import {
	addMonths,
	type CardTransaction,
	type ClientContract,
	type ClientMembership,
	type Contract,
	type GiftCard,
	type PricingOption,
	type Product,
	type SalePackage,
} from '../../data/saleRecords';
import type { Appointment, ClassInstance, Client, ClientService, Sale, SiteData } from '../../data/types';
import { byId } from '../views';
import { atMidnight, round2 } from './saleLookups';
import { programV6View } from './siteViews';

/** The sale area's records in the v6 document's shapes (sandbox/v6/shapes.ts checks them). */

export function programView(site: SiteData, programId: number | null | undefined) {
	const program = byId(site.programs, programId ?? undefined);
	return program ? programV6View(program) : null;
}

/** Price of a pricing option or product: business mode at a location, online store without. */
export const priceOf = (item: { Price: number; OnlinePrice: number }, online: boolean) =>
	online ? item.OnlinePrice : item.Price;

export function serviceView(site: SiteData, option: PricingOption) {
	const program = byId(site.programs, option.ProgramId);
	return {
		Price: option.Price,
		OnlinePrice: option.OnlinePrice,
		TaxIncluded: 0,
		ProgramId: option.ProgramId,
		TaxRate: option.TaxRate,
		ProductId: option.ProductId,
		Id: String(option.Id),
		Name: option.Name,
		Count: option.Count,
		SellOnline: option.SellOnline,
		SaleInContractOnly: false,
		Type: program?.ScheduleType ?? 'Class',
		ExpirationType: 'SaleDate',
		ExpirationUnit: 'Days',
		ExpirationLength: option.ExpirationDays,
		RevenueCategory: option.RevenueCategory,
		MembershipId: option.MembershipId,
		SellAtLocationIds: [...option.SellAtLocationIds],
		UseAtLocationIds: [...option.UseAtLocationIds],
		Priority: 'Medium',
		IsIntroOffer: false,
		IntroOfferType: 'None',
		IsThirdPartyDiscountPricing: false,
		Program: program?.Name ?? null,
		Discontinued: option.Discontinued,
		RestrictToMembershipIds: [],
		ApplyMemberDiscountsOfMembershipIds: [],
	};
}

export function productView(product: Product) {
	return {
		ProductId: product.ProductId,
		Id: product.BarcodeId,
		CategoryId: product.CategoryId,
		SubCategoryId: null,
		SecondaryCategoryId: null,
		Price: product.Price,
		TaxIncluded: 0,
		TaxRate: product.TaxRate,
		GroupId: product.ProductId,
		Name: product.Name,
		OnlinePrice: product.OnlinePrice,
		ShortDescription: product.Name,
		LongDescription: `${product.Name}, sold at the studio`,
		TypeGroup: 1,
		SupplierId: null,
		SupplierName: null,
		ImageURL: null,
		Color: null,
		Size: null,
		ManufacturerId: null,
	};
}

export function packageView(site: SiteData, pack: SalePackage) {
	const records = site.saleRecords;
	return {
		Id: pack.Id,
		Name: pack.Name,
		DiscountPercentage: pack.DiscountPercentage,
		SellOnline: pack.SellOnline,
		Services: pack.PricingOptionIds.map((id) => byId(records.pricingOptions, id))
			.filter((option): option is PricingOption => option !== undefined)
			.map((option) => serviceView(site, option)),
		Products: pack.ProductIds.map((id) => byId(records.products, id))
			.filter((product): product is Product => product !== undefined)
			.map(productView),
	};
}

/** Gift card layouts: the system's, and the business's own (includeCustomLayouts). */
export const GIFT_CARD_LAYOUTS = [
	{ LayoutId: 1, LayoutName: 'Classic', custom: false },
	{ LayoutId: 2, LayoutName: 'Birthday', custom: false },
	{ LayoutId: 101, LayoutName: 'Studio Logo', custom: true },
] as const;

export function giftCardView(site: SiteData, card: GiftCard, includeCustomLayouts: boolean) {
	return {
		Id: card.Id,
		LocationIds: site.locations.map((location) => location.Id),
		Description: card.Name,
		EditableByConsumer: card.EditableByConsumer,
		CardValue: card.Value,
		SalePrice: card.SalePrice,
		SoldOnline: card.SellOnline,
		MembershipRestrictionIds: [],
		GiftCardTerms: 'Valid at every location of the business. No cash value.',
		ContactInfo: site.settings.Name,
		DisplayLogo: true,
		Layouts: GIFT_CARD_LAYOUTS.filter((layout) => includeCustomLayouts || !layout.custom).map((layout) => ({
			LayoutId: layout.LayoutId,
			LayoutName: layout.LayoutName,
			LayoutUrl: `https://sandbox.example/giftcards/layouts/${layout.LayoutId}.png`,
		})),
	};
}

export const contractEndDate = (contract: Contract, start: string) =>
	dateOf(Date.parse(`${addMonths(start, Math.max(1, contract.NumberOfAutopays))}T00:00:00Z`) - DAY);

export function contractView(site: SiteData, contract: Contract, firstPaymentDiscount = 0) {
	const membership = byId(site.saleRecords.memberships, contract.MembershipId ?? undefined);
	const first = round2(Math.max(0, contract.FirstPayment - firstPaymentDiscount));
	const total = round2(first + contract.RecurringPayment * Math.max(0, contract.NumberOfAutopays - 1));
	return {
		Id: contract.Id,
		Name: contract.Name,
		Description: contract.Description,
		AssignsMembershipId: membership?.Id ?? null,
		AssignsMembershipName: membership?.Name ?? null,
		SoldOnline: contract.SoldOnline,
		ContractItems: contract.PricingOptionIds.map((id) => byId(site.saleRecords.pricingOptions, id))
			.filter((option): option is PricingOption => option !== undefined)
			.map((option) => ({
				Id: String(option.Id),
				Name: option.Name,
				Description: `${option.Name}, renewed with each autopay`,
				Type: 'Service',
				Price: contract.RecurringPayment,
				Quantity: 1,
				OneTimeItem: false,
			})),
		IntroOffer: 'None',
		AutopaySchedule: { FrequencyType: 'SetNumberOfAutopays', FrequencyValue: 1, FrequencyTimeUnit: 'Monthly' },
		NumberOfAutopays: contract.NumberOfAutopays,
		AutopayTriggerType: 'OnSetSchedule',
		ActionUponCompletionOfAutopays: contract.AutoRenewing ? 'ContractAutomaticallyRenews' : 'ContractExpires',
		ClientsChargedOn: 'OnSaleDate',
		ClientsChargedOnSpecificDate: null,
		DiscountAmount: round2(Math.min(contract.FirstPayment, firstPaymentDiscount)),
		DepositAmount: 0,
		FirstAutopayFree: false,
		LastAutopayFree: false,
		ClientTerminateOnline: false,
		MembershipTypeRestrictions: [],
		LocationPurchaseRestrictionIds: [],
		LocationPurchaseRestrictionNames: [],
		AgreementTerms: `${contract.Name}: ${contract.NumberOfAutopays} monthly payments.`,
		RequiresElectronicConfirmation: false,
		AutopayEnabled: contract.NumberOfAutopays > 1,
		FirstPaymentAmountSubtotal: first,
		FirstPaymentAmountTax: 0,
		FirstPaymentAmountTotal: first,
		RecurringPaymentAmountSubtotal: contract.RecurringPayment,
		RecurringPaymentAmountTax: 0,
		RecurringPaymentAmountTotal: contract.RecurringPayment,
		TotalContractAmountSubtotal: total,
		TotalContractAmountTax: 0,
		TotalContractAmountTotal: total,
		PromoPaymentAmountSubtotal: firstPaymentDiscount ? first : 0,
		PromoPaymentAmountTax: 0,
		PromoPaymentAmountTotal: firstPaymentDiscount ? first : 0,
		NumberOfPromoAutopays: firstPaymentDiscount ? 1 : 0,
	};
}

/** A date falls in a suspension of the contract. */
export const suspendedOn = (cc: ClientContract, date: string) =>
	(cc.Suspensions ?? []).some((s) => s.Start <= date && (s.End === null || date <= s.End));

/** Keeps Status in step with the clock: suspensions begin and end, terminations take effect. */
export function refreshContract(cc: ClientContract, today: string): ClientContract {
	if (cc.TerminationDate && cc.TerminationDate <= today) cc.Status = 'Terminated';
	else cc.Status = suspendedOn(cc, today) ? 'Suspended' : 'Active';
	return cc;
}

/** Monthly autopays still to come: after today, before the end or termination, none while suspended. */
export function upcomingAutopays(site: SiteData, cc: ClientContract, today: string) {
	const contract = byId(site.saleRecords.contracts, cc.ContractId);
	if (!contract) return [];
	const option = byId(site.saleRecords.pricingOptions, contract.PricingOptionIds[0]);
	const last = cc.TerminationDate && cc.TerminationDate < cc.EndDate ? cc.TerminationDate : cc.EndDate;
	const events = [];
	for (let month = 1; month < contract.NumberOfAutopays && events.length < 12; month++) {
		const date = addMonths(cc.StartDate, month);
		if (date <= today || date > last || suspendedOn(cc, date)) continue;
		const change = [...(cc.AutopayChanges ?? [])]
			.reverse()
			.find((c) => (c.From === null || c.From <= date) && (c.To === null || date <= c.To));
		const amount = change?.Amount ?? cc.RecurringPayment ?? contract.RecurringPayment;
		events.push({
			ClientContractId: cc.Id,
			ChargeAmount: amount,
			Subtotal: amount,
			Tax: 0,
			PaymentMethod: 'CreditCard' as const,
			ScheduleDate: atMidnight(date),
			ProductId: change?.ProductId ?? option?.ProductId ?? null,
		});
	}
	return events;
}

export function clientContractView(site: SiteData, siteId: number, cc: ClientContract, today: string) {
	refreshContract(cc, today);
	const contract = byId(site.saleRecords.contracts, cc.ContractId);
	const upcoming = upcomingAutopays(site, cc, today);
	const recurring = cc.RecurringPayment ?? contract?.RecurringPayment ?? 0;
	const ended = cc.EndDate < today;
	return {
		PayerClientId: cc.PayerClientId ?? cc.ClientId,
		AgreementDate: atMidnight(cc.AgreementDate),
		AutopayStatus:
			cc.Status === 'Suspended' ? 'Suspended' : cc.Status === 'Terminated' || ended ? 'Inactive' : 'Active',
		AutoRenewing: cc.IsAutoRenewing,
		FirstAutoPay: contract?.FirstPayment ?? 0,
		LastAutoPay: upcoming.length ? upcoming[upcoming.length - 1].ChargeAmount : recurring,
		NormalAutoPay: recurring,
		IsMonthToMonth: false,
		AutoRenewClientContractID: null,
		ContractText: contract ? `${contract.Name}: ${contract.Description}.` : '',
		ContractAutoRenewed: false,
		ContractName: contract?.Name ?? '',
		EndDate: atMidnight(cc.EndDate),
		Id: cc.Id,
		OriginationLocationId: cc.OriginationLocationId ?? cc.LocationId,
		StartDate: atMidnight(cc.StartDate),
		SiteId: siteId,
		UpcomingAutopayEvents: upcoming,
		ContractID: cc.ContractId,
		TerminationDate: cc.TerminationDate ? atMidnight(cc.TerminationDate) : null,
		MinimumCommitmentValue: 0,
		MinimumCommitmentUnit: 'Months' as const,
		MinimumCommitmentEndDate: atMidnight(cc.StartDate),
	};
}

/** A membership is current from its start to its end while it is active. */
export const membershipCurrent = (membership: ClientMembership, today: string) =>
	membership.Status === 'Active' && membership.StartDate <= today && today <= membership.EndDate;

export function clientMembershipView(
	site: SiteData,
	siteId: number,
	membership: ClientMembership,
	client: Client,
	today: string,
) {
	const records = site.saleRecords;
	const cc = byId(records.clientContracts, membership.ClientContractId ?? undefined);
	const contract = byId(records.contracts, cc?.ContractId);
	const option = byId(records.pricingOptions, contract?.PricingOptionIds[0]);
	const name = byId(records.memberships, membership.MembershipId)?.Name ?? '';
	return {
		RestrictedLocations: [],
		IconCode: name
			.split(' ')
			.map((word) => word[0])
			.join('')
			.toUpperCase(),
		MembershipId: membership.MembershipId,
		ActiveDate: atMidnight(membership.StartDate),
		Count: option?.Count ?? 0,
		Current: membershipCurrent(membership, today),
		ExpirationDate: atMidnight(membership.EndDate),
		Id: membership.Id,
		ProductId: option?.ProductId ?? null,
		Name: name,
		PaymentDate: atMidnight(cc?.AgreementDate ?? membership.StartDate),
		Program: programView(site, option?.ProgramId),
		Remaining: option?.Count ?? 0,
		SiteId: siteId,
		Action: 'None' as const,
		ClientID: client.ClientId,
		Returned: membership.Status === 'Cancelled' && cc === undefined,
	};
}

/** A client service is current between its activation and expiration while sessions remain. */
export function serviceCurrent(site: SiteData, service: ClientService, today: string) {
	const origin = site.saleRecords.clientServiceOrigins[service.Id];
	return !origin?.Returned && service.ActiveDate <= today && today <= service.ExpirationDate && service.Remaining > 0;
}

/** The pricing option a client service came from (seeded ones: by program and name). */
export function optionOfService(site: SiteData, service: ClientService): PricingOption | undefined {
	const origin = site.saleRecords.clientServiceOrigins[service.Id];
	const options = site.saleRecords.pricingOptions;
	if (origin) return options.find((option) => option.ProductId === origin.ProductId);
	return options.find((option) => option.Name === service.Name);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a pricing option was bought. A sale keeps its own date; the seeded records keep activation
 * only: one that activates on purchase was bought that day, one that activates on the first visit
 * a fortnight before.
 */
export function purchaseDateOf(service: ClientService): string {
	const kept = (service as ClientService & { PurchaseDate?: string }).PurchaseDate;
	if (kept) return kept.slice(0, 10);
	if (service.ActivationType === 'OnPurchase') return service.ActiveDate;
	return new Date(Date.parse(`${service.ActiveDate}T00:00:00Z`) - 14 * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A client service in the document's shape: the one view of it, whichever answer holds it
 * (GET /client/clientservices, AddArrival, a visit's or an appointment's Service).
 */
export function clientServiceView(site: SiteData, siteId: number, service: ClientService, today: string) {
	const origin = site.saleRecords.clientServiceOrigins[service.Id];
	const client = byId(site.clients, service.ClientId);
	return {
		ActiveDate: atMidnight(service.ActiveDate),
		Count: service.Count,
		Current: serviceCurrent(site, service, today),
		ExpirationDate: atMidnight(service.ExpirationDate),
		Id: service.Id,
		ProductId: optionOfService(site, service)?.ProductId ?? null,
		Name: service.Name,
		PaymentDate: origin?.PaymentDate ?? atMidnight(purchaseDateOf(service)),
		Program: programView(site, service.ProgramId),
		Remaining: service.Remaining,
		SiteId: siteId,
		Action: 'None' as const,
		ClientID: client?.ClientId ?? String(service.ClientId),
		Returned: origin?.Returned ?? false,
	};
}

/** Sale payments of the seeded ledger carry no transaction: cards get one derived from the payment. */
export const SEEDED_TRANSACTION_BASE = 4_000_000;

export function saleView(site: SiteData, sale: Sale) {
	const extra = site.saleRecords.saleExtras[sale.Id];
	const client = byId(site.clients, sale.ClientId);
	const [date, time] = sale.SaleDateTime.split('T');
	return {
		Id: sale.Id,
		SaleDate: atMidnight(date),
		SaleTime: time.replace('Z', ''),
		SaleDateTime: sale.SaleDateTime,
		OriginalSaleDateTime: extra?.OriginalSaleDateTime ?? sale.SaleDateTime,
		SalesRepId: sale.SoldById,
		ClientId: client?.ClientId ?? String(sale.ClientId),
		RecipientClientId: extra?.RecipientClientId ?? sale.ClientId,
		PurchasedItems: sale.Items.map((item) => {
			const line = extra?.Lines[item.Id];
			const gross = item.UnitPrice * Math.abs(item.Quantity);
			return {
				SaleDetailId: item.Id,
				Id: line?.ItemId ?? item.Id,
				IsService: item.Type === 'Service',
				BarcodeId: line?.BarcodeId ?? null,
				Description: item.Name,
				ContractId: line?.ContractId ?? null,
				CategoryId: item.RevenueCategoryId,
				SubCategoryId: null,
				UnitPrice: item.UnitPrice,
				Quantity: item.Quantity,
				DiscountPercent: gross ? round2((Math.abs(item.Discount) / gross) * 100) : 0,
				DiscountAmount: item.Discount,
				Tax1: line?.TaxRate ?? 0,
				Tax2: 0,
				Tax3: 0,
				Tax4: 0,
				Tax5: 0,
				TaxAmount: line?.Tax ?? 0,
				TotalAmount: item.Amount,
				Notes: line?.Notes ?? null,
				Returned: line?.Returned ?? false,
				PaymentRefId: sale.Payments[0]?.Id ?? null,
				ExpDate: line?.ExpDate ? atMidnight(line.ExpDate) : null,
				ActiveDate: line?.ActiveDate ? atMidnight(line.ActiveDate) : null,
				GiftCardBarcodeId: line?.GiftCardBarcodeId ?? null,
			};
		}),
		LocationId: sale.LocationId,
		Payments: sale.Payments.map((payment) => ({
			Id: payment.Id,
			Amount: payment.Amount,
			Method: payment.MethodId,
			Type: payment.MethodName,
			Notes: extra?.PaymentNotes[payment.Id] ?? null,
			TransactionId:
				extra?.PaymentTransactions[payment.Id] ??
				(!extra && payment.LastFour !== null ? SEEDED_TRANSACTION_BASE + payment.Id : null),
		})),
	};
}

export function transactionView(transaction: CardTransaction, now: number) {
	return {
		TransactionId: transaction.TransactionId,
		SaleId: transaction.SaleId,
		ClientId: transaction.ClientId,
		Amount: transaction.Amount,
		Settled: transaction.Status === 'Approved' && Date.parse(transaction.TransactionTime) + DAY <= now,
		Status: transaction.Status,
		TransactionTime: transaction.TransactionTime,
		AuthTime: transaction.AuthTime,
		LocationId: transaction.LocationId,
		MerchantId: 'SBX-MERCHANT-1',
		TerminalId: transaction.Swiped ? 'SBX-TERMINAL-1' : null,
		CardExpirationMonth: transaction.ExpMonth,
		CardExpirationYear: transaction.ExpYear,
		CCLastFour: transaction.LastFour,
		CardType: transaction.CardType,
		CCSwiped: transaction.Swiped,
		ACHLastFour: null,
	};
}

/** Card transactions of the seeded ledger, derived from its card payments. */
export function seededTransactions(site: SiteData): CardTransaction[] {
	const rows: CardTransaction[] = [];
	for (const sale of site.sales) {
		const extra = site.saleRecords.saleExtras[sale.Id];
		for (const payment of sale.Payments) {
			const derived = SEEDED_TRANSACTION_BASE + payment.Id;
			const recorded = extra?.PaymentTransactions[payment.Id];
			if (payment.LastFour === null || (extra && recorded !== derived)) continue;
			rows.push({
				TransactionId: derived,
				SaleId: sale.Id,
				ClientId: sale.ClientId,
				Amount: payment.Amount,
				Status: 'Approved',
				Challenge: null,
				TransactionTime: extra?.OriginalSaleDateTime ?? sale.SaleDateTime,
				AuthTime: extra?.OriginalSaleDateTime ?? sale.SaleDateTime,
				LocationId: sale.LocationId,
				CardType: payment.MethodName === 'Mastercard' ? 'MasterCard' : payment.MethodName,
				LastFour: payment.LastFour,
				ExpMonth: '12',
				ExpYear: String(new Date(extra?.OriginalSaleDateTime ?? sale.SaleDateTime).getUTCFullYear() + 3),
				Swiped: false,
				CartId: null,
			});
		}
	}
	return rows;
}

export function classView(site: SiteData, instance: ClassInstance) {
	const description = byId(site.classDescriptions, instance.ClassDescriptionId);
	const staff = byId(site.staff, instance.StaffId);
	const location = byId(site.locations, instance.LocationId);
	return {
		ClassScheduleId: instance.ClassScheduleId,
		Location: location
			? { Id: location.Id, Name: location.Name, Address: location.AddressLine1, City: location.City }
			: null,
		MaxCapacity: instance.MaxCapacity,
		WebCapacity: instance.WebCapacity,
		TotalBooked: instance.TotalBooked,
		TotalBookedWaitlist: instance.TotalBookedWaitlist,
		WebBooked: instance.TotalWebBooked,
		IsCanceled: instance.IsCanceled,
		Substitute: instance.IsSubstitute,
		Active: true,
		IsWaitlistAvailable: false,
		IsEnrolled: true,
		HideCancel: false,
		Id: instance.Id,
		IsAvailable: instance.TotalBooked < instance.MaxCapacity,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		ClassDescription: description
			? {
					Id: description.Id,
					Name: description.Name,
					Description: description.Description,
					Program: programView(site, description.ProgramId),
				}
			: null,
		Staff: staff
			? {
					Id: staff.Id,
					FirstName: staff.FirstName,
					LastName: staff.LastName,
					DisplayName: staff.DisplayName,
					Name: `${staff.FirstName} ${staff.LastName}`,
				}
			: null,
	};
}

export function appointmentView(site: SiteData, appointment: Appointment) {
	const staff = byId(site.staff, appointment.StaffId);
	const type = byId(site.appointmentTypes, appointment.SessionTypeId);
	const client = byId(site.clients, appointment.ClientId);
	return {
		GenderPreference: appointment.GenderPreference,
		Duration: appointment.DurationMinutes,
		ProviderId: staff?.ProviderId ?? null,
		Id: appointment.Id,
		Status: appointment.Status,
		StartDateTime: appointment.StartDateTime,
		EndDateTime: appointment.EndDateTime,
		Notes: appointment.Notes,
		StaffRequested: true,
		ProgramId: type?.ProgramId ?? null,
		SessionTypeId: appointment.SessionTypeId,
		LocationId: appointment.LocationId,
		StaffId: appointment.StaffId,
		Staff: staff
			? { Id: staff.Id, FirstName: staff.FirstName, LastName: staff.LastName, DisplayName: staff.DisplayName }
			: null,
		ClientId: client?.ClientId ?? String(appointment.ClientId),
		FirstAppointment: false,
		IsWaitlist: false,
		ClientServiceId: appointment.ClientServiceId,
		Resources: appointment.ResourceIds.map((id) => ({ Id: id, Name: byId(site.resources, id)?.Name ?? '' })),
		AddOns: [],
	};
}
