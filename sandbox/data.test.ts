import { SITES } from './data/accounts';
import { generateSite } from './data/generate';

describe('seeded data', () => {
	const anchor = Date.parse('2026-03-02T00:00:00Z');

	it('is the same for the same seed and differs for another', () => {
		const spec = { settings: SITES[0], anchor };
		const a = generateSite({ ...spec, seed: 5 });
		expect(JSON.stringify(generateSite({ ...spec, seed: 5 }))).toBe(JSON.stringify(a));
		expect(JSON.stringify(generateSite({ ...spec, seed: 6 }).clients)).not.toBe(JSON.stringify(a.clients));
	});

	// Speed is measured by npm run bench, not here: this limit only catches a runaway.
	it('generates 10,000 sales without a runaway', () => {
		const began = Date.now();
		const site = generateSite({ settings: SITES[0], anchor, seed: 1, size: { sales: 10_000 } });
		expect(Date.now() - began).toBeLessThan(20_000);
		expect(site.sales).toHaveLength(10_000);
		expect(
			site.sales.every((sale, index) => index === 0 || sale.SaleDateTime >= site.sales[index - 1].SaleDateTime),
		).toBe(true);
	});

	it('holds what the operations need: pending and cancellation requests, statuses, capacity fields', () => {
		const site = generateSite({ settings: SITES[0], anchor, seed: 3 });
		expect(new Set(site.appointments.map((a) => a.Status))).toEqual(
			new Set(['Booked', 'NoShow', 'Completed', 'Cancelled']),
		);
		expect(site.appointmentRequests.some((r) => r.Status === 'Pending' && r.Type === 'Cancellation')).toBe(true);
		expect(site.appointmentTypes.some((t) => !t.ConsumerMode) && site.appointmentTypes.some((t) => t.IsAddOn)).toBe(
			true,
		);
		expect(
			site.classes.some(
				(c) => c.ContentFormat === 'LiveStream:Mindbody-hosted' && Date.parse(c.StartDateTime) > anchor,
			),
		).toBe(true);
		expect(site.features.some((f) => f.Enabled) && site.features.some((f) => !f.Enabled)).toBe(true);
		expect(site.addOns.length).toBeGreaterThan(0);
	});
});
