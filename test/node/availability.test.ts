import { bodyOf, expectHeaders, pairs, useNodeSandbox } from './support';

const h = useNodeSandbox();

const scheduleParams = (overrides: Record<string, unknown> = {}) => ({
	daysOfWeek: ['Saturday'],
	startTime: '10:00',
	endTime: '14:00',
	startDate: '2026-04-01T00:00:00',
	endDate: '2026-06-30T00:00:00',
	scheduleFields: { staffId: h.site().staff[1].Id, locationId: h.site().staff[1].LocationIds[0] },
	...overrides,
});
const wireSchedule = (overrides: Record<string, unknown> = {}) => ({
	DaysOfWeek: ['Saturday'],
	StartTime: '10:00',
	EndTime: '14:00',
	StartDate: '2026-04-01',
	EndDate: '2026-06-30',
	StaffId: h.site().staff[1].Id,
	LocationId: h.site().staff[1].LocationIds[0],
	...overrides,
});

describe('availability', () => {
	test('Get Many: repeated availabilityId, token, one item per schedule', async () => {
		const [a, b] = h.site().availabilities;
		const result = await h.run({
			resource: 'availability',
			operation: 'get',
			availabilityId: [String(a.Id), String(b.Id)],
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Availability');
		expect(request.method).toBe('GET');
		expect(request.rawQuery).toBe(`availabilityId=${a.Id}&availabilityId=${b.Id}`);
		expectHeaders(h, request, true);
		expect(result.items.map((i) => i.json.Id)).toEqual([a.Id, b.Id]);
		expect(pairs(result.items)).toEqual([0, 0]);
	});

	test('Get Many: an unknown id answers 400 (typed list): a NodeApiError', async () => {
		const [a] = h.site().availabilities;
		const result = await h.run({ resource: 'availability', operation: 'get', availabilityId: [String(a.Id), '2'] });
		expect(result.status).toBe('error');
		expect(h.lastRequest('/Business/Schedules/Availability').rawQuery).toBe(`availabilityId=${a.Id}&availabilityId=2`);
		const error = result.nodeError('Mindbody') as unknown as { name: string; httpCode: string };
		expect([error.name, error.httpCode]).toEqual(['NodeApiError', '400']);
	});

	test('Add: one schedule per item; dates cut to YYYY-MM-DD; 201 list output', async () => {
		const result = await h.run({ resource: 'availability', operation: 'add', ...scheduleParams() });
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Availability/Add');
		expect(request.method).toBe('POST');
		expect(request.status).toBe(201);
		expect(bodyOf(request)).toEqual([wireSchedule()]);
		expectHeaders(h, request, true);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ Id: expect.any(Number), StartTime: '10:00:00', DaysOfWeek: ['Saturday'] }),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('Add batched: 3 items, batch size 2 → 2 requests, each answer element paired to its item', async () => {
		const days = ['Monday', 'Tuesday', 'Wednesday'];
		const result = await h.run(
			{
				resource: 'availability',
				operation: 'add',
				...scheduleParams({ daysOfWeek: '={{ [$json.day] }}' }),
				options: { batch: true, batchSize: 2 },
			},
			{ items: days.map((day) => ({ day })) },
		);
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Availability/Add');
		expect(requests.map((r) => bodyOf(r))).toEqual([
			[wireSchedule({ DaysOfWeek: ['Monday'] }), wireSchedule({ DaysOfWeek: ['Tuesday'] })],
			[wireSchedule({ DaysOfWeek: ['Wednesday'] })],
		]);
		expect(result.items.map((i) => i.json.DaysOfWeek)).toEqual([['Monday'], ['Tuesday'], ['Wednesday']]);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
	});

	test('Add with a time the spec gives no format for: sent as typed, the service answers', async () => {
		const result = await h.run({
			resource: 'availability',
			operation: 'add',
			...scheduleParams({ startTime: '25:61' }),
		});
		expect(result.status).toBe('error');
		expect(
			(bodyOf(h.lastRequest('/Business/Schedules/Availability/Add')) as Array<{ StartTime: string }>)[0].StartTime,
		).toBe('25:61');
		expect(result.nodeError('Mindbody')!.message).toContain("StartTime '25:61' is not a time of day");
	});

	test('Add with continueOnFail: the item with a bad end date gets an error item, the others are sent', async () => {
		const result = await h.run(
			{
				resource: 'availability',
				operation: 'add',
				...scheduleParams({ endDate: '={{ $json.end }}', daysOfWeek: ['Sunday'] }),
				options: { batch: false },
			},
			{
				items: [{ end: '2026-06-30T00:00:00' }, { end: 'someday' }, { end: '2026-07-31T00:00:00' }],
				continueOnFail: true,
			},
		);
		expect(result.status).toBe('success');
		expect(
			h
				.requests('/Business/Schedules/Availability/Add')
				.map((r) => (bodyOf(r) as Array<{ EndDate: string }>)[0].EndDate),
		).toEqual(['2026-06-30', '2026-07-31']);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		expect(result.items[1].json.error).toMatch(/^End Date: "someday" is not a date-time/);
		expect(result.items[0].json.Id).toEqual(expect.any(Number));
		expect(result.items[2].json.Id).toEqual(expect.any(Number));
	});

	test('Add: a typed 400 (end before start) is a NodeApiError', async () => {
		const result = await h.run({
			resource: 'availability',
			operation: 'add',
			...scheduleParams({ startTime: '15:00', endTime: '09:00' }),
		});
		expect(result.status).toBe('error');
		expect(h.lastRequest('/Business/Schedules/Availability/Add').status).toBe(400);
		const error = result.nodeError('Mindbody') as unknown as { httpCode: string; message: string };
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('EndTime must come after StartTime.');
	});

	test('Group: existing schedule by Schedule ID, list output with the group id', async () => {
		const existing = h.site().availabilities[0];
		const result = await h.run({
			resource: 'availability',
			operation: 'group',
			daysOfWeek: existing.DaysOfWeek,
			startTime: existing.StartTime.slice(0, 5),
			endTime: '16:00',
			startDate: `${existing.StartDate}T00:00:00`,
			endDate: `${existing.EndDate}T00:00:00`,
			scheduleFields: { id: existing.Id, staffId: existing.StaffId, locationId: existing.LocationId },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Availability/Group');
		expect(request.method).toBe('POST');
		expect(bodyOf(request)).toEqual([
			{
				Id: existing.Id,
				StaffId: existing.StaffId,
				LocationId: existing.LocationId,
				DaysOfWeek: existing.DaysOfWeek,
				StartTime: existing.StartTime.slice(0, 5),
				EndTime: '16:00',
				StartDate: existing.StartDate,
				EndDate: existing.EndDate,
			},
		]);
		expectHeaders(h, request, true);
		expect(result.items).toEqual([
			{ json: expect.objectContaining({ Id: existing.Id, GroupId: expect.any(Number) }), pairedItem: { item: 0 } },
		]);
	});

	test('Search: staff schedules on a day, list output', async () => {
		const staff = h.site().staff[2];
		const result = await h.run({
			resource: 'availability',
			operation: 'search',
			daysOfWeek: ['Monday'],
			startTime: '08:00',
			endTime: '18:00',
			startDate: '2026-03-02T00:00:00',
			endDate: '2026-03-02T00:00:00',
			scheduleFields: { staffId: staff.Id },
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Availability/Search');
		expect(bodyOf(request)).toEqual([
			{
				DaysOfWeek: ['Monday'],
				StartTime: '08:00',
				EndTime: '18:00',
				StartDate: '2026-03-02',
				EndDate: '2026-03-02',
				StaffId: staff.Id,
			},
		]);
		expectHeaders(h, request, true);
		const expected = h.site().availabilities.filter((a) => a.StaffId === staff.Id && a.DaysOfWeek.includes('Monday'));
		expect(result.items).toHaveLength(expected.length);
		expect(
			result.items.every(
				(i) => i.json.StaffId === staff.Id && i.pairedItem && (i.pairedItem as { item: number }).item === 0,
			),
		).toBe(true);
	});
});
