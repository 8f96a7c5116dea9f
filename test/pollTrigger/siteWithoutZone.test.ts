import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow } from '../harness/runWorkflow';
import { usePollSandbox } from './support';

/**
 * A site whose time zone Mindbody does not give, or gives as no IANA zone, in n8n's engine against
 * the sandbox: the action node and the poll trigger read the zone the same way and refuse the site
 * with the same error, naming it and saying what to set, before anything that needs the zone is
 * sent. Events that need no zone never read it.
 */
const env = usePollSandbox();

const site = () => env.sandbox.state.main;

/** What Mindbody gives as the site's zone in each case: nothing, an empty text, a name of no zone. */
const CASES: Array<[string, string | undefined]> = [
	['gives no time zone', undefined],
	['gives an empty time zone', ''],
	['gives a time zone that is none', 'Mars/Olympus'],
];

interface Refusal {
	message: string;
	description?: string | null;
}

const refusalOf = (error: unknown): Refusal => {
	expect(error).toBeDefined();
	const { message, description } = error as Refusal;
	return { message, description };
};

/** The REST requests since the log was cleared, as method and path. */
const sent = () => env.apiRequests().map((request) => `${request.method} ${request.path}`);
const ONLY_THE_ZONE = ['GET /site/sites'];

async function runNode(parameters: INodeParameters) {
	env.sandbox.log.clear();
	const result = await runWorkflow({ credentials: env.credentials, nodes: [{ name: 'Mindbody', parameters }] });
	expect(result.status).toBe('error');
	return { refusal: refusalOf(result.nodeError('Mindbody')), sent: sent() };
}

/** The first poll of an activation, which fails it, and the editor's Fetch Test Event. */
async function runTrigger(parameters: INodeParameters) {
	const workflow = env.workflow(parameters);
	env.sandbox.log.clear();
	const activation = await workflow.activate().then(
		() => undefined,
		(error: unknown) => error,
	);
	const activated = { refusal: refusalOf(activation), sent: sent() };
	env.sandbox.log.clear();
	const { items, error } = await workflow.fetchTestEvent();
	expect(items).toEqual([]);
	return [activated, { refusal: refusalOf(error), sent: sent() }];
}

describe('a site without a valid time zone: one refusal in the node and the poll trigger', () => {
	test.each(CASES)('Mindbody %s: the same error everywhere, and only the zone was read', async (_case, zone) => {
		const main = site();
		main.settings.TimeZone = zone as string;
		const client = main.clients.find((c) => c.Status === 'Active')!;
		const staff = main.staff.find((s) => s.AppointmentTypeIds.length > 0)!;

		const runs = [
			// A booking whose time has an offset: the time is sent in the business's local time.
			await runNode({
				resource: 'appointment',
				operation: 'book',
				clientId: client.ClientId,
				staffId: staff.Id,
				locationId: main.locations[0].Id,
				sessionTypeId: staff.AppointmentTypeIds[0],
				startDateTime: '2030-03-12T10:00:00-08:00',
				additionalFields: { test: true },
			}),
			// Client Summary counts the studio's days.
			await runNode({
				resource: 'frontDesk',
				operation: 'clientSummary',
				clientId: { __rl: true, mode: 'id', value: client.ClientId },
			}),
			...(await runTrigger({ event: 'birthday' })),
			...(await runTrigger({ event: 'appointmentChanged', lookAheadDays: 3 })),
			...(await runTrigger({ event: 'clientLapsed', daysWithoutVisit: 30 })),
		];

		for (const run of runs) {
			expect(run.sent).toEqual(ONLY_THE_ZONE);
			expect(run.refusal.message).toBe(`Site ${main.settings.Id} has no valid time zone in Mindbody`);
			expect(run.refusal.description).toContain("Set the business's time zone in Mindbody");
			expect(run.refusal.description).toContain('nothing that needs it was sent');
			if (zone) expect(run.refusal.description).toContain(`"${zone}"`);
		}
		// A booking's refusal adds what it can do without the zone (a time without an offset); the
		// words of the refusal are the same in Client Summary and the trigger, which have no such way.
		const [booking, summary, ...trigger] = runs.map((run) => run.refusal.description ?? '');
		expect(booking).toContain('without an offset');
		expect(summary).not.toContain('without an offset');
		for (const words of [summary, ...trigger]) expect(words).toBe(trigger[0]);
		expect(booking.startsWith(summary)).toBe(true);
	});

	test('the events that need no zone never read it, and run as usual', async () => {
		site().settings.TimeZone = 'Mars/Olympus';
		for (const parameters of [{ event: 'clientCreated' }, { event: 'saleCreated' }] as IDataObject[]) {
			const workflow = env.workflow(parameters as INodeParameters);
			env.sandbox.log.clear();
			await workflow.activate();
			await workflow.poll();
			expect(workflow.errors).toEqual([]);
			expect(sent().length).toBeGreaterThan(0);
			expect(sent()).not.toContain('GET /site/sites');
		}
		// A client added now is passed on by New Client, the site's zone still unread.
		const workflow = env.workflow({ event: 'clientCreated' });
		await workflow.activate();
		env.sandbox.log.clear();
		const added = await env.addClient('Zoe');
		await env.advance(60_000);
		await workflow.poll();
		expect(workflow.items.map((item) => (item.eventData as IDataObject).firstName)).toEqual([added.FirstName]);
		expect(sent()).not.toContain('GET /site/sites');
	});

	test('a valid zone is read once per poll and kept: the same events run', async () => {
		const workflow = env.workflow({ event: 'birthday' });
		env.sandbox.log.clear();
		await workflow.activate();
		expect(sent().filter((request) => request === 'GET /site/sites')).toHaveLength(1);
		env.sandbox.log.clear();
		await workflow.poll();
		expect(workflow.errors).toEqual([]);
		expect(sent()).not.toContain('GET /site/sites');
	});
});
