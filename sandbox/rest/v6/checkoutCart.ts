import type { Visit } from '../../data/classRecords';
import type { GiftCard, PricingOption, Product, SalePackage } from '../../data/saleRecords';
import type { Appointment, ClassInstance, Client, PromoCode } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error } from '../../v6/answers';
import { conflictsOf, resolveSlot, type Slot } from '../booking';
import type { RestCall } from '../call';
import { byId } from '../views';
import { findIssuedGiftCard } from './checkoutPayments';
import { productByBarcode } from './saleCatalogue';
import { findPromo, isAnswer, metaNumber, metaText, promoDiscount, round2 } from './saleLookups';
import { localInput } from '../../data/zones';
import { priceOf } from './saleViews';

/**
 * A checkout's cart, priced and checked without changing anything: every item (pricing options
 * with the classes and appointments they pay for, products, packages, gift cards, tips), item
 * discounts, the promotion code, tax and the totals. Tax is added unless CalculateTax is false: the
 * document gives the field's default as true.
 */

/** CalculateTax left out (or null) means true, the document's default. */
export const taxesCart = (request: CartRequest) => request.CalculateTax !== false;

/** Limits: notes on product sales in checkout, 255 characters (rest-api.md). */
export const SALES_NOTES_MAX = 255;

export interface CartItemWrapper {
	Item?: { Type?: string; Metadata?: unknown } | null;
	SalesNotes?: string | null;
	DiscountAmount?: number | null;
	AppointmentBookingRequests?: Array<{
		StaffId?: number;
		LocationId?: number;
		SessionTypeId?: number;
		StartDateTime?: string;
		EndDateTime?: string;
		Resources?: Array<{ Id?: number }>;
	}> | null;
	ClassIds?: number[] | null;
	VisitIds?: number[] | null;
	AppointmentIds?: number[] | null;
	EnrollmentIds?: number[] | null;
	CourseIds?: number[] | null;
	Id?: number | null;
	Quantity?: number | null;
}

export interface CartRequest {
	Items?: CartItemWrapper[];
	LocationId?: number | null;
	PromotionCode?: string | null;
	CalculateTax?: boolean | null;
	EnforceLocationRestrictions?: boolean | null;
}

export type LineType = 'Service' | 'Product' | 'Package' | 'Tip' | 'GiftCard';

export interface GiftLine {
	card: GiftCard;
	value: number;
	barcodeId: string | null;
	recipientEmail: string | null;
	recipientName: string | null;
	layoutId: number;
}

export interface CartLine {
	/** The item's id in the cart (CartItem.Id). */
	id: number;
	type: LineType;
	name: string;
	itemId: number;
	barcodeId: string | null;
	quantity: number;
	unitPrice: number;
	discount: number;
	taxRate: number;
	tax: number;
	total: number;
	notes: string | null;
	option?: PricingOption;
	product?: Product;
	pack?: SalePackage;
	gift?: GiftLine;
	classes: ClassInstance[];
	slots: Array<Slot & { resourceIds: number[] }>;
	visits: Visit[];
	appointments: Appointment[];
}

export interface PricedCart {
	lines: CartLine[];
	/** The location of business-mode prices; null: the online store. */
	locationId: number | null;
	promo: PromoCode | null;
	subTotal: number;
	discountTotal: number;
	taxTotal: number;
	grandTotal: number;
}

const bad = (code: string, message: string) => v6Error(400, code, message);

const onlineBlock = (path: string, name: string) =>
	bad(
		'ItemNotSoldOnline',
		`${path}: ${name} is not sold in the online store (send LocationId to sell it in business mode).`,
	);

