import { createHash } from 'node:crypto';

import type { SandboxResponse } from '../../context';
import { DAY, DAY_NAMES, HOUR, isoAt, parseWhen, startOfDay } from '../../data/dates';
import { takeId } from '../../data/generate';
import type { PromoCode, SiteData } from '../../data/types';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { missing } from './clientAccess';
import type { Fields } from './clientFields';
import { instantOf } from '../../data/zones';
import {
	locationV6View,
	paymentTypeRows,
	programV6View,
	sessionTypeRows,
	sessionTypeV6View,
	siteV6View,
} from './siteViews';

/** The site's lists and settings, from the site's state; promo codes are the site's promo codes. */

const invalid = (message: string) => v6Error(400, 'InvalidParameter', message);

/** `request.active`: true only active rows, false only inactive ones, absent all. */
const byActive = (active: boolean | undefined) => (isActive: boolean) => active === undefined || isActive === active;

export function getActivationCode(call: RestCall): SandboxResponse {
	const id = Math.abs(call.siteId);
	const code = createHash('sha256').update(`activation ${call.siteId}`).digest('hex').slice(0, 6).toUpperCase();
	return v6Json({
		ActivationCode: code,
		ActivationLink: `https://sandbox.example/sites/${id}/activate?code=${code}`,
	});
}

/**
 * GET /site/categories: service categories (the business's categories and their subcategories)
 * and product revenue categories; active, service, categoryIds and subCategoryIds filter.
 */
export function getCategories(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const ids = params.ints('request.categoryIds');
	const subIds = params.ints('request.subCategoryIds');
	const service = params.bool('request.service');
	const active = byActive(params.bool('request.active'));
	const services = site.categories.map((category) => ({
		Id: category.Id,
		CategoryName: category.Name,
		Description: `${category.Name} services`,
		Service: true,
		Active: category.Active,
		IsPrimary: true,
		IsSecondary: false,
		CreatedDateTimeUTC: null,
		ModifiedDateTimeUTC: null,
		SubCategories: site.subcategories
			.filter((sub) => sub.CategoryId === category.Id && (!subIds || subIds.includes(sub.Id)))
			.map((sub) => ({ Id: sub.Id, SubCategoryName: sub.Name, Active: sub.Active })),
	}));
	const products = site.revenueCategories
		.filter((category) => category.Name !== 'Services')
		.map((category) => ({
			Id: category.Id,
			CategoryName: category.Name,
			Description: `${category.Name} revenue`,
			Service: false,
			Active: true,
			IsPrimary: false,
			IsSecondary: true,
			CreatedDateTimeUTC: null,
			ModifiedDateTimeUTC: null,
			SubCategories: [],
		}));
	const rows = [...products, ...services]
		.filter(
			(row) =>
				active(row.Active) &&
				(service === undefined || row.Service === service) &&
				(!ids || ids.includes(row.Id)) &&
				(!subIds || row.SubCategories.length > 0),
		)
		.sort((a, b) => a.Id - b.Id);
	return v6Page(
		call,
		'Categories',
		rows.map((row) => ({ ...row, TotalCount: row.SubCategories.length })),
	);
}

export function getGenders(call: RestCall): SandboxResponse {
	return v6Json({ GenderOptions: call.site.clientRecords.genders.map((gender) => ({ ...gender })) });
}

export function getLiabilityWaiver(call: RestCall): SandboxResponse {
	const name = call.site.settings.Name;
	return v6Json({
		LiabilityWaiver:
			`I understand that the activities offered by ${name} involve physical exertion and a risk of injury. ` +
			`I take part voluntarily and release ${name}, its staff and instructors from liability for any injury, ` +
			'except where caused by their negligence.',
	});
}

export function getLocations(call: RestCall): SandboxResponse {
	const { site } = call;
	return v6Page(
		call,
		'Locations',
		site.locations.filter((location) => location.Active).map((location) => locationV6View(site, location)),
	);
}

