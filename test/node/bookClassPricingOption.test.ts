import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import type { ClassInstance, Client, ClientService } from '../../sandbox/data/types';
import { servicePays } from '../../sandbox/rest/v6/classRoster';
import { bodyOf, picked, queryPairs, useNodeSandbox } from './support';

/**
 * Front Desk → Book Class pays with one of the client's pricing options picked from a list: the
 * picked client's own, those that can pay for the class picked, each with the sessions left and
 * the day it runs out. One picked for another client than the form shows is refused before
 * anything is booked. In n8n's engine against the sandbox, whose clock is the real time.
 */
const h = useNodeSandbox({ startAt: Date.now(), resetEachTest: true });

const DAY = 24 * 3600 * 1000;
const bookClass = (parameters: INodeParameters = {}) => ({
	resource: 'frontDesk',
	operation: 'bookClass',
	...parameters,
});
const fullName = (client: Client) => `${client.FirstName} ${client.LastName}`;

/** A class of the coming days with places left, a client holding a pricing option that pays for it, and that option. */
function payingBooking(): { instance: ClassInstance; client: Client; service: ClientService } {
	const site = h.site();
	const now = Date.now();
	const today = new Date(now).toISOString().slice(0, 10);
	for (const instance of site.classes) {
		const start = Date.parse(instance.StartDateTime);
		if (instance.IsCanceled || start < now + DAY || start > now + 10 * DAY) continue;
		if (instance.TotalBooked >= instance.MaxCapacity) continue;
		const service = site.clientServices.find(
			(s) =>
				s.ActiveDate <= today &&
				today <= s.ExpirationDate &&
				servicePays(site, s, s.ClientId, instance) &&
				!site.classRecords.visits.some((v) => v.ClassId === instance.Id && v.ClientId === s.ClientId),
		);
		const client = site.clients.find((c) => c.Id === service?.ClientId && c.Status === 'Active');
		if (service && client) return { instance, client, service };
	}
	throw new Error('The sandbox holds no pricing option that pays for a class of the coming days');
}

/** "31 Dec 2026", as the picker writes a day. */
const dayOf = (date: string) =>
	new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
		timeZone: 'UTC',
		day: 'numeric',
		month: 'short',
		year: 'numeric',
	});

