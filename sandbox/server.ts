import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { SandboxRequest, SandboxResponse } from './context';
import type { Fault, Faults } from './faults';
import type { LoggedService, RequestLog } from './requestLog';
import { decodeForm } from './rest/formBody';
import { matchOperation } from './reading/operations';

export const REST_BASE_PATH = '/public/v6';
export const WEBHOOKS_BASE_PATH = '/push/api/v1';
export const ADMIN_BASE_PATH = '/_sandbox';
export const IDENTITY_BASE_PATH = '/identity';

/** What answers each base path; the admin API and the identity service see requests neither logged nor faulted. */
export interface SandboxRoutes {
	rest(req: SandboxRequest): Promise<SandboxResponse>;
	webhooks(req: SandboxRequest): Promise<SandboxResponse>;
	admin(req: AdminRequest): Promise<SandboxResponse>;
	identity(req: AdminRequest): SandboxResponse | Promise<SandboxResponse>;
}

export type AdminRequest = Omit<SandboxRequest, 'service'>;

const BASES = [
	{ prefix: REST_BASE_PATH, service: 'rest' },
	{ prefix: WEBHOOKS_BASE_PATH, service: 'webhooks' },
	{ prefix: ADMIN_BASE_PATH, service: 'admin' },
	{ prefix: IDENTITY_BASE_PATH, service: 'identity' },
] as const;

/** The service a path belongs to, by its base path (any case, whole segments only). */
function routeOf(pathname: string): { service: LoggedService | 'admin' | 'identity'; prefix: string } {
	const lower = pathname.toLowerCase();
	const base = BASES.find(
		({ prefix }) => lower === prefix.toLowerCase() || lower.startsWith(`${prefix.toLowerCase()}/`),
	);
	return base ?? { service: 'unknown', prefix: '' };
}

const JSON_TYPES = ['application/json', 'text/json'];

function parseBody(raw: string, contentType: string | undefined): { body: unknown; malformed: boolean } {
	if (!raw.trim()) return { body: undefined, malformed: false };
	const type = contentType?.split(';')[0].trim().toLowerCase();
	if (type === 'application/x-www-form-urlencoded') return { body: decodeForm(raw), malformed: false };
	// Without a Content-Type the body is read as JSON; other types are the service's to refuse.
	if (type && !JSON_TYPES.includes(type) && !type.endsWith('+json')) return { body: undefined, malformed: false };
	try {
		return { body: JSON.parse(raw), malformed: false };
	} catch {
		return { body: undefined, malformed: true };
	}
}

function parseQuery(rawQuery: string): Record<string, string[]> {
	const query: Record<string, string[]> = {};
	for (const [key, value] of new URLSearchParams(rawQuery)) (query[key] ??= []).push(value);
	return query;
}

async function readRaw(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** Strings are the spec's plain-text errors; anything else goes as JSON; undefined as no body. */
function writeResponse(res: ServerResponse, response: SandboxResponse): void {
	const headers: Record<string, string> = { ...response.headers };
	if (response.body === undefined) {
		res.writeHead(response.status, headers).end();
		return;
	}
	const isText = typeof response.body === 'string';
	headers['Content-Type'] ??= isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
	res.writeHead(response.status, headers).end(isText ? (response.body as string) : JSON.stringify(response.body));
}

const FAULT_ANSWERS: Partial<Record<Fault['kind'], (fault: Fault) => SandboxResponse>> = {
	rateLimit: (fault) => ({
		status: 429,
		body: 'Too many requests.',
		headers: { 'Retry-After': String(fault.retryAfter ?? 1) },
	}),
	serverError: () => ({ status: 500, body: 'Internal server error.' }),
	badGateway: () => ({ status: 502, body: 'Bad gateway.' }),
};

/** A 200 whose JSON stops halfway, as a proxy cutting the connection short would leave it. */
function malformed(response: SandboxResponse): SandboxResponse {
	const full = JSON.stringify(response.body ?? { truncated: true });
	return {
		status: 200,
		body: full.slice(0, Math.max(1, Math.floor(full.length / 2))),
		headers: { ...response.headers, 'Content-Type': 'application/json; charset=utf-8' },
	};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One node:http server for the REST API, the webhook service and the admin API. */
export class SandboxServer {
	private server?: Server;

	constructor(
		private readonly routes: SandboxRoutes,
		private readonly log: RequestLog,
		private readonly faults: Faults,
		private readonly timeOf: () => string,
	) {}

	async listen(port = 0, host = '127.0.0.1'): Promise<number> {
		this.server = createServer((req, res) => {
			this.handle(req, res).catch((error: Error) => {
				if (!res.headersSent) writeResponse(res, { status: 500, body: `Sandbox error: ${error.message}` });
			});
		});
		await new Promise<void>((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(port, host, () => resolve());
		});
		return (this.server.address() as AddressInfo).port;
	}

	/** Closes the listener and every open socket, keep-alive ones too. */
	async close(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		const closed = new Promise<void>((resolve) => server.close(() => resolve()));
		server.closeAllConnections();
		await closed;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const rawQuery = url.search.replace(/^\?/, '');
		const rawBody = await readRaw(req);
		const { body, malformed: bodyMalformed } = parseBody(rawBody, req.headers['content-type']);
		const method = (req.method ?? 'GET').toUpperCase();
		// Kept percent-encoded: path parameters are decoded one by one, once.
		const { service, prefix } = routeOf(url.pathname);
		const request = {
			method,
			path: url.pathname.slice(prefix.length) || '/',
			query: parseQuery(rawQuery),
			rawQuery,
			headers: req.headers,
			rawBody,
			body,
			bodyMalformed,
		};
		if (service === 'admin' || service === 'identity') {
			writeResponse(res, await this.routes[service](request));
			return;
		}
		const op = service === 'unknown' ? undefined : matchOperation(service, method, request.path);
		const entry = this.log.record({
			at: this.timeOf(),
			method,
			service,
			path: request.path,
			rawQuery,
			query: request.query,
			headers: req.headers,
			rawBody,
			...(op ? { operation: op.id } : {}),
		});
		const answer = await this.answer(
			service,
			{ ...request, service: service as SandboxRequest['service'] },
			entry.operation,
			res,
		);
		if (!answer.response) {
			entry.fault = answer.fault;
			return;
		}
		entry.status = answer.response.status;
		if (answer.fault) entry.fault = answer.fault;
		writeResponse(res, answer.response);
	}

	/** Faults first (latency, then at most one that decides), then the service. */
	private async answer(
		service: LoggedService,
		req: SandboxRequest,
		operation: string | undefined,
		res: ServerResponse,
	) {
		if (service === 'unknown') return { response: { status: 404, body: 'Not Found' } };
		const { latencyMs, fault } = this.faults.take({
			service,
			method: req.method,
			path: req.path,
			operation,
		});
		if (latencyMs) await sleep(latencyMs);
		if (fault?.kind === 'connectionReset') {
			res.socket?.destroy();
			return { response: undefined, fault: fault.kind };
		}
		const early = fault && FAULT_ANSWERS[fault.kind];
		if (early) return { response: early(fault), fault: fault.kind };
		const response = await this.routes[service](req);
		if (fault?.kind === 'answerLost') {
			res.socket?.destroy();
			return { response: undefined, fault: fault.kind };
		}
		if (fault?.kind === 'malformedJson') return { response: malformed(response), fault: fault.kind };
		return { response, fault: latencyMs ? 'latency' : undefined };
	}
}
