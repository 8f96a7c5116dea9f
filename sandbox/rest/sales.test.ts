import { currentSeries } from './booking';
import { isPlainText, useSandbox } from '../test/harness';

const h = useSandbox({ size: { sales: 1500 } });

describe('sales', () => {
	it('returns the calendar events of a sale, [] for a sale without, 400 for an unknown sale', async () => {
		const sale = h.site().sales.find((s) => s.Events.length > 0)!;
		const answer = await h.call('GET', `/Business/Sales/${sale.Id}/EventDetails`);
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual(sale.Events.map((event) => ({ ...event, SaleId: sale.Id })));
		const plain = h.site().sales.find((s) => s.Events.length === 0)!;
		expect((await h.call('GET', `/Business/Sales/${plain.Id}/EventDetails`)).json).toEqual([]);
		const unknown = await h.call('GET', '/Business/Sales/1/EventDetails');
		expect([unknown.status, isPlainText(unknown)]).toEqual([400, true]);
	});

	it('pages sales details with limit 100 / offset 0 by default', async () => {
		const first = await h.call('GET', '/Business/Sales/SalesDetails');
		expect(first.status).toBe(200);
		expect(first.json).toHaveLength(100);
		expect(first.json[0].SaleId).toBe(h.site().sales[0].Id);
		const second = await h.call('GET', '/Business/Sales/SalesDetails', {
			query: { 'request.offset': 100, 'request.limit': 50 },
		});
		expect(second.json.map((s: { SaleId: number }) => s.SaleId)).toEqual(
			h
				.site()
				.sales.slice(100, 150)
				.map((s) => s.Id),
		);
	});

	it('answers any request.limit in full; the admin page maximum cuts or refuses larger ones', async () => {
		const details = (limit: number) =>
			h.call('GET', '/Business/Sales/SalesDetails', { query: { 'request.limit': limit } });
		expect((await details(1200)).json).toHaveLength(1200);
		expect((await h.admin('POST', '/paging', { maxPageSize: 300 })).status).toBe(200);
		expect((await details(1200)).json).toHaveLength(300);
		expect((await h.admin('POST', '/paging', { maxPageSize: 300, over: 'refuse' })).status).toBe(200);
		const refused = await details(1200);
		expect([refused.status, refused.text]).toEqual([400, 'request.limit must be at most 300.']);
		expect((await details(300)).json).toHaveLength(300);
		expect((await h.admin('POST', '/paging', { maxPageSize: 300, over: 'drop' })).status).toBe(400);
		expect((await h.admin('POST', '/paging', { maxPageSize: null })).status).toBe(200);
		expect((await details(1200)).json).toHaveLength(1200);
	});

	it('filters by sale, client and date (start on and after, end before and on)', async () => {
		const sale = h.site().sales[42];
		const one = await h.call('GET', '/Business/Sales/SalesDetails', {
			query: { 'request.saleId': sale.Id },
		});
		expect(one.json).toEqual([
			expect.objectContaining({
				SaleId: sale.Id,
				ClientId: sale.ClientId,
				TotalAmount: sale.TotalAmount,
			}),
		]);
		const ofClient = await h.call('GET', '/Business/Sales/SalesDetails', {
			query: { 'request.clientId': sale.ClientId, 'request.limit': 1000 },
		});
		expect(ofClient.json).toHaveLength(h.site().sales.filter((s) => s.ClientId === sale.ClientId).length);
		const day = sale.SaleDateTime.slice(0, 10);
		const onDay = await h.call('GET', '/Business/Sales/SalesDetails', {
			query: { 'request.startDate': day, 'request.endDate': day },
		});
		expect(onDay.json.length).toBe(h.site().sales.filter((s) => s.SaleDateTime.startsWith(day)).length);
		expect(onDay.json.map((s: { SaleId: number }) => s.SaleId)).toContain(sale.Id);
	});

	it('leaves out items of excluded revenue categories', async () => {
		const answer = await h.call('GET', '/Business/Sales/SalesDetails', {
			query: { 'request.excludedRevenueCategoryIds': [2, 5], 'request.limit': 1000 },
		});
		const items = answer.json.flatMap((s: { Items: Array<{ RevenueCategoryId: number }> }) => s.Items);
		expect(items.length).toBeGreaterThan(0);
		expect(items.some((item: { RevenueCategoryId: number }) => [2, 5].includes(item.RevenueCategoryId))).toBe(false);
	});
});

