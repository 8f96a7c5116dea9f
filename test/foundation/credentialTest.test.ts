import { startSandbox, type Sandbox } from '../../sandbox';
import { testCredential } from '../harness/credentialTest';
import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(async () => await sandbox.stop());
beforeEach(() => sandbox.reset());

describe('credential test (as n8n runs it) against the sandbox', () => {
	test('key and site are proven without a user token', async () => {
		const credentials = newCredentials({ c: sandboxCredentialData(sandbox, 'none') });
		expect(await testCredential(credentials, 'c')).toEqual({ status: 'OK', message: 'Connection successful!' });
		const [request] = sandbox.log.list();
		expect(request.path).toBe('/Business/Categories');
		expect(request.headers['api-key']).toBe(sandbox.apiKey);
		expect(request.headers.siteid).toBe(String(sandbox.siteId));
	});

	test('an unknown API key fails the test', async () => {
		const credentials = newCredentials({ c: { ...sandboxCredentialData(sandbox, 'none'), apiKey: 'not-a-key' } });
		const result = await testCredential(credentials, 'c');
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain('not-a-key');
	});

	test('a staff login is proven by issuing a token and reading an operation that needs it', async () => {
		const credentials = newCredentials({ c: sandboxCredentialData(sandbox) });
		expect((await testCredential(credentials, 'c')).status).toBe('OK');
		const paths = sandbox.log.list().map((entry) => entry.path);
		expect(paths).toEqual(['/usertoken/issue', '/Consumer/Schedules/Appointments/Locations']);
		expect(sandbox.log.list()[1].headers.authorization).toMatch(/^Bearer /);
	});

	test('a wrong staff password fails the test', async () => {
		const credentials = newCredentials({ c: { ...sandboxCredentialData(sandbox), password: 'wrong' } });
		expect((await testCredential(credentials, 'c')).status).toBe('Error');
	});
});

describe('user token against the sandbox clock', () => {
	test('one Issue for 20 requests, exactly one re-issue after the token expires', async () => {
		const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox) });
		const node = { name: 'Directory', parameters: { resource: 'client', operation: 'getDirectory', filters: {} } };
		const items = Array.from({ length: 20 }, (_, n) => ({ n }));
		const issues = () => sandbox.log.list().filter((entry) => entry.path === '/usertoken/issue');

		const first = await runWorkflow({ credentials, nodes: [{ ...node, continueOnFail: true }], items });
		expect(first.output('Directory').length).toBeGreaterThanOrEqual(20);
		expect(issues()).toHaveLength(1);

		await sandbox.clock.advance(25 * 60 * 60 * 1000);
		await runWorkflow({ credentials, nodes: [{ ...node, continueOnFail: true }], items: items.slice(0, 3) });
		expect(issues()).toHaveLength(2);
	});
});
