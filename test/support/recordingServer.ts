import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
}

/** `hang`: never answer, to run into time limits. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; hang?: boolean };

/**
 * A small HTTP server on 127.0.0.1 that records every request and answers with what the
 * test scripts, for transport behaviour the sandbox does not produce on its own.
 */
export async function startRecordingServer(answer: (request: Recorded) => Reply) {
	const requests: Recorded[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const recorded = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(recorded);
			const reply = answer(recorded);
			if (reply.hang) return;
			const text =
				typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
			res.writeHead(reply.status, {
				'Content-Type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
				...reply.headers,
			});
			res.end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				// Requests left hanging would keep close() waiting.
				server.closeAllConnections();
			}),
	};
}

/**
 * mindbodyApi credential data with both services under a recording server and a pasted token;
 * `extra` changes the user mode or adds fields.
 */
export const recordingCredentialData = (server: { url: string }, extra: Record<string, unknown> = {}) => ({
	apiKey: 'api-key-1',
	siteId: -99,
	baseUrl: `${server.url}/public/v6`,
	webhooksBaseUrl: `${server.url}/push/api/v1`,
	userMode: 'token',
	userToken: 'token-pasted',
	...extra,
});
