import { operations, type SandboxOperation as Operation } from '../reading/operations';
import { findEvent } from '../reading/events';
import { TEST_CARDS } from '../data/saleRecords';
import type { Client, SiteData } from '../data/types';
import { shapeProblems } from '../v6/shapes';
import type { Answer, Harness } from './harness';

/** What the sale area's tests (sandbox/v6/{sales,checkout,contracts}.test.ts) share. */

export const opOf = (key: string): Operation => operations.find((op) => op.service === 'rest' && op.id === key)!;

/**
 * shapeProblems of an answer against the operation's document type. `specFields` names top-level
 * fields the spec states and the document lacks (checkout's Transactions, purchases' Status):
 * only those are let through.
 */
export function answerProblems(key: string, body: unknown, specFields: string[] = []): string[] {
	const answer = opOf(key).v6!.answer!;
	if (body && typeof body === 'object' && !Array.isArray(body) && specFields.length) {
		const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !specFields.includes(name)));
		return shapeProblems(answer, rest);
	}
	return shapeProblems(answer, body);
}

/** After a file's tests: every event the calls emitted matches its webhooks.md schema. */
export function checkAllEvents(h: Harness): void {
	afterAll(() => {
		for (const event of h.sandbox.events) {
			const check = findEvent(event.eventId)?.eventData.safeParse(event.eventData);
			expect([event.eventId, check?.success]).toEqual([event.eventId, true]);
		}
	});
}

export const eventsOf = (h: Harness, eventId: string) =>
	h.sandbox.events.filter((event) => event.eventId === eventId).map((event) => event.eventData);

export const lastEvent = (h: Harness, eventId: string) => eventsOf(h, eventId).at(-1);

// ---- bodies ----

export const cash = (amount: number) => ({ Type: 'Cash', Metadata: { Amount: amount } });

export const cardPayment = (amount: number, number: string = TEST_CARDS.visa, extra: Record<string, unknown> = {}) => ({
	Type: 'CreditCard',
	Metadata: { Amount: amount, CreditCardNumber: number, ExpMonth: '12', ExpYear: '2030', ...extra },
});

export const giftCardPayment = (amount: number, barcode: string) => ({
	Type: 'GiftCard',
	Metadata: { Amount: amount, CardNumber: barcode },
});

export const serviceItem = (id: number, extra: Record<string, unknown> = {}) => ({
	Item: { Type: 'Service', Metadata: { Id: id } },
	...extra,
});

export const productItem = (barcode: string, extra: Record<string, unknown> = {}) => ({
	Item: { Type: 'Product', Metadata: { Id: barcode } },
	...extra,
});

/** Opens an authentication (or payment) page as the consumer's browser would, without following. */
export const visit = (url: string) => fetch(url, { redirect: 'manual' });

export const errorCode = (answer: Answer) => (answer.json as { Error?: { Code?: string } })?.Error?.Code;
export const errorText = (answer: Answer) => (answer.json as { Error?: { Message?: string } })?.Error?.Message ?? '';

/** A client with no history (no sales, services or contracts), added to the site's records. */
export function freshClient(site: SiteData, name: string): Client {
	const id = Math.max(...site.clients.map((c) => c.Id)) + 1;
	const client: Client = {
		Id: id,
		ClientId: String(id),
		FirstName: name,
		LastName: 'Fresh',
		Email: `${name.toLowerCase()}.${id}@clients.example`,
		MobilePhone: '8055550100',
		HomeLocationId: site.locations[0].Id,
		Status: 'Active',
		CreationDate: '2026-01-05T10:00:00Z',
		CustodianId: null,
		AccountBalance: 0,
		LastModifiedDateTime: '2026-01-05T10:00:00Z',
	};
	site.clients.push(client);
	return client;
}