/** GET /site/memberships: the site's memberships (site.saleRecords.memberships). */
export function getMemberships(call: RestCall): SandboxResponse {
	const { site } = call;
	const ids = call.params.ints('request.membershipIds');
	const programs = site.programs.filter((program) => program.ScheduleType === 'Class');
	const rows = site.saleRecords.memberships
		.filter((membership) => !ids || ids.includes(membership.Id))
		.map((membership, index) => ({
			MembershipId: membership.Id,
			MembershipName: membership.Name,
			Priority: index + 1,
			MemberRetailDiscount: 10,
			MemberServiceDiscount: 0,
			AllowClientsToScheduleUnpaid: false,
			OnlineBookingRestrictedToMembersOnly: index === 0 ? [] : programs.map((p) => ({ Id: p.Id, Name: p.Name })),
			DayOfMonthSchedulingOpensForNextMonth: null,
			RestrictSelfSignInToMembersOnly: false,
			AllowMembersToBookAppointmentsWithoutPaying: false,
			AllowMembersToPurchaseNonMembersServices: true,
			AllowMembersToPurchaseNonMembersProducts: true,
			IsActive: membership.Active,
		}));
	return v6Json({ Memberships: rows });
}

export function getMobileProviders(call: RestCall): SandboxResponse {
	const active = byActive(call.params.bool('request.active'));
	return v6Json({
		MobileProviders: call.site.clientRecords.mobileProviders
			.filter((provider) => active(provider.Active))
			.map((provider) => ({
				Id: provider.Id,
				Active: provider.Active,
				ProviderName: provider.ProviderName,
				ProviderAddress: provider.ProviderAddress,
			})),
	});
}

export function getPaymentTypes(call: RestCall): SandboxResponse {
	const active = byActive(call.params.bool('request.active'));
	return v6Json({ PaymentTypes: paymentTypeRows().filter((row) => active(row.Active)) });
}

export function getPrograms(call: RestCall): SandboxResponse {
	const type = call.params.str('request.scheduleType');
	const ids = call.params.ints('request.programIds');
	const rows = call.site.programs
		.filter(
			(program) =>
				(!type || type.toLowerCase() === 'all' || program.ScheduleType.toLowerCase() === type.toLowerCase()) &&
				(!ids || ids.includes(program.Id)),
		)
		.map(programV6View);
	return v6Page(call, 'Programs', rows);
}

// Promo codes: the same records as /Business/PromoCodes.

const ALL_DAYS = [...DAY_NAMES];

export function promoCodeV6View(code: PromoCode) {
	return {
		PromotionID: code.Id,
		Name: code.Name,
		Code: code.Code,
		Active: code.Active,
		Discount: { Type: code.Discount.Type, Amount: code.Discount.Amount },
		ActivationDate: code.ActivationDate,
		ExpirationDate: code.ExpirationDate,
		MaxUses: code.MaxUses,
		NumberOfAutopays: typeof code.NumberOfAutopays === 'number' ? code.NumberOfAutopays : null,
		DaysAfterCloseDate: code.DaysAfterCloseDate,
		AllowOnline: code.AllowOnline,
		LastModifiedDateTime: code.LastModifiedDateTime,
		DaysValid: Array.isArray(code.DaysValid) ? [...(code.DaysValid as string[])] : ALL_DAYS,
		ApplicableItems: Array.isArray(code.ApplicableItems)
			? (code.ApplicableItems as Fields[]).map((item) => ({ Type: item.Type, Id: item.Id, Name: item.Name }))
			: [],
	};
}

const isLive = (code: PromoCode, now: number) =>
	code.Active &&
	Date.parse(code.ActivationDate) <= now &&
	(code.ExpirationDate === null || now <= Date.parse(code.ExpirationDate));

