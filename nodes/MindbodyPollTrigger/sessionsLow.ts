import type { IDataObject } from 'n8n-workflow';

import { V6_OPERATIONS as V6 } from '../../document/facts';
import { addDays, dateOnly } from '../shared/transport/studioCalendar';
import { sellsContract } from './contractEnding';
import { EVENT_CHOICES } from './eventChoices';
import { CLIENTS_PER_READ, followUpEvent, type Due, type FollowUpContext, type FollowUpState } from './followUpEngine';
import {
	addSubjects,
	attendedSteps,
	buyersSince,
	clientPart,
	clientsById,
	everyClient,
	isActiveClient,
	nextBookingFor,
	settingOf,
} from './followUpReads';
import { readList, type Query } from './listPages';
import { operationOf, type PollRun } from './pollEvent';
import type { PolledEvent } from './pollItems';

/**
 * Sessions Running Low: every active client's pricing options are read at the first poll (20
 * clients a request) and kept as their sessions left and expiry; a later poll reads again only the
 * pricing options of clients who attended or bought something since, and those of a pricing option
 * due, before passing it on.
 */

const servicesOp = operationOf(V6.GetClientServices);

/** A pricing option as kept: its client, its sessions remaining (null: not counted), its expiry. */
interface PricingOption {
	client: string;
	remaining: number | null;
	expires: string;
}

interface PricingOptions {
	options: Record<string, PricingOption>;
	/** `<pricing option id>:<threshold>` → its expiry, once passed on. */
	passed: Record<string, string>;
}

/** A sale line that sells a pricing option (a contract's sale may give one too). */
const sellsPricingOption = (item: IDataObject) => item.IsService === true || sellsContract(item);

/** The pricing options of up to 20 clients now (one request), kept in place of those read before. */
async function readOptions(ctx: FollowUpContext<PricingOptions>, clientIds: string[]): Promise<IDataObject[]> {
	const { options } = ctx.state.cases;
	const query: Query = clientIds.map((id) => ['request.clientIds', id]);
	query.push(['request.showActiveOnly', 'true']);
	const reading = await readList(ctx.run.session, servicesOp, query, (service) => String(service.Id));
	for (const [id, option] of Object.entries(options)) if (clientIds.includes(option.client)) delete options[id];
	const read: IDataObject[] = [];
	for (const service of reading.records) {
		const expires = dateOnly(service.ExpirationDate);
		const client = String(service.ClientID ?? service.ClientId ?? '');
		if (!expires || expires < ctx.today || !clientIds.includes(client)) continue;
		const remaining = typeof service.Remaining === 'number' ? service.Remaining : null;
		options[String(service.Id)] = { client, remaining, expires };
		read.push(service);
	}
	return read;
}

/** What a pricing option is due for: its sessions at or under the threshold, its expiry within the days ahead. */
function thresholdsOf(ctx: FollowUpContext<PricingOptions>, id: string): string[] {
	const option = ctx.state.cases.options[id];
	const reached: string[] = [];
	if (option.remaining !== null && option.remaining <= settingOf(ctx.run, 'sessionsLeft'))
		reached.push(`left${settingOf(ctx.run, 'sessionsLeft')}`);
	if (option.expires <= addDays(ctx.today, settingOf(ctx.run, 'daysAhead'))) reached.push(`expires${option.expires}`);
	return ctx.sample ? reached : reached.filter((kind) => ctx.state.cases.passed[`${id}:${kind}`] === undefined);
}

/** The subjects of a reading: the clients whose pricing options it reads (`found.clients`). */
const clientsOf = (ctx: FollowUpContext<PricingOptions>) => ctx.reading.found.clients as string[];

const readEach = (ctx: FollowUpContext<PricingOptions>) => ({
	subjects: () => clientsOf(ctx),
	batch: CLIENTS_PER_READ,
	read: async (batch: string[]) => {
		const read = await readOptions(ctx, batch);
		if (ctx.sample)
			for (const service of read) (ctx.reading.found.records as IDataObject)[String(service.Id)] = service;
	},
});

