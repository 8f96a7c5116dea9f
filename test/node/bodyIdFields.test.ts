import type { INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import type { AppointmentRequest } from '../../sandbox/data/types';
import { bodyOf, useNodeSandbox } from './support';

/**
 * Body id fields: a value picked from a list (resource locator) reaches the wire in its body
 * field, and workflows saved while the fields were numbers still run. Fresh data each test, so
 * every test has pending requests to approve.
 */
const h = useNodeSandbox({ resetEachTest: true });
const site = () => h.sandbox.state.main;
const pendingBookings = (): AppointmentRequest[] =>
	site().appointmentRequests.filter((r) => r.Status === 'Pending' && r.Type === 'Booking');
const fromList = (value: number) => ({
	__rl: true,
	mode: 'list',
	value: String(value),
	cachedResultName: `Entry (${value})`,
});
const APPROVE = '/Business/Schedules/AppointmentRequests/Approve';

describe('body id fields', () => {
	test('Approve: location and appointment type picked from their lists, and numbers saved before, reach the wire as references', async () => {
		const [picked, saved] = pendingBookings();
		const runs = [
			{
				request: picked,
				fields: {
					locationId: fromList(picked.LocationId),
					appointmentTypeId: fromList(picked.AppointmentTypeId),
					staffId: String(picked.StaffId),
				},
			},
			// Workflows saved while these were number fields hold plain numbers.
			{
				request: saved,
				fields: { locationId: saved.LocationId, appointmentTypeId: saved.AppointmentTypeId, staffId: saved.StaffId },
			},
		];
		for (const { request, fields } of runs) {
			const result = await h.run({
				resource: 'appointmentRequest',
				operation: 'approve',
				appointmentRequestId: String(request.Id),
				confirmationFields: fields,
			});
			expect(result.status).toBe('success');
			expect(bodyOf(h.lastRequest(APPROVE))).toEqual([
				{
					AppointmentRequestReference: { Id: request.Id },
					StaffReference: { Id: request.StaffId },
					AppointmentTypeReference: { Id: request.AppointmentTypeId },
					LocationReference: { Id: request.LocationId },
				},
			]);
			expect(result.jsonItems[0]).toMatchObject({
				Results: [expect.objectContaining({ AppointmentRequestId: request.Id, Status: 'Approved' })],
			});
		}
		expect(h.requests(APPROVE)).toHaveLength(2);
	});

	test('Approve: a location locator added but left empty sends no location reference', async () => {
		const request = pendingBookings()[0];
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: request.Id,
			confirmationFields: { locationId: { __rl: true, mode: 'list', value: '' } },
		});
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest(APPROVE))).toEqual([{ AppointmentRequestReference: { Id: request.Id } }]);
	});

	test('Approve: a location typed by ID that is not a number is a field error, nothing sent', async () => {
		const request = pendingBookings()[0];
		const result = await h.run({
			resource: 'appointmentRequest',
			operation: 'approve',
			appointmentRequestId: request.Id,
			confirmationFields: { locationId: { __rl: true, mode: 'id', value: 'Downtown' } },
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe('Location: "Downtown" is not a whole number');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('Book Appointments: the appointment type picked from its list is the AppointmentTypeReference of the booking', async () => {
		h.credentials.set('mindbody', {
			...h.credentials.get('mindbody')!,
			userMode: 'token',
			userToken: h.sandbox.consumerToken,
		});
		const staff = site().staff[0];
		const type = site().appointmentTypes.find((t) => !t.IsAddOn && staff.AppointmentTypeIds.includes(t.Id))!;
		const locationId = staff.LocationIds[0];
		const result = await h.run(
			{
				resource: 'consumerBooking',
				operation: 'book',
				locationId: fromList(locationId),
				bookings: {
					booking: [
						{
							staffId: String(staff.Id),
							appointmentTypeId: fromList(type.Id),
							start: '2026-03-20T09:00:00',
							end: '2026-03-20T10:00:00',
						},
					],
				},
			},
			{ continueOnFail: true },
		);
		const request = h.requests(`/Consumer/Schedules/Location/${locationId}/Appointments`, 'POST');
		expect(request).toHaveLength(1);
		expect(bodyOf(request[0])).toEqual([
			{
				StaffReference: { Id: staff.Id },
				AppointmentTypeReference: { Id: type.Id },
				Range: { Start: '2026-03-20T09:00:00', End: '2026-03-20T10:00:00' },
			},
		]);
		// Whether the slot is free is the service's answer; the body above is what this test is about.
		expect(result.jsonItems).toHaveLength(1);
	});

	test("Availability Add: the location picked from its list is the schedule's LocationId", async () => {
		const staff = site().staff[1];
		const result = await h.run({
			resource: 'availability',
			operation: 'add',
			daysOfWeek: ['Saturday'],
			startTime: '10:00',
			endTime: '14:00',
			startDate: '2026-04-01T00:00:00',
			endDate: '2026-06-30T00:00:00',
			scheduleFields: { staffId: String(staff.Id), locationId: fromList(staff.LocationIds[0]) },
		});
		expect(result.status).toBe('success');
		expect(bodyOf(h.lastRequest('/Business/Schedules/Availability/Add'))).toEqual([
			expect.objectContaining({ StaffId: staff.Id, LocationId: staff.LocationIds[0] }),
		]);
	});

	test('JSON body left as the empty template: a field error, nothing sent', async () => {
		const field = new Mindbody().description.properties.find(
			(p: INodeProperties) =>
				p.name === 'jsonBody' && p.displayOptions?.show?.operation?.includes('bookRecurring') === true,
		)!;
		expect(JSON.parse(field.default as string)).toMatchObject({ ClientId: null, StartDateTime: null });
		const result = await h.run({ resource: 'appointment', operation: 'bookRecurring', jsonBody: field.default });
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe(
			'Body (JSON): still holds the empty template: replace each null with a value',
		);
		expect(h.apiRequests()).toHaveLength(0);
	});
});
