/**
 * HTTP calls to a running n8n: owner setup and login, REST with the owner's session, the public
 * API with a key (executions, workflows, credentials), and webhooks.
 */
import type { CredentialJson, WorkflowJson } from './cli';
import type { ServerHandle } from './process';
import { sleep } from './shared';

const BROWSER_ID = 'n8n-nodes-mindbody-e2e';
const HTTP_TIMEOUT_MS = 30 * 1000;

export interface HttpResult {
	status: number;
	headers: Headers;
	text: string;
	json: unknown;
}

export interface HttpOptions {
	body?: unknown;
	headers?: Record<string, string>;
	timeoutMs?: number;
}

async function http(
	server: { baseUrl: string },
	method: string,
	urlPath: string,
	{ body, headers = {}, timeoutMs = HTTP_TIMEOUT_MS }: HttpOptions = {},
): Promise<HttpResult> {
	const res = await fetch(`${server.baseUrl}${urlPath}`, {
		method,
		headers: {
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...headers,
		},
		body: body !== undefined ? JSON.stringify(body) : undefined,
		signal: AbortSignal.timeout(timeoutMs),
	});
	const text = await res.text();
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json };
}

function expectOk(res: HttpResult, what: string): HttpResult {
	if (res.status < 200 || res.status >= 300) {
		throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
	}
	return res;
}

/**
 * Creates the instance owner (POST /rest/owner/setup) and keeps its session cookie on the
 * handle for later /rest calls. Only works once per user folder.
 */
