import { DAY, HOUR, isoAt, startOfDay } from './dates';
import type { Random } from './prng';
import type { Counted } from './records';
import type { Client } from './recordTypes';
import type { ClientService } from './salesTypes';
import type { ClassInstance } from './scheduleTypes';

/**
 * Who is booked into which class (rosters, waiting lists, visits), enrollment bookings, Pick-a-Spot
 * rooms and reservations, the v6 settings of class schedules, and what the v6 booking calls
 * remember (appointment details and waiting list, recent requests for deduplication).
 */

export type VisitStatus = 'Booked' | 'Waitlisted' | 'SignedIn' | 'Cancelled' | 'LateCancelled';

export interface Visit {
	Id: number;
	ClassId: number;
	ClientId: number;
	Status: VisitStatus;
	/** The pricing option that pays for it; null for an unpaid reservation. */
	ClientServiceId: number | null;
	/** The sale that booked it (checkout with a class id). */
	SaleId: number | null;
	BookedAt: string;
	/** Last change (booking, sign-in, payment, cancellation): GET /class/classvisits filters on it. */
	LastModifiedDateTime: string;
	Makeup: boolean;
	WebSignup: boolean;
}

/** A client waiting for a place in a full class (AddClientToClass with Waitlist true). */
export interface WaitlistEntry {
	Id: number;
	ClassId: number;
	ClientId: number;
	RequestDateTime: string;
	/** Asked for online (no staff token). */
	Web: boolean;
	/** Waiting; Booked once a booking took the place (VisitId); Removed when taken off the list. */
	Status: 'Waiting' | 'Booked' | 'Removed';
	VisitId: number | null;
}

/** A Pick-a-Spot room: the classes of a schedule have numbered spots 1…MaxCapacity. */
export interface SpotRoom {
	ClassScheduleId: number;
	RoomId: string;
	/** Spots that cannot be reserved (a broken bike, the instructor's place). */
	UnavailableSpots: number[];
}

export interface SpotReservation {
	/** A GUID-like text, never all digits (a path holding digits names a class). */
	Id: string;
	ClassId: number;
	ClientId: number;
	SpotNumber: number;
	IsConfirmed: boolean;
	ConfirmationDate: string | null;
	CreatedDateTime: string;
	Deleted: boolean;
}

/** What a v6 class or enrollment schedule says beyond the shared ClassSchedule / Enrollment record. */
export interface ScheduleSettings {
	WaitlistCapacity: number;
	BookingStatus: 'PaymentRequired' | 'BookAndPayLater' | 'Free';
	ResourceId: number | null;
	AllowOpenEnrollment: boolean;
	AllowDateForwardEnrollment: boolean;
	PricingOptionsProductIds: number[];
	StaffPayRate: number | null;
	/** Enrollments only: the class description they were scheduled from. */
	ClassDescriptionId: number | null;
	Notes: string;
}

/** What changed on one class instance after it was scheduled. */
export interface ClassChange {
	LastModifiedDateTime: string;
	/** Changed by hand (substitute teacher, cancellation): kept by RetainScheduleChanges (rule 13). */
	Manual: boolean;
	HideCancel: boolean;
}

export interface EnrollmentBooking {
	Id: number;
	EnrollmentId: number;
	ClientId: number;
	ClientServiceId: number | null;
	BookedAt: string;
	EnrollDateForward: string | null;
	OpenDates: string[];
}

/** Fields of a v6 appointment the shared Appointment record does not hold. */
export interface AppointmentDetails {
	StaffRequested: boolean;
	ProviderId: string | null;
	PartnerExternalId: string | null;
	LateCancelled: boolean;
	LastModifiedDateTime: string;
}

/** An appointment wanted at a time that is taken (AddAppointment with IsWaitlist true). */
export interface AppointmentWaitlistEntry {
	Id: number;
	ClientId: number;
	StaffId: number;
	LocationId: number;
	SessionTypeId: number;
	/** The preferred time, kept as asked (rule 4). */
	StartDateTime: string;
	EndDateTime: string;
	Notes: string;
	RequestDateTime: string;
	Removed: boolean;
}

/** A successful AddClientToClass / AddAppointment call, answered again to an identical one (rule 5). */
export interface RecentRequest {
	key: string;
	at: number;
	status: number;
	body: unknown;
}

/** A meeting of an enrollment schedule made through v6; its id comes from the class counter. */
export interface EnrollmentSession {
	Id: number;
	EnrollmentId: number;
	/** The day it meets (the enrollment's times of day apply). */
	Date: string;
}

