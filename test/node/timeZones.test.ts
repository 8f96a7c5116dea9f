import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { getGlobalState, setGlobalState } from 'n8n-workflow';

import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { bodyOf, useNodeSandbox, type NodeRun } from './support';

/**
 * A Los Angeles site (-97: PST, UTC-8, until 2026-03-08 02:00, PDT, UTC-7, after) run by n8n in
 * UTC and in Tokyo, in the week the clocks change. The sandbox starts on Monday 2026-03-02.
 */
const h = useNodeSandbox();
const ZONES = ['UTC', 'Asia/Tokyo'];
const SITES = '/site/sites';

beforeEach(() => {
	// The Pacific site's own staff login, as a credential set up for that studio would hold.
	h.credentials = newCredentials({
		mindbody: { ...sandboxCredentialData(h.sandbox), siteId: h.sandbox.pacificSiteId },
	});
});

const pacific = () => h.sandbox.state.site(h.sandbox.pacificSiteId)!;

/** A time staff can be booked for on the day (UTC, as the sandbox writes bookable times) and what books it. */
async function bookableOn(day: string) {
	const site = pacific();
	const types = site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn).map((t) => t.Id);
	const result = await h.run({
		resource: 'appointment',
		operation: 'getBookableTimes',
		sessionTypeIds: types,
		filters: { startDate: day, endDate: day },
		returnAll: true,
		simplify: false,
	});
	expect(result.status).toBe('success');
	const window = result.jsonItems[0] as { StartDateTime: string; Staff: { Id: number }; Location: { Id: number } };
	const staff = site.staff.find((s) => s.Id === window.Staff.Id)!;
	return {
		at: window.StartDateTime,
		fields: {
			clientId: site.clients.find((c) => c.Status === 'Active')!.ClientId,
			staffId: staff.Id,
			locationId: window.Location.Id,
			sessionTypeId: types.find((id) => staff.AppointmentTypeIds.includes(id))!,
		},
	};
}

const book = (fields: IDataObject, startDateTime: string, timezone: string) =>
	h.run(
		{
			resource: 'appointment',
			operation: 'book',
			...fields,
			startDateTime,
			// The zone the expressions ran in, for the test to see.
			additionalFields: { test: true, notes: '={{ $now.zoneName }}' },
		},
		{ timezone },
	);

describe('a Los Angeles site, n8n in UTC or in another zone', () => {
	/** Friday 6 March, before the change (PST, UTC-8); Tuesday 10 March, after it (PDT, UTC-7). */
	const DAYS: Array<[string, string, number]> = [
		['before the change', '2026-03-06', 8],
		['after the change', '2026-03-10', 7],
	];
	const CASES = ZONES.flatMap((zone) => DAYS.map(([when, day, hours]) => [zone, when, day, hours] as const));

	const sentBody = () => bodyOf(h.lastRequest('/appointment/addappointment', 'POST')) as IDataObject;
	/** What the run sent and answered for the start. */
	const startSent = (result: NodeRun) => [sentBody().StartDateTime, result.jsonItems[0].StartDateTime];

	test.each(CASES)(
		'n8n in %s, %s: a DateTime books the instant it names, sent and answered as the studio’s local time',
		async (timezone, _when, day, hours) => {
			const { at, fields } = await bookableOn(day);
			h.sandbox.log.clear();
			const result = await book(fields, `={{ DateTime.fromISO('${at}') }}`, timezone);
			expect(result.status).toBe('success');
			const local = new Date(Date.parse(at) - hours * 3_600_000).toISOString().slice(0, 19);
			expect(startSent(result)).toEqual([local, local]);
			expect(sentBody().Notes).toBe(timezone);
			// One look at the site's zone for the run.
			expect(h.requests(SITES, 'GET')).toHaveLength(1);
		},
	);

	test.each(CASES)(
		'n8n in %s, %s: text without an offset is the studio’s local time, sent as written',
		async (timezone, _when, day, hours) => {
			const { at, fields } = await bookableOn(day);
			h.sandbox.log.clear();
			const local = new Date(Date.parse(at) - hours * 3_600_000).toISOString().slice(0, 19);
			const result = await book(fields, local, timezone);
			expect(result.status).toBe('success');
			expect(startSent(result)).toEqual([local, local]);
			// Nothing to convert: the site's zone is not asked for.
			expect(h.requests(SITES, 'GET')).toHaveLength(0);
		},
	);

	test("n8n's own zone (GENERIC_TIMEZONE) when the workflow sets none: a DateTime books the instant it names", async () => {
		const { defaultTimezone } = getGlobalState();
		setGlobalState({ defaultTimezone: 'Europe/Berlin' });
		try {
			const { at, fields } = await bookableOn('2026-03-10');
			h.sandbox.log.clear();
			const result = await h.run({
				resource: 'appointment',
				operation: 'book',
				...fields,
				startDateTime: `={{ DateTime.fromISO('${at}') }}`,
				additionalFields: { test: true, notes: '={{ $now.zoneName }}' },
			});
			expect(result.status).toBe('success');
			const local = new Date(Date.parse(at) - 7 * 3_600_000).toISOString().slice(0, 19);
			expect(startSent(result)).toEqual([local, local]);
			// The expressions ran in n8n's own zone.
			expect(sentBody().Notes).toBe('Europe/Berlin');
		} finally {
			setGlobalState({ defaultTimezone });
		}
	});

	/** Runs the node with n8n in `timezone`: it succeeds without asking for the site's zone. */
	async function runWithoutZone(parameters: INodeParameters, timezone: string) {
		const result = await h.run(parameters, { timezone });
		expect([result.status, result.error?.message]).toEqual(['success', undefined]);
		expect(h.requests(SITES, 'GET')).toHaveLength(0);
	}

	test.each(ZONES)('n8n in %s: a DateTime for a UTC field is sent in UTC', async (timezone) => {
		const startDateTime = "={{ DateTime.fromISO('2026-03-09T09:00:00', { zone: 'America/Los_Angeles' }) }}";
		await runWithoutZone({ resource: 'class', operation: 'getMany', filters: { startDateTime }, limit: 1 }, timezone);
		const query = new URLSearchParams(h.lastRequest('/class/classes', 'GET').rawQuery);
		expect(query.get('request.startDateTime')).toBe('2026-03-09T16:00:00.000Z');
	});

	test.each(ZONES)(
		'n8n in %s: a DateTime for a wall-clock field keeps the date and time of day it shows',
		async (timezone) => {
			const site = pacific();
			const additionalFields = {
				startDateTime: "={{ DateTime.fromISO('2026-03-09T09:00:00') }}",
				endDateTime: "={{ DateTime.fromISO('2026-03-13T17:00:00') }}",
				staffIDs: [site.staff.find((s) => s.Active)!.Id],
				locationID: site.locations[0].Id,
				test: true,
			};
			await runWithoutZone({ resource: 'availability', operation: 'addForStaff', additionalFields }, timezone);
			const body = bodyOf(h.lastRequest('/appointment/availabilities', 'POST')) as IDataObject;
			expect([String(body.StartDateTime).slice(0, 19), String(body.EndDateTime).slice(0, 19)]).toEqual([
				'2026-03-09T09:00:00',
				'2026-03-13T17:00:00',
			]);
		},
	);
});
