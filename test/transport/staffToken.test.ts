import { operations, type Operation } from '../../nodes/shared/catalogue';
import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer } from '../support/recordingServer';

/**
 * Which calls carry the staff token is decided from the operation: one that acts as a user
 * (`userToken`) and every v6 operation (`tokenWhenHeld`) send it, any other sends none, through
 * n8n's engine to a server that records what arrives.
 */

const find = (resource: string, operation: string): Operation => {
	const op = operations.find((candidate) => candidate.resource === resource && candidate.operation === operation);
	if (!op) throw new Error(`No operation ${resource}.${operation}`);
	return op;
};
const actsAsUser = find('client', 'getDirectory');
const v6Only = find('site', 'getGenders');
const neither = find('category', 'getMany');

describe('the operation decides which calls carry the staff token', () => {
	let server: Awaited<ReturnType<typeof startRecordingServer>>;
	beforeEach(async () => {
		server = await startRecordingServer(() => ({ status: 200, body: [] }));
	});
	afterEach(async () => await server.stop());

	/** Each request that arrived, with its Authorization header, and each run's error. */
	const authorizationOf = async (extra: Record<string, unknown>, ops: Operation[]) => {
		const credentials = newCredentials({ mindbody: recordingCredentialData(server, extra) });
		const errors: Array<string | undefined> = [];
		for (const op of ops) {
			const result = await runWorkflow({
				credentials,
				nodes: [{ name: 'Mindbody', parameters: { resource: op.resource, operation: op.operation } }],
			});
			errors.push(result.nodeError('Mindbody')?.message);
		}
		const sent = server.requests.map((request) => [request.url.replace(/\?.*/, ''), request.headers.authorization]);
		return { sent, errors };
	};

	test('the three kinds of operation, as the catalogue marks them', () => {
		expect([actsAsUser.service, actsAsUser.userToken]).toEqual(['rest', true]);
		expect([v6Only.service, v6Only.userToken, v6Only.tokenWhenHeld]).toEqual(['rest', false, true]);
		expect([neither.service, neither.userToken, neither.tokenWhenHeld]).toEqual(['rest', false, undefined]);
	});

	test('with a token held: `userToken` and `tokenWhenHeld` send it, an operation with neither does not', async () => {
		const { sent, errors } = await authorizationOf({}, [actsAsUser, v6Only, neither]);
		expect(errors).toEqual([undefined, undefined, undefined]);
		expect(sent).toEqual([
			[`/public/v6${actsAsUser.path}`, 'Bearer token-pasted'],
			[`/public/v6${v6Only.path}`, 'Bearer token-pasted'],
			[`/public/v6${neither.path}`, undefined],
		]);
	});

	test('with no token held: the v6 operation is sent without one, the one acting as a user is not sent', async () => {
		const { sent, errors } = await authorizationOf({ userMode: 'none', userToken: '' }, [v6Only, actsAsUser, neither]);
		expect(errors).toEqual([
			undefined,
			expect.stringContaining('acts as a user and needs a user token, but the Mindbody credential holds none'),
			undefined,
		]);
		expect(sent).toEqual([
			[`/public/v6${v6Only.path}`, undefined],
			[`/public/v6${neither.path}`, undefined],
		]);
	});
});
