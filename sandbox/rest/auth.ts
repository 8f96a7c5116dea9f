import type { ApiKeyAccount, SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import type { RestStore, UserToken } from '../data/store';
import type { SiteData } from '../data/types';
import type { SandboxOperation } from '../reading/operations';
import { v6Error } from '../v6/answers';
import { text } from './call';

export const header = (req: SandboxRequest, name: string): string | undefined => {
	const value = req.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
};

export interface Caller {
	account: ApiKeyAccount;
	siteId: number;
	site: SiteData;
}

/** API-Key, then SiteId: a missing or unknown key 401, a bad SiteId 400, a foreign site 403. */
export function checkCaller(req: SandboxRequest, ctx: SandboxContext, store: RestStore): Caller | SandboxResponse {
	const apiKey = header(req, 'API-Key');
	if (!apiKey) return text(401, 'Missing API-Key header.');
	const account = ctx.findAccount(apiKey);
	if (!account) return text(401, 'Invalid API key.');
	const siteHeader = header(req, 'SiteId')?.trim();
	if (!siteHeader) return text(400, 'The SiteId header is required.');
	if (!/^-?\d+$/.test(siteHeader) || !Number.isSafeInteger(Number(siteHeader))) {
		return text(400, `The SiteId header must be an integer, not '${siteHeader}'.`);
	}
	const siteId = Number(siteHeader);
	const site = store.site(siteId);
	if (!site || !account.siteIds.includes(siteId)) {
		return text(403, `The API key is not linked to site ${siteId}.`);
	}
	return { account, siteId, site };
}

export type BearerResult =
	| { kind: 'none' }
	| { kind: 'valid'; token: UserToken }
	| { kind: 'invalid'; response: SandboxResponse };

/** Reads `Authorization: Bearer <token>`; a token of another site or past its expiry is refused. */
export function readBearer(req: SandboxRequest, store: RestStore, siteId: number, now: number): BearerResult {
	const authorization = header(req, 'Authorization')?.trim();
	if (!authorization) return { kind: 'none' };
	const match = /^Bearer\s+(\S+)$/i.exec(authorization);
	// A token sent bare is named as such: the spec's form is Authorization: Bearer <USER_TOKEN>.
	if (!match && store.tokens.get(authorization)?.SiteId === siteId) {
		return {
			kind: 'invalid',
			response: text(
				401,
				'The Authorization header must read "Bearer <user token>": the user token was sent without "Bearer ".',
			),
		};
	}
	const token = match ? store.tokens.get(match[1]) : undefined;
	if (!token || token.SiteId !== siteId) {
		return {
			kind: 'invalid',
			response: text(401, 'Invalid user token: issue one with POST /usertoken/issue.'),
		};
	}
	if (token.Expires <= now) {
		return {
			kind: 'invalid',
			response: text(401, 'The user token has expired: renew or issue a new one.'),
		};
	}
	return { kind: 'valid', token };
}

/**
 * Operations marked A need a token; others take one when sent (a bad one is still refused).
 * Consumer tokens reach only the consumer-facing resources.
 */
export function checkUser(
	req: SandboxRequest,
	op: SandboxOperation,
	store: RestStore,
	siteId: number,
	now: number,
): { user?: UserToken } | SandboxResponse {
	const bearer = readBearer(req, store, siteId, now);
	if (bearer.kind === 'invalid') return bearer.response;
	if (bearer.kind === 'none') {
		if (!op.userToken) return {};
		// The v6 answer is its error shape, with the words rule 12 gives (AddArrival).
		return op.v6
			? v6Error(401, 'AuthorizationRequired', 'Authorization Required')
			: text(401, 'Authorization required: send Authorization: Bearer <user token>.');
	}
	// A consumer reaches consumer booking, classes and enrollments, and their own profile (reading/listed.ts, reading/v6Readings.ts).
	if (bearer.token.Type === 'Consumer' && !op.consumer) {
		return text(403, 'This operation needs a staff user token.');
	}
	return { user: bearer.token };
}

export const isResponse = (value: object): value is SandboxResponse =>
	'status' in value && typeof (value as SandboxResponse).status === 'number';
