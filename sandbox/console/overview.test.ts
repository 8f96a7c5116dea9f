import { PACIFIC_SITE_ID } from '../data/accounts';
import { useSandbox } from '../test/harness';

// 05:00Z on 2 March is 21:00 on 1 March in Los Angeles (PST, UTC-8): the studio's day is still the 1st.
const h = useSandbox({ startAt: '2026-03-02T05:00:00Z' });
const PST_MS = -8 * 3_600_000;
const pacificTime = (iso: string) => new Date(Date.parse(iso) + PST_MS).toISOString().slice(0, 19);

describe("the console's day view", () => {
	it("shows a Pacific studio's day and times on its own clock, not UTC's", async () => {
		const site = h.sandbox.state.site(PACIFIC_SITE_ID)!;
		const answer = await h.admin('GET', `/overview/business?siteId=${PACIFIC_SITE_ID}`);
		expect(answer.status).toBe(200);
		const body = answer.json as { day: string; classes: Array<{ id: number; start: string; end: string }> };
		expect(body.day).toBe('2026-03-01');
		// Every class that starts on the studio's 1 March, at its local time, and no other.
		const want = site.classes
			.filter((instance) => pacificTime(instance.StartDateTime).startsWith('2026-03-01'))
			.map((instance) => ({ id: instance.Id, start: pacificTime(instance.StartDateTime) }));
		expect(want.length).toBeGreaterThan(0);
		expect(body.classes.map(({ id, start }) => ({ id, start }))).toEqual(
			expect.arrayContaining(want.map((entry) => expect.objectContaining(entry))),
		);
		expect(body.classes).toHaveLength(want.length);
		// The case is the one meant: some class of that local day starts on the next UTC day.
		const evening = site.classes.find(
			(instance) =>
				pacificTime(instance.StartDateTime).startsWith('2026-03-01') && instance.StartDateTime.startsWith('2026-03-02'),
		);
		expect(evening).toBeDefined();
		expect(body.classes.find((entry) => entry.id === evening!.Id)?.start).toBe(pacificTime(evening!.StartDateTime));
	});
});
