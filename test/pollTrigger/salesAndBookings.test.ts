import type { IDataObject } from 'n8n-workflow';

import { findEvent } from '../../nodes/shared/events/eventCatalogue';
import { dataOf, usePollSandbox } from './support';

const env = usePollSandbox();

const card = { CreditCardNumber: '4111111111111111', ExpMonth: '12', ExpYear: '2030', CVV: '123' };

/** A new client buys contract 301 (a sale with the contract among its items). */
async function buyContract(name: string) {
	const client = await env.addClient(name, 'Member');
	const { status, body } = await env.rest('POST', '/sale/purchasecontract', {
		ClientId: client.Id,
		ContractId: 301,
		LocationId: 1,
		CreditCardInfo: card,
	});
	if (status !== 200) throw new Error(`purchasecontract ${status}: ${JSON.stringify(body)}`);
	return { client, purchase: body };
}

/** The webhook eventData the sandbox emitted for the same change. */
const delivered = (eventId: string, match: (data: IDataObject) => boolean) =>
	env.sandbox.events
		.filter((event) => event.eventId === eventId)
		.find((event) => match(event.eventData as IDataObject))!.eventData as IDataObject;

/** Every field of the event, and the webhook's value wherever the list holds one. */
function expectShapedLike(eventId: string, data: IDataObject, webhook: IDataObject, unknown: string[]) {
	expect(Object.keys(data).sort()).toEqual(Object.keys(findEvent(eventId)!.eventData.shape).sort());
	for (const key of unknown) expect([key, data[key]]).toEqual([key, null]);
	const known = Object.keys(webhook).filter((key) => !unknown.includes(key));
	expect(Object.fromEntries(known.map((key) => [key, data[key]]))).toEqual(
		Object.fromEntries(known.map((key) => [key, webhook[key]])),
	);
}

describe('Mindbody Poll Trigger: New Sale', () => {
	it('passes a sale on once, shaped like clientSale.created, at one request per idle poll', async () => {
		const workflow = env.workflow({ event: 'saleCreated' });
		await workflow.activate();
		const { client } = await buyContract('Uma');
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /sale/sales']);
		expect(workflow.items).toHaveLength(1);
		const [data] = dataOf(workflow.items);
		expect(workflow.items[0].eventId).toBe('clientSale.created');
		const webhook = delivered('clientSale.created', (d) => d.purchasingClientId === client.Id);
		// A sale's payments do not hold the card's last digits.
		const withoutCard = (sale: IDataObject) => ({
			...sale,
			payments: (sale.payments as IDataObject[]).map(({ paymentLastFour: _, ...payment }) => payment),
		});
		expect((data.payments as IDataObject[]).map((payment) => payment.paymentLastFour)).toEqual([null]);
		expectShapedLike('clientSale.created', withoutCard(data), withoutCard(webhook), ['soldByName']);
	});
});

describe('Mindbody Poll Trigger: New Client Contract', () => {
	it("passes a sold contract on once: the new sale, then the client's contracts", async () => {
		const workflow = env.workflow({ event: 'clientContractCreated' });
		await workflow.activate();
		const { client, purchase } = await buyContract('Vic');
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /sale/sales',
			'GET /client/clientcontracts',
		]);
		await workflow.poll();
		expect(workflow.items).toHaveLength(1);
		expect(workflow.items[0].eventId).toBe('clientContract.created');
		const [data] = dataOf(workflow.items);
		expect(data).toMatchObject({ clientContractId: purchase.ClientContractId, contractId: 301, clientId: client.Id });
		const webhook = delivered('clientContract.created', (d) => d.clientContractId === purchase.ClientContractId);
		expectShapedLike('clientContract.created', data, webhook, [
			'clientFirstName',
			'clientLastName',
			'clientEmail',
			'contractSoldByStaffFirstName',
			'contractSoldByStaffLastName',
		]);
	});
});

