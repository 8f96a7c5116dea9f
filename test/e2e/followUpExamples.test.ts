/**
 * Examples 9 to 12, the jobs a studio schedules, as a studio switches them on: each activated in a
 * real n8n (its first poll, at activation, passes on what is due that first morning), then n8n's clock
 * (fixtures/shiftedClock.cjs) and the sandbox's move six days on together, so the cases the
 * sandbox's history holds come due: clients lapse, contracts near their end, birthdays come. A
 * client with two sessions left on a pricing option attends a class with it meanwhile. Each e-mail
 * is read back from the mail catcher and checked against the sandbox's records. A workflow on First
 * Visit watches a new client's first class in the move. Then n8n restarts, and no case of any of
 * them is passed on again.
 */

import { DateTime } from 'luxon';

import { catcherSmtpCredential, startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/mailCatcher';
import type { Sandbox } from '../../sandbox';
import type { SiteData } from '../../sandbox/data/types';
import { expectedSummary, fullClient } from '../node/clientSummaryRecords';
import {
	CREDENTIAL_NAME,
	example,
	nodeOutput,
	sandboxCredential,
	staffPost,
	startE2eSandbox,
	tarball,
	until,
	VERSION,
} from './support/mindbody';
import { N8n, type WorkflowJson } from './support/n8n';
import {
	addClients,
	followUpPollsBegun,
	pollStateStored,
	pollTimesFor,
	pollWaitMs,
	POLL_NODE,
} from './support/pollTrigger';
import { ShiftedClock } from './support/shiftedClock';

jest.setTimeout(600_000);

const DAY = 24 * 3_600_000;
/** How far both clocks move: within the week of birthdays a poll after a pause passes on. */
const MOVE_DAYS = 6;

interface Client {
	Id: number;
	ClientId: string;
	FirstName: string;
	LastName: string;
	Email: string;
	BirthDate: string | null;
	Status: string;
}
interface ClientService {
	Id: number;
	ClientId: number;
	Name: string;
	Remaining: number;
	ActiveDate: string;
	ExpirationDate: string;
}
interface ClientContract {
	Id: number;
	ClientId: number;
	EndDate: string;
}
interface ClassInstance {
	Id: number;
	StartDateTime: string;
	EndDateTime: string;
	IsCanceled: boolean;
	TotalBooked: number;
	MaxCapacity: number;
}
interface Visit {
	Id: number;
	ClassId: number;
	ClientId: number;
	Status: string;
}
interface Appointment {
	ClientId: number;
	Status: string;
	StartDateTime: string;
}
interface Execution {
	id: string;
	status: string;
}
type EventData = Record<string, string | number | boolean | null> & {
	clientId: string;
	firstName: string;
	email: string;
	sendPromotionalEmails: boolean;
	sendAccountEmails: boolean;
};

/** The example with its daily poll replaced by the e2e suite's every few seconds. */
function pollingOften(workflow: WorkflowJson): WorkflowJson {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.name === POLL_NODE
				? { ...node, parameters: { ...(node.parameters as object), pollTimes: pollTimesFor(VERSION) } }
				: node,
		),
	};
}

