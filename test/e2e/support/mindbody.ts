/**
 * Shared pieces of the e2e suite: the sandbox, the credential that points at it, the example
 * workflows and small polling helpers. Everything is bounded.
 */
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { sandboxCredentialData } from '../../support/sandboxCredentials';
import { N8n, type CredentialJson, type Execution, type N8nVersion, type WorkflowJson } from './n8n';
import { sharedN8n } from './sharedN8n';

export const VERSION = (process.env.N8N_E2E_VERSION || '2.8.4') as N8nVersion;

export function tarball(): string {
	const file = process.env.N8N_E2E_TARBALL;
	if (!file || !fs.existsSync(file)) throw new Error('N8N_E2E_TARBALL not set: run with -c test/e2e/jest.config.js');
	return file;
}

export const CREDENTIAL_NAME = 'Mindbody sandbox';

export function startE2eSandbox(): Promise<Sandbox> {
	return startSandbox({ allowLoopbackHttp: true, realTimeTicker: true });
}

/** Staff-login credential on the sandbox, with a fixed id the workflows reference. */
export function sandboxCredential(sandbox: Sandbox, id = N8n.newId()): CredentialJson & { id: string } {
	return {
		id,
		name: CREDENTIAL_NAME,
		type: 'mindbodyApi',
		data: sandboxCredentialData(sandbox),
	};
}

/** n8n with the packed package and the sandbox credential (and any other given), owner and API key ready. */
export async function startN8n(
	sandbox: Sandbox,
	others: CredentialJson[] = [],
): Promise<{ n8n: N8n; credentialId: string }> {
	const credential = sandboxCredential(sandbox);
	const n8n = await N8n.start({ version: VERSION, tarball: tarball(), credentials: [credential, ...others] });
	return { n8n, credentialId: credential.id };
}

/**
 * The run's shared n8n (support/sharedN8n.ts) with this suite's credentials created in it: the
 * sandbox's (credentialId) and each other given, by its key in `others` (ids). For a suite that
 * needs no n8n of its own: it never stops or restarts it, and reads only its own workflows.
 */
export async function useSharedN8n<K extends string = never>(
	sandbox: Sandbox,
	others: Record<K, CredentialJson> = {} as Record<K, CredentialJson>,
): Promise<{ n8n: N8n; credentialId: string; ids: Record<K, string> }> {
	const n8n = await sharedN8n(VERSION, tarball());
	const credentialId = await n8n.createCredential(sandboxCredential(sandbox));
	const ids = {} as Record<K, string>;
	for (const key of Object.keys(others) as K[]) ids[key] = await n8n.createCredential(others[key]);
	return { n8n, credentialId, ids };
}

/** Admin API of the sandbox (GET/POST under /_sandbox). */
export async function admin<T = unknown>(
	sandbox: Sandbox,
	method: string,
	subPath: string,
	body?: unknown,
): Promise<T> {
	const res = await fetch(`${sandbox.adminUrl}/${subPath.replace(/^\//, '')}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(15000),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`sandbox ${method} ${subPath}: ${res.status} ${text.slice(0, 300)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

export interface Subscription {
	subscriptionId: string;
	status: string;
	eventIds: string[];
	webhookUrl: string;
	messageSignatureKey: string;
}

export async function subscriptions(sandbox: Sandbox): Promise<Subscription[]> {
	return (await admin<{ items: Subscription[] }>(sandbox, 'GET', 'webhooks/subscriptions')).items;
}

export const active = (list: Subscription[]) => list.filter((s) => s.status === 'Active');

/** The Active subscriptions once at least `count` exist (bounded wait), with their signing keys. */
export async function activeSubscriptions(sandbox: Sandbox, count = 1): Promise<Subscription[]> {
	return active(
		await until(
			() => subscriptions(sandbox),
			(list) => active(list).length >= count,
		),
	);
}

/** Polls `fn` until it returns a truthy value (bounded); returns the last value. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (ok(value) || Date.now() > deadline) return value;
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** An example workflow of examples/, credential placeholders replaced (the SMTP one when given). */
export function example(file: string, credentialId: string, smtpCredentialId?: string): WorkflowJson {
	return exampleWith(file, {
		MINDBODY_CREDENTIAL_ID: credentialId,
		...(smtpCredentialId ? { SMTP_CREDENTIAL_ID: smtpCredentialId } : {}),
	});
}

/** An example workflow of examples/, each placeholder given (e.g. OPENAI_CREDENTIAL_ID) replaced by its credential id. */
export function exampleWith(file: string, credentialIds: Record<string, string>): WorkflowJson {
	let text = fs.readFileSync(path.resolve(__dirname, '../../../examples', file), 'utf8');
	for (const [placeholder, id] of Object.entries(credentialIds)) text = text.split(placeholder).join(id);
	return JSON.parse(text) as WorkflowJson;
}

/**
 * The same workflow with its Schedule Trigger replaced by a Webhook node of the same name (so
 * connections stay), answering at once; calling the path runs it as a production execution.
 */
export function viaWebhook(workflow: WorkflowJson, webhookPath: string): WorkflowJson {
	const nodes = workflow.nodes.map((node) =>
		node.type === 'n8n-nodes-base.scheduleTrigger'
			? {
					id: node.id,
					name: node.name,
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: node.position,
					webhookId: `7e0c1d2a-0000-4000-8000-${String(Math.abs(hash(webhookPath)))
						.padStart(12, '0')
						.slice(0, 12)}`,
					parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
				}
			: node,
	);
	return { ...workflow, name: `${workflow.name} (webhook)`, nodes };
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** Output items of one node in an execution (first run, first output unless given). */
export function nodeOutput(execution: Execution, node: string, output = 0): Array<Record<string, unknown>> {
	const runs = execution.data?.resultData.runData[node];
	if (!runs?.length) return [];
	return (runs[0].data?.main[output] ?? []).map((item) => item.json);
}

/** One POST to the sandbox's REST service as the staff login, with a fresh token: test setup outside n8n. */
export async function staffPost(
	sandbox: Sandbox,
	route: string,
	body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
	const res = await fetch(`${sandbox.restBaseUrl}${route}`, {
		method: 'POST',
		headers: {
			'API-Key': sandbox.apiKey,
			SiteId: String(sandbox.siteId),
			Authorization: `Bearer ${await staffToken(sandbox)}`,
			'Content-Type': 'application/json',
		},
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(15000),
	});
	return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A staff token of the sandbox's owner login (at the main site unless given), for reading lists as the poll trigger does. */
export async function staffToken(sandbox: Sandbox, siteId = sandbox.siteId): Promise<string> {
	const res = await fetch(`${sandbox.restBaseUrl}/usertoken/issue`, {
		method: 'POST',
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(siteId), 'Content-Type': 'application/json' },
		body: JSON.stringify({ Username: sandbox.staffLogin.username, Password: sandbox.staffLogin.password }),
		signal: AbortSignal.timeout(15000),
	});
	const body = (await res.json()) as { AccessToken?: string };
	if (!res.ok || !body.AccessToken) throw new Error(`usertoken/issue ${res.status}`);
	return body.AccessToken;
}
