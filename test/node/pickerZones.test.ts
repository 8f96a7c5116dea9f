import { DateTime } from 'luxon';

import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { useNodeSandbox } from './support';

/**
 * The appointment picker at a Los Angeles site (-97), opened in a workflow whose zone is far from
 * the studio's. Appointments are written in the studio's local time without an offset: the picker
 * reads them in the site's zone, so an appointment later today is offered and one that has begun
 * is not, whatever the workflow's zone. The sandbox's clock is the real time, as the node's is.
 */
const h = useNodeSandbox({ startAt: Date.now() });
const MINUTE = 60 * 1000;
const CANCEL = { resource: 'frontDesk', operation: 'cancelAppointment' };

beforeEach(() => {
	h.credentials = newCredentials({
		mindbody: { ...sandboxCredentialData(h.sandbox), siteId: h.sandbox.pacificSiteId },
	});
});

const pacific = () => h.sandbox.state.site(h.sandbox.pacificSiteId)!;

/** Two booked appointments moved to start `minutes` from now: one soon, one begun. */
function bookedAt(...minutes: number[]) {
	const now = Date.now();
	const booked = pacific().appointments.filter((a) => a.Status === 'Booked');
	return minutes.map((offset, n) => {
		const appointment = booked[n];
		const start = now + offset * MINUTE;
		appointment.StartDateTime = new Date(start).toISOString();
		appointment.EndDateTime = new Date(start + appointment.DurationMinutes * MINUTE).toISOString();
		return String(appointment.Id);
	});
}

describe('the appointment picker reads times in the studio’s zone', () => {
	test.each(['Asia/Tokyo', 'UTC', 'Pacific/Kiritimati'])(
		'workflow in %s: an appointment in 90 minutes is offered, one that began 30 minutes ago is not',
		async (zone) => {
			h.dropdownTimezone = zone;
			const [soon, begun] = bookedAt(90, -30);
			h.sandbox.log.clear();
			const entries = await h.everyEntry('searchAppointments', undefined, CANCEL);
			const offered = entries.map((e) => e.value);
			expect(offered).toContain(soon);
			expect(offered).not.toContain(begun);
			// The studio's zone is read by the first picker open and kept (test/node/pickerZoneKept.test.ts).
			expect(h.requests('/site/sites', 'GET')).toHaveLength(zone === 'Asia/Tokyo' ? 1 : 0);
			// The label shows the studio's clock, as the service writes it.
			const label = entries.find((e) => e.value === soon)?.name;
			const start = pacific().appointments.find((a) => String(a.Id) === soon)!.StartDateTime;
			const local = DateTime.fromISO(start).setZone(pacific().settings.TimeZone);
			expect(label).toContain(local.toFormat('HH:mm'));
		},
	);
});
