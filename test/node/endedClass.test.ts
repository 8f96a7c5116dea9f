import { DateTime } from 'luxon';

import type { ClassInstance, Client } from '../../sandbox/data/types';
import { useNodeSandbox } from './support';

/**
 * Class → Add Client into a class that has ended: Mindbody books it (a studio records attendance
 * that way), so the node books it too and says so on the item and in the editor. The sandbox's
 * clock is the real time here, as the node reads "now" from the machine.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const HOUR = 60 * 60 * 1000;

function bookable(ended: boolean): { instance: ClassInstance; client: Client } {
	const site = h.site();
	const now = Date.now();
	const instance = site.classes.find(
		(c) =>
			!c.IsCanceled &&
			c.TotalBooked < c.MaxCapacity - 1 &&
			(ended ? Date.parse(c.EndDateTime) < now - HOUR : Date.parse(c.StartDateTime) > now + 24 * HOUR),
	)!;
	const booked = new Set(site.classRecords.visits.filter((v) => v.ClassId === instance.Id).map((v) => v.ClientId));
	const client = site.clients.find((c) => c.Status === 'Active' && c.CustodianId === null && !booked.has(c.Id))!;
	return { instance, client };
}

const addClient = (instance: ClassInstance, client: Client, options = {}) =>
	h.run({
		resource: 'class',
		operation: 'addClient',
		clientId: { __rl: true, mode: 'id', value: client.ClientId },
		classId: { __rl: true, mode: 'id', value: String(instance.Id) },
		options,
	});

describe('Class: Add Client into a class that has ended', () => {
	test('books the client and warns on the item and in the editor', async () => {
		const { instance, client } = bookable(true);
		const result = await addClient(instance, client);
		expect(result.status).toBe('success');
		// Sent once, and the service booked it.
		expect(h.calls('class.addClient')).toHaveLength(1);
		expect(h.site().classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === client.Id)).toBe(true);

		const ended = DateTime.fromISO(instance.EndDateTime, { setZone: true }).toFormat('ccc d LLL yyyy HH:mm', {
			locale: 'en',
		});
		const warning = `Class ${instance.Id} ended on ${ended}: the client was booked into a class already held, as when recording attendance. If that was not meant, Class → Cancel Booking (or Front Desk → Cancel Class Booking) takes the booking back.`;
		const [item] = result.jsonItems;
		expect(item).toMatchObject({ ClassId: instance.Id, EndDateTime: instance.EndDateTime, warning });
		expect(result.hints('Mindbody').map((hint) => hint.message)).toEqual([`Item 1: ${warning}`]);
	});

	test('Skip Request Deduplication, offered on this rule 5 operation, sends X-RequestDeduplication-Skip', async () => {
		const { instance, client } = bookable(false);
		const result = await addClient(instance, client, { skipDeduplication: true });
		expect(result.status).toBe('success');
		expect(h.calls('class.addClient').map((call) => call.headers['x-requestdeduplication-skip'])).toEqual(['true']);
	});

	test('a class still ahead is booked without a warning', async () => {
		const { instance, client } = bookable(false);
		const result = await addClient(instance, client);
		expect(result.status).toBe('success');
		expect(result.jsonItems[0].ClassId).toBe(instance.Id);
		expect(result.jsonItems[0]).not.toHaveProperty('warning');
		expect(result.hints('Mindbody')).toEqual([]);
	});
});
