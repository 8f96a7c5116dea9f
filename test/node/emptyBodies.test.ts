import type { INodeParameters } from 'n8n-workflow';

import * as schemas from '../../nodes/shared/schemas/bodies';
import { checkBody } from '../../nodes/shared/schemas';
import { newCredentials, runWorkflow } from '../harness/runWorkflow';
import { recordingCredentialData, startRecordingServer } from '../support/recordingServer';

/**
 * Empty bodies. n8n's request helper drops an empty `{}` or `[]` body, so the transport sends
 * every body as JSON text: what the user wrote reaches the service as written, `{}` included.
 * A body that is a list of entries ("array of …" in the spec) exists to act on them: an empty
 * one asks for nothing, so it is refused before sending, naming the field.
 */

let server: Awaited<ReturnType<typeof startRecordingServer>>;
beforeEach(async () => {
	server = await startRecordingServer((request) =>
		request.method === 'POST' ? { status: 200, body: { ok: true } } : { status: 200, body: [] },
	);
});
afterEach(async () => await server.stop());

async function run(parameters: INodeParameters) {
	const credentials = newCredentials({ mindbody: recordingCredentialData(server) });
	const result = await runWorkflow({ credentials, nodes: [{ name: 'Mindbody', parameters }] });
	const error = result.nodeError('Mindbody') as unknown as { message: string; description: string } | undefined;
	return { result, error };
}

const location = { __rl: true, mode: 'id', value: '1' };

describe('a JSON body the user wrote is sent as written', () => {
	test('Appointment: Book Recurring with {}: the body {} with its Content-Type', async () => {
		const { result } = await run({ resource: 'appointment', operation: 'bookRecurring', jsonBody: '{}' });
		expect(result.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const [sent] = server.requests;
		expect(sent.body).toBe('{}');
		expect(sent.headers['content-type']).toBe('application/json');
	});

	test('Appointment: Validate Recurring with a written object: sent unchanged', async () => {
		const body = { ClientId: '100015', Occurrences: 0, Unknown: [] };
		const { result } = await run({
			resource: 'appointment',
			operation: 'validateRecurring',
			jsonBody: JSON.stringify(body),
		});
		expect(result.status).toBe('success');
		expect(JSON.parse(server.requests[0].body)).toEqual(body);
	});

	test('Consumer Booking: Book Appointments with Add-Ons with {}: the body {}', async () => {
		const { result } = await run({
			resource: 'consumerBooking',
			operation: 'bookWithAddOns',
			locationId: location,
			jsonBody: '{}',
		});
		expect(result.status).toBe('success');
		expect(server.requests.map((r) => [r.body, r.headers['content-type']])).toEqual([['{}', 'application/json']]);
	});
});

describe('a body that must hold entries refuses an empty list before sending, naming the field', () => {
	test('Consumer Booking: Book Appointments with no appointment', async () => {
		const { result, error } = await run({
			resource: 'consumerBooking',
			operation: 'book',
			locationId: location,
			bookings: {},
		});
		expect(result.status).toBe('error');
		expect(error?.message).toBe('Appointments: is required (at least one appointment to book)');
		expect(error?.description).toContain('Nothing was sent');
		expect(server.requests).toHaveLength(0);
	});

	test('Consumer Booking: Book Appointments with an empty list of appointments', async () => {
		const { error } = await run({
			resource: 'consumerBooking',
			operation: 'book',
			locationId: location,
			bookings: { booking: [] },
		});
		expect(error?.message).toBe('Appointments: is required (at least one appointment to book)');
		expect(server.requests).toHaveLength(0);
	});

	test('Appointment Add-On: Add with the JSON []', async () => {
		const { error } = await run({ resource: 'appointmentAddOn', operation: 'add', jsonBody: '[]' });
		expect(error?.message).toBe('Body (JSON): is an empty list: it must hold at least one of the add-ons to add');
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		['appointment', 'Appointment: Modify'],
		['appointmentAddOn', 'Appointment Add-On: Modify'],
	])('%s Modify with no appointment', async (resource) => {
		const { error } = await run({ resource, operation: 'modify', appointments: {} });
		expect(error?.message).toBe('Appointments: is required (at least one appointment to modify)');
		expect(server.requests).toHaveLength(0);
	});

	test('Appointment: Complete with no ID (an id list from an expression that is empty)', async () => {
		const { error } = await run({ resource: 'appointment', operation: 'complete', ids: '={{ [] }}' });
		expect(error?.message).toBe('Appointment IDs: is required (at least one ID)');
		expect(server.requests).toHaveLength(0);
	});
});

describe('the shared schemas (the node and the sandbox check the same ones)', () => {
	test.each([
		['int64IdList', schemas.int64IdList],
		['approveItems', schemas.approveItems],
		['addOnItems', schemas.addOnItems],
		['availabilityAdd', schemas.availabilityAdd],
		['availabilitySchedules', schemas.availabilitySchedules],
		['bookingRequestItems', schemas.bookingRequestItems],
	])('%s: an empty list is refused', (_name, schema) => {
		const check = checkBody(schema, []);
		expect(check.ok).toBe(false);
		expect(check.ok ? '' : check.message).toMatch(/^body: must hold at least one of the /);
	});

	test.each([
		['recurringRequest', schemas.recurringRequest],
		['appointmentsWithAddOns', schemas.appointmentsWithAddOns],
		['bookingTemplates', schemas.bookingTemplates],
		['featureUpdate', schemas.featureUpdate],
	])('%s: {} passes (the spec lists no required field)', (_name, schema) => {
		expect(checkBody(schema, {}).ok).toBe(true);
	});
});
