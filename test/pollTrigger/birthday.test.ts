import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { newCredentials } from '../harness/runWorkflow';
import { sandboxCredentialData } from '../support/sandboxCredentials';
import { itemsFor, useFollowUpSandbox } from './followUpSupport';
import { dataOf } from './support';

/** Birthday at a Los Angeles site: it comes at the studio's midnight, not UTC's. Each case passed on exactly once across polls and a restart. */
const { env, moveTo } = useFollowUpSandbox();
const ZONE = 'America/Los_Angeles';

describe('Mindbody Poll Trigger: Birthday', () => {
	it('passes a birthday on at the studio’s midnight, not UTC’s, once across polls and a restart', async () => {
		env.credentials = newCredentials({
			mindbody: { ...sandboxCredentialData(env.sandbox), siteId: env.sandbox.pacificSiteId },
		});
		const added = await env.staffRest(
			'POST',
			'/client/addclient',
			{ FirstName: 'Bea', LastName: 'Birthday', Email: 'bea.birthday@example.com', BirthDate: '1990-03-12' },
			env.sandbox.pacificSiteId,
		);
		expect(added.status).toBe(200);
		const clientId = String((added.body.Client as IDataObject).Id);
		const workflow = env.workflow({ event: 'birthday' });
		await workflow.activate();
		// 12 March has begun in UTC; in Los Angeles it is the afternoon of the 11th.
		await moveTo(Date.parse('2027-03-12T00:30:00Z'));
		await workflow.poll();
		expect(itemsFor(workflow.items, clientId)).toEqual([]);
		const losAngelesMidnight = DateTime.fromISO('2027-03-12T00:00:00', { zone: ZONE }).toMillis();
		await moveTo(losAngelesMidnight + 30 * 60_000);
		await workflow.poll();
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		const birthdays = itemsFor(workflow.items, clientId);
		expect(birthdays).toHaveLength(1);
		expect(birthdays[0]).toMatchObject({
			eventId: 'client.birthday',
			eventData: { clientId, firstName: 'Bea', birthday: '2027-03-12', age: 37 },
		});
		expect(dataOf(workflow.items).every((data) => String(data.birthDateTime).slice(5, 10) <= '03-12')).toBe(true);
	});
});
