import type { INodeParameters } from 'n8n-workflow';

import { TEST_START, bodyOf, pairs, useNodeSandbox } from './support';

/**
 * A booking the service answers 429 (Too Many Requests) was not processed, so it is sent again
 * after the Retry-After, as the same request: under throttling a bulk booking still books every
 * client exactly once. In n8n's engine against the sandbox, whose rate-limit fault answers before
 * the booking is made.
 */
const h = useNodeSandbox({ resetEachTest: true, size: { clients: 260 } });
const now = Date.parse(TEST_START);

/** An upcoming class with room for `places` more clients (its capacity raised where needed). */
function roomyClass(places: number) {
	const instance = h
		.site()
		.classes.find((c) => !c.Hidden && !c.IsCanceled && Date.parse(c.StartDateTime) > now + 24 * 3600_000)!;
	instance.MaxCapacity = Math.max(instance.MaxCapacity, instance.TotalBooked + places);
	instance.WebCapacity = Math.max(instance.WebCapacity, instance.TotalWebBooked + places);
	return instance;
}

const addClient = (classId: number, options: INodeParameters = {}): INodeParameters => ({
	resource: 'class',
	operation: 'addClient',
	clientId: { __rl: true, mode: 'id', value: '={{ $json.clientId }}' },
	classId: { __rl: true, mode: 'id', value: String(classId) },
	options,
});

const visitsIn = (classId: number) => h.site().classRecords.visits.filter((v) => v.ClassId === classId);

describe('a booking answered 429 is sent again', () => {
	test('200 bookings while the service throttles every 10th request: 200 booked, none twice', async () => {
		const instance = roomyClass(200);
		const before = visitsIn(instance.Id).length;
		const clients = h
			.site()
			.clients.filter((client) => !visitsIn(instance.Id).some((v) => v.ClientId === client.Id))
			.slice(0, 200);
		expect(clients).toHaveLength(200);
		h.sandbox.faults.add({
			kind: 'rateLimit',
			operation: 'AddClientToClass',
			every: 10,
			times: 'always',
			retryAfter: 0,
		});

		const result = await h.run(addClient(instance.Id, { transactionKey: 'bulk-booking' }), {
			items: clients.map((client) => ({ clientId: client.ClientId })),
		});

		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(200);
		expect(result.jsonItems.filter((item) => item.error !== undefined)).toEqual([]);
		expect(pairs(result.items)).toEqual(clients.map((_, index) => index));
		const booked = visitsIn(instance.Id).slice(before);
		expect(booked).toHaveLength(200);
		expect(new Set(booked.map((v) => v.ClientId)).size).toBe(200);

		const calls = h.calls('class.addClient');
		const limited = calls.filter((call) => call.status === 429);
		expect(limited.length).toBeGreaterThanOrEqual(20);
		expect(calls.filter((call) => call.status === 200)).toHaveLength(200);
		expect(calls).toHaveLength(200 + limited.length);
		// Each refused request went out again as it was: the same body, the same Transaction-Key.
		for (const refused of limited) {
			const later = calls.slice(calls.indexOf(refused) + 1);
			expect(later.some((call) => call.status === 200 && call.rawBody === refused.rawBody)).toBe(true);
		}
		expect(new Set(calls.map((call) => call.headers['transaction-key']))).toEqual(new Set(['bulk-booking']));
	}, 120_000);

	test('the resend waits for the Retry-After the service gave', async () => {
		const instance = roomyClass(1);
		const client = h.site().clients.find((c) => !visitsIn(instance.Id).some((v) => v.ClientId === c.Id))!;
		h.sandbox.faults.add({ kind: 'rateLimit', operation: 'AddClientToClass', retryAfter: 1 });
		const started = Date.now();
		const result = await h.run(addClient(instance.Id), { items: [{ clientId: client.ClientId }] });
		expect(result.status).toBe('success');
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		const calls = h.calls('class.addClient');
		expect(calls.map((call) => call.status)).toEqual([429, 200]);
		expect(bodyOf(calls[1])).toEqual(bodyOf(calls[0]));
		expect(visitsIn(instance.Id).filter((v) => v.ClientId === client.Id)).toHaveLength(1);
	});

	test('a 500 on a booking is not sent again: the service may have acted', async () => {
		const instance = roomyClass(1);
		const client = h.site().clients.find((c) => !visitsIn(instance.Id).some((v) => v.ClientId === c.Id))!;
		h.sandbox.faults.add({ kind: 'serverError', operation: 'AddClientToClass' });
		const result = await h.run(addClient(instance.Id), { items: [{ clientId: client.ClientId }] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Internal server error.');
		expect(h.calls('class.addClient').map((call) => call.status)).toEqual([500]);
	});
});
