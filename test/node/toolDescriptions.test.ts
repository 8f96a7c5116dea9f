import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import storedToolDescriptions from '../../nodes/Mindbody/toolDescriptions.json';
import { nodeProperties } from '../../nodes/Mindbody/description';
import { idFieldsOf } from '../../nodes/Mindbody/description/toolDescriptions';
import { operations, resources, tasks, type ListSource, type Operation } from '../../nodes/shared/catalogue';
import {
	TOOL_DESCRIPTION_LIMIT,
	TOOL_WORDS,
	labelOf,
	toolDescriptionOf,
	type OperationKey,
} from '../../nodes/shared/catalogue/toolDescriptions';
import { V6_TYPES } from '../../document/facts';

/**
 * The node is usableAsTool. n8n runs it as an AI agent's tool under the name `mindbodyTool`: a copy of
 * the node's description whose name ends in "Tool", with a Description field of its own added unless
 * the node has one (n8n's convertNodeToAiTool). This node has one per operation, shown only there
 * (`@tool`), whose default says what the operation does, whether it only reads, changes data or
 * books and charges, which operation gives each ID it needs and what it answers. As at run time, the
 * parameters are resolved with their defaults (n8n's Workflow does this) before n8n's own code reads
 * the description.
 */
const nodeType = new Mindbody();
const toolType = { description: { ...nodeType.description, name: `${nodeType.description.name}Tool` } };

/** The node's parameters with defaults, as n8n resolves them for this description. */
const resolved = (description: INodeTypeDescription, resource: string, operation: string) => {
	const node = { parameters: { resource, operation }, typeVersion: 1 } as unknown as INode;
	return NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description)!;
};

const toolDescription = (resource: string, operation: string, given: INodeParameters = {}) =>
	NodeHelpers.getToolDescriptionForNode(
		{ parameters: { ...resolved(toolType.description, resource, operation), ...given } } as unknown as INode,
		toolType as never,
	);

const keyOf = (op: Operation) => `${op.resource}.${op.operation}` as OperationKey;
const described = new Map(operations.map((op) => [keyOf(op), toolDescription(op.resource, op.operation)]));
const descriptionOf = (key: string) => described.get(key as OperationKey)!;
const sentence = (text: string) => `${text.replace(/\.$/, '')}.`;

const CAUTIONED = [
	'appointment.book',
	'appointment.bookMultiple',
	'appointment.bookRecurring',
	'appointment.modify',
	'appointment.removeFromWaitlist',
	'appointment.update',
	'appointmentAddOn.add',
	'appointmentAddOn.book',
	'appointmentAddOn.delete',
	'appointmentAddOn.modify',
	'appointmentAddOn.remove',
	'appointmentRequest.approve',
	'appointmentRequest.deny',
	'appointmentRequest.denyMultiple',
	'autopay.closeRegion',
	'autopay.closeSubscriber',
	'autopay.suspendRegion',
	'autopay.suspendSubscriber',
	'availability.addForStaff',
	'availability.delete',
	'availability.update',
	'class.addClient',
	'class.cancel',
	'class.removeClient',
	'class.removeClients',
	'class.removeFromWaitlist',
	'class.substituteTeacher',
	'classSchedule.create',
	'classSchedule.update',
	'client.addArrival',
	'client.addDirectDebitInfo',
	'client.copyCreditCard',
	'client.deleteDirectDebitInfo',
	'client.merge',
	'client.updateRewards',
	'client.updateService',
	'client.updateVisit',
	'clientContract.suspend',
	'clientContract.terminate',
	'clientContract.updateAutopays',
	'consumerBooking.book',
	'consumerBooking.bookWithAddOns',
	'contract.initiatePurchase',
	'contract.purchase',
	'enrollment.addClient',
	'enrollment.createSchedule',
	'enrollment.updateSchedule',
	'giftCard.purchase',
	'pickASpot.deleteReservation',
	'pickASpot.reserve',
	'pickASpot.updateReservation',
	'pricingOption.update',
	'pricingOption.updatePrices',
	'product.updatePrice',
	'product.updatePrices',
	'promoCode.add',
	'promoCode.create',
	'promoCode.deactivate',
	'promoCode.update',
	'sale.applyPaymentOptions',
	'sale.checkout',
	'sale.completeCheckout',
	'sale.initiateCheckout',
	'sale.purchaseAccountCredit',
	'sale.return',
	'sale.updateDate',
	'staff.addAvailability',
	'staff.assignSessionType',
	'staff.create',
	'staff.update',
	'staff.updatePermissions',
];

/**
 * The lists the operation's required IDs are picked from, read from the catalogue rather than from
 * the node's fields the descriptions are built from: required parameters, and the required fields
 * of a v6 body (a flattened record's too) that the catalogue's words give a list.
 */
