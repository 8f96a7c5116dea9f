import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';

/** The mindbodyApi credential data that points at a sandbox: without a user token, or a staff login. */
export function sandboxCredentialData(
	sandbox: Sandbox,
	userMode: 'none' | 'staffLogin' = 'staffLogin',
): ICredentialDataDecryptedObject {
	return {
		apiKey: sandbox.apiKey,
		siteId: sandbox.siteId,
		baseUrl: sandbox.restBaseUrl,
		webhooksBaseUrl: sandbox.webhooksBaseUrl,
		userMode,
		...(userMode === 'staffLogin'
			? { username: sandbox.staffLogin.username, password: sandbox.staffLogin.password }
			: {}),
		accessToken: '',
	};
}
