import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { newCredentials, runWorkflow, type RunResult } from '../harness/runWorkflow';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import type { SiteData } from '../sandbox/data/types';
import type { LoggedRequest } from '../sandbox/requestLog';
import { sandboxCredentialData } from '../support/sandboxCredentials';

/** A Monday morning, so weekday availability and "today" are predictable (as the sandbox tests use). */
export const TEST_START = '2026-03-02T08:00:00Z';
export const NODE = 'Mindbody';

export interface RunOneOptions {
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** Stored credential id: 'mindbody' (staff login, default) or 'noUser' (userMode none). */
	credential?: string;
}

export interface NodeRun extends RunResult {
	/** The Mindbody node's output items (json and pairedItem). */
	items: INodeExecutionData[];
}

export interface NodeHarness {
	sandbox: Sandbox;
	site(): SiteData;
	credentials: ReturnType<typeof newCredentials>;
	/** Runs one Mindbody node with these parameters in the real engine. */
	run(parameters: INodeParameters, options?: RunOneOptions): Promise<NodeRun>;
	/** Requests the sandbox received on this path (relative to /public/v6), optionally by method. */
	requests(path: string, method?: string): LoggedRequest[];
	/** The last request the sandbox received on this path; fails when there is none. */
	lastRequest(path: string, method?: string): LoggedRequest;
	/** Every REST request except token issues. */
	apiRequests(): LoggedRequest[];
	/** The Bearer token the staff-login credential holds. */
	token(): string;
}

/** Parsed JSON body of a logged request (undefined when empty). */
export const bodyOf = (request: LoggedRequest): unknown =>
	request.rawBody ? (JSON.parse(request.rawBody) as unknown) : undefined;

/**
 * One sandbox per test file (seed 7 around TEST_START), a staff-login credential pointing at it
 * ('mindbody') and one without a user token ('noUser'). The log is cleared before each test; the
 * data is not reset (that would revoke the held token), so tests pick records not used before.
 */
export function useNodeSandbox(options: SandboxOptions = {}): NodeHarness {
	const harness = {} as NodeHarness;
	beforeAll(async () => {
		const sandbox = await startSandbox({ seed: 7, startAt: TEST_START, ...options });
		harness.sandbox = sandbox;
		harness.credentials = newCredentials({
			mindbody: sandboxCredentialData(sandbox),
			noUser: sandboxCredentialData(sandbox, 'none'),
		});
	});
	afterAll(async () => {
		await harness.sandbox?.stop();
	});
	beforeEach(() => harness.sandbox.log.clear());

	harness.site = () => harness.sandbox.state.main;
	harness.run = async (parameters, runOptions = {}) => {
		const result = await runWorkflow({
			credentials: harness.credentials,
			nodes: [
				{
					name: NODE,
					parameters,
					continueOnFail: runOptions.continueOnFail,
					credential: runOptions.credential,
				},
			],
			items: runOptions.items,
		});
		return Object.assign(result, { items: result.output(NODE) });
	};
	harness.requests = (path, method) => harness.sandbox.log.list({ service: 'rest', path, method });
	harness.lastRequest = (path, method) => {
		const found = harness.requests(path, method).at(-1);
		if (!found) throw new Error(`The sandbox received no ${method ?? ''} request on ${path}`);
		return found;
	};
	harness.apiRequests = () =>
		harness.sandbox.log.list({ service: 'rest' }).filter((r) => !/^\/usertoken\//i.test(r.path));
	harness.token = () => String(harness.credentials.get('mindbody')?.accessToken ?? '');
	return harness;
}

/**
 * The headers every REST call carries (API-Key, SiteId) and Authorization exactly where the
 * catalogue marks the operation A.
 */
export function expectHeaders(
	h: NodeHarness,
	request: LoggedRequest,
	userToken: boolean,
	siteId = h.sandbox.siteId,
): void {
	expect(request.headers['api-key']).toBe(h.sandbox.apiKey);
	expect(request.headers.siteid).toBe(String(siteId));
	if (userToken) {
		expect(h.token()).not.toBe('');
		expect(request.headers.authorization).toBe(`Bearer ${h.token()}`);
	} else {
		expect(request.headers.authorization).toBeUndefined();
	}
	expect(request.headers['transaction-key']).toBeUndefined();
	expect(request.headers['x-requestdeduplication-skip']).toBeUndefined();
}

/** Every output item paired to the input item given (by index in the list). */
export const pairs = (items: INodeExecutionData[]) =>
	items.map((item) => (item.pairedItem as { item: number } | undefined)?.item);
