import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { fakeDateFrom, usePollSandbox } from './support';

/**
 * The appointment poll at a Los Angeles site (-97), in the week of the 2027 change to daylight
 * saving (14 March): the site writes appointments in its local time, and the service reads the
 * window's dates as the site's days. n8n's clock and the sandbox's start on Wednesday 10 March
 * 2027 at noon UTC (4 AM in Los Angeles) and move on together; only Date is faked, every timer
 * runs as usual.
 */
const START = Date.parse('2027-03-10T12:00:00Z');
const DAY = 86_400_000;
fakeDateFrom(START);

const env = usePollSandbox();

beforeEach(() => {
	env.credentials = newCredentials({
		mindbody: { ...sandboxCredentialData(env.sandbox), siteId: env.sandbox.pacificSiteId },
	});
});

/** Moves n8n's clock and the sandbox's on by the same time. */
async function later(ms: number) {
	jest.setSystemTime(Date.now() + ms);
	await env.advance(ms);
}

const ZONE = 'America/Los_Angeles';
/** The Los Angeles date of an instant. */
const localDay = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toISODate()!;
/** Days from the Los Angeles date of now to that of an instant. */
const daysAhead = (ms: number) =>
	DateTime.fromISO(localDay(ms)).diff(DateTime.fromISO(localDay(Date.now())), 'days').days;

const pacific = () => env.sandbox.state.site(env.sandbox.pacificSiteId)!;
const atPacific = (method: string, path: string, body?: unknown) =>
	env.staffRest(method, path, body, env.sandbox.pacificSiteId);

/** A booked appointment in the Los Angeles evening of a coming day: its UTC date is the next day's. */
function eveningAppointment() {
	const evening = pacific().appointments.find(
		(a) =>
			a.Status === 'Booked' &&
			Date.parse(a.StartDateTime) > Date.now() + 2 * DAY &&
			localDay(Date.parse(a.StartDateTime)) < a.StartDateTime.slice(0, 10),
	)!;
	expect(evening).toBeDefined();
	return evening;
}

const idsOf = (items: IDataObject[]) =>
	items.map((item) => [item.eventId, (item.eventData as { appointmentId: number }).appointmentId]);

describe('Mindbody Poll Trigger at a Los Angeles site', () => {
	it('a change to an appointment in the evening of the window’s last local day is passed on, once', async () => {
		const evening = eveningAppointment();
		// The window ends on the appointment's local day, the UTC day before its own.
		const workflow = env.workflow({
			event: 'appointmentChanged',
			lookAheadDays: daysAhead(Date.parse(evening.StartDateTime)),
		});
		await workflow.activate();
		await workflow.poll();
		expect(workflow.items).toEqual([]);
		const changed = await atPacific('POST', '/appointment/updateappointment', {
			AppointmentId: evening.Id,
			Notes: 'Running late',
		});
		expect(changed.status).toBe(200);
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([['appointmentBooking.updated', evening.Id]]);
	});

	it('an appointment booked in the evening of the window’s last local day is a new booking, once', async () => {
		const site = pacific();
		const types = site.appointmentTypes.filter((t) => t.Active && !t.IsAddOn).map((t) => t.Id);
		// Bookable times are written in UTC: the UTC day after Friday 12 March holds Friday's evening.
		const friday = Date.parse('2027-03-12T12:00:00Z');
		const query = [...types.map((id) => `request.sessionTypeIds=${id}`), `request.startDate=${localDay(friday + DAY)}`];
		const bookable = await atPacific('GET', `/appointment/bookableitems?${query.join('&')}`);
		const window = (bookable.body.Availabilities as IDataObject[]).find(
			(w) => localDay(Date.parse(String(w.StartDateTime))) === localDay(friday),
		) as { StartDateTime: string; Staff: { Id: number }; Location: { Id: number }; SessionType: { Id: number } };
		expect(window).toBeDefined();
		const workflow = env.workflow({ event: 'appointmentChanged', lookAheadDays: daysAhead(friday) });
		await workflow.activate();
		await workflow.poll();
		const booked = await atPacific('POST', '/appointment/addappointment', {
			ClientId: site.clients.find((c) => c.Status === 'Active')!.ClientId,
			StaffId: window.Staff.Id,
			LocationId: window.Location.Id,
			SessionTypeId: window.SessionType.Id,
			// Friday 16:00 or later in Los Angeles, as the business writes it.
			StartDateTime: DateTime.fromISO(window.StartDateTime, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
		});
		expect(booked.status).toBe(200);
		const appointment = booked.body.Appointment as { Id: number };
		await workflow.poll();
		await workflow.poll();
		expect(idsOf(workflow.items)).toEqual([['appointmentBooking.created', appointment.Id]]);
	});

	it('an appointment booked before the poll started is not new when its local day comes into the window', async () => {
		const evening = eveningAppointment();
		// The window ends the local day before the appointment's: the next day's window takes it in.
		const lookAheadDays = daysAhead(Date.parse(evening.StartDateTime)) - 1;
		const workflow = env.workflow({ event: 'appointmentChanged', lookAheadDays });
		await workflow.activate();
		await workflow.poll();
		expect(workflow.items).toEqual([]);
		await later(DAY);
		await workflow.poll();
		expect(workflow.items).toEqual([]);
	});
});
