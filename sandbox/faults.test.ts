import { request } from 'undici';

import { Faults } from './faults';
import { useSandbox } from './test/harness';

const h = useSandbox();

afterEach(() => h.sandbox.faults.clear());

describe('fault matching', () => {
	it('matches by service, method, path pattern or operation, and spends its times', () => {
		const faults = new Faults();
		faults.add({ kind: 'serverError', operation: 'GET /Business/Categories', times: 2 });
		faults.add({ kind: 'badGateway', method: 'POST', path: '/Business/Schedules/Appointments/*' });
		faults.add({
			kind: 'rateLimit',
			service: 'webhooks',
			path: '/subscriptions/{id}',
			times: 'always',
		});
		const target = {
			service: 'rest',
			method: 'GET',
			path: '/Business/Categories',
			operation: 'GET /Business/Categories',
		};
		expect(faults.take(target).fault?.kind).toBe('serverError');
		expect(faults.take(target).fault?.kind).toBe('serverError');
		expect(faults.take(target).fault).toBeUndefined();
		expect(
			faults.take({
				service: 'rest',
				method: 'GET',
				path: '/Business/Schedules/Appointments/Complete',
			}).fault,
		).toBeUndefined();
		expect(
			faults.take({
				service: 'rest',
				method: 'POST',
				path: '/business/schedules/appointments/complete',
			}).fault?.kind,
		).toBe('badGateway');
		for (let i = 0; i < 5; i++)
			expect(faults.take({ service: 'webhooks', method: 'GET', path: '/subscriptions/abc' }).fault?.kind).toBe(
				'rateLimit',
			);
		expect(() => faults.add({ kind: 'teapot' as never })).toThrow(/Unknown fault kind/);
	});

	it('with every, hits only every nth matching request, and counts only those it matches', () => {
		const faults = new Faults();
		faults.add({ kind: 'rateLimit', operation: 'AddClientToClass', every: 3, times: 'always' });
		const booking = { service: 'rest', method: 'POST', path: '/class/addclienttoclass', operation: 'AddClientToClass' };
		const other = {
			service: 'rest',
			method: 'GET',
			path: '/Business/Categories',
			operation: 'GET /Business/Categories',
		};
		const hit = (target: typeof booking) => faults.take(target).fault?.kind ?? '-';
		expect([hit(booking), hit(other), hit(booking), hit(booking), hit(booking), hit(booking), hit(booking)]).toEqual([
			'-',
			'-',
			'-',
			'rateLimit',
			'-',
			'-',
			'rateLimit',
		]);
		expect(() => faults.add({ kind: 'rateLimit', every: 0 })).toThrow(/every must be a whole number/);
	});
});

