import type { Visit } from './classRecords';
import { DAY, dateOf, dayName, isoAt } from './dates';
import { meetingOn } from './meetings';
import type { Random } from './prng';
import type { ClassInstance, SiteData } from './types';

/**
 * The months before the seeded classes: the schedules' past classes with the clients who attended
 * them (signed in), so a studio's follow-ups have a history to read. Some clients come every week up
 * to the seeded days; others stopped coming at a day spread over the months, so they lapse (or have
 * lapsed) as the clock moves; most clients never came. And memberships bought a year ago that end in
 * the coming weeks, so renewal reminders come due as the clock moves (the seeded contracts all end
 * two months or more after the seeded days). Appended after the seeded records, with ids after theirs:
 * the seeded records and their ids stay as they were.
 */

/** How far back the history goes, and where the seeded classes begin (schedule.ts). */
export const HISTORY_DAYS = 120;
const SEEDED_FROM_DAY = -14;

/** The share of clients who come to classes, and of those the share who stopped at some day. */
const VISITOR_SHARE = 0.4;
const STOPPED_SHARE = 0.5;

export function generateHistory(rand: Random, site: SiteData, anchor: number): void {
	const visitors = site.clients.filter((client) => client.Status === 'Active' && rand.chance(VISITOR_SHARE));
	// A visitor who stopped came until a day between the history's start and the seeded days' start.
	const lastDay = new Map<number, number>();
	for (const client of visitors) {
		lastDay.set(
			client.Id,
			rand.chance(STOPPED_SHARE) ? rand.int(-HISTORY_DAYS + 7, SEEDED_FROM_DAY - 1) : SEEDED_FROM_DAY - 1,
		);
	}
	let classId = Math.max(5000, ...site.classes.map((c) => c.Id));
	let visitId = Math.max(90000, ...site.classRecords.visits.map((v) => v.Id));
	const classes: ClassInstance[] = [];
	const visits: Visit[] = [];
	for (let day = -HISTORY_DAYS; day < SEEDED_FROM_DAY; day++) {
		const date = anchor + day * DAY;
		for (const schedule of site.classSchedules) {
			if (!schedule.DaysOfWeek.includes(dayName(date)) || dateOf(date) < schedule.StartDate) continue;
			const meeting = meetingOn(schedule, dateOf(date), 'UTC');
			const coming = visitors.filter((client) => lastDay.get(client.Id)! >= day && rand.chance(0.08));
			const attended = coming.slice(0, schedule.MaxCapacity);
			const instance: ClassInstance = {
				Id: ++classId,
				ClassScheduleId: schedule.Id,
				ClassDescriptionId: schedule.ClassDescriptionId,
				LocationId: schedule.LocationId,
				StaffId: schedule.StaffId,
				StartDateTime: isoAt(meeting.start),
				EndDateTime: isoAt(meeting.end),
				MaxCapacity: schedule.MaxCapacity,
				WebCapacity: schedule.WebCapacity,
				TotalBooked: attended.length,
				TotalBookedWaitlist: 0,
				TotalWebBooked: 0,
				IsCanceled: false,
				IsSubstitute: false,
				Hidden: false,
				ContentFormat: schedule.ContentFormat,
				StreamLink:
					schedule.ContentFormat === 'LiveStream:Mindbody-hosted'
						? `https://stream.sandbox.example/classes/${classId}`
						: null,
			};
			classes.push(instance);
			for (const client of attended) {
				const bookedAt = isoAt(meeting.start - rand.int(1, 72) * 3_600_000);
				visits.push({
					Id: ++visitId,
					ClassId: instance.Id,
					ClientId: client.Id,
					Status: 'SignedIn',
					ClientServiceId: null,
					SaleId: null,
					BookedAt: bookedAt,
					LastModifiedDateTime: isoAt(meeting.end),
					Makeup: false,
					WebSignup: rand.chance(0.5),
				});
			}
		}
	}
	site.classes.push(...classes);
	site.classRecords.visits.push(...visits);
	addEndingContracts(site, anchor);
}

/** The days after the seeded day on which the memberships bought a year before end. */
export const ENDING_CONTRACT_DAYS = [3, 10, 17, 24, 31, 38];

/**
 * One-year membership contracts, not renewing, that end ENDING_CONTRACT_DAYS after the anchor: one
 * each for the first active clients holding no contract. No random draw: the rest of the data stays
 * as it was.
 */
function addEndingContracts(site: SiteData, anchor: number): void {
	const records = site.saleRecords;
	const contract = records.contracts.find((c) => c.MembershipId !== null);
	if (!contract) return;
	const holders = new Set(records.clientContracts.map((c) => c.ClientId));
	const clients = site.clients.filter((client) => client.Status === 'Active' && !holders.has(client.Id));
	ENDING_CONTRACT_DAYS.forEach((days, index) => {
		const client = clients[index];
		if (!client) return;
		const end = anchor + days * DAY;
		const start = dateOf(end - 365 * DAY);
		const id = Math.max(60000, ...records.clientContracts.map((c) => c.Id)) + 1;
		records.clientContracts.push({
			Id: id,
			ClientId: client.Id,
			ContractId: contract.Id,
			AgreementDate: start,
			StartDate: start,
			EndDate: dateOf(end),
			IsAutoRenewing: false,
			Status: 'Active',
			SoldById: null,
			LocationId: client.HomeLocationId,
			OriginationLocationId: client.HomeLocationId,
			SaleId: null,
			PayerClientId: client.Id,
			TerminationDate: null,
			TerminationCode: null,
			Suspensions: [],
			AutopayChanges: [],
		});
		records.clientMemberships.push({
			Id: Math.max(70000, ...records.clientMemberships.map((m) => m.Id)) + 1,
			ClientId: client.Id,
			MembershipId: contract.MembershipId!,
			ClientContractId: id,
			StartDate: start,
			EndDate: dateOf(end),
			Status: 'Active',
		});
	});
}
