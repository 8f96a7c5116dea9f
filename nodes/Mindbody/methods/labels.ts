import { DateTime } from 'luxon';
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { LISTS, type ListSource } from '../../shared/catalogue/listSources';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

const personName = (record: IDataObject) => [record.FirstName, record.LastName].filter(Boolean).map(text).join(' ');

/**
 * An entry's name (a person's full name, a category's, a code; a gift card has only its
 * description), for lists labelled by name and ID.
 */
function nameOf(record: IDataObject): string {
	return text(
		record.Name ??
			record.DisplayName ??
			(personName(record) || undefined) ??
			record.CategoryName ??
			record.SubCategoryName ??
			record.Code ??
			record.Description,
	);
}

const idOf = (record: IDataObject) => text(record.Id ?? record.id ?? record.ProductId);

const byNameAndId = (record: IDataObject): INodePropertyOptions => {
	const id = idOf(record);
	return { name: `${nameOf(record) || id} (${id})`, value: id };
};

/** A time as the service wrote it (the site's clock), as a person reads it: "Tue 2 Dec 18:00". */
const dayAndTime = (value: unknown) => {
	const time = DateTime.fromISO(text(value), { setZone: true });
	return time.isValid ? time.toFormat('ccc d LLL HH:mm', { locale: 'en' }) : text(value);
};

const staffName = (staff: unknown) => {
	const record = (staff ?? {}) as IDataObject;
	return text(record.Name ?? record.DisplayName) || personName(record);
};

/** Places left, or why there are none to book: "4 spots", "1 spot", "full", "cancelled". */
function spotsOf(record: IDataObject): string | undefined {
	if (record.IsCanceled === true) return 'cancelled';
	const { MaxCapacity: max, TotalBooked: booked } = record;
	// A site that hides capacity answers null: no count is shown.
	if (typeof max !== 'number' || typeof booked !== 'number') return undefined;
	const left = max - booked;
	if (left <= 0) return 'full';
	return `${left} ${left === 1 ? 'spot' : 'spots'}`;
}

/**
 * "Tue 2 Dec 18:00 · Vinyasa Flow · Ana Ruiz · 4 spots": the day and time as the service wrote
 * them (the site's clock), so the words can be searched as a person reads them.
 */
function classEntry(record: IDataObject): INodePropertyOptions {
	const start = DateTime.fromISO(text(record.StartDateTime), { setZone: true });
	if (!start.isValid) return byNameAndId(record);
	const parts = [
		start.toFormat('ccc d LLL HH:mm', { locale: 'en' }),
		text((record.ClassDescription as IDataObject | undefined)?.Name),
		staffName(record.Staff),
		spotsOf(record),
	];
	return { name: parts.filter(Boolean).join(' · '), value: idOf(record) };
}

/** "Tue 2 Dec 10:00 · Deep Tissue 60 · Ana Ruiz · Downtown": an open slot, its value the start Book sends. */
function slotEntry(record: IDataObject): INodePropertyOptions {
	const parts = [
		dayAndTime(record.StartDateTime),
		text((record.SessionType as IDataObject | undefined)?.Name),
		staffName(record.Staff),
		text((record.Location as IDataObject | undefined)?.Name),
	];
	return { name: parts.filter(Boolean).join(' · '), value: text(record.StartDateTime) };
}

/**
 * "Tue 2 Dec 10:00 · Deep Tissue Massage · Ana Ruiz · client 100012": a booked appointment, the
 * service booked (its session type, read beside the appointments) with whom and for whom.
 */
function appointmentEntry(record: IDataObject): INodePropertyOptions {
	const client = text(record.ClientId);
	const parts = [
		dayAndTime(record.StartDateTime),
		text((record.SessionType as IDataObject | undefined)?.Name),
		staffName(record.Staff),
		client ? `client ${client}` : '',
	];
	return { name: parts.filter(Boolean).join(' · '), value: idOf(record) };
}

/** "Tue 2 Dec 18:00 · Vinyasa Flow": a class the client is booked into (a visit), its value the class. */
function bookedClassEntry(record: IDataObject): INodePropertyOptions {
	const parts = [dayAndTime(record.StartDateTime), text(record.Name)];
	return { name: parts.filter(Boolean).join(' · '), value: text(record.ClassId) };
}

/** "Noor Haddad · Tue 2 Dec 18:00 · Vinyasa Flow": who waits for which class. */
function waitlistEntry(record: IDataObject): INodePropertyOptions {
	const schedule = (record.ClassSchedule ?? {}) as IDataObject;
	const parts = [
		personName((record.Client ?? {}) as IDataObject),
		dayAndTime(record.ClassDate),
		text((schedule.ClassDescription as IDataObject | undefined)?.Name),
	];
	return { name: parts.filter(Boolean).join(' · '), value: idOf(record) };
}