function requiredLists(op: Operation): ListSource[] {
	const fromParams = op.params.filter((param) => param.required && param.listSource).map((param) => param.listSource!);
	const body = op.body?.shape ? op.body : undefined;
	if (!body) return fromParams;
	const required = V6_TYPES[body.shape.type].required ?? [];
	const fromBody = required.flatMap((field) => body.fieldWords?.[field]?.listSource ?? []);
	const flattened = body.flatten?.required.flatMap((field) => body.flatten?.words?.[field]?.listSource ?? []) ?? [];
	return [...fromParams, ...fromBody, ...flattened];
}

describe('tool descriptions an agent can act on', () => {
	test('every operation has one: what it does first, its effect, what it answers, within the limit', () => {
		expect(described.size).toBe(operations.length);
		for (const op of operations) {
			const text = descriptionOf(keyOf(op));
			const effect = op.toolWarning
				? `Caution: ${op.toolWarning}.`
				: op.method === 'GET' || TOOL_WORDS[keyOf(op)]?.readsOnly
					? 'Only reads'
					: 'Changes data in Mindbody.';
			expect([keyOf(op), text.length <= TOOL_DESCRIPTION_LIMIT]).toEqual([keyOf(op), true]);
			expect([keyOf(op), text]).toEqual([
				keyOf(op),
				expect.stringMatching(new RegExp(`^${escape(sentence(TOOL_WORDS[keyOf(op)]?.does ?? op.description))} `)),
			]);
			expect([keyOf(op), text]).toEqual([keyOf(op), expect.stringContaining(effect)]);
			expect([keyOf(op), text]).toEqual([keyOf(op), expect.stringMatching(/ Answers with [^]+\.$/)]);
		}
	});

	test('each required ID picked from a list names the operation that lists it', () => {
		let named = 0;
		for (const op of operations) {
			const needs = /Needs ([^.]+)\./.exec(descriptionOf(keyOf(op)))?.[1] ?? '';
			for (const list of requiredLists(op)) {
				const servers = operations.filter((other) => other.serves === list);
				expect(servers).toHaveLength(1);
				if (servers[0] === op) continue;
				expect([keyOf(op), needs]).toEqual([keyOf(op), expect.stringContaining(`from ${labelOf(servers[0])}`)]);
				named += 1;
			}
		}
		// Bookings, sales and the client's own records among them: the check reads real requirements.
		expect(named).toBeGreaterThan(40);
		expect(descriptionOf('class.addClient')).toContain(
			"Needs the Client's ID from Client → Get Many; the Class's ID from Class → Get Many.",
		);
	});

	test('IDs no list gives come from a read named by hand', () => {
		const byKey = new Map(operations.map((op) => [keyOf(op), op]));
		for (const [key, words] of Object.entries(TOOL_WORDS)) {
			expect([key, byKey.has(key as OperationKey)]).toEqual([key, true]);
			for (const [id, from] of Object.entries(words.needs ?? {})) {
				const source = byKey.get(from)!;
				expect([key, id, source.method === 'GET' || TOOL_WORDS[from]?.readsOnly === true]).toEqual([key, id, true]);
				expect(descriptionOf(key)).toContain(`the ${id} from ${labelOf(source)}`);
			}
		}
		expect(descriptionOf('clientContract.terminate')).toContain(
			"Needs the Client's ID from Client → Get Many; the Client Contract ID from Client Contract → Get Many.",
		);
	});

	test('a read, a booking and a charge, as an agent reads them', () => {
		expect(descriptionOf('client.getMany')).toBe(
			'Finds clients by name, e-mail address or phone number (Search Text), or by their IDs. Only reads. ' +
				"Answers with each client's Id (the client ID other operations ask for), FirstName, LastName, Email, MobilePhone and Status.",
		);
		expect(descriptionOf('class.addClient')).toBe(
			'Books one client into one class, or onto its waiting list when the class is full. ' +
				'Caution: books the client into a real class. ' +
				"Needs the Client's ID from Client → Get Many; the Class's ID from Class → Get Many. " +
				"Also takes the Client's Pricing Option's ID from Client → Get Pricing Options. " +
				'Answers with the visit made: its Id, ClassId, ClientId, StartDateTime (UTC) and ServiceName (the pricing option that pays).',
		);
		expect(descriptionOf('sale.checkout')).toBe(
			'Sells the items of a cart to a client and takes payment, booking any class paid for; a card challenge needs a second call. ' +
				'Caution: charges the client. ' +
				'Needs the pricing option IDs of the Items from Pricing Option → Get Many. ' +
				"Also takes the Client's ID from Client → Get Many; the Pricing Option's ID from Pricing Option → Get Many; the Product's ID from Product → Get Many; " +
				"the Package's ID from Sale → Get Packages; the Gift Card's ID from Gift Card → Get Many; the Staff Member's ID from Staff → Get Many; " +
				"the Classes to Book from Class → Get Many; the Payment Method's ID from Sale → Get Custom Payment Methods; " +
				"the Location's ID from Location → Get Many; the Payer Client's ID from Client → Get Many. " +
				'Answers with one item: ShoppingCart (Id, SaleId, CartItems, SubTotal and GrandTotal), and the Classes and Appointments it booked.',
		);
		// Without hand words, the answer is read from the v6 facts: the list the page holds and its record's fields.
		expect(descriptionOf('staff.getSessionTypes')).toMatch(
			/Answers with one item per staff session type: Id, StaffId, ProgramId, CategoryId, Name, \w+ and \w+\.$/,
		);
		expect(descriptionOf('availability.search')).toContain('Only reads (a POST that changes nothing).');
		// An ID the document leaves unmarked is told as taken, not as optional.
		expect(descriptionOf('class.removeClient')).toContain(
			"Needs the Class's ID from Class → Get Many. Also takes the Client's ID from Client → Get Many.",
		);
		// Few IDs, names, times or status: other plain fields fill the words up.
		expect(descriptionOf('giftCard.getBalance')).toMatch(/ Answers with one item: BarcodeId and RemainingBalance\.$/);
		// A record with no ID, name, time or status is told by its first fields.
		expect(descriptionOf('site.getLiabilityWaiver')).toBe(
			'Returns the text of the liability waiver clients sign. Only reads. Answers with one item: LiabilityWaiver.',
		);
	});

	test('booking, charging, cancelling and money operations carry their caution; reads carry none', () => {
		const cautioned = operations
			.filter((op) => / Caution: [^.]+\. /.test(descriptionOf(keyOf(op))))
			.map(keyOf)
			.sort();
		expect(cautioned).toEqual(CAUTIONED);
		for (const op of operations.filter((o) => o.toolWarning)) {
			expect(descriptionOf(keyOf(op))).toContain(`. Caution: ${op.toolWarning}. `);
		}
		for (const op of operations.filter((o) => o.method === 'GET')) expect(CAUTIONED).not.toContain(keyOf(op));
	});

	test('the caution is in the tool text and the description, never in the action that names the node', () => {
		const operationProps = nodeType.description.properties.filter((p) => p.name === 'operation');
		for (const op of operations.filter((o) => CAUTIONED.includes(keyOf(o)))) {
			const prop = operationProps.find((p) => p.displayOptions?.show?.resource?.[0] === op.resource)!;
			const option = (prop.options as Array<{ value: string; action: string; description: string }>).find(
				(o) => o.value === op.operation,
			)!;
			expect([op.operation, option.action]).toEqual([op.operation, op.action]);
			expect([op.operation, option.description]).toEqual([op.operation, expect.stringMatching(/\. Caution: [^.]+\.$/)]);
			expect(descriptionOf(keyOf(op))).toContain(option.description.slice(option.description.indexOf('Caution: ')));
		}
	});

	test("the node's own Description stands in for n8n's, shows only on the tool, and takes what the user writes", () => {
		// n8n adds its Tool Description fields only to a node without a toolDescription property.
		// One per operation, and one per Front Desk task.
		expect(nodeType.description.properties.filter((p) => p.name === 'toolDescription')).toHaveLength(
			operations.length + tasks.length,
		);
		expect(nodeType.description.properties.some((p) => p.name === 'descriptionType')).toBe(false);
		expect(resolved(nodeType.description, 'sale', 'checkout')).not.toHaveProperty('toolDescription');
		expect(resolved(toolType.description, 'sale', 'checkout').toolDescription).toBe(descriptionOf('sale.checkout'));
		expect(toolDescription('sale', 'checkout', { toolDescription: 'Sell the cart' })).toBe('Sell the cart');
		// Emptied, it falls back to n8n's own wording from the action.
		expect(toolDescription('sale', 'checkout', { toolDescription: '' })).toBe('Check out shopping cart in Mindbody');
	});

	test('the node joins at load what it stores with what its Operation options say, into the derived text', () => {
		for (const op of operations) {
			expect([keyOf(op), descriptionOf(keyOf(op))]).toEqual([
				keyOf(op),
				toolDescriptionOf(op, idFieldsOf(op, nodeProperties)),
			]);
		}
		// What it does is stored only where the tool says it otherwise than the Operation option.
		const stored = storedToolDescriptions as Record<string, Record<string, { does?: string }>>;
		const doesStored = operations.filter((op) => stored[op.resource][op.operation].does !== undefined).map(keyOf);
		expect(doesStored.sort()).toEqual(
			Object.entries(TOOL_WORDS)
				.filter(([, words]) => words.does)
				.map(([key]) => key)
				.sort(),
		);
	});

	test('every Operation parameter has a default that is one of its options', () => {
		const operationProps = nodeType.description.properties.filter((p) => p.name === 'operation');
		expect(operationProps).toHaveLength(resources.length);
		for (const prop of operationProps) {
			const values = (prop.options as Array<{ value: string }>).map((o) => o.value);
			expect(values).toContain(prop.default);
		}
	});
});

/** Text as a regular expression that matches it literally. */
function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
