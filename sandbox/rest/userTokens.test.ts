import { isPlainText, useSandbox } from '../test/harness';

const h = useSandbox({ tokenLifetimeMs: 60 * 60 * 1000 });

const owner = { Username: 'Siteowner', Password: 'apitest1234' };

describe('user tokens', () => {
	it('issues a bearer token for a staff login', async () => {
		const answer = await h.call('POST', '/usertoken/issue', {
			body: { ...owner, Username: 'siteowner' },
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({
			TokenType: 'Bearer',
			User: { Id: 101, FirstName: 'Sandbox', LastName: 'Owner', Type: 'Staff' },
		});
		expect(answer.json.Expires).toBe(h.sandbox.clock.iso(h.sandbox.clock.now() + 60 * 60 * 1000));
		expect(h.sandbox.state.tokens.get(answer.json.AccessToken)?.UserId).toBe(101);
	});

	it('refuses a wrong login with 401 plain text, and a body without fields with 400', async () => {
		const wrong = await h.call('POST', '/usertoken/issue', {
			body: { ...owner, Password: 'nope' },
		});
		expect([wrong.status, isPlainText(wrong)]).toEqual([401, true]);
		expect((await h.call('POST', '/usertoken/issue', { body: { Username: 'Siteowner' } })).status).toBe(400);
		expect((await h.call('GET', '/usertoken/issue')).status).toBe(405);
	});

	it('accepts the login as a form body', async () => {
		const answer = await h.call('POST', '/usertoken/issue', {
			rawBody: {
				contentType: 'application/x-www-form-urlencoded',
				text: 'Username=frontdesk&Password=frontdesk1234',
			},
		});
		expect(answer.status).toBe(200);
		expect(answer.json.User.Id).toBe(103);
	});

	it('needs API-Key and SiteId like every call', async () => {
		expect((await h.call('POST', '/usertoken/issue', { body: owner, apiKey: null })).status).toBe(401);
		expect((await h.call('POST', '/usertoken/issue', { body: owner, siteId: null })).status).toBe(400);
	});

	it('needs a token on operations marked A: missing or unknown → 401 plain text', async () => {
		const missing = await h.call('GET', '/Dashboard/Summary');
		expect([missing.status, isPlainText(missing)]).toEqual([401, true]);
		expect((await h.call('GET', '/Dashboard/Summary', { token: 'not-a-token' })).status).toBe(401);
		const notBearer = await h.call('GET', '/Dashboard/Summary', {
			headers: { Authorization: await h.staffToken() },
		});
		expect(notBearer.status).toBe(401);
	});

	it('a valid token sent without "Bearer " is refused by saying the form the spec asks for', async () => {
		const token = await h.staffToken();
		const bare = await h.call('GET', '/Dashboard/Summary', { headers: { Authorization: token } });
		expect([bare.status, bare.text]).toEqual([
			401,
			'The Authorization header must read "Bearer <user token>": the user token was sent without "Bearer ".',
		]);
		const unknown = await h.call('GET', '/Dashboard/Summary', { headers: { Authorization: 'not-a-token' } });
		expect([unknown.status, unknown.text]).toEqual([401, 'Invalid user token: issue one with POST /usertoken/issue.']);
		expect((await h.call('GET', '/Dashboard/Summary', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
			200,
		);
	});

	it('DELETE /usertoken/revoke ends the token sent (the v6 document), answering an object; other methods are 405', async () => {
		const token = (await h.call('POST', '/usertoken/issue', { body: owner })).json.AccessToken;
		expect((await h.call('GET', '/Dashboard/Summary', { token })).status).toBe(200);
		expect((await h.call('POST', '/usertoken/revoke', { token })).status).toBe(405);
		const revoked = await h.call('DELETE', '/usertoken/revoke', { token });
		expect([revoked.status, revoked.json]).toEqual([200, {}]);
		const after = await h.call('GET', '/Dashboard/Summary', { token });
		expect([after.status, after.text]).toEqual([401, 'Invalid user token: issue one with POST /usertoken/issue.']);
		expect((await h.call('DELETE', '/usertoken/revoke', { token })).status).toBe(401);
		expect((await h.call('DELETE', '/usertoken/revoke')).status).toBe(401);
		expect((await h.call('POST', '/usertoken/renew', { token })).status).toBe(401);
	});

	it('expires tokens on the sandbox clock and renews them', async () => {
		const issued = await h.call('POST', '/usertoken/issue', { body: owner });
		const token = issued.json.AccessToken;
		await h.sandbox.clock.advance(59 * 60 * 1000);
		const renewed = await h.call('POST', '/usertoken/renew', { token });
		expect(renewed.status).toBe(200);
		expect(renewed.json.AccessToken).toBe(token);
		// A lifetime more from the current expiry.
		expect(Date.parse(renewed.json.Expires)).toBe(Date.parse(issued.json.Expires) + 60 * 60 * 1000);
		await h.sandbox.clock.advance(30 * 60 * 1000);
		expect((await h.call('GET', '/Dashboard/Summary', { token })).status).toBe(200);
		await h.sandbox.clock.advance(31 * 60 * 1000);
		const expired = await h.call('GET', '/Dashboard/Summary', { token });
		expect([expired.status, expired.text]).toEqual([401, 'The user token has expired: renew or issue a new one.']);
		expect((await h.call('POST', '/usertoken/renew', { token })).status).toBe(401);
		expect((await h.call('POST', '/usertoken/renew')).status).toBe(401);
	});

	it('renews a token up to 7 times, then asks for a new one', async () => {
		const token = (await h.call('POST', '/usertoken/issue', { body: owner })).json.AccessToken;
		for (let n = 0; n < 7; n++) expect((await h.call('POST', '/usertoken/renew', { token })).status).toBe(200);
		const eighth = await h.call('POST', '/usertoken/renew', { token });
		expect([eighth.status, eighth.text]).toEqual([400, 'The token was renewed 7 times: issue a new one.']);
	});

	it('keeps consumer tokens to consumer-facing operations (403 elsewhere)', async () => {
		const { username, password } = h.sandbox.consumerLogin;
		const consumer = await h.call('POST', '/usertoken/issue', {
			body: { Username: username, Password: password },
		});
		expect(consumer.json.User).toMatchObject({ Id: 100001, Type: 'Consumer' });
		const refused = await h.call('GET', '/Dashboard/Summary', { token: consumer.json.AccessToken });
		expect([refused.status, isPlainText(refused)]).toEqual([403, true]);
		const locations = await h.call('GET', '/Consumer/Schedules/Appointments/Locations', {
			token: consumer.json.AccessToken,
		});
		expect(locations.status).toBe(200);
		// A client's own actions, not the studio's: cancelling a class or changing a schedule stays with staff.
		for (const [method, path] of [
			['POST', '/class/cancelsingleclass'],
			['POST', '/class/substituteclassteacher'],
			['POST', '/enrollment/addenrollmentschedule'],
			['POST', '/enrollment/updateenrollmentschedule'],
		]) {
			const staffOnly = await h.call(method, path, { token: consumer.json.AccessToken, body: {} });
			expect([path, staffOnly.status]).toEqual([path, 403]);
		}
	});

	it('refuses a token of another site', async () => {
		const other = await h.call('POST', '/usertoken/issue', { siteId: -98, body: owner });
		expect(other.status).toBe(200);
		expect((await h.call('GET', '/Dashboard/Summary', { token: other.json.AccessToken })).status).toBe(401);
	});
});
