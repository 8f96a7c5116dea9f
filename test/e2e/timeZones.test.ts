/**
 * README's "Time zones" in a real n8n whose own zone is Tokyo (GENERIC_TIMEZONE, and the process's
 * TZ), far from both UTC and the sandbox's Los Angeles site (-97), with credentials for that site:
 * a booking's start, an n8n DateTime, goes out as the studio's wall-clock time on both sides of the
 * US change to daylight saving time (2026-03-08), the same DateTime for a UTC field goes out in
 * UTC, and examples/06 books each standing client into the class of their day in the studio's next
 * week. One n8n for the file; two sandboxes, one on a clock held in March 2026 for the change, one
 * on today's for "next week" (n8n's $now is the real clock). Last, the poll trigger's Birthday event
 * with today's sandbox and n8n's clock (fixtures/shiftedClock.cjs) moved together: into the hours
 * when UTC's day has turned and Los Angeles' has not, past the studio's midnight, then past its next.
 */

import { DateTime } from 'luxon';

import { startSandbox, type Sandbox } from '../../sandbox';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import {
	example,
	nodeOutput,
	staffToken,
	startE2eSandbox,
	tarball,
	until,
	VERSION,
	viaWebhook,
} from './support/mindbody';
import { N8n, type Execution, type WorkflowJson } from './support/n8n';
import { pollStateStored, pollWaitMs, pollWorkflow, POLL_NODE } from './support/pollTrigger';
import { ShiftedClock } from './support/shiftedClock';

jest.setTimeout(240000);

const N8N_ZONE = 'Asia/Tokyo';
const STUDIO_ZONE = 'America/Los_Angeles';
const BOOK_PATH = 'e2e-time-zones-book';
const STANDING_PATH = 'e2e-time-zones-standing';
const HOUR = 3_600_000;

/** The calendar day of an instant in a zone (YYYY-MM-DD). */
const dayOf = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!;

/**
 * The Birthday test's clock moves, planned from `now` (n8n's step is set when it starts): `first`
 * steps to the first landing, in the hours when UTC's day has turned and Los Angeles' has not; one
 * more past the studio's midnight, on the day UTC had at the first; one more past the studio's next
 * midnight. The first lands past a studio's midnight too, so each landing's first poll passes on
 * the birthdays of the studio's new day. The fewest steps that hold for moves begun from an hour
 * before `now` to two hours after (the tests before take minutes), as near 03:00 UTC as they allow.
 */
function birthdayMoves(now: number): { step: number; first: number } {
	const studioDay = (ms: number) => dayOf(ms, STUDIO_ZONE);
	const holds = (step: number, first: number) => (start: number) => {
		const landing = start + first * step;
		const day = dayOf(landing, 'UTC');
		return (
			studioDay(landing - step) < studioDay(landing) &&
			studioDay(landing) < day &&
			studioDay(landing + step) === day &&
			studioDay(landing + 2 * step) > day
		);
	};
	const starts = [-2, -1, 0, 1, 2, 3, 4].map((halves) => now + (halves * HOUR) / 2);
	const midnight = Date.parse(new Date(now).toISOString().slice(0, 10));
	for (let first = 1; first <= 6; first++)
		for (let off = 0; off <= 3 * HOUR; off += HOUR / 4)
			for (const at of [3 * HOUR - off, 3 * HOUR + off])
				for (let days = 0; days <= 2 * first + 1; days++) {
					const step = (midnight + days * 24 * HOUR + at - now) / first;
					if (step > 0 && starts.every(holds(step, first))) return { step: Math.round(step), first };
				}
	throw new Error(`no clock moves for the Birthday test from ${new Date(now).toISOString()}`);
}

/** The Pacific site's staff login, as a credential set up for that studio holds it. */
const pacificCredential = (sandbox: Sandbox, name: string) => ({
	id: N8n.newId(),
	name,
	type: 'mindbodyApi',
	data: { ...sandboxCredentialData(sandbox), siteId: sandbox.pacificSiteId },
});

/** Wall-clock text of an instant in a zone, without an offset. */
const wallClock = (at: string, zone: string) => DateTime.fromISO(at).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss");

