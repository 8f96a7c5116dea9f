import { IANAZone } from 'luxon';
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { findOperation } from '../../shared/catalogue';
import { DEFAULT_SITE_ID } from '../../shared/auth/scope';
import { mindbodyRequest, type RunSession } from '../../shared/transport';
import { keptForPickers } from './keptForPickers';
import { siteOption } from '../fields/nodeOptions';

type NodeRun = RunSession<IExecuteFunctions>;

const sites = findOperation('site', 'getMany')!;

async function readZone(run: RunSession, siteId: number, itemIndex: number): Promise<string> {
	const response = await mindbodyRequest(run, {
		operation: sites,
		path: sites.path,
		siteId,
		itemIndex,
		label: "Site: Get Many (the site's time zone)",
	});
	const listed = (response.body as { Sites?: Array<{ Id?: unknown; TimeZone?: unknown }> } | null)?.Sites ?? [];
	const zone = listed.find((site) => site.Id === siteId)?.TimeZone;
	if (typeof zone === 'string' && IANAZone.isValidZone(zone)) return zone;
	throw new NodeOperationError(run.ctx.getNode(), `Mindbody gave no time zone for site ${siteId}`, {
		itemIndex,
		description:
			"A date-time with an offset (or an n8n DateTime) for a field in the business's local time needs the site's zone. Write the time without an offset, as the business's local time. Nothing was booked.",
	});
}

/**
 * The time zone of the site an item is sent to (Options → Site ID, or the credential's): one
 * GET /site/sites per site and run, and none in a run that needs no zone.
 */
export async function siteZone(run: NodeRun, itemIndex: number): Promise<string> {
	return await zoneOfSite(run, siteOption(run.ctx, itemIndex), itemIndex);
}

/** The zone of `siteId`, or of the credential's site: one GET /site/sites per site and run. */
export async function zoneOfSite(run: RunSession, siteId?: number, itemIndex = 0): Promise<string> {
	const { credentials } = await run.credentials();
	const site = siteId ?? Number(credentials.siteId ?? DEFAULT_SITE_ID);
	let zone = run.siteZones.get(site);
	if (!zone) {
		zone = readZone(run, site, itemIndex);
		run.siteZones.set(site, zone);
	}
	return await zone;
}

/**
 * The credential's site's zone for a dropdown: read once, then kept (`keptForPickers`), so a
 * picker costs its list's call and no more.
 */
export async function keptSiteZone(run: RunSession): Promise<string> {
	return await keptForPickers(run, 'zone', async (site) => await zoneOfSite(run, site));
}