/** The classes, appointments and visits a pricing option item pays for, each checked. */
function bookingsOf(
	call: RestCall,
	path: string,
	wrapper: CartItemWrapper,
	option: PricingOption,
	client: Client | undefined,
	defaultLocation: number | null,
): Pick<CartLine, 'classes' | 'slots' | 'visits' | 'appointments'> | SandboxResponse {
	const { site } = call;
	const classes: ClassInstance[] = [];
	for (const classId of wrapper.ClassIds ?? []) {
		const instance = byId(site.classes, classId);
		if (!instance) return bad('ClassNotFound', `${path}.ClassIds: class ${classId} was not found.`);
		const programId = byId(site.classDescriptions, instance.ClassDescriptionId)?.ProgramId;
		if (programId !== option.ProgramId) {
			return bad('InvalidClassForPricingOption', `${path}.ClassIds: ${option.Name} cannot pay for class ${classId}.`);
		}
		if (instance.IsCanceled) return bad('ClassCancelled', `${path}.ClassIds: class ${classId} is cancelled.`);
		if (instance.TotalBooked >= instance.MaxCapacity)
			return bad('ClassFull', `${path}.ClassIds: class ${classId} is full.`);
		const booked =
			client &&
			site.classRecords.visits.some(
				(visit) =>
					visit.ClassId === classId &&
					visit.ClientId === client.Id &&
					!['Cancelled', 'LateCancelled'].includes(visit.Status),
			);
		if (booked || classes.includes(instance)) {
			return bad('ClientAlreadyBooked', `${path}.ClassIds: the client is already booked into class ${classId}.`);
		}
		classes.push(instance);
	}
	const slots: CartLine['slots'] = [];
	for (const [index, request] of (wrapper.AppointmentBookingRequests ?? []).entries()) {
		const where = `${path}.AppointmentBookingRequests[${index}]`;
		const slot = resolveSlot(site, {
			staffId: request.StaffId,
			typeId: request.SessionTypeId,
			locationId: request.LocationId ?? defaultLocation ?? undefined,
			// The document gives these in the business's time zone.
			start: localInput(site.settings.TimeZone, request.StartDateTime),
			end: localInput(site.settings.TimeZone, request.EndDateTime),
		});
		if (typeof slot === 'string') return bad('InvalidAppointment', `${where}: ${slot}`);
		if (slot.type.ProgramId !== option.ProgramId) {
			return bad('InvalidAppointmentForPricingOption', `${where}: ${option.Name} cannot pay for ${slot.type.Name}.`);
		}
		const conflict = conflictsOf(site, slot)[0];
		if (conflict) return bad('AppointmentUnavailable', `${where}: ${conflict.Message}`);
		slots.push({ ...slot, resourceIds: (request.Resources ?? []).flatMap((r) => (r.Id ? [r.Id] : [])) });
	}
	const visits: Visit[] = [];
	for (const visitId of wrapper.VisitIds ?? []) {
		const visit = site.classRecords.visits.find((v) => v.Id === visitId);
		if (!visit || (client && visit.ClientId !== client.Id)) {
			return bad('VisitNotFound', `${path}.VisitIds: visit ${visitId} of the client was not found.`);
		}
		if (visit.ClientServiceId !== null)
			return bad('VisitAlreadyPaid', `${path}.VisitIds: visit ${visitId} is already paid.`);
		visits.push(visit);
	}
	const appointments: Appointment[] = [];
	for (const appointmentId of wrapper.AppointmentIds ?? []) {
		const appointment = byId(site.appointments, appointmentId);
		if (!appointment || (client && appointment.ClientId !== client.Id)) {
			return bad(
				'AppointmentNotFound',
				`${path}.AppointmentIds: appointment ${appointmentId} of the client was not found.`,
			);
		}
		if (appointment.PaymentApplied) {
			return bad('AppointmentAlreadyPaid', `${path}.AppointmentIds: appointment ${appointmentId} is already paid.`);
		}
		appointments.push(appointment);
	}
	const quantity = wrapper.Quantity ?? 1;
	const sessions = classes.length + slots.length + visits.length + appointments.length;
	if (sessions > option.Count * quantity) {
		return bad(
			'NotEnoughSessions',
			`${path}: ${option.Name} pays for ${option.Count * quantity} sessions, ${sessions} were asked.`,
		);
	}
	return { classes, slots, visits, appointments };
}