export interface ClassRecords extends Counted {
	visits: Visit[];
	waitlist: WaitlistEntry[];
	rooms: SpotRoom[];
	reservations: SpotReservation[];
	/** By class schedule id. */
	scheduleSettings: Record<number, ScheduleSettings>;
	/** By enrollment id. */
	enrollmentSettings: Record<number, ScheduleSettings>;
	/** By class instance id. */
	classChanges: Record<number, ClassChange>;
	enrollmentBookings: EnrollmentBooking[];
	enrollmentSessions: EnrollmentSession[];
	/** By appointment id. */
	appointmentDetails: Record<number, AppointmentDetails>;
	appointmentWaitlist: AppointmentWaitlistEntry[];
	recentRequests: RecentRequest[];
}

export const DEFAULT_WAITLIST_CAPACITY = 5;

/** Reservation ids: GUID-like and fixed by the counter. */
export const reservationIdOf = (n: number) => `5b1c0d2e-7a31-4c8e-9f40-${String(n).padStart(12, '0')}`;

/**
 * Seeded rosters: each past and upcoming class holds up to three of its booked clients as
 * visits (the instance's TotalBooked counts the rest of its roster, which the sandbox does not
 * name). Full classes with a waiting list name up to two of its clients. Every other in-person
 * schedule has a Pick-a-Spot room, and its named visits hold confirmed spots 1, 2, 3.
 */
export function generateClassRecords(
	rand: Random,
	classes: ClassInstance[],
	clients: Client[],
	services: ClientService[],
): ClassRecords {
	// Classes are seeded from two weeks before the clock's start day: bookings lie before it.
	const first = classes.length ? Math.min(...classes.map((c) => Date.parse(c.StartDateTime))) : 0;
	const seededNow = startOfDay(first) + 14 * DAY;
	const bookedBefore = (start: string) =>
		isoAt(Math.min(Date.parse(start) - rand.int(1, 10) * DAY, seededNow - rand.int(1, 72) * HOUR));
	const visits: Visit[] = [];
	for (const instance of classes) {
		const named = Math.min(3, instance.TotalBooked);
		for (const client of rand.sample(clients, named)) {
			const service = services.find((s) => s.ClientId === client.Id);
			const bookedAt = bookedBefore(instance.StartDateTime);
			visits.push({
				Id: 90001 + visits.length,
				ClassId: instance.Id,
				ClientId: client.Id,
				Status: 'Booked',
				ClientServiceId: service?.Id ?? null,
				SaleId: null,
				BookedAt: bookedAt,
				LastModifiedDateTime: bookedAt,
				Makeup: false,
				WebSignup: rand.chance(0.5),
			});
		}
	}
	const waitlist: WaitlistEntry[] = [];
	for (const instance of classes) {
		if (instance.TotalBookedWaitlist === 0) continue;
		const booked = new Set(visits.filter((v) => v.ClassId === instance.Id).map((v) => v.ClientId));
		const free = clients.filter((client) => !booked.has(client.Id));
		for (const client of rand.sample(free, Math.min(2, instance.TotalBookedWaitlist))) {
			waitlist.push({
				Id: 30001 + waitlist.length,
				ClassId: instance.Id,
				ClientId: client.Id,
				RequestDateTime: bookedBefore(instance.StartDateTime),
				Web: rand.chance(0.5),
				Status: 'Waiting',
				VisitId: null,
			});
		}
	}
	const inPerson = [...new Set(classes.filter((c) => c.ContentFormat === 'InPerson').map((c) => c.ClassScheduleId))];
	const roomed = inPerson.filter((_, index) => index % 2 === 0);
	const rooms: SpotRoom[] = roomed.map((ClassScheduleId) => ({
		ClassScheduleId,
		RoomId: `room-${ClassScheduleId}`,
		UnavailableSpots: rand.chance(0.5) ? [1] : [],
	}));
	const reservations: SpotReservation[] = [];
	for (const room of rooms) {
		for (const instance of classes.filter((c) => c.ClassScheduleId === room.ClassScheduleId && !c.IsCanceled)) {
			const named = visits.filter((v) => v.ClassId === instance.Id);
			named.forEach((visit, index) => {
				reservations.push({
					Id: reservationIdOf(reservations.length + 1),
					ClassId: instance.Id,
					ClientId: visit.ClientId,
					SpotNumber: index + 2,
					IsConfirmed: true,
					ConfirmationDate: visit.BookedAt,
					CreatedDateTime: visit.BookedAt,
					Deleted: false,
				});
			});
		}
	}
	return {
		visits,
		waitlist,
		rooms,
		reservations,
		scheduleSettings: {},
		enrollmentSettings: {},
		classChanges: {},
		enrollmentBookings: [],
		enrollmentSessions: [],
		appointmentDetails: {},
		appointmentWaitlist: [],
		recentRequests: [],
		nextIds: { reservations: reservations.length + 1 },
	};
}
