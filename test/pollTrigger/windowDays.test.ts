import { dayEndIn, windowOf } from '../../nodes/MindbodyPollTrigger/pollEvent';

/**
 * The window of a window event is read in days of the calendar the service reads its dates in:
 * the site's for appointments. West of UTC the site's day ends after the UTC day of the same date,
 * east of it before.
 */
const at = (iso: string, lookAheadDays = 2) => ({ startedAt: Date.parse(iso), lookAheadDays });

describe("the poll trigger's window, in the site's days", () => {
	test('from yesterday to today plus Look Ahead, today by the calendar of the zone', () => {
		// 9 PM on Wednesday 10 March in Los Angeles is Thursday in UTC.
		expect(windowOf(at('2027-03-11T05:00:00Z'), 'America/Los_Angeles')).toEqual({
			first: '2027-03-09',
			last: '2027-03-12',
		});
		expect(windowOf(at('2027-03-11T05:00:00Z'), 'UTC')).toEqual({ first: '2027-03-10', last: '2027-03-13' });
		// 5 AM on Thursday 11 March in Tokyo is Wednesday in UTC.
		expect(windowOf(at('2027-03-10T20:00:00Z'), 'Asia/Tokyo')).toEqual({ first: '2027-03-10', last: '2027-03-13' });
		expect(windowOf(at('2027-03-10T20:00:00Z', 0), 'UTC')).toEqual({ first: '2027-03-09', last: '2027-03-10' });
	});

	test("a day ends at the site's midnight, across a change to daylight saving time", () => {
		const end = (day: string, zone: string) => new Date(dayEndIn(day, zone)).toISOString();
		expect(end('2027-03-13', 'America/Los_Angeles')).toBe('2027-03-14T07:59:59.999Z');
		// 14 March has 23 hours in Los Angeles: it ends at midnight PDT.
		expect(end('2027-03-14', 'America/Los_Angeles')).toBe('2027-03-15T06:59:59.999Z');
		expect(end('2027-03-10', 'Asia/Tokyo')).toBe('2027-03-10T14:59:59.999Z');
		expect(end('2027-03-10', 'UTC')).toBe('2027-03-10T23:59:59.999Z');
	});

	test('west of UTC an evening appointment of the last day is in it; east of UTC an early one of the next day is not', () => {
		// 5 PM on 12 March in Los Angeles, the 13th in UTC: in the window that ends on the 12th.
		expect(Date.parse('2027-03-13T01:00:00Z')).toBeLessThanOrEqual(dayEndIn('2027-03-12', 'America/Los_Angeles'));
		// 8 AM on 11 March in Tokyo, the 10th in UTC: after the window that ends on the 10th.
		expect(Date.parse('2027-03-10T23:00:00Z')).toBeGreaterThan(dayEndIn('2027-03-10', 'Asia/Tokyo'));
	});
});
