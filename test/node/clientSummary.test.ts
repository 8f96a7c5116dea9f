import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Client, SiteData } from '../../sandbox/data/types';
import { membershipStatus } from '../../sandbox/rest/v6/clientViews';
import { optionOfService } from '../../sandbox/rest/v6/saleViews';
import { useNodeSandbox } from './support';

/**
 * Front Desk → Client Summary in n8n's engine against the sandbox: each field of the item is the
 * sandbox's own records (sales, visits, appointments, contracts, memberships, pricing options)
 * read another way, and the run costs the requests README states. The sandbox's clock is the real
 * time here, as the node reads "now" from the machine; the main site's zone is UTC.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const typed = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const summary = (clientId: unknown) => ({ resource: 'frontDesk', operation: 'clientSummary', clientId });
const ZONE = 'UTC';
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The summary the node should give, from the sandbox's records (not from its answers). */
function expected(site: SiteData, client: Client, now: number): IDataObject {
	const today = DateTime.fromMillis(now, { zone: ZONE }).toISODate()!;
	const yearAgo = DateTime.fromMillis(now, { zone: ZONE }).minus({ months: 12 }).startOf('day').toMillis();
	let spendAllTime = 0;
	let spendLast12Months = 0;
	for (const sale of site.sales.filter((s) => s.ClientId === client.Id)) {
		for (const item of sale.Items) {
			if (site.saleRecords.saleExtras[sale.Id]?.Lines[item.Id]?.Returned) continue;
			if ((item.Type as string) === 'AccountPayment') continue;
			spendAllTime += item.Amount;
			if (Date.parse(sale.SaleDateTime) >= yearAgo) spendLast12Months += item.Amount;
		}
	}
	const classStart = (classId: number) => site.classes.find((c) => c.Id === classId)!;
	const classVisits = site.classRecords.visits.filter((v) => v.ClientId === client.Id && v.Status !== 'Cancelled');
	const appointments = site.appointments.filter((a) => a.ClientId === client.Id && a.Status !== 'Cancelled');
	const attended = [
		...classVisits.filter((v) => v.Status === 'SignedIn').map((v) => Date.parse(classStart(v.ClassId).StartDateTime)),
		...appointments
			.filter((a) => a.Status === 'Completed' || (a.Status === 'Booked' && a.HasArrived))
			.map((a) => Date.parse(a.StartDateTime)),
	]
		.filter((at) => at < now)
		.sort((a, b) => a - b);
	const ahead = [
		...classVisits
			.filter((v) => v.Status !== 'LateCancelled')
			.map((v) => ({ at: Date.parse(classStart(v.ClassId).StartDateTime), kind: 'class' as const, id: v.ClassId })),
		...appointments
			.filter((a) => a.Status === 'Booked')
			.map((a) => ({ at: Date.parse(a.StartDateTime), kind: 'appointment' as const, id: a.Id })),
	]
		.filter(({ at }) => at >= now)
		.sort((a, b) => a.at - b.at);
	const day = (at?: number) => (at === undefined ? null : DateTime.fromMillis(at, { zone: ZONE }).toISODate());
	const next = ahead[0];
	const nextRecord =
		next?.kind === 'class'
			? classStart(next.id)
			: next?.kind === 'appointment'
				? site.appointments.find((a) => a.Id === next.id)!
				: undefined;
	const nextName =
		next?.kind === 'class'
			? site.classDescriptions.find((d) => d.Id === classStart(next.id).ClassDescriptionId)!.Name
			: next?.kind === 'appointment'
				? site.appointmentTypes.find((t) => t.Id === (nextRecord as { SessionTypeId: number }).SessionTypeId)!.Name
				: '';
	const last = day(attended.at(-1));
	return {
		clientId: client.ClientId,
		uniqueId: client.Id,
		firstName: client.FirstName,
		lastName: client.LastName,
		email: client.Email,
		// The record's Status is the client's membership status, as the sandbox derives it.
		status: membershipStatus(site, client),
		active: client.Active !== false,
		spendAllTime: cents(spendAllTime),
		spendLast12Months: cents(spendLast12Months),
		visitCount: attended.length,
		firstVisitDate: day(attended[0]),
		lastVisitDate: last,
		daysSinceLastVisit: last ? Math.round((Date.parse(today) - Date.parse(last)) / 86_400_000) : null,
		upcomingBookings: ahead.length,
		nextBooking:
			next && nextRecord
				? {
						type: next.kind,
						...(next.kind === 'class' ? { classId: next.id } : { appointmentId: next.id }),
						name: nextName,
						startDateTime: nextRecord.StartDateTime,
						endDateTime: nextRecord.EndDateTime,
						locationId: nextRecord.LocationId,
						staffId: nextRecord.StaffId,
					}
				: null,
		memberships: site.saleRecords.clientMemberships
			.filter((m) => m.ClientId === client.Id && m.Status === 'Active' && m.StartDate <= today && today <= m.EndDate)
			.map((m) => ({
				id: m.Id,
				membershipId: m.MembershipId,
				name: site.saleRecords.memberships.find((kind) => kind.Id === m.MembershipId)!.Name,
				startDate: m.StartDate,
				endDate: m.EndDate,
			})),
		contracts: site.saleRecords.clientContracts
			.filter((c) => c.ClientId === client.Id && c.StartDate <= today && today <= c.EndDate)
			.map((c) => ({
				id: c.Id,
				contractId: c.ContractId,
				name: site.saleRecords.contracts.find((kind) => kind.Id === c.ContractId)!.Name,
				startDate: c.StartDate,
				endDate: c.EndDate,
				autoRenewing: c.IsAutoRenewing,
				autopayStatus: c.Status === 'Terminated' ? 'Inactive' : c.Status,
			})),
		pricingOptions: site.clientServices
			.filter(
				(s) =>
					s.ClientId === client.Id &&
					today <= s.ExpirationDate &&
					!site.saleRecords.clientServiceOrigins[s.Id]?.Returned,
			)
			.sort((a, b) => a.ExpirationDate.localeCompare(b.ExpirationDate))
			.map((s) => ({
				id: s.Id,
				productId: optionOfService(site, s)?.ProductId ?? null,
				name: s.Name,
				sessionsLeft: s.Remaining,
				sessionsBought: s.Count,
				activeDate: s.ActiveDate,
				expirationDate: s.ExpirationDate,
				current: s.ActiveDate <= today && s.Remaining > 0,
			})),
		today,
		timeZone: ZONE,
	};
}

