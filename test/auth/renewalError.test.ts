import { NodeOperationError } from 'n8n-workflow';

import { renewalError } from '../../nodes/shared/auth/oauth';

/**
 * A refused refresh as the run's error, whichever way n8n hands it over: 2.8 passes on the identity
 * service's answer (its `error` code in the body), 2.41 turns `invalid_grant` into its own error
 * saying the credential needs reconnecting, without the body.
 */
const node = {
	id: 'n',
	name: 'Mindbody',
	type: 'n8n-nodes-mindbody.mindbody',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
};

const answered = (body: unknown) => Object.assign(new Error('Request failed'), { body });

describe('a refused refresh names what to fix', () => {
	test("n8n 2.41's own reconnect error is the refused sign-in: reconnect, nothing sent", () => {
		const fromN8n = new NodeOperationError(node, 'The credential "Mindbody OAuth" needs to be reconnected.', {
			description: 'Access could not be refreshed.',
			failure: { cause: 'credential-invalid' },
		} as never);
		const error = renewalError(fromN8n);
		expect(error.code).toBe('invalid_grant');
		expect(error.message).toMatch(/no longer accepts this credential's sign-in/);
		expect(error.remedy).toMatch(/reconnect it/);
		expect(error.remedy).toMatch(/Nothing was sent/);
	});

	test('invalid_grant in the answer (2.8): reconnect', () => {
		const error = renewalError(
			answered({ error: 'invalid_grant', error_description: 'The refresh token was revoked.' }),
		);
		expect(error.message).toMatch(/refresh was refused \(invalid_grant\) \(The refresh token was revoked\)/);
		expect(error.remedy).toMatch(/reconnect it/);
	});

	test('a wrong client ID or secret names Client ID and Client Secret', () => {
		const error = renewalError(
			answered(JSON.stringify({ error: 'invalid_client', error_description: 'Unknown client.' })),
		);
		expect(error.message).toMatch(/refused the OAuth client's ID or secret/);
		expect(error.remedy).toMatch(/Correct Client ID and Client Secret/);
	});

	test('a site the API key cannot reach names Site ID', () => {
		const error = renewalError(
			answered({ error: 'unauthorized_client', error_description: 'Site 5 is not reachable.' }),
		);
		expect(error.remedy).toMatch(/Check Site ID/);
	});

	test('no answer names the Access Token URL; a token in a description is not repeated', () => {
		expect(renewalError(new Error('connect ECONNREFUSED')).remedy).toMatch(/Check Access Token URL/);
		const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
		const error = renewalError(answered({ error: 'invalid_grant', error_description: `Token ${token} was revoked.` }));
		expect(`${error.message} ${error.remedy}`).not.toContain(token);
		expect(error.message).toContain('Token … was revoked');
	});
});
