import { randomBytes } from 'node:crypto';

import { z } from 'zod';

import { describeIssues } from '../../document/bodyCheck';
import type { SandboxRequest, SandboxResponse } from '../context';
import { isoAt } from '../data/dates';
import { MAIN_SITE_ID } from '../data/accounts';
import type { RestStore, UserToken } from '../data/store';
import type { SiteData, StaffLogin } from '../data/types';
import type { Caller } from './auth';
import { readBearer } from './auth';
import { json, text } from './call';

export const DEFAULT_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Renewals a token takes before a new one must be issued. */
export const MAX_RENEWALS = 7;

/** A consumer token seeded on the main site, for the consumer operations. */
export const SEEDED_CONSUMER_TOKEN = 'sandbox-consumer-token';

const loginBody = z.object({ Username: z.string().min(1), Password: z.string().min(1) }).passthrough();

export interface TokenSettings {
	lifetimeMs: number;
	now(): number;
}

function grant(store: RestStore, siteId: number, login: StaffLogin, expires: number, value?: string): UserToken {
	const token: UserToken = {
		AccessToken: value ?? randomBytes(24).toString('hex'),
		SiteId: siteId,
		Type: login.Type,
		UserId: login.UserId,
		ReadsAllCalendars: login.ReadsAllCalendars,
		Expires: expires,
	};
	store.tokens.set(token.AccessToken, token);
	return token;
}

function userOf(site: SiteData, token: UserToken) {
	const person =
		token.Type === 'Staff'
			? site.staff.find((member) => member.Id === token.UserId)
			: site.clients.find((client) => client.Id === token.UserId);
	return {
		Id: token.UserId,
		FirstName: person?.FirstName ?? '',
		LastName: person?.LastName ?? '',
		Type: token.Type,
	};
}

const answer = (site: SiteData, token: UserToken): SandboxResponse =>
	json({
		TokenType: 'Bearer',
		AccessToken: token.AccessToken,
		Expires: isoAt(token.Expires),
		User: userOf(site, token),
	});

/**
 * POST /usertoken/issue and /usertoken/renew, DELETE /usertoken/revoke (the v6 document: the token
 * sent in Authorization stops working; the answer is an object); undefined for any other path.
 */
export function handleUserToken(
	req: SandboxRequest,
	caller: Caller,
	store: RestStore,
	settings: TokenSettings,
): SandboxResponse | undefined {
	const action = /^\/usertoken\/(issue|renew|revoke)\/?$/i.exec(req.path)?.[1]?.toLowerCase();
	if (!action) return undefined;
	const method = action === 'revoke' ? 'DELETE' : 'POST';
	if (req.method !== method) return text(405, `Use ${method}.`);
	const now = settings.now();
	if (action === 'revoke') {
		const bearer = readBearer(req, store, caller.siteId, now);
		if (bearer.kind === 'invalid') return bearer.response;
		if (bearer.kind === 'none') return text(401, 'Authorization required: send the token to revoke.');
		store.tokens.delete(bearer.token.AccessToken);
		return json({});
	}
	if (action === 'renew') {
		const bearer = readBearer(req, store, caller.siteId, now);
		if (bearer.kind === 'invalid') return bearer.response;
		if (bearer.kind === 'none') return text(401, 'Authorization required: send the token to renew.');
		// Each renewal adds a lifetime from the current expiry, up to 7 times (the v6 document).
		const renewals = bearer.token.Renewals ?? 0;
		if (renewals >= MAX_RENEWALS) return text(400, `The token was renewed ${MAX_RENEWALS} times: issue a new one.`);
		bearer.token.Renewals = renewals + 1;
		bearer.token.Expires += settings.lifetimeMs;
		return answer(caller.site, bearer.token);
	}
	if (req.bodyMalformed) return text(400, 'The request body is not valid JSON.');
	const body = loginBody.safeParse(req.body);
	if (!body.success) return text(400, describeIssues(body.error));
	const login = caller.site.logins.find(
		(candidate) =>
			candidate.Username.toLowerCase() === body.data.Username.toLowerCase() &&
			candidate.Password === body.data.Password,
	);
	if (!login) return text(401, 'Invalid username or password.');
	return answer(caller.site, grant(store, caller.siteId, login, now + settings.lifetimeMs));
}

/** Seeds the consumer token after every (re)generation of the data. */
export function seedTokens(store: RestStore, settings: TokenSettings): void {
	const site = store.site(MAIN_SITE_ID)!;
	const consumer = site.logins.find((login) => login.Type === 'Consumer')!;
	grant(store, MAIN_SITE_ID, consumer, settings.now() + settings.lifetimeMs, SEEDED_CONSUMER_TOKEN);
}
