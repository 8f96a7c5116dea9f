import type { ICredentialDataDecryptedObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers, Workflow, isDomainAllowed } from 'n8n-workflow';

import { MindbodyOAuth2Api } from '../../credentials/MindbodyOAuth2Api.credentials';
import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { HarnessNodeTypes } from '../harness/nodeTypes';

/**
 * The OAuth credential as n8n reads it: its fields with their defaults and expressions resolved
 * the way n8n's credentials helper does (`$self` is the credential), and the domains the HTTP
 * Request node lets it reach.
 */
const type = new MindbodyOAuth2Api();
const node: INode = {
	id: 'n',
	name: 'Mindbody',
	type: 'n8n-nodes-mindbody.mindbody',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function resolved(saved: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const data = NodeHelpers.getNodeParameters(type.properties, saved as INodeParameters, true, false, null, null)!;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new HarnessNodeTypes() });
	return workflow.expression.getComplexParameterValue(
		node,
		data,
		'internal',
		{},
		undefined,
		undefined,
		data,
	) as ICredentialDataDecryptedObject;
}

describe('Mindbody OAuth2 API credential', () => {
	test("built on n8n's OAuth2 with PKCE, Mindbody's sign-in URLs and scopes, and the site as subscriberId", () => {
		expect(type.extends).toEqual(['oAuth2Api']);
		const data = resolved({ apiKey: 'key', siteId: 12345 });
		expect(data).toMatchObject({
			grantType: 'pkce',
			authUrl: 'https://signin.mindbodyonline.com/connect/authorize',
			accessTokenUrl: 'https://signin.mindbodyonline.com/connect/token',
			scope: 'email profile openid offline_access Mindbody.Api.Public.v6',
			authQueryParameters: 'subscriberId=12345',
			baseUrl: 'https://api.mindbodyonline.com/public/v6',
		});
	});

	test('in the HTTP Request node it reaches only the REST API host: a foreign URL is refused before anything is sent', () => {
		const production = resolved({ apiKey: 'key', siteId: -99 });
		expect(production.allowedHttpRequestDomains).toBe('domains');
		const allowed = { allowedDomains: String(production.allowedDomains) };
		expect(isDomainAllowed('https://api.mindbodyonline.com/public/v6/client/clients', allowed)).toBe(true);
		expect(isDomainAllowed('https://example.com/collect', allowed)).toBe(false);
		expect(isDomainAllowed('https://api.mindbodyonline.com.example.com/', allowed)).toBe(false);
		expect(isDomainAllowed('https://mb-api.mindbodyonline.com/push/api/v1/subscriptions', allowed)).toBe(false);
		// n8n compares hosts only (docs/oauth.md says so): another port or path of that host is let through.
		expect(isDomainAllowed('http://api.mindbodyonline.com:8080/elsewhere', allowed)).toBe(true);

		const sandbox = resolved({ apiKey: 'key', siteId: -99, baseUrl: 'http://127.0.0.1:4010/public/v6' });
		expect(sandbox.allowedDomains).toBe('127.0.0.1');
		expect(isDomainAllowed('http://localhost:4010/public/v6', { allowedDomains: String(sandbox.allowedDomains) })).toBe(
			false,
		);
	});

	test('the Mindbody node and the Poll Trigger take either credential by their Authentication field (the API key by default)', () => {
		for (const description of [new Mindbody().description, new MindbodyPollTrigger().description]) {
			const field = description.properties.find((property) => property.name === 'authentication');
			expect(field).toMatchObject({ type: 'options', default: 'apiKey' });
			expect(description.credentials).toEqual([
				{ name: 'mindbodyApi', required: true, displayOptions: { hide: { authentication: ['oAuth2'] } } },
				{ name: 'mindbodyOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
			]);
		}
	});
});
