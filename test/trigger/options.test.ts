import type { IDataObject } from 'n8n-workflow';

import { ENVELOPE, startTrigger, type TriggerFixture } from './fixture';

/** Filters, eventData-only output, tolerant schema checks and custom event ids. */

let t: TriggerFixture;

afterEach(async () => {
	await t?.stop();
});

const emitted = () => t.harness.runs.flatMap((run) => run.items.map((item) => item.json));

test('siteId filter: events of other sites are acknowledged and dropped', async () => {
	t = await startTrigger({ events: ['client.created'], options: { siteIds: '-99' } });
	await t.harness.activate();
	await t.emit({ eventId: 'client.created', siteId: -98 });
	await t.emit({ eventId: 'client.created', siteId: -99 });
	expect(t.harness.runs).toHaveLength(1);
	expect((emitted()[0].eventData as IDataObject).siteId).toBe(-99);
	const statuses = t.harness.requests.filter((r) => r.method === 'POST').map((r) => r.status);
	expect(statuses).toEqual([200, 200]);
});

test('locationId filter: other locations are dropped, events without a locationId pass', async () => {
	const events = ['classRosterBooking.created', 'client.created'];
	t = await startTrigger({ events, options: { locationIds: '1, 2' } });
	await t.harness.activate();
	await t.emit({ eventId: 'classRosterBooking.created', eventData: { locationId: 3 } });
	await t.emit({ eventId: 'classRosterBooking.created', eventData: { locationId: 2 } });
	await t.emit({ eventId: 'client.created' });
	expect(emitted().map((item) => item.eventId)).toEqual(['classRosterBooking.created', 'client.created']);
	expect((emitted()[0].eventData as IDataObject).locationId).toBe(2);
});

test('eventData-only option emits the payload alone', async () => {
	t = await startTrigger({ events: ['staff.created'], options: { eventDataOnly: true } });
	await t.harness.activate();
	await t.emit({ eventId: 'staff.created', eventData: { staffFirstName: 'Grace' } });
	const [item] = emitted();
	expect(item.staffFirstName).toBe('Grace');
	expect(item.messageId).toBeUndefined();
	expect(item.eventData).toBeUndefined();
});

test('a payload that breaks its schema is still emitted, with a warning; unknown fields are kept', async () => {
	t = await startTrigger({ events: ['client.created'] });
	await t.harness.activate();
	await t.emit({ eventId: 'client.created', eventData: { isProspect: 'yes', favouriteColour: 'teal' } });
	const [item] = emitted();
	expect(item.schemaWarnings).toEqual(['eventData.isProspect: expected boolean, got string']);
	expect(item.eventData).toMatchObject({ isProspect: 'yes', favouriteColour: 'teal' });
	expect(t.warnings.join('\n')).toContain('eventData.isProspect: expected boolean, got string');
});

test('a custom event id is sent to the service, which may refuse it with its code', async () => {
	t = await startTrigger({ events: ['client.created'], customEventIds: 'clientVisit.created' });
	const failure = t.harness.activate();
	await expect(failure).rejects.toThrow(/clientVisit\.created/);
	await expect(failure).rejects.toMatchObject({ context: { data: { errorCode: '14000008' } } });
	const posted = t.sandbox.log.list({ service: 'webhooks', method: 'POST', path: '/subscriptions' });
	expect(JSON.parse(posted[0].rawBody).eventIds).toEqual(['client.created', 'clientVisit.created']);
	expect(await t.subscriptions()).toHaveLength(0);
});

test('a delivered custom event is emitted with its payload unchecked', async () => {
	t = await startTrigger({ events: ['client.created'] });
	await t.harness.activate();
	// As if the service knew the id: the node's stored parameters gain it, the subscription stays.
	t.harness.stored.setParameters({ events: ['client.created'], customEventIds: 'clientVisit.created' });
	const body = ENVELOPE('clientVisit.created', 'm-visit', { siteId: -99, visitId: 7 });
	expect((await t.deliver(body)).status).toBe(200);
	const [item] = emitted();
	expect(item).toMatchObject({ eventId: 'clientVisit.created', eventData: { siteId: -99, visitId: 7 } });
	expect(item.schemaWarnings).toBeUndefined();
});
