import { useSandbox } from '../test/harness';
import { DAY, dateOf } from '../data/dates';
import { TEST_CARDS } from '../data/saleRecords';
import type { Client } from '../data/types';
import {
	answerProblems,
	checkAllEvents,
	errorCode,
	eventsOf,
	lastEvent,
	serviceItem,
	cash,
	visit,
} from '../test/saleTestKit';

const h = useSandbox();
checkAllEvents(h);

const CALLBACK = 'https://integration.example/contract-return';
const card = { CreditCardNumber: TEST_CARDS.visa, ExpMonth: '12', ExpYear: '2030', CVV: '123' };

const used = new Set<number>();
/** A client who holds no contract or membership yet, a new one each time. */
const client = (_hint?: number): Client => {
	const found = h
		.site()
		.clients.find(
			(c, index) =>
				index > 40 &&
				!used.has(c.Id) &&
				c.CustodianId === null &&
				!records().clientContracts.some((cc) => cc.ClientId === c.Id) &&
				!records().clientMemberships.some((m) => m.ClientId === c.Id),
		)!;
	used.add(found.Id);
	return found;
};
const records = () => h.site().saleRecords;
const contract = (id: number) => records().contracts.find((c) => c.Id === id)!;
const today = () => dateOf(h.sandbox.clock.now());
const purchase = (body: Record<string, unknown>) => h.call('POST', '/sale/purchasecontract', { body });
const contractsOf = (buyer: Client) => records().clientContracts.filter((cc) => cc.ClientId === buyer.Id);

