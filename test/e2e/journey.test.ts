/**
 * A studio's everyday jobs in a real n8n editor, driven with headless Chromium (playwright-core,
 * Debian's chromium): the Mindbody node's Operation list opens with its resource's operations; the
 * node creator finds the Mindbody node by the words a studio uses; a class
 * of next week is booked, one paid with the client's pass picked from their own, a sale paid in cash
 * is made (and one without a location says which prices applied), an appointment a month out is
 * cancelled and one of another client than the one shown is not, each through
 * Front Desk's form, every value picked or typed in the editor (no JSON), run with the node's
 * Execute step button against the sandbox; Client → Get Many's simplified answer keeps Email.
 * A "cash or card" workflow, its payment Type an expression over the node before, sells for cash
 * and refuses a card without its number, nothing sent. The follow-up jobs' Fetch Test Event:
 * example 10's renewal reminder shows a contract due or says why none is shown, and Client Lapsed
 * leaves out a client who lapsed by her visits but is booked ahead, each item with its next booking.
 *
 * The workflows are created through n8n's public API with the node's resource and operation only
 * (what choosing them in the node creator gives); the tour's fields are filled in the editor. The
 * "cash or card" workflow is created whole, as one built around a form would be: what it shows is
 * what n8n does with a Type it cannot know before the run.
 * The steps README shows are screenshotted as they pass (the open Operation list, the filled forms
 * with their answers); `npm run docs:screenshots` runs this file to write them to docs/, a test run
 * writes nothing.
 */
import type { Locator, Page } from 'playwright-core';

import { editorShot, keepDocsShot, openEditor, openOperationList, type EditorSession } from '../../scripts/screenshot';
import type { Sandbox } from '../../sandbox';
import { servicePays } from '../../sandbox/rest/v6/classRoster';
import { operations, tasks } from '../../nodes/shared/catalogue';
import { admin, CREDENTIAL_NAME, example, nodeOutput, startE2eSandbox, startN8n, VERSION } from './support/mindbody';
import type { Execution, N8n, WorkflowJson } from './support/n8n';

jest.setTimeout(300000);

const OWNER = { email: 'owner@example.com', password: 'E2e-password-1' };

const DAY = 24 * 3600 * 1000;

/** The actions n8n's nodes panel lists for the node: every operation and every Front Desk task. */
const ACTIONS = operations.length + tasks.length;

/** "Tue 8 Dec 18:00": how the pickers write a time the service gave (the sandbox's site runs on UTC). */
function dayAndTime(iso: string): string {
	const at = new Date(iso);
	const weekday = at.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short' });
	const month = at.toLocaleDateString('en-GB', { timeZone: 'UTC', month: 'short' });
	return `${weekday} ${at.getUTCDate()} ${month} ${iso.slice(11, 16)}`;
}

interface Client {
	Id: number;
	ClientId: string;
	FirstName: string;
	LastName: string;
	Email: string;
	Status: string;
	CustodianId: number | null;
}
interface ClassInstance {
	Id: number;
	ClassDescriptionId: number;
	StartDateTime: string;
	IsCanceled: boolean;
	Hidden?: boolean;
	MaxCapacity: number;
	TotalBooked: number;
}
interface Appointment {
	Id: number;
	ClientId: number | string;
	Status: string;
	StartDateTime: string;
}
interface Visit {
	ClassId: number;
	ClientId: number;
}
interface Staff {
	Id: number;
	FirstName: string;
	LastName: string;
	AppointmentTypeIds: number[];
	LocationIds: number[];
	Active: boolean;
}

/** One Mindbody node with only its resource and operation set, as the node creator adds it. */
function oneNode(
	name: string,
	nodeName: string,
	credentialId: string,
	parameters: Record<string, unknown>,
): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: '3c0a0000-0000-4000-8000-000000000001',
				name: nodeName,
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL_NAME } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

