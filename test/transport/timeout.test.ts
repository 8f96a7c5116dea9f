import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer, type Reply } from '../support/recordingServer';

/**
 * Options → Timeout limits the whole call, retries and the waits between them included. The
 * limits here are a second or a few so the tests stay short; what is asserted is how many
 * requests went out and what the error says, plus a generous bound where the limit itself is
 * the point (the call must end near its limit, not a multiple of it).
 */
describe('Options → Timeout limits the whole call', () => {
	let server: Awaited<ReturnType<typeof startRecordingServer>>;
	let replies: Reply[];
	beforeEach(async () => {
		replies = [];
		// The scripted replies in order, then no answer at all.
		server = await startRecordingServer(() => replies.shift() ?? { status: 200, hang: true });
	});
	afterEach(async () => await server.stop());

	const credentials = () => newCredentials({ mindbody: recordingCredentialData(server) });
	const categories = (timeout: number) => ({
		name: 'Mindbody',
		parameters: { resource: 'category', operation: 'getMany', options: { timeout } },
	});
	const errorOf = (result: Awaited<ReturnType<typeof runWorkflow>>) =>
		result.nodeError('Mindbody') as unknown as { message: string; description: string };

	test('a GET the server never answers is sent once and fails at the limit, naming the operation and the limit', async () => {
		const started = Date.now();
		const result = await runWorkflow({ credentials: credentials(), nodes: [categories(1000)] });
		const took = Date.now() - started;
		expect(result.status).toBe('error');
		expect(errorOf(result).message).toBe('Category: Get Many got no answer within 1 s');
		expect(errorOf(result).description).toContain('Options → Timeout limits the whole call, retries included');
		expect(errorOf(result).description).toContain('Raise Options → Timeout');
		expect(server.requests.map((r) => r.url)).toEqual(['/public/v6/Business/Categories']);
		// Before, each of 4 tries waited the whole limit: 4 × 1 s plus the waits between them.
		expect(took).toBeLessThan(1000 + 2500);
	}, 60_000);

	test('a 5xx is retried while time is left; the retry that hangs ends the call at the limit', async () => {
		replies.push({ status: 503, body: 'Service busy' });
		const started = Date.now();
		const result = await runWorkflow({ credentials: credentials(), nodes: [categories(3000)] });
		const took = Date.now() - started;
		expect(errorOf(result).message).toBe('Category: Get Many got no answer within 3 s (2 attempts)');
		expect(server.requests).toHaveLength(2);
		expect(took).toBeLessThan(3000 + 2500);
	}, 60_000);

	test('a Retry-After longer than the time left is not waited for: the answer is reported at once', async () => {
		replies.push({ status: 503, body: 'Service busy', headers: { 'Retry-After': '20' } });
		const started = Date.now();
		const result = await runWorkflow({ credentials: credentials(), nodes: [categories(2000)] });
		expect(errorOf(result).message).toBe('Service busy');
		expect(errorOf(result).description).toMatch(/^Category: Get Many: HTTP 503, /);
		expect(server.requests).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(2000 + 2500);
	}, 60_000);

	test('within the limit, 5xx answers are still retried until one succeeds', async () => {
		replies.push(
			{ status: 502, body: 'Bad gateway' },
			{ status: 500, body: 'Oops' },
			{ status: 200, body: [{ Id: 1 }] },
		);
		const result = await runWorkflow({ credentials: credentials(), nodes: [categories(10_000)] });
		expect(result.status).toBe('success');
		expect(result.json('Mindbody')).toEqual([{ Id: 1 }]);
		expect(server.requests).toHaveLength(3);
	}, 60_000);

	test('a POST is sent once: the service may have acted on it', async () => {
		const result = await runWorkflow({
			credentials: credentials(),
			nodes: [
				{
					name: 'Mindbody',
					parameters: {
						resource: 'appointment',
						operation: 'complete',
						ids: '={{ [12] }}',
						options: { timeout: 1000 },
					},
				},
			],
		});
		expect(errorOf(result).message).toBe('Appointment: Complete got no answer within 1 s');
		expect(server.requests).toHaveLength(1);
	}, 60_000);
});
