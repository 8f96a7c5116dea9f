import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData } from '../support/recordingServer';

/**
 * Requests of different items in flight together, in n8n's engine against a server on 127.0.0.1
 * that answers each request after a pause and counts how many it holds at once: the bound on
 * requests in flight, outputs in item order with their pairedItem, Continue On Fail per item, and
 * a 429 that holds back every request of the run.
 */

interface Seen {
	staffId: string;
	at: number;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

async function startServer(answer: (staffId: string, seen: Seen[]) => Answer, pauseMs = 40) {
	const seen: Seen[] = [];
	let holding = 0;
	let most = 0;
	const server: Server = createServer((req, res) => {
		const staffId = /Staff\/(\d+)/.exec(req.url ?? '')?.[1] ?? '';
		seen.push({ staffId, at: Date.now() });
		holding++;
		most = Math.max(most, holding);
		const reply = answer(staffId, seen);
		setTimeout(() => {
			holding--;
			res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
			res.end(JSON.stringify(reply.body));
		}, pauseMs);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		most: () => most,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

const ok = (staffId: string): Answer => ({ status: 200, body: [{ Id: Number(staffId), Type: 'Appointment' }] });

async function run(
	server: { url: string },
	count: number,
	options: Record<string, number> = {},
	continueOnFail = false,
) {
	return await runWorkflow({
		credentials: newCredentials({ mindbody: recordingCredentialData(server, { userMode: 'none' }) }),
		nodes: [
			{
				name: 'Mindbody',
				continueOnFail,
				parameters: {
					resource: 'staffCalendar',
					operation: 'get',
					staffId: '={{ $json.staffId }}',
					simplify: false,
					options,
				},
			},
		],
		items: Array.from({ length: count }, (_, n) => ({ staffId: 101 + n })),
	});
}

describe('requests in flight', () => {
	let server: Awaited<ReturnType<typeof startServer>> | undefined;
	afterEach(async () => {
		await server?.stop();
		server = undefined;
	});

	test('at most 10 at once by default; outputs in item order, each paired with its item', async () => {
		server = await startServer(ok);
		const result = await run(server, 25);
		expect(result.status).toBe('success');
		expect(server.seen).toHaveLength(25);
		expect(server.most()).toBe(10);
		const items = result.output('Mindbody');
		expect(items.map((item) => item.json.Id)).toEqual(Array.from({ length: 25 }, (_, n) => 101 + n));
		expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: 25 }, (_, n) => ({ item: n })));
	});

	test('Options → Requests in Flight sets the bound; 1 sends in item order', async () => {
		server = await startServer(ok);
		await run(server, 12, { requestsInFlight: 3 });
		expect(server.most()).toBe(3);
		await server.stop();
		server = await startServer(ok);
		await run(server, 6, { requestsInFlight: 1 });
		expect(server.most()).toBe(1);
		expect(server.seen.map((s) => s.staffId)).toEqual(['101', '102', '103', '104', '105', '106']);
	});

	test('Continue On Fail: the failing item gets its error item in its place, the others their answers', async () => {
		server = await startServer((staffId) =>
			staffId === '105' ? { status: 404, body: 'Staff member 105 was not found.' } : ok(staffId),
		);
		const result = await run(server, 8, {}, true);
		const items = result.output('Mindbody');
		expect(items).toHaveLength(8);
		expect(items[4].json.error).toContain('Staff member 105 was not found.');
		expect(items[4].pairedItem).toEqual({ item: 4 });
		expect(items.filter((_, n) => n !== 4).map((item) => item.json.Id)).toEqual([101, 102, 103, 104, 106, 107, 108]);
	});

	test('without Continue On Fail a failure stops sending: items not yet sent never go out', async () => {
		server = await startServer((staffId) =>
			staffId === '102' ? { status: 404, body: 'Staff member 102 was not found.' } : ok(staffId),
		);
		const result = await run(server, 40, { requestsInFlight: 2 });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Staff member 102 was not found.');
		// Two in flight: after 102's answer at most the two then in flight had been sent.
		expect(server.seen.length).toBeLessThanOrEqual(4);
	});

	test('a 429 holds back every request of the run until its Retry-After has passed', async () => {
		let answered429At = 0;
		server = await startServer((staffId, seen) => {
			if (staffId === '101' && seen.filter((s) => s.staffId === '101').length === 1) {
				answered429At = Date.now() + 40;
				return { status: 429, body: 'Too many requests.', headers: { 'Retry-After': '1' } };
			}
			return ok(staffId);
		});
		const result = await run(server, 20, { requestsInFlight: 4 });
		expect(result.status).toBe('success');
		expect(result.output('Mindbody').map((item) => item.json.Id)).toEqual(
			Array.from({ length: 20 }, (_, n) => 101 + n),
		);
		// Requests sent after the 429 reached the node: none before the second it asked for.
		const after = server.seen.filter((s) => s.at > answered429At + 50);
		expect(after.length).toBeGreaterThan(0);
		expect(Math.min(...after.map((s) => s.at)) - answered429At).toBeGreaterThanOrEqual(900);
	});
});
