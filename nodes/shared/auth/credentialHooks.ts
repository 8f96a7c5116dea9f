import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { mindbodyHeaders } from './headers';
import { scopeOf, takesUserToken, type UrlOptions } from './scope';
import { issueUserToken, replaceToken, StaffLoginError, tokenExpired, type IssuedToken } from './staffLogin';

/**
 * What the credential does when n8n calls it: authenticate() adds its headers to a request,
 * preAuthentication() logs in first where a token is needed (why n8n called it: `calledFor`). Two
 * kinds of credentials objects reach them, told apart by the mark a hand-over carries:
 * - a hand-over (`handOverToken`): the nodes' transport sends a request of its own with the token
 *   its run obtained, for n8n to store with the credential. Its headers are complete already
 *   (`mindbodyHeaders`, from the operation); it logs in nothing.
 * - n8n's own (the HTTP Request node, the credential test): the credential decides everything,
 *   by the request's URL.
 */

/** The user token the credential holds in its mode, or '' when there is none. */
function currentUserToken(credentials: ICredentialDataDecryptedObject): string {
	if (credentials.userMode === 'token') return String(credentials.userToken ?? '');
	if (credentials.userMode === 'staffLogin') return String(credentials.accessToken ?? '');
	return '';
}

/** A token the transport hands to n8n: given to n8n once (`taken` from then on). */
export interface TokenHandOver {
	/** The credential's fields as n8n gets them: the stored token empty, so n8n asks preAuthentication(). */
	readonly credentials: ICredentialDataDecryptedObject;
	/** Whether n8n took the token (to store it); if not, the request failed first and the next one hands it over. */
	readonly taken: boolean;
}

/** What n8n's own calls have done with one credentials object. */
interface OwnUse {
	/** Whether the request authenticated with it carried the user token. */
	carried: boolean;
}

/**
 * Kept on the object itself, under symbols: n8n hands the same object to authenticate() and,
 * after that request fails, to preAuthentication(). Not enumerable, so neither a copy of the
 * credential nor what n8n stores (its fields as JSON) carries them.
 */
const HAND_OVER = Symbol('mindbodyTokenHandOver');
const OWN_USE = Symbol('mindbodyCredentialUse');
/** The staff login that failed with an object: n8n tries a failed login once more on the same object. */
const FAILED_LOGIN = Symbol('mindbodyFailedLogin');

interface Marked {
	[HAND_OVER]?: { issued: IssuedToken; taken: boolean };
	[OWN_USE]?: OwnUse;
	[FAILED_LOGIN]?: StaffLoginError;
}

const marksOf = (credentials: ICredentialDataDecryptedObject) => credentials as Marked;

function mark<K extends keyof Marked>(credentials: ICredentialDataDecryptedObject, key: K, value: Marked[K]) {
	Object.defineProperty(credentials, key, { value, enumerable: false, writable: true, configurable: true });
}

/**
 * The credentials object the transport gives n8n's authenticated helper with the token its run
 * obtained: preAuthentication() hands the token to n8n, which stores it with the credential.
 */
export function handOverToken(credentials: ICredentialDataDecryptedObject, issued: IssuedToken): TokenHandOver {
	const handed = { ...credentials, accessToken: '' };
	const handOver = { issued, taken: false };
	mark(handed, HAND_OVER, handOver);
	return {
		credentials: handed,
		get taken() {
			return handOver.taken;
		},
	};
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
 * kept. Nothing anywhere else. A hand-over's request is the transport's, its headers complete: it
 * is left as it is.
 */
export function applyCredentialHeaders<T extends UrlOptions & { headers?: IDataObject; method?: string }>(
	credentials: ICredentialDataDecryptedObject,
	options: T,
): T {
	if (marksOf(credentials)[HAND_OVER]) return options;
	const scope = scopeOf(credentials, options);
	const method = String(options.method ?? 'GET');
	// Always from the credential: after a new login n8n authenticates the same options again.
	const token = scope?.service === 'rest' && takesUserToken(method, scope.path) ? currentUserToken(credentials) : '';
	mark(credentials, OWN_USE, { carried: Boolean(token) });
	if (!scope) return options;
	const headers: IDataObject = { ...(options.headers ?? {}) };
	for (const [name, value] of Object.entries(mindbodyHeaders(credentials, { service: scope.service, method, token }))) {
		if (name === 'SiteId' && hasHeader(headers, name)) continue;
		setHeader(headers, name, value);
	}
	return { ...options, headers };
}

/**
 * Why n8n called preAuthentication, named from what it hands the hook. n8n's credentials helper
 * calls it in three cases only: the stored token is empty, a request made with this object failed
 * (its `credentialsExpired`), or the credential is being tested (its `isTestingCredentials`, read
 * off the test's temporary node). Neither flag nor the node reaches a credential: the hook gets the
 * request helper and the fields alone (n8n 2.8 and 2.41 alike). So each case is named by what the
 * object carries: the transport's hand-over mark; an empty token; the mark authenticate() leaves
 * on every request it authenticates, which a failed request has been through. A test is the one
 * call n8n makes with a token stored before any request was made with the object: its request is
 * authenticated only after this hook.
 */
export type CalledFor = 'handOver' | 'firstLogin' | 'failedRequest' | 'credentialTest';

export function calledFor(credentials: ICredentialDataDecryptedObject): CalledFor {
	const marks = marksOf(credentials);
	if (marks[HAND_OVER]) return 'handOver';
	if (!credentials.accessToken) return 'firstLogin';
	return marks[OWN_USE] ? 'failedRequest' : 'credentialTest';
}

/**
 * The credential's preAuthentication (see `calledFor`). A hand-over gives n8n its token once and
 * logs in nothing. A first login issues a token; a failed request logs in only when it carried a
 * token past its stated expiry (n8n then sends the request again, so nothing else may return a new
 * token); a credential test logs in to prove the login.
 */
export async function preAuthenticate(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const marks = marksOf(credentials);
	const reason = calledFor(credentials);
	if (reason === 'handOver') {
		const handOver = marks[HAND_OVER]!;
		if (handOver.taken) return {};
		handOver.taken = true;
		return { ...handOver.issued };
	}
	if (credentials.userMode !== 'staffLogin') return {};
	// n8n retries a failed login once more on the same object: the answer will not change.
	if (marks[FAILED_LOGIN]) throw marks[FAILED_LOGIN];
	const expiredSent = reason === 'failedRequest' && marks[OWN_USE]?.carried === true && tokenExpired(credentials);
	if (reason === 'failedRequest' && !expiredSent) return {};
	// A test must prove the login and a first login replaces nothing: only an expired token's is shared.
	const issued = expiredSent
		? await replaceToken(helper, credentials, String(credentials.accessToken), false)
		: await issueUserToken(helper, credentials);
	if (issued instanceof StaffLoginError) {
		mark(credentials, FAILED_LOGIN, issued);
		throw issued;
	}
	return { ...issued };
}
