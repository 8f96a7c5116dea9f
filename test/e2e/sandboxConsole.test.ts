/**
 * The sandbox's console page (GET /_sandbox/) in Debian's Chromium, driven by playwright-core, with
 * the sandbox in this process and no n8n: a booking made with plain fetch shows in the class's
 * roster and in the request log; the page's clock button makes a failed webhook delivery resend;
 * a fault added on the page is in force until removed there. It takes the pictures sandbox/README.md
 * shows as it goes; `npm run docs:screenshots` runs it to write them to sandbox/docs/, a test run
 * writes nothing. It needs no package tarball:
 *   N8N_E2E_TARBALL=- npx jest -c test/e2e/jest.config.js test/e2e/sandboxConsole.test.ts
 */
import * as fs from 'fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'http';
import type { AddressInfo } from 'net';

import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

import { DEFAULT_CHROMIUM, keepDocsShot } from '../../scripts/screenshot';
import { startSandbox, type Sandbox } from '../../sandbox';
import { identityFlow } from '../../sandbox/identity/oauthFlow';
import type { Harness } from '../../sandbox/test/harness';

jest.setTimeout(120000);

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;

interface Received {
	method: string;
	headers: IncomingHttpHeaders;
	body: string;
}

/** A webhook receiver that answers the first delivery with 500 and every later one with 200. */
async function failingFirstReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
	const received: Received[] = [];
	let posts = 0;
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			if (req.method === 'POST') posts++;
			res.writeHead(req.method === 'POST' && posts === 1 ? 500 : 200).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/mindbody`, received, server };
}

async function call(url: string, init: { method?: string; headers: Record<string, string>; body?: unknown }) {
	const res = await fetch(url, {
		method: init.method ?? 'GET',
		headers: { 'Content-Type': 'application/json', ...init.headers },
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	});
	const text = await res.text();
	const isJson = res.headers.get('content-type')?.includes('json');
	return { status: res.status, json: isJson && text ? JSON.parse(text) : undefined, text };
}

/** A picture of part of the page for sandbox/README.md (written under npm run docs:screenshots). */
async function shoot(part: Page | Locator, name: string): Promise<void> {
	keepDocsShot(`sandbox/docs/console-${name}.png`, await part.screenshot({ type: 'png' }));
}

/** Waits until the page's next refresh after `since` has drawn (data-loaded is stamped after each). */
async function refreshed(page: Page, since = 0): Promise<void> {
	await page.waitForFunction(`Number(document.body.dataset.loaded || 0) > ${since}`);
}

describe('sandbox console page', () => {
	let sandbox: Sandbox;
	let browser: Browser;
	let page: Page;
	let receiver: Awaited<ReturnType<typeof failingFirstReceiver>>;
	let staffToken: string;
	const booked = { classId: 0, clientName: '', clientId: '' };

	beforeAll(async () => {
		if (!fs.existsSync(CHROMIUM)) {
			throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
		}
		// A frozen clock: only the page's buttons move it.
		sandbox = await startSandbox({ allowLoopbackHttp: true, startAt: '2026-03-02T07:00:00Z' });
		receiver = await failingFirstReceiver();
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
		});
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
		page = await context.newPage();
		page.setDefaultTimeout(20000);
	});

	afterAll(async () => {
		await browser?.close();
		await sandbox?.stop();
		await new Promise((resolve) => receiver?.server.close(resolve));
	});

	it('shows a booking made with fetch in the class roster and in the request log, keys masked', async () => {
		const keyHeaders = { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId) };

		// A subscription to roster bookings, made and activated on the webhook service.
		const created = await call(`${sandbox.webhooksBaseUrl}/subscriptions`, {
			method: 'POST',
			headers: { 'API-Key': sandbox.apiKey },
			body: {
				eventIds: ['classRosterBooking.created'],
				eventSchemaVersion: 1,
				webhookUrl: receiver.url,
				referenceId: 'console-check',
			},
		});
		expect(created.status).toBe(200);
		const subscriptionId = created.json.subscriptionId as string;
		const activated = await call(`${sandbox.webhooksBaseUrl}/subscriptions/${subscriptionId}`, {
			method: 'PATCH',
			headers: { 'API-Key': sandbox.apiKey },
			body: { status: 'Active' },
		});
		expect(activated.json.status).toBe('Active');

		const issued = await call(`${sandbox.restBaseUrl}/usertoken/issue`, {
			method: 'POST',
			headers: keyHeaders,
			body: { Username: sandbox.staffLogin.username, Password: sandbox.staffLogin.password },
		});
		expect(issued.status).toBe(200);
		staffToken = issued.json.AccessToken;

		const classes = await call(`${sandbox.restBaseUrl}/class/classes?request.limit=200`, {
			headers: { ...keyHeaders, Authorization: `Bearer ${staffToken}` },
		});
		expect(classes.status).toBe(200);
		const open = (
			classes.json.Classes as Array<{
				Id: number;
				StartDateTime: string;
				IsCanceled: boolean;
				MaxCapacity: number;
				TotalBooked: number;
			}>
		).find((c) => !c.IsCanceled && c.StartDateTime > '2026-03-02T09:00' && c.TotalBooked < c.MaxCapacity - 1)!;
		expect(open).toBeDefined();
		const site = sandbox.state.main;
		const onRoster = new Set(
			site.classRecords.visits.filter((visit) => visit.ClassId === open.Id).map((visit) => visit.ClientId),
		);
		const client = site.clients.find((c) => c.Status === 'Active' && !onRoster.has(c.Id))!;
		booked.classId = open.Id;
		booked.clientId = client.ClientId;
		booked.clientName = `${client.FirstName} ${client.LastName}`;

		const booking = await call(`${sandbox.restBaseUrl}/class/addclienttoclass`, {
			method: 'POST',
			headers: { ...keyHeaders, Authorization: `Bearer ${staffToken}` },
			body: { ClientId: client.ClientId, ClassId: open.Id },
		});
		expect(booking.status).toBe(200);
		// The event's first delivery is answered 500: it waits for a resend 15 minutes on.
		await call(`${sandbox.adminUrl}/webhooks/settle`, { method: 'POST', headers: {} });
		expect(receiver.received.filter((r) => r.method === 'POST')).toHaveLength(1);

		// A client with a long e-mail address among the newest: the page must still fit its window.
		const long = {
			...client,
			Id: 199999,
			ClientId: '199999',
			Email: `${'a.very.long.name'.repeat(4)}@clients.example`,
		};
		site.clients.push(long);

		await page.goto(`${sandbox.adminUrl}/`);
		await refreshed(page);
		// Section shots of a page taller than the window: the header scrolls away rather than cover them.
		await page.addStyleTag({ content: 'header { position: static !important; }' });
		await expect(page.locator('#clock-now').textContent()).resolves.toBe('2026-03-02T07:00:00Z');

		const card = page.locator(`[data-class-id="${open.Id}"]`);
		await expect(card.locator('.roster').innerText()).resolves.toContain(booked.clientName);
		await expect(card.innerText()).resolves.toContain(`#${client.ClientId}`);

		const row = page.locator('#request-list tr', { hasText: '/class/addclienttoclass' });
		await expect(row.count()).resolves.toBe(1);
		const rowText = await row.innerText();
		expect(rowText).toContain('POST');
		expect(rowText).toContain('200');
		expect(rowText).toContain('Sandbox Integration');
		expect(rowText).toContain('sand…0000');
		const owner = site.staff.find((member) => member.Id === sandbox.state.tokens.get(staffToken)!.UserId)!;
		expect(rowText).toContain(`Staff ${owner.Id} ${owner.FirstName} ${owner.LastName} (site -99)`);
		expect(rowText).toContain(`${staffToken.slice(0, 4)}…${staffToken.slice(-4)}`);
		const loginRow = await page.locator('#request-list tr', { hasText: '/usertoken/issue' }).innerText();
		expect(loginRow).toContain(`logging in as ${sandbox.staffLogin.username}`);
		// The booking's body, opened on the page, stays open through the next refresh.
		await row.locator('details summary').click();
		const since = Number(await page.locator('body').getAttribute('data-loaded'));
		await refreshed(page, since);
		expect(JSON.parse(await row.locator('details pre').innerText())).toEqual({
			ClientId: client.ClientId,
			ClassId: open.Id,
		});
		await expect(row.locator('details').getAttribute('open')).resolves.not.toBeNull();

		// The requests waiting for approval, every one, soonest first.
		const pending = site.appointmentRequests.filter((request) => request.Status === 'Pending');
		expect(pending.length).toBeGreaterThan(0);
		const listed = await page.locator('#appointment-requests tbody tr td:first-child').allInnerTexts();
		expect(listed.map(Number).sort()).toEqual(pending.map((request) => request.Id).sort());

		// A 1,440-pixel window holds the page and each section: nothing scrolls sideways.
		const overflow =
			await page.evaluate(`[document.documentElement, ...document.querySelectorAll('section, #business > div, .wide')]
			.filter((box) => box.scrollWidth > box.clientWidth).map((box) => box.id || box.tagName)`);
		expect(overflow).toEqual([]);
		// The page reads only the admin API, which is not logged: the log holds the calls above alone.
		expect(sandbox.log.list().map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			'POST /subscriptions',
			`PATCH /subscriptions/${subscriptionId}`,
			'POST /usertoken/issue',
			'GET /class/classes',
			'POST /class/addclienttoclass',
		]);

		// Secrets never whole on the page: the API key, the staff token, the signature key.
		const html = await page.content();
		const subscriptions = await call(`${sandbox.adminUrl}/webhooks/subscriptions`, { headers: {} });
		const signatureKey = subscriptions.json.items[0].messageSignatureKey as string;
		for (const secret of [sandbox.apiKey, staffToken, signatureKey, sandbox.staffLogin.password]) {
			expect(html).not.toContain(secret);
		}

		await shoot(page.locator('#business'), 'business');
		await shoot(page.locator('#requests'), 'requests');
	});

	it('moving the clock with the page’s button resends the failed delivery, signed the same', async () => {
		const sub = page.locator('#webhook-list .sub');
		await expect(sub.locator('tbody tr').count()).resolves.toBe(1);
		await expect(sub.locator('tbody tr').innerText()).resolves.toMatch(/500[\s\S]*failed, resend waiting/);
		await expect(page.locator('#clock-timers').innerText()).resolves.toContain('next at 2026-03-02 07:15:00');
		await shoot(page.locator('#webhooks'), 'webhook-failed');

		const before = Number(await page.locator('body').getAttribute('data-loaded'));
		await page.locator('#advance-15m').click();
		await refreshed(page, before);
		await page.waitForFunction(`document.querySelectorAll('#webhook-list .sub tbody tr').length === 2`);

		await expect(page.locator('#clock-now').textContent()).resolves.toBe('2026-03-02T07:15:00Z');
		const rows = await sub.locator('tbody tr').allInnerTexts();
		expect(rows[0]).toMatch(/500[\s\S]*failed, resent/);
		expect(rows[1]).toMatch(/2 \(resend\)[\s\S]*200[\s\S]*delivered/);
		await expect(sub.innerText()).resolves.toContain('Attempted 2, delivered 1, undelivered 1, failed 0');

		const posts = receiver.received.filter((r) => r.method === 'POST');
		expect(posts).toHaveLength(2);
		expect(JSON.parse(posts[1].body).messageId).toBe(JSON.parse(posts[0].body).messageId);
		expect(posts[1].headers['x-mindbody-signature']).toBe(posts[0].headers['x-mindbody-signature']);
		const shown = await sub.locator('tbody tr').nth(1).locator('[title]').getAttribute('title');
		expect(shown).toBe(posts[1].headers['x-mindbody-signature']);
		expect(JSON.parse(posts[1].body).eventData).toMatchObject({ classId: booked.classId, clientId: booked.clientId });

		await shoot(page.locator('#webhooks'), 'webhook-resent');
	});

	it('adds a fault on the page, which the service then answers with, and removes it there', async () => {
		const form = page.locator('#fault-form');
		await form.locator('select[name=kind]').selectOption('serverError');
		await form.locator('select[name=service]').selectOption('rest');
		await form.locator('input[name=path]').fill('/class/classes');
		await form.locator('input[name=times]').fill('always');
		await page.locator('#fault-add').click();
		await page.waitForFunction(`document.querySelectorAll('#fault-list tbody tr').length === 1`);
		expect(sandbox.faults.list()).toEqual([
			expect.objectContaining({ kind: 'serverError', service: 'rest', path: '/class/classes', times: 'always' }),
		]);

		const refused = await call(`${sandbox.restBaseUrl}/class/classes`, {
			headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId) },
		});
		expect(refused.status).toBe(500);
		// The page's next refreshes: the fault's hit, and the refused request at the top of the log.
		await page.waitForFunction(`document.querySelector('#fault-list tbody tr td:nth-child(7)').textContent === '1'`);
		await page.waitForFunction(`document.querySelector('#request-list tbody tr').textContent.includes('fault')`);
		await page.evaluate('window.scrollTo(0, 0)');
		await shoot(page, 'top');

		await page.locator('#fault-list button', { hasText: 'Remove' }).click();
		await page.waitForFunction(`document.querySelector('#fault-list').textContent.includes('No faults')`);
		expect(sandbox.faults.list()).toEqual([]);
		const answered = await call(`${sandbox.restBaseUrl}/class/classes`, {
			headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId) },
		});
		expect(answered.status).toBe(200);
	});
	it('lists a sign-in and the tokens issued for it under Sign in with Mindbody, each token masked', async () => {
		const tokens = await identityFlow({ sandbox } as Harness).tokensFor(sandbox.staffLogin);
		const masked = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;
		await page.waitForFunction(
			`document.querySelector('#identity-list').textContent.includes(${JSON.stringify(masked(tokens.access_token))})`,
		);
		const section = page.locator('#identity');
		await expect(section.locator('#identity-counts').textContent()).resolves.toMatch(/^1 sign-in, 1 token answer/);
		const rows = await section.locator('tbody tr').allInnerTexts();
		expect(rows).toHaveLength(2);
		expect(rows[0]).toMatch(/tokenIssued[\s\S]*Staff \d+[\s\S]*authorization_code/);
		expect(rows[0]).toContain(masked(String(tokens.refresh_token)));
		expect(rows[1]).toMatch(/signIn/);
		const html = await section.innerHTML();
		for (const token of [tokens.access_token, String(tokens.refresh_token)]) expect(html).not.toContain(token);
	});
});
