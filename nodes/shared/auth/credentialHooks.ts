import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { mindbodyHeaders } from './headers';
import { scopeOf, takesUserToken, type UrlOptions } from './scope';
import { issueUserToken, replaceToken, StaffLoginError, tokenExpired, type IssuedToken } from './staffLogin';

/**
 * What the credential does when n8n calls it: authenticate() adds its headers to a request,
 * preAuthentication() logs in first where a token is needed. The Mindbody nodes add their own
 * headers and come here only to have a token they obtained stored (see TokenSession); n8n's HTTP
 * Request node and the credential test come here for everything.
 */

/** The user token the credential holds in its mode, or '' when there is none. */
function currentUserToken(credentials: ICredentialDataDecryptedObject): string {
	if (credentials.userMode === 'token') return String(credentials.userToken ?? '');
	if (credentials.userMode === 'staffLogin') return String(credentials.accessToken ?? '');
	return '';
}

/** What the two hooks know of one credentials object n8n hands them. */
export interface CredentialNote {
	/** From the nodes' transport: whether the request's operation takes the user token (else its URL decides). */
	takesToken?: boolean;
	/** From the nodes' transport: a token its run obtained, for n8n to store with the credential. */
	issued?: IssuedToken;
	/** Whether the last request authenticated with this object carried the user token. */
	carried?: boolean;
	/** The staff login that failed with this object: n8n tries a failed login once more on the same object. */
	failed?: StaffLoginError;
}

/**
 * Kept on the object itself, under a symbol: n8n hands the same object to authenticate() and,
 * after that request fails, to preAuthentication(). Not enumerable, so neither a copy of the
 * credential nor what n8n stores (its fields as JSON) carries it.
 */
const NOTE = Symbol('mindbodyCredentialNote');

type Noted = ICredentialDataDecryptedObject & { [NOTE]?: CredentialNote };

export function noteOf(credentials: ICredentialDataDecryptedObject): CredentialNote {
	const noted = credentials as Noted;
	if (!noted[NOTE]) Object.defineProperty(noted, NOTE, { value: {}, enumerable: false });
	return noted[NOTE]!;
}

function setHeader(headers: IDataObject, name: string, value: string) {
	for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
	headers[name] = value;
}

const hasHeader = (headers: IDataObject, name: string) =>
	Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/**
 * Adds what the credential supplies to a request with no operation behind it (n8n's HTTP Request
 * node, the credential test), only under its own services: Mindbody's headers (`mindbodyHeaders`),
 * the URL telling the service and whether the user token goes on; a SiteId the request sets is
 * kept. Nothing anywhere else. A request of the nodes' own (the transport hands over a token with
 * it) already has every header its operation decides: it is left as it is.
 */
export function applyCredentialHeaders<T extends UrlOptions & { headers?: IDataObject; method?: string }>(
	credentials: ICredentialDataDecryptedObject,
	options: T,
): T {
	const note = noteOf(credentials);
	if (note.takesToken !== undefined) {
		note.carried = hasHeader(options.headers ?? {}, 'Authorization');
		return options;
	}
	note.carried = false;
	const scope = scopeOf(credentials, options);
	if (!scope) return options;
	const method = String(options.method ?? 'GET');
	// Always from the credential: after a new login n8n authenticates the same options again.
	const token = scope.service === 'rest' && takesUserToken(method, scope.path) ? currentUserToken(credentials) : '';
	const headers: IDataObject = { ...(options.headers ?? {}) };
	for (const [name, value] of Object.entries(mindbodyHeaders(credentials, { service: scope.service, method, token }))) {
		if (name === 'SiteId' && hasHeader(headers, name)) continue;
		setHeader(headers, name, value);
	}
	note.carried = Boolean(token);
	return { ...options, headers };
}

/**
 * The credential's preAuthentication. n8n runs it when the stored token is empty (first use, or a
 * Mindbody node handing over a token it obtained), when testing the credential, and, through the
 * HTTP Request node, after any failed request. A login happens only in the first and second cases
 * and, after a failure, when the request carried a token that has reached its stated expiry: n8n
 * then sends the request again, so nothing else may return a new token.
 */
export async function preAuthenticate(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	if (credentials.userMode !== 'staffLogin') return {};
	const note = noteOf(credentials);
	if (note.issued) {
		const issued = note.issued;
		note.issued = undefined;
		return { ...issued };
	}
	// n8n retries a failed login once more on the same object: the answer will not change.
	if (note.failed) throw note.failed;
	// Nothing authenticated with this object yet while a token is stored: n8n is testing the credential.
	const sent = note.carried;
	const login = !credentials.accessToken || sent === undefined || (sent && tokenExpired(credentials));
	if (!login) return {};
	// A test must prove the login and a first login replaces nothing: only an expired token's is shared.
	const issued =
		credentials.accessToken && sent
			? await replaceToken(helper, credentials, String(credentials.accessToken), false)
			: await issueUserToken(helper, credentials);
	if (issued instanceof StaffLoginError) {
		note.failed = issued;
		throw issued;
	}
	return { ...issued };
}
