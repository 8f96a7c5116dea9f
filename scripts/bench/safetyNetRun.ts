/**
 * Requests of the poll trigger's Webhook Safety Net for a studio of 5,000 clients and about 30
 * classes a day: the net polling every hour for a day, with the default settings (all five webhook
 * events, Look Ahead 30 days), beside the daily resync a studio builds instead (Schedule Trigger,
 * Get Many clients with Return All, the day's sales, each of the day's classes' rosters and the
 * window's appointments). The net runs in n8n's engine in this process (test/pollTrigger/pollHarness)
 * against a sandbox in it, its requests counted in the sandbox's log (logins left out); the
 * resync's from the lists' totals, as followUpsRun.ts counts the hand-built workflow.
 * The workflow's webhook subscription is made on the webhook service as the Mindbody Trigger makes
 * it, with a local server answering its deliveries, so the net reads the subscription's counts as
 * it does beside a live trigger. An hour passes by moving n8n's clock and the sandbox's together;
 * between polls the studio's day goes on through the REST API, as an integration writes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { CREATED_EVENT_IDS } from '../../nodes/shared/events/recordKeys';
import { newCredentials } from '../../test/harness/runWorkflow';
import { PollingWorkflow } from '../../test/pollTrigger/pollHarness';
import { sandboxCredentialData } from '../../test/support/sandboxCredentials';
import { startSandbox, type Sandbox } from '../../sandbox';
import { log } from './config';
import type { Row } from './stats';

const CLIENTS = 5_000;
/** As followUpsRun.ts: about 30 classes a day. */
const CLASS_SCHEDULES = 105;
const HOURS = 24;
const LOOK_AHEAD_DAYS = 30;
const PAGE_SIZE = 100;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WORKFLOW_ID = 'bench-safety-net';

/** A day's ordinary activity, spread over its hours. */
const DAY_ACTIVITY = { clients: 20, sales: 15, bookings: 60, appointments: 10 };
/** One sale in three sells a contract (a client contract to read); the rest a pricing option. */
const CONTRACT_EVERY = 3;
/** Classes booked from two hours to a week ahead. */
const BOOKING_DAYS = 7;

const realNow = Date.now.bind(Date);
let shift = 0;

/** A small seeded generator: the same picks every run. */
function random(seed: number) {
	let state = seed >>> 0;
	return (below: number) => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
	};
}

/** How many of a day's `count` fall in hour `hour`: spread evenly. */
const inHour = (count: number, hour: number) =>
	Math.floor(((hour + 1) * count) / HOURS) - Math.floor((hour * count) / HOURS);