export const sessionsLow = followUpEvent<PricingOptions>({
	choice: EVENT_CHOICES.sessionsLow,
	cases: () => ({ options: {}, passed: {} }),
	isCases: (value): value is PricingOptions =>
		typeof (value as PricingOptions | undefined)?.options === 'object' &&
		typeof (value as PricingOptions).passed === 'object',
	upgrade(value) {
		// The shape before named fields: pricing option id → [client, remaining, expiry].
		const old = value as { zone?: unknown; day?: unknown; through?: unknown; services?: unknown; passed?: unknown };
		if (typeof old?.zone !== 'string' || typeof old.day !== 'string' || typeof old.through !== 'number')
			return undefined;
		if (typeof old.services !== 'object' || old.services === null || typeof old.passed !== 'object') return undefined;
		const options: Record<string, PricingOption> = {};
		for (const [id, entry] of Object.entries(old.services as Record<string, unknown>)) {
			if (!Array.isArray(entry)) return undefined;
			const remaining = typeof entry[1] === 'number' ? entry[1] : null;
			options[id] = { client: String(entry[0]), remaining, expires: String(entry[2]) };
		}
		return {
			zone: old.zone,
			day: old.day,
			through: old.through,
			cases: { options, passed: { ...(old.passed as Record<string, string>) } },
			owed: [],
		} satisfies FollowUpState<PricingOptions>;
	},
	settings(run) {
		settingOf(run, 'sessionsLeft');
		settingOf(run, 'daysAhead');
	},
	found: () => ({ clients: [], classes: [] }),
	reads: (ctx) =>
		ctx.reading.first
			? [everyClient((client) => clientsOf(ctx).push(String(client.Id))), readEach(ctx)]
			: [
					// Sessions are used by visits, and bought by sales.
					...attendedSteps(
						ctx.run,
						ctx.state.zone,
						{ fromMs: ctx.state.through, toMs: ctx.reading.to, classes: ctx.reading.found.classes as string[] },
						(visit) => addSubjects(clientsOf(ctx), [visit.clientId]),
					),
					buyersSince(ctx.state.day, sellsPricingOption, clientsOf(ctx)),
					readEach(ctx),
				],
	due(ctx) {
		const { options, passed } = ctx.state.cases;
		for (const [key, day] of Object.entries(passed)) if (day < ctx.today) delete passed[key];
		for (const [id, option] of Object.entries(options)) if (option.expires < ctx.today) delete options[id];
		// The first poll too: a pricing option already low or expiring is due on the first morning.
		return Object.entries(options)
			.filter(([id]) => thresholdsOf(ctx, id).length)
			.map(([id, option]): Due => ({ key: id, client: option.client }));
	},
	async readAgain(ctx, due) {
		const holders = [...new Set(due.map((entry) => entry.client))];
		const records = ctx.reading.found.records as Record<string, IDataObject> | undefined;
		const read = ctx.sample ? due.map((entry) => records![entry.key]) : await readOptions(ctx, holders);
		const clients = await clientsById(ctx.run, holders);
		const bookings = new Map<string, IDataObject | null>();
		const events: PolledEvent[] = [];
		for (const service of read) {
			const id = String(service.Id);
			const option = ctx.state.cases.options[id];
			if (!ctx.sample && !isActiveClient(clients.get(option.client))) continue;
			for (const kind of thresholdsOf(ctx, id)) {
				if (!bookings.has(option.client))
					bookings.set(option.client, await nextBookingFor(ctx.run, option.client, ctx.state.zone));
				if (!ctx.sample) ctx.state.cases.passed[`${id}:${kind}`] = option.expires;
				events.push(
					optionItem(
						ctx.run,
						service,
						clients.get(option.client),
						option,
						kind,
						ctx.today,
						bookings.get(option.client)!,
					),
				);
			}
		}
		return events;
	},
	// The pricing options running low of the clients who bought something in the last week.
	sample: {
		reads: (ctx) => {
			ctx.reading.found.records = {};
			return [buyersSince(addDays(ctx.today, -7), sellsPricingOption, clientsOf(ctx), CLIENTS_PER_READ), readEach(ctx)];
		},
	},
});

function optionItem(
	run: PollRun,
	service: IDataObject,
	client: IDataObject | undefined,
	option: PricingOption,
	kind: string,
	today: string,
	nextBooking: IDataObject | null,
): PolledEvent {
	const id = String(service.Id);
	return {
		eventId: 'clientService.runningLow',
		key: id,
		version: `sessions:${id}:${kind}`,
		at: `${today}T00:00:00`,
		eventData: {
			siteId: run.siteId,
			...clientPart(client, option.client),
			clientServiceId: Number(service.Id),
			pricingOptionName: String(service.Name ?? ''),
			productId: service.ProductId ?? null,
			reason: kind.startsWith('left') ? 'sessionsLeft' : 'expiring',
			count: typeof service.Count === 'number' ? service.Count : null,
			remaining: option.remaining,
			activeDate: dateOnly(service.ActiveDate) ?? null,
			expirationDate: option.expires,
			nextBooking,
		},
	};
}
