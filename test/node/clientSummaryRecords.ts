import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Client, SiteData } from '../../sandbox/data/types';
import { membershipStatus } from '../../sandbox/rest/v6/clientViews';
import { optionOfService } from '../../sandbox/rest/v6/saleViews';

/**
 * What Front Desk → Client Summary should give for a client, read from the sandbox's records (its
 * sales, visits, appointments, contracts, memberships and pricing options), not from its answers;
 * and the clients worth summarizing. The engine test and the end-to-end test share them.
 */

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The summary the node should give, from the sandbox's records (not from its answers). */
export function expectedSummary(
	site: SiteData,
	client: Client,
	now: number,
	zone = site.settings.TimeZone,
): IDataObject {
	const today = DateTime.fromMillis(now, { zone }).toISODate()!;
	const yearAgo = DateTime.fromMillis(now, { zone }).minus({ months: 12 }).startOf('day').toMillis();
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
	const day = (at?: number) => (at === undefined ? null : DateTime.fromMillis(at, { zone }).toISODate());
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
		active: client.Status === 'Active',
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
		timeZone: zone,
	};
}

/** A client holding an active membership and contract, a pricing option, an upcoming booking and history. */
export function fullClient(site: SiteData, now: number, zone = site.settings.TimeZone): Client {
	const today = DateTime.fromMillis(now, { zone }).toISODate()!;
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
export function quietClient(site: SiteData, now: number): Client {
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
