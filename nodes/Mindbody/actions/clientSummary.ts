import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { findTask, laterReadsOfTask, pickedLabel, type Operation } from '../../shared/catalogue';
import { inputPlaces } from '../bodies/inputPlaces';
import { fetchAllPages } from './paging';
import { buildRequest } from './request';
import { sendOperation, type NodeRun } from './send';
import { dateOnly, isAttended, isBookedAhead, nextBookingOf, studioZone } from '../../shared/transport/studioCalendar';
import { siteOption } from '../fields/nodeOptions';

/**
 * Front Desk → Client Summary: what a retention job asks of one client, from the fewest requests
 * the v6 document allows. Its task names GET /client/clientcompleteinfo, which answers the client's
 * record with their pricing options, contracts and memberships in one request (and refuses an ID
 * that names no client before anything else is read). The document lists visits only per client or
 * per class and purchases only per client or per sale, so two more reads follow: the client's
 * visits and purchases, each paged (100 a page: one request up to 100, one more per 100 after).
 * The studio's time zone, read once per run (GET /site/sites), sets "today" and the 12 months.
 */

/** The task's operation value in Front Desk. */
export const CLIENT_SUMMARY = 'clientSummary';

const { visits: visitsOp, purchases: purchasesOp } = laterReadsOfTask(findTask(CLIENT_SUMMARY)!);

/**
 * The reads run from this day: the document's date filters default to today, and a client's history
 * may be older than the business's use of Mindbody (imported records), so none is left out.
 */
const HISTORY_FROM = '1900-01-01';
/** How far ahead bookings are read for the next one. */
const BOOKINGS_AHEAD_YEARS = 1;

type Row = IDataObject;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const listOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * An instant the service wrote: with an offset (the document's UTC `Z`) as written, without one in
 * the studio's time (as the real service writes local times).
 */
function instantOf(value: unknown, zone: string): DateTime | undefined {
	if (typeof value !== 'string' || !value) return undefined;
	const time = DateTime.fromISO(value, { zone, setZone: /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) });
	return time.isValid ? time : undefined;
}

/** Whether a dated record holds on `today`: started (when it says) and not ended before it. */
const holdsOn = (today: string, start: unknown, end: unknown) =>
	(dateOnly(start) ?? today) <= today && today <= (dateOnly(end) ?? today);

/** The earlier of two days, either possibly missing. */
const earlierDay = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : (a ?? b));

function memberships(answer: Row, today: string): IDataObject[] {
	return listOf(answer.ClientMemberships)
		.filter((held) => held.Returned !== true && held.Current !== false)
		.filter((held) => holdsOn(today, held.ActiveDate, held.ExpirationDate))
		.map((held) => ({
			id: held.Id ?? null,
			membershipId: held.MembershipId ?? null,
			name: text(held.Name),
			startDate: dateOnly(held.ActiveDate) ?? null,
			endDate: dateOnly(held.ExpirationDate) ?? null,
		}));
}

function contracts(answer: Row, today: string): IDataObject[] {
	return listOf(answer.ClientContracts)
		.map((held) => ({ held, ends: earlierDay(dateOnly(held.TerminationDate), dateOnly(held.EndDate)) }))
		.filter(({ held, ends }) => holdsOn(today, held.StartDate, ends))
		.map(({ held, ends }) => ({
			id: held.Id ?? null,
			contractId: held.ContractID ?? null,
			name: text(held.ContractName),
			startDate: dateOnly(held.StartDate) ?? null,
			endDate: ends ?? null,
			autoRenewing: held.AutoRenewing === true,
			autopayStatus: held.AutopayStatus ?? null,
		}));
}

/** Pricing options not returned and not yet expired, soonest expiry first. */
function pricingOptions(answer: Row, today: string): IDataObject[] {
	return listOf(answer.ClientServices)
		.filter((held) => held.Returned !== true && today <= (dateOnly(held.ExpirationDate) ?? today))
		.map((held) => ({
			id: held.Id ?? null,
			productId: held.ProductId ?? null,
			name: text(held.Name),
			sessionsLeft: typeof held.Remaining === 'number' ? held.Remaining : null,
			sessionsBought: typeof held.Count === 'number' ? held.Count : null,
			activeDate: dateOnly(held.ActiveDate) ?? null,
			expirationDate: dateOnly(held.ExpirationDate) ?? null,
			current: held.Current === true,
		}))
		.sort((a, b) => text(a.expirationDate).localeCompare(text(b.expirationDate)));
}

/**
 * What the client spent: the amounts paid for what they bought themselves (a sale they were only
 * the recipient of is the buyer's spend), leaving out items returned and payments into an account
 * (spending that credit later is counted with what it bought).
 */