/** GET /site/promocodes: activeOnly defaults to true (the document). */
export function getPromoCodes(call: RestCall): SandboxResponse {
	const { params } = call;
	const activeOnly = params.bool('request.activeOnly') ?? true;
	const onlineOnly = params.bool('request.onlineOnly') ?? false;
	const after = params.time('request.startDate');
	const before = params.time('request.endDate');
	const since = params.time('request.lastModifiedDate');
	const rows = call.site.promoCodes
		.filter((code) => {
			const activation = Date.parse(code.ActivationDate);
			return (
				(!activeOnly || isLive(code, call.now)) &&
				(!onlineOnly || code.AllowOnline) &&
				(after === undefined || activation >= after) &&
				(before === undefined || activation <= before) &&
				(since === undefined || Date.parse(code.LastModifiedDateTime) >= since)
			);
		})
		.sort((a, b) => a.Id - b.Id)
		.map(promoCodeV6View);
	return v6Page(call, 'PromoCodes', rows);
}

const dateField = (value: unknown): string | null | undefined =>
	typeof value === 'string' ? isoAt(parseWhen(value)) : value === null ? null : undefined;

/**
 * Discount.Type: the document names "percentage/amount"; any case is read, and the site's own word
 * for a percentage (Percent, as its promo codes answer it) too.
 */
const DISCOUNT_TYPES: Readonly<Record<string, 'Percent' | 'Amount'>> = {
	percentage: 'Percent',
	percent: 'Percent',
	amount: 'Amount',
};

export function addPromoCode(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const codeText = String(body.Code).trim();
	if (site.promoCodes.some((code) => code.Code.toLowerCase() === codeText.toLowerCase()))
		return v6Error(400, 'DuplicatePromoCode', `A promo code with the code ${codeText} already exists.`);
	const discount = (body.Discount ?? {}) as Fields;
	const type = DISCOUNT_TYPES[String(discount.Type ?? 'percentage').toLowerCase()];
	if (!type) return invalid('Discount.Type must be percentage or amount.');
	const amount = typeof discount.Amount === 'number' ? discount.Amount : 0;
	if (amount < 0 || (type === 'Percent' && amount > 100)) return invalid('Discount.Amount is out of range.');
	const days = Array.isArray(body.DaysValid) ? (body.DaysValid as string[]) : undefined;
	const validDays = days?.map((day) => DAY_NAMES.find((name) => name.toLowerCase() === String(day).toLowerCase()));
	if (validDays?.some((day) => !day)) return invalid(`DaysValid must name days of the week: ${ALL_DAYS.join(', ')}.`);
	const items = Array.isArray(body.ApplicableItems) ? (body.ApplicableItems as Fields[]) : [];
	const stamp = isoAt(call.now);
	const activation = dateField(body.ActivationDate) ?? stamp;
	const expiration = dateField(body.ExpirationDate) ?? null;
	if (expiration !== null && expiration < activation)
		return invalid('ExpirationDate must not lie before ActivationDate.');
	const code: PromoCode = {
		Id: takeId(site, 'promoCodes'),
		Name: String(body.Name).trim(),
		Code: codeText,
		Active: body.Active !== false,
		Discount: { Type: type, Amount: amount },
		ActivationDate: activation,
		ExpirationDate: expiration,
		MaxUses: typeof body.MaxUses === 'number' ? body.MaxUses : null,
		NumberOfUses: 0,
		DaysAfterCloseDate: typeof body.DaysAfterCloseDate === 'number' ? body.DaysAfterCloseDate : null,
		AllowOnline: body.AllowOnline === true,
		CreationDate: stamp,
		LastModifiedDateTime: stamp,
		DaysValid: validDays ?? ALL_DAYS,
		ApplicableItems: items.map((item) => ({
			Type: typeof item.Type === 'string' ? item.Type : null,
			Id: typeof item.Id === 'number' ? item.Id : null,
			Name: typeof item.Name === 'string' ? item.Name : null,
		})),
	};
	site.promoCodes.push(code);
	return v6Json({ PromoCode: promoCodeV6View(code) });
}

export function deactivatePromoCode(call: RestCall): SandboxResponse {
	const body = call.body as Fields;
	const code = call.site.promoCodes.find((candidate) => candidate.Id === body.PromotionId);
	if (!code) return v6Error(404, 'PromoCodeNotFound', `Promo code ${String(body.PromotionId)} was not found.`);
	if (code.Active) {
		code.Active = false;
		code.LastModifiedDateTime = isoAt(call.now);
	}
	return v6Json({});
}

