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

/** Two clients related, e.g. a parent who pays for a child ("Pays for" / "Paid by"). */
export interface ClientRelationship {
	Id: number;
	ClientId: number;
	RelatedClientId: number;
	/** The relationship type's name as seen from ClientId, e.g. "Pays for". */
	Name: string;
}

export interface ClientRecords extends Counted {
	arrivals: Arrival[];
	relationships: ClientRelationship[];
}

/** Custodians pay for their dependents (every tenth client is the dependent of the one before). */
export function generateClientRecords(_rand: Random, clients: Client[]): ClientRecords {
	const relationships: ClientRelationship[] = clients
		.filter((client) => client.CustodianId !== null)
		.map((client, index) => ({
			Id: 1 + index,
			ClientId: client.CustodianId!,
			RelatedClientId: client.Id,
			Name: 'Pays for',
		}));
	return { arrivals: [], relationships, nextIds: {} };
}

/** Whether `payerId` may pay for `clientId` (checkout's PayerClientId, spec rule 2). */
export const paysFor = (records: ClientRecords, payerId: number, clientId: number): boolean =>
	records.relationships.some((r) => r.ClientId === payerId && r.RelatedClientId === clientId && r.Name === 'Pays for');
