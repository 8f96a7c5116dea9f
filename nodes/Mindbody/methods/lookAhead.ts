import { DateTime } from 'luxon';
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import type { LookAhead } from '../../shared/catalogue/listSources';
import type { RunSession } from '../../shared/transport';
import { keptSiteZone } from '../actions/siteZone';

/** The node's option when it holds a whole number of days from 1 up, else the list's default. */
function daysOf(ctx: ILoadOptionsFunctions, lookAhead: LookAhead): number {
	if (!lookAhead.option) return lookAhead.days;
	let value: unknown;
	try {
		value = ctx.getCurrentNodeParameter(`options.${lookAhead.option}`);
	} catch {
		value = undefined;
	}
	const days = typeof value === 'string' ? Number(value.trim()) : value;
	return typeof days === 'number' && Number.isInteger(days) && days >= 1 ? days : lookAhead.days;
}

/**
 * The zone the list's days and times are read in: UTC, or the site's for records in the
 * business's local time (GET /site/sites, kept for an hour: `keptSiteZone`). A site without a valid
 * zone is refused as everywhere else (the studio calendar's one policy): the list says why and what
 * to set in Mindbody, rather than counting the days in another zone.
 */
async function zoneOf(run: RunSession<ILoadOptionsFunctions>, lookAhead: LookAhead): Promise<string> {
	if (!lookAhead.localTimes) return 'UTC';
	return await keptSiteZone(run);
}

/**
 * The window of a list read from now on. The service is asked for whole days (it reads the dates
 * of such windows, not the times), from today in the zone the records are written in; the records
 * are then kept when they start after now and within the days asked for. A start written without
 * an offset is read in that zone.
 */
export async function windowOf(run: RunSession<ILoadOptionsFunctions>, lookAhead: LookAhead) {
	const { ctx } = run;
	const zone = await zoneOf(run, lookAhead);
	const now = DateTime.now().setZone(zone);
	const days = daysOf(ctx, lookAhead);
	const end = now.plus({ days });
	const startOf = (record: IDataObject) => DateTime.fromISO(String(record[lookAhead.start ?? ''] ?? ''), { zone });
	return {
		query: [
			[lookAhead.from, now.toISODate()!],
			[lookAhead.until, end.toISODate()!],
		] as Array<[string, string]>,
		/** The records still ahead, soonest first. */
		ahead(entries: unknown[]): unknown[] {
			if (!lookAhead.start) return entries;
			return (entries as IDataObject[])
				.map((record) => ({ record, start: startOf(record) }))
				.filter(({ start }) => start.isValid && start > now && start <= end)
				.sort((a, b) => a.start.toMillis() - b.start.toMillis())
				.map(({ record }) => record);
		},
	};
}
