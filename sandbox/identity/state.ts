import { createHash, randomBytes } from 'node:crypto';

import type { SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import type { RestStore } from '../data/store';
import type { StaffLogin } from '../data/types';
import { seededClients, type OAuthClient } from './clients';

/** The identity service's requests: below its base path, neither logged nor faulted. */
export type IdentityRequest = Omit<SandboxRequest, 'service'>;

/** The API scope: an access token the REST API accepts. */
export const API_SCOPE = 'Mindbody.Api.Public.v6';
export const SCOPES = ['openid', 'profile', 'email', 'offline_access', API_SCOPE];

/** Mindbody's access tokens live an hour. */
export const ACCESS_TOKEN_LIFETIME_MS = 3600 * 1000;
export const CODE_LIFETIME_MS = 5 * 60 * 1000;
/** From the sign-in, whatever the refreshes in between. */
export const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** One sign-in of one user to one client at one site: what its code and refresh tokens carry. */
export interface Grant {
	id: number;
	clientId: string;
	siteId: number;
	scopes: string[];
	login: StaffLogin;
	signedInAt: number;
	nonce?: string;
	/** When the last refresh token of this sign-in stops working. */
	refreshUntil: number;
}

export interface AuthorizationCode {
	code: string;
	grant: Grant;
	redirectUri: string;
	/** BASE64URL(SHA256(code_verifier)). */
	challenge: string;
	expires: number;
	/** When a token request spent it, and what came of that. */
	spent?: { at: number; outcome: string };
}

export interface RefreshToken {
	token: string;
	grant: Grant;
	issuedAt: number;
	used?: number;
	revoked?: number;
}

/** What the console may show of the identity service: sign-ins and tokens, secrets masked. */
export interface IdentityActivity {
	at: string;
	kind: 'signIn' | 'signInRefused' | 'signInCancelled' | 'tokenIssued' | 'tokenRefused' | 'revoked';
	clientId?: string;
	siteId?: number;
	/** e.g. `Staff 100000001 Ada Byron` */
	user?: string;
	username?: string;
	grantType?: string;
	accessToken?: string;
	refreshToken?: string;
	/** The names of the form fields a token call sent (never their values): what a client sends where. */
	fields?: string[];
	/** The OAuth error code of a refusal. */
	error?: string;
	detail?: string;
}

/** The first four and last four characters of a secret, never the whole of it. */
export function mask(secret: string): string {
	return secret.length <= 8 ? `${secret.slice(0, 2)}…` : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export const randomToken = () => randomBytes(32).toString('base64url');

export interface IdentityDeps {
	context: SandboxContext;
	store: RestStore;
	/** The service's public base URL (the issuer of its tokens). */
	issuer(): string;
}

/** Clients, codes, refresh tokens and the activity record; reset with the rest of the sandbox. */
export class IdentityState {
	clients: OAuthClient[] = seededClients();

	readonly codes = new Map<string, AuthorizationCode>();

	readonly refreshTokens = new Map<string, RefreshToken>();

	/** The sign-in each access token came from, so a code spent twice can take them back. */
	readonly accessTokens = new Map<string, Grant>();

	readonly activity: IdentityActivity[] = [];

	/** Every code verifier the token endpoint was sent, for tests that check none leaks elsewhere. */
	readonly verifiersReceived = new Set<string>();

	/** Signs this start's tokens; a new start makes every earlier token unknown. */
	readonly secret = randomBytes(32);

	private nextGrant = 1;

	constructor(readonly deps: IdentityDeps) {}

	get now(): number {
		return this.deps.context.clock.now();
	}

	client(clientId: string | undefined): OAuthClient | undefined {
		return this.clients.find((client) => client.clientId === clientId);
	}

	newGrant(fields: Omit<Grant, 'id'>): Grant {
		return { id: this.nextGrant++, ...fields };
	}

	/** The person behind a login, as the activity and the tokens name them. */
	person(siteId: number, login: StaffLogin) {
		const site = this.deps.store.site(siteId);
		const found =
			login.Type === 'Staff'
				? site?.staff.find((member) => member.Id === login.UserId)
				: site?.clients.find((client) => client.Id === login.UserId);
		return { firstName: found?.FirstName ?? '', lastName: found?.LastName ?? '', email: found?.Email };
	}

	describe(grant: Pick<Grant, 'siteId' | 'login'>): string {
		const { firstName, lastName } = this.person(grant.siteId, grant.login);
		return `${grant.login.Type} ${grant.login.UserId} ${firstName} ${lastName}`.trim();
	}

	record(entry: Omit<IdentityActivity, 'at'>): void {
		this.activity.push({ at: this.deps.context.clock.iso(), ...entry });
	}

	reset(): void {
		this.clients = seededClients();
		this.codes.clear();
		this.refreshTokens.clear();
		this.accessTokens.clear();
		this.verifiersReceived.clear();
		this.activity.splice(0);
	}
}

export const oauthError = (
	status: number,
	error: string,
	description: string,
	headers: Record<string, string> = {},
): SandboxResponse => ({
	status,
	body: { error, error_description: description },
	headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers },
});

/** Form fields, each name once: OAuth refuses a repeated parameter. */
export function singleParams(
	lists: Record<string, string[]>,
): { params: Record<string, string> } | { repeated: string } {
	const params: Record<string, string> = {};
	for (const [name, values] of Object.entries(lists)) {
		if (values.length > 1) return { repeated: name };
		params[name] = values[0];
	}
	return { params };
}

export function formOf(raw: string): Record<string, string[]> {
	const lists: Record<string, string[]> = {};
	for (const [key, value] of new URLSearchParams(raw)) (lists[key] ??= []).push(value);
	return lists;
}

export const headerOf = (req: IdentityRequest, name: string): string | undefined => {
	const value = req.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
};

export const mediaTypeOf = (req: IdentityRequest) => headerOf(req, 'content-type')?.split(';')[0].trim().toLowerCase();