/**
 * Webhook (a time written in n8n's own zone, and who to book) → Appointment: Book with that time as
 * a DateTime, and → Class: Get Many from the same DateTime: one local-time field, one UTC field.
 */
function bookWorkflow(credentialId: string): WorkflowJson {
	const credentials = { mindbodyApi: { id: credentialId, name: 'Mindbody Pacific studio' } };
	const at = '={{ DateTime.fromISO($json.body.inN8nZone) }}';
	const byId = (field: string) => ({ __rl: true, mode: 'id', value: `={{ $json.body.${field} }}` });
	return {
		name: 'Book at a time written in n8n’s zone',
		nodes: [
			{
				id: '7a1e0001-0000-4000-8000-000000000001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '7a1e0001-0000-4000-8000-0000000000aa',
				parameters: { httpMethod: 'POST', path: BOOK_PATH, responseMode: 'onReceived', options: {} },
			},
			{
				id: '7a1e0001-0000-4000-8000-000000000002',
				name: 'Book',
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [240, -100],
				parameters: {
					resource: 'appointment',
					operation: 'book',
					clientId: byId('clientId'),
					staffId: byId('staffId'),
					locationId: byId('locationId'),
					sessionTypeId: byId('sessionTypeId'),
					startDateTime: at,
					// The zone the expressions ran in, for the test to see.
					additionalFields: { notes: '={{ $now.zoneName }}' },
				},
				credentials,
			},
			{
				id: '7a1e0001-0000-4000-8000-000000000003',
				name: 'Classes From Then',
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [240, 100],
				parameters: { resource: 'class', operation: 'getMany', filters: { startDateTime: at }, limit: 1 },
				credentials,
			},
		],
		connections: {
			Webhook: {
				main: [
					[
						{ node: 'Book', type: 'main', index: 0 },
						{ node: 'Classes From Then', type: 'main', index: 0 },
					],
				],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The first time a staff member can be booked on the Pacific site that day (UTC, as the sandbox writes it), and who. */
async function bookableOn(sandbox: Sandbox, day: string) {
	const site = sandbox.state.site(sandbox.pacificSiteId)!;
	const query = new URLSearchParams({ 'request.startDate': day, 'request.endDate': day });
	for (const type of site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn)) {
		query.append('request.sessionTypeIds', String(type.Id));
	}
	const res = await fetch(`${sandbox.restBaseUrl}/appointment/bookableitems?${query}`, {
		headers: {
			'API-Key': sandbox.apiKey,
			SiteId: String(sandbox.pacificSiteId),
			Authorization: `Bearer ${await staffToken(sandbox, sandbox.pacificSiteId)}`,
		},
		signal: AbortSignal.timeout(15000),
	});
	expect(res.status).toBe(200);
	const [window] = ((await res.json()) as { Availabilities: BookableWindow[] }).Availabilities;
	return {
		at: window.StartDateTime,
		who: {
			clientId: site.clients.find((c) => c.Status === 'Active')!.ClientId,
			staffId: window.Staff.Id,
			locationId: window.Location.Id,
			sessionTypeId: window.SessionType.Id,
		},
	};
}

interface BookableWindow {
	StartDateTime: string;
	Staff: { Id: number };
	Location: { Id: number };
	SessionType: { Id: number };
}

interface Standing {
	clientId: string;
	classDescriptionId: number;
	weekday: string;
}

/** The first class of a description on a weekday of next week, "next week" and the day read in `zone`. */
function classOn(
	sandbox: Sandbox,
	zone: string,
	now: DateTime,
	{ classDescriptionId, weekday }: Omit<Standing, 'clientId'>,
) {
	const monday = now.setZone(zone).startOf('week').plus({ weeks: 1 });
	const [from, to] = [monday.toMillis(), monday.plus({ weeks: 1 }).toMillis()];
	return sandbox.state
		.site(sandbox.pacificSiteId)!
		.classes.filter(
			(c) =>
				!c.IsCanceled &&
				c.ClassDescriptionId === classDescriptionId &&
				Date.parse(c.StartDateTime) >= from &&
				Date.parse(c.StartDateTime) < to &&
				DateTime.fromISO(c.StartDateTime).setZone(zone).setLocale('en-US').toFormat('cccc') === weekday,
		)
		.sort((a, b) => Date.parse(a.StartDateTime) - Date.parse(b.StartDateTime))[0];
}

/** What the job books when "next week" and the days are read in `zone`. */
const plannedIn = (sandbox: Sandbox, standing: Standing[], zone: string, now: DateTime) =>
	standing.map((entry) => {
		const klass = classOn(sandbox, zone, now, entry);
		return { clientId: entry.clientId, classId: klass?.Id, startDateTime: klass?.StartDateTime };
	});

/**
 * Who comes every week on which day to class description 301 (a class the Pacific site holds daily
 * in the morning, and on Thursday and Saturday evenings too), edited into examples/06 as its note
 * asks: for each day a client not yet booked into that day's class, which is given room to book.
 */
function standingAt(sandbox: Sandbox, now: DateTime): Standing[] {
	const site = sandbox.state.site(sandbox.pacificSiteId)!;
	const chosen = new Set<number>();
	return ['Tuesday', 'Friday', 'Sunday'].map((weekday) => {
		const klass = classOn(sandbox, STUDIO_ZONE, now, { classDescriptionId: 301, weekday });
		const roster = site.classRecords.visits.filter((v) => v.ClassId === klass.Id).map((v) => v.ClientId);
		const client = site.clients.find((c) => c.Status === 'Active' && !roster.includes(c.Id) && !chosen.has(c.Id))!;
		chosen.add(client.Id);
		klass.TotalBooked = Math.min(klass.TotalBooked, klass.MaxCapacity - 1);
		return { clientId: client.ClientId, classDescriptionId: 301, weekday };
	});
}

describe(`a Los Angeles studio, n8n ${VERSION} in Tokyo`, () => {
	// The week US clocks change, on a clock held at its Monday (the engine suite's start).
	let march: Sandbox;
	// Today's business, for examples/06's "next week" on n8n's real clock.
	let today: Sandbox;
	let n8n: N8n;
	let bookId: string;
	let todayCredentialId: string;
	const clock = new ShiftedClock();
	const moves = birthdayMoves(Date.now());

	beforeAll(async () => {
		[march, today] = await Promise.all([
			startSandbox({ allowLoopbackHttp: true, seed: 7, startAt: '2026-03-02T08:00:00Z' }),
			startE2eSandbox(),
		]);
		const marchCredential = pacificCredential(march, 'Mindbody Pacific studio');
		const todayCredential = pacificCredential(today, 'Mindbody sandbox');
		todayCredentialId = todayCredential.id;
		n8n = await N8n.start({
			version: VERSION,
			tarball: tarball(),
			env: {
				GENERIC_TIMEZONE: N8N_ZONE,
				TZ: N8N_ZONE,
				// n8n's clock stays real until the birthday test moves it.
				...clock.env({ stepMs: moves.step }),
			},
			credentials: [marchCredential, todayCredential],
		});
		bookId = await n8n.importWorkflow(bookWorkflow(marchCredential.id));
	});

	afterAll(async () => {
		await n8n?.stop();
		await march?.stop();
		await today?.stop();
		clock.remove();
	});

	/** Calls a workflow's webhook and waits for its execution (the newest, once `count` have finished). */
	async function runVia(path: string, workflowId: string, body: unknown, count: number): Promise<Execution> {
		const res = await n8n.webhook(path, { body });
		expect(res.status).toBe(200);
		const [run] = await n8n.waitForExecutions(workflowId, count);
		return run;
	}

	let bookings = 0;

	test.each([
		['Friday 6 March, before the change (PST, UTC-8)', '2026-03-06', 8],
		['Tuesday 10 March, after it (PDT, UTC-7)', '2026-03-10', 7],
	])(
		'%s: a DateTime in n8n’s zone books the instant it names, sent as the studio’s wall clock; the same DateTime for a UTC field is sent in UTC',
		async (_when, day, hours) => {
			const { at, who } = await bookableOn(march, day);
			const inN8nZone = wallClock(at, N8N_ZONE);
			const local = new Date(Date.parse(at) - hours * 3_600_000).toISOString().slice(0, 19);
			march.log.clear();
			const run = await runVia(BOOK_PATH, bookId, { ...who, inN8nZone }, ++bookings);
			expect([run.status, run.data?.resultData.error]).toEqual(['success', undefined]);

			const [sent] = march.log.list({ path: '/appointment/addappointment', method: 'POST' });
			const body = JSON.parse(sent.rawBody) as { StartDateTime: string; Notes: string };
			// Not Tokyo's wall clock, nor UTC's: the studio's, with the offset of that side of the change.
			expect([body.StartDateTime, body.Notes]).toEqual([local, N8N_ZONE]);
			const [answer] = nodeOutput(run, 'Book') as Array<{ Id: number; StartDateTime: string }>;
			expect(answer.StartDateTime).toBe(local);
			// The booking the sandbox holds starts at the instant the DateTime named.
			const held = march.state.site(march.pacificSiteId)!.appointments.find((a) => a.Id === answer.Id)!;
			expect(Date.parse(held.StartDateTime)).toBe(Date.parse(at));

			const [listed] = march.log.list({ path: '/class/classes', method: 'GET' });
			expect(new URLSearchParams(listed.rawQuery).get('request.startDateTime')).toBe(new Date(at).toISOString());
		},
	);

	it("examples/06 books each standing client into the class of their day in the studio's next week", async () => {
		const site = today.state.site(today.pacificSiteId)!;
		const standing = standingAt(today, DateTime.now());
		const workflow = viaWebhook(example('06-book-standing-clients-next-week.json', todayCredentialId), STANDING_PATH);
		// The list as a studio writes it in the example's Edit Fields node: e-mail and weekday; the class is the one picked.
		const emailOf = (clientId: string) => site.clients.find((c) => c.ClientId === clientId)!.Email;
		const list = workflow.nodes.find((n) => n.name === 'Standing Clients')!.parameters as {
			assignments: { assignments: Array<{ id: string; name: string; value: string; type: string }> };
		};
		// A field per weekday, its value that day's clients separated by commas.
		const weekdays = [...new Set(standing.map(({ weekday }) => weekday))];
		list.assignments.assignments = weekdays.map((weekday, n) => ({
			id: `a00000${String(40 + n)}-0000-4000-8000-0000000000${String(40 + n)}`,
			name: weekday,
			value: standing
				.filter((entry) => entry.weekday === weekday)
				.map(({ clientId }) => emailOf(clientId))
				.join(', '),
			type: 'string',
		}));
		const classes = workflow.nodes.find((n) => n.name === "Next Week's Classes")!.parameters as {
			filters: { classDescriptionIds: string[] };
		};
		expect(classes.filters.classDescriptionIds).toEqual([
			...new Set(standing.map((s) => String(s.classDescriptionId))),
		]);
		const visitsBefore = site.classRecords.visits.length;
		const run = await runVia(STANDING_PATH, await n8n.importWorkflow(workflow), {}, 1);

		const now = DateTime.fromISO(run.startedAt);
		const expected = plannedIn(today, standing, STUDIO_ZONE, now);
		expect(expected.every((p) => p.classId !== undefined)).toBe(true);
		// The week holds classes that n8n's zone or UTC would put on another day or in another week.
		expect(plannedIn(today, standing, 'UTC', now)).not.toEqual(expected);
		expect(plannedIn(today, standing, N8N_ZONE, now)).not.toEqual(expected);

		const byClient = <T extends { clientId: string }>(list: T[]) =>
			[...list].sort((a, b) => a.clientId.localeCompare(b.clientId));
		expect(byClient(nodeOutput(run, 'On the Standing Day') as Array<{ clientId: string }>)).toEqual(byClient(expected));
		expect([run.status, run.data?.resultData.error]).toEqual(['success', undefined]);
		// The bookings the sandbox now holds: these, and no other.
		const booked = site.classRecords.visits.slice(visitsBefore).map((v) => ({
			clientId: site.clients.find((c) => c.Id === v.ClientId)?.ClientId ?? '',
			classId: v.ClassId,
		}));
		expect(byClient(booked)).toEqual(byClient(expected.map(({ clientId, classId }) => ({ clientId, classId }))));
	});

	it("Birthday: a client's birthday comes at the studio's midnight, not at UTC's nor at n8n's (Tokyo)", async () => {
		const site = today.state.site(today.pacificSiteId)!;
		const { step, first } = moves;
		const studioDay = (ms: number) => dayOf(ms, STUDIO_ZONE);
		const firstLanding = Date.now() + first * step;
		// The day UTC has turned to at the first landing; the studio's is still the day before.
		const day = new Date(firstLanding).toISOString().slice(0, 10);
		const eve = studioDay(firstLanding);
		expect(wallClock(new Date(firstLanding).toISOString(), STUDIO_ZONE).slice(0, 10) < day).toBe(true);
		expect(wallClock(new Date(firstLanding + step).toISOString(), STUDIO_ZONE).slice(0, 10)).toBe(day);
		// Each landing is past a studio's midnight, so its first poll passes on the new day's birthdays.
		const nextDay = studioDay(firstLanding + 2 * step);
		expect([studioDay(firstLanding - step) < eve, nextDay > day]).toEqual([true, true]);
		// Active clients of the studio, set before the trigger's first poll learns the birthdays: one born
		// on that day; one on the studio's day at the first landing and one at the last, each passed on by
		// the poll that passes that day on.
		const [client, eveSentinel, nextSentinel] = site.clients.filter((c) => c.Status === 'Active' && c.Email);
		client.BirthDate = `1990-${day.slice(5)}`;
		eveSentinel.BirthDate = `1992-${eve.slice(5)}`;
		nextSentinel.BirthDate = `1992-${nextDay.slice(5)}`;
		const id = await n8n.importWorkflow(pollWorkflow(todayCredentialId, VERSION, { event: 'birthday', options: {} }));
		expect(await until(() => pollStateStored(n8n, id), Boolean, 120_000)).toBe(true);

		/** Both clocks `steps` steps on, one step at a time. */
		const move = async (steps: number) => {
			for (let moved = 0; moved < steps; moved++) {
				await today.clock.advance(step);
				await clock.step(n8n);
			}
		};
		type Birthday = { clientId: string; birthday: string };
		const passedOn = (runs: Execution[]) =>
			runs.flatMap((run) => nodeOutput(run, POLL_NODE)).map((item) => item.eventData as Birthday);
		const stored = async () => (await n8n.executions(id)).filter((e) => e.stoppedAt);
		/**
		 * The birthdays of every stored run, once one of them passed on `clientId`'s of `birthday` and
		 * no run is under way: the trigger polls one poll at a time, so every poll before the one that
		 * passed it on has ended and its run (if any) is stored too. Each run a success.
		 */
		const birthdaysOnceSeen = async (clientId: string, birthday: string) => {
			const seen = (e: Birthday) => e.clientId === clientId && e.birthday === birthday;
			await until(stored, (runs) => passedOn(runs).some(seen), pollWaitMs(VERSION) + 60_000);
			const running = () => n8n.executions(id, { status: 'running' });
			expect(await until(running, (runs) => runs.length === 0, 60_000)).toEqual([]);
			const runs = await stored();
			for (const run of runs) expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
			expect(passedOn(runs).filter(seen)).toHaveLength(1);
			return passedOn(runs);
		};
		const hers = [
			expect.objectContaining({ clientId: client.ClientId, birthday: day, age: Number(day.slice(0, 4)) - 1990 }),
		];

		// Near 03:00 UTC: UTC's day is her birthday, the studio's is not yet.
		await move(first);
		const evening = await birthdaysOnceSeen(eveSentinel.ClientId, eve);
		expect(evening.filter((e) => e.clientId === client.ClientId)).toEqual([]);
		expect(evening.filter((e) => e.birthday === day)).toEqual([]);
		// Past the studio's midnight: passed on once, as her birthday of that day.
		await move(1);
		const morning = await birthdaysOnceSeen(client.ClientId, day);
		expect(morning.filter((e) => e.clientId === client.ClientId)).toEqual(hers);
		// Past the studio's next midnight: not again.
		await move(1);
		const nextMorning = await birthdaysOnceSeen(nextSentinel.ClientId, nextDay);
		expect(nextMorning.filter((e) => e.clientId === client.ClientId)).toEqual(hers);
	});
});
