import { useNodeSandbox } from './support';

/** Date-time fields are ISO 8601, parsed strictly (luxon): ISO text and n8n DateTime values pass. */
const h = useNodeSandbox();
const PATH = '/Business/Closures';
const closures = (startDate: unknown) =>
	h.run({ resource: 'closure', operation: 'getMany', startDate, endDate: '2026-12-31' } as never);

describe('date-time fields', () => {
	test.each(['1', 'soon', '03/10/2026', '2026-13-01', '2026-02-30T10:00:00'])(
		'"%s" is refused before sending',
		async (value) => {
			const result = await closures(value);
			expect(result.status).toBe('error');
			expect(result.nodeError('Mindbody')!.message).toBe(
				`Start Date: "${value}" is not a date-time (use ISO 8601, e.g. 2026-11-21T09:00:00)`,
			);
			expect(h.apiRequests()).toHaveLength(0);
		},
	);

	test.each([
		['an ISO date', '2026-03-01', '2026-03-01'],
		['an ISO date-time with offset, as its instant in UTC', '2026-03-01T09:30:00+01:00', '2026-03-01T08:30:00.000Z'],
		['an n8n DateTime', '={{ DateTime.fromISO("2026-03-01T09:00:00", { zone: "utc" }) }}', '2026-03-01T09:00:00.000Z'],
		['a JavaScript Date', '={{ new Date("2026-03-01T09:00:00Z") }}', '2026-03-01T09:00:00.000Z'],
	])('%s is sent as ISO 8601', async (_label, value, sent) => {
		const result = await closures(value);
		expect(result.status).toBe('success');
		expect(new URLSearchParams(h.lastRequest(PATH).rawQuery).get('startDate')).toBe(sent);
	});
});