function lineOf(
	call: RestCall,
	index: number,
	wrapper: CartItemWrapper,
	client: Client | undefined,
	locationId: number | null,
	enforceLocations: boolean,
): CartLine | SandboxResponse {
	const { site } = call;
	const records = site.saleRecords;
	const path = `Items[${index}]`;
	const online = locationId === null;
	const type = wrapper.Item?.Type;
	if (!type) return v6Error(400, 'MissingRequiredFields', `${path}.Item.Type is required.`);
	const data = wrapper.Item?.Metadata;
	const notes = wrapper.SalesNotes ?? null;
	if (notes !== null && notes.length > SALES_NOTES_MAX) {
		return v6Error(
			400,
			'InvalidParameter',
			`${path}.SalesNotes must be at most ${SALES_NOTES_MAX} characters long (it has ${notes.length}).`,
		);
	}
	const quantity = wrapper.Quantity ?? 1;
	if (!Number.isInteger(quantity) || quantity < 1)
		return bad('InvalidParameter', `${path}.Quantity must be at least 1.`);
	const discount = round2(wrapper.DiscountAmount ?? 0);
	if (discount < 0) return bad('InvalidParameter', `${path}.DiscountAmount must not be negative.`);
	const base = {
		id: wrapper.Id ?? index + 1,
		quantity,
		notes,
		barcodeId: null,
		classes: [],
		slots: [],
		visits: [],
		appointments: [],
	};
	const finish = (
		line: Omit<CartLine, 'tax' | 'total' | keyof typeof base> & Partial<CartLine>,
	): CartLine | SandboxResponse => {
		const full = { ...base, ...line, tax: 0, total: 0 } as CartLine;
		if (full.discount > full.unitPrice * full.quantity) {
			return bad('InvalidParameter', `${path}.DiscountAmount is more than the item costs.`);
		}
		return full;
	};
	switch (type.toLowerCase()) {
		case 'service': {
			const id = metaNumber(data, 'Id');
			const option = records.pricingOptions.find((o) => o.Id === id || o.ProductId === id);
			if (!option) return bad('InvalidItem', `${path}.Item.Metadata.Id: pricing option ${String(id)} was not found.`);
			if (option.Discontinued) return bad('InvalidItem', `${path}: ${option.Name} is discontinued.`);
			if (online && !option.SellOnline) return onlineBlock(path, option.Name);
			if (enforceLocations && option.SellAtLocationIds.length && !option.SellAtLocationIds.includes(locationId ?? -1)) {
				return bad('ItemNotSoldAtLocation', `${path}: ${option.Name} is not sold at location ${locationId}.`);
			}
			const bookings = bookingsOf(call, path, wrapper, option, client, locationId);
			if (isAnswer(bookings)) return bookings;
			return finish({
				type: 'Service',
				name: option.Name,
				itemId: option.Id,
				unitPrice: priceOf(option, online),
				discount,
				taxRate: option.TaxRate,
				option,
				...bookings,
			});
		}
		case 'product': {
			const id = metaText(data, 'Id');
			const product = productByBarcode(call, id);
			if (!product) return bad('InvalidItem', `${path}.Item.Metadata.Id: product ${String(id)} was not found.`);
			if (online && !product.SellOnline) return onlineBlock(path, product.Name);
			return finish({
				type: 'Product',
				name: product.Name,
				itemId: product.ProductId,
				barcodeId: product.BarcodeId,
				unitPrice: priceOf(product, online),
				discount,
				taxRate: product.TaxRate,
				product,
			});
		}
		case 'package': {
			const id = metaNumber(data, 'Id');
			const pack = byId(records.packages, id);
			if (!pack) return bad('InvalidItem', `${path}.Item.Metadata.Id: package ${String(id)} was not found.`);
			if (online && !pack.SellOnline) return onlineBlock(path, pack.Name);
			const parts = [
				...pack.PricingOptionIds.map((optionId) => byId(records.pricingOptions, optionId)!),
				...pack.ProductIds.map((productId) => byId(records.products, productId)!),
			];
			const full = parts.reduce((sum, part) => sum + priceOf(part, online), 0);
			return finish({
				type: 'Package',
				name: pack.Name,
				itemId: pack.Id,
				unitPrice: round2(full * (1 - pack.DiscountPercentage / 100)),
				// The document: DiscountAmount is ignored for packages.
				discount: 0,
				taxRate: 0,
				pack,
			});
		}
		case 'tip': {
			const amount = metaNumber(data, 'Amount');
			if (amount === undefined || amount <= 0)
				return bad('InvalidItem', `${path}.Item.Metadata.Amount must be more than 0.`);
			return finish({
				type: 'Tip',
				name: 'Tip',
				itemId: metaNumber(data, 'StaffId') ?? 0,
				unitPrice: round2(amount),
				quantity: 1,
				discount: 0,
				taxRate: 0,
			});
		}
		case 'giftcard': {
			const id = metaNumber(data, 'Id');
			const card = byId(records.giftCards, id);
			if (!card) return bad('InvalidItem', `${path}.Item.Metadata.Id: gift card ${String(id)} was not found.`);
			if (online && !card.SellOnline) return onlineBlock(path, card.Name);
			const value = metaNumber(data, 'Amount') ?? card.Value;
			if (!card.EditableByConsumer && value !== card.Value) {
				return bad('InvalidItem', `${path}.Item.Metadata.Amount: ${card.Name} holds ${card.Value.toFixed(2)}.`);
			}
			const barcodeId = metaText(data, 'BarcodeId') ?? null;
			const existing = barcodeId ? findIssuedGiftCard(site, barcodeId) : undefined;
			if (existing?.Voided) return bad('InvalidItem', `${path}: gift card ${barcodeId} was voided.`);
			return finish({
				type: 'GiftCard',
				name: card.Name,
				itemId: card.Id,
				unitPrice: card.EditableByConsumer ? value : card.SalePrice,
				quantity: 1,
				discount: 0,
				taxRate: 0,
				gift: {
					card,
					value,
					barcodeId,
					recipientEmail: metaText(data, 'RecipientEmail') ?? null,
					recipientName: metaText(data, 'RecipientName') ?? null,
					layoutId: metaNumber(data, 'LayoutId') ?? 0,
				},
			});
		}
		default:
			return bad('InvalidItemType', `${path}.Item.Type must be one of Service, Product, Package, Tip, GiftCard.`);
	}
}

