import type { Random } from './prng';
import type { Counted } from './records';
import type { ClassInstance, Client, ClientService } from './types';

/** Who is booked into which class (rosters, waiting lists, visits) and Pick-a-Spot reservations. */

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
	Makeup: boolean;
	WebSignup: boolean;
}

export interface ClassRecords extends Counted {
	visits: Visit[];
}

/**
 * Seeded rosters: each past and upcoming class holds up to three of its booked clients as
 * visits (the instance's TotalBooked counts the rest of its roster, which the sandbox does not
 * name).
 */
export function generateClassRecords(
	rand: Random,
	classes: ClassInstance[],
	clients: Client[],
	services: ClientService[],
): ClassRecords {
	const visits: Visit[] = [];
	for (const instance of classes) {
		const named = Math.min(3, instance.TotalBooked);
		for (const client of rand.sample(clients, named)) {
			const service = services.find((s) => s.ClientId === client.Id);
			visits.push({
				Id: 90001 + visits.length,
				ClassId: instance.Id,
				ClientId: client.Id,
				Status: 'Booked',
				ClientServiceId: service?.Id ?? null,
				SaleId: null,
				BookedAt: instance.StartDateTime,
				Makeup: false,
				WebSignup: rand.chance(0.5),
			});
		}
	}
	return { visits, nextIds: {} };
}
