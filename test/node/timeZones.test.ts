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

interface Window {
	StartDateTime: string;
	Staff: { Id: number };
	Location: { Id: number };
	SessionType: { Id: number };
}

/** The times staff can be booked for on the day (UTC, as the sandbox writes bookable times). */
async function windowsOn(day: string, types: number[]): Promise<Window[]> {
	const result = await h.run({
		resource: 'appointment',
		operation: 'getBookableTimes',
		sessionTypeIds: types,
		filters: { startDate: day, endDate: day },
		returnAll: true,
		simplify: false,
	});
	expect(result.status).toBe('success');
	return result.jsonItems as unknown as Window[];
}

const bookableTypes = () =>
	pacific()
		.appointmentTypes.filter((t) => t.Active && !t.IsAddOn)
		.map((t) => t.Id);

/** A time staff can be booked for on the day and what books it. */
async function bookableOn(day: string) {
	const site = pacific();
	const types = bookableTypes();
	const [window] = await windowsOn(day, types);
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

/** The studio's local date and time of a UTC time on the day, `hours` behind it. */
const localOf = (utc: string, hours: number) =>
	new Date(Date.parse(utc) - hours * 3_600_000).toISOString().slice(0, 19);

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

/** Friday 6 March, before the change (PST, UTC-8); Tuesday 10 March, after it (PDT, UTC-7). */
const DAYS: Array<[string, string, number]> = [
	['before the change', '2026-03-06', 8],
	['after the change', '2026-03-10', 7],
];
const CASES = ZONES.flatMap((zone) => DAYS.map(([when, day, hours]) => [zone, when, day, hours] as const));

describe('a Los Angeles site, n8n in UTC or in another zone', () => {
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
			const local = localOf(at, hours);
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
			const local = localOf(at, hours);
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
			const local = localOf(at, 7);
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

describe('times inside JSON fields at a Los Angeles site, n8n in UTC or in another zone', () => {
	/** An expression giving a list of one object, its start an n8n DateTime (or text). */
	const listOf = (entry: IDataObject, start: string, more = '') =>
		`={{ [{ ...${JSON.stringify(entry)}, StartDateTime: ${start}${more} }] }}`;
	const dateTimeOf = (at: string) => `DateTime.fromISO('${at}')`;

	/** Book Multiple with one appointment, Test only: nothing is booked. */
	async function bookMultiple(day: string, start: (at: string) => string, timezone: string) {
		const { at, fields } = await bookableOn(day);
		h.sandbox.log.clear();
		const entry = {
			ClientId: fields.clientId,
			StaffId: fields.staffId,
			LocationId: fields.locationId,
			SessionTypeId: fields.sessionTypeId,
			Test: true,
		};
		const result = await h.run(
			{
				resource: 'appointment',
				operation: 'bookMultiple',
				// The zone the expression ran in, for the test to see.
				additionalFields: { addAppointmentRequests: listOf(entry, start(at), ', Notes: $now.zoneName') },
			},
			{ timezone },
		);
		expect([result.status, result.error?.message]).toEqual(['success', undefined]);
		const sent = bodyOf(h.lastRequest('/appointment/addmultipleappointments', 'POST')) as {
			AddAppointmentRequests: IDataObject[];
		};
		const outcomes = result.jsonItems[0].AddAppointmentOutcomes as Array<{ Appointment: IDataObject }>;
		const [request] = sent.AddAppointmentRequests;
		expect(request.Notes).toBe(timezone);
		return { at, sent: request.StartDateTime, answered: outcomes[0].Appointment.StartDateTime };
	}

	test.each(CASES)(
		'n8n in %s, %s: Book Multiple sends an appointment’s DateTime as the studio’s local time, one zone read',
		async (timezone, _when, day, hours) => {
			const { at, sent, answered } = await bookMultiple(day, dateTimeOf, timezone);
			expect([sent, answered]).toEqual([localOf(at, hours), localOf(at, hours)]);
			expect(h.requests(SITES, 'GET')).toHaveLength(1);
		},
	);

	test.each(ZONES)(
		'n8n in %s: Book Multiple sends text without an offset as written, without reading the zone',
		async (timezone) => {
			const [, day, hours] = DAYS[1];
			const { at, sent } = await bookMultiple(day, (utc) => `'${localOf(utc, hours)}'`, timezone);
			expect(sent).toBe(localOf(at, hours));
			expect(h.requests(SITES, 'GET')).toHaveLength(0);
		},
	);

	/** A bookable time on the day whose session type a one-session pass pays for, and that pass. */
	async function paidWindowOn(day: string) {
		const site = pacific();
		const passOf = (typeId: number) => {
			const type = site.appointmentTypes.find((t) => t.Id === typeId)!;
			return site.saleRecords.pricingOptions.find((o) => o.ProgramId === type.ProgramId && o.Count === 1);
		};
		const window = (await windowsOn(day, bookableTypes())).find((w) => passOf(w.SessionType.Id))!;
		return { window, pass: passOf(window.SessionType.Id)! };
	}

	/** Sale: Checkout of a pass with the appointment it pays for, in the Items (JSON) form, paid in cash. */
	async function checkoutWith(day: string, start: (at: string) => string, timezone: string) {
		const { window, pass } = await paidWindowOn(day);
		const client = pacific().clients.filter((c) => c.Status === 'Active')[3];
		h.sandbox.log.clear();
		const booking = { StaffId: window.Staff.Id, SessionTypeId: window.SessionType.Id };
		const result = await h.run(
			{
				resource: 'sale',
				operation: 'checkout',
				clientId: { __rl: true, mode: 'id', value: client.ClientId },
				calculateTax: false,
				cartPayments: { payment: [{ type: 'Cash', amount: pass.Price }] },
				additionalFields: {
					items: {
						entry: [
							{
								item: JSON.stringify({ Type: 'Service', Metadata: { Id: pass.Id } }),
								appointmentBookingRequests: listOf(booking, start(window.StartDateTime)),
							},
						],
					},
					locationId: { __rl: true, mode: 'id', value: String(window.Location.Id) },
				},
			},
			{ timezone },
		);
		expect([result.status, result.error?.message]).toEqual(['success', undefined]);
		const sent = bodyOf(h.lastRequest('/sale/checkoutshoppingcart', 'POST')) as {
			Items: Array<{ AppointmentBookingRequests: IDataObject[] }>;
		};
		const booked = pacific().appointments.at(-1)!;
		return {
			at: window.StartDateTime,
			sent: sent.Items[0].AppointmentBookingRequests[0].StartDateTime,
			booked: [booked.ClientId, booked.StartDateTime],
			client: client.Id,
		};
	}

	test.each(CASES)(
		'n8n in %s, %s: a checkout sends the DateTime of the appointment it books as the studio’s local time, one zone read',
		async (timezone, _when, day, hours) => {
			const { at, sent, booked, client } = await checkoutWith(day, dateTimeOf, timezone);
			expect(sent).toBe(localOf(at, hours));
			// The instant the DateTime named is the one booked.
			expect(booked).toEqual([client, at]);
			expect(h.requests(SITES, 'GET')).toHaveLength(1);
		},
	);

	test.each(ZONES)(
		'n8n in %s: a checkout sends an appointment’s text without an offset as written, without reading the zone',
		async (timezone) => {
			const [, day, hours] = DAYS[1];
			const { at, sent, booked, client } = await checkoutWith(day, (utc) => `'${localOf(utc, hours)}'`, timezone);
			expect(sent).toBe(localOf(at, hours));
			expect(booked).toEqual([client, at]);
			expect(h.requests(SITES, 'GET')).toHaveLength(0);
		},
	);
});