export async function setupOwner(
	server: ServerHandle,
	{
		email = 'owner@example.com',
		password = 'E2e-password-1',
		firstName = 'E2E',
		lastName = 'Owner',
	}: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<unknown> {
	const res = expectOk(
		await http(server, 'POST', '/rest/owner/setup', {
			body: { email, password, firstName, lastName },
			headers: { 'browser-id': BROWSER_ID },
		}),
		'owner setup',
	);
	server.cookie = sessionCookie(res);
	server.owner = { email, password };
	return (res.json as { data?: unknown } | undefined)?.data;
}

/** Logs in again (after a restart the old session is still valid, but not across user folders). */
export async function login(
	server: ServerHandle,
	{ email, password }: { email: string; password: string } = server.owner!,
): Promise<void> {
	const res = expectOk(
		await http(server, 'POST', '/rest/login', {
			// 2.x takes emailOrLdapLoginId; older 1.x took email.
			body: { emailOrLdapLoginId: email, email, password },
			headers: { 'browser-id': BROWSER_ID },
		}),
		'login',
	);
	server.cookie = sessionCookie(res);
}

function sessionCookie(res: HttpResult): string {
	const c = res.headers.getSetCookie().find((v) => v.startsWith('n8n-auth='));
	if (!c) throw new Error('no n8n-auth cookie in response');
	return c.split(';')[0];
}

/** REST call with the owner's session. */
export async function rest(
	server: { baseUrl: string; cookie?: string },
	method: string,
	urlPath: string,
	body?: unknown,
): Promise<HttpResult> {
	return http(server, method, `/rest${urlPath}`, {
		body,
		headers: { cookie: server.cookie ?? '', 'browser-id': BROWSER_ID },
	});
}

/**
 * Creates a public-API key for the owner (POST /rest/api-keys) and stores it on the handle.
 * Asks for every scope the instance offers (GET /rest/api-keys/scopes), since 2.x keys are scoped.
 */
export async function createApiKey(server: ServerHandle, label = 'e2e'): Promise<string> {
	const scopesRes = await rest(server, 'GET', '/api-keys/scopes');
	const scopes = scopesRes.status === 200 ? (scopesRes.json as { data: unknown }).data : undefined;
	const res = expectOk(await rest(server, 'POST', '/api-keys', { label, expiresAt: null, scopes }), 'create API key');
	const data = (res.json as { data: { rawApiKey?: string; apiKey?: string } }).data;
	server.apiKey = data.rawApiKey || data.apiKey;
	if (!server.apiKey) throw new Error(`no key in API key response: ${res.text.slice(0, 300)}`);
	return server.apiKey;
}

/** Public API call (/api/v1) with the stored key. */
export async function api(
	server: { baseUrl: string; apiKey?: string },
	method: string,
	urlPath: string,
	body?: unknown,
): Promise<HttpResult> {
	return http(server, method, `/api/v1${urlPath}`, {
		body,
		headers: { 'X-N8N-API-KEY': server.apiKey ?? '' },
	});
}

/** An execution as returned by GET /api/v1/executions?includeData=true. */
export interface Execution {
	id: string | number;
	workflowId: string;
	finished: boolean;
	mode: string;
	status?: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: {
		resultData: {
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>>;
			error?: unknown;
			lastNodeExecuted?: string;
		};
		executionData?: {
			nodeExecutionStack?: Array<{
				node: { name: string };
				data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
			}>;
		};
	};
	[key: string]: unknown;
}

/**
 * Executions of one workflow, newest first, with their run data. Follows the cursor (bounded).
 * Without `status`, n8n leaves out the executions running in its process now (both pinned
 * versions); `status: 'running'` lists those.
 */
export async function listExecutions(
	server: { baseUrl: string; apiKey?: string },
	workflowId: string,
	{ includeData = true, maxPages = 20, status }: { includeData?: boolean; maxPages?: number; status?: string } = {},
): Promise<Execution[]> {
	const out: Execution[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < maxPages; page++) {
		const q = new URLSearchParams({ workflowId, includeData: String(includeData), limit: '100' });
		if (status) q.set('status', status);
		if (cursor) q.set('cursor', cursor);
		const res = expectOk(await api(server, 'GET', `/executions?${q}`), 'list executions');
		const page = res.json as { data: Execution[]; nextCursor?: string | null };
		out.push(...page.data);
		cursor = page.nextCursor ?? undefined;
		if (!cursor) break;
	}
	return out;
}

/**
 * Creates a workflow through the public API and activates it; takes effect at once on the
 * running server (unlike the CLI). Returns the new id.
 */
export async function createAndActivateWorkflow(
	server: { baseUrl: string; apiKey?: string },
	workflow: WorkflowJson,
): Promise<string> {
	const { name, nodes, connections, settings = {} } = workflow;
	const created = expectOk(
		await api(server, 'POST', '/workflows', { name, nodes, connections, settings }),
		'create workflow',
	);
	const id = (created.json as { id: string }).id;
	// Deprecated in 2.41 in favour of /publish, but present in both pinned versions. The body must
	// be an object: 2.8.4 destructures it outside its try block.
	expectOk(await api(server, 'POST', `/workflows/${id}/activate`, {}), 'activate workflow');
	return id;
}

/** Creates a credential through the public API (plain data; n8n encrypts it). Returns the id. */
export async function createCredential(
	server: { baseUrl: string; apiKey?: string },
	{ name, type, data }: CredentialJson,
): Promise<string> {
	const res = expectOk(await api(server, 'POST', '/credentials', { name, type, data }), 'create credential');
	return (res.json as { id: string }).id;
}

/**
 * Calls a webhook until it is registered (anything but 404) or the timeout passes.
 * Webhooks answer a few seconds after /healthz does.
 */
export async function callWebhook(
	server: { baseUrl: string },
	webhookPath: string,
	{ method = 'POST', body, headers, timeoutMs = 60000 }: HttpOptions & { method?: string } = {},
): Promise<HttpResult> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		let res: HttpResult | undefined;
		try {
			res = await http(server, method, `/webhook/${webhookPath.replace(/^\//, '')}`, {
				body,
				headers,
				timeoutMs: Math.max(1000, deadline - Date.now()),
			});
			if (res.status !== 404) return res;
		} catch (e) {
			if (Date.now() > deadline) throw e;
		}
		if (Date.now() > deadline && res) return res;
		await sleep(250);
	}
}
