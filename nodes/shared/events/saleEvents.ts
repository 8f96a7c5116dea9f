import { defineEvent, fields, listOf, nullableStr, num, same, str, type EventDefinition } from './fields';

const sale = fields({
	/** locationId 98 marks a self-service sale. */
	...same(num, 'siteId', 'saleId', 'soldById', 'locationId', 'totalAmountPaid'),
	...same(str, 'purchasingClientId', 'soldByName', 'saleDateTime'),
	payments: listOf({
		...same(num, 'paymentId', 'paymentMethodId'),
		paymentMethodName: str,
		paymentAmountPaid: num,
		...same(nullableStr, 'paymentLastFour', 'paymentNotes'),
	}),
	items: listOf({
		itemId: num,
		...same(str, 'type', 'name'),
		...same(num, 'amountPaid', 'amountDiscounted', 'quantity'),
		recipientClientId: str,
		paymentReferenceId: num,
	}),
});

export const saleEvents: EventDefinition[] = [
	defineEvent('clientSale.created', 'Sale', 'A sale is made', sale, 'Sale Created'),
];
