import type { IDataObject } from 'n8n-workflow';

import { DAY, HOUR, messageIds, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/** Membership or Contract Ending: a seeded contract's end coming within Days Ahead. Each case passed on exactly once across polls and a restart. */
const { env, moveTo, main } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Membership or Contract Ending', () => {
	it('passes a contract on once when its end comes within Days Ahead', async () => {
		const today = utcDay(Date.now());
		// A seeded contract of an active client, first due (last autopay or end) 20 to 60 days from now.
		let chosen: { contract: IDataObject; clientId: string; due: string; end: string } | undefined;
		for (const cc of main().saleRecords.clientContracts) {
			const holder = main().clients.find((c) => c.Id === cc.ClientId);
			if (!holder || holder.Status !== 'Active') continue;
			const answer = await env.staffRest('GET', `/client/clientcontracts?request.clientId=${holder.ClientId}`);
			const contract = (answer.body.Contracts as IDataObject[]).find((c) => c.Id === cc.Id);
			if (!contract || contract.TerminationDate) continue;
			const end = String(contract.EndDate).slice(0, 10);
			const autopays = (contract.UpcomingAutopayEvents as IDataObject[]).map((e) =>
				String(e.ScheduleDate).slice(0, 10),
			);
			const due = autopays.length && autopays[autopays.length - 1] < end ? autopays[autopays.length - 1] : end;
			const ahead = (midnightUtc(due) - midnightUtc(today)) / DAY;
			if (ahead >= 20 && ahead <= 60 && autopays.length < 12) {
				chosen = { contract, clientId: holder.ClientId, due, end };
				break;
			}
		}
		expect(chosen).toBeDefined();
		const { contract, due, end } = chosen!;
		const workflow = env.workflow({ event: 'contractEnding', daysAhead: 14 });
		await workflow.activate();
		const mine = () =>
			workflow.items.filter((item) => (item.eventData as IDataObject).clientContractId === contract.Id);
		// The day before the window reaches it, then the day it does.
		await moveTo(midnightUtc(due) - 15 * DAY + HOUR);
		await workflow.poll();
		expect(mine()).toEqual([]);
		await moveTo(midnightUtc(due) - 14 * DAY + HOUR);
		await workflow.poll();
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(mine()).toHaveLength(1);
		expect(mine()[0]).toMatchObject({
			eventId: 'clientContract.ending',
			eventData: { clientId: chosen!.clientId, endDate: end },
		});
		expect(new Set(messageIds(workflow.items)).size).toBe(workflow.items.length);
	});
});
