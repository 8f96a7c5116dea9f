import { createAdmin, type EmittedEvent } from './admin';
import { Clock } from './clock';
import { CallerBook } from './console/callers';
import type { SandboxContext, SentEmail } from './context';
import { API_KEYS, MAIN_SITE_ID, PACIFIC_SITE_ID, SECOND_SITE_ID, seededAccounts } from './data/accounts';
import { SEEDED_LOGINS } from './data/people';
import { RestStore } from './data/store';
import type { SandboxSize } from './data/types';
import { Faults } from './faults';
import {
	createIdentityService,
	SEEDED_OAUTH_CLIENT,
	type IdentityActivity,
	type IdentitySecrets,
	type OAuthClient,
} from './identity';
import { RequestLog } from './requestLog';
import { createRestService } from './rest';
import { DEFAULT_TOKEN_LIFETIME_MS, SEEDED_CONSUMER_TOKEN, seedTokens } from './rest/userTokens';
import { ADMIN_BASE_PATH, IDENTITY_BASE_PATH, REST_BASE_PATH, SandboxServer, WEBHOOKS_BASE_PATH } from './server';
import { createWebhookService, type WebhookServiceOptions } from './webhooks';

export type { SandboxSize } from './data/types';
export type { EmittedEvent } from './admin';
export { API_KEYS, MAIN_SITE_ID, PACIFIC_SITE_ID, SECOND_SITE_ID } from './data/accounts';
export { SEEDED_LOGINS } from './data/people';
export { SEEDED_CONSUMER_TOKEN } from './rest/userTokens';
export type { IdentityActivity, IdentitySecrets, OAuthClient } from './identity';
export { SEEDED_OAUTH_CLIENT } from './identity';

export interface SandboxOptions {
	/** Default: an ephemeral port. */
	port?: number;
	/** Seed of the generated business (default 1). */
	seed?: number;
	size?: SandboxSize;
	/** Accept plain-http webhook URLs on loopback (the real service demands https). */
	allowLoopbackHttp?: boolean;
	/** User token lifetime on the sandbox clock (default 24 hours). */
	tokenLifetimeMs?: number;
	/** Let the clock follow the wall clock and fire timers as time passes (npm run sandbox). */
	realTimeTicker?: boolean;
	/** Clock start (ISO or epoch ms); default the real time now. Data is built around its day. */
	startAt?: string | number;
	webhooks?: WebhookServiceOptions;
}

