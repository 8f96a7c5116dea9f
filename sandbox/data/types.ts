/**
 * The records of one business site, PascalCase like the real v6 API. Date-times are ISO 8601 UTC
 * strings (YYYY-MM-DDTHH:mm:ssZ), dates YYYY-MM-DD, times of day HH:mm:ss.
 */

import type { ClassRecords } from './classRecords';
import type { ClientRecords } from './clientRecords';
import type { SaleRecords } from './saleRecords';
import type {
	AppointmentType,
	Category,
	Client,
	Feature,
	Location,
	Program,
	Resource,
	SiteSettings,
	Staff,
	StaffLogin,
	Subcategory,
	Vertical,
} from './recordTypes';
import type { AutopaySuspension, ClientService, PromoCode, RevenueCategory, Sale } from './salesTypes';
import type { StaffRecords } from './staffRecords';
import type {
	AddOn,
	Appointment,
	AppointmentRequest,
	AvailabilitySchedule,
	ClassDescription,
	ClassInstance,
	ClassSchedule,
	Closure,
	Enrollment,
	Unavailability,
} from './scheduleTypes';

export type * from './recordTypes';
export type * from './salesTypes';
export type * from './scheduleTypes';

/** Everything one site holds; the REST handlers read and change it. */
export interface SiteData {
	settings: SiteSettings;
	locations: Location[];
	resources: Resource[];
	staff: Staff[];
	clients: Client[];
	verticals: Vertical[];
	categories: Category[];
	subcategories: Subcategory[];
	programs: Program[];
	appointmentTypes: AppointmentType[];
	classDescriptions: ClassDescription[];
	classSchedules: ClassSchedule[];
	classes: ClassInstance[];
	enrollments: Enrollment[];
	promoCodes: PromoCode[];
	revenueCategories: RevenueCategory[];
	sales: Sale[];
	closures: Closure[];
	features: Feature[];
	availabilities: AvailabilitySchedule[];
	unavailabilities: Unavailability[];
	appointments: Appointment[];
	addOns: AddOn[];
	appointmentRequests: AppointmentRequest[];
	clientServices: ClientService[];
	autopaySuspensions: AutopaySuspension[];
	logins: StaffLogin[];
	/** Next free id per collection. */
	nextIds: Record<string, number>;
	/** The v6 business, one set of records per area, each with its own id counters. */
	clientRecords: ClientRecords;
	staffRecords: StaffRecords;
	classRecords: ClassRecords;
	saleRecords: SaleRecords;
}

/** Collection sizes of a generated site; missing ones take the defaults. */
export interface SandboxSize {
	locations?: number;
	staff?: number;
	clients?: number;
	sales?: number;
	appointments?: number;
	appointmentRequests?: number;
	promoCodes?: number;
	classSchedules?: number;
	enrollments?: number;
	closures?: number;
}
