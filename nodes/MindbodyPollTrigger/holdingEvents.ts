import { EVENT_CHOICES } from './eventChoices';
import type { IDataObject } from 'n8n-workflow';

import { V6_OPERATIONS as V6 } from '../../document/facts';
import { addDays, dateOnly, studioDay } from '../shared/transport/studioCalendar';
import {
	CLIENTS_PER_READ,
	SETTLE_MS,
	allClients,
	attendedBetween,
	clientPart,
	clientsById,
	clientsChangedSince,
	isActiveClient,
	settingOf,
} from './clientJobs';
import { readList, type Query } from './listPages';
import { operationOf, studioZoneOf, type PollEvent, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';

/**
 * Membership or Contract Ending, Sessions Running Low and Birthday: what clients hold, read once
 * for every active client at the first poll and kept as a day per contract, pricing option or
 * client; a later poll reads again only the clients that bought something or visited since (and
 * those about to be passed on, so the item is as Mindbody has it now).
 */

const salesOp = operationOf(V6.GetSales);
const contractsOp = operationOf(V6.GetClientContracts);
const servicesOp = operationOf(V6.GetClientServices);

const itemsOf = (sale: IDataObject) =>
	Array.isArray(sale.PurchasedItems) ? (sale.PurchasedItems as IDataObject[]) : [];

/** A sale line that sells a contract, or a pricing option (a contract's sale may give one too). */
const sellsContract = (item: IDataObject) => Number(item.ContractId) > 0;
const sellsPricingOption = (item: IDataObject) => item.IsService === true || sellsContract(item);

/**
 * Clients who bought what `wanted` tells on or after a day (a day early, so the service's zone
 * cannot hide one): one request per 100 sales.
 */
async function buyersSince(run: PollRun, day: string, wanted: (item: IDataObject) => boolean): Promise<string[]> {
	const reading = await readList(run.session, salesOp, [['request.startSaleDateTime', addDays(day, -1)]], (sale) =>
		String(sale.Id),
	);
	return [
		...new Set(
			reading.records
				.filter((sale) => itemsOf(sale).some(wanted))
				.map((sale) => String(sale.ClientId ?? ''))
				.filter(Boolean),
		),
	];
}

// ---- contracts ----

/** Contract id → [client id, the day it is first due (its last autopay or its end), its end day]. */
type ContractDays = Record<string, [string, string, string]>;

interface ContractState {
	zone: string;
	/** The studio's day of the last poll: sales from it on are read at the next. */
	day: string;
	contracts: ContractDays;
	/** Contract id → the end day passed on (again only for another end day). */
	passed: Record<string, string>;
}

/** A contract's end (termination or end date) and the day it is due: that, or its last autopay before. */
function contractDays(contract: IDataObject): { end: string; due: string } | undefined {
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

/** A client's contracts (one request each): the ones not ended by `today`. */
async function contractsOf(run: PollRun, clientId: string, today: string): Promise<IDataObject[]> {
	const reading = await readList(run.session, contractsOp, [['request.clientId', clientId]], (c) => String(c.Id));
	return reading.records.filter((contract) => {
		const days = contractDays(contract);
		return days !== undefined && days.end >= today;
	});
}

async function readContracts(run: PollRun, clientIds: string[], today: string, into: ContractDays) {
	const read = new Map<string, IDataObject[]>();
	for (const clientId of clientIds) {
		for (const [id, entry] of Object.entries(into)) if (entry[0] === clientId) delete into[id];
		const contracts = await contractsOf(run, clientId, today);
		read.set(clientId, contracts);
		for (const contract of contracts) {
			const days = contractDays(contract)!;
			into[String(contract.Id)] = [clientId, days.due, days.end];
		}
	}
	return read;
}

export const contractEnding: PollEvent<ContractState> = {
	...EVENT_CHOICES.contractEnding,
	start: () => ({ zone: '', day: '', contracts: {}, passed: {} }),
	isState: (value): value is ContractState =>
		typeof (value as ContractState | undefined)?.contracts === 'object' &&
		typeof (value as ContractState).passed === 'object',
	async poll(run, state) {
		const daysAhead = settingOf(run, 'daysAhead');
		const zone = state.zone || (await studioZoneOf(run));
		const today = studioDay(run.startedAt, zone);
		const contracts = { ...state.contracts };
		const passed: Record<string, string> = {};
		for (const [id, end] of Object.entries(state.passed)) if (end >= today) passed[id] = end;
		if (!state.day) {
			const clients = await allClients(run);
			await readContracts(
				run,
				clients.map((client) => String(client.Id)),
				today,
				contracts,
			);
		} else {
			await readContracts(run, await buyersSince(run, state.day, sellsContract), today, contracts);
		}
		for (const [id, entry] of Object.entries(contracts)) if (entry[2] < today) delete contracts[id];
		const horizon = addDays(today, daysAhead);
		const isDue = (id: string) => contracts[id][1] <= horizon && passed[id] !== contracts[id][2];
		// The first poll too: a contract already ending within Days Ahead is due on the first morning.
		const due = Object.keys(contracts).filter(isDue);
		const events: PolledEvent[] = [];
		if (due.length) {
			// Read again: an ending changed or ended early shows now.
			const holders = [...new Set(due.map((id) => contracts[id][0]))];
			const read = await readContracts(run, holders, today, contracts);
			const clients = await clientsById(run, holders);
			for (const [clientId, held] of read) {
				for (const contract of held) {
					const id = String(contract.Id);
					if (!isDue(id) || !isActiveClient(clients.get(clientId))) continue;
					passed[id] = contracts[id][2];
					events.push(contractItem(run, contract, clients.get(clientId), clientId, contracts[id], today));
				}
			}
		}
		return { events, state: { zone, day: today, contracts, passed } };
	},
	// The contracts about to end of the clients who bought something in the last week.
	async sample(run) {
		const daysAhead = settingOf(run, 'daysAhead');
		const zone = await studioZoneOf(run);
		const today = studioDay(run.startedAt, zone);
		const contracts: ContractDays = {};
		const buyers = (await buyersSince(run, addDays(today, -7), sellsContract)).slice(0, CLIENTS_PER_READ);
		const read = await readContracts(run, buyers, today, contracts);
		const clients = await clientsById(run, buyers);
		const events: PolledEvent[] = [];
		for (const [clientId, held] of read) {
			for (const contract of held) {
				const days = contracts[String(contract.Id)];
				if (days[1] <= addDays(today, daysAhead)) {
					events.push(contractItem(run, contract, clients.get(clientId), clientId, days, today));
				}
			}
		}
		return events;
	},
};

function contractItem(
	run: PollRun,
	contract: IDataObject,
	client: IDataObject | undefined,
	clientId: string,
	days: [string, string, string],
	today: string,
): PolledEvent {
	const id = String(contract.Id);
	return {
		eventId: 'clientContract.ending',
		key: id,
		version: `ending:${id}:${days[2]}`,
		at: `${today}T00:00:00`,
		eventData: {
			siteId: run.siteId,
			...clientPart(client, clientId),
			clientContractId: Number(contract.Id),
			contractId: contract.ContractID ?? null,
			contractName: String(contract.ContractName ?? ''),
			startDate: dateOnly(contract.StartDate) ?? null,
			endDate: days[2],
			terminationDate: dateOnly(contract.TerminationDate) ?? null,
			lastAutopayDate: days[1] < days[2] ? days[1] : null,
			autoRenewing: contract.AutoRenewing === true,
			autopayStatus: String(contract.AutopayStatus ?? ''),
		},
	};
}

// ---- pricing options ----

/** Pricing option id → [client id, sessions remaining (null: not counted), its expiration day]. */
type ServiceDays = Record<string, [string, number | null, string]>;

interface ServiceState {
	zone: string;
	day: string;
	/** Visits that ended up to this instant are read (they use sessions). */
	through: number;
	services: ServiceDays;
	/** `<pricing option id>:<threshold>` → true once passed on. */
	passed: Record<string, string>;
}

/** The pricing options clients hold now (20 clients a request; the document names no bound). */
async function servicesOf(run: PollRun, clientIds: string[], today: string, into: ServiceDays) {
	const read = new Map<string, IDataObject>();
	const wanted = [...new Set(clientIds)];
	for (let from = 0; from < wanted.length; from += CLIENTS_PER_READ) {
		const batch = wanted.slice(from, from + CLIENTS_PER_READ);
		for (const [id, entry] of Object.entries(into)) if (batch.includes(entry[0])) delete into[id];
		const query: Query = batch.map((id) => ['request.clientIds', id]);
		query.push(['request.showActiveOnly', 'true']);
		const reading = await readList(run.session, servicesOp, query, (service) => String(service.Id));
		for (const service of reading.records) {
			const expires = dateOnly(service.ExpirationDate);
			const clientId = String(service.ClientID ?? service.ClientId ?? '');
			if (!expires || expires < today || !batch.includes(clientId)) continue;
			const remaining = typeof service.Remaining === 'number' ? service.Remaining : null;
			into[String(service.Id)] = [clientId, remaining, expires];
			read.set(String(service.Id), service);
		}
	}
	return read;
}

/** What a pricing option is due for: its sessions at or under the threshold, its expiry within the days ahead. */
function thresholdsOf(entry: [string, number | null, string], sessionsLeft: number, horizon: string): string[] {
	const reached: string[] = [];
	if (entry[1] !== null && entry[1] <= sessionsLeft) reached.push(`left${sessionsLeft}`);
	if (entry[2] <= horizon) reached.push(`expires${entry[2]}`);
	return reached;
}

export const sessionsLow: PollEvent<ServiceState> = {
	...EVENT_CHOICES.sessionsLow,
	start: () => ({ zone: '', day: '', through: 0, services: {}, passed: {} }),
	isState: (value): value is ServiceState =>
		typeof (value as ServiceState | undefined)?.services === 'object' &&
		typeof (value as ServiceState).through === 'number',
	async poll(run, state) {
		const sessionsLeft = settingOf(run, 'sessionsLeft');
		const daysAhead = settingOf(run, 'daysAhead');
		const zone = state.zone || (await studioZoneOf(run));
		const today = studioDay(run.startedAt, zone);
		const to = run.startedAt - SETTLE_MS;
		const services = { ...state.services };
		const passed: Record<string, string> = {};
		for (const [key, day] of Object.entries(state.passed)) if (day >= today) passed[key] = day;
		if (!state.day) {
			const clients = await allClients(run);
			await servicesOf(
				run,
				clients.map((client) => String(client.Id)),
				today,
				services,
			);
		} else {
			const visitors = (await attendedBetween(run, zone, state.through, to)).map((visit) => visit.clientId);
			await servicesOf(run, [...visitors, ...(await buyersSince(run, state.day, sellsPricingOption))], today, services);
		}
		for (const [id, entry] of Object.entries(services)) if (entry[2] < today) delete services[id];
		const horizon = addDays(today, daysAhead);
		const open = (id: string) =>
			thresholdsOf(services[id], sessionsLeft, horizon).filter((kind) => passed[`${id}:${kind}`] === undefined);
		// The first poll too: a pricing option already low or expiring is due on the first morning.
		const due = Object.keys(services).filter((id) => open(id).length);
		const events: PolledEvent[] = [];
		if (due.length) {
			const holders = due.map((id) => services[id][0]);
			const read = await servicesOf(run, holders, today, services);
			const clients = await clientsById(run, holders);
			for (const [id, service] of read) {
				const entry = services[id];
				if (!isActiveClient(clients.get(entry[0]))) continue;
				for (const kind of open(id)) {
					passed[`${id}:${kind}`] = entry[2];
					events.push(serviceItem(run, service, clients.get(entry[0]), entry, kind, today));
				}
			}
		}
		return { events, state: { zone, day: today, through: Math.max(state.through, to), services, passed } };
	},
	// The pricing options running low of the clients who bought something in the last week.
	async sample(run) {
		const sessionsLeft = settingOf(run, 'sessionsLeft');
		const daysAhead = settingOf(run, 'daysAhead');
		const zone = await studioZoneOf(run);
		const today = studioDay(run.startedAt, zone);
		const services: ServiceDays = {};
		const buyers = (await buyersSince(run, addDays(today, -7), sellsPricingOption)).slice(0, CLIENTS_PER_READ);
		const read = await servicesOf(run, buyers, today, services);
		const clients = await clientsById(run, buyers);
		const events: PolledEvent[] = [];
		for (const [id, service] of read) {
			const entry = services[id];
			for (const kind of thresholdsOf(entry, sessionsLeft, addDays(today, daysAhead))) {
				events.push(serviceItem(run, service, clients.get(entry[0]), entry, kind, today));
			}
		}
		return events;
	},
};

function serviceItem(
	run: PollRun,
	service: IDataObject,
	client: IDataObject | undefined,
	entry: [string, number | null, string],
	kind: string,
	today: string,
): PolledEvent {
	const id = String(service.Id);
	return {
		eventId: 'clientService.runningLow',
		key: id,
		version: `sessions:${id}:${kind}`,
		at: `${today}T00:00:00`,
		eventData: {
			siteId: run.siteId,
			...clientPart(client, entry[0]),
			clientServiceId: Number(service.Id),
			pricingOptionName: String(service.Name ?? ''),
			productId: service.ProductId ?? null,
			reason: kind.startsWith('left') ? 'sessionsLeft' : 'expiring',
			count: typeof service.Count === 'number' ? service.Count : null,
			remaining: entry[1],
			activeDate: dateOnly(service.ActiveDate) ?? null,
			expirationDate: entry[2],
		},
	};
}

// ---- birthdays ----

interface BirthdayState {
	zone: string;
	/** The studio's day of the last poll: birthdays after it are passed on. */
	day: string;
	/** Client id → her birthday (MM-DD). */
	birthdays: Record<string, string>;
}

const monthDay = (client: IDataObject) => dateOnly(client.BirthDate)?.slice(5);

/** Birthdays on 29 February are kept on 28 February in other years. */
const birthdayOn = (day: string, birthday: string) =>
	birthday === day.slice(5) ||
	(birthday === '02-29' &&
		day.slice(5) === '02-28' &&
		new Date(Date.UTC(Number(day.slice(0, 4)), 1, 29)).getUTCDate() !== 29);

/** A poll that finds more than this many days since the last passes on only the last week's birthdays. */
const MISSED_DAYS = 7;

export const birthday: PollEvent<BirthdayState> = {
	...EVENT_CHOICES.birthday,
	start: () => ({ zone: '', day: '', birthdays: {} }),
	isState: (value): value is BirthdayState =>
		typeof (value as BirthdayState | undefined)?.birthdays === 'object' &&
		typeof (value as BirthdayState).day === 'string',
	async poll(run, state) {
		const zone = state.zone || (await studioZoneOf(run));
		const today = studioDay(run.startedAt, zone);
		const birthdays = { ...state.birthdays };
		const learn = (client: IDataObject) => {
			const date = monthDay(client);
			if (date && isActiveClient(client)) birthdays[String(client.Id)] = date;
			else delete birthdays[String(client.Id)];
		};
		if (!state.day) for (const client of await allClients(run)) learn(client);
		else for (const client of await clientsChangedSince(run, addDays(state.day, -1))) learn(client);
		const events: PolledEvent[] = [];
		if (!state.day || state.day < today) {
			// The first poll passes on today's birthdays; a later one the days since the last (at most MISSED_DAYS).
			const days: string[] = [];
			for (
				let day = today;
				day > (state.day || addDays(today, -1)) && days.length < MISSED_DAYS;
				day = addDays(day, -1)
			)
				days.push(day);
			events.push(...(await birthdayItems(run, birthdays, days)));
		}
		return { events, state: { zone, day: today, birthdays } };
	},
	// Today's birthdays, or the week's before.
	async sample(run) {
		const zone = await studioZoneOf(run);
		const today = studioDay(run.startedAt, zone);
		const birthdays: Record<string, string> = {};
		for (const client of await allClients(run)) {
			const date = monthDay(client);
			if (date) birthdays[String(client.Id)] = date;
		}
		const days = Array.from({ length: MISSED_DAYS }, (_, back) => addDays(today, -back));
		return (await birthdayItems(run, birthdays, days)).slice(0, 5);
	},
};

async function birthdayItems(run: PollRun, birthdays: Record<string, string>, days: string[]): Promise<PolledEvent[]> {
	const found: Array<[string, string]> = [];
	for (const day of days) {
		for (const [id, date] of Object.entries(birthdays)) if (birthdayOn(day, date)) found.push([id, day]);
	}
	const clients = await clientsById(
		run,
		found.map(([id]) => id),
	);
	const events: PolledEvent[] = [];
	for (const [id, day] of found) {
		const client = clients.get(id);
		if (!isActiveClient(client) || !birthdayOn(day, monthDay(client!) ?? '')) continue;
		const born = dateOnly(client!.BirthDate)!;
		events.push({
			eventId: 'client.birthday',
			key: id,
			version: `birthday:${id}:${day.slice(0, 4)}`,
			at: `${day}T00:00:00`,
			eventData: {
				siteId: run.siteId,
				...clientPart(client, id),
				birthday: day,
				age: Number(day.slice(0, 4)) - Number(born.slice(0, 4)),
			},
		});
	}
	return events;
}
