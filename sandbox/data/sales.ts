import type { BusinessCatalogue } from './business';
import { DAY, MINUTE, isoAt } from './dates';
import { CONTRACTS, PAYMENT_METHODS, PRODUCTS, PROMO_WORDS } from './names';
import type { Random } from './prng';
import type { Appointment, Client, PromoCode, Sale, SaleEvent, SaleItem, SaleItemType, Staff } from './types';

/** Sales cover the last 400 days, so month-over-month and year-over-year figures have data. */
const SALES_DAYS = 400;

const REVENUE_CATEGORY: Record<SaleItemType, number> = {
	Service: 1,
	Package: 1,
	Product: 2,
	Contract: 3,
	GiftCard: 4,
	Tip: 5,
};

/** Built to stay fast: 10,000 sales take a few tens of milliseconds. */
export function generateSales(
	rand: Random,
	count: number,
	catalogue: BusinessCatalogue,
	staff: Staff[],
	clients: Client[],
	appointments: Appointment[],
	anchor: number,
): Sale[] {
	const categoryName = new Map(catalogue.categories.map((c) => [c.Id, c.Name]));
	const services = catalogue.appointmentTypes.filter((type) => !type.IsAddOn);
	const types = new Map(catalogue.appointmentTypes.map((type) => [type.Id, type]));
	const past = appointments.filter((a) => Date.parse(a.StartDateTime) < anchor && a.Status !== 'Cancelled');
	const line: Record<SaleItemType, () => [string, string, number]> = {
		Service: () => {
			const service = rand.pick(services);
			return [service.Name, categoryName.get(service.CategoryId)!, service.Price];
		},
		Package: () => {
			const service = rand.pick(services);
			return [`${service.Name} 5-Pack`, categoryName.get(service.CategoryId)!, service.Price * 4];
		},
		Product: () => [rand.pick(PRODUCTS), 'Retail', rand.money(5, 60)],
		Contract: () => [rand.pick(CONTRACTS), 'Memberships', rand.pick([99, 149])],
		GiftCard: () => ['Gift Card', 'Gift Cards', rand.pick([25, 50, 100])],
		Tip: () => ['Tip', 'Tips', rand.money(2, 20)],
	};
	const sales: Sale[] = new Array(count);
	let itemId = 1;
	let paymentId = 1;
	let eventId = 1;
	for (let index = 0; index < count; index++) {
		const when = anchor - rand.int(0, SALES_DAYS * 24 * 60) * MINUTE;
		const items: SaleItem[] = [];
		const events: SaleEvent[] = [];
		const lineCount = rand.int(1, 3);
		for (let n = 0; n < lineCount; n++) {
			const type = rand.pick(['Service', 'Service', 'Product', 'Contract', 'Package', 'GiftCard', 'Tip'] as const);
			const [name, category, price] = line[type]();
			const quantity = type === 'Product' ? rand.int(1, 3) : 1;
			const discount = rand.chance(0.1) ? Math.round(price * quantity * 10) / 100 : 0;
			items.push({
				Id: itemId++,
				Type: type,
				Name: name,
				CategoryName: category,
				RevenueCategoryId: REVENUE_CATEGORY[type],
				Quantity: quantity,
				UnitPrice: price,
				Discount: discount,
				Amount: Math.round((price * quantity - discount) * 100) / 100,
			});
			if (type === 'Service' && past.length && rand.chance(0.5)) {
				const appointment = rand.pick(past);
				events.push({
					Id: eventId++,
					Type: 'Appointment',
					EventId: appointment.Id,
					Name: types.get(appointment.SessionTypeId)!.Name,
					StartDateTime: appointment.StartDateTime,
					EndDateTime: appointment.EndDateTime,
					StaffId: appointment.StaffId,
					LocationId: appointment.LocationId,
				});
			}
		}
		const total = Math.round(items.reduce((sum, item) => sum + item.Amount, 0) * 100) / 100;
		const method = rand.pick(PAYMENT_METHODS);
		sales[index] = {
			Id: 200001 + index,
			SaleDateTime: isoAt(when),
			ClientId: rand.pick(clients).Id,
			LocationId: rand.pick(catalogue.locations).Id,
			SoldById: rand.pick(staff).Id,
			Items: items,
			Payments: [
				{
					Id: paymentId++,
					MethodId: method.MethodId,
					MethodName: method.MethodName,
					Amount: total,
					LastFour: method.card ? String(rand.int(1000, 9999)) : null,
				},
			],
			TotalAmount: total,
			Events: events,
		};
	}
	// Ids follow time, as a real sales ledger's do.
	sales.sort((a, b) => (a.SaleDateTime < b.SaleDateTime ? -1 : a.SaleDateTime > b.SaleDateTime ? 1 : 0));
	sales.forEach((sale, index) => (sale.Id = 200001 + index));
	return sales;
}

export function generatePromoCodes(rand: Random, count: number, anchor: number): PromoCode[] {
	return Array.from({ length: count }, (_, index) => {
		const activation = anchor + rand.int(-200, 30) * DAY;
		const expires = rand.chance(0.7) ? activation + rand.int(30, 180) * DAY : null;
		const created = activation - rand.int(0, 30) * DAY;
		const word = PROMO_WORDS[index % PROMO_WORDS.length];
		const percent = rand.chance(0.6);
		const maxUses = rand.chance(0.5) ? rand.int(10, 500) : null;
		return {
			Id: 801 + index,
			Name: `${word[0]}${word.slice(1).toLowerCase()} offer ${index + 1}`,
			Code: `${word}${10 + index}`,
			Active: rand.chance(0.8),
			Discount: percent
				? { Type: 'Percent' as const, Amount: rand.pick([10, 15, 20, 25]) }
				: { Type: 'Amount' as const, Amount: rand.pick([5, 10, 20]) },
			ActivationDate: isoAt(activation),
			ExpirationDate: expires === null ? null : isoAt(expires),
			MaxUses: maxUses,
			NumberOfUses: maxUses === null ? rand.int(0, 50) : rand.int(0, maxUses),
			DaysAfterCloseDate: rand.chance(0.3) ? rand.int(1, 14) : null,
			AllowOnline: rand.chance(0.6),
			CreationDate: isoAt(created),
			LastModifiedDateTime: isoAt(created),
		};
	});
}
