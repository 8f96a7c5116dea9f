import type { ApiKeyAccount } from '../context';
import type { SiteSettings } from './types';

/**
 * The sandbox business every account reaches, a second one of its region for multi-site
 * accounts (both on UTC), and one on Pacific time, with daylight saving, in a region of its own.
 */
export const MAIN_SITE_ID = -99;
export const SECOND_SITE_ID = -98;
export const PACIFIC_SITE_ID = -97;

export const SITES: SiteSettings[] = [
	{
		Id: MAIN_SITE_ID,
		Name: 'Sandbox Wellness Studio',
		RegionId: 1,
		AllowOnlineBooking: true,
		ShowOpenSpaces: false,
		TimeZone: 'UTC',
	},
	{
		Id: SECOND_SITE_ID,
		Name: 'Sandbox Harbor Spa',
		RegionId: 1,
		AllowOnlineBooking: false,
		ShowOpenSpaces: true,
		TimeZone: 'UTC',
	},
	{
		Id: PACIFIC_SITE_ID,
		Name: 'Sandbox Pacific Studio',
		RegionId: 2,
		AllowOnlineBooking: true,
		ShowOpenSpaces: true,
		TimeZone: 'America/Los_Angeles',
	},
];

/** Autopay regions the sites belong to (subscribers are the sites themselves). */
export const REGION_IDS = [1, 2];

export const API_KEYS = {
	main: 'sandbox-main-key-0000000000000000',
	otherSource: 'sandbox-other-source-key-00000000',
	noLiveAccess: 'sandbox-no-live-access-key-000000',
} as const;

/** Both services accept these keys (header API-Key). */
export function seededAccounts(): ApiKeyAccount[] {
	return [
		{
			apiKey: API_KEYS.main,
			sourceName: 'Sandbox Integration',
			liveAccess: true,
			siteIds: [MAIN_SITE_ID, SECOND_SITE_ID, PACIFIC_SITE_ID],
		},
		{
			apiKey: API_KEYS.otherSource,
			sourceName: 'Other Integration',
			liveAccess: true,
			siteIds: [MAIN_SITE_ID],
		},
		{
			apiKey: API_KEYS.noLiveAccess,
			sourceName: 'Pending Integration',
			liveAccess: false,
			siteIds: [MAIN_SITE_ID],
		},
	];
}