export function getProspectStages(call: RestCall): SandboxResponse {
	const active = byActive(call.params.bool('request.active'));
	return v6Json({
		ProspectStages: call.site.clientRecords.prospectStages
			.filter((stage) => active(stage.Active))
			.map((stage) => ({ Active: stage.Active, Description: stage.Description, Id: stage.Id })),
	});
}

export function getRelationships(call: RestCall): SandboxResponse {
	const active = byActive(call.params.bool('request.active'));
	return v6Page(
		call,
		'Relationships',
		call.site.clientRecords.relationshipTypes
			.filter((type) => active(type.Active))
			.map((type) => ({
				Id: type.Id,
				RelationshipName1: type.RelationshipName1,
				RelationshipName2: type.RelationshipName2,
			})),
	);
}

// Resources.

/** Resources serve appointments: a schedule type filter without Appointment (or All) finds none. */
function resourcesOf(call: RestCall) {
	const { params, site } = call;
	const locations = params.ints('request.locationIds');
	const ids = params.ints('request.resourceIds');
	const programs = params.ints('request.programIds');
	const types = params.strs('request.scheduleTypes');
	const serves =
		(!types || types.some((type) => ['all', 'appointment', 'resource'].includes(type.toLowerCase()))) &&
		(!programs ||
			programs.some((id) =>
				site.programs.some((program) => program.Id === id && program.ScheduleType === 'Appointment'),
			));
	return site.resources.filter(
		(resource) =>
			serves && (!locations || locations.includes(resource.LocationId)) && (!ids || ids.includes(resource.Id)),
	);
}

export function getResources(call: RestCall): SandboxResponse {
	return v6Page(
		call,
		'Resources',
		resourcesOf(call).map((resource) => ({ Id: resource.Id, Name: resource.Name, LocationId: resource.LocationId })),
	);
}

/** Opening hours of the rooms. */
const OPEN = { from: 7 * HOUR, to: 21 * HOUR };

const MAX_RESOURCE_DAYS = 31;

/**
 * GET /site/resourceavailabilities: each resource's free windows per day, between opening hours,
 * outside the appointments that use it. endDate defaults to startDate, startDate to today.
 */
export function getResourceAvailabilities(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const first = startOfDay(params.time('request.startDate') ?? call.now);
	const last = startOfDay(params.time('request.endDate') ?? first);
	if (last < first) return invalid('request.endDate must not lie before request.startDate.');
	if ((last - first) / DAY >= MAX_RESOURCE_DAYS)
		return invalid(`The range may span at most ${MAX_RESOURCE_DAYS} days.`);
	const rows: Array<{ ResourceId: number; StartDateTime: string; EndDateTime: string }> = [];
	for (const resource of resourcesOf(call)) {
		for (let day = first; day <= last; day += DAY) {
			// Opening hours are the site's wall clock.
			const [opens, closes] = [OPEN.from, OPEN.to].map((at) => instantOf(site.settings.TimeZone, day + at));
			const busy = site.appointments
				.filter((a) => a.Status !== 'Cancelled' && a.ResourceIds.includes(resource.Id))
				.map((a) => [Date.parse(a.StartDateTime), Date.parse(a.EndDateTime)] as const)
				.filter(([start, end]) => start < closes && end > opens)
				.sort((a, b) => a[0] - b[0]);
			let free = opens;
			for (const [start, end] of busy) {
				if (start > free) rows.push({ ResourceId: resource.Id, StartDateTime: isoAt(free), EndDateTime: isoAt(start) });
				free = Math.max(free, end);
			}
			if (free < closes) rows.push({ ResourceId: resource.Id, StartDateTime: isoAt(free), EndDateTime: isoAt(closes) });
		}
	}
	return v6Page(call, 'ResourceAvailabilities', rows);
}

