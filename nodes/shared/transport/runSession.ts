import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { SignInRenewalFailed } from '../auth/oauth';
import { TokenSession } from '../auth/tokenSession';
import { InFlight } from './inFlight';

export const CREDENTIAL_NAME = 'mindbodyApi';
/** Sign in with Mindbody: the credential the nodes' Authentication field chooses instead (`oAuth2`). */
export const SIGN_IN_CREDENTIAL_NAME = 'mindbodyOAuth2Api';

/** The node's Authentication field; a node saved before it existed uses the API key. */
export function credentialNameOf(ctx: MindbodyFunctions): string {
	return ctx.getNode().parameters?.authentication === 'oAuth2' ? SIGN_IN_CREDENTIAL_NAME : CREDENTIAL_NAME;
}

/** n8n's refresh of an OAuth credential's tokens, which stores them with the credential. */
interface OAuthHelpers {
	refreshOAuth2Token?: (this: MindbodyFunctions, credentialsType: string) => Promise<unknown>;
}

export type MindbodyFunctions =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/** The credential as a run holds it: read and decrypted once, and its user token. */
export interface RunCredential {
	/** The credential type the node's Authentication field chose. */
	type: string;
	credentials: ICredentialDataDecryptedObject;
	tokens: TokenSession;
}

async function refreshOAuth(ctx: MindbodyFunctions): Promise<unknown> {
	const refresh = (ctx.helpers as OAuthHelpers).refreshOAuth2Token;
	if (typeof refresh !== 'function') {
		throw new SignInRenewalFailed(
			'This n8n cannot renew the Mindbody sign-in (its helper to refresh OAuth tokens is missing)',
			'Update n8n, or reconnect the Mindbody OAuth2 API credential whenever its sign-in expires. Nothing was sent.',
			'no_refresh_helper',
		);
	}
	return await refresh.call(ctx, SIGN_IN_CREDENTIAL_NAME);
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
		const { ctx } = this;
		const type = credentialNameOf(ctx);
		this.credential ??= ctx.getCredentials<ICredentialDataDecryptedObject>(type).then((credentials) => ({
			type,
			credentials,
			tokens: new TokenSession(
				ctx,
				credentials,
				type === SIGN_IN_CREDENTIAL_NAME ? { refresh: async () => await refreshOAuth(ctx) } : undefined,
			),
		}));
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
