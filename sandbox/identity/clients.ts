import { API_KEYS } from '../data/accounts';

/**
 * An OAuth client of the identity service. Mindbody's API support gives a developer one for their
 * developer account; the sandbox registers it under that account's API key, and the sites the key
 * reaches are the businesses (subscriberId) its users may sign in to.
 */
export interface OAuthClient {
	clientId: string;
	/** Absent for a public client (a native or single-page app), which authenticates by PKCE alone. */
	clientSecret?: string;
	name: string;
	/** Exact URIs; `*` in place of a port stands for any port. */
	redirectUris: string[];
	/** The developer account's API key. */
	apiKey: string;
}

export const SEEDED_OAUTH_CLIENT = {
	clientId: 'sandbox-oauth-client',
	clientSecret: 'sandbox-oauth-secret-000000000000',
	name: 'Sandbox Integration',
	// n8n's OAuth2 credential answers on /rest/oauth2-credential/callback of the port it runs on.
	redirectUris: [
		'http://127.0.0.1:*/rest/oauth2-credential/callback',
		'http://localhost:*/rest/oauth2-credential/callback',
	],
	apiKey: API_KEYS.main,
} as const satisfies OAuthClient;

export function seededClients(): OAuthClient[] {
	return [{ ...SEEDED_OAUTH_CLIENT, redirectUris: [...SEEDED_OAUTH_CLIENT.redirectUris] }];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a redirect URI is one the client registered: the whole URI, with a port for each `:*`. */
export function redirectAllowed(client: OAuthClient, uri: string): boolean {
	return client.redirectUris.some((pattern) => {
		const source = pattern
			.split(':*')
			.map((part) => escapeRegExp(part))
			.join(':\\d{1,5}');
		return new RegExp(`^${source}$`).test(uri);
	});
}