describe('faults over HTTP', () => {
	it('answers 429 with Retry-After, once, then the real answer', async () => {
		h.sandbox.faults.add({ kind: 'rateLimit', operation: 'GET /Business/Categories', retryAfter: 7 });
		const limited = await h.call('GET', '/Business/Categories');
		expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
		expect((await h.call('GET', '/Business/Categories')).status).toBe(200);
		expect(h.sandbox.log.list({ operation: 'GET /Business/Categories' }).map((e) => [e.status, e.fault])).toEqual([
			[429, 'rateLimit'],
			[200, undefined],
		]);
	});

	it('answers a rate-limited booking without making it: the request was not processed', async () => {
		const token = await h.staffToken();
		const client = h.site().clients[0];
		const instance = h.site().classes.find((c) => !c.IsCanceled && !c.Hidden && c.TotalBooked < c.MaxCapacity)!;
		const visits = () => h.site().classRecords.visits.filter((v) => v.ClassId === instance.Id).length;
		const before = { visits: visits(), booked: instance.TotalBooked };
		h.sandbox.faults.add({ kind: 'rateLimit', operation: 'AddClientToClass' });
		const body = { ClientId: client.ClientId, ClassId: instance.Id };
		const limited = await h.call('POST', '/class/addclienttoclass', { token, body });
		expect(limited.status).toBe(429);
		expect({ visits: visits(), booked: instance.TotalBooked }).toEqual(before);
		expect(h.sandbox.log.last({ operation: 'AddClientToClass' })).toMatchObject({ status: 429, fault: 'rateLimit' });
		// The same request, no longer throttled, books the client.
		expect((await h.call('POST', '/class/addclienttoclass', { token, body })).status).toBe(200);
		expect(visits()).toBe(before.visits + 1);
	});

	it('answers 500 and 502 before the handler runs (no state change)', async () => {
		const appointment = h.site().appointments.find((a) => a.Status === 'Booked')!;
		h.sandbox.faults.add({
			kind: 'serverError',
			method: 'POST',
			path: '/Business/Schedules/Appointments/Complete',
		});
		h.sandbox.faults.add({
			kind: 'badGateway',
			method: 'POST',
			path: '/Business/Schedules/Appointments/Complete',
		});
		const token = await h.staffToken();
		expect(
			(
				await h.call('POST', '/Business/Schedules/Appointments/Complete', {
					token,
					body: [appointment.Id],
				})
			).status,
		).toBe(500);
		expect(
			(
				await h.call('POST', '/Business/Schedules/Appointments/Complete', {
					token,
					body: [appointment.Id],
				})
			).status,
		).toBe(502);
		expect(appointment.Status).toBe('Booked');
	});

	it('delays by the latency, then answers normally', async () => {
		h.sandbox.faults.add({ kind: 'latency', latencyMs: 150, operation: 'GET /Business/Features' });
		const began = Date.now();
		const answer = await h.call('GET', '/Business/Features');
		expect(answer.status).toBe(200);
		expect(Date.now() - began).toBeGreaterThanOrEqual(140);
		expect(h.sandbox.log.last({ operation: 'GET /Business/Features' })?.fault).toBe('latency');
	});

	it('sends a 200 with malformed JSON after the handler ran', async () => {
		h.sandbox.faults.add({ kind: 'malformedJson', operation: 'POST /Business/PromoCodes' });
		const answer = await h.call('POST', '/Business/PromoCodes', {
			body: { Name: 'Broken', Code: 'BROKEN1', Discount: { Type: 'Amount', Amount: 1 } },
		});
		expect(answer.status).toBe(200);
		expect(answer.contentType).toMatch(/application\/json/);
		expect(answer.json).toBeUndefined();
		expect(() => JSON.parse(answer.text)).toThrow();
		expect(h.site().promoCodes.some((p) => p.Code === 'BROKEN1')).toBe(true);
	});

	it('resets the connection without an answer', async () => {
		h.sandbox.faults.add({ kind: 'connectionReset', operation: 'GET /Business/Subcategories' });
		await expect(
			request(`${h.sandbox.restBaseUrl}/Business/Subcategories`, {
				headers: { 'API-Key': h.sandbox.apiKey, SiteId: '-99' },
			}),
		).rejects.toThrow();
		expect(h.sandbox.log.last({ operation: 'GET /Business/Subcategories' })).toMatchObject({
			status: 0,
			fault: 'connectionReset',
		});
		expect((await h.call('GET', '/Business/Subcategories')).status).toBe(200);
	});

	it('loses the answer after the change was made', async () => {
		h.sandbox.faults.add({ kind: 'answerLost', operation: 'POST /Business/PromoCodes' });
		await expect(
			request(`${h.sandbox.restBaseUrl}/Business/PromoCodes`, {
				method: 'POST',
				headers: { 'API-Key': h.sandbox.apiKey, SiteId: '-99', 'content-type': 'application/json' },
				body: JSON.stringify({ Name: 'Lost', Code: 'LOST1', Discount: { Type: 'Amount', Amount: 1 } }),
			}),
		).rejects.toThrow();
		expect(h.sandbox.log.last({ operation: 'POST /Business/PromoCodes' })).toMatchObject({
			status: 0,
			fault: 'answerLost',
		});
		expect(h.site().promoCodes.some((p) => p.Code === 'LOST1')).toBe(true);
	});

	it('applies to the webhook service too', async () => {
		h.sandbox.faults.add({ kind: 'serverError', service: 'webhooks', times: 'always' });
		const answer = await fetch(`${h.sandbox.webhooksBaseUrl}/subscriptions`, {
			headers: { 'API-Key': h.sandbox.apiKey },
		});
		expect(answer.status).toBe(500);
		expect((await h.call('GET', '/Business/Categories')).status).toBe(200);
	});

	it('is managed through the admin API', async () => {
		const added = await h.admin('POST', '/faults', {
			kind: 'badGateway',
			operation: 'GET /Business/Closures',
			times: 3,
		});
		expect(added.status).toBe(201);
		expect(added.json).toMatchObject({ id: expect.any(Number), remaining: 3 });
		expect((await h.admin('GET', '/faults')).json).toHaveLength(1);
		expect((await h.admin('POST', '/faults', { kind: 'nope' })).status).toBe(400);
		expect((await h.admin('DELETE', `/faults/${added.json.id}`)).status).toBe(200);
		expect(h.sandbox.faults.list()).toEqual([]);
		await h.admin('POST', '/faults', { kind: 'badGateway' });
		expect((await h.admin('DELETE', '/faults')).status).toBe(200);
		expect(h.sandbox.faults.list()).toEqual([]);
	});
});
