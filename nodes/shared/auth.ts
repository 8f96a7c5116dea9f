import { UserError } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { matchOperation } from './catalogue';

export const DEFAULT_REST_BASE_URL = 'https://api.mindbodyonline.com/public/v6';
export const DEFAULT_WEBHOOKS_BASE_URL = 'https://mb-api.mindbodyonline.com/push/api/v1';
export const DEFAULT_SITE_ID = -99;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

const hasHeader = (headers: IDataObject, name: string) =>
	Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/** The user token the credential holds in its mode, or '' when there is none. */
export function currentUserToken(credentials: ICredentialDataDecryptedObject): string {
	if (credentials.userMode === 'token') return String(credentials.userToken ?? '');
	if (credentials.userMode === 'staffLogin') return String(credentials.accessToken ?? '');
	return '';
}

function fullUrl(options: IHttpRequestOptions): string {
	const base = options.baseURL ? trimSlash(options.baseURL) : '';
	return /^https?:\/\//i.test(options.url) ? options.url : `${base}${options.url}`;
}

/**
 * Adds what the credential supplies: `API-Key` always; on the REST API the `SiteId` header
 * (unless the request overrides it) and `Authorization: Bearer` on the operations that take a
 * user token. Paths outside the catalogue (e.g. calls made with the HTTP Request node) get the
 * token whenever one is held, so operations the spec names without a path work too.
 */
export function applyCredentialHeaders(
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): IHttpRequestOptions {
	const headers: IDataObject = { ...(options.headers ?? {}) };
	headers['API-Key'] = String(credentials.apiKey ?? '');

	const url = fullUrl(options);
	const webhooksBase = trimSlash(String(credentials.webhooksBaseUrl ?? DEFAULT_WEBHOOKS_BASE_URL));
	if (!url.toLowerCase().startsWith(webhooksBase.toLowerCase())) {
		if (!hasHeader(headers, 'SiteId')) headers.SiteId = String(credentials.siteId ?? DEFAULT_SITE_ID);
		const token = currentUserToken(credentials);
		// Always from the credential: after a refresh n8n authenticates the same options again.
		if (token && wantsUserToken(credentials, options, url)) {
			for (const key of Object.keys(headers)) if (key.toLowerCase() === 'authorization') delete headers[key];
			headers.Authorization = `Bearer ${token}`;
		}
	}
	return { ...options, headers };
}

/** Whether a request to this URL goes out with the credential's user token. */
export function wantsUserToken(
	credentials: ICredentialDataDecryptedObject,
	options: Pick<IHttpRequestOptions, 'method'>,
	url: string,
): boolean {
	const restBase = trimSlash(String(credentials.baseUrl ?? DEFAULT_REST_BASE_URL));
	if (!url.toLowerCase().startsWith(restBase.toLowerCase())) return true;
	const path = url.slice(restBase.length).split('?')[0] || '/';
	if (path.toLowerCase().startsWith('/usertoken/')) return false;
	const operation = matchOperation('rest', options.method ?? 'GET', path);
	return operation ? operation.userToken : true;
}

interface IssuedToken {
	AccessToken?: string;
}

/** POST UserToken/Issue with the staff login; the answer's token goes in the hidden field. */
export async function issueUserToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const baseUrl = trimSlash(String(credentials.baseUrl ?? DEFAULT_REST_BASE_URL));
	let response: IssuedToken;
	try {
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${baseUrl}/usertoken/issue`,
			headers: {
				'API-Key': String(credentials.apiKey ?? ''),
				SiteId: String(credentials.siteId ?? DEFAULT_SITE_ID),
			},
			body: { Username: credentials.username, Password: credentials.password },
			json: true,
		})) as IssuedToken;
	} catch (error) {
		// The request error would carry the password in its config: report only status and message.
		const status = (error as { response?: { status?: number } }).response?.status;
		const data = (error as { response?: { data?: unknown } }).response?.data;
		const said = typeof data === 'string' ? data : '';
		// A credential's preAuthentication has no node to name; n8n wraps this for the calling node.
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		throw new UserError(
			`Staff login failed${status ? ` (${status})` : ''}${said ? `: ${said}` : ''}. Check the staff username and password of the Mindbody credential.`,
		);
	}
	if (!response?.AccessToken) {
		throw new UserError('Staff login failed: the answer to UserToken/Issue held no AccessToken');
	}
	return { accessToken: response.AccessToken };
}