describe('apply service payment', () => {
	const payable = () =>
		h.site().appointments.filter((a) => a.Status === 'Booked' && !a.PaymentApplied && currentSeries(h.site(), a));

	it('applies payment from the current series, once: a second apply is 400 and deducts nothing', async () => {
		const token = await h.staffToken();
		const appointment = payable()[0];
		const series = currentSeries(h.site(), appointment)!;
		const remaining = series.Remaining;
		const answer = await h.call('POST', '/Business/Sales/User/ServicePaymentOptions/Apply', {
			token,
			body: [appointment.Id],
		});
		expect(answer.status).toBe(200);
		expect(answer.json.Results).toEqual([
			expect.objectContaining({
				AppointmentId: appointment.Id,
				ClientServiceId: series.Id,
				SessionsRemaining: remaining - 1,
			}),
		]);
		expect(appointment).toMatchObject({ PaymentApplied: true, ClientServiceId: series.Id });
		const again = await h.call('POST', '/Business/Sales/User/ServicePaymentOptions/Apply', {
			token,
			body: [appointment.Id],
		});
		expect([again.status, isPlainText(again)]).toEqual([400, true]);
		expect(again.text).toMatch(/already applied/);
		expect(series.Remaining).toBe(remaining - 1);
	});

	it('checks every appointment first: one bad id rolls the others back', async () => {
		const token = await h.staffToken();
		const appointment = payable()[0];
		const series = currentSeries(h.site(), appointment)!;
		const remaining = series.Remaining;
		const answer = await h.call('POST', '/Business/Sales/User/ServicePaymentOptions/Apply', {
			token,
			body: [appointment.Id, 999999],
		});
		expect(answer.status).toBe(400);
		expect(answer.text).toMatch(/999999 was not found/);
		expect(series.Remaining).toBe(remaining);
		expect(appointment.PaymentApplied).toBe(false);
	});

	it('refuses an appointment with no current series', async () => {
		const lonely = h
			.site()
			.appointments.find((a) => a.Status === 'Booked' && !a.PaymentApplied && !currentSeries(h.site(), a))!;
		const answer = await h.call('POST', '/Business/Sales/User/ServicePaymentOptions/Apply', {
			token: await h.staffToken(),
			body: [lonely.Id],
		});
		expect(answer.text).toMatch(/no current series/);
	});
});

describe('client directory', () => {
	it('lists the clients with services on the date', async () => {
		const day = h
			.site()
			.appointments.find((a) => a.Status !== 'Cancelled')!
			.StartDateTime.slice(0, 10);
		const answer = await h.call('GET', '/Clients/Directory', {
			token: await h.staffToken(),
			query: { date: day },
		});
		expect(answer.status).toBe(200);
		const expected = new Set(
			h
				.site()
				.appointments.filter((a) => a.Status !== 'Cancelled' && a.StartDateTime.startsWith(day))
				.map((a) => a.ClientId),
		);
		expect(new Set(answer.json.map((c: { Id: number }) => c.Id))).toEqual(expected);
		expect(answer.json[0].Services[0]).toMatchObject({
			Type: 'Appointment',
			StaffName: expect.any(String),
		});
	});

	it('answers 404 plain text when nobody has a service that date, 400 for a bad date', async () => {
		const token = await h.staffToken();
		const none = await h.call('GET', '/Clients/Directory', {
			token,
			query: { date: '2020-01-01' },
		});
		expect([none.status, isPlainText(none), none.text]).toEqual([404, true, 'No clients have services on 2020-01-01.']);
		expect((await h.call('GET', '/Clients/Directory', { token, query: { date: 'someday' } })).status).toBe(400);
	});
});
