import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/**
 * The Authentication field of the action node and the poll trigger, and the credential each choice
 * uses: the API key (with its User Token setting), or sign in with Mindbody (OAuth2). A node saved
 * before the field existed keeps the API key.
 */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{
			name: 'API Key',
			value: 'apiKey',
			description: 'The API key, with a staff login or a pasted token for operations that act as a user',
		},
		{
			name: 'OAuth2 (Sign in with Mindbody)',
			value: 'oAuth2',
			description: 'A person signs in to Mindbody once; operations that act as a user act as them',
		},
	],
	default: 'apiKey',
};

/** The API key's is hidden rather than shown: a node whose parameters lack the field (saved before it) keeps it. */
export const credentialChoices: INodeCredentialDescription[] = [
	{ name: 'mindbodyApi', required: true, displayOptions: { hide: { authentication: ['oAuth2'] } } },
	{ name: 'mindbodyOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
];
