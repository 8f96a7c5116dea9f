import { isoAt } from '../../data/dates';
import type { PricingOption, Product } from '../../data/saleRecords';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { isStaff, type RestCall } from '../call';
import { byId } from '../views';
import { findIssuedGiftCard } from './checkoutPayments';
import { viewPage } from './salePaging';
import {
	ACCEPTED_CARD_TYPES,
	ALTERNATIVE_METHODS,
	CUSTOM_METHODS,
	findClient,
	findPromo,
	isAnswer,
	promoDiscount,
	round2,
} from './saleLookups';
import { contractView, giftCardView, packageView, productView, serviceView } from './saleViews';

/**
 * What the business sells, read and priced: pricing options (GET/PUT /sale/services,
 * UpdatePricingOption), products (GET/PUT /sale/products, inventory, UpdateProductPrice),
 * packages, gift cards and their balances, contracts, accepted cards and payment methods.
 * Checkout charges the prices these operations set.
 */

// ---- pricing options ----

function programOfClass(call: RestCall, classId: number): number | undefined {
	const instance = byId(call.site.classes, classId);
	return byId(call.site.classDescriptions, instance?.ClassDescriptionId)?.ProgramId;
}

function programOfSchedule(call: RestCall, scheduleId: number): number | undefined {
	const schedule = byId(call.site.classSchedules, scheduleId);
	return byId(call.site.classDescriptions, schedule?.ClassDescriptionId)?.ProgramId;
}

function getServices(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const programIds = params.ints('request.programIds');
	const typeIds = params.ints('request.sessionTypeIds');
	const typePrograms = typeIds?.map((id) => byId(site.appointmentTypes, id)?.ProgramId);
	const classId = params.int('request.classId');
	const classProgram = classId === undefined ? undefined : programOfClass(call, classId);
	const scheduleId = params.int('request.classScheduleId');
	const scheduleProgram = scheduleId === undefined ? undefined : programOfSchedule(call, scheduleId);
	const serviceIds = params.strs('request.serviceIds');
	const includeDiscontinued = params.bool('request.includeDiscontinued') ?? false;
	// Consumer mode (no staff token) lists what sells online; staff choose with sellOnline.
	const onlineOnly = isStaff(call) ? (params.bool('request.sellOnline') ?? false) : true;
	const rows = site.saleRecords.pricingOptions.filter(
		(option) =>
			(includeDiscontinued || !option.Discontinued) &&
			(!onlineOnly || option.SellOnline) &&
			(!programIds || programIds.includes(option.ProgramId)) &&
			(!typePrograms || typePrograms.includes(option.ProgramId)) &&
			(classId === undefined || option.ProgramId === classProgram) &&
			(scheduleId === undefined || option.ProgramId === scheduleProgram) &&
			(!serviceIds || serviceIds.some((id) => id === String(option.Id) || id === String(option.ProductId))),
	);
	return viewPage(call, 'Services', rows, (option) => serviceView(site, option));
}

const optionByBarcode = (call: RestCall, barcode: string | number | undefined): PricingOption | undefined =>
	barcode === undefined || barcode === null
		? undefined
		: call.site.saleRecords.pricingOptions.find(
				(option) => String(option.ProductId) === String(barcode) || String(option.Id) === String(barcode),
			);

interface PriceChange {
	BarcodeId?: string;
	Price?: number;
	OnlinePrice?: number;
}

/**
 * Every change is checked before any price moves. A list body's messages name the entry
 * (`body[1].BarcodeId`), a single change's the field alone.
 */
function checkPriceChanges<T>(
	changes: PriceChange | PriceChange[],
	find: (barcode: string | undefined) => T | undefined,
	what: string,
): Array<[T, PriceChange]> | SandboxResponse {
	const list = Array.isArray(changes) ? changes : [changes];
	const field = (index: number, name: string) => (Array.isArray(changes) ? `body[${index}].${name}` : name);
	const found: Array<[T, PriceChange]> = [];
	for (const [index, change] of list.entries()) {
		if (!change.BarcodeId) return v6Error(400, 'MissingRequiredFields', `${field(index, 'BarcodeId')} is required.`);
		if (change.Price === undefined && change.OnlinePrice === undefined) {
			const fields = `${field(index, 'Price')} or ${field(index, 'OnlinePrice')}`;
			return v6Error(400, 'MissingRequiredFields', `${fields} is required.`);
		}
		const record = find(change.BarcodeId);
		if (!record) {
			const message = `${field(index, 'BarcodeId')}: no ${what} has barcode ${change.BarcodeId}.`;
			return v6Error(400, 'InvalidBarcodeId', message);
		}
		found.push([record, change]);
	}
	return found;
}

