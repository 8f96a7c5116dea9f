import { bodyOf, expectHeaders, pairs, useNodeSandbox } from './support';

const h = useNodeSandbox();

/** Booked appointments whose staff member offers the first add-on type. */
function parentsWithOffer() {
	const site = h.site();
	const type = site.appointmentTypes.filter((t) => t.IsAddOn)[0];
	const parents = site.appointments.filter(
		(a) => a.Status === 'Booked' && site.staff.find((s) => s.Id === a.StaffId)!.AppointmentTypeIds.includes(type.Id),
	);
	return { parents, type };
}

describe('appointmentAddOn', () => {
	test('Add: JSON list body, token, output object', async () => {
		const { parents, type } = parentsWithOffer();
		const body = [{ AppointmentId: parents[0].Id, AddOnTypeId: type.Id }];
		const result = await h.run({ resource: 'appointmentAddOn', operation: 'add', jsonBody: JSON.stringify(body) });
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Addons/Add');
		expect(request.method).toBe('POST');
		expect(request.rawQuery).toBe('');
		expect(bodyOf(request)).toEqual(body);
		expectHeaders(h, request, true);
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			json: { AddOns: [expect.objectContaining({ AppointmentId: parents[0].Id, AddOnTypeId: type.Id })], Errors: [] },
			pairedItem: { item: 0 },
		});
	});

	test('Add: a typed 400 with per-item errors is a NodeApiError; Add (may book) is not retried on 500', async () => {
		const { parents, type } = parentsWithOffer();
		const bad = await h.run({
			resource: 'appointmentAddOn',
			operation: 'add',
			jsonBody: JSON.stringify([{ AppointmentId: 1, AddOnTypeId: type.Id }]),
		});
		expect(bad.status).toBe('error');
		const error = bad.nodeError('Mindbody') as unknown as { name: string; httpCode: string; message: string };
		expect([error.name, error.httpCode]).toEqual(['NodeApiError', '400']);
		expect(error.message.length).toBeGreaterThan(0);
		expect(error.message).toContain('The appointment was not found.');

		h.sandbox.log.clear();
		h.sandbox.faults.add({ kind: 'serverError', operation: 'POST /Business/Schedules/Appointments/Addons/Add' });
		const failed = await h.run({
			resource: 'appointmentAddOn',
			operation: 'add',
			jsonBody: JSON.stringify([{ AppointmentId: parents[1].Id, AddOnTypeId: type.Id }]),
		});
		expect(failed.status).toBe('error');
		expect(h.requests('/Business/Schedules/Appointments/Addons/Add')).toHaveLength(1);
	});

	test('Get by Appointment: repeated appointmentId, token, one item per appointment key', async () => {
		const addOn = h.site().addOns[0];
		const withNone = h.site().appointments.find((a) => !h.site().addOns.some((x) => x.AppointmentId === a.Id))!;
		const result = await h.run({
			resource: 'appointmentAddOn',
			operation: 'getByAppointment',
			appointmentId: [String(addOn.AppointmentId), String(withNone.Id)],
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Addons/Addons');
		expect(request.method).toBe('GET');
		expect(request.rawQuery).toBe(`appointmentId=${addOn.AppointmentId}&appointmentId=${withNone.Id}`);
		expectHeaders(h, request, true);
		const byKey = Object.fromEntries(result.items.map((i) => [i.json.appointmentId, i.json.addOns]));
		expect(Object.keys(byKey).sort()).toEqual([String(addOn.AppointmentId), String(withNone.Id)].sort());
		expect(byKey[String(addOn.AppointmentId)]).toContainEqual(expect.objectContaining({ Id: addOn.Id }));
		expect(byKey[String(withNone.Id)]).toEqual([]);
		expect(pairs(result.items)).toEqual([0, 0]);
	});

	test('Get Many: repeated addonId, token, keyed by parent appointment', async () => {
		const [a, b] = h.site().addOns;
		const result = await h.run({ resource: 'appointmentAddOn', operation: 'getMany', addonId: [`${a.Id},${b.Id}`] });
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Addons/GetAddons');
		expect(request.rawQuery).toBe(`addonId=${a.Id}&addonId=${b.Id}`);
		expectHeaders(h, request, true);
		const all = result.items.flatMap((i) => i.json.addOns as Array<{ Id: number }>);
		expect(all.map((x) => x.Id).sort()).toEqual([a.Id, b.Id].sort());
		expect(result.items.map((i) => i.json.appointmentId)).toContain(String(a.AppointmentId));
		expect(new Set(pairs(result.items))).toEqual(new Set([0]));
	});

	test('Modify: body from the fields, token', async () => {
		const addOn = h.site().addOns.find((x) => x.Status === 'Booked')!;
		const result = await h.run({
			resource: 'appointmentAddOn',
			operation: 'modify',
			appointments: { appointment: [{ id: addOn.Id, notes: 'Extra oil' }] },
			sendEmail: false,
		});
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Addons/Modify');
		expect(bodyOf(request)).toEqual({ Appointments: [{ Id: addOn.Id, Notes: 'Extra oil' }], SendEmail: false });
		expectHeaders(h, request, true);
		expect(result.items).toEqual([
			{
				json: { Appointments: [expect.objectContaining({ Id: addOn.Id, Notes: 'Extra oil' })], Errors: [] },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('Complete: id list body, token, boolean output', async () => {
		const addOn = h.site().addOns.find((x) => x.Status === 'Booked')!;
		const result = await h.run({ resource: 'appointmentAddOn', operation: 'complete', ids: [String(addOn.Id)] });
		expect(result.status).toBe('success');
		const request = h.lastRequest('/Business/Schedules/Appointments/Addons/Complete');
		expect(request.method).toBe('POST');
		expect(bodyOf(request)).toEqual([addOn.Id]);
		expectHeaders(h, request, true);
		expect(result.items).toEqual([{ json: { success: true, result: true }, pairedItem: { item: 0 } }]);
	});

	test('Delete batched: 3 items, batch size 2 → 2 requests, every item paired; continueOnFail on a bad chunk', async () => {
		const ids = h
			.site()
			.addOns.slice(2, 5)
			.map((x) => x.Id);
		const result = await h.run(
			{
				resource: 'appointmentAddOn',
				operation: 'delete',
				ids: '={{ $json.id }}',
				options: { batch: true, batchSize: 2 },
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		const requests = h.requests('/Business/Schedules/Appointments/Addons/Delete');
		expect(requests.map((r) => bodyOf(r))).toEqual([ids.slice(0, 2), ids.slice(2)]);
		for (const request of requests) expectHeaders(h, request, true);
		expect(pairs(result.items)).toEqual([0, 1, 2]);
		// n8n's convention: one { deleted: true } per input item, whatever the service answers.
		expect(result.items.map((item) => item.json)).toEqual([{ deleted: true }, { deleted: true }, { deleted: true }]);
		expect(h.site().addOns.filter((addOn) => ids.includes(addOn.Id))).toEqual([]);

		h.sandbox.log.clear();
		const again = await h.run(
			{ resource: 'appointmentAddOn', operation: 'delete', ids: '={{ $json.id }}', options: { batch: false } },
			{ items: [{ id: ids[0] }, { id: h.site().addOns[6].Id }], continueOnFail: true },
		);
		expect(again.status).toBe('success');
		expect(h.requests('/Business/Schedules/Appointments/Addons/Delete')).toHaveLength(2);
		expect(pairs(again.items)).toEqual([0, 1]);
		expect(again.items[0].json.error).toContain(`Add-on ${ids[0]} was not found.`);
		expect(again.items[0].json).toMatchObject({
			status: 400,
			body: { DeletedAddOnIds: [], Errors: [{ AddOnId: ids[0] }] },
		});
		expect(again.items[1].json).toEqual({ deleted: true });
	});

	test('without a user token (userMode none) on an A operation: refused before sending', async () => {
		const addOn = h.site().addOns[0];
		const result = await h.run(
			{ resource: 'appointmentAddOn', operation: 'getMany', addonId: [String(addOn.Id)] },
			{ credential: 'noUser' },
		);
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toContain('needs a user token');
		expect(h.requests('/Business/Schedules/Appointments/Addons/GetAddons')).toHaveLength(0);
	});
});