/** A client holding an active membership and contract, a pricing option, an upcoming booking and history. */
function fullClient(site: SiteData): Client {
	const now = Date.now();
	const today = DateTime.fromMillis(now, { zone: ZONE }).toISODate()!;
	const holds = (client: Client) =>
		site.saleRecords.clientMemberships.some(
			(m) => m.ClientId === client.Id && m.Status === 'Active' && m.StartDate <= today && today <= m.EndDate,
		) &&
		site.saleRecords.clientContracts.some(
			(c) => c.ClientId === client.Id && c.StartDate <= today && today <= c.EndDate,
		) &&
		site.clientServices.some((s) => s.ClientId === client.Id && s.ExpirationDate >= today && s.Remaining > 0) &&
		site.classRecords.visits.some((v) => v.ClientId === client.Id && v.Status === 'SignedIn') &&
		site.sales.filter((s) => s.ClientId === client.Id).length >= 2 &&
		[
			...site.classRecords.visits
				.filter((v) => v.ClientId === client.Id && v.Status === 'Booked')
				.map((v) => site.classes.find((c) => c.Id === v.ClassId)!.StartDateTime),
			...site.appointments.filter((a) => a.ClientId === client.Id && a.Status === 'Booked').map((a) => a.StartDateTime),
		].some((start) => Date.parse(start) > now + 60 * 60 * 1000);
	return site.clients.find(holds)!;
}

/** A client with little history: no contract or membership, no booking ahead, at most one visit. */
function quietClient(site: SiteData): Client {
	const now = Date.now();
	return site.clients.find((client) => {
		const visits = site.classRecords.visits.filter((v) => v.ClientId === client.Id);
		const appointments = site.appointments.filter((a) => a.ClientId === client.Id);
		return (
			visits.length + appointments.length <= 1 &&
			!site.saleRecords.clientContracts.some((c) => c.ClientId === client.Id) &&
			!site.saleRecords.clientMemberships.some((m) => m.ClientId === client.Id) &&
			!appointments.some((a) => Date.parse(a.StartDateTime) > now) &&
			!visits.some((v) => Date.parse(site.classes.find((c) => c.Id === v.ClassId)!.StartDateTime) > now)
		);
	})!;
}

