import { bodyOf, expectHeaders, pairs, TEST_START, useNodeSandbox } from './support';

const h = useNodeSandbox();
const now = Date.parse(TEST_START);
const futureBooked = () =>
	h.site().appointments.filter((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > now);

const recurringBody = (occurrences = 2) => {
	const taken = futureBooked().at(-1)!;
	return {
		ClientId: h.site().clients[5].ClientId,
		LocationId: taken.LocationId,
		StaffId: taken.StaffId,
		AppointmentTypeId: taken.SessionTypeId,
		StartDateTime: taken.StartDateTime,
		Frequency: 'Weekly',
		Occurrences: occurrences,
	};
};

describe('appointment', () => {
	test('Get Many: repeated appointmentId keys, no token, one item with the related objects', async () => {
		const [a, b] = h.site().appointments;
		const result = await h.run({
			resource: 'appointment',
			operation: 'getMany',
			appointmentId: [String(a.Id), String(b.Id)],
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments');
		expect(request.method).toBe('GET');
		expect(request.rawQuery).toBe(`appointmentId=${a.Id}&appointmentId=${b.Id}`);
		expect(request.rawBody).toBe('');
		expectHeaders(h, request, false);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const json = result.items[0].json as { Appointments: Array<{ Id: number }>; Errors: unknown[] };
		expect(json.Appointments.map((x) => x.Id)).toEqual([a.Id, b.Id]);
		expect(json.Errors).toEqual([]);
	});

	test('Get Many: comma-separated ids become repeated keys; a typed 400 is a NodeApiError in the server words', async () => {
		const [a] = h.site().appointments;
		const result = await h.run({ resource: 'appointment', operation: 'getMany', appointmentId: [`${a.Id}, 42`] });
		expect(h.lastRequest('/Business/Schedules/Appointments').rawQuery).toBe(`appointmentId=${a.Id}&appointmentId=42`);
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody')! as unknown as { name: string; message: string; httpCode: string };
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('Appointment 42 was not found.');
	});

	test('Modify: body from the fields, token, output object', async () => {
		const appointment = futureBooked()[0];
		const result = await h.run({
			resource: 'appointment',
			operation: 'modify',
			appointments: { appointment: [{ id: appointment.Id, notes: 'Moved', otherFields: '{}' }] },
			sendEmail: true,
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Modify');
		expect(request.method).toBe('POST');
		expect(request.rawQuery).toBe('');
		expect(request.headers['content-type']).toMatch(/application\/json/);
		expect(bodyOf(request)).toEqual({ Appointments: [{ Id: appointment.Id, Notes: 'Moved' }], SendEmail: true });
		expectHeaders(h, request, true);
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			json: { Appointments: [expect.objectContaining({ Id: appointment.Id, Notes: 'Moved' })], Errors: [] },
			pairedItem: { item: 0 },
		});
	});

	test('Complete: one request per item with batching turned off; { success, result } items', async () => {
		const [one, two] = futureBooked();
		const result = await h.run(
			{ resource: 'appointment', operation: 'complete', ids: '={{ [$json.id] }}', options: { batch: false } },
			{ items: [{ id: one.Id }, { id: two.Id }] },
		);
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Appointments/Complete');
		expect(requests.map((r) => bodyOf(r))).toEqual([[one.Id], [two.Id]]);
		for (const request of requests) expectHeaders(h, request, true);
		expect(result.items.map((i) => i.json)).toEqual([
			{ success: true, result: true },
			{ success: true, result: true },
		]);
		expect(pairs(result.items)).toEqual([0, 1]);
	});

	test('Complete batched: 5 items with batch size 2 → 3 requests, every output paired to its input', async () => {
		const ids = futureBooked()
			.slice(0, 5)
			.map((a) => a.Id);
		const result = await h.run(
			{
				resource: 'appointment',
				operation: 'complete',
				ids: '={{ [$json.id] }}',
				options: { batch: true, batchSize: 2 },
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Appointments/Complete');
		expect(requests).toHaveLength(3);
		expect(requests.map((r) => bodyOf(r))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
		expect(result.items).toHaveLength(5);
		expect(pairs(result.items)).toEqual([0, 1, 2, 3, 4]);
		expect(result.items.every((i) => i.json.success === true)).toBe(true);
	});

	test('Complete unbatched with continueOnFail: an unknown id gives an error item, the others succeed', async () => {
		const [one, two] = futureBooked();
		const result = await h.run(
			{ resource: 'appointment', operation: 'complete', ids: '={{ [$json.id] }}', options: { batch: false } },
			{ items: [{ id: one.Id }, { id: 12 }, { id: two.Id }], continueOnFail: true },
		);
		expect(result.status).toBe('success');
		expect(h.requests('/Business/Schedules/Appointments/Complete')).toHaveLength(3);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		expect(result.items[0].json).toEqual({ success: true, result: true });
		expect(result.items[1].json).toMatchObject({ error: expect.any(String), status: 400 });
		expect(result.items[2].json).toEqual({ success: true, result: true });
	});

	test('Book Recurring: JSON body, no token, Transaction-Key cut to 50 with a hint', async () => {
		const body = recurringBody();
		const key = 'k'.repeat(49) + 'XYZ';
		const result = await h.run({
			resource: 'appointment',
			operation: 'bookRecurring',
			jsonBody: JSON.stringify(body),
			options: { transactionKey: key },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Recurring', 'POST');
		expect(bodyOf(request)).toEqual(body);
		expect(request.headers.authorization).toBeUndefined();
		expect(request.headers.siteid).toBe('-99');
		expect(request.headers['transaction-key']).toBe(key.slice(0, 50));
		expect(result.hints('Mindbody').map((hint) => hint.message)).toEqual([
			expect.stringContaining('longer than 50 characters'),
		]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			json: { RecurrenceId: expect.anything(), AppointmentIds: expect.any(Array) },
			pairedItem: { item: 0 },
		});
	});

	test('Book Recurring is never retried: a 500 fault → exactly 1 request and an error', async () => {
		h.sandbox.faults.add({ kind: 'serverError', operation: 'POST /Business/Schedules/Appointments/Recurring' });
		const result = await h.run({
			resource: 'appointment',
			operation: 'bookRecurring',
			jsonBody: JSON.stringify(recurringBody(1)),
		});
		expect(result.status).toBe('error');
		expect(h.requests('/Business/Schedules/Appointments/Recurring', 'POST')).toHaveLength(1);
		expect((result.nodeError('Mindbody') as unknown as { httpCode: string }).httpCode).toBe('500');
	});

	test('Book Recurring: invalid JSON is a field error and nothing is sent', async () => {
		const result = await h.run({ resource: 'appointment', operation: 'bookRecurring', jsonBody: '{nope' });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toContain('Body (JSON)');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Validate Recurring: JSON body, no deduplication skip (not a rule 5 operation), conflicts in the output', async () => {
		const body = recurringBody(3);
		const result = await h.run({
			resource: 'appointment',
			operation: 'validateRecurring',
			jsonBody: JSON.stringify(body),
			options: { skipDeduplication: true },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Recurring/Validate');
		expect(request.method).toBe('POST');
		expect(bodyOf(request)).toEqual(body);
		expect(request.headers['x-requestdeduplication-skip']).toBeUndefined();
		expect(request.headers.authorization).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ HasConflicts: expect.any(Boolean), Occurrences: expect.any(Array) });
		expect((result.items[0].json.Occurrences as unknown[]).length).toBe(3);
	});

	test('Get Booking Templates: body fields, no token, one item per template', async () => {
		const past = h.site().appointments.filter((a) => {
			const start = Date.parse(a.StartDateTime);
			return a.Status !== 'Cancelled' && start > now - 30 * 86_400_000 && start < now;
		});
		const clientId = past[0].ClientId;
		const result = await h.run({
			resource: 'appointment',
			operation: 'getBookingTemplates',
			consumerId: clientId,
			maxDays: 30,
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Scheduling/Appointments/BookingTemplates');
		expect(request.method).toBe('POST');
		expect(bodyOf(request)).toEqual({ ConsumerId: clientId, MaxDays: 30 });
		expectHeaders(h, request, false);
		expect(result.items.length).toBeGreaterThan(0);
		expect(result.items[0].json).toMatchObject({ ConsumerReference: { Id: clientId } });
		expect(new Set(pairs(result.items))).toEqual(new Set([0]));
	});

	test('Site ID option overrides the credential site', async () => {
		const [a] = h.site().appointments;
		await h.run({
			resource: 'appointment',
			operation: 'getMany',
			appointmentId: [String(a.Id)],
			options: { siteId: h.sandbox.secondSiteId },
		});
		const request = h.lastRequest('/Business/Schedules/Appointments');
		expect(request.headers.siteid).toBe(String(h.sandbox.secondSiteId));
		expect(
			h.requests('/Business/Schedules/Appointments').every((r) => r.headers.siteid === String(h.sandbox.secondSiteId)),
		).toBe(true);
	});

	test('a GET is retried after 429 Retry-After: 1, then succeeds (2 requests)', async () => {
		const [a] = h.site().appointments;
		h.sandbox.faults.add({ kind: 'rateLimit', operation: 'GET /Business/Schedules/Appointments', retryAfter: 1 });
		const result = await h.run({ resource: 'appointment', operation: 'getMany', appointmentId: [String(a.Id)] });
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Appointments', 'GET');
		expect(requests.map((r) => r.status)).toEqual([429, 200]);
		expect(requests[0].fault).toBeDefined();
		expect(result.items).toHaveLength(1);
	});

	test('a missing required ID is a field error naming the field; nothing is sent', async () => {
		const result = await h.run({ resource: 'appointment', operation: 'getMany', appointmentId: [] });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe('Appointment IDs: is required');
		expect(h.apiRequests()).toHaveLength(0);
	});
});