function applyPrice(record: { Price: number; OnlinePrice: number }, change: PriceChange): void {
	if (change.Price !== undefined && change.Price !== null) record.Price = round2(change.Price);
	if (change.OnlinePrice !== undefined && change.OnlinePrice !== null) record.OnlinePrice = round2(change.OnlinePrice);
}

function updateServicePrices(call: RestCall): SandboxResponse {
	const checked = checkPriceChanges(
		call.body as PriceChange[],
		(barcode) => optionByBarcode(call, barcode),
		'pricing option',
	);
	if (isAnswer(checked)) return checked;
	for (const [option, change] of checked) {
		applyPrice(option, change);
		option.LastModifiedDateTime = isoAt(call.now);
	}
	return v6Json({ Services: checked.map(([option]) => serviceView(call.site, option)) });
}

function updatePricingOption(call: RestCall): SandboxResponse {
	const body = call.body as {
		ProductId: number;
		Name?: string;
		Price?: number;
		OnlinePrice?: number;
		Count?: number;
		SellOnline?: boolean;
		RevenueCategory?: string;
		Discontinued?: boolean;
		MembershipId?: number;
		SellAtLocationIds?: number[];
		UseAtLocationIds?: number[];
		ExpirationUnit?: string;
		ExpirationLength?: number;
	};
	const option = optionByBarcode(call, body.ProductId);
	if (!option) return v6Error(404, 'PricingOptionNotFound', `Pricing option ${body.ProductId} was not found.`);
	for (const field of ['Price', 'OnlinePrice'] as const) {
		if (body[field] !== undefined && body[field]! < 0)
			return v6Error(400, 'InvalidParameter', `${field} must not be negative.`);
	}
	const memberships = call.site.saleRecords.memberships;
	if (
		body.MembershipId !== undefined &&
		body.MembershipId !== null &&
		body.MembershipId !== -1 &&
		!byId(memberships, body.MembershipId)
	) {
		return v6Error(400, 'InvalidParameter', `Membership ${body.MembershipId} was not found.`);
	}
	const locations = [...(body.SellAtLocationIds ?? []), ...(body.UseAtLocationIds ?? [])];
	const unknown = locations.find((id) => !byId(call.site.locations, id));
	if (unknown !== undefined) return v6Error(400, 'InvalidParameter', `Location ${unknown} was not found.`);
	const unit = body.ExpirationUnit?.toLowerCase();
	if (unit !== undefined && unit !== 'days' && unit !== 'months') {
		return v6Error(400, 'InvalidParameter', 'ExpirationUnit must be Days or Months.');
	}
	applyPrice(option, body);
	if (body.Name !== undefined && body.Name !== null) option.Name = body.Name;
	if (body.Count !== undefined && body.Count !== null) option.Count = body.Count;
	if (body.SellOnline !== undefined && body.SellOnline !== null) option.SellOnline = body.SellOnline;
	if (body.RevenueCategory) option.RevenueCategory = body.RevenueCategory;
	if (body.Discontinued !== undefined && body.Discontinued !== null) option.Discontinued = body.Discontinued;
	if (body.MembershipId !== undefined && body.MembershipId !== null && body.MembershipId !== -1) {
		option.MembershipId = body.MembershipId;
	}
	if (body.SellAtLocationIds) option.SellAtLocationIds = [...body.SellAtLocationIds];
	if (body.UseAtLocationIds) option.UseAtLocationIds = [...body.UseAtLocationIds];
	if (body.ExpirationLength) option.ExpirationDays = body.ExpirationLength * (unit === 'months' ? 30 : 1);
	option.LastModifiedDateTime = isoAt(call.now);
	return v6Json(serviceView(call.site, option));
}