describe('Fetch Test Event for sales and contracts', () => {
	it("shows the newest sale, and the newest sale's contract after reading one client's contracts", async () => {
		await buyContract('Xia');
		await env.advance(1000);
		const { purchase } = await buyContract('Yul');
		const sales = await env.workflow({ event: 'saleCreated' }).fetchTestEvent();
		expect(sales.items).toEqual([
			expect.objectContaining({
				eventId: 'clientSale.created',
				eventData: expect.objectContaining({ purchasingClientId: purchase.ClientId }),
			}),
		]);
		env.sandbox.log.clear();
		const contracts = await env.workflow({ event: 'clientContractCreated' }).fetchTestEvent();
		expect(contracts.items).toEqual([
			expect.objectContaining({
				eventId: 'clientContract.created',
				eventData: expect.objectContaining({ clientContractId: purchase.ClientContractId }),
			}),
		]);
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /sale/sales',
			'GET /client/clientcontracts',
		]);
	});

	it('says so when there is nothing recent to show', async () => {
		const size = env.sandbox.state.size;
		env.sandbox.reseed(7, { ...size, sales: 0 });
		try {
			const { items, error } = await env.workflow({ event: 'saleCreated' }).fetchTestEvent();
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/nothing recent/i);
		} finally {
			env.sandbox.reseed(7, size);
		}
	});
});

describe('Mindbody Poll Trigger: New Class Booking', () => {
	const inWindow = () => {
		const now = env.sandbox.clock.now();
		return env.sandbox.state.main.classes
			.filter(
				(c) =>
					!c.IsCanceled &&
					!c.Hidden &&
					Date.parse(c.StartDateTime) > now + 3_600_000 &&
					Date.parse(c.StartDateTime) < now + 2 * 86_400_000 &&
					c.TotalBooked < c.MaxCapacity - 2,
			)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime));
	};

	it('passes a new booking on once; a booking made before activation that changes stays quiet', async () => {
		const workflow = env.workflow({ event: 'classBookingCreated', lookAheadDays: 3 });
		await workflow.activate();
		const classes = inWindow();
		const earlier = env.sandbox.state.main.classRecords.visits.find(
			(v) => v.Status === 'Booked' && classes.some((c) => c.Id === v.ClassId),
		)!;
		await env.advance(1000);
		const signedIn = await env.staffRest('POST', '/client/updateclientvisit', { VisitId: earlier.Id, SignedIn: true });
		expect(signedIn.status).toBe(200);
		const client = await env.addClient('Wes', 'Booker');
		const booking = await env.staffRest('POST', '/class/addclienttoclass', {
			ClientId: client.Id,
			ClassId: classes[0].Id,
		});
		expect(booking.status).toBe(200);
		const visit = booking.body.Visit as IDataObject;
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /class/classes']);
		expect(workflow.items).toHaveLength(1);
		expect(workflow.items[0]).toMatchObject({
			eventId: 'classRosterBooking.created',
			eventData: { classRosterBookingId: visit.Id, classId: classes[0].Id, clientId: client.Id },
		});
		const webhook = delivered('classRosterBooking.created', (d) => d.classRosterBookingId === visit.Id);
		expectShapedLike('classRosterBooking.created', dataOf(workflow.items)[0], webhook, [
			'clientFirstName',
			'clientLastName',
			'clientEmail',
			'clientPhone',
			'bookingOriginatedFromWaitlist',
			'clientsNumberOfVisitsAtSite',
			'itemSiteId',
		]);
	});
});

describe('Mindbody Poll Trigger: New or Changed Appointment', () => {
	it('passes a change on once, at one request per poll while the window fits one page', async () => {
		const workflow = env.workflow({ event: 'appointmentChanged', lookAheadDays: 14 });
		await workflow.activate();
		const now = env.sandbox.clock.now();
		const appointment = env.sandbox.state.main.appointments.find(
			(a) =>
				a.Status === 'Booked' &&
				Date.parse(a.StartDateTime) > now + 86_400_000 &&
				Date.parse(a.StartDateTime) < now + 10 * 86_400_000,
		)!;
		const changed = await env.staffRest('POST', '/appointment/updateappointment', {
			AppointmentId: appointment.Id,
			Notes: 'Bring a towel',
		});
		expect(changed.status).toBe(200);
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /appointment/staffappointments',
		]);
		expect(workflow.items).toHaveLength(1);
		expect(workflow.items[0]).toMatchObject({
			eventId: 'appointmentBooking.updated',
			eventData: { appointmentId: appointment.Id, notes: 'Bring a towel' },
		});
		const webhook = delivered('appointmentBooking.updated', (d) => d.appointmentId === appointment.Id);
		expectShapedLike('appointmentBooking.updated', dataOf(workflow.items)[0], webhook, [
			'clientFirstName',
			'clientLastName',
			'clientEmail',
			'clientPhone',
			'formulaNotes',
			'icdCodes',
			'appointmentName',
		]);
	});
});
