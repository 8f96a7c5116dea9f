import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { operations, resources, tasks } from '../../nodes/shared/catalogue';

/**
 * The node is usableAsTool. n8n runs it as an AI agent's tool under the name `mindbodyTool`: a copy of
 * the node's description whose name ends in "Tool", with a Description field of its own added unless
 * the node has one (n8n's convertNodeToAiTool). This node has one per operation, shown only there
 * (`@tool`), because n8n's own would describe the tool as "{action} in Mindbody", and the short
 * action, which also names the node on the canvas, leaves the caution out. As at run time, the
 * parameters are resolved with their defaults (n8n's Workflow does this) before the description is
 * read. Operations that book, charge, cancel or change money say so.
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

describe('tool descriptions for AI agents', () => {
	test('booking, charging, cancelling and money operations carry a caution', () => {
		expect(toolDescription('appointment', 'bookRecurring')).toBe(
			'Book recurring appointments (caution: books real appointments) in Mindbody',
		);
		expect(toolDescription('sale', 'applyPaymentOptions')).toBe(
			"Apply payment to appointments (caution: spends the client's pricing options) in Mindbody",
		);
		const cautioned = operations
			.filter((op) => /\(caution: [^)]+\) in Mindbody$/.test(toolDescription(op.resource, op.operation)))
			.map((op) => `${op.resource}.${op.operation}`)
			.sort();
		expect(cautioned).toEqual(CAUTIONED);
	});

	test('the caution is in the tool text and the description, never in the action that names the node', () => {
		const operationProps = nodeType.description.properties.filter((p) => p.name === 'operation');
		for (const op of operations.filter((o) => CAUTIONED.includes(`${o.resource}.${o.operation}`))) {
			const prop = operationProps.find((p) => p.displayOptions?.show?.resource?.[0] === op.resource)!;
			const option = (prop.options as Array<{ value: string; action: string; description: string }>).find(
				(o) => o.value === op.operation,
			)!;
			expect([op.operation, option.action]).toEqual([op.operation, op.action]);
			expect([op.operation, option.description]).toEqual([op.operation, expect.stringMatching(/\. Caution: [^.]+\.$/)]);
			expect(toolDescription(op.resource, op.operation)).toBe(`${op.action} (caution: ${op.toolWarning}) in Mindbody`);
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
		expect(resolved(toolType.description, 'sale', 'checkout').toolDescription).toBe(
			'Check out shopping cart (caution: charges the client) in Mindbody',
		);
		expect(toolDescription('sale', 'checkout', { toolDescription: 'Sell the cart' })).toBe('Sell the cart');
		// Emptied, it falls back to n8n's own wording from the action.
		expect(toolDescription('sale', 'checkout', { toolDescription: '' })).toBe('Check out shopping cart in Mindbody');
	});

	test('reads carry no caution', () => {
		for (const op of operations.filter((o) => o.method === 'GET')) {
			expect(CAUTIONED).not.toContain(`${op.resource}.${op.operation}`);
		}
		expect(toolDescription('appointment', 'getMany')).toBe('Get appointments by IDs in Mindbody');
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