describe(`a studio's everyday jobs in the editor of n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let credentialId: string;
	let editor: EditorSession;
	let page: Page;

	beforeAll(async () => {
		// Without Chromium, openEditor fails saying how to install it.
		sandbox = await startE2eSandbox();
		({ n8n, credentialId } = await startN8n(sandbox));
		// A first load of the editor on a busy machine can take longer than the usual 30 s.
		editor = await openEditor({
			editorUrl: n8n.baseUrl,
			email: OWNER.email,
			password: OWNER.password,
			timeoutMs: 60000,
		});
		page = editor.page;
	});

	afterAll(async () => {
		await editor?.close();
		await n8n?.stop();
		await sandbox?.stop();
	});

	async function createWorkflow(workflow: WorkflowJson): Promise<string> {
		const res = await n8n.api('POST', '/workflows', workflow);
		if (res.status !== 200) throw new Error(`create workflow: HTTP ${res.status} ${res.text.slice(0, 300)}`);
		return (res.json as { id: string }).id;
	}

	/** Opens the workflow in the editor and its Mindbody node's panel; returns the panel. */
	async function openNode(workflowId: string): Promise<Locator> {
		await page.goto(`${editor.origin}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
		const node = page.locator('[data-test-id="canvas-node"][data-node-type="n8n-nodes-mindbody.mindbody"]').first();
		await node.waitFor({ state: 'visible' });
		await node.dblclick();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible' });
		return ndv;
	}

	/** A workflow of one Front Desk task, opened in the editor with the client picked from the list. */
	async function openTask(title: string, nodeName: string, operation: string, client: Client) {
		const id = await createWorkflow(oneNode(title, nodeName, credentialId, { resource: 'frontDesk', operation }));
		const ndv = await openNode(id);
		await pick(ndv, 'clientId', `${client.FirstName} ${client.LastName}`, client.LastName);
		return { id, ndv };
	}

	/** What of each entry of the last list opened was drawn in view, before the list's width cut it. */
	let inView: string[] = [];

	/** Opens a resource locator's list, types `search` when given, and clicks the entry holding `text`. */
	async function pick(ndv: Locator, parameter: string, text: string, search?: string): Promise<string[]> {
		const locator = ndv.locator(`[data-test-id="resource-locator-${parameter}"]`).last();
		await locator.locator('[data-test-id="rlc-input"]').first().click();
		// The list opens in a popover of its own, outside the panel.
		const items = page.locator('[data-test-id="rlc-item"]:visible');
		await items.first().waitFor({ state: 'visible' });
		const offered = (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
		// What of each entry's text the list draws in view: the list cuts a long one at its width.
		inView = await items.evaluateAll((nodes) =>
			nodes.map((node) => {
				const span = node.querySelector('span');
				const text = span?.firstChild;
				if (!span || !text) return '';
				const right = span.getBoundingClientRect().right;
				const length = text.textContent?.length ?? 0;
				const range = node.ownerDocument.createRange();
				let shown = 0;
				for (let end = 1; end <= length; end++) {
					range.setStart(text, 0);
					range.setEnd(text, end);
					if (range.getBoundingClientRect().right > right + 0.5) break;
					shown = end;
				}
				return (text.textContent ?? '').slice(0, shown);
			}),
		);
		if (search !== undefined) {
			await page
				.locator('input[data-test-id="rlc-search"]:visible, [data-test-id="rlc-search"]:visible input')
				.first()
				.fill(search);
		}
		const wanted = items.filter({ hasText: text }).first();
		await wanted.waitFor({ state: 'visible' });
		await wanted.click();
		const input = locator.locator('[data-test-id="rlc-input"]').first();
		for (let tries = 0; (await input.inputValue()) === '' && tries < 40; tries++) await page.waitForTimeout(100);
		expect(await input.inputValue()).toContain(text);
		return offered;
	}

	/**
	 * Execute step in the panel; the saved manual execution's record, once it stopped. The answer is
	 * then shown as JSON: key and value on one line each read better than the table's wide columns.
	 */
	async function executeStep(ndv: Locator, workflowId: string): Promise<Execution> {
		const run = await runStep(ndv, workflowId);
		const json = ndv.locator('[data-test-id="output-panel"] [data-test-id="radio-button-json"]').first();
		await json.waitFor({ state: 'visible' });
		await json.click();
		return run;
	}

	/** Execute step in the panel; the saved manual execution's record, once it stopped, failed or not. */
	async function runStep(ndv: Locator, workflowId: string): Promise<Execution> {
		const before = (await n8n.executions(workflowId)).length;
		await ndv.locator('[data-test-id="node-execute-button"]').first().click();
		const [run] = await n8n.waitForExecutions(workflowId, before + 1);
		return run;
	}

	/** Opens the workflow in the editor and its Mindbody Poll Trigger's panel; returns the panel. */
	async function openPollTrigger(workflowId: string): Promise<Locator> {
		await page.goto(`${editor.origin}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
		const node = page
			.locator('[data-test-id="canvas-node"][data-node-type="n8n-nodes-mindbody.mindbodyPollTrigger"]')
			.first();
		await node.waitFor({ state: 'visible' });
		await node.dblclick();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible' });
		return ndv;
	}

	/** The trigger's Fetch Test Event button, clicked; the saved manual execution once it stopped. */
	async function fetchTestEvent(ndv: Locator, workflowId: string): Promise<Execution> {
		const button = ndv.locator('[data-test-id="node-execute-button"]').first();
		expect((await button.innerText()).trim()).toBe('Fetch Test Event');
		return await runStep(ndv, workflowId);
	}

	/** A tour picture of the whole window (written to docs/ under npm run docs:screenshots). */
	async function shoot(name: string): Promise<void> {
		await page.mouse.move(0, 0);
		const shot = keepDocsShot(`docs/tour-${name}.png`, await editorShot(page));
		expect({ width: shot.width, height: shot.height }).toEqual(page.viewportSize());
	}

	const state = <T>(name: string) => admin<T>(sandbox, 'GET', `state/${name}`);

	// First, in a fresh session: README's picture is of the editor as a user first opens it.
	it("the Mindbody node's Operation list opens in the editor with the resource's four operations and n8n's Custom API Call", async () => {
		// Saved, not activated: a workflow without a trigger cannot be.
		const id = await createWorkflow(
			oneNode('Mindbody: appointment requests', 'Mindbody', credentialId, {
				resource: 'appointmentRequest',
				operation: 'get',
				id: 60001,
				options: {},
			}),
		);
		// The open list, read from the DOM once drawn: the resource's operations, and the Custom API Call
		// n8n adds to a node that has an OAuth2 credential (it opens the HTTP Request node with it).
		const options = await openOperationList(page, editor.origin, { workflowId: id });
		expect(options).toEqual(['Approve', 'Deny', 'Deny with Notification Choice', 'Get', 'Custom API Call']);

		const shot = keepDocsShot('docs/mindbody-node-operations.png', await editorShot(page));
		expect({ width: shot.width, height: shot.height }).toEqual({ width: 1440, height: 900 });
		expect(shot.bytes).toBeGreaterThan(20 * 1024);
		expect(shot.bytes).toBeLessThan(1024 * 1024);
	});

	it('the node creator finds the Mindbody node for "checkout", "membership", "check in" and "approve"', async () => {
		const id = await createWorkflow({
			name: 'Node creator search',
			nodes: [
				{
					id: '3c0a0000-0000-4000-8000-000000000101',
					name: 'When clicking ‘Execute workflow’',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		await page.goto(`${editor.origin}/workflow/${id}`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible' });
		await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
		const creator = page.locator('[data-test-id="node-creator"]').first();
		await creator.waitFor({ state: 'visible' });
		const search = creator.locator(
			'input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input',
		);
		const found: Record<string, string[]> = {};
		for (const words of ['checkout', 'membership', 'check in', 'approve']) {
			await search.first().fill(words);
			const names = creator.locator('[data-test-id="node-creator-item-name"]');
			await names
				.filter({ hasText: /^Mindbody$/ })
				.first()
				.waitFor({ state: 'visible' });
			found[words] = (await names.allInnerTexts()).map((t) => t.trim());
			if (words === 'check in') await shoot('search-check-in');
		}
		process.stderr.write(`[e2e] node creator: ${JSON.stringify(found)}\n`);
		for (const words of Object.keys(found)) expect(found[words]).toContain('Mindbody');

		// The node's actions, as README counts them: every operation and every Front Desk task, the
		// tasks in a desk's order.
		await creator
			.locator('[data-test-id="node-creator-item-name"]')
			.filter({ hasText: /^Mindbody$/ })
			.first()
			.click();
		const heading = creator.getByText(/^\s*Actions\s*\(\d+\)\s*$/).first();
		await heading.waitFor({ state: 'visible' });
		const headingText = (await heading.innerText()).trim();
		process.stderr.write(`[e2e] node creator actions: ${headingText}\n`);
		expect(Number(/\((\d+)\)/.exec(headingText)![1])).toBe(ACTIONS);
		const listed = (await creator.locator('[data-test-id="node-creator-item-name"]').allInnerTexts()).map((text) =>
			text.trim(),
		);
		const desk = tasks.map((task) => task.action);
		expect(listed.filter((action) => desk.includes(action))).toEqual(desk);
	});

	it("Front Desk → Book Class: the class picker offers next week's classes; one picked is booked", async () => {
		const clients = await state<Client[]>('clients');
		const classes = await state<ClassInstance[]>('classes');
		const records = await state<{ visits: Visit[]; waitlist: Array<{ ClientId: number }> }>('classRecords');
		const now = Date.now();
		const nextWeek = classes.filter(
			(c) =>
				!c.IsCanceled &&
				!c.Hidden &&
				Date.parse(c.StartDateTime) > now + 8 * DAY &&
				Date.parse(c.StartDateTime) < now + 12 * DAY &&
				c.TotalBooked < c.MaxCapacity - 1,
		);
		expect(nextWeek.length).toBeGreaterThan(0);
		const target = nextWeek[0];
		const waiting = new Set(records.waitlist.map((w) => w.ClientId));
		const client = clients.find(
			(c) =>
				c.Status === 'Active' &&
				c.CustodianId === null &&
				!waiting.has(c.Id) &&
				!records.visits.some((v) => v.ClassId === target.Id && v.ClientId === c.Id),
		)!;

		const descriptions = await state<Array<{ Id: number; Name: string }>>('classDescriptions');
		const { id, ndv } = await openTask('Front desk: book a class', 'Book Class', 'bookClass', client);
		const wanted = `${dayAndTime(target.StartDateTime)} · ${descriptions.find((d) => d.Id === target.ClassDescriptionId)!.Name}`;
		const offered = await pick(ndv, 'classId', wanted, wanted);
		process.stderr.write(`[e2e] class picker offered ${offered.length}: ${offered[0]} … ${offered.at(-1)}\n`);
		// The list reaches past next week: its last class is more than a week ahead.
		const days = offered.map((o) => o.split(' · ')[0]);
		expect(days).toEqual(expect.arrayContaining([expect.stringMatching(/^\w{3} \d{1,2} \w{3} \d{2}:\d{2}$/)]));
		expect(offered.some((o) => o.startsWith(dayAndTime(nextWeek.at(-1)!.StartDateTime)))).toBe(true);

		const run = await executeStep(ndv, id);
		expect(run.status).toBe('success');
		expect(nodeOutput(run, 'Book Class')[0]).toMatchObject({ ClassId: target.Id });
		const after = await state<{ visits: Visit[] }>('classRecords');
		expect(after.visits.some((v) => v.ClassId === target.Id && v.ClientId === client.Id)).toBe(true);
		await shoot('book-class');
	});

	it('Front Desk → Sell: a pricing option paid in cash, every field filled in the form, makes the sale', async () => {
		const clients = await state<Client[]>('clients');
		const client = clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[3];
		const records = await state<{
			pricingOptions: Array<{ Id: number; Name: string; Price: number; TaxRate: number }>;
		}>('saleRecords');
		const option = records.pricingOptions[0];
		// Calculate Tax opens on: the cash paid is the price with the location's tax.
		const total = Math.round(option.Price * (1 + option.TaxRate) * 100) / 100;
		const [location] = await state<Array<{ Id: number; Name: string }>>('locations');
		const salesBefore = (await state<unknown[]>('sales')).length;

		const { id, ndv } = await openTask('Front desk: sell a drop-in, paid in cash', 'Sell', 'sell', client);
		await ndv.locator('[data-test-id="fixed-collection-cartItems"] button').first().click();
		await pick(ndv, 'pricingOption', option.Name, option.Name);
		await ndv.locator('[data-test-id="fixed-collection-cartPayments"] button').first().click();
		// A payment opens as Cash: only its amount is typed.
		const type = ndv.locator(
			'[data-test-id="fixed-collection-cartPayments"] [data-test-id="parameter-input-type"] input',
		);
		expect(await type.first().inputValue()).toBe('Cash');
		const amount = ndv.locator(
			'[data-test-id="fixed-collection-cartPayments"] [data-test-id="parameter-input-amount"] input',
		);
		await amount.first().fill(String(total));
		await amount.first().blur();
		// Sold at the desk: the Location, on the main form below the client, sets the in-store price.
		const fields = await ndv
			.locator('[data-test-id^="parameter-input-"], [data-test-id^="resource-locator-"]')
			.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-test-id')));
		const at = (name: string) => fields.findIndex((field) => field === `resource-locator-${name}`);
		expect(at('locationId')).toBeGreaterThan(at('clientId'));
		await pick(ndv, 'locationId', location.Name);

		const run = await executeStep(ndv, id);
		expect(run.data?.resultData.error).toBeUndefined();
		expect(run.status).toBe('success');
		const [answer] = nodeOutput(run, 'Sell') as Array<{
			ShoppingCart: { SaleId: number; GrandTotal: number; CartItems: Array<{ Item: Record<string, unknown> }> };
		}>;
		expect(answer.ShoppingCart.GrandTotal).toBe(total);
		// The output names what was sold: the pricing option picked, its name and its price.
		expect(answer.ShoppingCart.CartItems.map((line) => line.Item)).toEqual([
			{ Type: 'Service', Id: option.Id, Name: option.Name, Price: option.Price },
		]);
		const sales = await state<Array<{ Id: number }>>('sales');
		expect(sales).toHaveLength(salesBefore + 1);
		expect(sales.at(-1)!.Id).toBe(answer.ShoppingCart.SaleId);
		// The whole form and its answer in one picture, from the top.
		await page.setViewportSize({ width: 1440, height: 1700 });
		await ndv.locator('[data-test-id="node-credentials-select"]').first().scrollIntoViewIfNeeded();
		await shoot('sell-cash');
		await page.setViewportSize({ width: 1440, height: 900 });
	});

	it('Front Desk → Sell without a Location: the run says the online prices applied', async () => {
		const clients = await state<Client[]>('clients');
		const client = clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[4];
		const records = await state<{
			pricingOptions: Array<{ Id: number; Name: string; OnlinePrice: number; TaxRate: number }>;
		}>('saleRecords');
		const option = records.pricingOptions[0];
		// The online price with the pricing option's tax (Calculate Tax opens on).
		const total = Math.round(option.OnlinePrice * (1 + option.TaxRate) * 100) / 100;
		const { id, ndv } = await openTask('Front desk: sell online-priced', 'Sell', 'sell', client);
		await ndv.locator('[data-test-id="fixed-collection-cartItems"] button').first().click();
		await pick(ndv, 'pricingOption', option.Name, option.Name);
		await ndv.locator('[data-test-id="fixed-collection-cartPayments"] button').first().click();
		const amount = ndv.locator(
			'[data-test-id="fixed-collection-cartPayments"] [data-test-id="parameter-input-amount"] input',
		);
		await amount.first().fill(String(total));
		await amount.first().blur();

		const run = await executeStep(ndv, id);
		expect(run.status).toBe('success');
		const hints = (run.data?.resultData.runData?.Sell?.[0] as { hints?: Array<{ message: string }> } | undefined)
			?.hints;
		expect(hints?.map((hint) => hint.message)).toEqual([expect.stringContaining("online store's prices")]);
		// The editor shows it with the answer.
		await ndv
			.getByText(/No Location was picked/)
			.first()
			.waitFor({ state: 'visible' });
	});

	it("Front Desk → Book Class: the pricing option is picked from the client's own, with sessions left, and pays for the booking", async () => {
		const site = sandbox.state.site(sandbox.siteId)!;
		const now = Date.now();
		const today = new Date(now).toISOString().slice(0, 10);
		// A class of the coming days with places left and a client holding a pricing option that pays for it.
		const booking = site.classes
			.filter(
				(c) =>
					!c.IsCanceled &&
					Date.parse(c.StartDateTime) > now + DAY &&
					Date.parse(c.StartDateTime) < now + 10 * DAY &&
					c.TotalBooked < c.MaxCapacity,
			)
			.flatMap((instance) =>
				site.clientServices
					.filter(
						(s) =>
							s.ActiveDate <= today &&
							today <= s.ExpirationDate &&
							servicePays(site, s, s.ClientId, instance) &&
							!site.classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === s.ClientId) &&
							!site.classRecords.waitlist.some((w) => w.ClientId === s.ClientId),
					)
					.map((service) => ({ instance, service })),
			)
			.find(({ service }) => site.clients.some((c) => c.Id === service.ClientId && c.Status === 'Active'))!;
		expect(booking).toBeDefined();
		const { instance, service } = booking;
		const client = (await state<Client[]>('clients')).find((c) => c.Id === service.ClientId)!;
		const remaining = service.Remaining;
		const descriptions = await state<Array<{ Id: number; Name: string }>>('classDescriptions');

		const { id, ndv } = await openTask('Front desk: book a class on a pass', 'Book Class', 'bookClass', client);
		const wanted = `${dayAndTime(instance.StartDateTime)} · ${descriptions.find((d) => d.Id === instance.ClassDescriptionId)!.Name}`;
		await pick(ndv, 'classId', wanted, wanted);
		// Additional Fields → Client's Pricing Option: a list of the client's, not an ID to look up.
		// Additional Fields comes before Options: its add control is the first (a select or, in newer editors, a menu).
		await ndv
			.locator('[data-test-id="collection-parameter-add"], [data-test-id="collection-parameter-add-dropdown"] button')
			.first()
			.click();
		await page
			.locator('[data-test-id="collection-parameter-option"]:visible, [role="menuitem"]:visible, li:visible')
			.filter({ hasText: /^\s*Client's Pricing Option\s*$/ })
			.first()
			.click();
		const offered = await pick(ndv, 'clientServiceId', `${remaining} of ${service.Count} left · `);
		process.stderr.write(`[e2e] pricing option picker offered ${offered.length}: ${offered.join(' | ')}\n`);
		process.stderr.write(`[e2e] pricing option picker drew in view: ${inView.join(' | ')}\n`);
		for (const label of offered) expect(label).toMatch(/^\d+ of \d+ left · until \d{1,2} \w{3} \d{4} · /);
		// What is left and the expiry are in view in the panel's default width; a long name is cut instead.
		expect(inView).toHaveLength(offered.length);
		for (const drawn of inView) expect(drawn).toMatch(/^\d+ of \d+ left · until \d{1,2} \w{3} \d{4}/);
		const own = site.clientServices.filter((s) => s.ClientId === client.Id).map((s) => s.Name);
		for (const label of offered) expect(own).toContain(label.split(' · ').slice(2).join(' · '));

		const run = await executeStep(ndv, id);
		expect(run.data?.resultData.error).toBeUndefined();
		expect(run.status).toBe('success');
		const sent = sandbox.log.list({ operation: 'AddClientToClass' }).at(-1)!;
		expect(JSON.parse(sent.rawBody)).toMatchObject({ ClassId: instance.Id, ClientServiceId: service.Id });
		const visit = site.classRecords.visits.find((v) => v.ClassId === instance.Id && v.ClientId === client.Id)!;
		expect(visit.ClientServiceId).toBe(service.Id);
		expect(site.clientServices.find((s) => s.Id === service.Id)!.Remaining).toBe(remaining - 1);
		await shoot('book-class-pass');
	});

	/** Sell with the payment's Type an expression fed by the node before it ("cash or card" from a form). */
	async function sellWithPayType(title: string, payType: string) {
		const clients = await state<Client[]>('clients');
		const client = clients.filter((c) => c.Status === 'Active' && c.CustodianId === null)[5];
		const records = await state<{
			pricingOptions: Array<{ Id: number; Name: string; Price: number; TaxRate: number }>;
		}>('saleRecords');
		const option = records.pricingOptions[0];
		const total = Math.round(option.Price * (1 + option.TaxRate) * 100) / 100;
		const [location] = await state<Array<{ Id: number; Name: string }>>('locations');
		const locator = (value: number | string, name: string) => ({
			__rl: true,
			mode: 'list',
			value: String(value),
			cachedResultName: name,
		});
		const sell = oneNode(title, 'Sell', credentialId, {
			resource: 'frontDesk',
			operation: 'sell',
			clientId: locator(client.ClientId, `${client.FirstName} ${client.LastName} · ${client.Email}`),
			locationId: locator(location.Id, location.Name),
			cartItems: { item: [{ type: 'Service', pricingOption: locator(option.Id, option.Name), quantity: 1 }] },
			cartPayments: { payment: [{ type: '={{ $json.payType }}', amount: total }] },
		});
		const workflow: WorkflowJson = {
			...sell,
			nodes: [
				{
					id: '3c0a0000-0000-4000-8000-000000000201',
					name: 'When clicking ‘Execute workflow’',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [-440, 0],
					parameters: {},
				},
				{
					id: '3c0a0000-0000-4000-8000-000000000202',
					name: 'Pay Type',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [-220, 0],
					parameters: {
						assignments: {
							assignments: [
								{ id: '3c0a0000-0000-4000-8000-000000000203', name: 'payType', value: payType, type: 'string' },
							],
						},
						options: {},
					},
				},
				...sell.nodes,
			],
			connections: {
				'When clicking ‘Execute workflow’': { main: [[{ node: 'Pay Type', type: 'main', index: 0 }]] },
				'Pay Type': { main: [[{ node: 'Sell', type: 'main', index: 0 }]] },
			},
		};
		const id = await createWorkflow(workflow);
		const ndv = await openNode(id);
		// The editor shows the Type as the expression, and no card field is asked for.
		await ndv.getByText('$json.payType').first().waitFor({ state: 'visible' });
		const checkouts = sandbox.log.list({ operation: 'CheckoutShoppingCart' }).length;
		const sales = (await state<unknown[]>('sales')).length;
		const run = await runStep(ndv, id);
		return { run, ndv, total, checkouts, sales };
	}

	it("Front Desk → Sell: a payment Type from an expression, 'Cash', makes the sale with no card field", async () => {
		const { run, ndv, total, sales } = await sellWithPayType('Front desk: cash or card, cash', 'Cash');
		expect(run.data?.resultData.error).toBeUndefined();
		expect(run.status).toBe('success');
		const sent = sandbox.log.list({ operation: 'CheckoutShoppingCart' }).at(-1)!;
		expect(JSON.parse(sent.rawBody).Payments).toEqual([
			expect.objectContaining({ Type: 'Cash', Metadata: expect.objectContaining({ Amount: total }) }),
		]);
		expect(await state<unknown[]>('sales')).toHaveLength(sales + 1);
		await ndv.locator('[data-test-id="output-panel"]').first().waitFor({ state: 'visible' });
	});

	it("Front Desk → Sell: a payment Type from an expression, 'Credit Card', is refused naming the card field; nothing is sent", async () => {
		const { run, ndv, checkouts, sales } = await sellWithPayType('Front desk: cash or card, card', 'Credit Card');
		expect(run.status).toBe('error');
		const message = String((run.data?.resultData.error as { message?: string } | undefined)?.message);
		expect(message).toBe('Payments[0].Card Number: is required for a Credit Card payment');
		expect(sandbox.log.list({ operation: 'CheckoutShoppingCart' })).toHaveLength(checkouts);
		expect(await state<unknown[]>('sales')).toHaveLength(sales);
		await ndv
			.getByText(/Card Number: is required for a Credit Card payment/)
			.first()
			.waitFor({ state: 'visible' });
	});

	it('Front Desk → Cancel Appointment: the client changed after picking refuses the run, naming both; nothing is cancelled', async () => {
		const clients = await state<Client[]>('clients');
		const appointments = await state<Appointment[]>('appointments');
		const now = Date.now();
		const target = appointments.find(
			(a) =>
				['Booked', 'Confirmed'].includes(a.Status) &&
				Date.parse(a.StartDateTime) > now + DAY &&
				Date.parse(a.StartDateTime) < now + 10 * DAY,
		)!;
		const owner = clients.find((c) => c.Id === Number(target.ClientId))!;
		const other = clients.find(
			(c) => c.Status === 'Active' && c.CustodianId === null && c.Id !== owner.Id && c.LastName !== owner.LastName,
		)!;

		const { id, ndv } = await openTask(
			'Front desk: cancel, client changed',
			'Cancel Appointment',
			'cancelAppointment',
			owner,
		);
		await pick(ndv, 'appointmentId', dayAndTime(target.StartDateTime));
		// The client changed after the appointment was picked: the editor keeps the appointment.
		await pick(ndv, 'clientId', `${other.FirstName} ${other.LastName}`, other.LastName);
		const kept = ndv.locator('[data-test-id="resource-locator-appointmentId"] [data-test-id="rlc-input"]').first();
		expect(await kept.inputValue()).toContain(dayAndTime(target.StartDateTime));

		const run = await runStep(ndv, id);
		expect(run.status).toBe('error');
		const message = String((run.data?.resultData.error as { message?: string } | undefined)?.message);
		expect(message).toContain(`${owner.FirstName} ${owner.LastName}`);
		expect(message).toContain(`${other.FirstName} ${other.LastName}`);
		const after = await state<Appointment[]>('appointments');
		expect(after.find((a) => a.Id === target.Id)!.Status).toBe(target.Status);
		await ndv
			.getByText(/picked in Client/)
			.first()
			.waitFor({ state: 'visible' });
		await shoot('cancel-appointment-refused');
	});

	it('Front Desk → Book Appointment: the staff member changed after the slot was picked refuses the run, naming both; nothing is booked', async () => {
		const clients = await state<Client[]>('clients');
		const staff = await state<Staff[]>('staff');
		const client = clients.find((c) => c.Status === 'Active' && c.CustodianId === null)!;
		const types = await state<Array<{ Id: number; Name: string }>>('appointmentTypes');
		// A session type two active staff members give: the first's slot, then the second picked instead.
		const givers = (typeId: number) => staff.filter((s) => s.Active && s.AppointmentTypeIds.includes(typeId));
		const type = types.find((t) => givers(t.Id).length >= 2)!;
		const [first, second] = givers(type.Id);
		expect(second).toBeDefined();
		const booked = (await state<Appointment[]>('appointments')).length;

		const { id, ndv } = await openTask(
			'Front desk: book, staff changed',
			'Book Appointment',
			'bookAppointment',
			client,
		);
		await pick(ndv, 'staffId', `${first.FirstName} ${first.LastName}`, first.LastName);
		await pick(ndv, 'sessionTypeId', type.Name, type.Name);
		const slots = await pick(ndv, 'startDateTime', `${first.FirstName} ${first.LastName}`);
		expect(slots.length).toBeGreaterThan(0);
		// The slot's location (its label names it), which the booking needs.
		const slot = slots.find((label) => label.includes(`${first.FirstName} ${first.LastName}`))!;
		await pick(ndv, 'locationId', slot.split(' · ')[3]);
		// The staff member changed after the slot was picked: the editor keeps the slot.
		await pick(ndv, 'staffId', `${second.FirstName} ${second.LastName}`, second.LastName);

		const run = await runStep(ndv, id);
		expect(run.status).toBe('error');
		const message = String((run.data?.resultData.error as { message?: string } | undefined)?.message);
		expect(message).toContain(`${first.FirstName} ${first.LastName}`);
		expect(message).toContain(`${second.FirstName} ${second.LastName}`);
		expect((await state<Appointment[]>('appointments')).length).toBe(booked);
	});

	it('Front Desk → Cancel Appointment: an appointment a month out, of a client picked from the list, is cancelled', async () => {
		const clients = await state<Client[]>('clients');
		const now = Date.now();
		// A booking a month ahead (a monthly visit): moved there in the sandbox's own records.
		const held = sandbox.state.site(sandbox.siteId)!.appointments;
		const moved = held.filter((a) => a.Status === 'Booked').at(-1)!;
		const start = new Date(Math.ceil((now + 30 * DAY) / (3600 * 1000)) * 3600 * 1000);
		moved.StartDateTime = start.toISOString().replace('.000Z', 'Z');
		moved.EndDateTime = new Date(start.getTime() + moved.DurationMinutes * 60 * 1000).toISOString();
		const target = (await state<Appointment[]>('appointments')).find((a) => a.Id === moved.Id)!;
		const client = clients.find((c) => c.Id === Number(target.ClientId))!;

		const { id, ndv } = await openTask(
			'Front desk: cancel an appointment',
			'Cancel Appointment',
			'cancelAppointment',
			client,
		);
		const offered = await pick(ndv, 'appointmentId', dayAndTime(target.StartDateTime));
		// Each appointment is labelled by the service booked, not only by its client's ID.
		const service = sandbox.state
			.site(sandbox.siteId)!
			.appointmentTypes.find((type) => type.Id === moved.SessionTypeId)!;
		expect(offered.find((label) => label.startsWith(dayAndTime(target.StartDateTime)))).toContain(
			` · ${service.Name} · `,
		);

		const run = await executeStep(ndv, id);
		expect(run.data?.resultData.error).toBeUndefined();
		expect(run.status).toBe('success');
		const after = await state<Appointment[]>('appointments');
		expect(after.find((a) => a.Id === target.Id)!.Status).toBe('Cancelled');
		await shoot('cancel-appointment');
	});

	const POLL = 'Mindbody Poll Trigger';
	/** The studio's day of an instant (the sandbox's site runs on UTC). */
	const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
	const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
	const eventsOf = (run: Execution) => nodeOutput(run, POLL).map((item) => item.eventData as Record<string, unknown>);

	/** From the sandbox's records: each client's last attended class or appointment day, by Id. */
	function lastAttended(): Map<number, string> {
		const site = sandbox.state.site(sandbox.siteId)!;
		const last = new Map<number, string>();
		const note = (clientId: number, day: string) => {
			if ((last.get(clientId) ?? '') < day) last.set(clientId, day);
		};
		const classes = new Map(site.classes.map((c) => [c.Id, c]));
		for (const visit of site.classRecords.visits)
			if (visit.Status === 'SignedIn') note(visit.ClientId, classes.get(visit.ClassId)!.StartDateTime.slice(0, 10));
		for (const appointment of site.appointments)
			if (['Arrived', 'Completed'].includes(appointment.Status))
				note(Number(appointment.ClientId), appointment.StartDateTime.slice(0, 10));
		return last;
	}

	/** From the sandbox's records: the start of a client's next class or appointment booked after `now`. */
	function nextBookingOf(clientId: number, now: number): number | undefined {
		const site = sandbox.state.site(sandbox.siteId)!;
		const classes = new Map(site.classes.map((c) => [c.Id, c]));
		const starts = [
			...site.classRecords.visits
				.filter((visit) => visit.ClientId === clientId && visit.Status === 'Booked')
				.map((visit) => Date.parse(classes.get(visit.ClassId)?.StartDateTime ?? '')),
			...site.appointments
				.filter((a) => Number(a.ClientId) === clientId && ['Booked', 'Confirmed'].includes(a.Status))
				.map((a) => Date.parse(a.StartDateTime)),
		].filter((start) => start > now);
		return starts.length ? Math.min(...starts) : undefined;
	}

	/** Example 10, as imported before mail is set up: its Mindbody credential only. */
	function renewalReminder(): { workflow: WorkflowJson; daysAhead: number } {
		// The file's fields the public API takes (it refuses pinData).
		const { name, nodes, connections, settings } = example('10-renewal-reminder.json', credentialId);
		const workflow: WorkflowJson = { name, nodes, connections, settings };
		workflow.nodes = workflow.nodes.map((node) =>
			JSON.stringify(node.credentials ?? {}).includes('SMTP_CREDENTIAL_ID')
				? { ...node, credentials: undefined }
				: node,
		);
		const trigger = workflow.nodes.find((node) => node.name === POLL)!;
		return { workflow, daysAhead: Number((trigger.parameters as { daysAhead: number }).daysAhead) };
	}

	/** From the sandbox's records: the contracts of active clients that end within `daysAhead` of today. */
	function contractsEnding(daysAhead: number) {
		const site = sandbox.state.site(sandbox.siteId)!;
		const today = utcDay(sandbox.clock.now());
		const horizon = utcDay(Date.parse(`${today}T00:00:00Z`) + daysAhead * DAY);
		const active = new Set(site.clients.filter((c) => c.Status === 'Active').map((c) => c.Id));
		const ending = site.saleRecords.clientContracts.filter((contract) => {
			const end = String(contract.TerminationDate ?? contract.EndDate).slice(0, 10);
			return active.has(contract.ClientId) && end >= today && end <= horizon;
		});
		return { ending, horizon };
	}

	/** The output panel's JSON view, as text. */
	async function panelJson(ndv: Locator): Promise<string> {
		const json = ndv.locator('[data-test-id="output-panel"] [data-test-id="radio-button-json"]').first();
		await json.waitFor({ state: 'visible' });
		await json.click();
		return await ndv.locator('[data-test-id="output-panel"]').first().innerText();
	}

	// The activated example reminds a contract already due on its first morning, e-mail read back:
	// followUpExamples.test.ts, "10: the membership the history ends 17 days after the first poll".
	it('Example 10 (renewal reminder) → Fetch Test Event: shows a contract ending within Days Ahead, or says why none is shown', async () => {
		const { workflow, daysAhead } = renewalReminder();
		const { ending, horizon } = contractsEnding(daysAhead);
		// Cases are due on the first morning (Sam Silva's membership among them in the seeded studio).
		expect(ending.length).toBeGreaterThan(0);
		const clients = await state<Client[]>('clients');
		const holders = ending.map((contract) => clients.find((c) => c.Id === contract.ClientId)!);
		const id = await createWorkflow(workflow);
		const ndv = await openPollTrigger(id);
		const run = await fetchTestEvent(ndv, id);
		const [shown] = eventsOf(run);
		process.stderr.write(
			`[e2e] example 10: due ${holders.map((c) => `${c.FirstName} ${c.LastName}`).join(', ')}; Fetch Test Event ${
				shown ? `showed ${String(shown.firstName)} ${String(shown.lastName)}` : 'showed none'
			}\n`,
		);
		if (shown) {
			// A contract of the sandbox's records whose end (or last autopay) is within Days Ahead.
			expect(run.status).toBe('success');
			const site = sandbox.state.site(sandbox.siteId)!;
			const record = site.saleRecords.clientContracts.find((c) => c.Id === shown.clientContractId)!;
			expect({ client: String(record.ClientId), end: record.EndDate.slice(0, 10) }).toEqual({
				client: shown.clientId,
				end: shown.endDate,
			});
			expect(String(shown.lastAutopayDate ?? shown.endDate) <= horizon).toBe(true);
			const text = await panelJson(ndv);
			expect(text).toContain(String(shown.lastName));
			expect(text).toContain(String(shown.endDate));
		} else {
			// None shown: the panel says why in the event's terms, not to make a change in Mindbody.
			expect(run.status).toBe('error');
			const reason = ndv.getByText(/ends within Days Ahead/).first();
			await reason.waitFor({ state: 'visible' });
			const text = await reason.innerText();
			expect(text).toMatch(/the active trigger watches every client's contracts/);
			expect(text).not.toMatch(/Make a change in Mindbody/);
		}
	});

	it('Client Lapsed → Fetch Test Event: a client lapsed by her visits but booked ahead is left out; each item shows its next booking', async () => {
		const now = sandbox.clock.now();
		const today = utcDay(now);
		const last = lastAttended();
		// A client whose contract ends soon, booked ahead, her last visit days ago.
		const { ending } = contractsEnding(renewalReminder().daysAhead);
		const clients = await state<Client[]>('clients');
		const booked = ending
			.map((contract) => clients.find((c) => c.Id === contract.ClientId)!)
			.find(
				(c) =>
					c.Status === 'Active' &&
					nextBookingOf(c.Id, now) !== undefined &&
					daysFrom(last.get(c.Id) ?? today, today) >= 3,
			)!;
		expect(booked).toBeDefined();
		// Days Without Visit two days short of her absence: by her visits alone she lapsed two days ago.
		const days = daysFrom(last.get(booked.Id)!, today) - 2;
		const id = await createWorkflow({
			name: 'Lapsed clients',
			nodes: [
				{
					id: '3c0a0000-0000-4000-8000-000000000301',
					name: POLL,
					type: 'n8n-nodes-mindbody.mindbodyPollTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: { event: 'clientLapsed', daysWithoutVisit: days },
					credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL_NAME } },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		const ndv = await openPollTrigger(id);
		const run = await fetchTestEvent(ndv, id);
		const shown = eventsOf(run);
		process.stderr.write(
			`[e2e] Client Lapsed at ${days} days: ${booked.FirstName} ${booked.LastName} booked; shown ${shown
				.map((e) => `${String(e.firstName)} ${String(e.lastName)}`)
				.join(', ')}\n`,
		);
		expect(shown.map((e) => e.clientId)).not.toContain(booked.ClientId);
		if (shown.length) {
			expect(run.status).toBe('success');
			// Each one shown holds no booking ahead, and its item says so.
			for (const event of shown) {
				expect(nextBookingOf(Number(event.clientId), now)).toBeUndefined();
				expect(event).toHaveProperty('nextBooking', null);
			}
			expect(await panelJson(ndv)).toMatch(/nextBooking"?\s*:\s*null/);
		} else {
			expect(run.status).toBe('error');
			await ndv
				.getByText(/booked ahead/)
				.first()
				.waitFor({ state: 'visible' });
		}

		// Include Clients With a Booking switched on: a lapsed client is shown with her next booking.
		await ndv
			.locator('[data-test-id="parameter-input-includeBookedClients"]')
			.locator('.el-switch, [role="switch"]')
			.first()
			.click();
		const included = await fetchTestEvent(ndv, id);
		expect(included.status).toBe('success');
		const [item] = eventsOf(included);
		process.stderr.write(`[e2e] with bookings included: ${String(item.firstName)} ${String(item.lastName)}\n`);
		const next = item.nextBooking as { startDateTime: string };
		expect(Date.parse(next.startDateTime)).toBe(nextBookingOf(Number(item.clientId), now));
		const text = await panelJson(ndv);
		expect(text).toContain(String(item.lastName));
		expect(text).toContain(next.startDateTime);
	});

	it("Client → Get Many, simplified, keeps each client's Email", async () => {
		const id = await createWorkflow(
			oneNode('Clients, simplified', 'Get Many Clients', credentialId, {
				resource: 'client',
				operation: 'getMany',
				returnAll: false,
				limit: 5,
				simplify: true,
				filters: {},
			}),
		);
		const ndv = await openNode(id);
		const run = await executeStep(ndv, id);
		expect(run.status).toBe('success');
		const clients = nodeOutput(run, 'Get Many Clients');
		expect(clients).toHaveLength(5);
		for (const client of clients) expect(client.Email).toEqual(expect.stringContaining('@'));
	});
});
