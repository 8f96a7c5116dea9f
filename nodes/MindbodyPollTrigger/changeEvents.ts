import { EVENT_CHOICES } from './eventChoices';
import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../shared/catalogue';
import { V6_OPERATIONS as V6 } from '../../document/facts';
import {
	advance,
	createdBefore,
	cursorFromDate,
	cursorFromNow,
	isChangeCursor,
	isNews,
	planRead,
	remembers,
	requestFloor,
	versionOf,
	type ChangeCursor,
	type Read,
} from './changeCursor';
import { clientEventData, contractEventData, saleEventData } from './eventData';
import { readList, type Query } from './listPages';
import { digestOf } from './pollItems';
import { SAMPLE_DAYS, SAMPLE_PAGES, newestFirst, operationOf, type PollEvent, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';
import { DAY_MS, stampMs, utcStamp } from './stamps';

/**
 * Events read from a list the service filters by a time of change (clients by
 * request.lastModifiedDate, sales by request.startSaleDateTime): each poll asks from the cursor's
 * floor and passes on what the cursor has not seen (changeCursor.ts).
 */

interface ChangeList {
	operation: Operation;
	/** The query asking for changes from `floor`. */
	query(floor: string): Query;
	/** The filter keeps records stamped exactly at the floor ("on or after"), or not ("after"). */
	keepsEqual: boolean;
	key(record: IDataObject): string;
	stamp(record: IDataObject): string | undefined;
}

/** What a change of a record passes on, judged against the cursor as it was before this poll. */
type Judge = (
	run: PollRun,
	record: IDataObject,
	read: Read,
	cursor: ChangeCursor,
) => Promise<PolledEvent[]> | PolledEvent[];

/**
 * What tells two changes of a record in one second apart, for an event that passes on content:
 * a digest of what it passes on (a field the item does not show is no change to pass on).
 */
type Content = (run: PollRun, record: IDataObject) => string;

/** Each record read (the reader keeps its last reading) with its stamp and version. */
function readsOf(run: PollRun, list: ChangeList, records: IDataObject[], content?: Content) {
	const reads: Array<{ record: IDataObject; read: Read }> = [];
	for (const record of records) {
		const stamp = list.stamp(record);
		if (stamp === undefined || stampMs(stamp) === undefined) continue;
		reads.push({ record, read: { key: list.key(record), stamp, version: versionOf(stamp, content?.(run, record)) } });
	}
	return reads;
}

async function pollChanges(
	run: PollRun,
	cursor: ChangeCursor,
	list: ChangeList,
	judge: Judge,
	quiet: boolean,
	content?: Content,
) {
	const plan = planRead(cursor, run.startedAt, run.overlapMs);
	const query = list.query(requestFloor(plan.floor, list.keepsEqual));
	const reading = await readList(run.session, list.operation, query, list.key, { goOn: run.goOn });
	const reads = readsOf(run, list, reading.records, content);
	const events: PolledEvent[] = [];
	for (const { record, read } of reads) {
		if (quiet || !isNews(cursor, read)) continue;
		events.push(...(await judge(run, record, read, cursor)));
	}
	const times = { startedAt: run.startedAt, endedAt: Date.now() };
	const next = advance(
		cursor,
		reads.map(({ read }) => read),
		times,
		run.overlapMs,
		{ sweep: plan.sweep, complete: reading.complete, whole: reading.whole, quiet },
	);
	return { events, state: next };
}

/** A change event: its list, what a change passes on, and how recent events are told apart. */
function changeEvent(
	words: Pick<PollEvent, 'value' | 'name' | 'description' | 'eventIds' | 'searchWords'>,
	list: ChangeList,
	judge: Judge,
	content?: Content,
): PollEvent<ChangeCursor> {
	return {
		...words,
		start: (now, since) => (since ? cursorFromDate(since) : cursorFromNow(now)),
		isState: isChangeCursor,
		poll: async (run, cursor, quiet) => await pollChanges(run, cursor, list, judge, quiet, content),
		// The newest change that passes something on: judged newest first, so a contract costs
		// one read of a client's contracts, not one per recent sale.
		async sample(run) {
			const recent = cursorFromDate(utcStamp(run.startedAt - SAMPLE_DAYS * DAY_MS))!;
			const query = list.query(requestFloor(recent.after, list.keepsEqual));
			const reading = await readList(run.session, list.operation, query, list.key, { maxPages: SAMPLE_PAGES });
			const reads = readsOf(run, list, reading.records).sort((a, b) => stampMs(b.read.stamp)! - stampMs(a.read.stamp)!);
			for (const { record, read } of reads) {
				const events = await judge(run, record, read, recent);
				if (events.length) return newestFirst(events, (event) => stampMs(event.at) ?? -Infinity);
			}
			return [];
		},
	};
}

// ---- clients ----

const clientList: ChangeList = {
	operation: operationOf(V6.GetClients),
	// Inactive clients too: deactivating a client is a change of it.
	query: (floor) => [
		['request.lastModifiedDate', floor],
		['request.includeInactive', 'true'],
	],
	keepsEqual: true,
	key: (client) => String(client.UniqueId ?? client.Id),
	stamp: (client) => (typeof client.LastModifiedDateTime === 'string' ? client.LastModifiedDateTime : undefined),
};

/** A client whose last change is its creation (the service may stamp the two a moment apart). */
const CREATION_MS = 1000;
const changedSinceCreated = (client: IDataObject) =>
	(stampMs(client.LastModifiedDateTime) ?? 0) - (stampMs(client.CreationDate) ?? 0) > CREATION_MS;

export const clientCreated = changeEvent(
	{
		...EVENT_CHOICES.clientCreated,
	},
	clientList,
	// New: created after the cursor's start and not read before. A client the cursor forgot was
	// read with a change at or before `after`, so it was created before that too.
	(run, client, read, cursor) => {
		const created = stampMs(client.CreationDate);
		if (remembers(cursor, read.key) || created === undefined || createdBefore(cursor, created)) return [];
		return [
			{
				eventId: 'client.created',
				key: read.key,
				version: String(client.CreationDate),
				at: String(client.CreationDate),
				eventData: clientEventData(client, run.siteId),
			},
		];
	},
);

export const clientUpdated = changeEvent(
	{
		...EVENT_CHOICES.clientUpdated,
	},
	clientList,
	// A change: stamped more than a moment after the creation, or of a client read before (a
	// version the cursor holds), however soon after its creation.
	(run, client, read, cursor) =>
		changedSinceCreated(client) || remembers(cursor, read.key)
			? [
					{
						eventId: 'client.updated',
						key: read.key,
						version: read.version,
						at: read.stamp,
						eventData: clientEventData(client, run.siteId),
					},
				]
			: [],
	// Two changes in one second carry one stamp: what the item holds tells them apart.
	(run, client) => digestOf(clientEventData(client, run.siteId)),
);

// ---- sales and the contracts they sell ----

const saleList: ChangeList = {
	operation: operationOf(V6.GetSales),
	query: (floor) => [['request.startSaleDateTime', floor]],
	// The document: "sales that happened after this date and time".
	keepsEqual: false,
	key: (sale) => String(sale.Id),
	stamp: (sale) => (typeof sale.SaleDateTime === 'string' ? sale.SaleDateTime : undefined),
};

/** A sale passes on once: a later read of it (a changed sale date) is not a new sale. */
export const saleCreated = changeEvent(
	{
		...EVENT_CHOICES.saleCreated,
	},
	saleList,
	(run, sale, read, cursor) =>
		remembers(cursor, read.key)
			? []
			: [
					{
						eventId: 'clientSale.created',
						key: read.key,
						version: read.key,
						at: read.stamp,
						eventData: saleEventData(sale, run.siteId),
					},
				],
);

const clientContracts = operationOf(V6.GetClientContracts);
const contractIdsOf = (sale: IDataObject) =>
	(Array.isArray(sale.PurchasedItems) ? (sale.PurchasedItems as IDataObject[]) : [])
		.map((item) => Number(item.ContractId))
		.filter((id) => Number.isInteger(id) && id > 0);

/** A contract agreed no earlier than the day before its sale (dates may be the site's day). */
const agreedForSale = (contract: IDataObject, sale: IDataObject) =>
	(stampMs(contract.AgreementDate) ?? -Infinity) >= (stampMs(String(sale.SaleDateTime).slice(0, 10)) ?? 0) - DAY_MS;

/**
 * Client contracts have no list across clients: a new sale with a contract among its items is
 * read, then that client's contracts, and the newest of that contract agreed for the sale passes on.
 */
export const clientContractCreated = changeEvent(
	{
		...EVENT_CHOICES.clientContractCreated,
	},
	saleList,
	async (run, sale, read, cursor) => {
		const wanted = contractIdsOf(sale);
		if (remembers(cursor, read.key) || !wanted.length || !sale.ClientId) return [];
		const listing = await readList(
			run.session,
			clientContracts,
			[['request.clientId', String(sale.ClientId)]],
			(contract) => String(contract.Id),
		);
		const taken = new Set<string>();
		const events: PolledEvent[] = [];
		for (const contractId of wanted) {
			const contract = listing.records
				.filter((c) => Number(c.ContractID) === contractId && agreedForSale(c, sale) && !taken.has(String(c.Id)))
				.sort((a, b) => Number(b.Id) - Number(a.Id))[0];
			if (!contract) continue;
			taken.add(String(contract.Id));
			events.push({
				eventId: 'clientContract.created',
				key: String(contract.Id),
				version: read.key,
				at: read.stamp,
				eventData: contractEventData(contract, sale, run.siteId),
			});
		}
		return events;
	},
);
