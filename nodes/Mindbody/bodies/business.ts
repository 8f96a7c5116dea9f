import type { INodeProperties } from 'n8n-workflow';

import { isoDateTime } from '../fields/fieldValues';
import type { BodyInput } from './types';

export const featureUpdateInput: BodyInput = {
	properties: () => [
		{
			displayName: 'Enabled',
			name: 'enabled',
			type: 'boolean',
			default: true,
			description: 'Whether the feature is turned on',
		},
	],
	read: (ctx, i) => ({ Enabled: ctx.getNodeParameter('enabled', i) }),
};

const optionalPromoFields: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the code can be used',
	},
	{ displayName: 'Activation Date', name: 'activationDate', type: 'dateTime', default: '' },
	{
		displayName: 'Allow Online',
		name: 'allowOnline',
		type: 'boolean',
		default: true,
		description: 'Whether the code can be used online',
	},
	{ displayName: 'Days After Close Date', name: 'daysAfterCloseDate', type: 'number', default: 0 },
	{ displayName: 'Expiration Date', name: 'expirationDate', type: 'dateTime', default: '' },
	{
		displayName: 'Max Uses',
		name: 'maxUses',
		type: 'number',
		default: 0,
		description: 'How often the code can be used (0: no limit)',
	},
];

const promoCoreFields: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
	{ displayName: 'Code', name: 'code', type: 'string', default: '', description: 'What the client types at checkout' },
	{
		displayName: 'Discount Type',
		name: 'discountType',
		type: 'options',
		default: 'Percent',
		options: [
			{ name: 'Percent', value: 'Percent' },
			{ name: 'Amount', value: 'Amount' },
		],
	},
	{ displayName: 'Discount Amount', name: 'discountAmount', type: 'number', default: 0 },
];

/** API field names of the promo code fields; dates are checked, the rest passed as typed. */
function promoBody(ctx: Parameters<BodyInput['read']>[0], i: number, values: Record<string, unknown>) {
	const body: Record<string, unknown> = {};
	const names: Record<string, string> = {
		name: 'Name',
		code: 'Code',
		active: 'Active',
		allowOnline: 'AllowOnline',
		maxUses: 'MaxUses',
		daysAfterCloseDate: 'DaysAfterCloseDate',
	};
	for (const [field, apiName] of Object.entries(names)) if (values[field] !== undefined) body[apiName] = values[field];
	if (values.activationDate) body.ActivationDate = isoDateTime(ctx, i, 'Activation Date', values.activationDate);
	if (values.expirationDate) body.ExpirationDate = isoDateTime(ctx, i, 'Expiration Date', values.expirationDate);
	if (values.discountType !== undefined || values.discountAmount !== undefined) {
		body.Discount = { Type: values.discountType ?? 'Percent', Amount: values.discountAmount ?? 0 };
	}
	return body;
}

export const promoCodeCreateInput: BodyInput = {
	properties: () => [
		...promoCoreFields.map((field) => ({ ...field, required: true })),
		{
			displayName: 'Promo Code Fields',
			name: 'promoCodeFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: optionalPromoFields,
		},
	],
	read: (ctx, i) =>
		promoBody(ctx, i, {
			name: ctx.getNodeParameter('name', i),
			code: ctx.getNodeParameter('code', i),
			discountType: ctx.getNodeParameter('discountType', i),
			discountAmount: ctx.getNodeParameter('discountAmount', i),
			...(ctx.getNodeParameter('promoCodeFields', i, {}) as Record<string, unknown>),
		}),
};

export const promoCodeUpdateInput: BodyInput = {
	properties: () => [
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...promoCoreFields, ...optionalPromoFields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	read: (ctx, i) => promoBody(ctx, i, ctx.getNodeParameter('updateFields', i, {}) as Record<string, unknown>),
};
