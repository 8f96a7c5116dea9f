import { inclusiveEnd } from '../data/dates';
import type { Appointment, ClientService, Sale } from '../data/types';
import { applyPayment, currentSeries, undoPayment } from './booking';
import { json, text, type HandlerTable, type RestCall } from './call';
import { page } from './paging';
import { byId } from './views';

function eventDetails(call: RestCall) {
	const saleId = call.params.int('saleId')!;
	const sale = byId(call.site.sales, saleId);
	if (!sale) return text(400, `Sale ${saleId} was not found.`);
	return json(sale.Events.map((event) => ({ ...event, SaleId: sale.Id })));
}

const keptItems = (sale: Sale, excluded: number[] | undefined) =>
	excluded ? sale.Items.filter((item) => !excluded.includes(item.RevenueCategoryId)) : sale.Items;

function detailView(sale: Sale, excluded: number[] | undefined) {
	const items = keptItems(sale, excluded);
	const total = Math.round(items.reduce((sum, item) => sum + item.Amount, 0) * 100) / 100;
	return {
		SaleId: sale.Id,
		SaleDateTime: sale.SaleDateTime,
		ClientId: sale.ClientId,
		LocationId: sale.LocationId,
		SoldById: sale.SoldById,
		Items: items.map((item) => ({ ...item })),
		Payments: sale.Payments.map((payment) => ({ ...payment })),
		TotalAmount: total,
	};
}

/** Views are built for the page only: paging 10,000 sales must not cost 10,000 views a page. */
function salesDetails(call: RestCall) {
	const { params } = call;
	const saleId = params.int('request.saleId');
	const clientId = params.int('request.clientId');
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const excluded = params.ints('request.excludedRevenueCategoryIds');
	const end = to === undefined ? undefined : inclusiveEnd(to);
	const inRange = (sale: Sale) => {
		if (from === undefined && end === undefined) return true;
		const when = Date.parse(sale.SaleDateTime);
		return (from === undefined || when >= from) && (end === undefined || when <= end);
	};
	const rows = call.site.sales.filter(
		(sale) =>
			(saleId === undefined || sale.Id === saleId) &&
			(clientId === undefined || sale.ClientId === clientId) &&
			inRange(sale) &&
			// A sale whose every item is excluded has nothing to show.
			keptItems(sale, excluded).length > 0,
	);
	const paged = page(call, rows);
	return 'error' in paged ? paged.error : json(paged.rows.map((sale) => detailView(sale, excluded)));
}

/**
 * Applies payment to each appointment from its current series. Any problem answers 400 and
 * every deduction of the call is rolled back: a second apply never takes a session again.
 */
function applyPaymentOptions(call: RestCall) {
	const problems: string[] = [];
	const applied: Array<{ appointment: Appointment; series: ClientService }> = [];
	for (const id of call.body as number[]) {
		const appointment = byId(call.site.appointments, id);
		const series = appointment && currentSeries(call.site, appointment);
		if (!appointment) problems.push(`Appointment ${id} was not found.`);
		else if (appointment.PaymentApplied) problems.push(`Payment was already applied to appointment ${id}.`);
		else if (!series) problems.push(`Appointment ${id} has no current series to pay from.`);
		else {
			applyPayment(appointment, series);
			applied.push({ appointment, series });
		}
	}
	if (problems.length) {
		applied.forEach(({ appointment, series }) => undoPayment(appointment, series));
		return text(400, problems.join(' '));
	}
	const Results = applied.map(({ appointment, series }) => ({
		AppointmentId: appointment.Id,
		ClientServiceId: series.Id,
		ClientServiceName: series.Name,
		SessionsRemaining: series.Remaining,
		PaymentApplied: true,
	}));
	return json({ Results });
}

export const saleHandlers: HandlerTable = {
	'GET /Business/Sales/{saleId}/EventDetails': eventDetails,
	'GET /Business/Sales/SalesDetails': salesDetails,
	'POST /Business/Sales/User/ServicePaymentOptions/Apply': applyPaymentOptions,
};
