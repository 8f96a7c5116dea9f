import { MAIN_SITE_ID, SITES } from './accounts';
import { startOfDay } from './dates';
import { generateSite } from './generate';
import type { SandboxSize, SiteData } from './types';
import { wallClock } from './zones';

export interface UserToken {
	AccessToken: string;
	SiteId: number;
	Type: 'Staff' | 'Consumer';
	/** Staff Id or client Id. */
	UserId: number;
	ReadsAllCalendars: boolean;
	/** Epoch ms on the sandbox clock. */
	Expires: number;
	/** Times the token was renewed (the v6 document allows up to 7). */
	Renewals?: number;
}

/** The other sites are small: they exist to prove multi-site keys, per-site data and time zones. */
const OTHER_SITE_SIZE: SandboxSize = {
	locations: 2,
	staff: 5,
	clients: 40,
	sales: 80,
	appointments: 40,
	appointmentRequests: 6,
	promoCodes: 6,
	classSchedules: 4,
	enrollments: 2,
	closures: 2,
};

export interface StoreOptions {
	seed: number;
	size?: SandboxSize;
	/** The clock's start. */
	start: number;
}

/** The REST service's data: one generated business per site, and the issued user tokens. */
export class RestStore {
	readonly sites = new Map<number, SiteData>();

	readonly tokens = new Map<string, UserToken>();

	seed: number;

	size: SandboxSize;

	/** The most entries a page holds, whatever request.limit asks (admin setting; none by default). */
	maxPageSize?: number;

	/** What a request.limit above maxPageSize gets: a page cut to it (default), or a 400. */
	oversizedPages: 'cap' | 'refuse' = 'cap';

	constructor(private readonly options: StoreOptions) {
		this.seed = options.seed;
		this.size = options.size ?? {};
		this.regenerate();
	}

	/** Midnight UTC of the day the data is built around. */
	get anchor(): number {
		return startOfDay(this.options.start);
	}

	/** The main sandbox site (-99). */
	get main(): SiteData {
		return this.sites.get(MAIN_SITE_ID)!;
	}

	site(siteId: number): SiteData | undefined {
		return this.sites.get(siteId);
	}

	/** Rebuilds every site from the seed (a new one when given) and forgets all tokens. */
	regenerate(seed = this.seed, size = this.size): void {
		this.seed = seed;
		this.size = size;
		this.sites.clear();
		this.tokens.clear();
		this.maxPageSize = undefined;
		this.oversizedPages = 'cap';
		SITES.forEach((settings, index) => {
			this.sites.set(
				settings.Id,
				generateSite({
					settings: { ...settings },
					seed: seed + index,
					size: index === 0 ? size : OTHER_SITE_SIZE,
					// The start day on the site's own wall clock.
					anchor: startOfDay(wallClock(settings.TimeZone, this.options.start)),
				}),
			);
		});
	}
}
