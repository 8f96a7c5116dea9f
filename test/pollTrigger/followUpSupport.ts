import type { IDataObject } from 'n8n-workflow';

import { fakeDateFrom, usePollSandbox } from './support';

/**
 * What the tests of the follow-up events (Client Lapsed, Membership or Contract Ending, Sessions Running Low,
 * Birthday, First Visit) in n8n's engine against the sandbox, with n8n's clock and the sandbox's
 * moved together across each threshold: each case passed on exactly once across polls and a
 * restart. Only Date is faked; every timer runs as usual.
 */
const START = Date.parse('2027-03-10T12:00:00Z');
/**
 * One sandbox per test file, as usePollSandbox gives it, with n8n's clock (Date) started with the
 * sandbox's at START: a file's tests share one clock that only moves on, so a test that moves it
 * far has a file of its own.
 */
export function useFollowUpSandbox() {
	fakeDateFrom(START);
	const env = usePollSandbox();

	/** Moves n8n's clock and the sandbox's to an instant. */
	async function moveTo(ms: number) {
		const by = ms - Date.now();
		expect(by).toBeGreaterThanOrEqual(0);
		jest.setSystemTime(ms);
		await env.advance(by);
	}

	const main = () => env.sandbox.state.main;

	/** The first class on the main site (UTC) starting after `after` that is not cancelled. */
	function classAfter(after: number) {
		const found = main()
			.classes.filter((c) => !c.IsCanceled && Date.parse(c.StartDateTime) > after && c.TotalBooked < c.MaxCapacity)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime))[0];
		expect(found).toBeDefined();
		return found;
	}

	/** Books a client into a class (unpaid, or paid by a pricing option) and returns the visit id. */
	async function book(clientId: string, classId: number, clientServiceId?: number): Promise<number> {
		const answer = await env.staffRest('POST', '/class/addclienttoclass', {
			ClientId: clientId,
			ClassId: classId,
			RequirePayment: false,
			...(clientServiceId ? { ClientServiceId: clientServiceId } : {}),
		});
		expect(answer.status).toBe(200);
		return Number((answer.body.Visit as IDataObject).Id);
	}

	async function signIn(visitId: number) {
		const answer = await env.staffRest('POST', '/client/updateclientvisit', { VisitId: visitId, SignedIn: true });
		expect(answer.status).toBe(200);
	}

	/** A client books a class, the clocks move to 3 hours after it ended, and she is signed in. */
	async function attend(clientId: string, after = Date.now()) {
		const instance = classAfter(after);
		const visitId = await book(clientId, instance.Id);
		await moveTo(Date.parse(instance.EndDateTime) + 3 * HOUR);
		await signIn(visitId);
		return instance;
	}

	return { env, moveTo, main, classAfter, book, signIn, attend };
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const midnightUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The items about one client. */
export const itemsFor = (items: IDataObject[], clientId: string) =>
	items.filter((item) => (item.eventData as IDataObject).clientId === clientId);

export const messageIds = (items: IDataObject[]) => items.map((item) => item.messageId);
