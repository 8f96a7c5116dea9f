import { takeId } from '../data/generate';
import { isoAt } from '../data/dates';
import type { Appointment, AppointmentType, Client, Sale } from '../data/types';
import type { RestCall } from './call';
import { byId } from './views';

/** Pays one appointment by the card token: a sale with one service item and one card payment. */
export function recordCardSale(
	call: RestCall,
	client: Client,
	appointment: Appointment,
	type: AppointmentType,
	cardToken: string,
): Sale {
	const { site } = call;
	const sale: Sale = {
		Id: takeId(site, 'sales'),
		SaleDateTime: isoAt(call.now),
		ClientId: client.Id,
		LocationId: appointment.LocationId,
		SoldById: appointment.StaffId,
		Items: [
			{
				Id: takeId(site, 'saleItems'),
				Type: 'Service',
				Name: type.Name,
				CategoryName: byId(site.categories, type.CategoryId)?.Name ?? 'Services',
				RevenueCategoryId: 1,
				Quantity: 1,
				UnitPrice: type.Price,
				Discount: 0,
				Amount: type.Price,
			},
		],
		Payments: [
			{
				Id: takeId(site, 'payments'),
				MethodId: 2,
				MethodName: 'Credit Card',
				Amount: type.Price,
				LastFour: cardToken.slice(-4),
			},
		],
		TotalAmount: type.Price,
		Events: [
			{
				Id: takeId(site, 'saleEvents'),
				Type: 'Appointment',
				EventId: appointment.Id,
				Name: type.Name,
				StartDateTime: appointment.StartDateTime,
				EndDateTime: appointment.EndDateTime,
				StaffId: appointment.StaffId,
				LocationId: appointment.LocationId,
			},
		],
	};
	site.sales.push(sale);
	appointment.PaymentApplied = true;
	return sale;
}