/** "Ana Ruiz · ana@example.com": two clients of one name told apart the way a person knows them. */
function clientEntry(record: IDataObject): INodePropertyOptions {
	const email = text(record.Email).trim();
	if (!email) return byNameAndId(record);
	return { name: `${nameOf(record)} · ${email}`, value: idOf(record) };
}

const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : undefined);

/**
 * "10 Class Pass · 25.00 at the desk, 22.00 online (1001)": the price to take, as the sale is made
 * at a location or online.
 */
function pricingOptionEntry(record: IDataObject): INodePropertyOptions {
	const entry = byNameAndId(record);
	const desk = money(record.Price);
	const online = money(record.OnlinePrice);
	if (!desk) return entry;
	const prices = online && online !== desk ? `${desk} at the desk, ${online} online` : desk;
	return { name: `${nameOf(record) || idOf(record)} · ${prices} (${idOf(record)})`, value: entry.value };
}

/** "31 Dec 2026": a day the service wrote (a time at midnight), as a person reads it. */
const day = (value: unknown) => {
	const time = DateTime.fromISO(text(value), { setZone: true });
	return time.isValid ? time.toFormat('d LLL yyyy', { locale: 'en' }) : text(value);
};

/** "7 of 10 left", "1 left": what a client's pricing option still pays for. */
function sessionsLeft(record: IDataObject): string | undefined {
	const { Remaining: left, Count: count } = record;
	if (typeof left !== 'number') return undefined;
	return typeof count === 'number' ? `${left} of ${count} left` : `${left} left`;
}

/**
 * "7 of 10 left · until 31 Dec 2026 · Yoga 10-Session Pass": a pricing option a client holds, told
 * apart from another by what is left on it and when it runs out, said first: the list cuts a long
 * label at its end, so a long name is cut rather than the expiry.
 */
function clientServiceEntry(record: IDataObject): INodePropertyOptions {
	const until = record.ExpirationDate ? `until ${day(record.ExpirationDate)}` : '';
	const parts = [sessionsLeft(record), until, nameOf(record) || idOf(record)];
	return { name: parts.filter(Boolean).join(' · '), value: idOf(record) };
}

/** "a month", "every 2 weeks": how often a contract's autopay runs. */
function everyOf(schedule: IDataObject | undefined): string | undefined {
	const unit = text(schedule?.FrequencyTimeUnit).toLowerCase();
	const units: Record<string, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };
	if (!units[unit]) return undefined;
	const every = Number(schedule?.FrequencyValue ?? 1);
	return every > 1 ? `every ${every} ${units[unit]}s` : `a ${units[unit]}`;
}

/**
 * "Monthly Unlimited Agreement · 99.00 a month × 12 (301)": a contract for sale with what it costs
 * and for how long, the first payment said when it differs.
 */
function contractEntry(record: IDataObject): INodePropertyOptions {
	const entry = byNameAndId(record);
	const recurring = money(record.RecurringPaymentAmountTotal);
	const first = money(record.FirstPaymentAmountTotal);
	const every = everyOf(record.AutopaySchedule as IDataObject | undefined);
	const count =
		typeof record.NumberOfAutopays === 'number' && record.NumberOfAutopays > 0 ? record.NumberOfAutopays : 0;
	const terms: string[] = [];
	if (recurring && every) terms.push(`${recurring} ${every}${count ? ` × ${count}` : ''}`);
	else if (first) terms.push(first);
	if (first && recurring && every && first !== recurring) terms.push(`${first} first`);
	if (!terms.length) return entry;
	return { name: `${nameOf(record) || idOf(record)} · ${terms.join(', ')} (${idOf(record)})`, value: entry.value };
}

/** Lists whose entries a person tells apart by more than a name and an ID. */
const ENTRIES = new Map<ListSource, (record: IDataObject) => INodePropertyOptions>([
	[LISTS.classes, classEntry],
	[LISTS.clients, clientEntry],
	[LISTS.openSlots, slotEntry],
	[LISTS.appointments, appointmentEntry],
	[LISTS.waitlistEntries, waitlistEntry],
	[LISTS.pricingOptions, pricingOptionEntry],
	[LISTS.bookedClasses, bookedClassEntry],
	[LISTS.clientServices, clientServiceEntry],
	[LISTS.contracts, contractEntry],
]);

/** One dropdown entry of the list from one record of its answer. */
export function entryOf(list: ListSource, entry: unknown): INodePropertyOptions {
	if (typeof entry !== 'object' || entry === null) return { name: String(entry), value: String(entry) };
	const record = entry as IDataObject;
	if (typeof record.subscriptionId === 'string') {
		const status = record.status ? ` (${String(record.status)})` : '';
		return { name: `${String(record.webhookUrl ?? record.subscriptionId)}${status}`, value: record.subscriptionId };
	}
	return (ENTRIES.get(list) ?? byNameAndId)(record);
}
