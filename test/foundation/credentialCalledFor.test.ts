import { applyCredentialHeaders, calledFor, handOverToken } from '../../nodes/shared/auth';

/** Why n8n called the credential's preAuthentication, named from what the credentials object carries. */
const stored = {
	apiKey: 'key',
	siteId: '-99',
	baseUrl: 'https://api.example.test/public/v6',
	userMode: 'staffLogin',
	accessToken: 'stored-token',
};

describe('calledFor', () => {
	test('an empty stored token is a first login', () => {
		expect(calledFor({ ...stored, accessToken: '' })).toBe('firstLogin');
	});

	test('a stored token before any request made with the object is the credential test', () => {
		expect(calledFor({ ...stored })).toBe('credentialTest');
	});

	test('a stored token on an object a request was authenticated with is that request having failed', () => {
		const credentials = { ...stored };
		applyCredentialHeaders(credentials, { url: `${stored.baseUrl}/client/clients`, method: 'GET' });
		expect(calledFor(credentials)).toBe('failedRequest');
	});

	test("the transport's hand-over is a hand-over, whatever its token", () => {
		const { credentials } = handOverToken({ ...stored }, { accessToken: 'new', loginExpires: '' });
		expect(calledFor(credentials)).toBe('handOver');
	});
});