describe('PurchaseContract (rule 3)', () => {
	it('sells a contract: Status Success, a client contract and membership, clientContract.created from the public API (98)', async () => {
		const buyer = client();
		const sold = contract(301);
		const events = h.sandbox.events.length;
		const answer = await purchase({
			ClientId: buyer.ClientId,
			ContractId: sold.Id,
			LocationId: 1,
			CreditCardInfo: card,
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('PurchaseContract', answer.json, ['Status'])).toEqual([]);
		expect(answer.json).toMatchObject({
			Status: 'Success',
			ContractId: sold.Id,
			PaymentProcessingFailures: [],
			Totals: { Total: sold.FirstPayment, SubTotal: sold.FirstPayment, Discount: 0, Tax: 0 },
		});
		const cc = contractsOf(buyer).at(-1)!;
		expect(answer.json.ClientContractId).toBe(cc.Id);
		const ids = h.sandbox.events.slice(events).map((event) => event.eventId);
		expect(ids).toEqual(['clientSale.created', 'clientContract.created', 'clientMembershipAssignment.created']);
		expect(lastEvent(h, 'clientContract.created')).toMatchObject({
			clientUniqueId: buyer.Id,
			clientId: buyer.ClientId,
			contractId: sold.Id,
			clientContractId: cc.Id,
			contractOriginationLocation: 98,
			contractName: sold.Name,
			contractSoldByStaffId: null,
			contractSoldByStaffFirstName: null,
			contractStartDateTime: `${today()}T00:00:00Z`,
		});
		expect(lastEvent(h, 'clientMembershipAssignment.created')).toMatchObject({
			clientUniqueId: buyer.Id,
			membershipId: sold.MembershipId,
			membershipName: 'Monthly Unlimited',
		});
		const listed = await h.call('GET', '/client/clientcontracts', { query: { 'request.clientId': buyer.ClientId } });
		expect(answerProblems('GetClientContracts', listed.json)).toEqual([]);
		expect(listed.json.Contracts).toEqual([
			expect.objectContaining({ Id: cc.Id, ContractID: sold.Id, AutopayStatus: 'Active', OriginationLocationId: 98 }),
		]);
		const memberships = await h.call('GET', '/client/activeclientmemberships', {
			query: { 'request.clientId': buyer.ClientId },
		});
		expect(memberships.json.ClientMemberships).toEqual([
			expect.objectContaining({ MembershipId: sold.MembershipId, Current: true }),
		]);
	});

	it('a future StartDate moves the contract, its pricing options and membership to that date', async () => {
		const buyer = client();
		const start = dateOf(h.sandbox.clock.now() + 10 * DAY);
		const answer = await purchase({
			ClientId: buyer.ClientId,
			ContractId: 301,
			LocationId: 1,
			StartDate: start,
			CreditCardInfo: card,
		});
		expect(answer.status).toBe(200);
		const cc = contractsOf(buyer).at(-1)!;
		expect(cc.StartDate).toBe(start);
		const services = await h.call('GET', '/client/clientservices', { query: { 'request.clientId': buyer.ClientId } });
		const service = services.json.ClientServices.at(-1);
		expect(service.ActiveDate).toBe(`${start}T00:00:00Z`);
		expect(service.ExpirationDate > service.ActiveDate).toBe(true);
		expect(records().clientMemberships.at(-1)).toMatchObject({ ClientContractId: cc.Id, StartDate: start });
		expect(lastEvent(h, 'clientContract.created')!.contractStartDateTime).toBe(`${start}T00:00:00Z`);
	});

	it('account credit may pay a contract whose first payment is nothing, not one it cannot cover', async () => {
		const buyer = client();
		buyer.AccountBalance = 0;
		const free = await purchase({ ClientId: buyer.ClientId, ContractId: 303, UseAccountCredit: true });
		expect([free.status, free.json.Status, free.json.Totals.Total]).toEqual([200, 'Success', 0]);
		expect(contractsOf(buyer)).toHaveLength(1);
		expect(h.site().sales.at(-1)!.Payments).toEqual([expect.objectContaining({ MethodName: 'Account', Amount: 0 })]);
		const sales = h.site().sales.length;
		const paying = await purchase({ ClientId: buyer.ClientId, ContractId: 301, UseAccountCredit: true });
		expect([paying.status, errorCode(paying)]).toEqual([400, 'InsufficientAccountBalance']);
		expect([contractsOf(buyer).length, h.site().sales.length]).toEqual([1, sales]);
	});

	it('CreditCardInfo takes a CVV: a malformed one is 400', async () => {
		const buyer = client();
		const bad = await purchase({ ClientId: buyer.ClientId, ContractId: 301, CreditCardInfo: { ...card, CVV: '12x' } });
		expect([bad.status, errorCode(bad)]).toEqual([400, 'InvalidCvv']);
		expect(contractsOf(buyer)).toEqual([]);
	});

	it('Test: true prices the purchase and changes nothing', async () => {
		const buyer = client();
		const events = h.sandbox.events.length;
		const answer = await purchase({ ClientId: buyer.ClientId, ContractId: 301, CreditCardInfo: card, Test: true });
		expect([answer.status, answer.json.Status, answer.json.ClientContractId]).toEqual([200, 'Success', null]);
		expect([contractsOf(buyer).length, h.sandbox.events.length]).toEqual([0, events]);
	});
});

describe('contract and gift card challenges (states table)', () => {
	it('a challenged contract waits; the consumer completes the challenge and the purchase completes with no second call', async () => {
		const buyer = client();
		const answer = await h.call('POST', '/sale/purchasecontract', {
			headers: { 'Transaction-Key': 'contract-sca-1' },
			body: {
				ClientId: buyer.ClientId,
				ContractId: 301,
				CreditCardInfo: { ...card, CreditCardNumber: TEST_CARDS.challenge },
				ConsumerPresent: true,
				PaymentAuthenticationCallbackUrl: CALLBACK,
			},
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('PurchaseContract', answer.json, ['Status'])).toEqual([]);
		expect(answer.json.Status).toBe('PaymentAuthenticationRequired');
		const [failure] = answer.json.PaymentProcessingFailures;
		expect(failure).toEqual({
			Type: 'PaymentAuthenticationRequired',
			Message: expect.any(String),
			AuthenticationRedirectUrl: expect.stringContaining('/_sandbox/challenges/'),
		});
		expect(contractsOf(buyer)).toEqual([]);
		const page = await visit(failure.AuthenticationRedirectUrl);
		expect([page.status, page.headers.get('location')]).toEqual([302, CALLBACK]);
		expect(contractsOf(buyer)).toHaveLength(1);
		expect(lastEvent(h, 'clientContract.created')).toMatchObject({ clientUniqueId: buyer.Id });
		// Events of the completed purchase carry the opening call's source and Transaction-Key.
		expect(h.sandbox.events.at(-1)!.cause).toMatchObject({
			sourceName: 'Sandbox Integration',
			transactionKey: 'contract-sca-1',
		});
		const transaction = records().transactions.find((t) => t.ClientId === buyer.Id)!;
		expect(transaction).toMatchObject({ Status: 'Approved', SaleId: h.site().sales.at(-1)!.Id });
	});

	it('a challenge not completed within 15 minutes abandons the cart and voids the authorization', async () => {
		const buyer = client();
		const answer = await purchase({
			ClientId: buyer.ClientId,
			ContractId: 301,
			CreditCardInfo: { ...card, CreditCardNumber: TEST_CARDS.challenge },
			ConsumerPresent: true,
			PaymentAuthenticationCallbackUrl: CALLBACK,
		});
		await h.sandbox.clock.advance(15 * 60_000);
		expect(records().transactions.find((t) => t.ClientId === buyer.Id)!.Status).toBe('Voided');
		const late = await visit(answer.json.PaymentProcessingFailures[0].AuthenticationRedirectUrl);
		expect(late.status).toBe(410);
		expect(contractsOf(buyer)).toEqual([]);
	});

	it('a challenged gift card purchase completes when the consumer completes the challenge', async () => {
		const buyer = client();
		const giftCard = records().giftCards[1];
		const answer = await h.call('POST', '/sale/purchasegiftcard', {
			body: {
				LocationId: 1,
				PurchaserClientId: buyer.ClientId,
				GiftCardId: giftCard.Id,
				BarcodeId: 'SCA-GIFT-1',
				PaymentInfo: {
					Type: 'CreditCard',
					Metadata: {
						Amount: giftCard.SalePrice,
						CreditCardNumber: TEST_CARDS.challenge,
						ExpMonth: '12',
						ExpYear: '2030',
					},
				},
				ConsumerPresent: true,
				PaymentAuthenticationCallbackUrl: CALLBACK,
			},
		});
		expect(answer.json.Status).toBe('PaymentAuthenticationRequired');
		expect(answerProblems('PurchaseGiftCard', answer.json, ['Status'])).toEqual([]);
		const unknown = await h.call('GET', '/sale/giftcardbalance', { query: { barcodeId: 'SCA-GIFT-1' } });
		expect(unknown.status).toBe(404);
		await visit(answer.json.PaymentProcessingFailures[0].AuthenticationRedirectUrl);
		const balance = await h.call('GET', '/sale/giftcardbalance', { query: { barcodeId: 'SCA-GIFT-1' } });
		expect(balance.json.RemainingBalance).toBe(giftCard.Value);
	});

	it('a challenged card without ConsumerPresent fails at once and charges nothing', async () => {
		const buyer = client();
		const answer = await purchase({
			ClientId: buyer.ClientId,
			ContractId: 301,
			CreditCardInfo: { ...card, CreditCardNumber: TEST_CARDS.challenge },
		});
		expect([answer.status, errorCode(answer)]).toEqual([400, 'PaymentAuthenticationRequired']);
		expect(records().transactions.filter((t) => t.ClientId === buyer.Id)).toEqual([]);
	});
});

describe('alternative payments for contracts', () => {
	it('a wallet (801) completes at once; a bank payment (997) completes when the consumer pays; the status reads it', async () => {
		const wallet = client();
		const quick = await h.call('POST', '/sale/initiatepurchasecontract', {
			body: { ClientId: wallet.ClientId, ContractId: 301, PaymentMethodId: 801 },
		});
		expect(quick.json.Status).toBe('Success');
		expect(contractsOf(wallet)).toHaveLength(1);
		const bank = client();
		const slow = await h.call('POST', '/sale/initiatepurchasecontract', {
			body: {
				ClientId: bank.ClientId,
				ContractId: 301,
				PaymentMethodId: 997,
				PaymentAuthenticationCallbackUrl: CALLBACK,
			},
		});
		const status = () =>
			h.call('GET', '/sale/purchasecontractstatus', { query: { accessToken: slow.json.AccessToken } });
		const pending = await status();
		expect(answerProblems('GetPurchaseContractStatus', pending.json, ['Status'])).toEqual([]);
		expect([pending.json.Status, pending.json.ClientContractId]).toEqual(['PaymentPending', null]);
		await visit(slow.json.PaymentRedirectUrl);
		const done = await status();
		expect(done.json.Status).toBe('Success');
		expect(done.json.ClientContractId).toBe(contractsOf(bank)[0].Id);
	});
});

describe('client contracts: suspend, terminate, autopays (clientContract.updated)', () => {
	const seeded = () =>
		records().clientContracts.find((cc) => cc.Status === 'Active' && cc.SaleId === null && !cc.TerminationDate)!;

	it('suspends a contract: Suspended, no autopay while suspended, end moved, clientContract.updated', async () => {
		const cc = seeded();
		const holder = h.site().clients.find((c) => c.Id === cc.ClientId)!;
		const end = cc.EndDate;
		const answer = await h.call('POST', '/client/suspendcontract', {
			body: {
				ClientId: holder.ClientId,
				ClientContractId: cc.Id,
				Duration: 2,
				DurationUnit: 2,
				SuspensionType: 'Vacation',
			},
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('SuspendContract', answer.json)).toEqual([]);
		expect(answer.json.Contract).toMatchObject({ Id: cc.Id, AutopayStatus: 'Suspended' });
		const resumes = dateOf(h.sandbox.clock.now() + 14 * DAY);
		expect(
			answer.json.Contract.UpcomingAutopayEvents.filter(
				(e: { ScheduleDate: string }) => e.ScheduleDate < `${resumes}T`,
			),
		).toEqual([]);
		expect(cc.Status).toBe('Suspended');
		expect(cc.EndDate).toBe(dateOf(Date.parse(`${end}T00:00:00Z`) + 14 * DAY));
		expect(lastEvent(h, 'clientContract.updated')).toMatchObject({
			clientContractId: cc.Id,
			clientId: holder.ClientId,
			contractEndDateTime: `${cc.EndDate}T00:00:00Z`,
		});
		const again = await h.call('POST', '/client/suspendcontract', {
			body: { ClientId: holder.ClientId, ClientContractId: cc.Id, Duration: 1 },
		});
		expect([again.status, errorCode(again)]).toEqual([400, 'ContractAlreadySuspended']);
	});

	it('terminates a contract: termination date, membership cancelled when it takes effect, clientContract.updated', async () => {
		const cc = records()
			.clientContracts.filter(
				(c) =>
					c.Status === 'Active' &&
					c.SaleId === null &&
					records().clientMemberships.some((m) => m.ClientContractId === c.Id),
			)
			.at(-1)!;
		const holder = h.site().clients.find((c) => c.Id === cc.ClientId)!;
		const membership = records().clientMemberships.find((m) => m.ClientContractId === cc.Id)!;
		expect(membership.Status).toBe('Active');
		const updates = eventsOf(h, 'clientContract.updated').length;
		const answer = await h.call('POST', '/client/terminatecontract', {
			body: { ClientId: holder.ClientId, ClientContractId: cc.Id, TerminationDate: today(), TerminationCode: 'Moving' },
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('TerminateContract', answer.json)).toEqual([]);
		expect(answer.json.Contract).toMatchObject({ TerminationDate: `${today()}T00:00:00Z`, AutopayStatus: 'Inactive' });
		expect(eventsOf(h, 'clientContract.updated')).toHaveLength(updates + 1);
		expect(membership.Status).toBe('Cancelled');
		expect(lastEvent(h, 'clientMembershipAssignment.cancelled')).toEqual({
			siteId: h.sandbox.siteId,
			membershipId: membership.MembershipId,
			clientId: holder.ClientId,
		});
		const again = await h.call('POST', '/client/terminatecontract', {
			body: { ClientId: holder.ClientId, ClientContractId: cc.Id, TerminationDate: today() },
		});
		expect([again.status, errorCode(again)]).toEqual([400, 'ContractAlreadyTerminated']);
	});

	it('changes the amount of upcoming autopays (clientContract.updated)', async () => {
		const cc = records().clientContracts.find(
			(c) => c.Status === 'Active' && c.SaleId === null && !c.TerminationDate && !(c.Suspensions ?? []).length,
		)!;
		const holder = h.site().clients.find((c) => c.Id === cc.ClientId)!;
		const answer = await h.call('POST', '/client/updateclientcontractautopays', {
			body: { ClientContractId: cc.Id, Amount: 42.5 },
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('UpdateClientContractAutopays', answer.json)).toEqual([]);
		const listed = await h.call('GET', '/client/clientcontracts', { query: { 'request.clientId': holder.ClientId } });
		const view = listed.json.Contracts.find((c: { Id: number }) => c.Id === cc.Id);
		expect(view.UpcomingAutopayEvents.length).toBeGreaterThan(0);
		expect(view.UpcomingAutopayEvents.every((e: { ChargeAmount: number }) => e.ChargeAmount === 42.5)).toBe(true);
		expect(lastEvent(h, 'clientContract.updated')).toMatchObject({ clientContractId: cc.Id });
	});

	it('lists the active memberships of several clients, naming those not found', async () => {
		const held = records().clientMemberships.filter(
			(m) => m.Status === 'Active' && m.StartDate <= today() && today() <= m.EndDate,
		);
		const [a, b] = held.map((m) => h.site().clients.find((c) => c.Id === m.ClientId)!);
		const answer = await h.call('GET', '/client/activeclientsmemberships', {
			query: { 'request.clientIds': [a.ClientId, b.ClientId, '999999'] },
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('GetActiveClientsMemberships', answer.json)).toEqual([]);
		expect(
			answer.json.ClientMemberships.map((m: { ClientId: string; Memberships: unknown[] }) => [
				m.ClientId,
				m.Memberships.length > 0,
			]),
		).toEqual([
			[a.ClientId, true],
			[b.ClientId, true],
			['999999', false],
		]);
		expect(answer.json.ClientMemberships[2].ErrorMessage).toMatch(/not found/);
		const both = await h.call('GET', '/client/activeclientmemberships', {
			query: { 'request.clientId': a.ClientId, 'request.crossRegionalLookup': true, 'request.locationId': 1 },
		});
		expect(both.status).toBe(400);
	});
});

describe('ReturnSale of a contract (rule 17, Events rule 3)', () => {
	it('returns the sale as account credit, deletes the contract and voids its membership', async () => {
		const buyer = client();
		buyer.AccountBalance = 0;
		const sold = contract(301);
		const bought = await purchase({ ClientId: buyer.ClientId, ContractId: sold.Id, CreditCardInfo: card });
		const cc = contractsOf(buyer)[0];
		const saleId = h.site().sales.at(-1)!.Id;
		const membership = records().clientMemberships.find((m) => m.ClientContractId === cc.Id)!;
		expect(bought.json.ClientContractId).toBe(cc.Id);
		const answer = await h.call('POST', '/sale/returnsale', {
			body: { SaleId: saleId, ReturnReason: 'Changed plans' },
		});
		expect(answer.status).toBe(200);
		expect(answerProblems('ReturnSale', answer.json)).toEqual([]);
		expect(answer.json).toMatchObject({ Amount: sold.FirstPayment, ReturnSaleID: h.site().sales.at(-1)!.Id });
		expect(buyer.AccountBalance).toBe(sold.FirstPayment);
		expect(contractsOf(buyer)).toEqual([]);
		expect(membership.Status).toBe('Cancelled');
		expect(lastEvent(h, 'clientMembershipAssignment.cancelled')).toEqual({
			siteId: h.sandbox.siteId,
			membershipId: sold.MembershipId,
			clientId: buyer.ClientId,
		});
		expect(lastEvent(h, 'clientContract.cancelled')).toMatchObject({ clientContractId: cc.Id });
		const memberships = await h.call('GET', '/client/activeclientmemberships', {
			query: { 'request.clientId': buyer.ClientId },
		});
		expect(memberships.json.ClientMemberships).toEqual([]);
		// The credit pays the next purchase.
		const spend = await h.call('POST', '/sale/checkoutshoppingcart', {
			body: {
				CalculateTax: false,
				ClientId: buyer.ClientId,
				LocationId: 1,
				Items: [serviceItem(records().pricingOptions[0].Id)],
				Payments: [{ Type: 'DebitAccount', Metadata: { Amount: records().pricingOptions[0].Price } }, cash(0)],
			},
		});
		expect(spend.status).toBe(200);
		expect(buyer.AccountBalance).toBe(sold.FirstPayment - records().pricingOptions[0].Price);
	});
});

describe('where the sandbox chooses: dates before today', () => {
	const yesterday = () => dateOf(h.sandbox.clock.now() - DAY);
	const active = () =>
		records().clientContracts.filter(
			(cc) =>
				cc.Status === 'Active' &&
				cc.SaleId === null &&
				!cc.TerminationDate &&
				!(cc.Suspensions ?? []).length &&
				cc.StartDate < yesterday(),
		);

	it('a past StartDate, SuspensionStart or TerminationDate is taken: the document bounds none of them before today', async () => {
		const buyer = client();
		const bought = await purchase({
			ClientId: buyer.ClientId,
			ContractId: 301,
			LocationId: 1,
			StartDate: yesterday(),
			CreditCardInfo: card,
		});
		expect(bought.status).toBe(200);
		expect(contractsOf(buyer)[0].StartDate).toBe(yesterday());

		const [suspended, terminated] = active().slice(-2);
		const holderOf = (cc: { ClientId: number }) => h.site().clients.find((c) => c.Id === cc.ClientId)!.ClientId;
		const suspension = await h.call('POST', '/client/suspendcontract', {
			body: {
				ClientId: holderOf(suspended),
				ClientContractId: suspended.Id,
				SuspensionStart: yesterday(),
				Duration: 1,
				DurationUnit: 2,
			},
		});
		expect([suspension.status, suspension.json.Contract?.AutopayStatus]).toEqual([200, 'Suspended']);
		const termination = await h.call('POST', '/client/terminatecontract', {
			body: { ClientId: holderOf(terminated), ClientContractId: terminated.Id, TerminationDate: yesterday() },
		});
		expect([termination.status, termination.json.Contract?.TerminationDate]).toEqual([200, `${yesterday()}T00:00:00Z`]);
	});
});
