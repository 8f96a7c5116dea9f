import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Service } from '../catalogue/types';
import { DEFAULT_SITE_ID } from './scope';

/**
 * The one place the headers Mindbody reads are decided and built, for every call: the nodes'
 * requests (the transport), the staff login and renewal, and the credential's own calls (n8n's
 * HTTP Request node and the credential test).
 */

/** What a call's headers depend on, beside the credential. */
export interface HeaderPlan {
	service: Service;
	method?: string;
	/** The user token the call carries, when it carries one (REST only). */
	token?: string;
	/** Overrides the credential's Site ID (accounts linked to several businesses); REST only. */
	siteId?: number | string;
	/** Already cut to 50 characters; REST only. */
	transactionKey?: string;
	/** Skips the service's deduplication of identical POSTs in quick succession (rule 5); a POST only. */
	skipDeduplication?: boolean;
}

/**
 * The API key everywhere; on the REST API the site, the user token as `Authorization: Bearer`
 * where the call carries it, the Transaction-Key and, on a POST, the deduplication skip. The
 * webhook service takes the API key alone.
 */
export function mindbodyHeaders(credentials: ICredentialDataDecryptedObject, plan: HeaderPlan): Record<string, string> {
	const headers: Record<string, string> = { 'API-Key': String(credentials.apiKey ?? '') };
	if (plan.service !== 'rest') return headers;
	headers.SiteId = String(plan.siteId ?? credentials.siteId ?? DEFAULT_SITE_ID);
	if (plan.token) headers.Authorization = `Bearer ${plan.token}`;
	if (plan.transactionKey) headers['Transaction-Key'] = plan.transactionKey;
	if (plan.skipDeduplication && plan.method === 'POST') headers['X-RequestDeduplication-Skip'] = 'true';
	return headers;
}
