import { useNodeSandbox } from './support';

/**
 * n8n's date picker (Element Plus, as n8n 2.8.4's editor sets it up) reads typed text only as
 * "2026-11-25 09:00:00" and stores it as "2026-11-25T09:00:00". Text it cannot read, such as
 * "25/11/2026", is not stored: a field just added keeps its empty value ('', or null once
 * cleared). The node used to skip an empty field, and Mindbody then read its own default, today.
 */
const h = useNodeSandbox();

const PICKER_FORM = 'The date picker keeps a typed date only when written as 2026-11-25 09:00:00';

const classes = (startDateTime: string | null) =>
	h.run({
		resource: 'class',
		operation: 'getMany',
		filters: { startDateTime, endDateTime: '2026-03-08T00:00:00' },
	});

describe('a date the picker could not read', () => {
	test.each([
		['typed text the picker dropped', ''],
		['a date cleared in the picker', null],
	])('%s is an error naming the field, and nothing is sent', async (_label, stored) => {
		const result = await classes(stored);
		expect(result.status).toBe('error');
		const error = result.nodeError('Mindbody')!;
		expect(error.message).toBe(
			`Start Date Time: holds no date. ${PICKER_FORM}: pick the date in the calendar or type it that way, or remove the field to leave it out`,
		);
		expect(error.description).toBe('Nothing was sent to Mindbody. Correct the field and run the node again.');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('a required date left empty: n8n itself refuses to run the workflow', async () => {
		await expect(
			h.run({ resource: 'closure', operation: 'getMany', startDate: '', endDate: '2026-12-31' }),
		).rejects.toThrow('The workflow has issues');
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('a body date added and left empty is an error too, before anything is sent', async () => {
		const result = await h.run({
			resource: 'appointment',
			operation: 'book',
			clientId: { __rl: true, mode: 'id', value: '100001' },
			locationId: { __rl: true, mode: 'id', value: '1' },
			sessionTypeId: { __rl: true, mode: 'id', value: '1' },
			staffId: { __rl: true, mode: 'id', value: '1' },
			startDateTime: '2026-03-03T10:00:00',
			additionalFields: { endDateTime: '' },
		});
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')!.message).toBe(
			`End Date Time: holds no date. ${PICKER_FORM}: pick the date in the calendar or type it that way, or remove the field to leave it out`,
		);
		expect(h.apiRequests()).toHaveLength(0);
	});

	test('a date the picker stored is sent as stored; a field not added is not sent', async () => {
		expect((await classes('2026-03-02T09:00:00')).status).toBe('success');
		expect(new URLSearchParams(h.lastRequest('/class/classes').rawQuery).get('request.startDateTime')).toBe(
			'2026-03-02T09:00:00',
		);
		h.sandbox.log.clear();
		expect((await h.run({ resource: 'class', operation: 'getMany', filters: {} })).status).toBe('success');
		expect(new URLSearchParams(h.lastRequest('/class/classes').rawQuery).has('request.startDateTime')).toBe(false);
	});
});