export interface Sandbox {
	restBaseUrl: string;
	webhooksBaseUrl: string;
	adminUrl: string;
	/** Sign in with Mindbody (OAuth 2.0 / OpenID Connect): `/connect/authorize`, `/connect/token` below it. */
	identityBaseUrl: string;
	/** The seeded OAuth client: registered under the main key, n8n's callback on any port of 127.0.0.1 or localhost. */
	oauthClient: OAuthClient;
	/** Sign-ins and tokens of the identity service, oldest first, tokens masked. */
	identityActivity(): IdentityActivity[];
	/** The identity service's tokens, verifiers and client secrets, whole (in-process only): what must leak nowhere. */
	identitySecrets(): IdentitySecrets;
	/** The main key: source 'Sandbox Integration', live access, sites -99, -98 and -97. */
	apiKey: string;
	apiKeys: typeof API_KEYS;
	siteId: number;
	secondSiteId: number;
	/** A site on Pacific time (America/Los_Angeles, with daylight saving); the others are on UTC. */
	pacificSiteId: number;
	staffLogin: { username: string; password: string };
	/** A staff login that may read only its own calendar. */
	frontDeskLogin: { username: string; password: string };
	consumerLogin: { username: string; password: string };
	/** A consumer user token of site -99, valid for tokenLifetimeMs after each (re)seed. */
	consumerToken: string;
	context: SandboxContext;
	state: RestStore;
	log: RequestLog;
	faults: Faults;
	clock: Clock;
	/** Every event REST calls emitted, in order. */
	events: EmittedEvent[];
	emails: SentEmail[];
	/** Back to the seeded state: data, tokens, log, faults, e-mails, events, subscriptions. */
	reset(): void;
	reseed(seed: number, size?: SandboxSize): void;
	stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const startAt = typeof options.startAt === 'string' ? Date.parse(options.startAt) : options.startAt;
	const clock = new Clock({ startAt, realTime: options.realTimeTicker });
	const tokens = {
		lifetimeMs: options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS,
		now: () => clock.now(),
	};
	const store = new RestStore({
		seed: options.seed ?? 1,
		size: options.size,
		start: clock.now(),
	});
	seedTokens(store, tokens);
	const accounts = seededAccounts();
	const emails: SentEmail[] = [];
	const events: EmittedEvent[] = [];
	const context: SandboxContext = {
		clock,
		accounts,
		findAccount: (apiKey) => accounts.find((account) => account.apiKey === apiKey),
		emails,
		recordEmail: (email) => emails.push({ ...email, at: clock.iso() }),
		emitEvent: () => undefined,
		allowLoopbackHttp: options.allowLoopbackHttp ?? false,
	};
	const webhooks = createWebhookService(context, options.webhooks);
	// Every event is kept for tests, then handed to the webhook service for delivery.
	context.emitEvent = (eventId, eventData, cause) => {
		events.push({ eventId, eventData, cause, at: clock.iso() });
		webhooks.emitEvent(eventId, eventData, cause);
	};
	const rest = createRestService(context, store, tokens);
	const log = new RequestLog();
	const callers = new CallerBook(store, context);
	log.onRecord((entry) => callers.note(entry));
	const faults = new Faults();
	let identityBaseUrl = '';
	const identity = createIdentityService({ context, store, issuer: () => identityBaseUrl });

	const reseed = (seed: number, size = store.size) => {
		webhooks.reset();
		clock.clearTimers();
		store.regenerate(seed, size);
		seedTokens(store, tokens);
		identity.reset();
		log.clear();
		faults.clear();
		emails.splice(0);
		events.splice(0);
	};
	const reset = () => reseed(store.seed, store.size);
	const admin = createAdmin({
		store,
		log,
		faults,
		clock,
		context,
		events,
		callers,
		reset,
		reseed,
		webhooksAdmin: (method, subPath, body) => webhooks.admin(method, subPath, body),
		identityAdmin: (method, subPath, body) => identity.admin(method, subPath, body),
	});
	const server = new SandboxServer(
		{
			rest: (req) => rest.handle(req),
			webhooks: (req) => webhooks.handle(req),
			admin,
			identity: (req) => identity.handle(req),
		},
		log,
		faults,
		() => clock.iso(),
	);
	const port = await server.listen(options.port ?? 0);
	const origin = `http://127.0.0.1:${port}`;
	identityBaseUrl = `${origin}${IDENTITY_BASE_PATH}`;

	return {
		restBaseUrl: `${origin}${REST_BASE_PATH}`,
		webhooksBaseUrl: `${origin}${WEBHOOKS_BASE_PATH}`,
		adminUrl: `${origin}${ADMIN_BASE_PATH}`,
		identityBaseUrl,
		oauthClient: { ...SEEDED_OAUTH_CLIENT, redirectUris: [...SEEDED_OAUTH_CLIENT.redirectUris] },
		identityActivity: () => identity.activity(),
		identitySecrets: () => identity.secrets(),
		apiKey: API_KEYS.main,
		apiKeys: API_KEYS,
		siteId: MAIN_SITE_ID,
		secondSiteId: SECOND_SITE_ID,
		pacificSiteId: PACIFIC_SITE_ID,
		staffLogin: { ...SEEDED_LOGINS.owner },
		frontDeskLogin: { ...SEEDED_LOGINS.frontDesk },
		consumerLogin: { ...SEEDED_LOGINS.consumer },
		consumerToken: SEEDED_CONSUMER_TOKEN,
		context,
		state: store,
		log,
		faults,
		clock,
		events,
		emails,
		reset,
		reseed,
		async stop() {
			clock.stop();
			await webhooks.stop();
			await server.close();
		},
	};
}
