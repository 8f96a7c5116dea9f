import type { IDataObject } from 'n8n-workflow';

import { V6_OPERATIONS as V6 } from '../../document/facts';
import { addDays, dateOnly } from '../shared/transport/studioCalendar';
import { EVENT_CHOICES } from './eventChoices';
import { CLIENTS_PER_READ, followUpEvent, type Due, type FollowUpContext, type FollowUpState } from './followUpEngine';
import {
	buyersSince,
	clientPart,
	clientsById,
	everyClient,
	isActiveClient,
	nextBookingFor,
	settingOf,
} from './followUpReads';
import { readList } from './listPages';
import { operationOf, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';

/**
 * Membership or Contract Ending: every active client's contracts are read at the first poll (one
 * request each) and kept as their days; a later poll reads again only the contracts of clients who
 * bought one since, and those of clients with a contract due, before passing it on.
 */

const contractsOp = operationOf(V6.GetClientContracts);

/** A contract as kept: its client, the day it is first due (its last autopay or its end), its end. */
interface Contract {
	client: string;
	due: string;
	end: string;
}

interface Contracts {
	contracts: Record<string, Contract>;
	/** Contract id → the end day passed on (again only for another end day). */
	passed: Record<string, string>;
}

/** A sale line that sells a contract. */
export const sellsContract = (item: IDataObject) => Number(item.ContractId) > 0;

/** A contract's end (termination or end date) and the day it is due: that, or its last autopay before. */
function daysOf(contract: IDataObject): { end: string; due: string } | undefined {
	const end = dateOnly(contract.TerminationDate) ?? dateOnly(contract.EndDate);
	if (!end) return undefined;
	const autopays = (
		Array.isArray(contract.UpcomingAutopayEvents) ? (contract.UpcomingAutopayEvents as IDataObject[]) : []
	)
		.map((event) => dateOnly(event.ScheduleDate))
		.filter((day): day is string => day !== undefined)
		.sort();
	const lastAutopay = autopays[autopays.length - 1];
	return { end, due: lastAutopay && lastAutopay < end ? lastAutopay : end };
}

/** A client's contracts not ended by `today` (one request), kept in place of those read before. */
async function readContracts(ctx: FollowUpContext<Contracts>, clientId: string): Promise<IDataObject[]> {
	const { contracts } = ctx.state.cases;
	const reading = await readList(ctx.run.session, contractsOp, [['request.clientId', clientId]], (c) => String(c.Id));
	for (const [id, contract] of Object.entries(contracts)) if (contract.client === clientId) delete contracts[id];
	const current = reading.records.filter((contract) => (daysOf(contract)?.end ?? '') >= ctx.today);
	for (const contract of current) contracts[String(contract.Id)] = { client: clientId, ...daysOf(contract)! };
	return current;
}

const isDue = (ctx: FollowUpContext<Contracts>, id: string, horizon: string) => {
	const contract = ctx.state.cases.contracts[id];
	return (
		contract !== undefined && contract.due <= horizon && (ctx.sample || ctx.state.cases.passed[id] !== contract.end)
	);
};

const horizonOf = (ctx: FollowUpContext<Contracts>) => addDays(ctx.today, settingOf(ctx.run, 'daysAhead'));

/** The subjects of a reading: the clients whose contracts it reads (`found.clients`). */
const clientsOf = (ctx: FollowUpContext<Contracts>) => ctx.reading.found.clients as string[];

const readEach = (ctx: FollowUpContext<Contracts>) => ({
	subjects: () => clientsOf(ctx),
	batch: 1,
	read: async ([clientId]: string[]) => {
		const read = await readContracts(ctx, clientId);
		// Fetch Test Event passes on what it read, not reading it again.
		if (ctx.sample)
			for (const contract of read) (ctx.reading.found.records as IDataObject)[String(contract.Id)] = contract;
	},
});

export const contractEnding = followUpEvent<Contracts>({
	choice: EVENT_CHOICES.contractEnding,
	cases: () => ({ contracts: {}, passed: {} }),
	isCases: (value): value is Contracts =>
		typeof (value as Contracts | undefined)?.contracts === 'object' && typeof (value as Contracts).passed === 'object',
	upgrade(value) {
		// The shape before named fields: contract id → [client, due, end].
		const old = value as { zone?: unknown; day?: unknown; contracts?: unknown; passed?: unknown } | undefined;
		if (typeof old?.zone !== 'string' || typeof old.day !== 'string') return undefined;
		if (typeof old.contracts !== 'object' || old.contracts === null || typeof old.passed !== 'object') return undefined;
		const contracts: Record<string, Contract> = {};
		for (const [id, entry] of Object.entries(old.contracts as Record<string, unknown>)) {
			if (!Array.isArray(entry)) return undefined;
			contracts[id] = { client: String(entry[0]), due: String(entry[1]), end: String(entry[2]) };
		}
		return {
			zone: old.zone,
			day: old.day,
			through: 0,
			cases: { contracts, passed: { ...(old.passed as Record<string, string>) } },
			owed: [],
		} satisfies FollowUpState<Contracts>;
	},
	settings: (run) => settingOf(run, 'daysAhead'),
	found: () => ({ clients: [] }),
	reads: (ctx) => [
		ctx.reading.first
			? everyClient((client) => clientsOf(ctx).push(String(client.Id)))
			: buyersSince(ctx.state.day, sellsContract, clientsOf(ctx)),
		readEach(ctx),
	],
	due(ctx) {
		const { contracts, passed } = ctx.state.cases;
		for (const [id, end] of Object.entries(passed)) if (end < ctx.today) delete passed[id];
		for (const [id, contract] of Object.entries(contracts)) if (contract.end < ctx.today) delete contracts[id];
		const horizon = horizonOf(ctx);
		// The first poll too: a contract already ending within Days Ahead is due on the first morning.
		return Object.entries(contracts)
			.filter(([id]) => isDue(ctx, id, horizon))
			.map(([id, contract]): Due => ({ key: id, client: contract.client }));
	},
	async readAgain(ctx, due) {
		const holders = [...new Set(due.map((entry) => entry.client))];
		const read = new Map<string, IDataObject[]>();
		const records = ctx.reading.found.records as Record<string, IDataObject> | undefined;
		for (const holder of holders) {
			// Read again: an ending changed or ended early shows now.
			read.set(
				holder,
				ctx.sample
					? due.filter((entry) => entry.client === holder).map((entry) => records![entry.key])
					: await readContracts(ctx, holder),
			);
		}
		const clients = await clientsById(ctx.run, holders);
		const horizon = horizonOf(ctx);
		const events: PolledEvent[] = [];
		for (const [clientId, held] of read) {
			const passing = held.filter(
				(contract) => isDue(ctx, String(contract.Id), horizon) && (ctx.sample || isActiveClient(clients.get(clientId))),
			);
			if (!passing.length) continue;
			const nextBooking = await nextBookingFor(ctx.run, clientId, ctx.state.zone);
			for (const contract of passing) {
				const kept = ctx.state.cases.contracts[String(contract.Id)];
				if (!ctx.sample) ctx.state.cases.passed[String(contract.Id)] = kept.end;
				events.push(contractItem(ctx.run, contract, clients.get(clientId), clientId, kept, ctx.today, nextBooking));
			}
		}
		return events;
	},
	// The contracts about to end of the clients who bought one in the last week.
	sample: {
		reads: (ctx) => {
			ctx.reading.found.records = {};
			return [buyersSince(addDays(ctx.today, -7), sellsContract, clientsOf(ctx), CLIENTS_PER_READ), readEach(ctx)];
		},
	},
});

function contractItem(
	run: PollRun,
	contract: IDataObject,
	client: IDataObject | undefined,
	clientId: string,
	kept: Contract,
	today: string,
	nextBooking: IDataObject | null,
): PolledEvent {
	const id = String(contract.Id);
	return {
		eventId: 'clientContract.ending',
		key: id,
		version: `ending:${id}:${kept.end}`,
		at: `${today}T00:00:00`,
		eventData: {
			siteId: run.siteId,
			...clientPart(client, clientId),
			clientContractId: Number(contract.Id),
			contractId: contract.ContractID ?? null,
			contractName: String(contract.ContractName ?? ''),
			startDate: dateOnly(contract.StartDate) ?? null,
			endDate: kept.end,
			terminationDate: dateOnly(contract.TerminationDate) ?? null,
			lastAutopayDate: kept.due < kept.end ? kept.due : null,
			autoRenewing: contract.AutoRenewing === true,
			autopayStatus: String(contract.AutopayStatus ?? ''),
			nextBooking,
		},
	};
}
