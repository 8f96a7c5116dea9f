import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { TokenSession } from '../auth/tokenSession';
import { InFlight } from './inFlight';

export const CREDENTIAL_NAME = 'mindbodyApi';

export type MindbodyFunctions =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/** The credential as a run holds it: read and decrypted once, and its user token. */
export interface RunCredential {
	credentials: ICredentialDataDecryptedObject;
	tokens: TokenSession;
}

/**
 * One run of a node and what its requests share: the credential (read once), the staff login
 * (one login, renewal or replacement for the run), the hold after a 429, the bound on requests
 * in flight and the sites' time zones. Made where a run starts (the action node's execute, a dropdown, a trigger hook, a
 * poll) and handed to every request of it; nothing of it outlives the run.
 */
export class RunSession<C extends MindbodyFunctions = MindbodyFunctions> {
	readonly inFlight: InFlight;

	private credential?: Promise<RunCredential>;

	private heldUntil = 0;

	/**
	 * Each site's time zone (an IANA name), read once for the run and only when a time in the
	 * business's local time needs it (GET /site/sites is a billed request like any other).
	 */
	readonly siteZones = new Map<number, Promise<string>>();

	/** `requestsInFlight`: at most this many requests at once (no bound by default). */
	constructor(
		readonly ctx: C,
		options: { requestsInFlight?: number } = {},
	) {
		this.inFlight = new InFlight(options.requestsInFlight ?? Infinity);
	}

	/** The run's credential, read and decrypted with the first request. */
	async credentials(): Promise<RunCredential> {
		this.credential ??= this.ctx
			.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_NAME)
			.then((credentials) => ({ credentials, tokens: new TokenSession(this.ctx, credentials) }));
		return await this.credential;
	}

	/**
	 * A 429 (Too Many Requests) holds back every request of the run, not only the one that got
	 * it, until its Retry-After (or the backoff) has passed.
	 */
	holdBack(ms: number): void {
		this.heldUntil = Math.max(this.heldUntil, Date.now() + ms);
	}

	/** Waits while the run is held back, never past `deadline`. */
	async pace(deadline: number): Promise<void> {
		const until = Math.min(this.heldUntil, deadline - 1);
		if (until > Date.now()) await sleep(until - Date.now());
	}
}
