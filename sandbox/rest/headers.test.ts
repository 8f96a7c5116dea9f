import { operations } from '../reading/operations';
import { isPlainText, useSandbox } from '../test/harness';

const h = useSandbox({ tokenLifetimeMs: 60 * 60 * 1000 });

describe('API-Key and SiteId headers', () => {
	it('answers 401 plain text without an API key', async () => {
		const answer = await h.call('GET', '/Business/Categories', { apiKey: null });
		expect(answer.status).toBe(401);
		expect(isPlainText(answer)).toBe(true);
		expect(answer.text).toMatch(/API-Key/);
	});

	it('answers 401 for an unknown API key, before looking at SiteId', async () => {
		const answer = await h.call('GET', '/Business/Categories', { apiKey: 'nope', siteId: null });
		expect(answer.status).toBe(401);
		expect(answer.text).toBe('Invalid API key.');
	});

	it('reads the header names case-insensitively', async () => {
		const answer = await h.call('GET', '/Business/Categories', {
			apiKey: null,
			siteId: null,
			headers: { 'api-key': h.sandbox.apiKey, siteid: '-99' },
		});
		expect(answer.status).toBe(200);
	});

	it('answers 400 plain text when SiteId is missing or not an integer', async () => {
		const missing = await h.call('GET', '/Business/Categories', { siteId: null });
		expect([missing.status, missing.text]).toEqual([400, 'The SiteId header is required.']);
		const bad = await h.call('GET', '/Business/Categories', { siteId: 'abc' });
		expect(bad.status).toBe(400);
		expect(isPlainText(bad)).toBe(true);
		expect((await h.call('GET', '/Business/Categories', { siteId: '1.5' })).status).toBe(400);
	});

	it('answers 403 for a site the key is not linked to', async () => {
		const other = await h.call('GET', '/Business/Categories', {
			apiKey: h.sandbox.apiKeys.otherSource,
			siteId: -98,
		});
		expect(other.status).toBe(403);
		expect(other.text).toMatch(/not linked to site -98/);
		expect((await h.call('GET', '/Business/Categories', { siteId: 12345 })).status).toBe(403);
	});

	it('serves the second site of a multi-site key with its own data', async () => {
		const answer = await h.call('GET', '/Consumer/Schedules/Appointments/Locations', {
			siteId: -98,
			token: await issueOn(-98),
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toHaveLength(h.sandbox.state.site(-98)!.locations.filter((l) => l.CanBookAppointments).length);
	});
});

async function issueOn(siteId: number): Promise<string> {
	const issued = await h.call('POST', '/usertoken/issue', {
		siteId,
		body: { Username: 'Siteowner', Password: 'apitest1234' },
	});
	return issued.json.AccessToken;
}

describe('routing, parameters and bodies', () => {
	it('answers 404 plain text for an unknown route and 405 for a known path with another method', async () => {
		const unknown = await h.call('GET', '/Business/Nothing');
		expect([unknown.status, isPlainText(unknown)]).toEqual([404, true]);
		const wrongMethod = await h.call('DELETE', '/Business/Categories');
		expect(wrongMethod.status).toBe(405);
		expect(wrongMethod.headers.get('allow')).toBe('GET');
	});

	it('routes every catalogue operation (a call without a key reaches the pipeline: 401)', async () => {
		// How many there are is test/catalogue/catalogue.test.ts's business, against the spec and the v6 document.
		const rest = operations.filter((op) => op.service === 'rest');
		expect(rest.length).toBeGreaterThan(0);
		for (const op of rest) {
			const path = op.path.replace(/\{[^}]+\}/g, '1');
			const answer = await h.call(op.method, path, { apiKey: null });
			expect([op.id, answer.status]).toEqual([op.id, 401]);
		}
	});

	it('answers 400 plain text naming a missing required parameter', async () => {
		const answer = await h.call('GET', '/Business/Closures', {
			query: { startDate: '2026-03-01' },
		});
		expect(answer.status).toBe(400);
		expect(answer.text).toBe('The endDate parameter is required.');
		const token = await h.staffToken();
		const noIds = await h.call('GET', '/Business/Schedules/Appointments/Addons/Addons', { token });
		expect(noIds.text).toMatch(/appointmentId/);
	});

	it('type-checks query and path values from the catalogue', async () => {
		const token = await h.staffToken();
		const badInt = await h.call('GET', '/Business/Schedules/Classes/abc', { token });
		expect(badInt.status).toBe(400);
		expect(badInt.text).toMatch(/classInstanceId.*32-bit integer/);
		const badBool = await h.call('GET', '/Business/PromoCodes', {
			query: { 'request.activeOnly': 'yes' },
		});
		expect(badBool.text).toMatch(/true or false/);
		const badDate = await h.call('GET', '/Business/Closures', {
			query: { startDate: 'March', endDate: '2026-03-09' },
		});
		expect(badDate.text).toMatch(/ISO 8601/);
		const tooBig = await h.call('GET', '/Business/Categories', {
			query: { verticalIds: '3000000000' },
		});
		expect(tooBig.status).toBe(400);
	});

	it('reads repeated keys for repeated arrays and refuses a comma list there', async () => {
		const repeated = await h.call('GET', '/Business/Categories', {
			query: { verticalIds: [1, 2] },
		});
		expect(repeated.json.map((c: { VerticalId: number }) => c.VerticalId)).toEqual(expect.arrayContaining([1, 2]));
		expect(repeated.json.every((c: { VerticalId: number }) => c.VerticalId !== 3)).toBe(true);
		expect((await h.call('GET', '/Business/Categories', { query: { verticalIds: '1,2' } })).status).toBe(400);
	});

	it('reads one comma-delimited value for comma arrays and refuses repeated keys there', async () => {
		const token = await h.staffToken();
		const ids = h.site().locations.map((l) => l.Id);
		const query = { 'request.startDate': '2026-01-01', 'request.endDate': '2026-12-31' };
		const comma = await h.call('GET', '/Business/Schedules/Enrollments', {
			token,
			query: { ...query, 'request.locationIds': ids.slice(0, 2).join(',') },
		});
		expect(comma.status).toBe(200);
		expect(comma.json.every((e: { LocationId: number }) => ids.slice(0, 2).includes(e.LocationId))).toBe(true);
		const repeated = await h.call('GET', '/Business/Schedules/Enrollments', {
			token,
			query: { ...query, 'request.locationIds': ids.slice(0, 2) },
		});
		expect(repeated.status).toBe(400);
		expect(repeated.text).toMatch(/comma-delimited/);
	});

	it('checks bodies with the shared schemas: 400 plain text with the message', async () => {
		const token = await h.staffToken();
		const wrongType = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token,
			body: [1, 'two'],
		});
		expect([wrongType.status, wrongType.text]).toEqual([400, 'body[1]: must be a whole number (int64)']);
		const required = await h.call('POST', '/Business/Schedules/Availability/Add', {
			token,
			body: [{ daysOfWeek: ['Monday'], StartTime: '09:00', EndTime: '17:00', StartDate: '2026-03-09' }],
		});
		expect([required.status, required.text]).toEqual([
			400,
			'body[0].EndDate: is required (the spec lists it as required in an availability schedule to add)',
		]);
		const missing = await h.call('POST', '/Business/Schedules/Appointments/Complete', { token });
		expect(missing.status).toBe(400);
		const malformed = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token,
			rawBody: { contentType: 'application/json', text: '[1,' },
		});
		expect([malformed.status, malformed.text]).toEqual([400, 'The request body is not valid JSON.']);
		const unsupported = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token,
			rawBody: { contentType: 'text/plain', text: '[1]' },
		});
		expect(unsupported.status).toBe(415);
	});

	it('accepts text/json and form bodies (form values typed by the schema)', async () => {
		const textJson = await h.call('POST', '/Business/PromoCodes', {
			rawBody: {
				contentType: 'text/json',
				text: JSON.stringify({
					Name: 'Text json',
					Code: 'TEXTJSON',
					Discount: { Type: 'Amount', Amount: 5 },
				}),
			},
		});
		expect(textJson.status).toBe(201);
		const form = await h.call('POST', '/Business/PromoCodes', {
			rawBody: {
				contentType: 'application/x-www-form-urlencoded',
				text: 'Name=Form+code&Code=1234&Discount.Type=Percent&Discount.Amount=12.5' + '&AllowOnline=true&MaxUses=3',
			},
		});
		expect(form.status).toBe(201);
		expect(form.json).toMatchObject({
			Code: '1234',
			Discount: { Type: 'Percent', Amount: 12.5 },
			AllowOnline: true,
			MaxUses: 3,
		});
		const ids = await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token: await h.staffToken(),
			rawBody: {
				contentType: 'application/x-www-form-urlencoded',
				text: `[0]=${h.site().appointments[0].Id}`,
			},
		});
		expect([ids.status, ids.json]).toEqual([200, true]);
	});

	it('cuts Transaction-Key to 50 characters on the events a call causes', async () => {
		const appointment = h.site().appointments.find((a) => a.Status === 'Booked')!;
		const key = 'k'.repeat(70);
		await h.call('POST', '/Business/Schedules/Appointments/Complete', {
			token: await h.staffToken(),
			body: [appointment.Id],
			headers: { 'Transaction-Key': key },
		});
		const event = h.sandbox.events.at(-1)!;
		expect(event.cause).toEqual({
			siteId: -99,
			sourceName: 'Sandbox Integration',
			transactionKey: 'k'.repeat(50),
		});
	});
});
