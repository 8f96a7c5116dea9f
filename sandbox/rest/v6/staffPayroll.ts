import type { SandboxResponse } from '../../context';
import { DAY, dateOf, inclusiveEnd, isoAt, MINUTE, startOfDay } from '../../data/dates';
import type { SiteData } from '../../data/types';
import { v6Error, v6Page } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { DEFAULT_PAY_RATE } from './staffViews';

/**
 * Payroll from the site's records: commissions and tips from sales (the seller earns them),
 * scheduled service earnings from taught classes and completed appointments (the staff member's
 * pay rate for the session type), time cards from the days staff worked (first service less a
 * quarter hour to the last one plus a quarter hour). The range defaults to the seven days before
 * today and may span 14 days at most (the document).
 */

const MAX_RANGE = 14 * DAY;

/** Commission on what a staff member sells (the service's rates are not shown). */
const COMMISSION_RATE = 0.1;

/** Flat pay per taught class, and per booked client. */
const CLASS_PAY = { base: 40, perClient: 2 };

/** Hourly rate on time cards. */
const HOURLY_RATE = 20;

interface Range {
	from: number;
	to: number;
	staffId?: number;
	locationId?: number;
}

function rangeOf(call: RestCall): Range | SandboxResponse {
	const start = call.params.time('request.startDateTime');
	const end = call.params.time('request.endDateTime');
	const today = startOfDay(call.now);
	const to = end !== undefined ? inclusiveEnd(end) : start !== undefined ? inclusiveEnd(today) : today + DAY - 1;
	const from = start ?? (end !== undefined ? end - 7 * DAY : today - 7 * DAY);
	if (to < from)
		return v6Error(400, 'InvalidParameter', 'request.endDateTime must not lie before request.startDateTime.');
	if (to - from > MAX_RANGE)
		return v6Error(400, 'InvalidDateRange', 'The payroll date range may span at most 14 days.');
	return { from, to, staffId: call.params.int('request.staffId'), locationId: call.params.int('request.locationId') };
}

const inRange = (range: Range, at: string, staffId: number, locationId: number) => {
	const when = Date.parse(at);
	return (
		when >= range.from &&
		when <= range.to &&
		(range.staffId === undefined || staffId === range.staffId) &&
		(range.locationId === undefined || locationId === range.locationId)
	);
};

const money = (value: number) => Math.round(value * 100) / 100;

const byStaffThenTime =
	<T extends { StaffId: number }>(time: (row: T) => string) =>
	(a: T, b: T) =>
		a.StaffId - b.StaffId || time(a).localeCompare(time(b));

const isResponse = (value: object): value is SandboxResponse => 'status' in value;

export function getCommissions(call: RestCall): SandboxResponse {
	const range = rangeOf(call);
	if (isResponse(range)) return range;
	const rows = call.site.sales
		.filter((sale) => inRange(range, sale.SaleDateTime, sale.SoldById, sale.LocationId))
		.flatMap((sale) =>
			sale.Items.filter((item) => item.Type !== 'Tip' && item.Type !== 'GiftCard' && item.Amount > 0).map((item) => {
				const earnings = money(item.Amount * COMMISSION_RATE);
				return {
					StaffId: sale.SoldById,
					SaleDateTime: sale.SaleDateTime,
					SaleId: sale.Id,
					SaleType: item.Type,
					ProductId: item.Id,
					EarningsDetails: [{ CommissionType: 'ItemPercentage', CommissionEarnings: earnings }],
					Earnings: earnings,
				};
			}),
		)
		.sort(byStaffThenTime((row) => row.SaleDateTime));
	return v6Page(call, 'Commissions', rows);
}

export function getTips(call: RestCall): SandboxResponse {
	const range = rangeOf(call);
	if (isResponse(range)) return range;
	const rows = call.site.sales
		.filter((sale) => inRange(range, sale.SaleDateTime, sale.SoldById, sale.LocationId))
		.flatMap((sale) =>
			sale.Items.filter((item) => item.Type === 'Tip').map((item) => ({
				StaffId: sale.SoldById,
				SaleId: sale.Id,
				SaleDateTime: sale.SaleDateTime,
				Earnings: item.Amount,
			})),
		)
		.sort(byStaffThenTime((row) => row.SaleDateTime));
	return v6Page(call, 'Tips', rows);
}

