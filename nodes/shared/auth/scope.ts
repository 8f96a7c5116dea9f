import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { matchListedOperation } from '../catalogue/listed';
import type { Service } from '../catalogue/types';

/** Where the credential's services are, and which of them a request's URL goes to. */

export const DEFAULT_REST_BASE_URL = 'https://api.mindbodyonline.com/public/v6';
export const DEFAULT_WEBHOOKS_BASE_URL = 'https://mb-api.mindbodyonline.com/push/api/v1';
export const DEFAULT_SITE_ID = -99;

/** Mindbody's identity service (sign in with Mindbody): where the OAuth credential signs in. */
export const DEFAULT_OAUTH_AUTHORIZE_URL = 'https://signin.mindbodyonline.com/connect/authorize';
export const DEFAULT_OAUTH_TOKEN_URL = 'https://signin.mindbodyonline.com/connect/token';
/** The REST API's scope and a refresh token (offline_access), with the person's identity. */
export const OAUTH_SCOPES = 'email profile openid offline_access Mindbody.Api.Public.v6';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const restBaseOf = (credentials: ICredentialDataDecryptedObject) =>
	trimSlash(String(credentials.baseUrl || DEFAULT_REST_BASE_URL));

export const webhooksBaseOf = (credentials: ICredentialDataDecryptedObject) =>
	trimSlash(String(credentials.webhooksBaseUrl || DEFAULT_WEBHOOKS_BASE_URL));

/**
 * Whether a REST request with no operation behind it (n8n's HTTP Request node, the credential
 * test) takes the user token, judged by its URL: the listed operations that need one, every path
 * the listed ones do not know (the v6 document's operations, which take it whenever the
 * credential holds one, and calls newer than it), never `usertoken/…`. The nodes' own calls
 * carry their operation, which decides instead.
 */
export function takesUserToken(method: string, path: string): boolean {
	if (/^\/usertoken\//i.test(path)) return false;
	const operation = matchListedOperation('rest', method, path);
	return operation ? operation.userToken : true;
}

export interface UrlOptions {
	url?: unknown;
	uri?: unknown;
	baseURL?: unknown;
}

const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * The URL a request goes to, whichever option carries it: `url`, or `uri` of n8n's legacy
 * request options (the HTTP Request node), relative ones joined to `baseURL` as axios joins them.
 */
export function requestUrl(options: UrlOptions): URL | undefined {
	const raw = options.url ?? options.uri;
	const target = raw === undefined || raw === null ? '' : String(raw);
	const base = options.baseURL ? String(options.baseURL) : '';
	const full =
		base && !ABSOLUTE.test(target)
			? target
				? `${base.replace(/\/+$/, '')}/${target.replace(/^\/+/, '')}`
				: base
			: target;
	try {
		return new URL(full);
	} catch {
		return undefined;
	}
}

/** The path of `target` below `base`, or undefined when it is not under it (same origin, whole segments). */
function pathBelow(base: string, target: URL): string | undefined {
	let baseUrl: URL;
	try {
		baseUrl = new URL(base);
	} catch {
		return undefined;
	}
	if (baseUrl.origin !== target.origin) return undefined;
	const basePath = baseUrl.pathname.replace(/\/+$/, '').toLowerCase();
	const path = target.pathname;
	if (path.toLowerCase() === basePath) return '/';
	if (!path.toLowerCase().startsWith(`${basePath}/`)) return undefined;
	return path.slice(basePath.length);
}

export interface RequestScope {
	service: Service;
	/** Path below the service's base URL, without the query. */
	path: string;
}

/** Which of the credential's services a request goes to; undefined for any other address. */
export function scopeOf(credentials: ICredentialDataDecryptedObject, options: UrlOptions): RequestScope | undefined {
	const target = requestUrl(options);
	if (!target) return undefined;
	// The longer base first, in case one base lies below the other.
	const bases: Array<[Service, string]> = [
		['rest', restBaseOf(credentials)],
		['webhooks', webhooksBaseOf(credentials)],
	];
	bases.sort((a, b) => b[1].length - a[1].length);
	for (const [service, base] of bases) {
		const path = pathBelow(base, target);
		if (path !== undefined) return { service, path };
	}
	return undefined;
}
