import type { IDataObject } from 'n8n-workflow';

import { DAY, messageIds, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/**
 * Membership or Contract Ending when the service's day runs ahead of n8n's for a while (the studio's
 * clock moved first, as in the end-to-end examples): a poll in between reads what the service holds
 * on its later day with n8n's earlier day, and keeps nothing that loses a case.
 */
const { env, main } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Membership or Contract Ending across clocks that move apart', () => {
	it('passes the contract that comes due in the move on once, though polls ran while only the service had moved', async () => {
		const before = utcDay(Date.now());
		const endingDay = utcDay(midnightUtc(before) + 17 * DAY);
		const contract = main().saleRecords.clientContracts.find((c) => c.EndDate === endingDay);
		expect(contract).toBeDefined();
		const workflow = env.workflow({ event: 'contractEnding', daysAhead: 14 });
		await workflow.activate();
		// The service's clock six days on, n8n's not yet: two polls see the later day with the earlier one.
		await env.advance(6 * DAY);
		await workflow.poll();
		await workflow.poll();
		const ofContract = () =>
			workflow.items.filter((item) => (item.eventData as IDataObject).clientContractId === contract!.Id);
		expect(ofContract()).toEqual([]);
		// n8n's clock follows: the contract's end is within 14 days now.
		jest.setSystemTime(Date.now() + 6 * DAY);
		await workflow.poll();
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		const mine = ofContract();
		expect(mine).toHaveLength(1);
		expect(mine[0]).toMatchObject({ eventId: 'clientContract.ending', eventData: { endDate: endingDay } });
		expect(new Set(messageIds(workflow.items)).size).toBe(workflow.items.length);
	});

	it('a first poll that runs only after the move passes that contract on as due that morning, once', async () => {
		// The first morning: a contract already ending within Days Ahead when the trigger starts is reached.
		const endingDay = utcDay(Date.now() + 11 * DAY);
		const contract = main().saleRecords.clientContracts.find((c) => c.EndDate === endingDay);
		expect(contract).toBeDefined();
		// Due by every rule of the event: an active holder, the contract running, its end within 14 days.
		const holder = main().clients.find((c) => c.Id === contract!.ClientId)!;
		expect(holder.Status).toBe('Active');
		const answer = await env.staffRest('GET', `/client/clientcontracts?request.clientId=${holder.ClientId}`);
		const view = (answer.body.Contracts as IDataObject[]).find((c) => c.Id === contract!.Id)!;
		expect({ end: String(view.EndDate).slice(0, 10), termination: view.TerminationDate }).toEqual({
			end: endingDay,
			termination: null,
		});
		const workflow = env.workflow({ event: 'contractEnding', daysAhead: 14 });
		await workflow.activate();
		await workflow.poll();
		await workflow.poll();
		const mine = workflow.items.filter((item) => (item.eventData as IDataObject).clientContractId === contract!.Id);
		expect(mine).toHaveLength(1);
		expect(mine[0]).toMatchObject({ eventData: { endDate: endingDay } });
		expect(new Set(messageIds(workflow.items)).size).toBe(workflow.items.length);
	});
});
