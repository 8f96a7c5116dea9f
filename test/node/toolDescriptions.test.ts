import type { INode } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { operations, resources } from '../../nodes/shared/catalogue';

/**
 * The node is usableAsTool: n8n describes each tool to an AI agent as "{action} in Mindbody",
 * from the operation option's action. Operations that book, charge, cancel or change money say so.
 */
const nodeType = new Mindbody();
const toolDescription = (resource: string, operation: string) =>
	NodeHelpers.getToolDescriptionForNode(
		{ parameters: { resource, operation, descriptionType: 'auto' } } as unknown as INode,
		nodeType,
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
