import { instantOf, localStamp, localText, readLocal, wallClock } from './zones';

const LA = 'America/Los_Angeles';
const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (instant: number) => new Date(instant).toISOString();

describe('a site wall clock', () => {
	it('turns local times into instants across both daylight saving changes, and back', () => {
		expect(iso(instantOf(LA, wall('2026-03-03T18:00:00')))).toBe('2026-03-04T02:00:00.000Z');
		expect(iso(instantOf(LA, wall('2026-03-10T18:00:00')))).toBe('2026-03-11T01:00:00.000Z');
		expect(iso(instantOf(LA, wall('2026-11-02T18:00:00')))).toBe('2026-11-03T02:00:00.000Z');
		for (const text of ['2026-03-03T18:00:00', '2026-03-10T18:00:00', '2026-07-01T00:15:00', '2026-11-02T09:00:00']) {
			expect(localText(LA, instantOf(LA, wall(text)))).toBe(text);
		}
		expect(iso(wallClock(LA, Date.parse('2026-03-02T08:00:00.250Z')))).toBe('2026-03-02T00:00:00.250Z');
	});

	it('moves a time the clocks skip on by the hour, and takes the first of a time they pass twice', () => {
		expect(localText(LA, instantOf(LA, wall('2026-03-08T02:30:00')))).toBe('2026-03-08T03:30:00');
		expect(iso(instantOf(LA, wall('2026-11-01T01:30:00')))).toBe('2026-11-01T08:30:00.000Z');
	});

	it('reads text without an offset as local time and text with one as that instant', () => {
		expect(iso(readLocal(LA, '2026-03-10T10:00:00'))).toBe('2026-03-10T17:00:00.000Z');
		expect(iso(readLocal(LA, '2026-03-10T10:00:00Z'))).toBe('2026-03-10T10:00:00.000Z');
		expect(iso(readLocal(LA, '2026-03-10T10:00:00-05:00'))).toBe('2026-03-10T15:00:00.000Z');
		expect(readLocal(LA, 'soon')).toBeNaN();
	});

	it('writes local time without an offset; a UTC site keeps its Z', () => {
		const instant = Date.parse('2026-03-10T17:00:00Z');
		expect(localStamp(LA, instant)).toBe('2026-03-10T10:00:00');
		expect(localStamp('UTC', instant)).toBe('2026-03-10T17:00:00Z');
		expect(wallClock('UTC', instant)).toBe(instant);
	});
});
