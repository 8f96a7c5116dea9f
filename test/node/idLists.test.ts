import { MAX_QUERY_LENGTH } from '../../nodes/Mindbody/actions/request';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { pairs, useNodeSandbox } from './support';

/**
 * Long GET id lists go over several URLs, none with a query longer than MAX_QUERY_LENGTH, in
 * the fewest requests an in-order split allows; the answers merge back in the ids' order.
 */
const h = useNodeSandbox();
const PATH = '/Business/Schedules/Appointments';

/** `count` more appointments (copies of seeded ones), ids 400001…: six digits, like the seed's. */
function addAppointments(count: number): number[] {
	const site = h.site();
	const seeded = site.appointments.slice(0, 300);
	const start = 400001 + site.appointments.length - 300;
	const ids = Array.from({ length: count }, (_, n) => start + n);
	site.appointments.push(...ids.map((Id, n) => ({ ...seeded[n % seeded.length], Id })));
	return ids;
}

const idsOf = (request: LoggedRequest) => new URLSearchParams(request.rawQuery).getAll('appointmentId').map(Number);

/** Every query within the bound, and none could have taken the next request's first id. */
function expectFewestSplit(requests: LoggedRequest[]) {
	for (const [index, request] of requests.entries()) {
		expect(request.rawQuery.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
		const next = requests[index + 1];
		if (next) {
			const grown = `${request.rawQuery}&appointmentId=${idsOf(next)[0]}`;
			expect(grown.length).toBeGreaterThan(MAX_QUERY_LENGTH);
		}
	}
}

describe('long GET id lists', () => {
	// "appointmentId=400001" is 20 characters, 21 with its "&": 97 fit in 2,048.
	const PER_REQUEST = Math.floor((MAX_QUERY_LENGTH + 1) / 21);

	test.each([1000, 10000])(
		'%i ids: the fewest requests under the bound, answers merged in order, pairedItem kept',
		async (count) => {
			const ids = addAppointments(count);
			const few = h
				.site()
				.appointments.slice(0, 3)
				.map((a) => a.Id);
			const result = await h.run(
				{ resource: 'appointment', operation: 'getMany', appointmentId: '={{ $json.ids }}' },
				{ items: [{ ids }, { ids: few }] },
			);
			expect(result.status).toBe('success');
			const requests = h.requests(PATH, 'GET');
			expect(requests).toHaveLength(Math.ceil(count / PER_REQUEST) + 1);
			// The two items' requests run side by side; each item's own go out in order.
			const fewRequests = requests.filter((request) => idsOf(request)[0] === few[0]);
			const longList = requests.filter((request) => !fewRequests.includes(request));
			expectFewestSplit(longList);
			expect(longList.flatMap(idsOf)).toEqual(ids);
			expect(fewRequests.map(idsOf)).toEqual([few]);
			// Every URL far below 8 KB: base URL + path + query.
			for (const request of requests)
				expect(`${h.sandbox.restBaseUrl}${request.path}?${request.rawQuery}`.length).toBeLessThan(8192);

			expect(pairs(result.items)).toEqual([0, 1]);
			const merged = result.items[0].json as { Appointments: Array<{ Id: number }>; Errors: unknown[] };
			expect(merged.Appointments.map((a) => a.Id)).toEqual(ids);
			expect(merged.Errors).toEqual([]);
			expect((result.items[1].json as { Appointments: Array<{ Id: number }> }).Appointments.map((a) => a.Id)).toEqual(
				few,
			);
		},
		120_000,
	);

	test("a dictionary answer (add-ons by appointment) merges key by key in the ids' order", async () => {
		const ids = h
			.site()
			.appointments.slice(0, 300)
			.map((a) => a.Id);
		const result = await h.run({
			resource: 'appointmentAddOn',
			operation: 'getByAppointment',
			appointmentId: ids.map(String),
		});
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Appointments/Addons/Addons', 'GET');
		expect(requests).toHaveLength(Math.ceil(300 / PER_REQUEST));
		expectFewestSplit(requests);
		expect(requests.flatMap(idsOf)).toEqual(ids);
		expect(result.items.map((item) => Number(item.json.appointmentId))).toEqual(ids);
		expect(new Set(pairs(result.items))).toEqual(new Set([0]));
		const withAddOns = h.site().addOns.filter((addOn) => ids.includes(addOn.AppointmentId));
		const merged = result.items.flatMap((item) => item.json.addOns as Array<{ Id: number }>).map((addOn) => addOn.Id);
		expect(merged.sort()).toEqual(withAddOns.map((addOn) => addOn.Id).sort());
	});

	test('a list that only filters is never split: too long for one URL is an error naming the field, nothing sent', async () => {
		const locationIds = Array.from({ length: 400 }, (_, n) => String(1000000 + n));
		const result = await h.run({
			resource: 'dashboard',
			operation: 'getSummary',
			filters: { locationIds },
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toMatch(/^Location IDs: too many values for one request/);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('ids follow the one id rule in GET lists too: -5 and ids above int32 where the spec says int32', async () => {
		const negative = await h.run({ resource: 'appointment', operation: 'getMany', appointmentId: ['-5'] });
		expect(negative.nodeError('Mindbody')!.message).toBe('Appointment IDs: must be a positive ID');
		const tooBig = await h.run({ resource: 'availability', operation: 'get', availabilityId: ['2147483648'] });
		expect(tooBig.nodeError('Mindbody')!.message).toBe(
			'Availability IDs: 2147483648 is above 2,147,483,647, the largest int32 ID',
		);
		const post = await h.run({ resource: 'appointment', operation: 'complete', ids: ['0'] });
		expect(post.nodeError('Mindbody')!.message).toBe('Appointment IDs: must be a positive ID');
		const path = await h.run({ resource: 'class', operation: 'get', classInstanceId: 2147483648 });
		expect(path.nodeError('Mindbody')!.message).toBe(
			'Class Instance ID: 2147483648 is above 2,147,483,647, the largest int32 ID',
		);
		expect(h.apiRequests()).toHaveLength(0);
	});
});