interface Service {
	StaffId: number;
	Type: 'Class' | 'Appointment';
	Id: number;
	Start: string;
	End: string;
	Earnings: number;
}

/** Classes taught (not cancelled, started) and appointments completed, in the range. */
function servicesOf(site: SiteData, range: Range, now: number): Service[] {
	const classes = site.classes
		.filter((c) => !c.IsCanceled && Date.parse(c.StartDateTime) <= now)
		.filter((c) => inRange(range, c.StartDateTime, c.StaffId, c.LocationId))
		.map(
			(c): Service => ({
				StaffId: c.StaffId,
				Type: 'Class',
				Id: c.Id,
				Start: c.StartDateTime,
				End: c.EndDateTime,
				Earnings: CLASS_PAY.base + CLASS_PAY.perClient * c.TotalBooked,
			}),
		);
	const appointments = site.appointments
		.filter((a) => a.Status === 'Completed' && inRange(range, a.StartDateTime, a.StaffId, a.LocationId))
		.map((a): Service => {
			const price = byId(site.appointmentTypes, a.SessionTypeId)?.Price ?? 0;
			const rate = site.staffRecords.sessionTypes.find(
				(s) => s.StaffId === a.StaffId && s.SessionTypeId === a.SessionTypeId,
			);
			const type = rate?.PayRateType ?? 'Percent';
			const amount = rate?.PayRateAmount ?? DEFAULT_PAY_RATE;
			const earnings = type === 'Flat' ? amount : type === 'No Pay' ? 0 : (price * amount) / 100;
			return {
				StaffId: a.StaffId,
				Type: 'Appointment',
				Id: a.Id,
				Start: a.StartDateTime,
				End: a.EndDateTime,
				Earnings: money(earnings),
			};
		});
	return [...classes, ...appointments].sort(byStaffThenTime((s) => s.Start));
}

export function getScheduledServiceEarnings(call: RestCall): SandboxResponse {
	const range = rangeOf(call);
	if (isResponse(range)) return range;
	const typeText = call.params.str('request.scheduledServiceType');
	const type = ['Class', 'Appointment'].find((name) => name.toLowerCase() === typeText?.toLowerCase());
	if (typeText !== undefined && !type)
		return v6Error(400, 'InvalidParameter', 'request.scheduledServiceType must be Class or Appointment.');
	const id = call.params.int('request.scheduledServiceId');
	if (id !== undefined && !type)
		return v6Error(400, 'InvalidParameter', 'request.scheduledServiceId needs a request.scheduledServiceType.');
	const rows = servicesOf(call.site, range, call.now)
		.filter((service) => (!type || service.Type === type) && (id === undefined || service.Id === id))
		.map((service) => ({
			StaffId: service.StaffId,
			ScheduledServiceId: service.Id,
			ScheduledServiceType: service.Type,
			Earnings: service.Earnings,
			DateTime: service.Start,
		}));
	return v6Page(call, 'ScheduledServiceEarnings', rows);
}

export function getTimeCards(call: RestCall): SandboxResponse {
	const range = rangeOf(call);
	if (isResponse(range)) return range;
	const days = new Map<string, Service[]>();
	for (const service of servicesOf(call.site, range, call.now)) {
		const key = `${service.StaffId} ${dateOf(Date.parse(service.Start))}`;
		days.set(key, [...(days.get(key) ?? []), service]);
	}
	const rows = [...days.values()].map((services) => {
		const timeIn = Math.min(...services.map((s) => Date.parse(s.Start))) - 15 * MINUTE;
		const timeOut = Math.max(...services.map((s) => Date.parse(s.End))) + 15 * MINUTE;
		const hours = money((timeOut - timeIn) / (60 * MINUTE));
		return {
			StaffId: services[0].StaffId,
			Task: services.every((s) => s.Type === 'Class') ? 'Teaching' : 'Appointments',
			TimeIn: isoAt(timeIn),
			TimeOut: isoAt(timeOut),
			Hours: hours,
			HourlyRate: HOURLY_RATE,
			Earnings: money(hours * HOURLY_RATE),
		};
	});
	return v6Page(call, 'TimeCards', rows.sort(byStaffThenTime((row) => row.TimeIn)));
}