/** The cart priced; `client` is undefined only for a Test cart sent without one. */
export function priceCart(
	call: RestCall,
	request: CartRequest,
	client: Client | undefined,
): PricedCart | SandboxResponse {
	const { site } = call;
	const locationId = request.LocationId ?? null;
	if (locationId !== null && !byId(site.locations, locationId)) {
		return bad('InvalidLocation', `LocationId: location ${locationId} was not found.`);
	}
	const items = request.Items ?? [];
	if (!items.length) return bad('InvalidCart', 'Items: the cart has no items.');
	const lines: CartLine[] = [];
	for (const [index, wrapper] of items.entries()) {
		const line = lineOf(call, index, wrapper, client, locationId, request.EnforceLocationRestrictions ?? false);
		if (isAnswer(line)) return line;
		lines.push(line);
	}
	let promo: PromoCode | null = null;
	if (request.PromotionCode) {
		const found = findPromo(call, request.PromotionCode, locationId === null);
		if (isAnswer(found)) return found;
		promo = found;
		// Tips and gift cards are not discounted; a fixed amount comes off the first lines first.
		const eligible = lines.filter((line) => line.type !== 'Tip' && line.type !== 'GiftCard');
		if (promo.Discount.Type === 'Percent') {
			for (const line of eligible) {
				line.discount = round2(line.discount + promoDiscount(promo, line.unitPrice * line.quantity - line.discount));
			}
		} else {
			let left = promo.Discount.Amount;
			for (const line of eligible) {
				const off = round2(Math.min(left, line.unitPrice * line.quantity - line.discount));
				line.discount = round2(line.discount + off);
				left = round2(left - off);
			}
		}
	}
	for (const line of lines) {
		const net = round2(line.unitPrice * line.quantity - line.discount);
		line.tax = taxesCart(request) ? round2(net * line.taxRate) : 0;
		line.total = round2(net + line.tax);
	}
	const sum = (pick: (line: CartLine) => number) => round2(lines.reduce((total, line) => total + pick(line), 0));
	return {
		lines,
		locationId,
		promo,
		subTotal: sum((line) => line.unitPrice * line.quantity),
		discountTotal: sum((line) => line.discount),
		taxTotal: sum((line) => line.tax),
		grandTotal: sum((line) => line.total),
	};
}