const apiRequests = (sandbox: Sandbox) =>
	sandbox.log.list({ service: 'rest' }).filter((request) => !/^\/usertoken\//i.test(request.path)).length;

/** Pages of 100 a Return All reads for `total` entries (an empty list is still one). */
const pages = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

const serviceRequests = (sandbox: Sandbox) => sandbox.log.list({ service: 'webhooks' }).length;

/** A local endpoint that answers every delivery (and the service's HEAD check) with 204. */
async function deliverySink(): Promise<{ server: Server; url: string; deliveries: () => number }> {
	let deliveries = 0;
	const server = createServer((request, response) => {
		if (request.method === 'POST') deliveries++;
		request.resume();
		response.statusCode = 204;
		response.end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { server, url: `http://127.0.0.1:${port}/webhook`, deliveries: () => deliveries };
}

/** REST calls as an integration makes them: the API key, and a staff token where one is given. */
function restClient(sandbox: Sandbox) {
	let token = '';
	const call = async (method: string, path: string, body?: unknown, staff = true) => {
		const response = await fetch(`${sandbox.restBaseUrl}${path}`, {
			method,
			headers: {
				'API-Key': sandbox.apiKey,
				SiteId: String(sandbox.siteId),
				'Content-Type': 'application/json',
				...(staff && token ? { Authorization: `Bearer ${token}` } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as IDataObject };
	};
	return {
		call,
		/** A staff token for the hour's writes (the sandbox's tokens run on its clock). */
		async login() {
			const { username, password } = sandbox.staffLogin;
			const issued = await call('POST', '/usertoken/issue', { Username: username, Password: password }, false);
			token = String(issued.body.AccessToken);
		},
		/** A list's TotalResults, read with a page of one. */
		async total(path: string, query: Array<[string, string]>) {
			const search = new URLSearchParams([...query, ['request.limit', '1']]);
			const { status, body } = await call('GET', `${path}?${search}`);
			const total = (body.PaginationResponse as IDataObject | undefined)?.TotalResults;
			if (status !== 200 || typeof total !== 'number') throw new Error(`${path}: ${status} ${JSON.stringify(body)}`);
			return total;
		},
	};
}

type Rest = ReturnType<typeof restClient>;

const expectOk = (what: string, answer: { status: number; body: IDataObject }) => {
	if (answer.status !== 200) throw new Error(`${what} ${answer.status}: ${JSON.stringify(answer.body)}`);
	return answer.body;
};

/** The studio's writes of one hour: new clients, sales, class bookings, appointments. */
async function studioHour(sandbox: Sandbox, rest: Rest, hour: number, pick: (below: number) => number) {
	const site = sandbox.state.main;
	await rest.login();
	const active = () => site.clients.filter((client) => client.Status === 'Active');
	for (let i = 0; i < inHour(DAY_ACTIVITY.clients, hour); i++) {
		const n = site.clients.length + 1;
		expectOk(
			'addclient',
			await rest.call('POST', '/client/addclient', {
				FirstName: `Net${n}`,
				LastName: 'Bench',
				Email: `net.${n}@example.com`,
			}),
		);
	}
	const option = site.saleRecords.pricingOptions[0];
	for (let i = 0; i < inHour(DAY_ACTIVITY.sales, hour); i++) {
		const clients = active();
		const buyer = clients[pick(clients.length)];
		const nth = Math.floor((hour * DAY_ACTIVITY.sales) / HOURS) + i;
		if (nth % CONTRACT_EVERY === 0) {
			expectOk(
				'purchasecontract',
				await rest.call('POST', '/sale/purchasecontract', {
					ClientId: buyer.ClientId,
					ContractId: 301,
					LocationId: 1,
					CreditCardInfo: { CreditCardNumber: '4111111111111111', ExpMonth: '12', ExpYear: '2030', CVV: '123' },
				}),
			);
		} else {
			expectOk(
				'checkoutshoppingcart',
				await rest.call('POST', '/sale/checkoutshoppingcart', {
					ClientId: buyer.ClientId,
					LocationId: 1,
					CalculateTax: false,
					Items: [{ Item: { Type: 'Service', Metadata: { Id: option.Id } } }],
					Payments: [{ Type: 'Cash', Metadata: { Amount: option.Price } }],
				}),
			);
		}
	}
	const now = Date.now();
	const open = site.classes.filter(
		(c) =>
			!c.IsCanceled &&
			!c.Hidden &&
			c.TotalBooked < c.MaxCapacity &&
			Date.parse(c.StartDateTime) > now + 2 * HOUR &&
			Date.parse(c.StartDateTime) < now + BOOKING_DAYS * DAY,
	);
	for (let i = 0; i < inHour(DAY_ACTIVITY.bookings, hour); i++) {
		for (let attempt = 0; ; attempt++) {
			const clients = active();
			const answer = await rest.call('POST', '/class/addclienttoclass', {
				ClientId: clients[pick(clients.length)].ClientId,
				ClassId: open[pick(open.length)].Id,
			});
			if (answer.status === 200) break;
			// A class that filled up or a client already in it: another pick, as a front desk would.
			if (attempt >= 5) expectOk('addclienttoclass', answer);
		}
	}
	for (let i = 0; i < inHour(DAY_ACTIVITY.appointments, hour); i++) await bookAppointment(rest, sandbox, pick);
}

/** An appointment in a free slot one to ten days ahead, as GET /appointment/bookableitems offers it. */
async function bookAppointment(rest: Rest, sandbox: Sandbox, pick: (below: number) => number) {
	const site = sandbox.state.main;
	const types = site.appointmentTypes.filter((type) => type.Active && !type.IsAddOn).map((type) => type.Id);
	const clients = site.clients.filter((client) => client.Status === 'Active');
	for (let offset = 0; offset < 10; offset++) {
		const day = new Date(Date.now() + (1 + ((pick(10) + offset) % 10)) * DAY).toISOString().slice(0, 10);
		const query = new URLSearchParams([
			...types.map((id): [string, string] => ['request.sessionTypeIds', String(id)]),
			['request.startDate', day],
			['request.endDate', day],
		]);
		const slots = expectOk('bookableitems', await rest.call('GET', `/appointment/bookableitems?${query}`))
			.Availabilities as IDataObject[];
		if (!slots.length) continue;
		const slot = slots[pick(slots.length)];
		const answer = await rest.call('POST', '/appointment/addappointment', {
			ClientId: clients[pick(clients.length)].ClientId,
			StaffId: (slot.Staff as IDataObject).Id,
			LocationId: (slot.Location as IDataObject).Id,
			SessionTypeId: (slot.SessionType as IDataObject).Id,
			StartDateTime: slot.StartDateTime,
		});
		if (answer.status === 200) return;
	}
	throw new Error('safety net: no appointment could be booked in the next ten days');
}

/**
 * The daily resync's requests, counted from the lists' totals as followUpsRun.ts counts Get Many:
 * the client list's pages, the day's sales' pages, the day's classes' pages and one roster per
 * class, and the pages of the window's appointments. Also what reading every roster of the window
 * (as the net does once, when it starts) would add.
 */
async function resync(rest: Rest, dayStart: number) {
	const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
	const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
	const now = Date.now();
	const clients = await rest.total('/client/clients', []);
	const sales = await rest.total('/sale/sales', [
		['request.startSaleDateTime', iso(dayStart)],
		['request.endSaleDateTime', iso(now)],
	]);
	const classes = await rest.total('/class/classes', [
		['request.startDateTime', iso(dayStart)],
		['request.endDateTime', iso(now)],
	]);
	const windowClasses = await rest.total('/class/classes', [
		['request.startDateTime', date(now)],
		['request.endDateTime', date(now + LOOK_AHEAD_DAYS * DAY)],
	]);
	const appointments = await rest.total('/appointment/staffappointments', [
		['request.startDate', date(now)],
		['request.endDate', date(now + LOOK_AHEAD_DAYS * DAY)],
	]);
	return {
		requests: pages(clients) + pages(sales) + pages(classes) + classes + pages(appointments),
		clients,
		sales,
		classes,
		appointments,
		windowClasses,
		windowRosters: pages(windowClasses) + windowClasses,
	};
}

export async function safetyNetJob(notes: string[]): Promise<Row[]> {
	Date.now = () => realNow() + shift;
	// n8n's log: the net's warnings are kept, and any but its count of what it passed on fails the run.
	const logger = Container.get(Logger);
	const warn = logger.warn;
	const warnings: string[] = [];
	logger.warn = (message: string) => void warnings.push(message);
	const sink = await deliverySink();
	const sandbox = await startSandbox({
		seed: 7,
		size: { clients: CLIENTS, classSchedules: CLASS_SCHEDULES },
		realTimeTicker: true,
		startAt: realNow(),
		allowLoopbackHttp: true,
	});
	try {
		const rest = restClient(sandbox);
		// The subscription as the workflow's Mindbody Trigger makes it (its referenceId names the workflow).
		const made = await fetch(`${sandbox.webhooksBaseUrl}/subscriptions`, {
			method: 'POST',
			headers: { 'API-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				eventIds: [...CREATED_EVENT_IDS],
				eventSchemaVersion: 1,
				webhookUrl: sink.url,
				referenceId: `n8n:${WORKFLOW_ID}:mindbody-trigger`,
			}),
		});
		if (!made.ok) throw new Error(`safety net: subscription ${made.status}: ${await made.text()}`);
		const { subscriptionId } = (await made.json()) as { subscriptionId: string };
		const activated = await fetch(`${sandbox.webhooksBaseUrl}/subscriptions/${subscriptionId}`, {
			method: 'PATCH',
			headers: { 'API-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({ status: 'Active' }),
		});
		if (!activated.ok) throw new Error(`safety net: activation ${activated.status}: ${await activated.text()}`);

		const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox) });
		const net = new PollingWorkflow({ event: 'webhookSafetyNet' }, credentials, 'mindbody', WORKFLOW_ID);
		log('safety net: activating (the first poll reads every roster of the window)');
		const dayStart = Date.now();
		const lastClass = Math.max(...sandbox.state.main.classes.map((c) => Date.parse(c.StartDateTime)));
		const reach = Math.floor((lastClass - dayStart) / DAY);
		sandbox.log.clear();
		await net.activate();
		const first = { rest: apiRequests(sandbox), webhooks: serviceRequests(sandbox) };
		log(`safety net: first poll ${first.rest} REST and ${first.webhooks} webhook service requests`);

		const pick = random(7);
		const perPoll: number[] = [];
		let restDay = 0;
		let webhooksDay = 0;
		for (let hour = 0; hour < HOURS; hour++) {
			await studioHour(sandbox, rest, hour, pick);
			// The hour's deliveries end before the clocks move, as they would within an hour.
			const settled = await fetch(`${sandbox.adminUrl}/webhooks/settle`, { method: 'POST' });
			if (!settled.ok) throw new Error(`safety net: settle ${settled.status}`);
			shift += HOUR;
			sandbox.log.clear();
			await net.poll();
			const polled = apiRequests(sandbox);
			perPoll.push(polled);
			restDay += polled;
			webhooksDay += serviceRequests(sandbox);
		}
		if (net.errors.length) throw new Error(`safety net: ${net.errors[0].message}`);
		const unexpected = warnings.filter((message) => !/passed on \d+ events/.test(message));
		if (unexpected.length) throw new Error(`safety net: ${unexpected[0]}`);
		// Every delivery was answered: the net found nothing wrong with the subscription, so no outage report.
		if (net.items.some((item) => item.eventId === 'webhookOutage.ended'))
			throw new Error('safety net: an outage was reported');
		const passed: Record<string, number> = {};
		for (const item of net.items) passed[String(item.eventId)] = (passed[String(item.eventId)] ?? 0) + 1;
		log(
			`safety net: ${restDay} REST requests a day (per poll ${perPoll.join(', ')}); ${sink.deliveries()} deliveries answered; passed on ${JSON.stringify(passed)}`,
		);

		await rest.login();
		const alt = await resync(rest, dayStart);
		const events = Object.entries(passed).map(([eventId, count]) => `${count} ${eventId}`);
		notes.push(
			`Webhook Safety Net, a studio of ${alt.clients} active clients, ${alt.classes} classes that day and ${alt.appointments} appointments in the ${LOOK_AHEAD_DAYS} days ahead; ` +
				`a day of ${DAY_ACTIVITY.clients} new clients, ${DAY_ACTIVITY.sales} sales (${Math.ceil(DAY_ACTIVITY.sales / CONTRACT_EVERY)} of them contracts), ${DAY_ACTIVITY.bookings} class bookings and ${DAY_ACTIVITY.appointments} appointments between polls. ` +
				`The net: ${restDay} REST requests in ${HOURS} hourly polls (${Math.min(...perPoll)} to ${Math.max(...perPoll)} a poll) and ${webhooksDay} to the webhook service (the subscriptions and their counts, each poll); ` +
				`its first poll ${first.rest} REST requests (one roster per class of its window: ${alt.windowClasses} classes, the sandbox's schedule reaching ${reach} days ahead) and ${first.webhooks} to the webhook service. ` +
				`It passed on ${events.join(', ')} (no Mindbody Trigger delivered to this workflow; ${sink.deliveries()} deliveries went to a stand-in that answered each). ` +
				`The daily resync: ${alt.requests} requests, the client list's ${pages(alt.clients)} pages, ${pages(alt.sales)} of the day's sales, ${pages(alt.classes)} of the day's classes and one roster per class (${alt.classes}), ${pages(alt.appointments)} of the window's appointments. ` +
				`It also sees changes and cancellations the net does not look for, and every client, not only those the list reports changed; ` +
				`but it reads a booking for a later day only on that class's day (every roster of the window each day would add ${alt.windowRosters}), reads no client contract of a contract sold (the net reads the client's contracts, one request per contract sale), and is up to a day late where the net is an hour; ` +
				`the net also switches a subscription the service turned off back on and reports the outage.`,
		);
		return [
			{
				job: `Webhook Safety Net, REST requests per day (${CLIENTS.toLocaleString('en-US')} clients, hourly polls, default events)`,
				ours: 'Mindbody Poll Trigger, Webhook Safety Net',
				alternative:
					"Daily Schedule + Get Many clients + the day's sales + the day's rosters + the window's appointments",
				unit: 'requests',
				oursValues: [restDay],
				altValues: [alt.requests],
				ratioNote: '× the requests',
			},
		];
	} finally {
		await sandbox.stop();
		await new Promise<void>((resolve) => sink.server.close(() => resolve()));
		Date.now = realNow;
		logger.warn = warn;
	}
}
