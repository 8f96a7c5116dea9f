import { DateTime } from 'luxon';

import { expectedSummary, fullClient, quietClient } from './clientSummaryRecords';
import { sandboxKey, useNodeSandbox } from './support';

/**
 * Front Desk → Client Summary in n8n's engine against the sandbox: each field of the item is the
 * sandbox's own records (sales, visits, appointments, contracts, memberships, pricing options)
 * read another way, and the run costs the requests README states. The sandbox's clock is the real
 * time here, as the node reads "now" from the machine; the main site's zone is UTC.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const typed = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const summary = (clientId: ReturnType<typeof typed>) => ({
	resource: 'frontDesk',
	operation: 'clientSummary',
	clientId,
});
/** The requests of the run, under the sandbox's keys. */
const requestsByOperation = () =>
	h
		.apiRequests()
		.map((request) => request.operation)
		.sort();
/** The sandbox's keys of these node operations, sorted as the log's are. */
const keysOf = (...operations: string[]) => operations.map(sandboxKey).sort();

describe('Front Desk → Client Summary', () => {
	test("a client with a membership, a contract, pricing options and a booking ahead: every field is the sandbox's records", async () => {
		const site = h.site();
		const client = fullClient(site, Date.now());
		expect(client).toBeDefined();
		// One of the client's sales made 13 months ago, so the last 12 months leave it out.
		const sale = site.sales.find((s) => s.ClientId === client.Id)!;
		sale.SaleDateTime = DateTime.utc().minus({ months: 13 }).toISO({ suppressMilliseconds: true })!;

		const result = await h.run(summary(typed(client.ClientId)));
		expect(result.status).toBe('success');
		const want = expectedSummary(site, client, Date.now());
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.jsonItems[0]).toEqual(want);
		// The case is the one it is meant to be: each part holds something, and the 12 months leave a sale out.
		const item = result.jsonItems[0];
		expect((item.memberships as unknown[]).length).toBeGreaterThan(0);
		expect((item.contracts as unknown[]).length).toBeGreaterThan(0);
		expect((item.pricingOptions as unknown[]).length).toBeGreaterThan(0);
		expect(item.nextBooking).not.toBeNull();
		expect(item.visitCount).toBeGreaterThan(0);
		expect(item.spendLast12Months as number).toBeLessThan(item.spendAllTime as number);
		expect(item.spendLast12Months as number).toBeGreaterThan(0);

		// Three requests for the client, and the studio's zone once per run.
		expect(requestsByOperation()).toEqual(
			keysOf('client.getCompleteInfo', 'client.getPurchases', 'client.getVisits', 'site.getMany'),
		);
		const byClient = (operation: string) => h.only(operation).query['request.clientId'];
		expect(byClient('client.getCompleteInfo')).toEqual([client.ClientId]);
		expect(byClient('client.getVisits')).toEqual([client.ClientId]);
		expect(byClient('client.getPurchases')).toEqual([client.ClientId]);
	});

	test('a client with little history: nothing held, no booking ahead; two clients in one run share the zone read', async () => {
		const site = h.site();
		const quiet = quietClient(site, Date.now());
		const full = fullClient(site, Date.now());
		expect(quiet).toBeDefined();
		const result = await h.run(summary(typed('={{ $json.client }}')), {
			items: [{ client: quiet.ClientId }, { client: full.ClientId }],
		});
		expect(result.status).toBe('success');
		const now = Date.now();
		expect(result.jsonItems[0]).toEqual(expectedSummary(site, quiet, now));
		expect(result.jsonItems[0]).toMatchObject({
			memberships: [],
			contracts: [],
			nextBooking: null,
			upcomingBookings: 0,
		});
		expect((result.jsonItems[0].visitCount as number) <= 1).toBe(true);
		expect(result.jsonItems[1]).toMatchObject({ clientId: full.ClientId });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// 3 per client, 1 for the zone.
		expect(h.apiRequests()).toHaveLength(7);
		expect(h.calls('site.getMany')).toHaveLength(1);
	});

	test('a client ID that names no client: an error naming Client, and nothing read but the record', async () => {
		const result = await h.run(summary(typed('999999')));
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody')!;
		expect(error.message).toBe('Client: no client has the ID "999999"');
		expect(error.description).toContain('Client 999999 was not found');
		expect(requestsByOperation()).toEqual(keysOf('client.getCompleteInfo', 'site.getMany'));
	});

	test('Continue On Fail: the unknown client gives an error item, the other its summary, each paired', async () => {
		const client = fullClient(h.site(), Date.now());
		const result = await h.run(summary(typed('={{ $json.client }}')), {
			items: [{ client: '999999' }, { client: client.ClientId }],
			continueOnFail: true,
		});
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toEqual({
			json: { error: 'Client: no client has the ID "999999"' },
			pairedItem: { item: 0 },
		});
		expect(result.items[1].json).toMatchObject({ clientId: client.ClientId, firstName: client.FirstName });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});

	test('the Client left empty is an error naming it, and nothing is sent', async () => {
		const result = await h.run(summary(typed('={{ $json.none }}')), { items: [{ none: '' }] });
		expect(result.nodeError('Mindbody')?.message).toBe('Client: is required');
		expect(h.apiRequests()).toHaveLength(0);
	});
});
