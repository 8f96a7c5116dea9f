import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { newCredentials } from '../harness/runWorkflow';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { PollingWorkflow } from './pollHarness';

export interface PollSandbox {
	sandbox: Sandbox;
	credentials: ReturnType<typeof newCredentials>;
	/** A new poll-trigger workflow with these parameters and the staff-login credential. */
	workflow(parameters: INodeParameters, credentialId?: string): PollingWorkflow;
	/** A REST call as an integration makes it (API key and site, no user token). */
	rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: IDataObject }>;
	/** The same with the owner's staff token, at the main site unless another is named. */
	staffRest(
		method: string,
		path: string,
		body?: unknown,
		siteId?: number,
	): Promise<{ status: number; body: IDataObject }>;
	/** Adds a client through POST /client/addclient; the answer's Client. */
	addClient(firstName: string, lastName?: string): Promise<IDataObject>;
	/** Changes a client through POST /client/updateclient; the answer's Client. */
	updateClient(clientId: string, fields: IDataObject): Promise<IDataObject>;
	/** REST requests the sandbox received since the log was last cleared (token issues left out). */
	apiRequests(): LoggedRequest[];
	advance(ms: number): Promise<void>;
	capPages(maxPageSize: number | null): Promise<void>;
}

let clients = 0;

/**
 * Fakes only n8n's Date, from `now` (jest.setSystemTime moves it); every timer runs as usual, so the
 * engine and the sandbox's server keep working. Real time again after the file's tests.
 */
export function fakeDateFrom(now: number): void {
	jest.useFakeTimers({
		now,
		advanceTimers: true,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
	afterAll(() => jest.useRealTimers());
}

/**
 * One sandbox per test file (seed 7), its clock started at the real time and then still unless a
 * test moves it: the trigger's first activation starts from now by n8n's clock. Reset with
 * fresh credentials before each test: 'mindbody' logs in as staff, 'noUser' holds no token,
 * 'badToken' holds a token the service refuses.
 */
export function usePollSandbox(): PollSandbox {
	const harness = {} as PollSandbox;
	beforeAll(async () => {
		harness.sandbox = await startSandbox({ seed: 7, startAt: Math.floor(Date.now() / 1000) * 1000 });
	});
	afterAll(async () => {
		await harness.sandbox?.stop();
	});
	beforeEach(() => {
		harness.sandbox.reset();
		harness.credentials = newCredentials({
			mindbody: sandboxCredentialData(harness.sandbox),
			noUser: sandboxCredentialData(harness.sandbox, 'none'),
			badToken: { ...sandboxCredentialData(harness.sandbox, 'none'), userMode: 'token', userToken: 'refused-token' },
		});
	});

	harness.workflow = (parameters, credentialId) => new PollingWorkflow(parameters, harness.credentials, credentialId);
	const call = async (method: string, path: string, body: unknown, token?: string, siteId = harness.sandbox.siteId) => {
		const response = await fetch(`${harness.sandbox.restBaseUrl}${path}`, {
			method,
			headers: {
				'API-Key': harness.sandbox.apiKey,
				SiteId: String(siteId),
				'Content-Type': 'application/json',
				...(token ? { Authorization: `Bearer ${token}` } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as IDataObject };
	};
	harness.rest = async (method, path, body) => await call(method, path, body);
	harness.staffRest = async (method, path, body, siteId) => {
		const { username, password } = harness.sandbox.staffLogin;
		const issued = await call(
			'POST',
			'/usertoken/issue',
			{ Username: username, Password: password },
			undefined,
			siteId,
		);
		return await call(method, path, body, String(issued.body.AccessToken), siteId);
	};
	harness.addClient = async (firstName, lastName = 'Poller') => {
		const n = ++clients;
		const { status, body } = await harness.rest('POST', '/client/addclient', {
			FirstName: firstName,
			LastName: lastName,
			Email: `poll.${n}.${firstName.toLowerCase()}@example.com`,
		});
		if (status !== 200) throw new Error(`addclient ${status}: ${JSON.stringify(body)}`);
		return body.Client as IDataObject;
	};
	harness.updateClient = async (clientId, fields) => {
		const { status, body } = await harness.rest('POST', '/client/updateclient', {
			Client: { Id: clientId, ...fields },
		});
		if (status !== 200) throw new Error(`updateclient ${status}: ${JSON.stringify(body)}`);
		return body.Client as IDataObject;
	};
	harness.apiRequests = () =>
		harness.sandbox.log.list({ service: 'rest' }).filter((request) => !/^\/usertoken\//i.test(request.path));
	harness.advance = async (ms) => await harness.sandbox.clock.advance(ms);
	harness.capPages = async (maxPageSize) => {
		const response = await fetch(`${harness.sandbox.adminUrl}/paging`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ maxPageSize }),
		});
		if (!response.ok) throw new Error(`paging ${response.status}: ${await response.text()}`);
	};
	return harness;
}

/** The eventData of each item. */
export const dataOf = (items: IDataObject[]) => items.map((item) => item.eventData as IDataObject);
