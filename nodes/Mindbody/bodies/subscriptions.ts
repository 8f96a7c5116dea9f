import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { eventIds } from '../../shared/events/eventCatalogue';
import { SUBSCRIPTION_STATUSES } from '../../shared/schemas';
import type { BodyInput } from './types';

const eventIdsField: INodeProperties = {
	displayName: 'Event IDs',
	name: 'eventIds',
	type: 'multiOptions',
	default: [],
	options: eventIds.map((id) => ({ name: id, value: id })),
	description: 'The event kinds sent to the webhook URL',
};

const webhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/webhook',
	description:
		'HTTPS URL that accepts POST and HEAD; it must answer the validity check (HEAD) with a 2xx within 10 seconds',
};

const referenceIdField: INodeProperties = {
	displayName: 'Reference ID',
	name: 'referenceId',
	type: 'string',
	default: '',
	description: 'Any value of yours (at most 256 characters), stored and returned',
};

export const subscriptionCreateInput: BodyInput = {
	properties: () => [
		{ ...eventIdsField, required: true },
		{ ...webhookUrlField, required: true },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [referenceIdField],
		},
	],
	read: (ctx, i) => {
		const additional = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
		return {
			eventIds: ctx.getNodeParameter('eventIds', i),
			eventSchemaVersion: 1,
			webhookUrl: ctx.getNodeParameter('webhookUrl', i),
			...(additional.referenceId ? { referenceId: additional.referenceId } : {}),
		};
	},
};

export const subscriptionUpdateInput: BodyInput = {
	properties: () => [
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				eventIdsField,
				referenceIdField,
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					default: 'Active',
					options: SUBSCRIPTION_STATUSES.map((value) => ({ name: value, value })),
					description: 'Active activates or reactivates the subscription; DeactivatedByUser stops deliveries',
				},
				webhookUrlField,
			],
		},
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('updateFields', i, {}) as IDataObject;
		const body: IDataObject = { ...fields };
		if (fields.eventIds !== undefined) body.eventSchemaVersion = 1;
		return body;
	},
};
