import {
	addDays,
	dateOnly,
	daysBetween,
	instantIn,
	isAttended,
	studioDay,
	utcDay,
} from '../../nodes/shared/transport/studioCalendar';

/**
 * The studio calendar's day helpers, each with one meaning, and the one rule for an attended visit
 * (the Client Summary task's and the poll trigger's follow-up events').
 */
const LA = 'America/Los_Angeles';

describe('the day helpers', () => {
	// 9 PM on Wednesday 10 March 2027 in Los Angeles (PST, UTC-8) is Thursday 11 March in UTC.
	const evening = Date.parse('2027-03-11T05:00:00Z');

	test('utcDay is the UTC day of an instant, studioDay the day of the same instant on the studio’s calendar', () => {
		expect(utcDay(evening)).toBe('2027-03-11');
		expect(studioDay(evening, LA)).toBe('2027-03-10');
		expect(studioDay(evening, 'UTC')).toBe(utcDay(evening));
		// East of UTC the studio's day turns first: 5 AM on the 11th in Tokyo.
		expect(studioDay(Date.parse('2027-03-10T20:00:00Z'), 'Asia/Tokyo')).toBe('2027-03-11');
	});

	test('dateOnly is the date a service date or date-time is written with, whatever its zone', () => {
		expect(dateOnly('2027-03-10T21:00:00')).toBe('2027-03-10');
		expect(dateOnly('2027-03-11T05:00:00Z')).toBe('2027-03-11');
		expect(dateOnly('1990-02-28')).toBe('1990-02-28');
		expect(dateOnly('10 March 2027')).toBeUndefined();
		expect(dateOnly(null)).toBeUndefined();
		expect(dateOnly(20270310)).toBeUndefined();
	});

	test('addDays and daysBetween count calendar days, across months, leap days and the change to daylight saving', () => {
		expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
		expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
		expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
		// 14 March 2027 has 23 hours in Los Angeles; a day is still a day.
		expect(addDays('2027-03-13', 2)).toBe('2027-03-15');
		expect(daysBetween('2027-03-13', '2027-03-15')).toBe(2);
		expect(daysBetween('2027-03-15', '2027-03-13')).toBe(-2);
		expect(daysBetween('2027-12-31', addDays('2027-12-31', 45))).toBe(45);
	});

	test('instantIn reads a time with an offset as written and one without on the studio’s wall clock', () => {
		expect(instantIn('2027-03-11T05:00:00Z', LA)).toBe(evening);
		expect(instantIn('2027-03-10T21:00:00-08:00', 'UTC')).toBe(evening);
		expect(instantIn('2027-03-10T21:00:00', LA)).toBe(evening);
		expect(instantIn('2027-03-10T21:00:00', 'UTC')).toBe(Date.parse('2027-03-10T21:00:00Z'));
		expect(instantIn('not a time', LA)).toBeUndefined();
		expect(instantIn('', LA)).toBeUndefined();
		expect(instantIn(undefined, LA)).toBeUndefined();
	});
});

describe('an attended visit', () => {
	test('a class visit counts when the client was signed in, unless it was late-cancelled', () => {
		expect(isAttended({ ClassId: 7, SignedIn: true, AppointmentStatus: 'None' })).toBe(true);
		expect(isAttended({ ClassId: 7, SignedIn: false, AppointmentStatus: 'None' })).toBe(false);
		expect(isAttended({ ClassId: 7, SignedIn: true, LateCancelled: true })).toBe(false);
		expect(isAttended({ ClassId: 7 })).toBe(false);
	});

	test('an appointment counts when Arrived or Completed, unless it was late-cancelled', () => {
		for (const status of ['Arrived', 'Completed']) {
			expect(isAttended({ AppointmentId: 3, SignedIn: false, AppointmentStatus: status })).toBe(true);
			expect(isAttended({ AppointmentId: 3, AppointmentStatus: status, LateCancelled: true })).toBe(false);
		}
		for (const status of ['Booked', 'Confirmed', 'NoShow', 'Cancelled', 'LateCancelled', 'Requested']) {
			expect(isAttended({ AppointmentId: 3, SignedIn: false, AppointmentStatus: status })).toBe(false);
		}
	});
});
