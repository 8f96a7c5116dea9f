import { PAYMENT_METHODS } from '../../data/names';
import type { AppointmentType, Location, Program, SiteData } from '../../data/types';
import type { RestCall } from '../call';
import { byId } from '../views';

/**
 * The document's site records (Location, Program, SessionType, Site, PaymentType) built from a
 * site's state. Other areas show a location or program the same way through these.
 */

/** Sales tax of the sandbox's (Californian) locations: Tax1 is the state rate. */
const TAX_RATES = [0.0725, 0.01, 0, 0, 0];

export function locationV6View(site: SiteData, location: Location) {
	return {
		AdditionalImageURLs: [],
		Address: location.AddressLine1,
		Address2: location.AddressLine2,
		Amenities: [],
		BusinessDescription: `${site.settings.Name}: yoga, pilates, massage and skin care.`,
		City: location.City,
		Description: location.Description,
		HasClasses: location.HasClasses,
		Id: location.Id,
		Latitude: location.Latitude,
		Longitude: location.Longitude,
		Name: location.Name,
		Phone: location.Phone,
		PhoneExtension: '',
		PostalCode: location.PostalCode,
		SiteID: site.settings.Id,
		StateProvCode: location.StateProvCode,
		Tax1: TAX_RATES[0],
		Tax2: TAX_RATES[1],
		Tax3: TAX_RATES[2],
		Tax4: TAX_RATES[3],
		Tax5: TAX_RATES[4],
		TotalNumberOfRatings: 0,
		AverageRating: 0,
		TotalNumberOfDeals: 0,
	};
}

/** A client's home location: 0 means every location (valid on update or staff-level creation). */
export function homeLocationView(site: SiteData, locationId: number) {
	if (locationId === 0) return { Id: 0, Name: 'All Locations', SiteID: site.settings.Id };
	const location = byId(site.locations, locationId);
	return location ? locationV6View(site, location) : null;
}

/**
 * Hours before a class or appointment after which cancelling is late: one figure for every program,
 * wherever a program is shown (GET /site/programs, a class, a client service).
 */
export const CANCEL_OFFSET_HOURS = 12;

/** A program in the document's shape: the one view of it, inside every answer that holds one. */
export function programV6View(program: Program) {
	return {
		Id: program.Id,
		Name: program.Name,
		ScheduleType: program.ScheduleType,
		CancelOffset: CANCEL_OFFSET_HOURS,
		ContentFormats: [...program.ContentFormats],
		PricingRelationships: { PaysFor: [], PaidBy: [] },
	};
}

/**
 * Session types: every active appointment type, and one class (or enrollment) session type per
 * program that class descriptions (or enrollments) belong to, numbered CLASS_SESSION_TYPE_BASE +
 * the program's id.
 */
export const CLASS_SESSION_TYPE_BASE = 2000;

export interface SessionTypeRow {
	Type: 'Appointment' | 'Class' | 'Enrollment';
	DefaultTimeLength: number;
	Id: number;
	Name: string;
	OnlineDescription: string;
	NumDeducted: number;
	ProgramId: number;
	CategoryId: number | null;
	SubcategoryId: number | null;
	AvailableForAddOn: boolean;
	/** Bookable online. */
	Online: boolean;
}

export const classSessionTypeId = (programId: number) => CLASS_SESSION_TYPE_BASE + programId;

function appointmentSessionType(type: AppointmentType): SessionTypeRow {
	return {
		Type: 'Appointment',
		DefaultTimeLength: type.DurationMinutes,
		Id: type.Id,
		Name: type.Name,
		OnlineDescription: type.Description,
		NumDeducted: 1,
		ProgramId: type.ProgramId,
		CategoryId: type.CategoryId,
		SubcategoryId: type.SubcategoryId,
		AvailableForAddOn: type.IsAddOn,
		Online: type.ConsumerMode,
	};
}

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60000);