describe("Book Class: the client's pricing option, picked from a list", () => {
	test('the field is a picker of the client’s pricing options under Additional Fields, with a By ID mode', () => {
		const additional = new Mindbody().description.properties.find(
			(p) =>
				p.name === 'additionalFields' &&
				p.displayOptions?.show?.resource?.includes('frontDesk') &&
				p.displayOptions.show.operation?.includes('bookClass'),
		)!;
		const field = (additional.options as INodeProperties[]).find((o) => o.name === 'clientServiceId')!;
		expect(field.type).toBe('resourceLocator');
		expect(field.displayName).toBe("Client's Pricing Option");
		expect(field.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchClientServices'],
			['id', undefined],
		]);
	});

	test("the list shows the picked client's options that pay for the class, with sessions left and expiry", async () => {
		const { instance, client, service } = payingBooking();
		const entries = await h.everyEntry(
			'searchClientServices',
			undefined,
			bookClass({ clientId: picked(client.ClientId), classId: picked(instance.Id) }),
		);
		expect(entries.find((e) => e.value === String(service.Id))?.name).toBe(
			`${service.Remaining} of ${service.Count} left · until ${dayOf(service.ExpirationDate)} · ${service.Name}`,
		);
		// Only this client's: every entry is one of theirs.
		const own = new Set(
			h
				.site()
				.clientServices.filter((s) => s.ClientId === client.Id)
				.map((s) => String(s.Id)),
		);
		for (const entry of entries) expect(own.has(String(entry.value))).toBe(true);
		// Asked for the client and the class, bought whenever, active now.
		expect(queryPairs(h.only('client.getServices'))).toEqual(
			expect.arrayContaining([
				['request.clientId', client.ClientId],
				['request.classId', String(instance.Id)],
				['request.startDate', '1900-01-01'],
				['request.showActiveOnly', 'true'],
			]),
		);
	});

	test('another client’s list shows none of the first client’s options', async () => {
		const { client, service } = payingBooking();
		const other = h.site().clients.find((c) => c.Status === 'Active' && c.Id !== client.Id)!;
		const entries = await h.everyEntry(
			'searchClientServices',
			undefined,
			bookClass({ clientId: picked(other.ClientId) }),
		);
		expect(entries.map((e) => e.value)).not.toContain(String(service.Id));
	});

	test('without a client the list says to pick one first, and reads nothing', async () => {
		await expect(h.listSearch('searchClientServices', undefined, bookClass())).rejects.toThrow(
			'Fill in Client first: this list depends on it',
		);
		expect(h.calls('client.getServices')).toHaveLength(0);
	});

	test('the pricing option picked pays for the booking, after one read that finds it among the client’s', async () => {
		const { instance, client, service } = payingBooking();
		const before = service.Remaining;
		const result = await h.run(
			bookClass({
				clientId: picked(client.ClientId),
				classId: picked(instance.Id),
				additionalFields: { clientServiceId: picked(service.Id) },
			}),
		);
		expect([result.status, result.error?.message]).toEqual(['success', undefined]);
		expect(queryPairs(h.only('client.getServices'))).toEqual(
			expect.arrayContaining([
				['request.clientId', client.ClientId],
				['request.startDate', '1900-01-01'],
			]),
		);
		expect(bodyOf(h.only('class.addClient'))).toMatchObject({
			ClientId: client.ClientId,
			ClassId: instance.Id,
			ClientServiceId: service.Id,
		});
		const visit = h.site().classRecords.visits.find((v) => v.ClassId === instance.Id && v.ClientId === client.Id)!;
		expect(visit.ClientServiceId).toBe(service.Id);
		expect(h.site().clientServices.find((s) => s.Id === service.Id)!.Remaining).toBe(before - 1);
	});

	test('a pricing option picked before the client changed is refused naming the client; nothing is booked', async () => {
		const { instance, client, service } = payingBooking();
		const other = h
			.site()
			.clients.find((c) => c.Status === 'Active' && c.Id !== client.Id && c.LastName !== client.LastName)!;
		const label = `${service.Remaining} of ${service.Count} left · ${service.Name}`;
		const result = await h.run(
			bookClass({
				clientId: picked(other.ClientId, `${fullName(other)} · ${other.Email}`),
				classId: picked(instance.Id),
				additionalFields: { clientServiceId: picked(service.Id, label) },
			}),
		);
		expect(result.status).toBe('error');
		expect(result.nodeError('Mindbody')?.message).toBe(
			`Client's Pricing Option: pricing option ${service.Id} (${label}) is not one that ${fullName(other)} (client ${other.ClientId}), picked in Client, holds`,
		);
		expect(h.calls('class.addClient')).toHaveLength(0);
		expect(h.site().clientServices.find((s) => s.Id === service.Id)!.Remaining).toBe(service.Remaining);
	});

	test('the ID typed in By ID mode is checked the same way; with no pricing option nothing is read', async () => {
		const { instance, client, service } = payingBooking();
		const other = h.site().clients.find((c) => c.Status === 'Active' && c.Id !== client.Id)!;
		const typed = await h.run(
			bookClass({
				clientId: picked(other.ClientId),
				classId: picked(instance.Id),
				additionalFields: { clientServiceId: { __rl: true, mode: 'id', value: String(service.Id) } },
			}),
		);
		expect(typed.nodeError('Mindbody')?.message).toMatch(
			new RegExp(
				`^Client's Pricing Option: pricing option ${service.Id} is not one that .* \\(client ${other.ClientId}\\), picked in Client, holds$`,
			),
		);
		expect(h.calls('class.addClient')).toHaveLength(0);

		const plain = await h.run(bookClass({ clientId: picked(client.ClientId), classId: picked(instance.Id) }));
		expect(plain.status).toBe('success');
		expect(h.calls('client.getServices')).toHaveLength(1);
		expect(h.calls('class.addClient')).toHaveLength(1);
	});
});