// ---- products ----

export const productByBarcode = (call: RestCall, barcode: string | number | undefined): Product | undefined =>
	barcode === undefined || barcode === null
		? undefined
		: call.site.saleRecords.products.find(
				(product) =>
					product.BarcodeId.toLowerCase() === String(barcode).toLowerCase() ||
					String(product.ProductId) === String(barcode),
			);

function getProducts(call: RestCall): SandboxResponse {
	const { params } = call;
	const categoryIds = params.ints('request.categoryIds');
	const productIds = params.strs('request.productIds');
	const search = params.str('request.searchText')?.toLowerCase();
	const onlineOnly = params.bool('request.sellOnline') ?? false;
	// The seeded products have no subcategory or secondary category.
	const bySubcategory =
		params.ints('request.subCategoryIds')?.length || params.ints('request.secondaryCategoryIds')?.length;
	const rows = call.site.saleRecords.products.filter(
		(product) =>
			!bySubcategory &&
			(!categoryIds || categoryIds.includes(product.CategoryId)) &&
			(!productIds || productIds.some((id) => productByBarcode(call, id) === product)) &&
			(!search || product.Name.toLowerCase().includes(search)) &&
			(!onlineOnly || product.SellOnline),
	);
	return viewPage(call, 'Products', rows, productView);
}

function updateProductPrices(call: RestCall): SandboxResponse {
	const checked = checkPriceChanges(
		call.body as PriceChange[],
		(barcode) => productByBarcode(call, barcode),
		'product',
	);
	if (isAnswer(checked)) return checked;
	for (const [product, change] of checked) applyPrice(product, change);
	const products = checked.map(([product]) => productView(product));
	return v6Json({
		PaginationResponse: {
			RequestedLimit: products.length,
			RequestedOffset: 0,
			PageSize: products.length,
			TotalResults: products.length,
		},
		Products: products,
	});
}

function updateProductPrice(call: RestCall): SandboxResponse {
	const body = call.body as PriceChange;
	const checked = checkPriceChanges(body, (barcode) => productByBarcode(call, barcode), 'product');
	if (isAnswer(checked)) return checked;
	const [[product]] = checked;
	if ((body.Price ?? 0) < 0 || (body.OnlinePrice ?? 0) < 0)
		return v6Error(400, 'InvalidParameter', 'Prices must not be negative.');
	applyPrice(product, body);
	return v6Json({ Product: productView(product) });
}

function getInventory(call: RestCall): SandboxResponse {
	const { params } = call;
	const barcodes = params.strs('request.barcodeIds')?.map((id) => id.toLowerCase());
	const productIds = params.strs('request.productIds');
	const locationIds = params.ints('request.locationIds');
	const rows = call.site.saleRecords.products.flatMap((product) =>
		product.Inventory.filter(
			(row) =>
				(!barcodes || barcodes.includes(product.BarcodeId.toLowerCase())) &&
				(!productIds || productIds.includes(String(product.ProductId))) &&
				(!locationIds || locationIds.includes(row.LocationId)),
		).map((row) => ({
			ProductId: product.ProductId,
			BarcodeId: product.BarcodeId,
			LocationId: row.LocationId,
			UnitsLogged: row.UnitsLogged,
			UnitsSold: row.UnitsSold,
			UnitsInStock: row.UnitsInStock,
			ReorderLevel: row.ReorderLevel,
			MaxLevel: row.MaxLevel,
			CreatedDateTimeUTC: row.CreatedDateTime,
			ModifiedDateTimeUTC: row.ModifiedDateTime,
		})),
	);
	return viewPage(call, 'ProductsInventory', rows, (row) => row);
}

// ---- packages and gift cards ----

function getPackages(call: RestCall): SandboxResponse {
	const ids = call.params.ints('request.packageIds');
	const onlineOnly = call.params.bool('request.sellOnline') ?? false;
	const rows = call.site.saleRecords.packages.filter(
		(pack) => (!ids || ids.includes(pack.Id)) && (!onlineOnly || pack.SellOnline),
	);
	return viewPage(call, 'Packages', rows, (pack) => packageView(call.site, pack));
}

