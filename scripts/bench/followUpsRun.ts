/**
 * Requests of the poll trigger's follow-up events (Client Lapsed, Membership or Contract Ending,
 * Sessions Running Low, Birthday, First Visit), for a studio of 5,000 clients and about 30 classes
 * a day: the first poll and each daily poll, beside the hand-built workflow a studio runs instead
 * (Schedule Trigger, Get Many clients with Return All, then Get Visits of each client). The poll
 * trigger runs in n8n's engine in this process (test/pollTrigger/pollHarness) against a sandbox in it,
 * its requests counted in the sandbox's log (logins left out); the hand-built workflow's from the
 * client list's total, as the polling job counts Get Many.
 * A day passes by moving n8n's clock and the sandbox's together (Date.now here, which the sandbox's
 * running clock reads too); the day's class visits are signed in before each daily poll.
 */
import { newCredentials } from '../../test/harness/runWorkflow';
import { PollingWorkflow } from '../../test/pollTrigger/pollHarness';
import { sandboxCredentialData } from '../../test/support/sandboxCredentials';
import { startSandbox, type Sandbox } from '../../sandbox';
import { log } from './config';
import { median, type Row } from './stats';

const CLIENTS = 5_000;
/** Schedules on one to three weekdays each, and a daily one: about 30 classes a day. */
const CLASS_SCHEDULES = 105;
const DAILY_POLLS = 3;
/** The catalogue's page size for the v6 lists. */
const PAGE_SIZE = 100;
const DAY = 86_400_000;
/** The target: a daily poll under 2% of the hand-built workflow's requests. */
const TARGET = 0.02;

const EVENTS = [
	{ value: 'clientLapsed', name: 'Client Lapsed' },
	{ value: 'contractEnding', name: 'Membership or Contract Ending' },
	{ value: 'sessionsLow', name: 'Sessions Running Low' },
	{ value: 'birthday', name: 'Birthday' },
	{ value: 'firstVisit', name: 'First Visit' },
];

const realNow = Date.now.bind(Date);
let shift = 0;

/** Moves n8n's clock (Date.now in this process) and with it the sandbox's running clock. */
function passDays(days: number) {
	shift += days * DAY;
}

const requestsOf = (sandbox: Sandbox) =>
	sandbox.log.list({ service: 'rest' }).filter((request) => !/^\/usertoken\//i.test(request.path)).length;

/** What staff do in a day: every booked visit of a class that ended in the last day is signed in. */
function signInTheDay(sandbox: Sandbox) {
	const site = sandbox.state.main;
	const now = Date.now();
	const ended = new Set(
		site.classes
			.filter((c) => Date.parse(c.EndDateTime) <= now && Date.parse(c.EndDateTime) > now - DAY)
			.map((c) => c.Id),
	);
	for (const visit of site.classRecords.visits)
		if (ended.has(visit.ClassId) && visit.Status === 'Booked') visit.Status = 'SignedIn';
}

/**
 * The hand-built workflow's requests for one run, counted as the polling job counts Get Many: the
 * pages of the client list (100 a page, from the list's TotalResults), then one Get Visits (or Get
 * Contracts) per client. Sending 5,000 requests through the engine here only takes minutes to show
 * the same number.
 */
async function handBuilt(sandbox: Sandbox): Promise<{ requests: number; clients: number }> {
	const issued = await fetch(`${sandbox.restBaseUrl}/usertoken/issue`, {
		method: 'POST',
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), 'Content-Type': 'application/json' },
		body: JSON.stringify({ Username: sandbox.staffLogin.username, Password: sandbox.staffLogin.password }),
	});
	const token = String(((await issued.json()) as { AccessToken: string }).AccessToken);
	const page = await fetch(`${sandbox.restBaseUrl}/client/clients?request.limit=1`, {
		headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), Authorization: `Bearer ${token}` },
	});
	const total = Number(
		((await page.json()) as { PaginationResponse?: { TotalResults?: number } }).PaginationResponse?.TotalResults ?? 0,
	);
	return { requests: Math.ceil(total / PAGE_SIZE) + total, clients: total };
}

export async function followUpsJob(notes: string[]): Promise<Row[]> {
	Date.now = () => realNow() + shift;
	const sandbox = await startSandbox({
		seed: 7,
		size: { clients: CLIENTS, classSchedules: CLASS_SCHEDULES },
		realTimeTicker: true,
		startAt: realNow(),
	});
	try {
		const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox) });
		const perDay = sandbox.state.main.classes.filter(
			(c) => c.StartDateTime.slice(0, 10) === new Date().toISOString().slice(0, 10),
		).length;
		const { requests: manual, clients } = await handBuilt(sandbox);
		const rows: Row[] = [];
		const firsts: string[] = [];
		for (const event of EVENTS) {
			log(`follow-ups: ${event.name}`);
			const workflow = new PollingWorkflow({ event: event.value }, credentials);
			sandbox.log.clear();
			await workflow.activate();
			const first = requestsOf(sandbox);
			const daily: number[] = [];
			for (let day = 0; day < DAILY_POLLS; day++) {
				passDays(1);
				signInTheDay(sandbox);
				sandbox.log.clear();
				await workflow.poll();
				daily.push(requestsOf(sandbox));
			}
			if (workflow.errors.length) throw new Error(`follow-ups: ${event.name}: ${workflow.errors[0].message}`);
			firsts.push(`${event.name} ${first}`);
			rows.push({
				job: `Poll trigger, ${event.name}, requests per daily poll`,
				ours: 'Mindbody Poll Trigger',
				alternative: 'Schedule + Get Many clients + Get Visits per client',
				unit: 'requests',
				oursValues: daily,
				altValues: [manual],
				ratioNote: 'of the requests',
				target: { kind: 'max', value: TARGET },
			});
			log(`follow-ups: ${event.name}: first poll ${first}, daily ${daily.join(', ')} (median ${median(daily)})`);
		}
		notes.push(
			`Follow-up events, a studio of ${clients} active clients and ${perDay} classes that day: the hand-built workflow sends ${manual} requests per run (the client list's pages, then one per client); the first poll sends ${firsts.join(', ')}.`,
		);
		return rows;
	} finally {
		await sandbox.stop();
		Date.now = realNow;
	}
}