function scheduledSessionTypes(site: SiteData): SessionTypeRow[] {
	return site.programs
		.filter((program) => program.ScheduleType !== 'Appointment')
		.flatMap((program): SessionTypeRow[] => {
			const descriptions = site.classDescriptions.filter((d) => d.ProgramId === program.Id);
			const enrollments = site.enrollments.filter((e) => e.ProgramId === program.Id);
			if (!descriptions.length && !enrollments.length) return [];
			const instance = site.classes.find((c) => descriptions.some((d) => d.Id === c.ClassDescriptionId));
			return [
				{
					Type: program.ScheduleType === 'Enrollment' ? 'Enrollment' : 'Class',
					DefaultTimeLength: instance ? minutesBetween(instance.StartDateTime, instance.EndDateTime) : 60,
					Id: classSessionTypeId(program.Id),
					Name: program.Name,
					OnlineDescription: `${program.Name} at ${site.settings.Name}`,
					NumDeducted: 1,
					ProgramId: program.Id,
					CategoryId: descriptions[0]?.CategoryId ?? null,
					SubcategoryId: descriptions[0]?.SubcategoryId ?? null,
					AvailableForAddOn: false,
					Online: true,
				},
			];
		});
}

/** Every active session type of the site, appointments first. */
export function sessionTypeRows(site: SiteData): SessionTypeRow[] {
	return [
		...site.appointmentTypes.filter((type) => type.Active).map(appointmentSessionType),
		...scheduledSessionTypes(site),
	];
}

export function sessionTypeV6View(site: SiteData, row: SessionTypeRow) {
	return {
		Type: row.Type,
		DefaultTimeLength: row.DefaultTimeLength,
		StaffTimeLength: null,
		Id: row.Id,
		Name: row.Name,
		OnlineDescription: row.OnlineDescription,
		NumDeducted: row.NumDeducted,
		ProgramId: row.ProgramId,
		Category: byId(site.categories, row.CategoryId ?? undefined)?.Name ?? null,
		CategoryId: row.CategoryId,
		Subcategory: byId(site.subcategories, row.SubcategoryId ?? undefined)?.Name ?? null,
		SubcategoryId: row.SubcategoryId,
		AvailableForAddOn: row.AvailableForAddOn,
	};
}

/** Sites marked inactive through the admin API (rule 16: excludeInactiveSites). */
const inactiveSites = new WeakSet<SiteData>();

export const isSiteActive = (site: SiteData) => !inactiveSites.has(site);

export function setSiteActive(site: SiteData, active: boolean): void {
	if (active) inactiveSites.delete(site);
	else inactiveSites.add(site);
}

/** The other sites of the calling site's region (sites -99 and -98 share region 1). */
export function otherRegionSites(call: RestCall): SiteData[] {
	return [...call.store.sites.values()].filter(
		(site) => site !== call.site && site.settings.RegionId === call.site.settings.RegionId,
	);
}

const PAGE_COLORS = ['#2E5E4E', '#F2EDE4', '#C8553D', '#1B1B1B'];

export function siteV6View(site: SiteData, leadChannels: boolean, perStaffPricing: boolean) {
	const id = site.settings.Id;
	return {
		AcceptsAmericanExpress: true,
		AcceptsDiscover: false,
		AcceptsMasterCard: true,
		AcceptsVisa: true,
		AllowsDashboardAccess: true,
		ContactEmail: `studio${Math.abs(id)}@sandbox.example`,
		Description: `${site.settings.Name}: yoga, pilates, massage and skin care.`,
		Id: id,
		LogoUrl: `https://sandbox.example/sites/${Math.abs(id)}/logo.png`,
		Name: site.settings.Name,
		PageColor1: PAGE_COLORS[0],
		PageColor2: PAGE_COLORS[1],
		PageColor3: PAGE_COLORS[2],
		PageColor4: PAGE_COLORS[3],
		PricingLevel: 'Accelerate',
		SmsPackageEnabled: false,
		TaxInclusivePrices: false,
		CurrencyIsoCode: 'USD',
		CountryCode: 'US',
		TimeZone: site.settings.TimeZone,
		AcceptsDirectDebit: true,
		...(leadChannels
			? {
					LeadChannels: ['Website', 'Instagram', 'Walk-in'].map((Name, index) => ({
						Id: index + 1,
						Name,
						SalespipelineId: 1,
						UniversalCustomerId: null,
						StudioId: id,
					})),
				}
			: {}),
		...(perStaffPricing ? { PerStaffPricing: false } : {}),
	};
}

/** Payment types are the payment methods sales are paid with (ids agree with checkout's). */
export const paymentTypeRows = () =>
	PAYMENT_METHODS.map((method) => ({
		Id: method.MethodId,
		PaymentTypeName: method.MethodName,
		Active: true,
		Fee: 0,
	}));