/** GET /site/sessiontypes: appointment types and the class and enrollment session types. */
export function getSessionTypes(call: RestCall): SandboxResponse {
	const { site } = call;
	const onlineOnly = call.params.bool('request.onlineOnly') ?? false;
	const programs = call.params.ints('request.programIDs');
	const rows = sessionTypeRows(site)
		.filter((row) => (!onlineOnly || row.Online) && (!programs || programs.includes(row.ProgramId)))
		.map((row) => sessionTypeV6View(site, row));
	return v6Page(call, 'SessionTypes', rows);
}

/** GET /site/sites: the sites the API key reaches. */
export function getSites(call: RestCall): SandboxResponse {
	const ids = call.params.ints('request.siteIds');
	const leads = call.params.bool('request.includeLeadChannels') ?? false;
	const perStaff = call.params.bool('request.includePerStaffPricing') ?? false;
	const rows = call.account.siteIds
		.filter((id) => !ids || ids.includes(id))
		.flatMap((id) => {
			const site = call.store.site(id);
			return site ? [siteV6View(site, leads, perStaff)] : [];
		});
	return v6Page(call, 'Sites', rows);
}

// Client indexes (the site's settings).

const INDEX_FLAGS = [
	'Active',
	'ShowOnNewClient',
	'ShowOnEnrollmentRoster',
	'EditOnEnrollmentRoster',
	'ShowInConsumerMode',
	'RequiredConsumerMode',
	'RequiredBizMode',
] as const;

function indexAnswer(index: SiteData['clientRecords']['indexes'][number]) {
	return {
		ClientIndexID: index.Id,
		ClientIndexName: index.Name,
		Active: index.Active,
		ShowOnNewClient: index.ShowOnNewClient,
		ShowOnEnrollmentRoster: index.ShowOnEnrollmentRoster,
		EditOnEnrollmentRoster: index.EditOnEnrollmentRoster,
		SortOrder: index.SortOrder,
		ShowInConsumerMode: index.ShowInConsumerMode,
		RequiredConsumerMode: index.RequiredConsumerMode,
		RequiredBizMode: index.RequiredBizMode,
	};
}

function nameTaken(site: SiteData, name: string, exceptId?: number) {
	return site.clientRecords.indexes.some(
		(index) => index.Id !== exceptId && index.Name.toLowerCase() === name.toLowerCase(),
	);
}

export function addClientIndex(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const name = String(body.ClientIndexName).trim();
	if (nameTaken(site, name))
		return v6Error(400, 'DuplicateClientIndex', `A client index named ${name} already exists.`);
	const indexes = site.clientRecords.indexes;
	const id = indexes.reduce((max, index) => Math.max(max, index.Id), 0) + 1;
	const index = {
		Id: id,
		Name: name,
		Active: true,
		ShowOnNewClient: false,
		ShowOnEnrollmentRoster: false,
		EditOnEnrollmentRoster: false,
		SortOrder: typeof body.SortOrder === 'number' ? body.SortOrder : id,
		ShowInConsumerMode: false,
		RequiredConsumerMode: false,
		RequiredBizMode: false,
		Values: [],
	};
	for (const flag of INDEX_FLAGS) if (typeof body[flag] === 'boolean') index[flag] = body[flag] as boolean;
	indexes.push(index);
	return v6Json(indexAnswer(index));
}

export function updateClientIndex(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const index = byId(site.clientRecords.indexes, body.ClientIndexID as number);
	if (!index) return v6Error(404, 'ClientIndexNotFound', `Client index ${String(body.ClientIndexID)} was not found.`);
	const name = String(body.ClientIndexName).trim();
	if (!name) return missing('ClientIndexName');
	if (nameTaken(site, name, index.Id))
		return v6Error(400, 'DuplicateClientIndex', `A client index named ${name} already exists.`);
	index.Name = name;
	if (typeof body.SortOrder === 'number') index.SortOrder = body.SortOrder;
	for (const flag of INDEX_FLAGS) if (typeof body[flag] === 'boolean') index[flag] = body[flag] as boolean;
	return v6Json(indexAnswer(index));
}