function spend(purchases: Row[], clientId: string, zone: string, yearAgo: DateTime) {
	let allTime = 0;
	let lastYear = 0;
	for (const purchase of purchases) {
		const sale = (purchase.Sale ?? {}) as Row;
		if (purchase.Returned === true || purchase.AccountPayment === true) continue;
		if (sale.ClientId !== undefined && sale.ClientId !== null && text(sale.ClientId) !== clientId) continue;
		const paid = Number(purchase.AmountPaid);
		if (!Number.isFinite(paid)) continue;
		allTime += paid;
		const soldAt = instantOf(sale.SaleDateTime, zone);
		if (soldAt && soldAt >= yearAgo) lastYear += paid;
	}
	return { spendAllTime: cents(allTime), spendLast12Months: cents(lastYear) };
}

/** Visit count, first and last attended days, and the next booking still ahead. */
function visitFacts(visits: Row[], zone: string, now: DateTime) {
	const dated = visits
		.map((visit) => ({ visit, at: instantOf(visit.StartDateTime, zone) }))
		.filter((entry): entry is { visit: Row; at: DateTime } => entry.at !== undefined)
		.sort((a, b) => a.at.toMillis() - b.at.toMillis());
	const past = dated.filter(({ at, visit }) => at < now && isAttended(visit));
	const ahead = dated.filter(({ at, visit }) => at >= now && isBookedAhead(visit));
	const day = (entry?: { at: DateTime }) => (entry ? entry.at.setZone(zone).toISODate() : null);
	const last = day(past.at(-1));
	return {
		visitCount: past.length,
		firstVisitDate: day(past[0]),
		lastVisitDate: last,
		daysSinceLastVisit: last
			? Math.round(now.setZone(zone).startOf('day').diff(DateTime.fromISO(last, { zone }), 'days').days)
			: null,
		upcomingBookings: ahead.length,
		nextBooking: nextBookingOf(visits, zone, now.toMillis()),
	};
}

/** The client field as the form shows it ("Client"), for errors. */
function clientLabel(operation: Operation): string {
	return pickedLabel(inputPlaces(operation).get('request.clientId')?.label ?? 'Client ID');
}

/** An answer that says the client does not exist (404, or the service's client-not-found code). */
function isUnknownClient(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const code = text((error.context?.data as IDataObject | undefined)?.errorCode);
	return error.httpCode === '404' || /^(ClientNotFound|InvalidClientId)$/i.test(code);
}

/** The error of an ID that names no client: the Client field's, with what Mindbody said. */
function unknownClient(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Operation,
	clientId: string,
	said: string,
) {
	return new NodeOperationError(ctx.getNode(), `${clientLabel(operation)}: no client has the ID "${clientId}"`, {
		itemIndex,
		description: `${said} Pick the client from the list (or find the ID with Front Desk → Find Client) and run the node again. Nothing else was read for this client.`,
	});
}

/**
 * One client's summary. The run's context reads the task's fields (the Client picker, Options); the
 * first request is the task's own operation, so its field rules and errors are the operation's.
 */
export async function clientSummary(run: NodeRun, itemIndex: number, operation: Operation): Promise<IDataObject[]> {
	const ctx: IExecuteFunctions = run.ctx;
	const built = buildRequest(ctx, itemIndex, operation);
	const clientId = built.query.find(([name]) => name === 'request.clientId')?.[1] ?? '';
	const zone = await studioZone(run, siteOption(ctx, itemIndex), { itemIndex });
	const now = DateTime.now();
	const today = now.setZone(zone).toISODate()!;
	const until = now.setZone(zone).plus({ years: BOOKINGS_AHEAD_YEARS }).toISODate()!;
	const window: Array<[string, string]> = [
		['request.startDate', HISTORY_FROM],
		['request.endDate', until],
	];

	const response = await sendOperation(
		run,
		itemIndex,
		operation,
		{ path: built.path, query: [...built.query, ...window] },
		undefined,
	).catch((error: unknown) => {
		if (!isUnknownClient(error)) throw error;
		throw unknownClient(ctx, itemIndex, operation, clientId, `Mindbody answered: ${(error as NodeApiError).message}.`);
	});
	const answer = (response.body ?? {}) as Row;
	const client = (answer.Client ?? undefined) as Row | undefined;
	if (!client) throw unknownClient(ctx, itemIndex, operation, clientId, 'Mindbody answered without the client.');
	const byClient: Array<[string, string]> = [['request.clientId', clientId]];
	const [visits, purchases] = await Promise.all([
		fetchAllPages(run, itemIndex, visitsOp, { path: visitsOp.path, query: [...byClient, ...window] }, Infinity),
		fetchAllPages(run, itemIndex, purchasesOp, { path: purchasesOp.path, query: [...byClient, ...window] }, Infinity),
	]);
	const yearAgo = now.setZone(zone).minus({ months: 12 }).startOf('day');
	return [
		{
			clientId: text(client.Id) || clientId,
			uniqueId: client.UniqueId ?? null,
			firstName: text(client.FirstName),
			lastName: text(client.LastName),
			email: text(client.Email),
			status: client.Status ?? null,
			active: client.Active !== false,
			...spend(purchases as Row[], text(client.Id) || clientId, zone, yearAgo),
			...visitFacts(visits as Row[], zone, now),
			memberships: memberships(answer, today),
			contracts: contracts(answer, today),
			pricingOptions: pricingOptions(answer, today),
			today,
			timeZone: zone,
		},
	];
}
