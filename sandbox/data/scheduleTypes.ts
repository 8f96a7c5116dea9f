export type ContentFormat = 'InPerson' | 'LiveStream:Mindbody-hosted' | 'LiveStream:Other';

/** Classes, enrollments, closures, availability, appointments and requests of a site. */

export interface ClassDescription {
	Id: number;
	Name: string;
	Description: string;
	ProgramId: number;
	CategoryId: number;
	SubcategoryId: number;
}

export interface ClassSchedule {
	Id: number;
	ClassDescriptionId: number;
	LocationId: number;
	StaffId: number;
	DaysOfWeek: string[];
	/** Times of day; null while the time is to be decided (the classes then start at midnight). */
	StartTime: string | null;
	EndTime: string | null;
	StartDate: string;
	EndDate: string;
	MaxCapacity: number;
	WebCapacity: number;
	ContentFormat: ContentFormat;
	IsActive: boolean;
}

export interface ClassInstance {
	Id: number;
	ClassScheduleId: number;
	ClassDescriptionId: number;
	LocationId: number;
	StaffId: number;
	StartDateTime: string;
	EndDateTime: string;
	MaxCapacity: number;
	WebCapacity: number;
	TotalBooked: number;
	TotalBookedWaitlist: number;
	TotalWebBooked: number;
	IsCanceled: boolean;
	IsSubstitute: boolean;
	/** Shown only to staff (V6 rule 11). */
	Hidden: boolean;
	ContentFormat: ContentFormat;
	/** The stream of a hosted live-stream class; handed out only until the class starts. */
	StreamLink: string | null;
}

export interface Enrollment {
	Id: number;
	Name: string;
	ProgramId: number;
	ServiceCategoryId: number;
	LocationId: number;
	StaffId: number;
	StartDate: string;
	EndDate: string;
	/** Times of day; null while the time is to be decided. */
	StartTime: string | null;
	EndTime: string | null;
	DaysOfWeek: string[];
	Capacity: number;
	TotalBooked: number;
	Active: boolean;
}

export interface Closure {
	Id: number;
	Name: string;
	StartDateTime: string;
	EndDateTime: string;
	ServiceCategoryIds: number[];
}

export interface AvailabilitySchedule {
	Id: number;
	GroupId: number | null;
	StaffId: number;
	LocationId: number;
	DaysOfWeek: string[];
	StartTime: string;
	EndTime: string;
	StartDate: string;
	EndDate: string;
	[extra: string]: unknown;
}

export interface Unavailability {
	Id: number;
	StaffId: number;
	StartDateTime: string;
	EndDateTime: string;
	Description: string;
}

export type AppointmentStatus = 'Booked' | 'NoShow' | 'Completed' | 'Cancelled';

export interface Appointment {
	Id: number;
	Status: AppointmentStatus;
	StartDateTime: string;
	EndDateTime: string;
	DurationMinutes: number;
	ClientId: number;
	StaffId: number;
	LocationId: number;
	SessionTypeId: number;
	Notes: string;
	ResourceIds: number[];
	GenderPreference: 'None' | 'Female' | 'Male';
	IsConfirmed: boolean;
	HasArrived: boolean;
	/** The client's pricing option (series) the appointment is paid from, once applied. */
	ClientServiceId: number | null;
	PaymentApplied: boolean;
	/** Set on appointments of one recurring booking. */
	RecurrenceId: number | null;
	CreatedDateTime: string;
}

export interface AddOn {
	Id: number;
	AppointmentId: number;
	AddOnTypeId: number;
	Name: string;
	StaffId: number;
	Status: 'Booked' | 'Completed';
	Notes: string;
	CreatedDateTime: string;
}

export interface AppointmentRequest {
	Id: number;
	Type: 'Booking' | 'Cancellation';
	Status: 'Pending' | 'Approved' | 'Denied';
	ClientId: number;
	StaffId: number;
	AppointmentTypeId: number;
	LocationId: number;
	StartDateTime: string;
	EndDateTime: string;
	/** The appointment a cancellation request is about, or the one an approval booked. */
	AppointmentId: number | null;
	Notes: string;
	CreatedDateTime: string;
	DecidedDateTime: string | null;
}
