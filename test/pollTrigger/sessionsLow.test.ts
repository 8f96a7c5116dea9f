import type { IDataObject } from 'n8n-workflow';

import { DAY, HOUR, midnightUtc, utcDay, useFollowUpSandbox } from './followUpSupport';

/** Sessions Running Low: a booking leaving one session, then an expiry coming within Days Ahead. Each case passed on exactly once across polls and a restart. */
const { env, moveTo, main, classAfter, book, signIn } = useFollowUpSandbox();

describe('Mindbody Poll Trigger: Sessions Running Low', () => {
	it('passes a pricing option on once when a booking leaves it at Sessions Left', async () => {
		const today = utcDay(Date.now());
		const service = main().clientServices.find(
			(s) =>
				s.Remaining === 2 &&
				s.ExpirationDate > utcDay(Date.now() + 60 * DAY) &&
				s.ActiveDate <= today &&
				main().clients.find((c) => c.Id === s.ClientId)?.Status === 'Active',
		);
		expect(service).toBeDefined();
		const holder = main().clients.find((c) => c.Id === service!.ClientId)!;
		const workflow = env.workflow({ event: 'sessionsLow', sessionsLeft: 1, daysAhead: 14 });
		await workflow.activate();
		const mine = () => workflow.items.filter((item) => (item.eventData as IDataObject).clientServiceId === service!.Id);
		const instance = classAfter(Date.now());
		const visitId = await book(holder.ClientId, instance.Id, service!.Id);
		await moveTo(Date.parse(instance.EndDateTime) + 3 * HOUR);
		await signIn(visitId);
		await workflow.poll();
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(mine()).toHaveLength(1);
		expect(mine()[0]).toMatchObject({
			eventId: 'clientService.runningLow',
			eventData: { clientId: holder.ClientId, reason: 'sessionsLeft', remaining: 1 },
		});
	});
	it('passes a pricing option on once when its expiry comes within Days Ahead', async () => {
		const from = utcDay(Date.now() + 20 * DAY);
		const to = utcDay(Date.now() + 40 * DAY);
		const service = main().clientServices.find(
			(s) =>
				s.Remaining > 3 &&
				s.ExpirationDate >= from &&
				s.ExpirationDate <= to &&
				main().clients.find((c) => c.Id === s.ClientId)?.Status === 'Active',
		);
		expect(service).toBeDefined();
		const workflow = env.workflow({ event: 'sessionsLow', daysAhead: 14 });
		await workflow.activate();
		const mine = () => workflow.items.filter((item) => (item.eventData as IDataObject).clientServiceId === service!.Id);
		await moveTo(midnightUtc(service!.ExpirationDate) - 15 * DAY + HOUR);
		await workflow.poll();
		expect(mine()).toEqual([]);
		await moveTo(midnightUtc(service!.ExpirationDate) - 14 * DAY + HOUR);
		await workflow.poll();
		await workflow.poll();
		expect(mine()).toHaveLength(1);
		expect(mine()[0]).toMatchObject({
			eventData: { reason: 'expiring', expirationDate: service!.ExpirationDate },
		});
	});
});
