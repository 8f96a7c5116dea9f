import type { IDataObject } from 'n8n-workflow';

import { addDays, dateOnly } from '../shared/transport/studioCalendar';
import { EVENT_CHOICES } from './eventChoices';
import { followUpEvent, type Due, type FollowUpState } from './followUpEngine';
import {
	clientPart,
	clientsById,
	clientsChangedSince,
	everyClient,
	isActiveClient,
	nextBookingFor,
} from './followUpReads';
import type { PolledEvent } from './pollItems';

/**
 * Birthday: every active client's birthday is read at the first poll (100 clients a request) and
 * kept; a later poll reads only the clients changed since. The day's birthday clients are read again
 * by id before they are passed on.
 */

interface Birthdays {
	/** Client id → her birthday (MM-DD). */
	birthdays: Record<string, string>;
	/** The studio's day whose birthdays were passed on last ('' before the first poll). */
	passedThrough: string;
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

/** Fetch Test Event shows at most this many birthdays. */
const SAMPLE_MOST = 5;

export const birthday = followUpEvent<Birthdays>({
	choice: EVENT_CHOICES.birthday,
	cases: () => ({ birthdays: {}, passedThrough: '' }),
	isCases: (value): value is Birthdays =>
		typeof (value as Birthdays | undefined)?.birthdays === 'object' &&
		typeof (value as Birthdays).passedThrough === 'string',
	upgrade(value) {
		const old = value as { zone?: unknown; day?: unknown; birthdays?: unknown } | undefined;
		if (typeof old?.zone !== 'string' || typeof old.day !== 'string') return undefined;
		if (typeof old.birthdays !== 'object' || old.birthdays === null) return undefined;
		return {
			zone: old.zone,
			day: old.day,
			through: 0,
			cases: { birthdays: { ...(old.birthdays as Record<string, string>) }, passedThrough: old.day },
			owed: [],
		} satisfies FollowUpState<Birthdays>;
	},
	reads(ctx) {
		const { birthdays } = ctx.state.cases;
		const learn = (client: IDataObject) => {
			const date = monthDay(client);
			if (date && isActiveClient(client)) birthdays[String(client.Id)] = date;
			else delete birthdays[String(client.Id)];
		};
		return [ctx.reading.first ? everyClient(learn) : clientsChangedSince(ctx.state.day, learn)];
	},
	due(ctx) {
		const { birthdays } = ctx.state.cases;
		const since = ctx.sample ? addDays(ctx.today, -MISSED_DAYS) : ctx.state.cases.passedThrough;
		if (since && since >= ctx.today) return [];
		// The first poll passes on today's birthdays; a later one the days since the last (at most MISSED_DAYS).
		const days: string[] = [];
		for (
			let day = ctx.today;
			day > (since || addDays(ctx.today, -1)) && days.length < MISSED_DAYS;
			day = addDays(day, -1)
		)
			days.push(day);
		if (!ctx.sample) ctx.state.cases.passedThrough = ctx.today;
		const due: Due[] = [];
		for (const day of days) {
			for (const [id, date] of Object.entries(birthdays))
				if (birthdayOn(day, date)) due.push({ key: `${id}:${day}`, client: id, day });
		}
		return due;
	},
	async readAgain(ctx, due) {
		const clients = await clientsById(
			ctx.run,
			due.map((entry) => entry.client),
		);
		const events: PolledEvent[] = [];
		for (const { client: id, day } of due) {
			const client = clients.get(id);
			if (!isActiveClient(client) || !birthdayOn(day!, monthDay(client!) ?? '')) continue;
			const born = dateOnly(client!.BirthDate)!;
			events.push({
				eventId: 'client.birthday',
				key: id,
				version: `birthday:${id}:${day!.slice(0, 4)}`,
				at: `${day}T00:00:00`,
				eventData: {
					siteId: ctx.run.siteId,
					...clientPart(client, id),
					birthday: day,
					age: Number(day!.slice(0, 4)) - Number(born.slice(0, 4)),
					nextBooking: await nextBookingFor(ctx.run, id, ctx.state.zone),
				},
			});
		}
		return events;
	},
	// Today's birthdays, or the week's before.
	sample: {
		reads: (ctx) => [
			everyClient((client) => {
				const date = monthDay(client);
				if (date) ctx.state.cases.birthdays[String(client.Id)] = date;
			}),
		],
		most: SAMPLE_MOST,
	},
});
