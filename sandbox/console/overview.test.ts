import { PACIFIC_SITE_ID } from '../data/accounts';
import { useSandbox } from '../test/harness';
import { identityFlow } from '../identity/oauthFlow';
import { BODY_SHOWN, shownBody } from './overview';

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

describe("the console's appointment requests and request bodies", () => {
	it('lists every pending appointment request, soonest first, on the studio clock, and no decided one', async () => {
		const site = h.sandbox.state.site(PACIFIC_SITE_ID)!;
		const answer = await h.admin('GET', `/overview/business?siteId=${PACIFIC_SITE_ID}`);
		const body = answer.json as {
			appointmentRequests: Array<{ id: number; start: string; type: string; clientId: string }>;
			counts: { pendingAppointmentRequests: number };
		};
		const pending = site.appointmentRequests.filter((request) => request.Status === 'Pending');
		expect(pending.length).toBeGreaterThan(0);
		expect(site.appointmentRequests.length).toBeGreaterThan(pending.length);
		expect(body.appointmentRequests.map((request) => request.id).sort()).toEqual(pending.map((r) => r.Id).sort());
		expect(body.counts.pendingAppointmentRequests).toBe(pending.length);
		const starts = body.appointmentRequests.map((request) => request.start);
		expect(starts).toEqual([...starts].sort());
		const first = pending.find((request) => request.Id === body.appointmentRequests[0].id)!;
		expect(body.appointmentRequests[0].start).toBe(pacificTime(first.StartDateTime));
		expect(body.appointmentRequests[0].clientId).toBe(site.clients.find((c) => c.Id === first.ClientId)!.ClientId);
	});

	it("shows each request's body indented, its password hidden and its token masked", async () => {
		h.sandbox.log.clear();
		const issued = await h.call('POST', '/usertoken/issue', {
			body: { Username: h.sandbox.staffLogin.username, Password: h.sandbox.staffLogin.password },
		});
		expect(issued.status).toBe(200);
		const answer = await h.admin('GET', '/overview/requests');
		const [login] = answer.json as Array<{ path: string; body?: string }>;
		expect(login.path).toMatch(/usertoken\/issue/i);
		expect(JSON.parse(login.body!)).toEqual({ Username: h.sandbox.staffLogin.username, Password: '(hidden)' });
		expect(login.body).toContain('\n  "Username"');
		expect(shownBody('{"User":{"AccessToken":"abcdefghijklmnop"}}')).toContain('"AccessToken": "abcd…mnop"');
		expect(shownBody('')).toBeUndefined();
		expect(shownBody('a=1&b=2')).toBe('a=1&b=2');
		expect(shownBody('x'.repeat(BODY_SHOWN + 5))).toMatch(/… \(5 more characters\)$/);
	});
});

describe("the console's sign-ins", () => {
	it('lists sign-ins and the tokens issued, newest first, each token masked and none whole', async () => {
		const flow = identityFlow(h);
		const first = await flow.tokensFor(h.sandbox.staffLogin);
		const refreshToken = String(first.refresh_token);
		const renewed = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: refreshToken,
			...flow.secretOf(),
		});
		expect(renewed.status).toBe(200);
		const spent = await flow.tokenCall({
			grant_type: 'refresh_token',
			refresh_token: refreshToken,
			...flow.secretOf(),
		});
		expect(spent.status).toBe(400);

		const answer = await h.admin('GET', '/overview/identity');
		expect(answer.status).toBe(200);
		const body = answer.json as {
			counts: Record<string, number>;
			entries: Array<Record<string, unknown>>;
		};
		expect(body.counts).toEqual({ signIns: 1, tokensIssued: 2, refreshes: 1, refused: 1, revoked: 0 });
		expect(body.entries.map((entry) => [entry.kind, entry.grantType])).toEqual([
			['tokenRefused', 'refresh_token'],
			['tokenIssued', 'refresh_token'],
			['tokenIssued', 'authorization_code'],
			['signIn', undefined],
		]);
		const masked = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;
		expect(body.entries[1]).toMatchObject({
			user: expect.stringMatching(/^Staff \d+ /),
			clientId: h.sandbox.oauthClient.clientId,
			accessToken: masked(renewed.json.access_token),
			refreshToken: masked(renewed.json.refresh_token),
		});
		expect(body.entries[2]).toMatchObject({ accessToken: masked(first.access_token) });
		expect(body.entries[2].fields).toEqual(expect.arrayContaining(['code', 'code_verifier', 'redirect_uri']));
		expect(body.entries[0]).toMatchObject({ error: 'invalid_grant', detail: expect.stringMatching(/already used/) });
		for (const token of [
			first.access_token,
			first.refresh_token,
			renewed.json.access_token,
			renewed.json.refresh_token,
		]) {
			expect(typeof token).toBe('string');
			expect(answer.text).not.toContain(token);
		}
		expect(answer.text).not.toContain(h.sandbox.oauthClient.clientSecret);

		const page = await h.admin('GET', '/');
		expect(page.text).toContain('<section id="identity">');
		expect(page.text).toContain("get('/overview/identity')");
	});
});
