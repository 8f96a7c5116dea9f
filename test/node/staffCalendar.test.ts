import { TEST_START, expectHeaders, pairedItems, queryPairs, replay, useNodeSandbox } from './support';

const h = useNodeSandbox({ resetEachTest: true, allowLoopbackHttp: true });
const now = Date.parse(TEST_START);

/** A staff member with appointments in the coming week. */
const busyStaff = () => {
	const appointment = h.sandbox.state.main.appointments.find(
		(a) =>
			a.Status === 'Booked' && Date.parse(a.StartDateTime) > now && Date.parse(a.StartDateTime) < now + 6 * 86400000,
	)!;
	return appointment.StaffId;
};

describe('Staff Calendar', () => {
	test('Get: every filter on the wire (locations as repeated keys), no Authorization, one item per event', async () => {
		const staffId = busyStaff();
		const staff = h.sandbox.state.main.staff.find((s) => s.Id === staffId)!;
		const locations = staff.LocationIds.slice(0, 2);
		const result = await h.run({
			resource: 'staffCalendar',
			operation: 'get',
			staffId,
			simplify: false,
			filters: {
				startDateTime: '2026-03-02T00:00:00Z',
				endDateTime: '2026-03-09T00:00:00Z',
				includeAppointments: true,
				includeClasses: true,
				includeEnrollments: false,
				includeUnavailabilities: true,
				locationIds: locations.map(String),
			},
		});
		expect(result.status).toBe('success');
		const request = h.only('staffCalendar.get');
		expect([request.method, request.path]).toEqual(['GET', `/Business/Calendars/Staff/${staffId}`]);
		expect(queryPairs(request)).toEqual([
			['request.startDateTime', '2026-03-02T00:00:00Z'],
			['request.endDateTime', '2026-03-09T00:00:00Z'],
			['request.includeAppointments', 'true'],
			['request.includeClasses', 'true'],
			['request.includeEnrollments', 'false'],
			['request.includeUnavailabilities', 'true'],
			...locations.map((id): [string, string] => ['request.locationIds', String(id)]),
		]);
		expectHeaders(h, request, false);
		const direct = (await replay(h.sandbox, request)).json as unknown[];
		expect(direct.length).toBeGreaterThan(1);
		expect(result.jsonItems).toEqual(direct);
		expect(pairedItems(result)).toEqual(direct.map(() => ({ item: 0 })));
	});

	test('Simplify keeps the top-level scalar fields of each event (events are flat: nothing lost)', async () => {
		const staffId = busyStaff();
		const full = await h.run({ resource: 'staffCalendar', operation: 'get', staffId, simplify: false });
		const simple = await h.run({ resource: 'staffCalendar', operation: 'get', staffId, simplify: true });
		expect(full.jsonItems.length).toBeGreaterThan(0);
		expect(simple.jsonItems).toHaveLength(full.jsonItems.length);
		// Sandbox calendar events are flat, so here Simplify must change nothing (nested data: see class.test.ts).
		simple.jsonItems.forEach((item, i) => {
			const expected = Object.fromEntries(
				Object.entries(full.jsonItems[i]).filter(([, v]) => v === null || typeof v !== 'object'),
			);
			expect(item).toEqual(expected);
		});
		// Simplify is the node's business: both requests were the same.
		const [a, b] = h.calls('staffCalendar.get');
		expect(a.rawQuery).toBe(b.rawQuery);
	});

	test('an unknown staff member: the 400 text is the error', async () => {
		const result = await h.run({ resource: 'staffCalendar', operation: 'get', staffId: 999 });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe('Staff member 999 was not found.');
	});

	test('dropdown searchLocations (listSearch and loadOptions): the active locations, from Location: Get Many', async () => {
		const bookable = h.sandbox.state.main.locations.filter((l) => l.Active);
		const options = await h.loadOptions('searchLocations');
		expect(options.map((o) => o.value).sort()).toEqual(bookable.map((l) => String(l.Id)).sort());
		expect(options).toContainEqual({ name: `${bookable[0].Name} (${bookable[0].Id})`, value: String(bookable[0].Id) });
		const needle = bookable[0].Name.split(' ').at(-1)!;
		const search = await h.listSearch('searchLocations', needle);
		expect(search.results.length).toBeGreaterThan(0);
		expect(search.results.every((r) => r.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);
		expect(search.results.map((r) => r.value)).toContain(String(bookable[0].Id));
		const calls = h.calls('location.getMany');
		expect(calls).toHaveLength(2);
		// The site list needs no token; the staff login's goes along as on every v6 call.
		expect(calls[0].rawQuery).toBe('request.limit=100&request.offset=0');
		expect(calls[0].headers.authorization).toBe(`Bearer ${h.token()}`);
	});
});
