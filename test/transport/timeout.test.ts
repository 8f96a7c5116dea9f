import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer } from '../support/recordingServer';

/**
 * A server that takes requests and never answers. The node's Timeout option is set to 1 s so
 * the test stays short; nothing here asserts how long anything took.
 */
describe('per-request time limit', () => {
	let server: Awaited<ReturnType<typeof startRecordingServer>>;
	beforeEach(async () => {
		server = await startRecordingServer(() => ({ status: 200, hang: true }));
	});
	afterEach(async () => await server.stop());

	const credentials = () => newCredentials({ mindbody: recordingCredentialData(server) });

	test('a GET is retried like other transient failures, then fails naming the operation and the limit', async () => {
		const result = await runWorkflow({
			credentials: credentials(),
			nodes: [
				{ name: 'Mindbody', parameters: { resource: 'category', operation: 'getMany', options: { timeout: 1000 } } },
			],
		});
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { message: string; description: string };
		expect(error.message).toBe('Category: Get Many got no answer within 1 s (4 attempts)');
		expect(error.description).toContain('Raise Options → Timeout');
		expect(server.requests.map((r) => r.url)).toEqual(Array(4).fill('/public/v6/Business/Categories'));
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
		expect(result.nodeError('Mindbody')?.message).toBe('Appointment: Complete got no answer within 1 s');
		expect(server.requests).toHaveLength(1);
	}, 60_000);
});
