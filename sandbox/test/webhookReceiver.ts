import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A real webhook receiver on 127.0.0.1 that records what it gets and answers as told. */

export interface ReceivedRequest {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	/** Exactly the bytes received. */
	rawBody: Buffer;
	body: string;
}

export interface Receiver {
	url: string;
	requests: ReceivedRequest[];
	/** POSTs only: the deliveries. */
	posts(): ReceivedRequest[];
	/** Status for POST; change it between deliveries. */
	status: number;
	headStatus: number;
	/** Never answer (the request stays open until the caller gives up). */
	silent: boolean;
	headSilent: boolean;
	close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
	const sockets = new Set<Socket>();
	const held: ServerResponse[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const rawBody = Buffer.concat(chunks);
			const method = req.method ?? '';
			receiver.requests.push({
				method,
				path: req.url ?? '',
				headers: req.headers,
				rawBody,
				body: rawBody.toString('utf8'),
			});
			const head = method === 'HEAD';
			if (head ? receiver.headSilent : receiver.silent) return void held.push(res);
			res.statusCode = head ? receiver.headStatus : receiver.status;
			res.end();
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const receiver: Receiver = {
		url: `http://127.0.0.1:${port}${path}`,
		requests: [],
		posts: () => receiver.requests.filter((request) => request.method === 'POST'),
		status: 200,
		headStatus: 200,
		silent: false,
		headSilent: false,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	return receiver;
}
