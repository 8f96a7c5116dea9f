import type { IExecuteFunctions } from 'n8n-workflow';

import type { RunSession } from '../../shared/transport';
import { studioZone } from '../../shared/transport/studioCalendar';
import { keptForPickers } from './keptForPickers';
import { siteOption } from '../fields/nodeOptions';

type NodeRun = RunSession<IExecuteFunctions>;

/** What the node can do without the zone: a local time written as such needs none. */
const WITHOUT_ZONE =
	"Until then, write a date-time for a field in the business's local time without an offset, as the business's local time: it needs no zone.";

/**
 * The time zone of the site an item is sent to (Options → Site ID, or the credential's): the
 * studio calendar's one reader (one GET /site/sites per site and run, none in a run that needs no
 * zone), so a site without a valid zone is refused as the poll trigger refuses it.
 */
export async function siteZone(run: NodeRun, itemIndex: number): Promise<string> {
	return await zoneOfSite(run, siteOption(run.ctx, itemIndex), itemIndex);
}

/** The zone of `siteId`, or of the credential's site: one GET /site/sites per site and run. */
export async function zoneOfSite(run: RunSession, siteId?: number, itemIndex = 0): Promise<string> {
	return await studioZone(run, siteId, { itemIndex, advice: WITHOUT_ZONE });
}

/**
 * The credential's site's zone for a dropdown: read once, then kept (`keptForPickers`), so a
 * picker costs its list's call and no more.
 */
export async function keptSiteZone(run: RunSession): Promise<string> {
	return await keptForPickers(run, 'zone', async (site) => await zoneOfSite(run, site));
}
