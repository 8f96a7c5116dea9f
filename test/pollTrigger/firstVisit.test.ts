import type { IDataObject } from 'n8n-workflow';

import { itemsFor, utcDay, useFollowUpSandbox } from './followUpSupport';
import { dataOf } from './support';

/** First Visit: a client's first attended class, once. Each case passed on exactly once across polls and a restart. */
const { env, attend } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: First Visit', () => {
	it('passes a client on at her first attended class, once; a returning client is not passed on', async () => {
		const workflow = env.workflow({ event: 'firstVisit' });
		await workflow.activate();
		const client = await env.addClient('Fay', 'First');
		const clientId = String(client.Id);
		const instance = await attend(clientId);
		await workflow.poll();
		await workflow.poll();
		await attend(clientId);
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		const firsts = itemsFor(workflow.items, clientId);
		expect(firsts).toHaveLength(1);
		expect(firsts[0]).toMatchObject({
			eventId: 'client.firstVisit',
			eventData: { clientId, firstName: 'Fay', visitDate: utcDay(Date.parse(instance.StartDateTime)) },
		});
		// Every client passed on had no attended visit before the one passed on.
		for (const data of dataOf(workflow.items)) {
			const earlier = await env.staffRest(
				'GET',
				`/client/clientvisits?request.clientId=${String(data.clientId)}&request.endDate=${String(data.visitDate)}`,
			);
			const attended = (earlier.body.Visits as IDataObject[]).filter(
				(visit) => visit.SignedIn === true || ['Arrived', 'Completed'].includes(String(visit.AppointmentStatus)),
			);
			expect(attended.every((visit) => String(visit.StartDateTime).slice(0, 10) >= String(data.visitDate))).toBe(true);
		}
	});
});
