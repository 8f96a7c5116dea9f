import { useNodeSandbox } from './support';

/**
 * A picker whose days are the studio's, on a site Mindbody gives no valid time zone: refused as
 * the node and the poll trigger refuse it (the studio calendar's one policy), naming the site and
 * what to set, instead of counting the days in another zone. Nothing is kept from earlier opens
 * in this file's process.
 */
const h = useNodeSandbox({ startAt: Date.now() });

test('the appointment picker of a site without a valid zone says which site and what to set, and lists nothing', async () => {
	h.site().settings.TimeZone = 'Mars/Olympus';
	const opened = h.listSearch('searchAppointments', undefined, {
		resource: 'frontDesk',
		operation: 'cancelAppointment',
	});
	await expect(opened).rejects.toThrow(`Site ${h.site().settings.Id} has no valid time zone in Mindbody`);
	const sent = h.apiRequests().map((request) => `${request.method} ${request.path}`);
	expect(sent).toContain('GET /site/sites');
	expect(sent).not.toContain('GET /appointment/staffappointments');
});
