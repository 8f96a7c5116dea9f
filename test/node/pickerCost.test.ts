import type { IDataObject } from 'n8n-workflow';

import { DROPDOWN_KEPT_MS } from '../../nodes/Mindbody/actions/keptForPickers';
import { replay, useNodeSandbox } from './support';

/**
 * A picker costs its list's call and no more: what it reads beside the list (the site's zone its
 * days are read in, the session types that name the appointments' services) is kept in the process
 * (`keptForPickers`). This file's process has kept nothing before its test.
 */
const h = useNodeSandbox({ startAt: Date.now() });
const CANCEL = { resource: 'frontDesk', operation: 'cancelAppointment' };
const LIST = 'GET /appointment/staffappointments';

afterEach(() => jest.restoreAllMocks());

const sent = () =>
	h
		.apiRequests()
		.map((request) => `${request.method} ${request.path}`)
		.sort();

test('the appointment picker opened again sends only its list request, and labels as the first open did', async () => {
	// First open: the list, the zone and the session types.
	const first = await h.listSearch('searchAppointments', undefined, CANCEL);
	expect(sent()).toEqual([LIST, 'GET /site/sessiontypes', 'GET /site/sites']);
	const answered = await replay(h.sandbox, h.lastRequest('/site/sessiontypes', 'GET'));
	const services = ((answered.json as { SessionTypes: IDataObject[] }).SessionTypes ?? []).map((type) => type.Name);
	// The labels name the service booked (an inactive session type, not listed, leaves its appointments without).
	const named = first.results.filter(({ name }) =>
		services.some((service) => name.includes(` · ${String(service)} · `)),
	);
	expect(named.length).toBeGreaterThan(0);

	// Second open: exactly the list's call, and the same entries named the same way.
	h.sandbox.log.clear();
	const second = await h.listSearch('searchAppointments', undefined, CANCEL);
	expect(sent()).toEqual([LIST]);
	expect(second).toEqual(first);

	// Scrolling on: each page costs its list's call only.
	h.sandbox.log.clear();
	const rest = await h.listSearch('searchAppointments', undefined, CANCEL, String(first.paginationToken));
	expect(rest.results.length).toBeGreaterThan(0);
	expect(new Set(sent())).toEqual(new Set([LIST]));

	// Past the kept time, the zone and the session types are read again (a session type added shows within the hour).
	jest.spyOn(Date, 'now').mockReturnValue(Date.now() + DROPDOWN_KEPT_MS + 1000);
	h.sandbox.log.clear();
	await h.listSearch('searchAppointments', undefined, CANCEL);
	expect(sent()).toEqual([LIST, 'GET /site/sessiontypes', 'GET /site/sites']);
});
