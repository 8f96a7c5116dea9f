import { DAY, dateOf, inclusiveEnd, parseWhen } from '../../data/dates';
import { takeId } from '../../data/generate';
import type { PricingOption } from '../../data/saleRecords';
import type { ClientService, Sale, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { regionalTwins } from './contractClients';
import { viewPage } from './salePaging';
import { clientOfParams, findClient, isAnswer, todayOf } from './saleLookups';
import { clientServiceView, saleView, serviceCurrent } from './saleViews';

/**
 * What clients own from their purchases: client services (pricing options held; GET
 * /client/clientservices with rule 16's filters, UpdateClientService) and purchases (GET
 * /client/clientpurchases, one row per sale line).
 */

/** A pricing option given to a client by a sale or a contract. */
export function createClientService(
	site: SiteData,
	init: {
		clientId: number;
		option: PricingOption;
		saleId: number | null;
		activeDate: string;
		expirationDate?: string;
		paymentDate: string;
		clientContractId?: number | null;
	},
): ClientService {
	const { option } = init;
	const service: ClientService = {
		Id: takeId(site, 'clientServices'),
		ClientId: init.clientId,
		Name: option.Name,
		ProgramId: option.ProgramId,
		LocationIds: option.UseAtLocationIds.length
			? [...option.UseAtLocationIds]
			: site.locations.map((location) => location.Id),
		Count: option.Count,
		Remaining: option.Count,
		ActiveDate: init.activeDate,
		ExpirationDate:
			init.expirationDate ?? dateOf(Date.parse(`${init.activeDate}T00:00:00Z`) + option.ExpirationDays * DAY),
		ActivationType: 'OnPurchase',
	};
	site.clientServices.push(service);
	site.saleRecords.clientServiceOrigins[service.Id] = {
		ProductId: option.ProductId,
		SaleId: init.saleId,
		PaymentDate: init.paymentDate,
		ClientContractId: init.clientContractId ?? null,
		Returned: false,
	};
	return service;
}

/** The day a client service was bought (seeded ones: the day it became active). */
const purchaseDayOf = (site: SiteData, service: ClientService) =>
	site.saleRecords.clientServiceOrigins[service.Id]?.PaymentDate.slice(0, 10) ?? service.ActiveDate;

/** A service restricted to some of its site's locations (crossRegionalLookup leaves those out). */
const restricted = (site: SiteData, service: ClientService) =>
	site.locations.some((location) => !service.LocationIds.includes(location.Id));

function getClientServices(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const uniqueIds = params.ints('request.uniqueClientIds');
	const single = params.int('request.uniqueClientId') ?? params.str('request.clientId');
	// UniqueClientId wins over ClientId; ClientId over ClientIds; UniqueClientIds over ClientIds.
	const wanted: Array<{ clientId?: string; uniqueId?: number }> =
		single !== undefined
			? [typeof single === 'number' ? { uniqueId: single } : { clientId: single }]
			: uniqueIds
				? uniqueIds.map((uniqueId) => ({ uniqueId }))
				: (params.strs('request.clientIds') ?? []).map((clientId) => ({ clientId }));
	if (!wanted.length)
		return v6Error(400, 'MissingRequiredFields', 'request.clientId or request.clientIds is required.');
	const clients = [];
	for (const want of wanted) {
		const client = findClient(site, want.clientId, want.uniqueId);
		if (!client) return v6Error(404, 'ClientNotFound', `Client ${want.uniqueId ?? want.clientId} was not found.`);
		clients.push(client);
	}
	const today = todayOf(call);
	const crossRegional = params.bool('request.crossRegionalLookup') ?? false;
	const activeOnly = params.bool('request.showActiveOnly') ?? false;
	const byActivation = params.bool('request.useActivateDate') ?? false;
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const fromDay = from === undefined ? undefined : dateOf(from);
	const toDay = to === undefined ? undefined : dateOf(inclusiveEnd(to));
	const programIds = params.ints('request.programIds');
	const locationIds = params.ints('request.locationIds');
	const sessionTypeId = params.int('request.sessionTypeId');
	const typeProgram = sessionTypeId === undefined ? undefined : byId(site.appointmentTypes, sessionTypeId)?.ProgramId;
	const classId = params.int('request.classId');
	const classInstance = classId === undefined ? undefined : byId(site.classes, classId);
	const classProgram = byId(site.classDescriptions, classInstance?.ClassDescriptionId)?.ProgramId;
	const visitCount = params.int('request.visitCount');
	const rows = clients.flatMap((client) => {
		const sites = [{ siteId: call.siteId, site, holder: client }];
		if (crossRegional) {
			for (const twin of regionalTwins(call, client)) sites.push({ ...twin, holder: twin.client });
		}
		return sites.flatMap(({ siteId, site: where, holder }) =>
			where.clientServices
				.filter((service) => {
					if (service.ClientId !== holder.Id) return false;
					if (crossRegional && restricted(where, service)) return false;
					if (activeOnly && !serviceCurrent(where, service, today)) return false;
					// Rule 16: the date range reads the activation date when UseActivateDate is true.
					const day = byActivation ? service.ActiveDate : purchaseDayOf(where, service);
					if (fromDay !== undefined && day < fromDay) return false;
					if (toDay !== undefined && day > toDay) return false;
					if (programIds && !programIds.includes(service.ProgramId)) return false;
					if (locationIds && !locationIds.some((id) => service.LocationIds.includes(id))) return false;
					if (sessionTypeId !== undefined && service.ProgramId !== typeProgram) return false;
					if (classId !== undefined && service.ProgramId !== classProgram) return false;
					if (visitCount !== undefined && service.Remaining < visitCount) return false;
					return true;
				})
				.map((service) => ({ where, siteId, service })),
		);
	});
	return viewPage(call, 'ClientServices', rows, ({ where, siteId, service }) =>
		clientServiceView(where, siteId, service, today),
	);
}

function updateClientService(call: RestCall): SandboxResponse {
	const body = call.body as {
		ServiceId: number;
		ActiveDate?: string;
		ExpirationDate?: string;
		Count?: number;
		Test?: boolean;
	};
	const service = byId(call.site.clientServices, body.ServiceId);
	if (!service) return v6Error(404, 'ClientServiceNotFound', `Client service ${body.ServiceId} was not found.`);
	const active = body.ActiveDate ? dateOf(parseWhen(body.ActiveDate)) : service.ActiveDate;
	const expires = body.ExpirationDate ? dateOf(parseWhen(body.ExpirationDate)) : service.ExpirationDate;
	if (expires < active) return v6Error(400, 'InvalidParameter', 'ExpirationDate is before ActiveDate.');
	const used = service.Count - service.Remaining;
	if (body.Count !== undefined && body.Count !== null && body.Count < used) {
		return v6Error(400, 'InvalidParameter', `Count cannot be less than the ${used} sessions already used.`);
	}
	if (body.Count !== undefined && body.Count !== null && body.Count < 0) {
		return v6Error(400, 'InvalidParameter', 'Count must not be negative.');
	}
	const today = todayOf(call);
	if (body.Test) {
		const preview = { ...service, ActiveDate: active, ExpirationDate: expires };
		if (body.Count !== undefined && body.Count !== null)
			Object.assign(preview, { Count: body.Count, Remaining: body.Count - used });
		return v6Json({ ClientService: clientServiceView(call.site, call.siteId, preview, today) });
	}
	service.ActiveDate = active;
	service.ExpirationDate = expires;
	if (body.Count !== undefined && body.Count !== null) {
		service.Count = body.Count;
		service.Remaining = body.Count - used;
	}
	return v6Json({ ClientService: clientServiceView(call.site, call.siteId, service, today) });
}

function getClientPurchases(call: RestCall): SandboxResponse {
	const client = clientOfParams(call);
	if (isAnswer(client)) return client;
	const { params, site } = call;
	const saleId = params.int('request.saleId');
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const end = to === undefined ? undefined : inclusiveEnd(to);
	const extras = site.saleRecords.saleExtras;
	const mine = (sale: Sale) => sale.ClientId === client.Id || extras[sale.Id]?.RecipientClientId === client.Id;
	const rows = site.sales
		.filter((sale) => {
			const when = Date.parse(sale.SaleDateTime);
			return (
				mine(sale) &&
				(saleId === undefined || sale.Id === saleId) &&
				(from === undefined || when >= from) &&
				(end === undefined || when <= end)
			);
		})
		.flatMap((sale) => sale.Items.map((item) => ({ sale, item })));
	return viewPage(call, 'Purchases', rows, ({ sale, item }) => {
		const line = extras[sale.Id]?.Lines[item.Id];
		return {
			Sale: saleView(site, sale),
			Description: item.Name,
			AccountPayment: (item.Type as string) === 'AccountPayment',
			Price: item.UnitPrice,
			AmountPaid: item.Amount,
			Discount: item.Discount,
			Tax: line?.Tax ?? 0,
			Returned: line?.Returned ?? false,
			Quantity: item.Quantity,
		};
	});
}

export const saleClientServiceHandlers = {
	GetClientServices: getClientServices,
	UpdateClientService: updateClientService,
	GetClientPurchases: getClientPurchases,
};
