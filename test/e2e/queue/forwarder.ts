/**
 * A small round-robin HTTP forwarder on 127.0.0.1, standing in for the load balancer that sits
 * in front of n8n's webhook processes: each request goes to the next target in turn, body and
 * headers as received, and the answer comes back as the target gave it.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface Forwarder {
	url: string;
	port: number;
	/** Requests sent to each target, in target order. */
	counts: number[];
	stop(): Promise<void>;
}

export async function startForwarder(targetPorts: number[], host = '127.0.0.1'): Promise<Forwarder> {
	const counts = targetPorts.map(() => 0);
	let next = 0;
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
	const server = http.createServer((req, res) => {
		const index = next;
		next = (next + 1) % targetPorts.length;
		counts[index]++;
		const upstream = http.request(
			{ host, port: targetPorts[index], method: req.method, path: req.url, headers: req.headers, agent },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', (error) => {
			if (res.headersSent) {
				res.destroy(error);
				return;
			}
			res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`forwarder: target ${index} unreachable: ${error.message}`);
		});
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host}:${port}/`,
		port,
		counts,
		async stop() {
			agent.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
