import { isPlainText, TEST_START, useSandbox } from '../test/harness';

const h = useSandbox();
const now = Date.parse(TEST_START);

describe('promo codes', () => {
	it('pages with limit 100 / offset 0 by default, ordered by Id', async () => {
		const answer = await h.call('GET', '/Business/PromoCodes');
		expect(answer.status).toBe(200);
		expect(answer.json).toHaveLength(Math.min(100, h.site().promoCodes.length));
		expect(answer.json.map((p: { Id: number }) => p.Id)).toEqual(
			h
				.site()
				.promoCodes.map((p) => p.Id)
				.slice(0, 100),
		);
		const page = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.limit': 5, 'request.offset': 5 },
		});
		expect(page.json.map((p: { Id: number }) => p.Id)).toEqual(
			answer.json.slice(5, 10).map((p: { Id: number }) => p.Id),
		);
		expect((await h.call('GET', '/Business/PromoCodes', { query: { 'request.limit': 0 } })).status).toBe(400);
	});

	it('orders by Name, CreationDate, ActivationDate or Id and refuses others', async () => {
		for (const [orderBy, field] of [
			['Name', 'Name'],
			['CreationDate', 'CreationDate'],
			['ActivationDate', 'ActivationDate'],
		]) {
			const answer = await h.call('GET', '/Business/PromoCodes', {
				query: { 'request.orderBy': orderBy },
			});
			const values = answer.json.map((p: Record<string, string>) => p[field]);
			expect(values).toEqual([...values].sort((a: string, b: string) => a.localeCompare(b)));
		}
		expect((await h.call('GET', '/Business/PromoCodes', { query: { 'request.orderBy': 'Price' } })).status).toBe(400);
	});

	it('filters active, online, ids and activation dates', async () => {
		const site = h.site();
		const active = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.activeOnly': true },
		});
		expect(
			active.json.every(
				(p: { Active: boolean; ActivationDate: string }) => p.Active && Date.parse(p.ActivationDate) <= now,
			),
		).toBe(true);
		const online = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.onlineOnly': true },
		});
		expect(online.json).toHaveLength(site.promoCodes.filter((p) => p.AllowOnline).length);
		const ids = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.ids': [site.promoCodes[2].Id, site.promoCodes[4].Id] },
		});
		expect(ids.json.map((p: { Id: number }) => p.Id)).toEqual([site.promoCodes[2].Id, site.promoCodes[4].Id]);
		const dated = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.startDate': '2026-02-01', 'request.endDate': '2026-03-31' },
		});
		expect(
			dated.json.every(
				(p: { ActivationDate: string }) => p.ActivationDate >= '2026-02-01' && p.ActivationDate <= '2026-03-31',
			),
		).toBe(true);
	});

	it('creates a promo code (201) with a new Id and refuses a duplicate code', async () => {
		const created = await h.call('POST', '/Business/PromoCodes', {
			body: {
				Name: 'Spring launch',
				Code: 'LAUNCH26',
				Discount: { Type: 'Percent', Amount: 20 },
				ActivationDate: '2026-03-05',
			},
		});
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({
			Name: 'Spring launch',
			Code: 'LAUNCH26',
			Active: true,
			NumberOfUses: 0,
			ActivationDate: '2026-03-05T00:00:00Z',
			CreationDate: TEST_START,
		});
		expect(h.site().promoCodes.at(-1)!.Id).toBe(created.json.Id);
		expect(
			(
				await h.call('POST', '/Business/PromoCodes', {
					body: { Name: 'Again', Code: 'launch26', Discount: { Type: 'Amount', Amount: 1 } },
				})
			).status,
		).toBe(400);
		// The spec lists no promo code fields: a body without a code or discount is accepted.
		const noCode = await h.call('POST', '/Business/PromoCodes', { body: { Name: 'No code' } });
		expect(noCode.status).toBe(201);
		expect(noCode.json).toMatchObject({ Name: 'No code', Code: `PROMO${noCode.json.Id}` });
		const odd = await h.call('POST', '/Business/PromoCodes', {
			body: { Code: 'ODD', Discount: { Type: 'Fixed', Amount: 150 }, MaxUses: -1, Channel: 'kiosk' },
		});
		expect(odd.status).toBe(201);
		expect(odd.json).toMatchObject({ Discount: { Type: 'Fixed', Amount: 150 }, MaxUses: -1, Channel: 'kiosk' });
		const notObject = await h.call('POST', '/Business/PromoCodes', { body: ['LAUNCH'] });
		expect([notObject.status, notObject.text]).toEqual([400, 'body: must be a JSON object']);
		const badDate = await h.call('POST', '/Business/PromoCodes', { body: { ActivationDate: 'soon' } });
		expect([badDate.status, badDate.text]).toEqual([400, "ActivationDate 'soon' is not a date-time."]);
	});

	it('updates only the fields given; 404 plain text for an unknown id', async () => {
		const code = h.site().promoCodes[0];
		const answer = await h.call('PUT', `/Business/PromoCodes/${code.Id}`, {
			body: { Active: false, MaxUses: 7 },
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ Id: code.Id, Code: code.Code, Active: false, MaxUses: 7 });
		expect(code).toMatchObject({ Active: false, MaxUses: 7, LastModifiedDateTime: TEST_START });
		const unknown = await h.call('PUT', '/Business/PromoCodes/9999', { body: { Active: true } });
		expect([unknown.status, isPlainText(unknown)]).toEqual([404, true]);
		const unchanged = await h.call('PUT', `/Business/PromoCodes/${code.Id}`, { body: {} });
		expect([unchanged.status, unchanged.json.MaxUses]).toEqual([200, 7]);
	});
});