describe(`the studio's follow-up examples 9 to 12 in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let mail: MailCatcher;
	const clock = new ShiftedClock();
	const ids: Record<string, string> = {};
	/** The studio's day before and after the move. */
	let before: string;
	let after: string;
	/** The client who attends with her pricing option, and it. */
	let attendee: Client | undefined;
	let pass: ClientService | undefined;
	let credentialId: string;
	/** The client who never attended before, and the class she attends in the move. */
	let newcomer: Client | undefined;
	let newcomerClass: ClassInstance | undefined;
	/** A client due in the move whose bookings ahead were taken back, and those due who kept theirs. */
	let unbooked: string | undefined;
	const keptBooked = new Set<string>();

	const main = () =>
		sandbox.state.main as unknown as {
			clients: Client[];
			clientServices: ClientService[];
			classes: ClassInstance[];
			appointments: Appointment[];
			classRecords: { visits: Visit[] };
			saleRecords: { clientContracts: ClientContract[] };
			settings: { TimeZone: string };
		};
	const dayOf = (ms: number) => DateTime.fromMillis(ms, { zone: main().settings.TimeZone }).toISODate()!;
	const plusDays = (day: string, days: number) => DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
	const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
	const formatted = (day: string) => DateTime.fromISO(day).toFormat('cccc d LLLL');

	/**
	 * Waits (bounded) until `polls` polls of each workflow began after now, as the sandbox's log
	 * shows them (each workflow has its own credential, so its own staff token): the ones before the
	 * last have ended. Then until none of their runs is still under way.
	 */
	async function pollsOfEach(polls: number) {
		const after = sandbox.log.list().at(-1)?.seq ?? 0;
		const workflows = Object.keys(ids).length;
		const polled = () => [...followUpPollsBegun(sandbox, after).values()].filter((n) => n >= polls).length;
		expect(
			await until(
				() => Promise.resolve(polled()),
				(n) => n >= workflows,
				(polls + 2) * pollWaitMs(VERSION),
			),
		).toBe(workflows);
		const underWay = async () =>
			(await Promise.all(Object.values(ids).map((id) => n8n.executions(id, { status: 'running' })))).flat().length;
		expect(await until(underWay, (n) => n === 0, 60_000)).toBe(0);
	}

	/**
	 * The example's runs once the cases are passed on: at least one run, then until a whole poll of
	 * each workflow after it brings no other. Each run a success; returns the trigger's items and the
	 * e-mails sent.
	 */
	async function runsOf(file: string, mailNode: string) {
		const id = ids[file];
		let runs = await n8n.waitForExecutions(id, 1, pollWaitMs(VERSION) + 90_000);
		for (let seen = -1; seen !== runs.length; ) {
			seen = runs.length;
			await pollsOfEach(2);
			runs = (await n8n.executions(id)).filter((e) => e.stoppedAt);
		}
		for (const run of runs) expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
		const events = runs.flatMap((run) => nodeOutput(run, POLL_NODE)).map((item) => item.eventData as EventData);
		const sent = runs.flatMap((run) => nodeOutput(run, mailNode)) as Array<{ accepted?: string[] }>;
		process.stdout.write(`${file}: ${runs.length} runs, ${events.length} cases, ${sent.length} e-mails\n`);
		return { events, sent };
	}

	/** The e-mails a run's Send Email node reported accepted: one per item the filter kept, to its client. */
	function expectSentTo(sent: Array<{ accepted?: string[] }>, kept: EventData[]) {
		expect(sent.map((answer) => answer.accepted?.[0]).sort()).toEqual(kept.map((event) => event.email).sort());
	}

	const mailTo = (email: string) => (m: CaughtMail) => m.to.includes(email);

	/** From the sandbox's records: each client's last attended class or appointment, by her Id. */
	function lastAttended(): Map<number, string> {
		const last = new Map<number, string>();
		const note = (clientId: number, day: string) => {
			if ((last.get(clientId) ?? '') < day) last.set(clientId, day);
		};
		const classes = new Map(main().classes.map((c) => [c.Id, c]));
		for (const visit of main().classRecords.visits)
			if (visit.Status === 'SignedIn')
				note(visit.ClientId, dayOf(Date.parse(classes.get(visit.ClassId)!.StartDateTime)));
		for (const appointment of main().appointments)
			if (['Arrived', 'Completed'].includes(appointment.Status))
				note(appointment.ClientId, appointment.StartDateTime.slice(0, 10));
		return last;
	}

	/** A client's class bookings still held in classes that start after `at`. */
	function upcomingVisitsOf(clientId: number, at: number): Visit[] {
		const classes = new Map(main().classes.map((c) => [c.Id, c]));
		return main().classRecords.visits.filter(
			(visit) =>
				visit.ClientId === clientId &&
				['Booked', 'Waitlisted'].includes(visit.Status) &&
				Date.parse(classes.get(visit.ClassId)?.StartDateTime ?? '') > at,
		);
	}

	/** From the sandbox's records: the clients who hold a class or appointment booked after `at`. */
	function bookedAhead(at: number): Set<string> {
		const classes = new Map(main().classes.map((c) => [c.Id, c]));
		const booked = new Set<string>();
		for (const visit of main().classRecords.visits)
			if (visit.Status === 'Booked' && Date.parse(classes.get(visit.ClassId)?.StartDateTime ?? '') > at)
				booked.add(String(visit.ClientId));
		for (const appointment of main().appointments)
			if (appointment.Status === 'Booked' && Date.parse(appointment.StartDateTime) > at)
				booked.add(String(appointment.ClientId));
		return booked;
	}

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		mail = await startMailCatcher();
		// A credential for each workflow: its requests carry its own staff token, so the sandbox's log
		// tells its polls from the others'.
		const credentials = Object.fromEntries(
			[...EXAMPLES, FIRST_VISIT].map((name) => [name, sandboxCredential(sandbox)]),
		);
		credentialId = credentials[FIRST_VISIT].id;
		const smtp = { id: N8n.newId(), name: 'Studio mail (SMTP)', type: 'smtp', data: catcherSmtpCredential(mail.port) };
		n8n = await N8n.start({
			version: VERSION,
			tarball: tarball(),
			credentials: [...Object.values(credentials), smtp],
			// The move outlives a restart: the restarted n8n starts moved, never at the real time.
			env: clock.env({ stepMs: MOVE_DAYS * DAY, keep: true }),
		});
		before = dayOf(sandbox.clock.now());
		// Each activation runs the first poll: it passes on what is due that first morning. 2.8.4
		// answers the API's activation once that poll ended; 2.41 answers first and activates
		// afterwards (its publication outbox), so its first polls may still be under way. They must end
		// before the clocks move, so that what each case is judged by (the first morning or the move)
		// is the day the test counts it on.
		const pendingAtActivation: string[] = [];
		for (const file of EXAMPLES) {
			ids[file] = await n8n.importWorkflow(pollingOften(example(file, credentials[file].id, smtp.id)));
			if (!(await pollStateStored(n8n, ids[file]))) pendingAtActivation.push(file);
		}
		ids[FIRST_VISIT] = await n8n.importWorkflow(firstVisitWorkflow(n8n, credentials[FIRST_VISIT].id));
		if (!(await pollStateStored(n8n, ids[FIRST_VISIT]))) pendingAtActivation.push(FIRST_VISIT);
		process.stdout.write(`first poll not yet stored when activated: ${pendingAtActivation.join(', ') || 'none'}\n`);
		for (const [name, id] of Object.entries(ids))
			expect({ name, stored: await until(() => pollStateStored(n8n, id), Boolean, 120_000) }).toEqual({
				name,
				stored: true,
			});

		// Clients whose last visit passes 30 days in the move, and who hold a class booked ahead: the
		// first of them has her bookings taken back (she lapses with none: a win-back e-mail), the
		// others keep theirs (booked clients are not lapsed).
		const nowBefore = sandbox.clock.now();
		for (const [id, day] of lastAttended()) {
			if (!(daysBetween(day, before) <= 30 && daysBetween(day, plusDays(before, MOVE_DAYS)) > 30)) continue;
			if (main().clients.find((c) => c.Id === id)?.Status !== 'Active' || !bookedAhead(nowBefore).has(String(id)))
				continue;
			if (unbooked !== undefined) {
				keptBooked.add(String(id));
				continue;
			}
			unbooked = String(id);
			for (const visit of upcomingVisitsOf(id, nowBefore)) {
				const removed = await staffPost(sandbox, '/class/removeclientfromclass', {
					ClientId: String(id),
					ClassId: visit.ClassId,
					LateCancel: false,
				});
				expect(removed.status).toBe(200);
			}
		}
		expect(unbooked).toBeDefined();
		expect(bookedAhead(nowBefore).has(unbooked!)).toBe(false);

		// A client with two sessions left on a pricing option valid well past the move books a class
		// of the coming days with it (one it can pay for).
		const now = sandbox.clock.now();
		const upcoming = main()
			.classes.filter(
				(c) =>
					!c.IsCanceled &&
					Date.parse(c.StartDateTime) > now + 3_600_000 &&
					Date.parse(c.EndDateTime) < now + (MOVE_DAYS - 1) * DAY &&
					c.TotalBooked < c.MaxCapacity,
			)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));
		let visitId: number | undefined;
		for (const service of main().clientServices) {
			const client = main().clients.find((c) => c.Id === service.ClientId);
			if (
				client?.Status !== 'Active' ||
				service.Remaining !== 2 ||
				service.ActiveDate > before ||
				service.ExpirationDate <= plusDays(before, MOVE_DAYS + 30)
			)
				continue;
			for (const klass of upcoming) {
				const booked = await staffPost(sandbox, '/class/addclienttoclass', {
					ClientId: client.ClientId,
					ClassId: klass.Id,
					ClientServiceId: service.Id,
					RequirePayment: true,
				});
				if (booked.status !== 200) continue;
				visitId = (booked.body.Visit as { Id: number }).Id;
				attendee = client;
				pass = service;
				break;
			}
			if (attendee) break;
		}
		expect(visitId).toBeDefined();

		// A client new to the studio books a class of the coming days (unpaid: she holds nothing yet).
		const [added] = await addClients(sandbox, ['Nova']);
		newcomer = main().clients.find((c) => c.ClientId === String(added.Id));
		expect(newcomer).toBeDefined();
		let newcomerVisitId: number | undefined;
		for (const klass of upcoming) {
			const booked = await staffPost(sandbox, '/class/addclienttoclass', {
				ClientId: newcomer!.ClientId,
				ClassId: klass.Id,
				RequirePayment: false,
			});
			if (booked.status !== 200) continue;
			newcomerVisitId = (booked.body.Visit as { Id: number }).Id;
			newcomerClass = klass;
			break;
		}
		expect(newcomerVisitId).toBeDefined();

		// The move: the sandbox first (her class ends, staff sign her in), then n8n.
		await sandbox.clock.advance(MOVE_DAYS * DAY);
		after = dayOf(sandbox.clock.now());
		for (const signedIn of [visitId, newcomerVisitId])
			expect(
				(await staffPost(sandbox, '/client/updateclientvisit', { VisitId: signedIn, SignedIn: true })).status,
			).toBe(200);
		await clock.step(n8n);
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
		await mail?.stop();
		clock.remove();
	});

	it('9: each active client whose last visit passed 30 days in the move and who holds no booking ahead gets one win-back e-mail naming that visit', async () => {
		const { events, sent } = await runsOf(EXAMPLES[0], 'Send Win-Back Email');
		const last = lastAttended();
		const active = new Set(
			main()
				.clients.filter((c) => c.Status === 'Active')
				.map((c) => c.ClientId),
		);
		const booked = bookedAhead(sandbox.clock.now());
		const dueInMove = [...last].filter(
			([id, day]) => active.has(String(id)) && daysBetween(day, before) <= 30 && daysBetween(day, after) > 30,
		);
		const lapsed = dueInMove
			.filter(([id]) => !booked.has(String(id)))
			.map(([id, day]) => ({ clientId: String(id), lastVisitDate: day }));
		expect(lapsed.map((entry) => entry.clientId)).toContain(unbooked);
		const passed = events.map((e) => ({ clientId: e.clientId, lastVisitDate: e.lastVisitDate }));
		for (const entry of lapsed) expect(passed).toContainEqual(entry);
		// Besides those: only clients due on the first morning (their last visit 31 days before it).
		for (const entry of passed) {
			const day = last.get(Number(entry.clientId));
			expect({ ...entry, recorded: day }).toEqual({ ...entry, recorded: entry.lastVisitDate });
			const firstMorning = daysBetween(String(day), before) === 31;
			expect({ ...entry, dueNowOrInMove: firstMorning || lapsed.some((l) => l.clientId === entry.clientId) }).toEqual({
				...entry,
				dueNowOrInMove: true,
			});
		}
		// A client due in the move who holds a booking ahead is not lapsed.
		expect(keptBooked.size).toBeGreaterThan(0);
		expect(events.filter((e) => keptBooked.has(e.clientId))).toEqual([]);
		for (const event of events) expect(event.nextBooking).toBeNull();
		expect(new Set(events.map((e) => e.clientId)).size).toBe(events.length);

		const kept = events.filter((e) => e.email && e.sendPromotionalEmails);
		expect(kept.length).toBeGreaterThan(0);
		expectSentTo(sent, kept);
		for (const event of kept) {
			const caught = await mail.waitFor(mailTo(event.email));
			expect(caught.subject).toBe(`We miss you, ${event.firstName}`);
			expect(caught.text).toContain(`we have not seen you since ${formatted(String(event.lastVisitDate))}.`);
		}
		for (const event of events.filter((e) => !e.sendPromotionalEmails))
			expect(mail.mails.filter(mailTo(event.email))).toEqual([]);
	});

	it('10: the membership the history ends 17 days after the first poll gets one renewal reminder', async () => {
		const { events, sent } = await runsOf(EXAMPLES[1], 'Send Renewal Reminder');
		const endingDay = plusDays(before, 17);
		const contract = main().saleRecords.clientContracts.find((c) => c.EndDate === endingDay)!;
		expect(contract).toBeDefined();
		const client = main().clients.find((c) => c.Id === contract.ClientId)!;
		const event = events.find((e) => e.clientContractId === contract.Id)!;
		expect(event).toMatchObject({ clientId: client.ClientId, endDate: endingDay, autoRenewing: false });
		// Each case was due on the first morning or came due in the move: its due day (last autopay
		// before the end, or the end) lies within the last poll's 14 days ahead.
		for (const e of events) {
			const due = String(e.lastAutopayDate ?? e.endDate);
			expect(due <= plusDays(after, 14)).toBe(true);
			const record = main().saleRecords.clientContracts.find((c) => c.Id === e.clientContractId)!;
			expect({ client: String(record.ClientId), end: record.EndDate }).toEqual({ client: e.clientId, end: e.endDate });
		}
		expect(new Set(events.map((e) => e.clientContractId)).size).toBe(events.length);
		// The first morning: a contract already due when the trigger started was reminded too.
		expect(events.filter((e) => String(e.lastAutopayDate ?? e.endDate) <= plusDays(before, 14)).length).toBeGreaterThan(
			0,
		);

		const kept = events.filter((e) => e.email && e.sendAccountEmails);
		expectSentTo(sent, kept);
		const caught = await mail.waitFor(mailTo(client.Email));
		expect(caught.subject).toBe(`Your ${String(event.contractName)} ends on ${formatted(endingDay)}`);
		expect(caught.text).toContain('Renew it at the front desk or reply to this e-mail');
	});

	it('11: the client left with one session after her class gets one "one session left" offer', async () => {
		const { events, sent } = await runsOf(EXAMPLES[2], 'Send Offer Email');
		const record = main().clientServices.find((s) => s.Id === pass!.Id)!;
		expect(record.Remaining).toBe(1);
		const theirs = events.filter((e) => e.clientServiceId === pass!.Id);
		expect(theirs).toEqual([
			expect.objectContaining({ clientId: attendee!.ClientId, reason: 'sessionsLeft', remaining: 1 }),
		]);
		// Others were at one session on the first morning: each passed on once, and at one session or none by the records.
		expect(new Set(events.map((e) => `${String(e.clientServiceId)}:${String(e.reason)}`)).size).toBe(events.length);
		for (const e of events.filter((event) => event.reason === 'sessionsLeft'))
			expect(main().clientServices.find((s) => s.Id === e.clientServiceId)!.Remaining).toBeLessThanOrEqual(1);

		const kept = events.filter((e) => e.email && e.sendPromotionalEmails);
		expectSentTo(sent, kept);
		if (theirs[0].sendPromotionalEmails) {
			const caught = await mail.waitFor(
				(m) => mailTo(attendee!.Email)(m) && m.subject === `One session left on your ${pass!.Name}`,
			);
			expect(caught.text).toContain(`you have 1 session left on your ${pass!.Name}.`);
		} else {
			expect(mail.mails.filter(mailTo(attendee!.Email))).toEqual([]);
		}
	});

	it('12: each active client whose birthday was on the first morning or came in the move gets one birthday e-mail', async () => {
		const { events, sent } = await runsOf(EXAMPLES[3], 'Send Birthday Email');
		const days = Array.from({ length: MOVE_DAYS + 1 }, (_, n) => plusDays(before, n).slice(5));
		const born = main()
			.clients.filter((c) => c.Status === 'Active' && c.BirthDate && days.includes(c.BirthDate.slice(5, 10)))
			.map((c) => c.ClientId)
			.sort();
		expect(born.length).toBeGreaterThan(0);
		expect(events.map((e) => e.clientId).sort()).toEqual(born);

		const kept = events.filter((e) => e.email && e.sendPromotionalEmails);
		expect(kept.length).toBeGreaterThan(0);
		expectSentTo(sent, kept);
		for (const event of kept) {
			const caught = await mail.waitFor(mailTo(event.email));
			expect(caught.subject).toBe(`Happy birthday, ${event.firstName}!`);
		}
	});

	it('First Visit: the new client is passed on once, at her first class; no client who had visited before is', async () => {
		// Its runs so far, without waiting for more: the restart's check counts every run of it.
		const runs = await n8n.waitForExecutions(ids[FIRST_VISIT], 1, pollWaitMs(VERSION) + 90_000);
		for (const run of runs) expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
		const events = runs.flatMap((run) => nodeOutput(run, POLL_NODE)).map((item) => item.eventData as EventData);
		const klass = newcomerClass!;
		const hers = events.filter((e) => e.clientId === newcomer!.ClientId);
		expect(hers).toHaveLength(1);
		expect(hers[0]).toMatchObject({
			clientId: newcomer!.ClientId,
			firstName: newcomer!.FirstName,
			lastName: newcomer!.LastName,
			email: newcomer!.Email,
			visitDate: dayOf(Date.parse(klass.StartDateTime)),
		});
		expect(Date.parse(String(hers[0].visitStartDateTime))).toBe(Date.parse(klass.StartDateTime));
		// Each client passed on, by the sandbox's records: attended on the day passed on, never before it.
		const classes = new Map(main().classes.map((c) => [c.Id, c]));
		const attendedDays = (clientId: string) => [
			...main()
				.classRecords.visits.filter((v) => String(v.ClientId) === clientId && v.Status === 'SignedIn')
				.map((v) => dayOf(Date.parse(classes.get(v.ClassId)!.StartDateTime))),
			...main()
				.appointments.filter((a) => String(a.ClientId) === clientId && ['Arrived', 'Completed'].includes(a.Status))
				.map((a) => a.StartDateTime.slice(0, 10)),
		];
		for (const event of events) {
			const days = attendedDays(event.clientId);
			expect({ client: event.clientId, first: days.sort()[0] }).toEqual({
				client: event.clientId,
				first: event.visitDate,
			});
		}
		expect(new Set(events.map((e) => e.clientId)).size).toBe(events.length);
	});

	it('after n8n restarts, further polls pass no case of the five workflows on again', async () => {
		const WORKFLOWS = [...EXAMPLES, FIRST_VISIT];
		const before = new Map<string, number>();
		for (const name of WORKFLOWS) before.set(name, (await n8n.executions(ids[name])).length);
		const mailsBefore = mail.mails.length;
		// The cases passed on a few minutes ago are still among the polls a new process reads
		// again (HANDED_ON_WINDOW_MS): the restarted n8n re-reads them, and the runs' first step must
		// drop each one its record holds.
		await n8n.restart();
		// The restarted process read the kept move at its start (fixtures/shiftedClock.cjs): its
		// first poll, at activation, already ran on the moved clock.
		expect(clock.moves(n8n)).toBe(1);
		// Polls of the restarted process. Its first poll of each workflow, at activation, reads again
		// from before the cases (they are minutes old) and hands them on to a run whose first step drops
		// them: wait for that run of each, then until two polls more of each have ended.
		const rerun = async () => {
			for (const name of WORKFLOWS) if ((await n8n.executions(ids[name])).length === before.get(name)) return false;
			return true;
		};
		const rereadByAll = await until(rerun, Boolean, 2 * pollWaitMs(VERSION));
		await pollsOfEach(3);
		const counts: Record<string, Record<string, number>> = {};
		let after = 0;
		for (const name of WORKFLOWS) {
			const runs = (await n8n.executions(ids[name])).filter((e) => e.stoppedAt);
			after += runs.length - before.get(name)!;
			for (const run of runs as Execution[])
				expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: 'success' });
			counts[name] = {};
			for (const item of runs.flatMap((run) => nodeOutput(run, POLL_NODE))) {
				const key = caseKey(item as { eventId: string; eventData: EventData });
				counts[name][key] = (counts[name][key] ?? 0) + 1;
			}
		}
		process.stdout.write(
			`after the restart: ${after} runs (a run of each: ${rereadByAll}), ${mail.mails.length - mailsBefore} e-mails\n`,
		);
		for (const name of WORKFLOWS) {
			expect(Object.keys(counts[name]).length).toBeGreaterThan(0);
			const twice = Object.entries(counts[name]).filter(([, count]) => count !== 1);
			expect({ workflow: name, twice }).toEqual({ workflow: name, twice: [] });
		}
		expect(mail.mails.length).toBe(mailsBefore);
	});

	it("Front Desk → Client Summary in a workflow: the item is the sandbox's records of the client, from four requests", async () => {
		const site = sandbox.state.main as unknown as SiteData;
		const now = sandbox.clock.now();
		const client = fullClient(site, now);
		expect(client).toBeDefined();
		const webhookPath = 'e2e-client-summary';
		const workflow: WorkflowJson = {
			name: 'e2e: Client Summary',
			nodes: [
				{
					id: '5d1e0000-0000-4000-8000-000000000001',
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: '5d1e0000-1111-4000-8000-000000000001',
					parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
				},
				{
					id: '5d1e0000-0000-4000-8000-000000000002',
					name: 'Client Summary',
					type: n8n.nodeType('mindbody'),
					typeVersion: 1,
					position: [240, 0],
					parameters: {
						resource: 'frontDesk',
						operation: 'clientSummary',
						clientId: { __rl: true, mode: 'id', value: '={{ $json.body.clientId }}' },
					},
					credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL_NAME } },
				},
			],
			connections: { Webhook: { main: [[{ node: 'Client Summary', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		// The examples' triggers stop polling, so the sandbox's log holds the summary's requests alone.
		for (const id of Object.values(ids)) await n8n.deactivate(id);
		// A poll already under way finishes first: the log stays still for a second.
		const still = async () => {
			const logged = sandbox.log.list().length;
			await new Promise((resolve) => setTimeout(resolve, 1_000));
			return sandbox.log.list().length === logged;
		};
		expect(await until(still, (quiet) => quiet, 30_000)).toBe(true);
		const id = await n8n.importWorkflow(workflow);
		sandbox.log.clear();
		expect((await n8n.webhook(webhookPath, { body: { clientId: client.ClientId } })).status).toBe(200);
		const [execution] = await n8n.waitForExecutions(id, 1, 60_000);
		expect(execution.status).toBe('success');
		const items = nodeOutput(execution, 'Client Summary');
		expect(items).toEqual([expectedSummary(site, client, now)]);
		expect(items[0].nextBooking).not.toBeNull();
		// The client's record with what they hold, their visits, their purchases, and the studio's zone.
		const reads = sandbox.log
			.list({ service: 'rest' })
			.filter((request) => !/^\/usertoken\//i.test(request.path))
			.map((request) => request.operation)
			.sort();
		expect(reads).toEqual(['GetClientCompleteInfo', 'GetClientPurchases', 'GetClientVisits', 'GetSites']);
	});
});

const EXAMPLES = [
	'09-win-back-lapsed-clients.json',
	'10-renewal-reminder.json',
	'11-one-session-left-offer.json',
	'12-birthday-email.json',
];

/** The First Visit workflow, polling as often as the examples. */
const FIRST_VISIT = 'first visit';
function firstVisitWorkflow(n8n: N8n, credentialId: string): WorkflowJson {
	return {
		name: 'e2e: First Visit',
		nodes: [
			{
				id: 'f1a57000-0000-4000-8000-000000000001',
				name: POLL_NODE,
				type: n8n.nodeType('mindbodyPollTrigger'),
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: pollTimesFor(VERSION), event: 'firstVisit', options: {} },
				credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL_NAME } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * A case: its event, the record it is about, and what about it (a pricing option's sessions left or
 * its expiry, a contract's end day).
 */
function caseKey(item: { eventId: string; eventData: EventData }): string {
	const data = item.eventData;
	const record = data.clientContractId ?? data.clientServiceId ?? data.clientId;
	return [item.eventId, record, data.reason ?? data.endDate ?? ''].map(String).join(':');
}