function getGiftCards(call: RestCall): SandboxResponse {
	const ids = call.params.ints('request.ids');
	const onlineOnly = call.params.bool('request.soldOnline') ?? false;
	const locationId = call.params.int('request.locationId');
	const custom = call.params.bool('request.includeCustomLayouts') ?? false;
	const soldThere = locationId === undefined || call.site.locations.some((location) => location.Id === locationId);
	const rows = call.site.saleRecords.giftCards.filter(
		(card) => soldThere && (!ids || ids.includes(card.Id)) && (!onlineOnly || card.SellOnline),
	);
	return viewPage(call, 'GiftCards', rows, (card) => giftCardView(call.site, card, custom));
}

function getGiftCardBalance(call: RestCall): SandboxResponse {
	const barcode = call.params.str('barcodeId');
	if (!barcode) return v6Error(400, 'MissingRequiredFields', 'barcodeId is required.');
	const card = findIssuedGiftCard(call.site, barcode);
	if (!card) return v6Error(404, 'GiftCardNotFound', `Gift card ${barcode} was not found.`);
	return v6Json({ BarcodeId: card.BarcodeId, RemainingBalance: card.Voided ? 0 : card.Balance });
}

// ---- contracts ----

function getContracts(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const locationId = params.int('request.locationId')!;
	if (!byId(site.locations, locationId))
		return v6Error(400, 'InvalidLocation', `Location ${locationId} was not found.`);
	const uniqueClientId = params.int('request.uniqueClientId');
	if (uniqueClientId !== undefined && !findClient(site, null, uniqueClientId)) {
		return v6Error(404, 'ClientNotFound', `Client ${uniqueClientId} was not found.`);
	}
	const code = params.str('request.promoCode');
	const promo = code ? findPromo(call, code, false) : undefined;
	if (promo && isAnswer(promo)) return promo;
	const ids = params.ints('request.contractIds');
	const onlineOnly = params.bool('request.soldOnline') ?? false;
	const rows = site.saleRecords.contracts.filter(
		(contract) => (!ids || ids.includes(contract.Id)) && (!onlineOnly || contract.SoldOnline),
	);
	return viewPage(call, 'Contracts', rows, (contract) =>
		contractView(site, contract, promo ? promoDiscount(promo, contract.FirstPayment) : 0),
	);
}

// ---- cards and payment methods ----

const getAcceptedCardTypes = (): SandboxResponse => v6Json([...ACCEPTED_CARD_TYPES]);

function getAlternativePaymentMethods(call: RestCall): SandboxResponse {
	const clientId = call.params.str('request.clientId');
	if (clientId && !findClient(call.site, clientId))
		return v6Error(404, 'ClientNotFound', `Client ${clientId} was not found.`);
	const locationId = call.params.int('request.locationId');
	if (locationId !== undefined && !byId(call.site.locations, locationId)) {
		return v6Error(400, 'InvalidLocation', `Location ${locationId} was not found.`);
	}
	return v6Json({ PaymentMethods: ALTERNATIVE_METHODS.map(({ Id, Name }) => ({ Id, Name })) });
}

const getCustomPaymentMethods = (call: RestCall): SandboxResponse =>
	viewPage(call, 'PaymentMethods', CUSTOM_METHODS, ({ Id, Name }) => ({ Id, Name }));

export const saleCatalogueHandlers = {
	GetServices: getServices,
	UpdateServices: updateServicePrices,
	UpdatePricingOption: updatePricingOption,
	GetProducts: getProducts,
	UpdateProducts: updateProductPrices,
	UpdateProductPrice: updateProductPrice,
	GetProductsInventory: getInventory,
	GetPackages: getPackages,
	GetGiftCards: getGiftCards,
	GetGiftCardBalance: getGiftCardBalance,
	GetContracts: getContracts,
	GetAcceptedCardTypes: getAcceptedCardTypes,
	GetAlternativePaymentMethods: getAlternativePaymentMethods,
	GetCustomPaymentMethods: getCustomPaymentMethods,
};