/** The requests of the run, by the node's operation names. */
const requestsByOperation = () =>
	h
		.apiRequests()
		.map((request) => request.operation)
		.sort();

describe('Front Desk → Client Summary', () => {
	test("a client with a membership, a contract, pricing options and a booking ahead: every field is the sandbox's records", async () => {
		const site = h.site();
		const client = fullClient(site);
		expect(client).toBeDefined();
		// One of the client's sales made 13 months ago, so the last 12 months leave it out.
		const sale = site.sales.find((s) => s.ClientId === client.Id)!;
		sale.SaleDateTime = DateTime.utc().minus({ months: 13 }).toISO({ suppressMilliseconds: true })!;

		const result = await h.run(summary(typed(client.ClientId)));
		expect(result.status).toBe('success');
		const want = expected(site, client, Date.now());
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.jsonItems[0]).toEqual(want);
		// The case is the one it is meant to be: each part holds something, and the 12 months leave a sale out.
		const item = result.jsonItems[0];
		expect((item.memberships as unknown[]).length).toBeGreaterThan(0);
		expect((item.contracts as unknown[]).length).toBeGreaterThan(0);
		expect((item.pricingOptions as unknown[]).length).toBeGreaterThan(0);
		expect(item.nextBooking).not.toBeNull();
		expect(item.visitCount).toBeGreaterThan(0);
		expect(item.spendLast12Months as number).toBeLessThan(item.spendAllTime as number);
		expect(item.spendLast12Months as number).toBeGreaterThan(0);

		// Three requests for the client, and the studio's zone once per run.
		expect(requestsByOperation()).toEqual([
			'client.getCompleteInfo',
			'client.getPurchases',
			'client.getVisits',
			'site.getMany',
		]);
		const byClient = (operation: string) => h.only(operation).query['request.clientId'];
		expect(byClient('client.getCompleteInfo')).toEqual([client.ClientId]);
		expect(byClient('client.getVisits')).toEqual([client.ClientId]);
		expect(byClient('client.getPurchases')).toEqual([client.ClientId]);
	});

	test('a client with little history: nothing held, no booking ahead; two clients in one run share the zone read', async () => {
		const site = h.site();
		const quiet = quietClient(site);
		const full = fullClient(site);
		expect(quiet).toBeDefined();
		const result = await h.run(summary(typed('={{ $json.client }}')), {
			items: [{ client: quiet.ClientId }, { client: full.ClientId }],
		});
		expect(result.status).toBe('success');
		const now = Date.now();
		expect(result.jsonItems[0]).toEqual(expected(site, quiet, now));
		expect(result.jsonItems[0]).toMatchObject({
			memberships: [],
			contracts: [],
			nextBooking: null,
			upcomingBookings: 0,
		});
		expect((result.jsonItems[0].visitCount as number) <= 1).toBe(true);
		expect(result.jsonItems[1]).toMatchObject({ clientId: full.ClientId });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// 3 per client, 1 for the zone.
		expect(h.apiRequests()).toHaveLength(7);
		expect(h.calls('site.getMany')).toHaveLength(1);
	});

	test('a client ID that names no client: an error naming Client, and nothing read but the record', async () => {
		const result = await h.run(summary(typed('999999')));
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody')!;
		expect(error.message).toBe('Client: no client has the ID "999999"');
		expect(error.description).toContain('Client 999999 was not found');
		expect(requestsByOperation()).toEqual(['client.getCompleteInfo', 'site.getMany']);
	});

	test('Continue On Fail: the unknown client gives an error item, the other its summary, each paired', async () => {
		const client = fullClient(h.site());
		const result = await h.run(summary(typed('={{ $json.client }}')), {
			items: [{ client: '999999' }, { client: client.ClientId }],
			continueOnFail: true,
		});
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toEqual({
			json: { error: 'Client: no client has the ID "999999"' },
			pairedItem: { item: 0 },
		});
		expect(result.items[1].json).toMatchObject({ clientId: client.ClientId, firstName: client.FirstName });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});

	test('the Client left empty is an error naming it, and nothing is sent', async () => {
		const result = await h.run(summary(typed('={{ $json.none }}')), { items: [{ none: '' }] });
		expect(result.nodeError('Mindbody')?.message).toBe('Client: is required');
		expect(h.apiRequests()).toHaveLength(0);
	});
});
