import type { AppointmentRequest } from '../../sandbox/data/types';
import { bodyOf, expectHeaders, pairs, useNodeSandbox } from './support';

const h = useNodeSandbox();
const pending = (type: AppointmentRequest['Type']) =>
	h.site().appointmentRequests.filter((r) => r.Status === 'Pending' && r.Type === type);

describe('appointmentRequest', () => {
	test('Get: id in the path, token, one item', async () => {
		const request = h.site().appointmentRequests[0];
		const result = await h.run({ resource: 'appointmentRequest', operation: 'get', id: request.Id });
		expect(result.status).toBe('success');
		const logged = h.lastRequest(`/Business/Schedules/AppointmentRequests/${request.Id}`);
		expect(logged.method).toBe('GET');
		expect(logged.rawQuery).toBe('');
		expectHeaders(h, logged, true);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ Id: request.Id, Status: request.Status, Type: request.Type }),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('Get: a 404 plain-text answer is a NodeApiError with the server string', async () => {
		const result = await h.run({ resource: 'appointmentRequest', operation: 'get', id: 1 });
		expect(result.status).toBe('error');
		expect(h.lastRequest('/Business/Schedules/AppointmentRequests/1').status).toBe(404);
		const error = result.nodeError('Mindbody') as unknown as { name: string; httpCode: string; message: string };
		expect([error.name, error.httpCode]).toEqual(['NodeApiError', '404']);
		expect(error.message).toBe('Appointment request 1 was not found.');
	});

	test('Get: 0 is refused before sending (must be a positive ID)', async () => {
		const result = await h.run({ resource: 'appointmentRequest', operation: 'get', id: 0 });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe('Appointment Request ID: must be a positive ID');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Approve: reference objects in the body, token, 201 object output', async () => {
		const request = pending('Booking')[0];
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: request.Id,
			confirmationFields: { consumerId: request.ClientId },
		});
		expect(result.status).toBe('success');
		const logged = h.lastRequest('/Business/Schedules/AppointmentRequests/Approve');
		expect(logged.method).toBe('POST');
		expect(logged.status).toBe(201);
		expect(bodyOf(logged)).toEqual([
			{ AppointmentRequestReference: { Id: request.Id }, ConsumerReference: { Id: request.ClientId } },
		]);
		expectHeaders(h, logged, true);
		expect(result.items).toEqual([
			{
				json: {
					Results: [expect.objectContaining({ AppointmentRequestId: request.Id, Status: 'Approved' })],
					Errors: [],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('Approve batched: 3 items → 1 request (one body list), every output item paired to its input', async () => {
		const requests = pending('Booking').slice(0, 3);
		const result = await h.run(
			{
				resource: 'appointmentRequest',
				operation: 'approve',
				appointmentRequestId: '={{ $json.id }}',
				options: { batch: true },
			},
			{ items: requests.map((r) => ({ id: r.Id })) },
		);
		expect(result.status).toBe('success');
		const logged = h.requests('/Business/Schedules/AppointmentRequests/Approve');
		expect(logged).toHaveLength(1);
		expect(bodyOf(logged[0])).toEqual(requests.map((r) => ({ AppointmentRequestReference: { Id: r.Id } })));
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		expect(result.items[0].json).toMatchObject({ Results: expect.any(Array), Errors: [] });
	});

	test('Approve without an appointment request ID: n8n refuses to run the workflow, nothing is sent', async () => {
		await expect(h.run({ resource: 'appointmentRequest', operation: 'approve' })).rejects.toThrow(
			/workflow has issues/,
		);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Approve with an appointment request ID that resolves empty: a field error, no request sent', async () => {
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: '={{ "" }}',
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe('Appointment Request ID: is required');
		expect(h.requests('/Business/Schedules/AppointmentRequests/Approve')).toHaveLength(0);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Approve (books) with a 500 fault: exactly 1 request and an error', async () => {
		const request = pending('Booking')[0];
		h.sandbox.faults.add({ kind: 'serverError', operation: 'POST /Business/Schedules/AppointmentRequests/Approve' });
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: request.Id,
		});
		expect(result.status).toBe('error');
		expect(h.requests('/Business/Schedules/AppointmentRequests/Approve')).toHaveLength(1);
		expect(request.Status).toBe('Pending');
	});

	test('Deny batched: 4 items, batch size 3 → 2 requests, pairing kept', async () => {
		const ids = pending('Booking')
			.slice(0, 4)
			.map((r) => r.Id);
		const result = await h.run(
			{
				resource: 'appointmentRequest',
				operation: 'deny',
				ids: '={{ [$json.id] }}',
				options: { batch: true, batchSize: 3 },
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		const logged = h.requests('/Business/Schedules/AppointmentRequests/Deny');
		expect(logged.map((r) => bodyOf(r))).toEqual([ids.slice(0, 3), [ids[3]]]);
		for (const request of logged) expectHeaders(h, request, true);
		expect(pairs(result.items)).toEqual([0, 1, 2, 3]);
		expect(result.items[3].json).toEqual({
			Results: [expect.objectContaining({ AppointmentRequestId: ids[3], Status: 'Denied' })],
			Errors: [],
		});
	});

	test('Deny: denying twice is a typed 400 in the server words', async () => {
		const id = h.site().appointmentRequests.find((r) => r.Status === 'Denied')!.Id;
		const result = await h.run({ resource: 'appointmentRequest', operation: 'deny', ids: [String(id)] });
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody') as unknown as { httpCode: string; message: string };
		expect(error.httpCode).toBe('400');
		expect(error.message).toMatch(new RegExp(`^${id}: .*not pending`));
	});

	test('Deny Multiple: ids and notification preference in one object, token', async () => {
		const ids = pending('Booking')
			.slice(0, 2)
			.map((r) => r.Id);
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'denyMultiple',
			ids: ids.map(String),
			notificationPreference: 'Sms',
		});
		expect(result.status).toBe('success');
		const logged = h.lastRequest('/Business/Schedules/AppointmentRequests/deny-multiple');
		expect(logged.method).toBe('POST');
		expect(bodyOf(logged)).toEqual({ AppointmentRequestIds: ids, NotificationPreference: 'Sms' });
		expectHeaders(h, logged, true);
		expect(result.items).toEqual([
			{ json: expect.objectContaining({ NotificationPreference: 'Sms', Errors: [] }), pairedItem: { item: 0 } },
		]);
	});

	test('without a user token (userMode none): refused before sending', async () => {
		const result = await h.run(
			{ resource: 'appointmentRequest', operation: 'deny', ids: ['5'] },
			{ credential: 'noUser' },
		);
		expect(result.status).toBe('error');
		expect(h.requests('/Business/Schedules/AppointmentRequests/Deny')).toHaveLength(0);
		expect(result.nodeError('Mindbody')!.message).toBe(
			'Appointment Request: Deny acts as a user and needs a user token, but the Mindbody credential holds none',
		);
	});
});
