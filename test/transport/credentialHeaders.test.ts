import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { applyCredentialHeaders, mindbodyHeaders, requestUrl, scopeOf } from '../../nodes/shared/auth';

const credentials = (): ICredentialDataDecryptedObject => ({
	apiKey: 'key-1',
	siteId: -99,
	baseUrl: 'https://api.mindbodyonline.com/public/v6/',
	webhooksBaseUrl: 'https://mb-api.mindbodyonline.com/push/api/v1',
	userMode: 'staffLogin',
	accessToken: 'token-1',
});

const headersFor = (options: Record<string, unknown>) =>
	(applyCredentialHeaders(credentials(), options as never) as { headers?: Record<string, unknown> }).headers;

describe('which URL a request goes to', () => {
	test.each([
		[{ url: 'https://h.example/a/b' }, 'https://h.example/a/b'],
		[{ uri: 'https://h.example/a/b' }, 'https://h.example/a/b'],
		[{ uri: 'https://h.example/x', url: 'https://h.example/a' }, 'https://h.example/a'],
		[
			{ baseURL: 'https://h.example/public/v6', url: '/Business/Categories' },
			'https://h.example/public/v6/Business/Categories',
		],
		[{ baseURL: 'https://h.example/public/v6/', url: 'Business' }, 'https://h.example/public/v6/Business'],
		[{ baseURL: 'https://h.example/public/v6', url: 'https://other.example/x' }, 'https://other.example/x'],
		[{ url: 'https://h.example/public/v6/../../admin' }, 'https://h.example/admin'],
	])('%j → %s', (options, expected) => {
		expect(requestUrl(options)?.href).toBe(expected);
	});

	test('no URL or an unparsable one is no address', () => {
		expect(requestUrl({})).toBeUndefined();
		expect(requestUrl({ url: 'not a url' })).toBeUndefined();
	});
});

describe('the credential adds its headers only under its own base URLs', () => {
	test('REST operation that acts as a user: API-Key, SiteId and the token', () => {
		expect(
			headersFor({ method: 'GET', url: 'https://api.mindbodyonline.com/public/v6/Clients/Directory?date=x' }),
		).toEqual({
			'API-Key': 'key-1',
			SiteId: '-99',
			Authorization: 'Bearer token-1',
		});
	});

	test('legacy `uri` of the HTTP Request node, any case of host and base path', () => {
		expect(
			headersFor({ method: 'GET', uri: 'https://API.MindbodyOnline.com/Public/V6/clients/directory' }),
		).toMatchObject({
			Authorization: 'Bearer token-1',
		});
	});

	test('REST operation without a user token: no Authorization; a SiteId the request sets is kept', () => {
		expect(
			headersFor({
				method: 'GET',
				url: 'https://api.mindbodyonline.com/public/v6/Business/Categories',
				headers: { siteid: '-98' },
			}),
		).toEqual({
			'API-Key': 'key-1',
			siteid: '-98',
		});
	});

	test('a path the catalogue does not know (checkout, …) takes the token; usertoken calls do not', () => {
		expect(
			headersFor({ method: 'POST', url: 'https://api.mindbodyonline.com/public/v6/sale/checkoutshoppingcart' }),
		).toMatchObject({
			Authorization: 'Bearer token-1',
		});
		expect(
			headersFor({ method: 'POST', url: 'https://api.mindbodyonline.com/public/v6/usertoken/renew' }),
		).not.toHaveProperty('Authorization');
	});

	test('the webhook service gets the API key alone', () => {
		expect(
			headersFor({ method: 'GET', baseURL: 'https://mb-api.mindbodyonline.com/push/api/v1', url: '/subscriptions' }),
		).toEqual({
			'API-Key': 'key-1',
		});
	});

	test.each([
		'https://api.mindbodyonline.com/public/v7/Business/Categories',
		'https://api.mindbodyonline.com/public/v6x/Business/Categories',
		'https://api.mindbodyonline.com/elsewhere',
		'http://api.mindbodyonline.com/public/v6/Business/Categories',
		'https://api.mindbodyonline.com:8443/public/v6/Business/Categories',
		'https://api.mindbodyonline.com.evil.example/public/v6/Business/Categories',
		'https://api.mindbodyonline.com@evil.example/public/v6/Business/Categories',
		'https://evil.example/public/v6/Business/Categories',
		'https://api.mindbodyonline.com/public/v6/../v5/Business',
		'https://mb-api.mindbodyonline.com/push/api/v10/subscriptions',
	])('nothing for %s', (url) => {
		const options = { method: 'GET', url, headers: { Accept: 'application/json' } };
		expect(applyCredentialHeaders(credentials(), options as never)).toBe(options);
		expect(scopeOf(credentials(), options)).toBeUndefined();
	});

	test('headers of another case are replaced, not doubled', () => {
		expect(
			headersFor({
				url: 'https://api.mindbodyonline.com/public/v6/Clients/Directory',
				headers: { authorization: 'Bearer old', 'api-key': 'x' },
			}),
		).toEqual({
			'API-Key': 'key-1',
			SiteId: '-99',
			Authorization: 'Bearer token-1',
		});
	});
});

describe('one place decides the headers of every call', () => {
	test('a REST call: the API key, the site (the request may name another), the token, the key and the skip on a POST', () => {
		expect(
			mindbodyHeaders(credentials(), {
				service: 'rest',
				method: 'POST',
				token: 'token-2',
				siteId: 123,
				transactionKey: 'order-1',
				skipDeduplication: true,
			}),
		).toEqual({
			'API-Key': 'key-1',
			SiteId: '123',
			Authorization: 'Bearer token-2',
			'Transaction-Key': 'order-1',
			'X-RequestDeduplication-Skip': 'true',
		});
	});

	test('no token, no Authorization; the deduplication skip only on a POST', () => {
		expect(mindbodyHeaders(credentials(), { service: 'rest', method: 'GET', skipDeduplication: true })).toEqual({
			'API-Key': 'key-1',
			SiteId: '-99',
		});
	});

	test('the webhook service: the API key alone, whatever else the call has', () => {
		expect(
			mindbodyHeaders(credentials(), { service: 'webhooks', method: 'POST', token: 'token-2', transactionKey: 'x' }),
		).toEqual({ 'API-Key': 'key-1' });
	});
});
