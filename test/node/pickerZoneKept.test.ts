import { DROPDOWN_KEPT_MS } from '../../nodes/Mindbody/actions/keptForPickers';
import { useNodeSandbox } from './support';

/**
 * The studio's zone, which the appointment and open-slot pickers read their days in, is read once
 * per process and kept for DROPDOWN_KEPT_MS: a picker opened again costs its list's call only.
 * This file's process has read no zone before its first test.
 */
const h = useNodeSandbox({ startAt: Date.now() });
const CANCEL = { resource: 'frontDesk', operation: 'cancelAppointment' };
const SITES = '/site/sites';

afterEach(() => jest.restoreAllMocks());

test('the second picker open sends no /site/sites request; one after the kept time reads it again', async () => {
	await h.everyEntry('searchAppointments', undefined, CANCEL);
	expect(h.requests(SITES, 'GET')).toHaveLength(1);
	expect(h.requests('/appointment/staffappointments', 'GET').length).toBeGreaterThan(0);

	h.sandbox.log.clear();
	await h.everyEntry('searchAppointments', undefined, CANCEL);
	await h.loadOptions('searchOpenSlots', {
		resource: 'frontDesk',
		operation: 'bookAppointment',
		staffId: { __rl: true, mode: 'list', value: String(h.site().staff[0].Id) },
		sessionTypeId: { __rl: true, mode: 'list', value: String(h.site().appointmentTypes[0].Id) },
	});
	expect(h.requests(SITES, 'GET')).toHaveLength(0);
	// Only the lists' own calls: the appointments page by page (the session types naming their
	// services are kept too: test/node/pickerCost.test.ts), the open slots once.
	expect(new Set(h.apiRequests().map((request) => request.path))).toEqual(
		new Set(['/appointment/staffappointments', '/appointment/bookableitems']),
	);
	expect(h.requests('/appointment/bookableitems', 'GET')).toHaveLength(1);

	// Past the kept time, the zone is read again (a zone a studio changed shows within the hour).
	const later = Date.now() + DROPDOWN_KEPT_MS + 1000;
	jest.spyOn(Date, 'now').mockReturnValue(later);
	h.sandbox.log.clear();
	await h.everyEntry('searchAppointments', undefined, CANCEL);
	expect(h.requests(SITES, 'GET')).toHaveLength(1);
});
