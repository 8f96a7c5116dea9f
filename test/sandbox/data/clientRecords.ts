import type { Random } from './prng';
import type { Counted } from './records';
import type { Client } from './types';

/** Records kept about clients: arrivals (check-ins) and the notes staff keep. */

export interface Arrival {
	Id: number;
	ClientId: number;
	LocationId: number;
	/** Staff member whose token made the call. */
	StaffId: number;
	ArrivedAt: string;
	ClientServiceId: number | null;
}

export interface ClientRecords extends Counted {
	arrivals: Arrival[];
}

export function generateClientRecords(_rand: Random, _clients: Client[]): ClientRecords {
	return { arrivals: [], nextIds: {} };
}
