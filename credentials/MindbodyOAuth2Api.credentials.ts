import type { ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_OAUTH_AUTHORIZE_URL,
	DEFAULT_OAUTH_TOKEN_URL,
	DEFAULT_REST_BASE_URL,
	DEFAULT_SITE_ID,
	DEFAULT_WEBHOOKS_BASE_URL,
	OAUTH_SCOPES,
} from '../nodes/shared/auth/scope';

/**
 * Sign in with Mindbody: n8n runs the authorization-code flow with PKCE and keeps and refreshes
 * the tokens; the nodes add the API key and Site ID the REST API wants beside the bearer token.
 */
export class MindbodyOAuth2Api implements ICredentialType {
	name = 'mindbodyOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Mindbody OAuth2 API';

	icon = { light: 'file:../icons/mindbody.svg', dark: 'file:../icons/mindbody.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-mindbody/n8n-nodes-mindbody/blob/main/docs/oauth.md';

	properties: INodeProperties[] = [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'pkce' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: DEFAULT_OAUTH_AUTHORIZE_URL,
			required: true,
			description: "Mindbody's sign-in page; change it only to try the flow against a sandbox",
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: DEFAULT_OAUTH_TOKEN_URL,
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Only for a client Mindbody gave a secret; leave empty for a native or single-page app client',
		},
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: OAUTH_SCOPES },
		{
			// Mindbody's sign-in asks which business the person signs in to.
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '={{"subscriberId=" + $self["siteId"]}}',
		},
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'API key from the developer portal: the REST API wants it beside the signed-in user’s token',
		},
		{
			displayName: 'Site ID',
			name: 'siteId',
			type: 'number',
			default: DEFAULT_SITE_ID,
			required: true,
			description: 'The business to sign in to and act on; -99 is the sandbox site',
		},
		{
			displayName: 'REST API Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_REST_BASE_URL,
			required: true,
		},
		{
			displayName: 'Webhook Service Base URL',
			name: 'webhooksBaseUrl',
			type: 'string',
			default: DEFAULT_WEBHOOKS_BASE_URL,
			required: true,
			description: 'Reached with the API key alone (the poll trigger’s Webhook Safety Net); it takes no user token',
		},
		// n8n signs every request the HTTP Request node makes with this credential: the token is
		// kept to the REST API's host (n8n otherwise adds a switch that lets it go anywhere).
		{
			displayName: 'Allowed HTTP Request Domains',
			name: 'allowedHttpRequestDomains',
			type: 'hidden',
			default: 'domains',
		},
		{
			displayName: 'Allowed Domains',
			name: 'allowedDomains',
			type: 'hidden',
			default: '={{String($self["baseUrl"] || "").replace(/^[a-z][a-z0-9+.-]*:\\/\\/([^/:?#]+).*$/i, "$1")}}',
		},
	];
}
