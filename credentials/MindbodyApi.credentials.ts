import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	DEFAULT_REST_BASE_URL,
	DEFAULT_SITE_ID,
	DEFAULT_WEBHOOKS_BASE_URL,
	applyCredentialHeaders,
	preAuthenticate,
} from '../nodes/shared/auth';

export class MindbodyApi implements ICredentialType {
	name = 'mindbodyApi';

	displayName = 'Mindbody API';

	icon = { light: 'file:../icons/mindbody.svg', dark: 'file:../icons/mindbody.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-mindbody/n8n-nodes-mindbody#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'API key from the developer portal; one key serves the REST API and the webhook service',
		},
		{
			displayName: 'Site ID',
			name: 'siteId',
			type: 'number',
			default: DEFAULT_SITE_ID,
			required: true,
			description: 'The business site to act on; -99 is the sandbox site',
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
		},
		{
			displayName: 'User Token',
			name: 'userMode',
			type: 'options',
			default: 'none',
			options: [
				{
					name: 'None',
					value: 'none',
					description: 'Only operations that need no user token can be used',
				},
				{ name: 'Paste a Token', value: 'token', description: 'Use a user token you already have' },
				{
					name: 'Staff Login',
					value: 'staffLogin',
					description: 'Issue and renew a token from a staff username and password',
				},
			],
			description:
				'How operations that act as a staff member or consumer (those that need a user token) get their token',
		},
		{
			displayName: 'Token',
			name: 'userToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			displayOptions: { show: { userMode: ['token'] } },
		},
		{
			displayName: 'Staff Username',
			name: 'username',
			type: 'string',
			default: '',
			displayOptions: { show: { userMode: ['staffLogin'] } },
		},
		{
			displayName: 'Staff Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			displayOptions: { show: { userMode: ['staffLogin'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Login Expires',
			name: 'loginExpires',
			type: 'hidden',
			default: '',
		},
	];

	/** Staff login: issues a token when none is stored or the one sent has expired (see preAuthenticate). */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<IDataObject> {
		return await preAuthenticate(this, credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return applyCredentialHeaders(credentials, requestOptions);
	}

	// With a user token the test reads an operation that needs it, so the login is proven too.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '={{$credentials.userMode === "none" ? "/Business/Categories" : "/Consumer/Schedules/Appointments/Locations"}}',
			method: 'GET',
		},
	};
}
